"""How the agent picks the next link: the chapter's three strategies, each one registered
:class:`Strategy` (names, rule text, colour, chooser, whether it uses memory, batch kernel).

- ``random``: no memory, a uniformly random link on the page.
- ``visited``: a random link to a page not in memory; when every link is remembered, any link.
- ``frontier``: like ``visited``, but when every link is remembered it searches breadth-first
  through the link lists in memory for the nearest page not in memory and takes the first hop of
  that path. With nothing left to find it stops: the agent believes it is done.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from memviz.core.memory import Memory
from memviz.core.registry import Bilingual, Registry
from memviz.core.rng import Mulberry32
from memviz.core.site import Site

# How a step's page was chosen (``StepEvent.how``).
HOW_RANDOM = "random"  # no memory: any link
HOW_FRESH = "fresh"  # a link to a page not in memory
HOW_FALLBACK = "fallback"  # all links remembered: any link
HOW_PLAN = "plan"  # first hop of a path planned through memory
HOW_DONE = "done"  # frontier found nothing left to explore and stopped
HOW_DEAD_END = "dead_end"  # the page has no link to click
HOW_RECORDED = "recorded"  # a recorded run replayed: the page the real agent went to next


Choice = tuple[int | None, str, tuple[int, ...] | None]
# (site, page, memory or None, rng) -> (next page or None, how, planned path or None)
Chooser = Callable[[Site, int, "Memory | None", Mulberry32], Choice]


@dataclass(frozen=True, eq=False)
class Strategy(Bilingual):
    """A way to pick the next link. ``kernel`` names the lock-step engine's implementation of the
    same rule (:data:`memviz.core.lockstep.STRATEGY_KERNELS`), or None: batches run it scalar."""

    name: str
    zh: str  # as said mid-sentence
    en: str
    rule_zh: str
    rule_en: str
    colour: str  # "#RRGGBB"
    choose: Chooser
    uses_memory: bool
    kernel: str | None = None


STRATEGIES: Registry[Strategy] = Registry("strategy", "strategy")


def get_strategy(name: str) -> Strategy:
    return STRATEGIES.get(name)


def uses_memory(strategy: str) -> bool:
    return STRATEGIES.get(strategy).uses_memory


def choose_random(site: Site, page: int, memory: Memory | None, rng: Mulberry32) -> Choice:
    links = site.clickable[page]
    if not links:
        return None, HOW_DEAD_END, None
    return links[rng.index(len(links))], HOW_RANDOM, None


def choose_visited(site: Site, page: int, memory: Memory, rng: Mulberry32) -> Choice:
    links = site.clickable[page]
    if not links:
        return None, HOW_DEAD_END, None
    remembered = memory.entries
    fresh = [q for q in links if q not in remembered]
    if fresh:
        return fresh[rng.index(len(fresh))], HOW_FRESH, None
    return links[rng.index(len(links))], HOW_FALLBACK, None


def choose_frontier(site: Site, page: int, memory: Memory, rng: Mulberry32) -> Choice:
    links = site.clickable[page]
    remembered = memory.entries
    fresh = [q for q in links if q not in remembered]
    if fresh:
        return fresh[rng.index(len(fresh))], HOW_FRESH, None
    path = plan_to_unremembered(site, page, remembered)
    if path is None:  # also the case on a page with no links
        return None, HOW_DONE if links else HOW_DEAD_END, None
    return path[1], HOW_PLAN, path


# No memory is the baseline: neutral grey. (It was vermillion, which every view uses for
# forgetting and for what went wrong: one colour, one meaning.)
STRATEGIES.register(Strategy(
    "random", "无记忆", "no memory", "每步随便点一个链接", "clicks any link at random",
    "#7F7F7F", choose_random, uses_memory=False, kernel="random_walk",
))  # fmt: skip
STRATEGIES.register(Strategy(
    "visited", "已访问集合", "visited set",
    "优先点还没记住的页面；都记住了就随便点", "prefers pages not in memory; if none, any link",
    "#0072B2", choose_visited, uses_memory=True, kernel="fresh_or_any",
))  # fmt: skip
STRATEGIES.register(Strategy(
    "frontier", "已访问集合 + 链接表", "visited set + link table",
    "优先点还没记住的页面；都记住了就沿记忆里的链接走向最近的新页面",
    "prefers pages not in memory; if none, walks remembered links to the nearest one",
    "#009E73", choose_frontier, uses_memory=True, kernel="fresh_or_plan",
))  # fmt: skip


def plan_to_unremembered(
    site: Site, page: int, remembered: dict[int, tuple[int, ...]]
) -> tuple[int, ...] | None:
    """Shortest path from ``page`` to the nearest page missing from memory, or None.

    From the current page the agent sees the real links; beyond it, only the link lists it
    remembers. Ties go to the first page reached in link order (breadth-first, FIFO queue).
    """
    parent: dict[int, int | None] = {page: None}
    queue = deque([page])
    while queue:
        p = queue.popleft()
        for q in site.clickable[p] if p == page else remembered.get(p, ()):
            if q in parent:
                continue
            parent[q] = p
            if q not in remembered:
                # BFS pops in push order, so the first such page pushed is the first one popped.
                path = [q]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])
                return tuple(reversed(path))
            queue.append(q)
    return None
