"""Lanes, per-step facts, first divergence and regret (issue 12), held against the plain reading
of the issue's definitions (``oracle_memory.py``) and against the figures the issue quotes."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.compare import LaneConfig, compare_runs, frame_table, regret, run_lane
from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.lockstep import run_batch
from memviz.core.registry import ConfigError
from memviz.core.site import Site
from memviz.paths import default_site_path
from memviz.presentation.divergence import divergence_reason
from memviz.wording.reading import lane_label
from tests.core.oracle_memory import memory_run
from tests.core.site_documents import site_documents

DOC = json.loads(default_site_path().read_text(encoding="utf-8"))
POLICY_NAMES = ("fifo", "lru", "random", "opt")


# -- configs ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("frontier/12/fifo", LaneConfig("frontier", 12, "fifo")),
        ("visited", LaneConfig("visited", None, "fifo")),
        ("frontier/inf", LaneConfig("frontier", None, "fifo")),
        ("frontier/3/opt", LaneConfig("frontier", 3, "opt")),
        ("random", LaneConfig("random")),
    ],
)
def test_a_config_is_strategy_capacity_policy(text, expected):
    assert LaneConfig.parse(text) == expected
    assert LaneConfig.parse(expected.text()) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "config: expected STRATEGY"),
        ("frontier/12/fifo/x", "config: expected STRATEGY"),
        ("unknown-strategy/3", "strategy: unknown strategy 'unknown-strategy'"),
        ("frontier/zero", "config: capacity must be a whole number or inf"),
        ("frontier/0", "config: capacity must be at least 1"),
        ("frontier/3/unknown-policy", "policy: unknown eviction policy 'unknown-policy'"),
    ],
)
def test_a_bad_config_is_refused_with_the_part_named(text, message):
    with pytest.raises(ConfigError, match=message):
        LaneConfig.parse(text)


def test_labels_in_both_languages():
    assert (
        lane_label(LaneConfig("frontier", 12, "opt"), "en") == "Visited set + link table · 12 · Clairvoyant"
    )
    assert lane_label(LaneConfig("visited", None, "lru"), "zh") == "已访问集合 · 不限 · LRU"
    assert lane_label(LaneConfig("random", 3, "lru"), "en") == "No memory"


# -- per-step facts against the plain reading --------------------------------------------------------


@pytest.mark.parametrize("policy", POLICY_NAMES)
@pytest.mark.parametrize("capacity", [3, 12])
@pytest.mark.parametrize("strategy", ["visited", "frontier"])
def test_lane_steps_are_the_plain_readings_steps(chapter_site, strategy, capacity, policy):
    for seed in range(1000, 1010):
        lane = run_lane(chapter_site, LaneConfig(strategy, capacity, policy), RunConfig(seed=seed))
        plain = memory_run(DOC, strategy, seed, capacity, policy)
        assert [s.to_dict() for s in lane.moves] == plain["steps"]
        assert (lane.evictions, lane.forgotten_revisits) == (plain["evictions"], plain["forgotten_revisits"])


lane_settings = st.fixed_dictionaries(
    {
        "strategy": st.sampled_from(["random", "visited", "frontier"]),
        "seed": st.integers(0, 2**32 - 1),
        "capacity": st.one_of(st.none(), st.integers(1, 8)),
        "policy": st.sampled_from(POLICY_NAMES),
        "budget": st.integers(0, 40),
    }
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(max_pages=16), s=lane_settings)
def test_per_step_facts_on_any_site_equal_the_plain_reading_and_the_batch_engine(doc, s):
    site = Site.from_dict(doc)
    config = LaneConfig(s["strategy"], s["capacity"], s["policy"])
    base = RunConfig(seed=s["seed"], budget=s["budget"])
    lane = run_lane(site, config, base)
    plain = memory_run(doc, s["strategy"], s["seed"], s["capacity"], s["policy"], s["budget"])
    assert [step.to_dict() for step in lane.moves] == plain["steps"]
    assert lane.result == run(site, config.run_config(base)) == run_batch(site, [config.run_config(base)])[0]
    # the regret link: a forgotten revisit points at the last step its page was evicted at
    for k, step in enumerate(plain["steps"]):
        record = lane.moves[k]
        if step["forgotten_revisit"]:
            evicted_at = max(e["step"] for e in plain["steps"][:k] if e["evicted"] == step["page"])
            assert record.evicted_at == evicted_at
        else:
            assert record.evicted_at is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc=site_documents(max_pages=20),
    strategy=st.sampled_from(["visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.integers(1, 10),
    budget=st.integers(0, 60),
)
def test_under_lru_a_revisit_is_forgotten_exactly_when_its_reuse_distance_reaches_the_capacity(
    doc, strategy, seed, capacity, budget
):
    lane = run_lane(
        Site.from_dict(doc), LaneConfig(strategy, capacity, "lru"), RunConfig(seed=seed, budget=budget)
    )
    revisits = [s for s in lane.moves if s.reuse_distance is not None]
    assert lane.forgotten_revisits == sum(s.reuse_distance >= capacity for s in revisits)
    assert all(s.forgotten_revisit == (s.reuse_distance >= capacity) for s in revisits)


# -- first divergence ------------------------------------------------------------------------------


def lanes(chapter_site, *texts, seed=1000):
    return compare_runs(chapter_site, [LaneConfig.parse(t) for t in texts], RunConfig(seed=seed))


def test_fifo_and_random_eviction_part_where_their_memories_part(chapter_site):
    comparison = lanes(chapter_site, "frontier/12/fifo", "frontier/12/random", "frontier/12/opt")
    d = comparison.first_divergence
    assert (d.step, d.lanes, d.cause_step) == (17, (0, 1), 15)
    assert (
        divergence_reason(comparison, "en")
        == "step 15: FIFO forgot Home; random eviction drew a random number and forgot Edit B"
    )
    assert (
        divergence_reason(comparison, "zh") == "第 15 步：FIFO 忘了首页；随机淘汰抽了一个随机数，忘了编辑 B"
    )  # spaced as the chapter
    fifo, rand, _ = comparison.lanes
    assert fifo.path[:17] == rand.path[:17] and fifo.path[17] != rand.path[17]
    assert fifo.steps[14].evicted == chapter_site.start
    assert chapter_site.page_name(rand.steps[14].evicted, "en") == "Edit B"


def test_lanes_that_never_part_have_no_divergence(chapter_site):
    # capacity 3 FIFO and LRU on seed 1000: the same path (LRU's touches never change a victim here)
    comparison = lanes(chapter_site, "frontier/3/fifo", "frontier/3/lru")
    assert comparison.lanes[0].path == comparison.lanes[1].path
    assert comparison.first_divergence is None
    assert comparison.to_dict()["first_divergence"] is None


def test_different_rules_are_named_as_the_reason(chapter_site):
    comparison = lanes(chapter_site, "visited", "frontier")
    d = comparison.first_divergence
    assert d.step == 9 and d.cause_step == 9
    assert (
        divergence_reason(comparison, "en")
        == "step 9: visited set and visited set + link table pick links by different rules (My profile / Home)"
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc=site_documents(max_pages=16),
    configs=st.lists(lane_settings, min_size=2, max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_first_divergence_is_the_first_step_the_paths_part(doc, configs, seed):
    site = Site.from_dict(doc)
    comparison = compare_runs(
        site, [LaneConfig(c["strategy"], c["capacity"], c["policy"]) for c in configs], RunConfig(seed=seed)
    )
    paths = [memory_run(doc, c["strategy"], seed, c["capacity"], c["policy"])["path"] for c in configs]
    longest = max(map(len, paths))
    parted = [i for i in range(longest) if len({p[i] if i < len(p) else None for p in paths}) > 1]
    d = comparison.first_divergence
    assert (d.step if d else None) == (parted[0] if parted else None)
    if d is not None:
        reason_zh, reason_en = (divergence_reason(comparison, lang) for lang in ("zh", "en"))
        assert 1 <= d.cause_step <= d.step and reason_zh and reason_en
        assert not re.search(r"(FIFO|LRU)[\u4e00-\u9fff]", reason_zh)  # "FIFO 忘了", not "FIFO忘了"


# -- regret over seeds ----------------------------------------------------------------------------


def test_the_issues_figures_at_capacity_12(chapter_site):
    """Forgotten revisits per run FIFO 9.5, LRU 8.9, random 7.7; reuse distances pile at 12-13."""
    seeds = range(1000, 1200)
    got = {
        p: regret(chapter_site, LaneConfig("frontier", 12, p), RunConfig(), seeds)
        for p in ("fifo", "lru", "random")
    }
    fifo, lru, rand = got["fifo"], got["lru"], got["random"]
    assert (fifo.forgotten_revisits_per_run, fifo.revisits, fifo.reuse_histogram[12], fifo.reuse_histogram[13]) == (
        9.52, 2590, 591, 482)  # fmt: skip
    assert (lru.forgotten_revisits_per_run, lru.revisits, lru.reuse_histogram[12], lru.reuse_histogram[13]) == (
        8.85, 2574, 900, 446)  # fmt: skip
    assert rand.forgotten_revisits_per_run == 7.69 and round(100 * rand.coverage, 1) == 79.0
    assert all(len(r.reuse_histogram) == 24 and sum(r.reuse_histogram) == r.revisits for r in got.values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(max_pages=16), s=lane_settings, runs=st.integers(1, 6))
def test_regret_adds_up_the_plain_readings_runs(doc, s, runs):
    site = Site.from_dict(doc)
    seeds = range(s["seed"] % 100_000, s["seed"] % 100_000 + runs)
    got = regret(
        site, LaneConfig(s["strategy"], s["capacity"], s["policy"]), RunConfig(budget=s["budget"]), seeds
    )
    plain = [memory_run(doc, s["strategy"], seed, s["capacity"], s["policy"], s["budget"]) for seed in seeds]
    histogram = [0] * len(doc["pages"])
    for r in plain:
        for step in r["steps"]:
            if step["reuse_distance"] is not None:
                histogram[step["reuse_distance"]] += 1
    assert got.reuse_histogram == histogram
    assert got.revisits == sum(r["revisits"] for r in plain)
    assert got.forgotten_revisits == sum(r["forgotten_revisits"] for r in plain)
    assert got.evictions == sum(r["evictions"] for r in plain)
    assert got.coverage == pytest.approx(sum(r["coverage"] for r in plain) / runs)


# -- the frame table and the lane's live state --------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(max_pages=16), s=lane_settings)
def test_the_frame_table_holds_exactly_what_memory_holds_and_pages_keep_their_row(doc, s):
    site = Site.from_dict(doc)
    config = RunConfig(
        strategy=s["strategy"], capacity=s["capacity"], policy=s["policy"], seed=s["seed"], budget=s["budget"]
    )
    lane = run_lane(site, LaneConfig(s["strategy"], s["capacity"], s["policy"]), config)
    columns = frame_table(lane)
    if s["strategy"] == "random":
        assert columns == []
        return
    assert len(columns) == len(lane.steps) + 1
    assert columns[0].frames[0] == site.start and columns[0].new_frame == 0
    exploration = Exploration(site, config)
    for k, column in enumerate(columns[1:], start=1):
        event = exploration.step()
        held = [p for p in column.frames if p is not None]
        assert sorted(held) == sorted(exploration.memory_order())  # the engine's own memory
        if s["capacity"] is not None:
            assert len(column.frames) == s["capacity"]
        previous = columns[k - 1].frames
        for f, page in enumerate(column.frames):  # a page stays in its frame while it is held
            if page is not None and page in previous:
                assert previous[f] == page
        assert column.page == event.to_page and column.miss == event.was_forgotten
        written = column.frames[column.new_frame] if column.new_frame is not None else None
        assert written == event.memory_written
        gone = sorted(p for _, p in column.left)
        assert gone == sorted(
            [*event.memory_dropped, *([event.memory_evicted] if event.memory_evicted is not None else [])]
        )
        assert all(previous[f] == p for f, p in column.left)
        touched = column.frames[column.touched_frame] if column.touched_frame is not None else None
        assert touched == event.memory_touched
        assert column.evicted_at == lane.steps[k - 1].evicted_at
        assert lane.page_states(k) == [st_.state for st_ in exploration.page_states()]
        totals = lane.totals(k)
        assert (totals.repeats, totals.bugs, totals.tokens) == (
            event.repeats,
            event.bugs_found,
            event.tokens_total,
        )
        assert totals.coverage == event.pages_seen / site.n_pages


@pytest.mark.parametrize("policy", POLICY_NAMES)
@pytest.mark.parametrize("capacity", [3, 12])
def test_the_chapters_frame_tables_mark_what_the_events_say(chapter_site, capacity, policy):
    lane = run_lane(chapter_site, LaneConfig("frontier", capacity, policy), RunConfig(seed=1000))
    columns = frame_table(lane)
    misses = [k for k, c in enumerate(columns) if c.miss]
    assert misses == [s.step for s in lane.steps if s.forgotten_revisit]
    for k in misses:  # the regret link lands on a column where that page left memory
        page, at = columns[k].page, columns[k].evicted_at
        assert page in [p for _, p in columns[at].left] and at < k
    assert sum(len(c.left) for c in columns) == lane.evictions
    touches = [k for k, c in enumerate(columns) if c.touched_frame is not None]
    assert touches == [] if policy != "lru" else (capacity == 3 or len(touches) > 0)


def test_regret_reports_each_seed_and_stops_where_it_is_told(chapter_site):
    """A job's progress and cancel come through ``after_seed``: called once a seed, and what it
    raises ends the computation there (a closed Compare view does not wait for the other seeds)."""
    config, seeds = LaneConfig("frontier", 12, "fifo"), range(1000, 1010)
    calls = []
    whole = regret(chapter_site, config, RunConfig(), seeds, after_seed=lambda: calls.append(len(calls)))
    assert len(calls) == len(seeds)
    assert whole == regret(chapter_site, config, RunConfig(), seeds)  # the figures are the same

    class StopError(Exception):
        pass

    def stop_at_the_third():
        calls.append(None)
        if calls.count(None) == 3:
            raise StopError

    with pytest.raises(StopError):
        regret(chapter_site, config, RunConfig(), seeds, after_seed=stop_at_the_third)
    assert calls.count(None) == 3
