"""A policy's per-run state (issue 43): one policy object serves every run, and each run's hooks get
that run's own ``ctx.state`` (Policy.new_state), its visit counts and its step."""

from __future__ import annotations

import pytest

from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.memory import Memory
from memviz.core.policies import POLICIES, Policy
from memviz.core.rng import Mulberry32


class LeastWrittenFirst(Policy):
    """Forgets the entry written fewest times since the run began (counted in ctx.state), the
    oldest among equals; a rule no built-in policy has, that needs a count of its own."""

    def new_state(self):
        return {}

    def on_write(self, entries, page, ctx):
        ctx.state[page] = ctx.state.get(page, 0) + 1

    def victim(self, entries, ctx):
        counts = [ctx.state[page] for page in entries]
        return counts.index(min(counts))


class Lfu(Policy):
    def victim(self, entries, ctx):
        counts = [ctx.visits(page) for page in entries]
        return counts.index(min(counts))


class TwoArgumentRevisit(Policy):
    """A plugin written before on_revisit took the run's context: LRU's rule, two arguments."""

    touches_on_revisit = True

    def victim(self, entries, ctx):
        return 0

    def on_revisit(self, entries, page):
        slot = list(entries).index(page)
        entries[page] = entries.pop(page)
        return slot


@pytest.fixture
def registered():
    made = [
        LeastWrittenFirst("least-written", "甲", "least written", "乙", "fewest writes go first", "#000001"),
        Lfu("lfu-test", "丙", "lfu", "丁", "least visited goes first", "#000002"),
        TwoArgumentRevisit("old-lru", "戊", "old lru", "己", "as LRU", "#000003"),
    ]
    for policy in made:
        POLICIES.register(policy)
    yield made
    for policy in made:
        POLICIES.unregister(policy.name)


def _paths_interleaved(site, configs):
    """Step several runs of one policy object in turn, one step each, as the window's workers may."""
    runs = [Exploration(site, config) for config in configs]
    while not all(r.finished for r in runs):
        for r in runs:
            if not r.finished:
                r.step()
    return [r.result().path for r in runs]


def test_each_run_keeps_its_own_state_however_runs_interleave(registered, chapter_site):
    configs = [
        RunConfig(strategy="frontier", capacity=4, policy="least-written", seed=s) for s in range(1000, 1006)
    ]
    alone = [run(chapter_site, c).path for c in configs]
    assert _paths_interleaved(chapter_site, configs) == alone
    fifo = [run(chapter_site, c.with_(policy="fifo")).path for c in configs]
    assert alone != fifo  # the count changes what is forgotten: not FIFO in disguise


def test_visit_counts_reach_the_policy(registered, chapter_site):
    """ctx.visits(page) is the run's own count, the visit being made included: LFU by a plain
    reading, replayed over the run's path, forgets what the engine's LFU forgets."""
    for seed in range(1000, 1010):
        config = RunConfig(strategy="visited", capacity=3, policy="lfu-test", seed=seed)
        result = run(chapter_site, config)
        visits: dict[int, int] = {}
        memory: list[int] = []
        for page in result.path:
            visits[page] = visits.get(page, 0) + 1
            if page in memory:
                continue
            if len(memory) >= 3:
                counts = [visits[p] for p in memory]
                memory.pop(counts.index(min(counts)))
            memory.append(page)
        assert memory == list(memory_at_end(chapter_site, config))


def memory_at_end(site, config):
    exploration = Exploration(site, config)
    exploration.run_to_end()
    return exploration.memory_order()


def test_an_older_two_argument_on_revisit_still_works(registered, chapter_site):
    for seed in range(1000, 1005):
        config = RunConfig(strategy="frontier", capacity=3, policy="old-lru", seed=seed)
        assert run(chapter_site, config).path == run(chapter_site, config.with_(policy="lru")).path


def test_a_memory_of_its_own_gives_each_memory_a_new_state(registered):
    policy = POLICIES.get("least-written")
    a, b = Memory(2, "least-written", Mulberry32(1)), Memory(2, "least-written", Mulberry32(1))
    a.write(1, ())
    assert a.context.state == {1: 1} and b.context.state == {}
    assert policy.new_state() == {}  # the policy object itself holds nothing
