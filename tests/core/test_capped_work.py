"""A capped memory's work per step is its memory's size and the page's links, whatever the site's size.

Issue 29: 200 capped frontier runs were slower than a plain loop on big sites because each eviction
read a stamp for every page of the site. These tests count what the batch engine examines (stamps
handed to the eviction policy, link entries the frontier planner's search goes through), not how
long it takes, on a site and on one ten times bigger.
"""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import memory_walk, run_memory_batch
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.core.sitegen import generate_site

CAPACITY = 6


class Counter:
    """Counts, around the batch engine's own methods, what each eviction and each plan examines."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.evictions = 0  # full memories that forgot an entry
        self.stamps_per_eviction: set[int] = set()  # stamps their policy was handed, per memory
        self.plans = 0  # runs that planned a path through memory
        self.plan_entries: list[float] = []  # link entries a plan's search examined, per planning run
        self._in_plan = 0
        batch = memory_walk._MemoryBatch
        slot_stamps, plan, level = batch._slot_stamps, batch._plan_first_hops, batch._level

        def counted_slot_stamps(engine, rows):
            stamps = slot_stamps(engine, rows)
            self.evictions += len(rows)
            self.stamps_per_eviction.add(stamps.shape[1])
            return stamps

        def counted_plan(engine, rows, cand):
            self._in_plan = 0
            hops = plan(engine, rows, cand)
            self.plans += len(rows)
            self.plan_entries.append(self._in_plan / len(rows))
            return hops

        def counted_level(engine, packed, seen):
            self._in_plan += len(packed)
            return level(engine, packed, seen)

        monkeypatch.setattr(batch, "_slot_stamps", counted_slot_stamps)
        monkeypatch.setattr(batch, "_plan_first_hops", counted_plan)
        monkeypatch.setattr(batch, "_level", counted_level)


def grid(pages: int) -> Site:
    # a grid: few links a page, so a capped frontier often finds every link remembered and plans
    return Site.from_dict(generate_site("grid", pages, seed=1))


def capped_batch(site: Site, policy: str, runs: int = 30) -> list[RunConfig]:
    budget = site.n_pages * 5 // 4
    return [RunConfig(strategy="frontier", seed=s, capacity=CAPACITY, policy=policy, budget=budget)
            for s in range(1000, 1000 + runs)]  # fmt: skip


@pytest.mark.parametrize("policy", [p for p in POLICIES.names() if POLICIES.get(p).kernel is not None])
def test_an_eviction_examines_the_memory_not_the_site(monkeypatch, policy):
    seen = {}
    for pages in (300, 3000):
        counter = Counter(monkeypatch)
        run_memory_batch(grid(pages), capped_batch(grid(pages), policy), scalar_tail=0)
        seen[pages] = counter
        assert counter.evictions > pages  # the memories were full most of the run
        assert counter.stamps_per_eviction == {CAPACITY}  # one stamp per entry the memory holds
    assert seen[300].stamps_per_eviction == seen[3000].stamps_per_eviction


def test_a_plan_through_a_capped_memory_examines_the_remembered_link_lists(monkeypatch):
    for pages in (300, 3000):
        site = grid(pages)
        counter = Counter(monkeypatch)
        configs = capped_batch(site, "fifo")
        got = run_memory_batch(site, configs, scalar_tail=0)
        assert got[:3] == [run(site, c) for c in configs[:3]]  # counting changed nothing
        assert counter.plans > 20
        # the search: the page's own links, then at most each remembered page's links, once
        own = max(len(links) for links in site.clickable)
        assert max(counter.plan_entries) <= own + CAPACITY * own


def test_runs_that_never_fill_their_memory_do_not_widen_the_others_evictions(monkeypatch):
    site = grid(1000)
    counter = Counter(monkeypatch)
    unlimited = [c.with_(capacity=None) for c in capped_batch(site, "fifo", 10)]
    run_memory_batch(site, capped_batch(site, "fifo", 20) + unlimited, scalar_tail=0)
    assert counter.stamps_per_eviction == {CAPACITY}
