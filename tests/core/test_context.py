"""Issue 38, the session context: the engine against a plain reading of the issue
(``oracle_context.py``), its two limits (a window too small for one turn is the random walk, an
unlimited one is frontier's walk), the token formula, the events views draw, and the router."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core import lockstep
from memviz.core.context import UNLIMITED, parse_window, window_text
from memviz.core.engine import ConfigError, Exploration, RunConfig, run
from memviz.core.lockstep import run_batch, supports
from memviz.core.site import Site
from memviz.core.sitegen import SHAPES, generate_site
from tests.core.oracle import oracle_run
from tests.core.oracle_context import context_run
from tests.core.site_documents import site_documents
from tests.hypothesis_budget import examples

STRATEGY_NAMES = ["random", "visited", "frontier", "session"]
generated_sites = st.builds(
    generate_site, shape=st.sampled_from(SHAPES), pages=st.integers(7, 40), bugs=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
)  # fmt: skip
context_settings = st.fixed_dictionaries(
    {
        "strategy": st.sampled_from(STRATEGY_NAMES),
        "seed": st.integers(0, 2**32 - 1),
        "window": st.one_of(st.integers(1, 30_000), st.sampled_from([3000, 3499, 3500, 12_000, UNLIMITED])),
        "mode": st.sampled_from(["truncate", "summary", "memgpt"]),
        "turn_tokens": st.integers(1, 1500),
        "summary_names": st.integers(0, 10),
        "capacity": st.one_of(st.none(), st.integers(1, 8)),
        "policy": st.sampled_from(["fifo", "lru", "random"]),
        "budget": st.integers(0, 60),
        "base_tokens": st.integers(0, 5000),
        "entry_tokens": st.integers(0, 100),
    }
)


def config_of(s: dict) -> RunConfig:
    return RunConfig(
        strategy=s["strategy"], seed=s["seed"], capacity=s["capacity"], policy=s["policy"],
        budget=s["budget"], base_tokens=s["base_tokens"], entry_tokens=s["entry_tokens"],
        context=s["window"], compaction=s["mode"], turn_tokens=s["turn_tokens"],
        summary_names=s["summary_names"],
    )  # fmt: skip


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(), setting=context_settings)
def test_engine_equals_a_plain_reading_of_the_issue(doc, setting):
    site = Site.from_dict(doc)
    plain = context_run(doc, **setting)
    exploration = Exploration(site, config_of(setting))
    events = []
    while not exploration.finished:
        events.append(exploration.step())
    result = exploration.result()
    assert result.path == plain["path"]
    assert (result.reports, result.dups, result.tokens) == (plain["reports"], plain["dups"], plain["tokens"])
    assert result.stop_reason == plain["stop_reason"]
    assert [(e.context.prompt_tokens, e.context.compaction is not None) for e in events] == plain["calls"]
    if events:
        last = events[-1].context
        assert [t.page for t in last.turns] == plain["turns"]
        assert last.recall_size == plain["recall"]
        assert list(last.working_bugs) == plain["working"]
        summary = plain["summary"] or {"names": [], "bugs": []}
        assert (list(last.summary_names), list(last.summary_bugs)) == (summary["names"], summary["bugs"])


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=generated_sites, seed=st.integers(0, 2**32 - 1), budget=st.integers(0, 80),
       base=st.integers(0, 5000), turn=st.integers(1, 2000), data=st.data())  # fmt: skip
def test_a_window_too_small_for_one_turn_walks_exactly_the_random_path(doc, seed, budget, base, turn, data):
    window = data.draw(st.integers(1, base + turn - 1), label="window") if base + turn > 1 else None
    if window is None:
        return
    site = Site.from_dict(doc)
    session = run(site, RunConfig(strategy="session", seed=seed, budget=budget, base_tokens=base,
                                  context=window, turn_tokens=turn))  # fmt: skip
    baseline = run(site, RunConfig(strategy="random", seed=seed, budget=budget, base_tokens=base))
    assert session.path == baseline.path  # the same draws, to the step
    assert (session.reports, session.dups, session.stop_reason) == (
        baseline.reports, baseline.dups, baseline.stop_reason,
    )  # fmt: skip
    assert session.tokens == baseline.tokens  # every turn dropped before the call it would join


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=generated_sites, seed=st.integers(0, 2**32 - 1), budget=st.integers(0, 80),
       base=st.integers(0, 5000), turn=st.integers(1, 2000),
       mode=st.sampled_from(["truncate", "summary", "memgpt"]))  # fmt: skip
def test_an_unlimited_window_walks_exactly_the_frontier_path_at_the_quadratic_price(
    doc, seed, budget, base, turn, mode
):
    site = Site.from_dict(doc)
    exploration = Exploration(site, RunConfig(strategy="session", seed=seed, budget=budget, base_tokens=base,
                                              context=UNLIMITED, turn_tokens=turn, compaction=mode))  # fmt: skip
    session = exploration.run_to_end()
    frontier = run(site, RunConfig(strategy="frontier", seed=seed, budget=budget, base_tokens=base))
    plain = oracle_run(doc, "frontier", seed, budget=budget, base_tokens=base)
    assert session.path == frontier.path == plain["path"]
    assert (session.reports, session.dups, session.stop_reason) == (
        frontier.reports, frontier.dups, frontier.stop_reason,
    )  # fmt: skip
    calls = session.steps + (session.stop_reason in ("done", "dead_end"))
    # call c carries the start page's turn and the c - 1 steps before it
    assert session.tokens == sum(base + turn * c for c in range(1, calls + 1))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=site_documents(max_pages=15), setting=context_settings)
def test_each_call_costs_the_token_formula(doc, setting):
    config = config_of(setting)
    exploration = Exploration(Site.from_dict(doc), config)
    entries_before = len(exploration.memory_order())
    total = 0
    while not exploration.finished:
        event = exploration.step()
        c = event.context
        memory = config.entry_tokens * entries_before
        assert c.prompt_tokens == (
            config.base_tokens
            + memory
            + c.summary_tokens
            + c.working_tokens
            + config.turn_tokens * c.turns_in_call
        )
        assert event.tokens == c.prompt_tokens + c.recall_tokens
        assert c.recall_tokens in (0, 300) and c.recall_search == (c.recall_tokens == 300)
        assert c.summary_tokens in (0, 100 + 10 * (len(c.summary_names) + len(c.summary_bugs)))
        if c.compaction in ("summary", "memgpt"):
            assert c.summary_tokens > 0
        assert (
            c.prompt_before <= c.window
            or c.compaction is not None
            or c.turns_in_call == 0
            or (config.compaction == "memgpt" and c.prompt_before <= config.flush_at * c.window)
        )
        total += event.tokens
        assert event.tokens_total == total
        entries_before = event.memory_size


def test_the_blog_at_12000_first_compacts_at_call_19_and_names_what_it_kept(chapter_site):
    # 3,000 + 500·c > 12,000 first at c = 19, whatever the seed: session carries no memory
    for seed in range(1000, 1020):
        events = _events(chapter_site, RunConfig(strategy="session", seed=seed, context=12_000,
                                                 compaction="summary"))  # fmt: skip
        first = next(e for e in events if e.context.compaction)
        assert first.call == 19
        c = first.context
        assert (c.prompt_before, c.turns_summarized, c.turns_in_call) == (12_500, 10, 9)
        assert (
            len(c.summary_names) <= 8
            and c.prompt_tokens == 3000 + 100 + 10 * (len(c.summary_names) + len(c.summary_bugs)) + 500 * 9
        )


def test_thirty_steps_with_the_whole_history_cost_322500_tokens(chapter_site):
    # Σ_{c=1..30} (3,000 + 500·c) = 90,000 + 500·465: exercise two's answer
    result = run(chapter_site, RunConfig(strategy="session", context=UNLIMITED))
    assert (result.steps, result.tokens) == (30, 322_500)


def test_memgpt_warns_once_per_fill_and_saves_the_bugs_the_context_holds(chapter_site):
    events = _events(
        chapter_site, RunConfig(strategy="session", seed=1000, context=12_000, compaction="memgpt")
    )
    warnings = [e for e in events if e.context.pressure]
    flushes = [e for e in events if e.context.compaction]
    assert warnings and flushes
    assert (
        warnings[0].context.prompt_before > 0.7 * 12_000 >= events[warnings[0].call - 2].context.prompt_before
    )
    for w, next_w in itertools.pairwise(warnings):  # between two warnings, a flush
        assert any(w.call <= f.call < next_w.call for f in flushes)
    for e in events:
        assert e.context.working_tokens == 10 * len(e.context.working_bugs)
    assert any(e.context.recall_search for e in events)
    for e in events:
        if e.context.recall_search:
            assert set(e.context.recall_hits) <= set(chapter_site.clickable[e.from_page])


def test_a_revisit_compaction_caused_carries_the_call_the_page_left_the_context(chapter_site):
    seen_marks = 0
    for seed in range(1000, 1030):
        events = _events(chapter_site, RunConfig(strategy="session", seed=seed, context=8000))
        for e in events:
            c = e.context
            # what the context held as the agent chose: the turns but this step's own, the summary
            known = {t.page for t in c.turns[:-1]} | set(c.summary_names)
            assert c.forgotten == (e.is_repeat and e.to_page not in known)
            if c.forgotten:
                seen_marks += 1
                assert 1 <= c.forgotten_at <= e.call
    assert seen_marks > 0


def test_a_page_known_by_name_only_is_named_in_the_event(chapter_site):
    events = _events(
        chapter_site, RunConfig(strategy="session", seed=1000, context=12_000, compaction="summary")
    )
    c = events[-1].context
    in_turns = {t.page for t in c.turns}
    assert c.named_only == tuple(sorted(p for p in c.summary_names if p not in in_turns))
    assert c.named_only


def test_the_context_off_leaves_every_run_as_it_was(chapter_site):
    # the chapter's figures are held bit for bit by test_report and the oracle tests; here: context
    # settings without a context change nothing, and no step carries a context
    for strategy in ("random", "visited", "frontier"):
        for seed in range(1000, 1010):
            config = RunConfig(strategy=strategy, seed=seed, capacity=6)
            odd = config.with_(turn_tokens=1, compaction="memgpt", summary_names=0, recall_tokens=0)
            assert run(chapter_site, odd).to_dict() == run(chapter_site, config).to_dict()
            assert Exploration(chapter_site, odd).step().context is None


def test_session_without_a_context_knows_nothing_and_walks_as_random(chapter_site):
    for seed in range(1000, 1020):
        assert (
            run(chapter_site, RunConfig(strategy="session", seed=seed)).path
            == run(chapter_site, RunConfig(strategy="random", seed=seed)).path
        )


def test_the_router_sends_context_runs_to_the_scalar_engine_and_equals_it(chapter_site, monkeypatch):
    configs = [RunConfig(strategy=s, seed=seed, capacity=cap, context=w, compaction=m)
               for s in ("random", "visited", "frontier", "session") for seed in (1000, 1001)
               for cap in (None, 6) for w in (None, 8000, UNLIMITED) for m in ("truncate", "memgpt")]  # fmt: skip
    handed = []
    real = lockstep._run_scalar

    def spy(site, group, poll):
        handed.extend(group)
        return real(site, group, poll)

    monkeypatch.setattr(lockstep, "_run_scalar", spy)
    got = run_batch(chapter_site, configs, scalar_tail=0)
    assert {c for c in configs if c.context is not None} <= set(handed)
    assert not any(supports(c) for c in configs if c.context is not None)
    assert [r.to_dict() for r in got] == [run(chapter_site, c).to_dict() for c in configs]


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"context": 0}, "context"), ({"context": -1}, "context"), ({"turn_tokens": 0}, "turn_tokens"),
     ({"compaction": "lru"}, "compaction"), ({"warn_at": 0.9, "flush_at": 0.8}, "warn-at"),
     ({"summary_names": -1}, "summary_names"), ({"evict_share": 0}, "evict_share")],
)  # fmt: skip
def test_bad_context_settings_name_the_field(changes, field):
    with pytest.raises(ConfigError, match=f"^{field}: "):
        RunConfig(**changes)


def test_windows_read_and_written_as_the_command_line_does():
    assert parse_window("12000") == 12_000 and parse_window("inf") == math.inf
    assert window_text(math.inf) == "inf" and window_text(8000) == "8000" and window_text(None) == "off"
    for bad in ("-1", "0", "lots", "1.5"):
        with pytest.raises(ValueError):
            parse_window(bad)


def test_effective_forgets_context_settings_that_mean_nothing():
    assert RunConfig(turn_tokens=7).effective(24) == RunConfig()
    assert RunConfig(context=9000, summary_names=3).effective(24) == RunConfig(context=9000)
    assert RunConfig(context=9000, compaction="summary", warn_at=0.5).effective(24) == RunConfig(
        context=9000, compaction="summary"
    )


def _events(site, config):
    exploration = Exploration(site, config)
    events = []
    while not exploration.finished:
        events.append(exploration.step())
    return events
