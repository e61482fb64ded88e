"""The step engine against the chapter: golden runs, a direct reading of the algorithm, and events."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import ConfigError, Exploration, RunConfig, run
from memviz.core.rng import Mulberry32
from memviz.core.site import Site
from tests.core.oracle import mulberry32, oracle_run
from tests.core.site_documents import run_settings, site_documents
from tests.hypothesis_budget import examples


def test_seed_1000_without_memory_is_the_chapters_opening_story(chapter_site):
    result = run(chapter_site, RunConfig(strategy="random", seed=1000))
    visits = Counter(result.path)
    assert len(visits) == 12  # 24 个页面只去过 12 个
    assert visits[0] - 1 == 6  # 又回到首页 6 次
    assert visits[5] - 1 == 4  # 回到"我的主页" 4 次
    assert visits[21] == 0  # "注销账号"一次都没点到
    assert (result.reports, result.dups) == (4, 2)
    assert {p for p in (13, 7) if visits[p] > 1} == {13, 7}  # A 的评论 and 我的收藏 reported twice
    assert result.tokens == 90_000 and result.steps == 30


@pytest.mark.parametrize("seed", [0, 1, 1000, 123456789, 2**32 - 1])
def test_rng_equals_scalar_mulberry32(seed):
    reference = mulberry32(seed)
    rng = Mulberry32(seed)
    assert [rng.random() for _ in range(5000)] == [reference() for _ in range(5000)]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(), setting=run_settings)
def test_engine_equals_a_direct_reading_of_the_chapter(doc, setting):
    site = Site.from_dict(doc)
    expected = oracle_run(doc, **setting)
    got = run(site, RunConfig(**setting)).to_dict()
    assert got == expected


@settings(max_examples=examples(60), deadline=None)
@given(doc=site_documents(max_pages=12), setting=run_settings)
def test_events_add_up_to_the_result(doc, setting):
    site = Site.from_dict(doc)
    config = RunConfig(**setting)
    exploration = Exploration(site, config)
    events = []
    while not exploration.finished:
        events.append(exploration.step())
    result = exploration.result()
    assert result == run(site, config)
    assert sum(e.tokens for e in events) == result.tokens
    assert [e.to_page for e in events if e.moved] == result.path[1:]
    assert sum(e.is_repeat for e in events) == round(result.repeat * max(result.steps, 1))
    assert sum(e.bug_found for e in events) == result.bugs
    assert sum(e.duplicate_report for e in events) == result.dups
    if events:
        last = events[-1]
        assert last.finished and last.tokens_total == result.tokens and last.duplicates == result.dups
        assert all(not e.finished for e in events[:-1])
    # tokens so far at each first report, read off the events
    assert result.bug_tokens == [e.tokens_total for e in events if e.bug_found]
    memory = exploration.memory
    if memory is not None:
        written = sum(e.memory_written is not None for e in events) + 1  # + the start page
        evicted = sum(e.memory_evicted is not None for e in events)
        assert len(memory) == written - evicted == (events[-1].memory_size if events else len(memory))
        if memory.capacity is not None:
            assert len(memory) <= memory.capacity


@settings(max_examples=examples(60), deadline=None)
@given(doc=site_documents(max_pages=12), setting=run_settings)
def test_events_carry_slots_visit_counts_and_page_states(doc, setting):
    # Replayed beside the run: the order of memory, visit counts, reports, duplicate reports.
    site = Site.from_dict(doc)
    exploration = Exploration(site, RunConfig(**setting))
    visits = Counter([site.start])
    reported: set[int] = set()
    duplicates: Counter = Counter()
    while not exploration.finished:
        before = exploration.memory_order()
        event = exploration.step()
        if not event.moved:
            assert event.visit_count == 0
            continue
        visits[event.to_page] += 1
        assert event.visit_count == visits[event.to_page]
        if event.memory_evicted is not None:
            assert before[event.evicted_slot] == event.memory_evicted
        else:
            assert event.evicted_slot is None
        if event.memory_touched is not None:
            assert before[event.touched_from] == event.memory_touched
            assert exploration.memory_order()[-1] == event.memory_touched
        else:
            assert event.touched_from is None
        if event.bug_found:
            reported.add(event.to_page)
        duplicates[event.to_page] += event.duplicate_report
        assert exploration.page_states() == [exploration.page_state(p) for p in range(site.n_pages)]
        for p in range(site.n_pages):
            state = exploration.page_state(p)
            assert state.visits == visits[p]
            assert state.bug_reported == (p in reported)
            assert state.duplicates == duplicates[p]
            if not visits[p]:
                assert state.state == "unvisited"
            elif exploration.memory is None:
                assert state.state == "visited"
            else:
                assert state.state == ("remembered" if p in exploration.memory_order() else "forgotten")


def test_fifo_capacity_3_evicts_the_oldest_entry_each_time(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(strategy="visited", capacity=3, policy="fifo", seed=7))
    order = exploration.memory.order()
    while not exploration.finished:
        event = exploration.step()
        if event.memory_written is not None and len(order) == 3:
            assert event.memory_evicted == order[0]
        order = exploration.memory.order()
        assert len(order) <= 3


def test_lru_touch_moves_the_entry_to_the_newest_end(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(strategy="visited", capacity=20, policy="lru", seed=3))
    touched = 0
    while not exploration.finished:
        event = exploration.step()
        if event.memory_touched is not None:
            touched += 1
            assert exploration.memory.order()[-1] == event.memory_touched
            assert event.memory_written is None and event.memory_evicted is None
    assert touched > 0


def test_frontier_plans_through_memory_and_walks_the_first_hop(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(strategy="frontier", seed=1000, budget=60))
    plans = 0
    while not exploration.finished:
        before = set(exploration.memory.order())
        event = exploration.step()
        if event.planned_path:
            plans += 1
            path = event.planned_path
            assert path[0] == event.from_page and path[1] == event.to_page
            assert path[-1] not in before  # the target is a page memory does not know
            assert all(p in before for p in path[:-1])
    assert plans > 0
    assert exploration.stop_reason in ("done", "budget")


def test_a_page_with_no_links_ends_the_run():
    doc = {"format": "memviz-site/1", "pages": [{"zh": "甲", "links": [1]}, {"zh": "乙", "links": []}]}
    site = Site.from_dict(doc)
    for strategy in ("random", "visited", "frontier"):
        result = run(site, RunConfig(strategy=strategy, seed=5))
        assert result.path == [0, 1]
        assert result.stop_reason == "dead_end"
        assert result.tokens == 2 * 3000 + (0 if strategy == "random" else 40 * (1 + 2))


def test_zero_budget_makes_no_call(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(budget=0))
    assert exploration.finished
    assert exploration.result().tokens == 0 and exploration.result().path == [0]
    with pytest.raises(RuntimeError):
        exploration.step()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"strategy": "greedy"}, "strategy"),
        ({"policy": "mru"}, "policy"),
        ({"capacity": 0}, "capacity"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**32}, "seed"),
        ({"budget": -1}, "budget"),
    ],
)
def test_bad_config_names_the_field(changes, field):
    with pytest.raises(ConfigError, match=f"^{field}:"):
        RunConfig(**changes)


def test_effective_config_walks_the_same_path(chapter_site):
    for config in (
        RunConfig(strategy="frontier", capacity=24, policy="random", seed=9),
        RunConfig(strategy="random", capacity=3, policy="lru", seed=9),
        RunConfig(strategy="visited", capacity=None, policy="lru", seed=9),
    ):
        assert config.effective(chapter_site.n_pages).capacity is None
        assert run(chapter_site, config) == run(chapter_site, config.effective(chapter_site.n_pages))


# -- a forgotten revisit says when its page was forgotten (issue 22) ---------------------------------


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    capacity=st.integers(1, 8),
    policy=st.sampled_from(["fifo", "lru", "random", "ttl", "opt"]),
)
def test_a_forgotten_revisit_carries_the_call_its_page_left_memory(chapter_site, seed, capacity, policy):
    """Read from memory itself: the pages held before and after each call; one gone at a call left
    at it. A forgotten revisit's event names that call (the views' "↺ forgotten at step N"); no
    other event names one."""
    config = RunConfig("frontier", seed, capacity=capacity, policy=policy, budget=60, ttl=4)
    exploration = Exploration(chapter_site, config)
    held = set(exploration.memory.entries)
    left: dict[int, int] = {}
    while not exploration.finished:
        event = exploration.step()
        now = set(exploration.memory.entries)
        for page in held - now:
            left[page] = event.call
        if event.was_forgotten:
            # held before and after: dropped for age as this call began, then written again
            expected = event.call if event.to_page in held else left[event.to_page]
            assert event.forgotten_at == expected and 1 <= event.forgotten_at <= event.call
        else:
            assert event.forgotten_at is None
        held = now
