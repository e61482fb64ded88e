"""The plain readings of issues 12 and 13 (``oracle_memory.py``) agree with the chapter's reading
where the two overlap, and reproduce the figures the issues quote.

The engines are held against these readings in their own tests; this file keeps the readings
honest, so a wrong oracle cannot vouch for a wrong engine.
"""

from __future__ import annotations

import json
import math

import pytest

from memviz.paths import default_site_path
from tests.core.oracle import oracle_run
from tests.core.oracle_memory import memory_run, resumed_run

DOC = json.loads(default_site_path().read_text(encoding="utf-8"))
SEEDS = range(1000, 1200)


def half_up(x: float, digits: int = 1) -> float:
    """Rounded half up, as the chapter (and the issues) print figures; round() rounds 8.85 to 8.8."""
    scale = 10**digits
    return math.floor(x * scale + 1e-9 + 0.5) / scale


def mean(values):
    values = list(values)
    return sum(values) / len(values)


@pytest.mark.parametrize("strategy", ["random", "visited", "frontier"])
@pytest.mark.parametrize(("capacity", "policy"), [(None, "fifo"), (3, "fifo"), (5, "lru"), (4, "random")])
def test_the_memory_reading_walks_the_chapters_paths(strategy, capacity, policy):
    for seed in range(1000, 1040):
        plain = oracle_run(DOC, strategy, seed, capacity, policy)
        run = memory_run(DOC, strategy, seed, capacity, policy)
        assert run["path"] == plain["path"]
        assert run["reports"] == plain["reports"]


def test_ttl_at_least_the_budget_is_lru_without_capacity():
    for seed in range(1000, 1060):
        assert (
            memory_run(DOC, "frontier", seed, None, "ttl", ttl=30)["path"]
            == (memory_run(DOC, "frontier", seed, None, "lru")["path"])
        )


def test_a_forgotten_revisit_is_a_revisit_memory_no_longer_held():
    for seed in range(1000, 1040):
        run = memory_run(DOC, "frontier", seed, 4, "fifo")
        seen = {DOC["start"]}
        held = {DOC["start"]}
        for step in run["steps"]:
            assert step["forgotten_revisit"] == (step["page"] in seen and step["page"] not in held)
            seen.add(step["page"])
            held = set(step["memory"])


def test_issue_12_figures_at_capacity_12():
    """Forgotten revisits per run FIFO 9.5, LRU 8.9, random 7.7; reuse distances pile at 12-13."""
    figures = {}
    for policy in ("fifo", "lru", "random"):
        runs = [memory_run(DOC, "frontier", seed, 12, policy) for seed in SEEDS]
        distances = [s["reuse_distance"] for r in runs for s in r["steps"] if s["reuse_distance"] is not None]
        figures[policy] = (
            half_up(mean(r["forgotten_revisits"] for r in runs)),
            len(distances),
            distances.count(12),
            distances.count(13),
            round(100 * mean(r["coverage"] for r in runs), 1),
        )
    assert figures["fifo"] == (9.5, 2590, 591, 482, 75.2)
    assert figures["lru"][:4] == (8.9, 2574, 900, 446)
    assert figures["random"][0] == 7.7 and figures["random"][4] == 79.0


@pytest.mark.parametrize("capacity,coverage", [(12, 86.5), (6, 73.4)])  # a capacity per test: 5 s each
def test_issue_12_clairvoyant_coverage(capacity, coverage):
    runs = [memory_run(DOC, "frontier", s, capacity, "opt") for s in SEEDS]
    assert round(100 * mean(r["coverage"] for r in runs), 1) == coverage


def test_issue_13_ttl_coverage():
    figures = [
        round(100 * mean(memory_run(DOC, "frontier", s, None, "ttl", ttl=t)["coverage"] for s in SEEDS), 1)
        for t in (2, 4, 8, 12, 16)
    ]
    assert figures == [51.4, 56.6, 65.6, 73.1, 79.2]


def test_issue_13_resume_figures():
    figures = {}
    for persist in ("none", "milestone:10", "step"):
        runs = [resumed_run(DOC, "frontier", seed, 15, persist) for seed in SEEDS]
        figures[persist] = (
            round(100 * mean(r["coverage"] for r in runs), 1),
            round(mean(r["dups"] for r in runs), 2),
        )
    assert figures == {"none": (75.5, 0.73), "milestone:10": (86.8, 0.49), "step": (94.1, 0.0)}
