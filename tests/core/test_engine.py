"""The step engine against the chapter: golden runs, a direct reading of the algorithm, and events."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from memviz.core.engine import ConfigError, Exploration, RunConfig, run
from memviz.core.rng import Mulberry32
from memviz.core.site import Site
from tests.core.oracle import mulberry32, oracle_run
from tests.core.site_documents import run_settings, site_documents


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


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(), setting=run_settings)
def test_engine_equals_a_direct_reading_of_the_chapter(doc, setting):
    site = Site.from_dict(doc)
    expected = oracle_run(doc, **setting)
    got = run(site, RunConfig(**setting)).to_dict()
    assert got == expected


@settings(max_examples=60, deadline=None)
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
    memory = exploration.memory
    if memory is not None:
        written = sum(e.memory_written is not None for e in events) + 1  # + the start page
        evicted = sum(e.memory_evicted is not None for e in events)
        assert len(memory) == written - evicted == (events[-1].memory_size if events else len(memory))
        if memory.capacity is not None:
            assert len(memory) <= memory.capacity


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
