"""Strategies: how the next link is chosen, and the breadth-first plan through remembered links."""

from __future__ import annotations

from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.site import Site
from memviz.core.strategies import plan_to_unremembered


def tiny_site(links: list[list[int]]) -> Site:
    return Site.from_dict(
        {"format": "memviz-site/1", "pages": [{"zh": f"页{k}", "links": out} for k, out in enumerate(links)]}
    )


def test_the_plan_sees_real_links_here_and_remembered_links_beyond():
    # 0 -> 1 -> 2 -> 3 and 0 -> 4 -> 3; page 3 is the only one not remembered.
    site = tiny_site([[1, 4], [2], [3], [], [3]])
    remembered = {0: (1, 4), 1: (2,), 2: (3,), 4: (3,)}
    assert plan_to_unremembered(site, 0, remembered) == (0, 4, 3)  # the shorter route
    # Beyond the current page only memory counts: forget 4's links and the route goes through 1, 2.
    assert plan_to_unremembered(site, 0, {**remembered, 4: ()}) == (0, 1, 2, 3)
    assert plan_to_unremembered(site, 0, {**remembered, 3: ()}) is None  # nothing left to find


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
