"""Strategies: the registry and how each of the chapter's three picks the next link."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import STRATEGY_KERNELS, run_batch, supports
from memviz.core.memory import Memory
from memviz.core.registry import ConfigError
from memviz.core.rng import Mulberry32
from memviz.core.site import Site
from memviz.core.strategies import (
    HOW_DONE,
    HOW_FALLBACK,
    HOW_FRESH,
    HOW_PLAN,
    STRATEGIES,
    Strategy,
    choose_visited,
    plan_to_unremembered,
    uses_memory,
)


def test_the_chapters_strategies_in_order_with_one_wording_each():
    # the chapter's three, then issue 38's session context alone (no kernel: batches run it scalar);
    # an installed plugin's after them (the built-in ones are asserted, not the whole list)
    assert STRATEGIES.names()[:4] == ("random", "visited", "frontier", "session")
    names = [(s.name_in("zh"), s.name_in("en")) for s in STRATEGIES.values()[:4]]
    assert names == [("无记忆", "no memory"), ("已访问集合", "visited set"),
                     ("已访问集合 + 链接表", "visited set + link table"), ("会话内记忆", "context only")]  # fmt: skip
    assert STRATEGIES.get("frontier").label_in("en") == "Visited set + link table"
    assert [uses_memory(s) for s in STRATEGIES][:4] == [False, True, True, False]
    assert [s.reads_context for s in STRATEGIES.values()][:4] == [False, True, True, True]
    assert [s.colour for s in STRATEGIES.values()][:4] == ["#7F7F7F", "#0072B2", "#009E73", "#E69F00"]
    chapter = list(STRATEGIES.values())[:3]
    assert all(s.kernel in STRATEGY_KERNELS and s.rule_in("zh") and s.rule_in("en") for s in chapter)
    assert STRATEGIES.get("session").kernel is None


def test_an_unknown_strategy_is_refused_with_the_choices():
    with pytest.raises(
        ConfigError,
        match=r"^strategy: unknown strategy 'unknown-strategy' \(choose from random, visited, frontier, session[,)]",
    ):
        STRATEGIES.get("unknown-strategy")
    with pytest.raises(ConfigError, match="strategy: unknown strategy 'unknown-strategy'"):
        uses_memory("unknown-strategy")


def chain_site(n: int = 5) -> Site:
    """0 ↔ 1 ↔ 2 … a line: page p links to its neighbours, lower first."""
    pages = [{"zh": f"页{p}", "links": [q for q in (p - 1, p + 1) if 0 <= q < n]} for p in range(n)]
    return Site.from_dict({"format": "memviz-site/1", "pages": pages})


def test_visited_prefers_a_page_not_in_memory_and_falls_back_to_any_link():
    site = chain_site()
    memory = Memory(None, "fifo", Mulberry32(1))
    memory.write(1, site.clickable[1])
    memory.write(0, site.clickable[0])
    assert choose_visited(site, 1, memory, Mulberry32(1)) == (2, HOW_FRESH, None)  # 0 is remembered
    memory.write(2, site.clickable[2])
    to, how, plan = choose_visited(site, 1, memory, Mulberry32(1))
    assert how == HOW_FALLBACK and to in (0, 2) and plan is None


def test_frontier_plans_through_remembered_link_lists_to_the_nearest_unremembered_page():
    site = chain_site()
    remembered = {p: site.clickable[p] for p in (0, 1, 2)}
    assert plan_to_unremembered(site, 0, remembered) == (0, 1, 2, 3)
    strategy = STRATEGIES.get("frontier")
    memory = Memory(None, "fifo", Mulberry32(1))
    for p in (0, 1, 2):
        memory.write(p, site.clickable[p])
    assert strategy.choose(site, 0, memory, Mulberry32(1)) == (1, HOW_PLAN, (0, 1, 2, 3))
    for p in (3, 4):
        memory.write(p, site.clickable[p])
    assert strategy.choose(site, 0, memory, Mulberry32(1)) == (None, HOW_DONE, None)


@pytest.fixture
def stay_home():
    """Toy strategy, scalar only: back to the start page if it can, else the first link."""

    def choose(site, page, memory, rng):
        links = site.clickable[page]
        if not links:
            return None, "dead_end", None
        return (site.start if site.start in links else links[0]), HOW_FALLBACK, None

    strategy = STRATEGIES.register(
        Strategy(
            "stay_home",
            "恋家",
            "stay home",
            "能回首页就回",
            "goes home when it can",
            "#333333",
            choose,
            uses_memory=True,
        )
    )
    yield strategy
    STRATEGIES.unregister("stay_home")


def test_a_registered_strategy_without_a_kernel_runs_scalar_in_batches(chapter_site, stay_home):
    configs = [RunConfig(strategy="stay_home", capacity=c, seed=s) for c in (None, 3) for s in range(5)]
    assert not any(supports(c) for c in configs)
    results = run_batch(chapter_site, configs, scalar_tail=0)
    assert results == [run(chapter_site, c) for c in configs]
    assert results[0].path[:3] == [0, chapter_site.clickable[0][0], 0]


def test_a_strategy_copied_with_changes_keeps_everything_else():
    frontier = STRATEGIES.get("frontier")
    twin = frontier.with_(name="frontier-twin", colour="#123456")
    fields = ("zh", "en", "rule_zh", "rule_en", "choose", "uses_memory", "kernel", "plans", "reads_context")
    assert [getattr(twin, f) for f in fields] == [getattr(frontier, f) for f in fields]
    assert (twin.name, twin.colour, frontier.name, frontier.colour) == (
        "frontier-twin",
        "#123456",
        "frontier",
        "#009E73",
    )
    assert twin != frontier and repr(twin) == "<strategy frontier-twin>"  # registered objects: by identity
    session = next(s for s in STRATEGIES.values() if s.reads_context and not s.uses_memory)
    assert session.with_(name="x").needs_context  # a context-only strategy stays one
    with pytest.raises(TypeError, match="Strategy has no field 'colour_'"):
        frontier.with_(colour_="#000000")
