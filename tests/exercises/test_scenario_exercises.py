"""The Scenarios tab's exercises: data (resources/exercises/scenarios/), one per scenario, each
answer computed by the core.

The figures below were recorded by computing them (memviz at a438e18, when the exercises were still
code in memviz/core/scenarios/exercises.py); they hold the answers to what they were.
"""

from __future__ import annotations

import json

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.scenarios.catalog import SCENARIOS
from memviz.exercises import (
    ExerciseError,
    check,
    exercise_from_dict,
    explanation,
    question,
    scenario_exercises,
    solve,
    unit,
)
from memviz.exercises.loading import SCENARIO_EXERCISES
from memviz.paths import resource_path

ANSWERS = {  # id: (scenario, answer, tolerance, unit)
    "ttl-coverage": ("ttl", 100 * 14 / 24, 0.05, "%"),
    "ablation-visited-only-dups": ("ablation", 0.415, 0.0051, ""),
    "resume-none-dups": ("resume", 0.735, 0.0051, ""),
    "version-keep-stale": ("version", 7, 0, ""),
    "poison-step": ("poison", 8, 0, ""),
    "dedup-title-kept": ("dedup", 8, 0, ""),
    # issue 27: frontier with top:8 over seeds 1000-1199 sees 2,332 of 4,800 pages (the plain reading
    # tests/core/oracle_readmodes.py gives the same, tests/core/test_scenario_readmodes.py)
    "readmodes-top8-coverage": ("readmodes", 100 * 2332 / 4800, 0.06, "%"),
    # issue 38: session, 12,000 tokens, truncated: 146 duplicate reports over seeds 1000-1199
    # (memviz report --context 12000's row, tests/core/test_context.py's oracle gives the same runs)
    "context-truncate-dups": ("context", 146 / 200, 0.0051, ""),
}


def test_every_scenario_has_one_exercise():
    exercises = scenario_exercises()
    assert list(exercises) == list(SCENARIOS)
    assert {e.id: s for s, e in exercises.items()} == {k: v[0] for k, v in ANSWERS.items()}


@pytest.mark.parametrize("ident", ANSWERS)
def test_the_answers_are_unchanged(ident):
    scenario, answer, tolerance, answer_unit = ANSWERS[ident]
    exercise = scenario_exercises()[scenario]
    solution = solve(exercise)
    assert solution.expected == pytest.approx(answer, abs=1e-12)
    assert (solution.tolerance, unit(exercise, "en")) == (tolerance, answer_unit)
    assert check(exercise, answer + tolerance) and check(exercise, f"{answer - tolerance}{answer_unit}")
    assert not check(exercise, answer + tolerance + 0.01)


def test_two_decimals_of_a_mean_are_right_rounded_either_way():
    resume = scenario_exercises()["resume"]  # 0.735 duplicate reports a run
    assert check(resume, "0.73") and check(resume, "0.74") and not check(resume, "0.72")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_questions_and_explanations_are_worded_in_both_languages(scenario):
    exercise = scenario_exercises()[scenario]
    assert question(exercise, "zh") != question(exercise, "en")
    assert "{" not in question(exercise, "en") + explanation(exercise, "en")
    assert solve(exercise).expected_text["en"].rstrip("%") in explanation(exercise, "zh")


def test_no_answer_is_written_in_the_data():
    raw = json.loads(resource_path(*SCENARIO_EXERCISES).read_text(encoding="utf-8"))
    for item in raw["exercises"]:
        assert not {"answer", "expected", "correct"} & set(item)
        assert not {"answer", "expected", "correct"} & set(item.get("params", {}))


def test_the_settings_in_the_file_are_the_ones_answered(chapter_site):
    """Another seed and T in the data give that run's coverage, as a plain run of the engine has it."""
    raw = json.loads(resource_path(*SCENARIO_EXERCISES).read_text(encoding="utf-8"))["exercises"][0]
    raw = {**raw, "id": "ttl-other", "settings": {**raw["settings"], "seed": 1008}, "site": None,
           "params": {**raw["params"], "mode": "8"}}  # fmt: skip
    exercise = exercise_from_dict(raw)
    plain = run(chapter_site, RunConfig(strategy="frontier", seed=1008, policy="ttl", ttl=8))
    assert solve(exercise).expected == 100 * plain.coverage != ANSWERS["ttl-coverage"][1]
    assert "T = 8, seed 1008" in question(exercise, "en")


@pytest.mark.parametrize(
    ("params", "where"),
    [
        (
            {"scenario": "ttl", "mode": "0", "measure": "coverage"},
            "params.mode: mode: ttl plays a time to live",
        ),
        ({"scenario": "resume", "mode": "milestone:x", "measure": "dups"}, "params.mode: persist: expected"),
        ({"scenario": "poison", "mode": "keep", "measure": "believed_at"}, "params.mode: mode: poison plays"),
        ({"scenario": "poison", "mode": "notes", "measure": "kept"}, "params.measure: expected one of"),
        (
            {"scenario": "dedup", "mode": "title", "measure": "kept", "lang": "fr"},
            "params.lang: expected one of",
        ),
        ({"scenario": "ttl", "mode": "4", "measure": "coverage", "sessions": 3}, "params.sessions: unknown"),
        (
            {"scenario": "version", "mode": "keep", "measure": "stale_entries"},
            "site: version: this site file",
        ),
        (
            {"scenario": "unknown-scenario", "mode": "4", "measure": "coverage"},
            "params.scenario: expected one of",
        ),
    ],
)
def test_a_bad_scenario_exercise_names_its_field(params, where):
    raw = {
        "id": "bad",
        "kind": "scenario",
        "params": params,
        "title": "t",
        "question": "q",
        "explanation": "e",
    }
    with pytest.raises(ExerciseError, match=where):
        exercise_from_dict(raw)  # on the chapter's site, which declares no versions
