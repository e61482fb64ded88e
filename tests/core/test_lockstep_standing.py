"""Reading runs stepped from kept scores (``lockstep/standing.py``, issue 41): whole batches equal the
scalar engine field by field, path included, and wherever the standing loop hands the batch back, its
state (every entry's last meeting with retrieval, pages, draw counters, tokens) is the one the
batch reaches at that step without the loop."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import standing
from memviz.core.lockstep.memory_walk import _MemoryBatch, run_memory_batch
from memviz.core.site import Site
from tests.core.test_lockstep_reading_step import reading_sites, unlimited_reading
from tests.hypothesis_budget import examples


def states_by_step(monkeypatch, site: Site, batch: list[RunConfig], most_runs: int) -> tuple[dict, dict]:
    """The batch's results and its state at the start of every pass of its loop, by step, with the
    standing loop allowed up to ``most_runs`` runs (0: never); counts of the steps the loop took
    (``steps``), of the times its scores were made whole (``made``) and of the times some runs'
    were made again after they wrote (``remade``) under ``"counts"``. The kept scores the loop starts
    from are checked, every time, against scores made whole from the batch as it stands."""
    states: dict = {"counts": {"steps": 0, "made": 0, "remade": 0}}
    settle, walk, made = _MemoryBatch._settle, _MemoryBatch._walk_standing, standing.StandingScores.__init__
    kept_scores = _MemoryBatch._standing_scores

    def checked_scores(self):
        before = self.standing
        stale = before is not None and bool(before.stale.any())
        kept = kept_scores(self)
        states["counts"]["remade"] += stale and kept is before  # some runs' made again, not all
        whole = object.__new__(standing.StandingScores)
        made(whole, self)
        for name in ("width", "empty", "importance", "relevance", "slot_cell", "slot_of_cell", "link_slot"):
            assert np.array_equal(getattr(kept, name), getattr(whole, name)), name
        return kept

    def noting_settle(self, t):
        states[t] = {
            name: np.array(getattr(self, name)) for name in ("ids", "slot_met", "page", "ctr", "size_sum")
        }
        return settle(self, t)

    def counting_walk(self, t, most):
        taken = walk(self, t, most)
        states["counts"]["steps"] += taken
        return taken

    def counting_made(self, batch):
        states["counts"]["made"] += 1
        made(self, batch)

    with monkeypatch.context() as patch:
        patch.setattr(standing, "STANDING_MAX_RUNS", most_runs)
        patch.setattr(_MemoryBatch, "_settle", noting_settle)
        patch.setattr(_MemoryBatch, "_walk_standing", counting_walk)
        patch.setattr(standing.StandingScores, "__init__", counting_made)
        patch.setattr(_MemoryBatch, "_standing_scores", checked_scores)
        results = [r.to_dict() for r in run_memory_batch(site, batch, scalar_tail=0)]
    return results, states


def check_against_the_batch_without_the_loop(monkeypatch, site: Site, batch: list[RunConfig]) -> dict:
    """Results of the batch with the standing loop equal the scalar engine's and the batch's without
    it, and so does its state at every step the loop hands back. The loop's counts."""
    with_loop, states = states_by_step(monkeypatch, site, batch, standing.STANDING_MAX_RUNS)
    without, reference = states_by_step(monkeypatch, site, batch, 0)
    assert reference["counts"]["steps"] == 0
    assert with_loop == without == [run(site, c).to_dict() for c in batch]
    for step, state in states.items():
        if step != "counts":
            for name, value in state.items():
                assert np.array_equal(value, reference[step][name]), (step, name)
    return states["counts"]


def test_the_chapters_cost_runs_walked_from_kept_scores_equal_the_batch_and_the_scalar_engine(
    chapter_site, monkeypatch
):
    """The report's cost runs at top:8, shortened: most steps taken by the standing loop, its scores
    made again far less often than once a step (only after a step that writes, or when runs finish
    or part)."""
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=600, seed=seed)
             for seed in range(1000, 1012) for s in ("visited", "frontier")]  # fmt: skip
    counts = check_against_the_batch_without_the_loop(monkeypatch, chapter_site, batch)
    assert counts["steps"] > 400
    assert 0 < counts["made"] < counts["steps"] / 4
    assert counts["remade"] > 0


# twelve pages of two links each: a call at top:3 often carries both links of the page it is made on
TWO_LINKS = [
    [8, 10],
    [6, 5],
    [3, 11],
    [11, 0],
    [6, 9],
    [8, 10],
    [1, 5],
    [9, 10],
    [0, 6],
    [2, 7],
    [6, 2],
    [2, 3],
]


def test_the_loop_hands_the_step_to_the_general_choice_where_a_run_has_no_fresh_link(monkeypatch):
    """A run whose page's links the call all carries: the loop leaves that step to the general choice
    (visited draws any link, frontier plans, twins part) after making its call, and polls as the
    batch's loop polls."""
    site = Site.from_dict({
        "format": "memviz-site/1", "start": 0, "nav": [],
        "pages": [{"zh": f"页{i}", "en": f"Page {i}", "links": links} for i, links in enumerate(TWO_LINKS)],
        "bugs": [{"page": p, "zh": f"缺陷{p}", "en": f"bug {p}"} for p in (3, 7)],
    })  # fmt: skip
    batch = [RunConfig(strategy=s, read_top=3, until_all_bugs=True, max_steps=200, seed=seed)
             for seed in range(4) for s in ("visited", "frontier")]  # fmt: skip
    handed = []  # for each general step, whether the standing loop handed it over
    general, walk = _MemoryBatch._general_step, _MemoryBatch._walk_standing

    def noting_general(self, t):
        handed.append(getattr(self, "in_the_loop", False))
        return general(self, t)

    def noting_walk(self, t, most):
        self.in_the_loop = True
        taken = walk(self, t, most)
        self.in_the_loop = False
        return taken

    monkeypatch.setattr(_MemoryBatch, "_general_step", noting_general)
    monkeypatch.setattr(_MemoryBatch, "_walk_standing", noting_walk)
    counts = check_against_the_batch_without_the_loop(monkeypatch, site, batch)
    assert counts["steps"] > 100
    assert handed.count(True) > 10
    polled = []
    with_polls = run_memory_batch(site, batch, poll=polled.append, scalar_tail=0)
    assert [r.to_dict() for r in with_polls] == [run(site, c).to_dict() for c in batch]
    assert sum(polled) == len(batch)  # every run reported finished once


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=reading_sites, batch=st.lists(unlimited_reading, min_size=1, max_size=6))
def test_runs_reading_at_one_k_walked_from_kept_scores_equal_the_batch_and_the_scalar_engine(site, batch):
    """Generated sites and the lock-step suite's odd ones (dead ends, a bug on the start page), twins
    among the runs, one K for all."""
    batch = [c.with_(read_top=batch[0].read_top) for c in batch]
    batch = batch + [
        c.with_(strategy="frontier" if c.strategy == "visited" else "visited") for c in batch[:2]
    ]
    with pytest.MonkeyPatch.context() as monkeypatch:
        check_against_the_batch_without_the_loop(monkeypatch, site, batch)
