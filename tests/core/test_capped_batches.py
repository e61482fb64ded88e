"""Batches of capped runs that all do the same thing at once, held to the scalar engine run for run.

A batch of one policy's runs (a report's sweep, issue 41's capped rows) takes the memory batch's
whole-batch paths: every run picks a fresh link, every memory is full and evicts, every run's entries
expire, every run touches its page on a revisit, the batch holds every run in order. Mixed batches
(tests/core/test_lockstep.py) take the paths that pick runs out; these take the others, on a site big
enough for memories to fill and entries to expire at nearly every step.
"""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import memory_walk, run_batch
from memviz.core.site import Site
from memviz.core.sitegen import generate_site

# a grid: few links a page, so runs revisit pages (LRU and ttl touch them) and frontier plans
SITE = Site.from_dict(generate_site("grid", 160, bugs=6, seed=3))
RUNS = 24


def batch(
    policy: str, capacity: int | None, strategy: str = "frontier", budget: int = 200, **settings
) -> list[RunConfig]:
    return [RunConfig(strategy=strategy, seed=s, capacity=capacity, policy=policy, budget=budget, **settings)
            for s in range(500, 500 + RUNS)]  # fmt: skip


def equal_to_the_scalar_engine(configs: list[RunConfig]) -> None:
    got = [r.to_dict() for r in run_batch(SITE, configs, scalar_tail=0)]
    assert got == [run(SITE, c).to_dict() for c in configs]


@pytest.fixture
def whole_batch_evictions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many steps handed every run of the batch to the policy's kernel at once."""
    steps = [0]
    victims = memory_walk._MemoryBatch._victims

    def counted(engine, rows):
        steps[0] += len(rows) == len(engine.ids)
        return victims(engine, rows)

    monkeypatch.setattr(memory_walk._MemoryBatch, "_victims", counted)
    return steps


@pytest.mark.parametrize("policy", ["fifo", "lru", "random", "ttl"])
def test_full_memories_that_all_evict_at_once(policy, whole_batch_evictions):
    equal_to_the_scalar_engine(batch(policy, 5, ttl=30))
    assert whole_batch_evictions[0] > 50


@pytest.mark.parametrize("ttl", [1, 3, 8, 11])
def test_entries_that_expire_in_every_run_before_memory_fills(ttl, monkeypatch):
    # one ttl, a memory that holds ttl + 1 entries: the slots are a ring (lockstep/expiry.py)
    rings = []
    write_to_ring = memory_walk._MemoryBatch._write_to_ring
    monkeypatch.setattr(
        memory_walk._MemoryBatch,
        "_write_to_ring",
        lambda engine, *a: rings.append(engine.ring) or write_to_ring(engine, *a),
    )
    equal_to_the_scalar_engine(batch("ttl", 12, ttl=ttl))
    assert set(rings) == {ttl + 1}


def test_entries_that_expire_in_memories_that_also_fill():
    # ttl 8 holds up to 9 entries: a capacity of 4 evicts too
    equal_to_the_scalar_engine(batch("ttl", 4, ttl=8) + batch("ttl", 12, ttl=2))


def test_visited_runs_and_runs_that_stop_on_finding_every_bug():
    # visited draws any link when none is fresh; until_all_bugs runs finish at different steps,
    # so the batch drops runs and stops holding every run in order
    equal_to_the_scalar_engine(batch("random", 3, strategy="visited", budget=150))
    equal_to_the_scalar_engine(batch("lru", 6, until_all_bugs=True, max_steps=400))
    equal_to_the_scalar_engine(batch("fifo", 4, budget=120) + batch("ttl", 6, ttl=5, budget=90))


def test_expiring_entries_of_runs_that_read_by_retrieval():
    # a run reading top:K meets the entries it carries: no ring, whose slots would move them
    equal_to_the_scalar_engine(batch("ttl", 12, ttl=4, read_top=2, budget=120))
    equal_to_the_scalar_engine(batch("ttl", None, read_top=1, budget=60)[:4])
