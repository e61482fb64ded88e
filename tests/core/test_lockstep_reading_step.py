"""The fused step of reading runs (``lockstep/reading_step.py``, issue 41) against the scalar engine:
batches of runs that all read top:K with memory that never fills, stepped by the fused step at
almost every step and by the general one where a run has no fresh link (twins part, frontier
plans), field by field, path included."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep.memory_walk import _MemoryBatch, run_memory_batch
from memviz.core.site import Site
from memviz.core.sitegen import SHAPES, generate_site
from tests.core.test_lockstep import sites
from tests.hypothesis_budget import examples

reading_sites = st.one_of(
    st.builds(
        lambda shape, pages, seed: Site.from_dict(generate_site(shape, pages, bugs=min(6, pages - 1), seed=seed)),
        st.sampled_from(SHAPES), st.integers(12, 40), st.integers(0, 50),
    ),
    sites(),  # dead ends, no nav, a bug on the start page
)  # fmt: skip

# memory that never fills (no capacity, or one of the site's size at least): the fused step's case
unlimited_reading = st.builds(
    RunConfig,
    strategy=st.sampled_from(["visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.one_of(st.none(), st.just(40)),
    until_all_bugs=st.booleans(),
    budget=st.integers(0, 300),
    max_steps=st.integers(0, 300),
    entry_tokens=st.integers(0, 100),
    read_top=st.integers(1, 8),
)


def steps_taken(monkeypatch) -> dict[str, int]:
    """Counts of the steps the fused step takes whole (``fused``), of those where it moved runs onto
    a page new to one of them (``moved``), and of those it leaves to the general step (``general``)."""
    counts = {"fused": 0, "moved": 0, "general": 0}
    fresh_step, move = _MemoryBatch._fresh_step, _MemoryBatch._move

    def counting_step(self, t):
        self.in_fresh_step = True
        taken = fresh_step(self, t)
        self.in_fresh_step = False
        counts["fused" if taken else "general"] += 1
        return taken

    def counting_move(self, to, t):
        if getattr(self, "in_fresh_step", False):
            counts["moved"] += 1
        move(self, to, t)

    monkeypatch.setattr(_MemoryBatch, "_fresh_step", counting_step)
    monkeypatch.setattr(_MemoryBatch, "_move", counting_move)
    return counts


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=reading_sites, batch=st.lists(unlimited_reading, min_size=1, max_size=6), one_k=st.booleans())
def test_reading_runs_stepped_by_the_fused_step_equal_the_scalar_engine(site, batch, one_k):
    """Twins among them (a visited and a frontier run of one seed), runs that settle or not; one K
    for all (then the calls are ranked by ``injected_in_order`` once every run holds more) or not."""
    if one_k:
        batch = [c.with_(read_top=batch[0].read_top) for c in batch]
    batch = batch + [
        c.with_(strategy="frontier" if c.strategy == "visited" else "visited") for c in batch[:2]
    ]
    got = [r.to_dict() for r in run_memory_batch(site, batch, scalar_tail=0)]
    assert got == [run(site, c).to_dict() for c in batch]


def test_the_chapters_runs_read_at_top_8_take_the_fused_step_and_equal_the_scalar_engine(chapter_site, monkeypatch):  # fmt: skip
    """The report's cost runs, shortened: most steps fused, some of them onto pages new to a run, some
    left to the general step; every run the scalar engine's. The standing loop off (it takes most of
    these steps otherwise: tests/core/test_lockstep_standing.py)."""
    monkeypatch.setattr("memviz.core.lockstep.standing.STANDING_MAX_RUNS", 0)
    counts = steps_taken(monkeypatch)
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=400, seed=seed)
             for seed in range(1000, 1016) for s in ("visited", "frontier")]  # fmt: skip
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == [run(chapter_site, c).to_dict() for c in batch]
    assert counts["fused"] > 4 * counts["general"] > 0
    assert counts["moved"] > 0


def test_a_batch_with_a_capped_memory_never_takes_the_fused_step(chapter_site, monkeypatch):
    """A run whose memory fills (its slots leave eviction order) keeps the whole batch on the general
    step, which equals the scalar engine."""
    counts = steps_taken(monkeypatch)
    batch = [
        RunConfig(strategy="visited", read_top=4, max_steps=200, until_all_bugs=True, seed=s)
        for s in range(6)
    ]
    batch.append(batch[0].with_(capacity=6, seed=99))
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == [run(chapter_site, c).to_dict() for c in batch]
    assert counts["fused"] == counts["moved"] == 0 and counts["general"] > 100
