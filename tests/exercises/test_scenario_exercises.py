"""The Scenarios tab's exercises: one per scenario, each answer computed by the core.

The figures below were recorded by computing them (memviz at a438e18, before the exercises became
data); they hold the answers still to what they were.
"""

from __future__ import annotations

import pytest

from memviz.core.scenarios.catalog import SCENARIOS, scenario_site
from memviz.core.scenarios.exercises import EXERCISES

ANSWERS = {  # id: (scenario, answer, tolerance, unit)
    "ttl-coverage": ("ttl", 100 * 14 / 24, 0.05, "%"),
    "ablation-visited-only-dups": ("ablation", 0.415, 0.0051, ""),
    "resume-none-dups": ("resume", 0.735, 0.0051, ""),
    "version-keep-stale": ("version", 7, 0, ""),
    "poison-step": ("poison", 8, 0, ""),
    "dedup-title-kept": ("dedup", 8, 0, ""),
}


@pytest.fixture(scope="module")
def site():
    return scenario_site()


def test_every_scenario_has_one_exercise():
    assert [e.scenario for e in EXERCISES] == list(SCENARIOS)
    assert {e.id: e.scenario for e in EXERCISES} == {k: v[0] for k, v in ANSWERS.items()}


@pytest.mark.parametrize("ident", ANSWERS)
def test_the_answers_are_unchanged(site, ident):
    exercise = next(e for e in EXERCISES if e.id == ident)
    _scenario, answer, tolerance, unit = ANSWERS[ident]
    assert exercise.solve(site) == pytest.approx(answer, abs=1e-12)
    assert (exercise.tolerance, exercise.unit) == (tolerance, unit)
    assert exercise.check(site, answer + tolerance)[0]
    assert not exercise.check(site, answer + tolerance + 0.01)[0]
