"""Settled reading runs (``lockstep/settled.py``, issue 41): a run read at top:K that is proved to
circle for good is walked to its limit over a table of links, apart from the batch. Held to the
scalar engine: the proof against every later call ``Retrieval.inject`` makes, and the runs walked so
against the scalar runs, field by field, path included."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.lockstep.memory_walk import _MemoryBatch, run_memory_batch
from memviz.core.lockstep.reading import ReadingSite
from memviz.core.lockstep.settled import settled_walk
from memviz.core.site import Site
from memviz.core.sitegen import SHAPES, generate_site
from tests.core.test_lockstep import sites
from tests.hypothesis_budget import examples

# Generated sites (rings, trees, grids: runs settle there often) and the equivalence test's random
# documents (dead ends, no nav, a bug on the start page: runs settle there rarely).
reading_sites = st.one_of(
    st.builds(
        lambda shape, pages, seed: Site.from_dict(generate_site(shape, pages, bugs=min(6, pages - 1), seed=seed)),
        st.sampled_from(SHAPES), st.integers(12, 40), st.integers(0, 50),
    ),
    sites(),
)  # fmt: skip

reading_configs = st.builds(
    RunConfig,
    strategy=st.sampled_from(["visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.one_of(st.none(), st.integers(1, 30)),
    policy=st.sampled_from(["fifo", "lru", "random", "ttl"]),
    until_all_bugs=st.booleans(),
    budget=st.integers(0, 400),
    max_steps=st.integers(0, 400),
    entry_tokens=st.integers(0, 100),
    read_top=st.integers(2, 8),
)


def settled_state(site: Site, tables: ReadingSite, exploration: Exploration, k: int):
    """What :func:`settled_walk` makes of a scalar run's state before its next call."""
    path = exploration.path
    if len(path) < 2:
        return None
    step = len(path) - 1
    entries = list(exploration.memory.entries)  # in eviction order
    met = [exploration.retrieval.last_met[e] for e in entries]
    decay = tables.decay_until(step)
    return settled_walk(
        site.clickable, tables.importance.tolist(), tables.relevance, decay, entries, met, path[-1], path[-2], step, k
    )  # fmt: skip


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    site=reading_sites,
    k=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    strategy=st.sampled_from(["visited", "frontier"]),
)
def test_a_run_proved_settled_calls_with_the_same_entries_and_walks_the_same_links_to_its_end(site, k, seed, strategy):  # fmt: skip
    """Wherever the proof holds in a scalar run (unlimited memory), every later call carries the
    K - 1 entries it named and the page the agent is on, and every move takes one of that page's
    fresh links in the table: the scalar engine itself agrees with the proof, step by step."""
    tables = ReadingSite(site)
    config = RunConfig(strategy=strategy, seed=seed, read_top=k, budget=400)
    exploration = Exploration(site, config)
    proved = None
    while not exploration.finished:
        if proved is None:
            fresh_of = settled_state(site, tables, exploration, k)
            if fresh_of is not None and site.start in fresh_of and site.start in site.bug_by_page:
                fresh_of = None  # the batch leaves such a run in: a first return to the start finds its bug
            if fresh_of is not None:
                step = len(exploration.path) - 1
                entries = list(exploration.memory.entries)
                fixed = {e for e in entries if exploration.retrieval.last_met[e] == step - 1} - {
                    exploration.path[-2]
                }
                proved = (fixed, fresh_of, len(entries))
        event = exploration.step()
        if proved is not None:
            fixed, fresh_of, size = proved
            injected = {score.page for score in event.read_scores if score.injected}
            assert injected == fixed | {event.from_page}
            assert event.to_page in fresh_of[event.from_page]
            assert not event.is_new and event.memory_size == size and event.how == "fresh"
    if proved is not None:
        assert exploration.stop_reason in ("max_steps", "budget")


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=reading_sites, batch=st.lists(reading_configs, min_size=1, max_size=8))
def test_reading_runs_with_settled_runs_walked_apart_equal_the_scalar_engine(site, batch):
    """Batches of reading runs (twins among them), some settling, some not, some touched or expiring
    (never taken out): every run field by field the scalar engine's."""
    batch = batch + [
        c.with_(strategy="frontier" if c.strategy == "visited" else "visited") for c in batch[:2]
    ]
    got = [r.to_dict() for r in run_memory_batch(site, batch, scalar_tail=0)]
    assert got == [run(site, c).to_dict() for c in batch]


def test_the_chapters_runs_read_at_top_8_settle_early_and_equal_the_scalar_engine(chapter_site, monkeypatch):
    """Read at top:8, most runs of the chapter's site settle within a few hundred steps (the report's
    cost runs then walk 5,000 apart); each, walked to its limit over its table, is the scalar run."""
    parked_at: list[int] = []
    park = _MemoryBatch._park

    def spy(self, t, settled):
        parked_at.extend([t] * len(settled))
        park(self, t, settled)

    monkeypatch.setattr(_MemoryBatch, "_park", spy)
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=900, seed=seed)
             for seed in range(1000, 1024) for s in ("visited", "frontier")]  # fmt: skip
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == [run(chapter_site, c).to_dict() for c in batch]
    assert len(parked_at) >= 12 and min(parked_at) < 100  # a row each: a pair riding together is one
    assert all(r["steps"] == 900 and r["stop_reason"] == "max_steps" for r in got)
