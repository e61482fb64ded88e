"""The frontier planner's counts of links missing from memory (issue 41): kept across steps, never wrong.

With memory that never fills, each run of a batch keeps, per page, how many of the page's own links
lead to a page missing from its memory (``_MemoryBatch.missing_links``), updated as pages enter and
leave memory (writes, evictions, expiry). The planner decides a run when its search meets a page
whose count is above zero. These tests recount from the memory itself at every step of every run,
on generated sites of every shape and on small hand-made ones (links to nav pages, dead ends, no
nav), with runs that never fill mixed with capped, expiring and reading ones, and hold
the results to the scalar engine.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import memory_walk, run_memory_batch
from memviz.core.site import Site
from memviz.core.sitegen import MIN_PAGES, SHAPES, generate_site
from tests.hypothesis_budget import examples


def fresh_counts(batch: memory_walk._MemoryBatch) -> np.ndarray:
    """Per run and page, the page's own links (once per link) to pages missing from the run's memory,
    counted from ``unknown`` alone."""
    tables = batch.tables
    sources = np.repeat(np.arange(batch.n), tables.search_degrees)
    missing = batch.unknown[:, tables.indices]  # (runs, links)
    counts = np.zeros((len(batch.ids), batch.n1), dtype=np.int64)
    for row in range(len(batch.ids)):
        np.add.at(counts[row], sources, missing[row].astype(np.int64))
    return counts


class Recount:
    """Checks the kept counts against a fresh count before every choice of every step."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.checked = 0  # steps whose counts were compared
        self.planned_by_count = 0  # runs whose plan read the counts
        choose, plan = memory_walk._MemoryBatch._choose, memory_walk._MemoryBatch._plan_first_hops

        def checked_choose(batch):
            if batch.missing_links is not None:
                kept = batch.missing_links[:, : batch.n]
                assert (kept == fresh_counts(batch)[:, : batch.n]).all()
                self.checked += 1
            return choose(batch)

        def counted_plan(batch, rows, cand):
            if batch.missing_links is not None and batch.believed is None:
                self.planned_by_count += len(rows)
            return plan(batch, rows, cand)

        monkeypatch.setattr(memory_walk._MemoryBatch, "_choose", checked_choose)
        monkeypatch.setattr(memory_walk._MemoryBatch, "_plan_first_hops", counted_plan)


def check(site: Site, configs: list[RunConfig]) -> Recount:
    with pytest.MonkeyPatch.context() as mp:
        recount = Recount(mp)
        got = run_memory_batch(site, configs, scalar_tail=0)
    assert [r.to_dict() for r in got] == [run(site, c).to_dict() for c in configs]
    return recount


# Runs that never fill their memory (so the batch keeps counts), beside capped, expiring and
# reading ones (whose memories lose pages: counts go back up).
kinds = st.sampled_from(
    [
        {"capacity": None},
        {"capacity": None},
        {"capacity": 3, "policy": "fifo"},
        {"capacity": 5, "policy": "lru"},
        {"capacity": 4, "policy": "random"},
        {"capacity": None, "policy": "ttl", "ttl": 3},
        {"capacity": 6, "policy": "ttl", "ttl": 1},
        {"capacity": None, "read_top": 3},
    ]
)
runs = st.lists(
    st.builds(
        lambda kind, seed, strategy, budget: RunConfig(strategy=strategy, seed=seed, budget=budget, **kind),
        kinds,
        st.integers(0, 2**32 - 1),
        st.sampled_from(["frontier", "frontier", "visited"]),
        st.integers(1, 400),
    ),
    min_size=1,
    max_size=6,
).map(lambda batch: [RunConfig(strategy="frontier", seed=7, budget=300), *batch])


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.sampled_from(SHAPES), pages=st.integers(MIN_PAGES, 150), seed=st.integers(0, 1000), batch=runs
)
def test_kept_counts_equal_a_fresh_count_at_every_step_on_generated_sites(shape, pages, seed, batch):
    site = Site.from_dict(generate_site(shape, pages, bugs=min(6, pages - 1), seed=seed))
    batch = [c.with_(budget=min(c.budget, 3 * pages)) for c in batch]
    assert check(site, batch).checked > 0


@st.composite
def small_sites(draw) -> Site:
    """Small sites: pages linking to nav pages too, to nothing, to pages nothing links to; nav or none."""
    n = draw(st.integers(2, 12))
    pages = []
    for i in range(n):
        links = draw(st.lists(st.integers(0, n - 2), max_size=5, unique=True))
        pages.append({"zh": f"页{i}", "en": f"Page {i}", "links": [q + (q >= i) for q in links]})  # never i
    nav = draw(st.lists(st.integers(0, n - 1), max_size=3, unique=True))
    start = draw(st.integers(0, n - 1))
    return Site.from_dict({"format": "memviz-site/1", "start": start, "nav": nav, "pages": pages, "bugs": []})


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=small_sites(), batch=runs)
def test_kept_counts_equal_a_fresh_count_on_small_hand_made_sites(site, batch):
    batch = [c.with_(budget=min(c.budget, 60)) for c in batch]
    check(site, batch)


def test_unlimited_runs_plan_by_the_counts_on_a_big_site():
    site = Site.from_dict(generate_site("random", 600, seed=3))
    batch = [RunConfig(strategy="frontier", seed=s, budget=700) for s in range(1000, 1012)]
    recount = check(site, batch)
    assert recount.planned_by_count > 100  # the runs planned, and their plans read the counts


def test_a_batch_of_capped_runs_keeps_no_counts():
    site = Site.from_dict(generate_site("grid", 100, seed=1))
    batch = [RunConfig(strategy="frontier", seed=s, capacity=6, budget=150) for s in range(5)]
    assert check(site, batch).checked == 0  # capped searches are shallow: no upkeep for them
