"""Issue 13's switches in the engine: policy ttl, the bug list as its own switch, a session that
goes on after an interruption. Held against the plain readings in ``oracle_memory.py`` and against
today's paths with every switch off."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.engine import DEFAULT_TTL, Exploration, RunConfig, run
from memviz.core.lockstep import run_batch
from memviz.core.site import Site
from memviz.paths import default_site_path
from tests.core.oracle import oracle_run
from tests.core.oracle_memory import memory_run
from tests.core.test_lockstep import sites
from tests.hypothesis_budget import examples

DOC = json.loads(default_site_path().read_text(encoding="utf-8"))


def test_ttl_runs_walk_the_plain_readings_paths(chapter_site):
    for ttl in (1, 2, 5, 12):
        for capacity in (None, 4):
            for seed in range(1000, 1030):
                config = RunConfig(strategy="frontier", seed=seed, capacity=capacity, policy="ttl", ttl=ttl)
                plain = memory_run(DOC, "frontier", seed, capacity, "ttl", ttl=ttl)
                result = run(chapter_site, config)
                assert result.path == plain["path"]
                assert result.reports == plain["reports"]


@settings(max_examples=examples(60), deadline=None)
@given(site=sites(), seed=st.integers(0, 2**32 - 1), strategy=st.sampled_from(["visited", "frontier"]),
       budget=st.integers(0, 40), extra=st.integers(0, 20))  # fmt: skip
def test_ttl_at_least_the_budget_equals_lru_without_capacity(site, seed, strategy, budget, extra):
    ttl = budget + extra if budget + extra >= 1 else 1
    config = RunConfig(strategy=strategy, seed=seed, budget=budget, policy="ttl", ttl=max(ttl, budget))
    assert run(site, config) == run(site, config.with_(policy="lru", ttl=None))


def test_policy_ttl_without_a_time_to_live_uses_the_default(chapter_site):
    config = RunConfig(strategy="frontier", seed=1001, policy="ttl")
    assert config.effective(24).ttl == DEFAULT_TTL
    assert run(chapter_site, config) == run(chapter_site, config.with_(ttl=DEFAULT_TTL))


@settings(max_examples=examples(60), deadline=None)
@given(site=sites(), seed=st.integers(0, 2**32 - 1), strategy=st.sampled_from(["random", "visited", "frontier"]),
       capacity=st.one_of(st.none(), st.integers(1, 6)), policy=st.sampled_from(["fifo", "lru", "random"]),
       budget=st.integers(0, 40))  # fmt: skip
def test_with_every_switch_off_every_path_equals_the_chapters(site, seed, strategy, capacity, policy, budget):
    doc_config = RunConfig(strategy=strategy, seed=seed, capacity=capacity, policy=policy, budget=budget)
    plain = oracle_run(_doc(site), strategy, seed, capacity, policy, budget=budget)
    for config in (doc_config, doc_config.with_(ttl=7), doc_config.with_(bug_list=None)):
        result = run(site, config)
        assert result.path == plain["path"] and result.reports == plain["reports"]
    # a bug list switched to what the strategy has anyway changes nothing
    same = doc_config.with_(bug_list=strategy != "random")
    assert run(site, same) == run(site, doc_config)


def _doc(site: Site) -> dict:
    return {
        "start": site.start, "nav": list(site.nav),
        "pages": [{"zh": p.names.get("zh", ""), "links": list(p.links)} for p in site.pages],
        "bugs": [{"page": b.page} for b in site.bugs],
    }  # fmt: skip


def test_without_a_bug_list_navigation_is_unchanged_and_every_bug_visit_reports(chapter_site):
    for strategy in ("visited", "frontier"):
        for seed in range(1000, 1040):
            config = RunConfig(strategy=strategy, seed=seed)
            with_list, without = run(chapter_site, config), run(chapter_site, config.with_(bug_list=False))
            assert without.path == with_list.path and without.bugs == with_list.bugs
            assert without.reports == sum(p in chapter_site.bug_by_page for p in with_list.path[1:])
            assert with_list.dups == 0
    # a bug list without memory: the walk of no memory, each bug reported once
    for seed in range(1000, 1040):
        plain = run(chapter_site, RunConfig(seed=seed))
        listed = run(chapter_site, RunConfig(seed=seed, bug_list=True))
        assert listed.path == plain.path and listed.reports == listed.bugs == plain.bugs


def test_batches_with_switches_equal_the_scalar_engine(chapter_site):
    configs = [
        RunConfig(strategy=s, seed=seed, policy=p, ttl=t, bug_list=b, capacity=c)
        for s in ("random", "visited", "frontier") for p, t in (("fifo", None), ("ttl", 3), ("lru", None))
        for b in (None, True, False) for c in (None, 3) for seed in (1000, 1001, 1002)
    ]  # fmt: skip
    assert run_batch(chapter_site, configs, scalar_tail=0) == [run(chapter_site, c) for c in configs]


def test_a_next_session_goes_on_with_the_stream_and_the_step_numbers(chapter_site):
    first = Exploration(chapter_site, RunConfig(strategy="frontier", seed=1000))
    for _ in range(10):
        first.step()
    second = first.next_session([], set())
    assert second.memory_order() == (chapter_site.start,)
    event = second.step()
    assert event.steps == 11 and event.call == 11
    assert event.from_page == chapter_site.start
