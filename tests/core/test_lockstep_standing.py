"""Reading runs ranked from kept scores (``lockstep/standing.py``, issue 41): at every call the kept
path makes, the entries it carries and the memory the choice sees are those the kernel's main path
(:func:`memviz.core.lockstep.reading.injected_in_order`) gives from the same state, and whole batches
equal the scalar engine, field by field."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import standing
from memviz.core.lockstep.memory_walk import _MemoryBatch, run_memory_batch
from memviz.core.lockstep.reading import injected_in_order
from tests.core.test_lockstep_reading_step import reading_sites, unlimited_reading
from tests.hypothesis_budget import examples


def checked_calls(monkeypatch) -> dict[str, int]:
    """Every call ranked from kept scores checked against ``injected_in_order`` on a copy of the state
    before it; counts of those calls (``calls``) and of the times the scores were made (``made``)."""
    counts = {"calls": 0, "made": 0}
    inject, made = _MemoryBatch._inject_standing, standing.StandingScores.__init__

    def checking_inject(self, t):
        width = int(self.size.max())
        pages, met = self.slot_page[:, :width].copy(), self.slot_met[:, :width].copy()
        chosen, left_out = injected_in_order(self.reading, t, pages, met, self.page, self.fresh_k, self.n)
        believed = self.unknown.copy()
        believed.ravel()[(pages + self.memory_rows[:, None])[left_out]] = True
        carried = inject(self, t)
        assert np.array_equal(self.slot_met[:, :width], np.where(chosen, t, met))
        assert np.array_equal(self.believed, believed)
        assert np.array_equal(carried, np.full(len(self.ids), self.fresh_k))
        counts["calls"] += 1
        return carried

    def counting_made(self, batch):
        counts["made"] += 1
        made(self, batch)

    monkeypatch.setattr(_MemoryBatch, "_inject_standing", checking_inject)
    monkeypatch.setattr(standing.StandingScores, "__init__", counting_made)
    return counts


def test_the_chapters_cost_runs_ranked_from_kept_scores_equal_the_kernel_and_the_scalar_engine(
    chapter_site, monkeypatch
):
    """The report's cost runs at top:8, shortened: most calls ranked from kept scores, made again far
    less often than once a call (only after a step that writes, or when runs finish or part)."""
    counts = checked_calls(monkeypatch)
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=600, seed=seed)
             for seed in range(1000, 1012) for s in ("visited", "frontier")]  # fmt: skip
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == [run(chapter_site, c).to_dict() for c in batch]
    assert counts["calls"] > 400
    assert 0 < counts["made"] < counts["calls"] / 4


@pytest.mark.parametrize("most_runs", [0, 8])
def test_a_batch_over_the_kept_scores_runs_ranks_as_before(chapter_site, monkeypatch, most_runs):
    """Over ``STANDING_MAX_RUNS`` runs the kernel ranks (no call from kept scores), at it the kept
    scores do: the same results either way, the scalar engine's."""
    monkeypatch.setattr("memviz.core.lockstep.reading_step.STANDING_MAX_RUNS", most_runs)
    counts = checked_calls(monkeypatch)
    batch = [
        RunConfig(strategy="visited", read_top=3, until_all_bugs=True, max_steps=300, seed=seed)
        for seed in range(8)
    ]
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == [run(chapter_site, c).to_dict() for c in batch]
    assert (counts["calls"] > 0) == (most_runs > 0)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=reading_sites, batch=st.lists(unlimited_reading, min_size=1, max_size=6))
def test_runs_reading_at_one_k_ranked_from_kept_scores_equal_the_kernel_and_the_scalar_engine(site, batch):
    """Generated sites and the lock-step suite's odd ones (dead ends, a bug on the start page), twins
    among the runs: every call from kept scores is the kernel's, every run the scalar engine's."""
    batch = [c.with_(read_top=batch[0].read_top) for c in batch]
    batch = batch + [
        c.with_(strategy="frontier" if c.strategy == "visited" else "visited") for c in batch[:2]
    ]
    with pytest.MonkeyPatch.context() as monkeypatch:
        checked_calls(monkeypatch)
        got = [r.to_dict() for r in run_memory_batch(site, batch, scalar_tail=0)]
    assert got == [run(site, c).to_dict() for c in batch]
