"""The scenario "读取方式 Read modes" (issue 27) and its two exercises, graded by the core and held
to the plain reading of the issue."""

from __future__ import annotations

import statistics

import pytest

from memviz.core.engine import RunConfig
from memviz.core.scenarios.catalog import SCENARIOS, play, scenario_figures
from memviz.core.scenarios.read_modes import MODES, read_mode_config
from memviz.exercises import check, scenario_exercises, solve
from memviz.exercises.loading import load_exercises
from tests.core.oracle_readmodes import readmodes_run
from tests.core.test_readmodes import _doc

SEEDS = range(1000, 1200)


def _plain(**setting) -> list[float]:
    doc, strategy = _doc(), setting.pop("strategy", "frontier")
    return [readmodes_run(doc, strategy, s, **setting)["coverage"] for s in SEEDS]


def test_the_scenario_is_registered_with_its_modes_after_the_chapters_six():
    scenario = SCENARIOS.get("readmodes")
    assert (
        list(SCENARIOS)[6] == "readmodes"  # after the six; issue 38's "context" comes after it
        and scenario.title("zh") == "读取方式"
        and scenario.title("en") == "Read modes"
    )
    assert scenario.modes == MODES and scenario.first_mode == "top:8"
    assert all(scenario.mode_label(m, "zh") != scenario.mode_label(m, "en") for m in MODES)


@pytest.mark.parametrize(
    "mode,fields",
    [
        ("all", {}),
        ("top:8", {"read_top": 8}),
        ("ignore:0.25", {"ignore": 0.25}),
        ("skip-write:0.5", {"skip_write": 0.5}),
    ],
)
def test_a_mode_is_a_plain_runs_settings(mode, fields):
    base = RunConfig(strategy="frontier", seed=7)
    assert read_mode_config(base, mode) == base.with_(**fields)
    SCENARIOS.get("readmodes").check_mode(mode)


@pytest.mark.parametrize("mode", ["top:0", "ignore:2", "ignore", "sometimes", "all:1"])
def test_a_mode_that_is_not_one_is_refused_in_one_line(mode):
    with pytest.raises(ValueError, match="mode"):
        SCENARIOS.get("readmodes").check_mode(mode)


def test_the_figures_are_the_plain_readings():
    figures = scenario_figures("readmodes", runs=40)
    doc_seeds = range(1000, 1040)
    doc = _doc()
    for p in ("0.25", "1.0"):
        plain = [readmodes_run(doc, "frontier", s, ignore=float(p))["coverage"] for s in doc_seeds]
        assert figures["ignore"][p] == statistics.fmean(plain)
    plain = [readmodes_run(doc, "frontier", s, read_top=8)["coverage"] for s in doc_seeds]
    assert figures["top"]["8"] == statistics.fmean(plain)
    assert figures["no_memory"] == figures["ignore"]["1.0"]  # ignoring memory every step is no memory


def test_a_mode_plays_as_frames(chapter_site):
    frames = play("readmodes", chapter_site, 1000, "top:8")
    assert frames is not None


def test_the_scenarios_exercise_is_top_8_coverage_graded_by_the_core():
    exercise = scenario_exercises()["readmodes"]
    expected = 100 * statistics.fmean(_plain(read_top=8))
    assert solve(exercise).expected == pytest.approx(expected, abs=1e-9)
    assert check(exercise, "48.6") and check(exercise, "48.6%") and not check(exercise, "48.7")


def test_the_ignore_half_exercise_is_the_paired_difference_graded_by_the_core():
    exercise = next(e for e in load_exercises() if e.id == "ignore-half-minus-none")
    half, none = _plain(ignore=0.5), _plain(strategy="random")
    expected = 100 * statistics.fmean(a - b for a, b in zip(half, none, strict=True))
    assert solve(exercise).expected == pytest.approx(expected, abs=1e-9)
    assert round(expected, 1) == 21.6 and check(exercise, "21.6") and not check(exercise, "45.1")
