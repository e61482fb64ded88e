"""Issue 27's sweeps: coverage against a misuse chance P and against K, between their two lines."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import Runner
from memviz.core.reality_gap import DEFAULT_CHANCES, default_ks, misuse_sweep, read_sweep
from memviz.core.registry import ConfigError
from tests.core.oracle_readmodes import readmodes_run
from tests.core.test_readmodes import _doc

RUNS = 40


@pytest.fixture(scope="module")
def ignore_sweep(chapter_site):
    return misuse_sweep(chapter_site, RunConfig(strategy="frontier"), "ignore", runs=RUNS, runner=Runner())


def test_the_misuse_sweep_runs_eleven_chances_from_0_to_1(ignore_sweep):
    assert ignore_sweep.values == DEFAULT_CHANCES and len(DEFAULT_CHANCES) == 11
    assert DEFAULT_CHANCES[0] == 0.0 and DEFAULT_CHANCES[-1] == 1.0


def test_the_curve_runs_from_memory_used_right_to_no_memory_run_for_run(ignore_sweep):
    # P = 0 is the chapter's agent; ignoring memory every step (unlimited) is the agent without it
    assert ignore_sweep.coverage[0.0] == ignore_sweep.perfect
    assert ignore_sweep.coverage[1.0] == ignore_sweep.no_memory
    no_memory = [readmodes_run(_doc(), "random", s)["coverage"] for s in ignore_sweep.seeds]
    assert ignore_sweep.no_memory == no_memory


@pytest.mark.parametrize("kind", ["ignore", "skip_write"])
def test_every_cell_is_the_plain_readings_runs(chapter_site, kind):
    sweep = misuse_sweep(chapter_site, RunConfig(strategy="frontier", capacity=8), kind, (0.3, 0.7), runs=15)
    for p in sweep.values:
        plain = [
            readmodes_run(_doc(), "frontier", s, capacity=8, **{kind: p})["coverage"] for s in sweep.seeds
        ]
        assert sweep.coverage[p] == plain


def test_the_k_sweep_reaches_inject_all_once_k_holds_every_page(chapter_site):
    sweep = read_sweep(chapter_site, RunConfig(strategy="frontier"), runs=20)
    assert (
        sweep.values == default_ks(chapter_site.n_pages) and sweep.values[0] == 1 and sweep.values[-1] == 24
    )
    assert sweep.coverage[24] == sweep.perfect
    k = sweep.values[3]
    assert sweep.coverage[k] == [
        readmodes_run(_doc(), "frontier", s, read_top=k)["coverage"] for s in sweep.seeds
    ]


@pytest.mark.parametrize("n,count,expected", [(24, 11, (1, 3, 6, 8, 10, 12, 15, 17, 19, 22, 24)), (5, 11, (1, 2, 3, 4, 5)),
                                               (1, 11, (1,))])  # fmt: skip
def test_default_ks_spread_from_1_to_the_pages(n, count, expected):
    assert default_ks(n, count) == expected


def test_a_bad_sweep_is_refused_before_any_run(chapter_site):
    with pytest.raises(ConfigError, match="misuse"):
        misuse_sweep(chapter_site, RunConfig(strategy="frontier"), "forget")
    with pytest.raises(ConfigError, match="ignore"):
        misuse_sweep(chapter_site, RunConfig(strategy="frontier"), "ignore", (0.5, 1.5), runs=2)
    with pytest.raises(ConfigError):
        read_sweep(chapter_site, RunConfig(strategy="frontier"), (0,), runs=2)


def test_a_swept_config_keeps_its_other_settings(chapter_site, ignore_sweep):
    cell = ignore_sweep.cell_config(0.5)
    assert cell == RunConfig(strategy="frontier", ignore=0.5)
    assert ignore_sweep.coverage[0.5] == [
        run(chapter_site, cell.with_(seed=s)).coverage for s in ignore_sweep.seeds
    ]
