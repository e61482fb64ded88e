"""How the agent picks the next link: the chapter's three strategies, each one registered
:class:`Strategy` (names, rule text, colour, chooser, whether it uses memory, batch kernel).

- ``random``: no memory, a uniformly random link on the page.
- ``visited``: a random link to a page not in memory; when every link is remembered, any link.
- ``frontier``: like ``visited``, but when every link is remembered it searches breadth-first
  through the link lists in memory for the nearest page not in memory and takes the first hop of
  that path. With nothing left to find it stops: the agent believes it is done.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

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


class StrategyKernel(NamedTuple):
    """One of the lock-step engine's ways to pick links (:mod:`memviz.core.lockstep`), and the
    scalar chooser whose rule, draws included, it reproduces. A strategy may carry it only if the
    strategy picks with that very chooser (checked when the strategy is registered). A named tuple,
    not a frozen dataclass: made as every command starts (issue 41)."""

    name: str
    implements: Chooser
    uses_memory: bool

    def __repr__(self) -> str:
        return f"<strategy kernel {self.name}>"


class Strategy(Bilingual):
    """A way to pick the next link. ``kernel`` is the lock-step engine's implementation of the
    same rule (one of :data:`STRATEGY_KERNELS`), or None: batches run it in the scalar engine.

    A plain class, as :class:`memviz.core.policies.Policy` is, not a frozen dataclass: every start
    registers the chapter's strategies, and a dataclass compiled its methods from source first
    (issue 41). Compared by identity, as registered objects are."""

    def __init__(
        self, name: str, zh: str, en: str, rule_zh: str, rule_en: str, colour: str, choose: Chooser,
        uses_memory: bool, kernel: StrategyKernel | None = None, plans: bool = False,
        reads_context: bool | None = None,
    ) -> None:  # fmt: skip
        self.name = name
        self.zh, self.en = zh, en  # as said mid-sentence
        self.rule_zh, self.rule_en = rule_zh, rule_en
        self.colour = colour  # "#RRGGBB"
        self.choose = choose
        self.uses_memory = uses_memory
        self.kernel = kernel
        self.plans = plans  # walks a path planned through memory (HOW_PLAN): the graph draws the route
        # Issue 38: whether the chooser reads the session context (is shown what memory and context
        # know together). None: as it uses memory; the no-memory baseline carries its history unread.
        self.reads_context = uses_memory if reads_context is None else reads_context

    def __repr__(self) -> str:
        return f"<strategy {self.name}>"

    def with_(self, **changes) -> "Strategy":
        """A copy with ``changes``: the same rule under another name and colour, say, to register."""
        names = Strategy.__init__.__code__.co_varnames[1 : Strategy.__init__.__code__.co_argcount]
        unknown = changes.keys() - set(names)
        if unknown:
            raise TypeError(f"Strategy has no field {sorted(unknown)[0]!r}")
        return Strategy(**{**{name: getattr(self, name) for name in names}, **changes})

    @property
    def needs_context(self) -> bool:
        """Knows only what its session context holds: with the context off it knows nothing (and
        walks as the no-memory baseline does), so a table without a context leaves it out."""
        return self.reads_context and not self.uses_memory


def check_kernel(strategy: Strategy) -> None:
    """ValueError unless the strategy's batch kernel (if any) is the engine's and picks as it does."""
    kernel = strategy.kernel
    if kernel is None:
        return
    if not any(kernel is ours for ours in STRATEGY_KERNELS):  # a look-alike tuple is equal, not ours
        raise ValueError(
            f"strategy {strategy.name}: {kernel!r} is not a batch kernel "
            f"(the engine has {', '.join(k.name for k in STRATEGY_KERNELS)}); register it without one"
        )
    if kernel.implements is not strategy.choose or kernel.uses_memory != strategy.uses_memory:
        raise ValueError(
            f"strategy {strategy.name}: batch kernel {kernel.name} implements "
            f"{kernel.implements.__name__}, not {strategy.choose.__name__}; batches would give another "
            "strategy's numbers"
        )


STRATEGIES: Registry[Strategy] = Registry("strategy", "strategy", check_kernel, "memviz.strategies", Strategy)


def uses_memory(strategy: str) -> bool:
    return STRATEGIES.get(strategy).uses_memory


def baseline_strategy() -> str:
    """The strategy every comparison is made against: the first registered that uses no memory."""
    return STRATEGIES.first(lambda s: not s.uses_memory).name


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


# The lock-step engine's ways to pick (its engines: ``random_walk`` the no-memory one, the others the
# memory one; ``fresh_or_any`` falls back to any link, ``fresh_or_plan`` plans through memory).
RANDOM_WALK = StrategyKernel("random_walk", choose_random, uses_memory=False)
FRESH_OR_ANY = StrategyKernel("fresh_or_any", choose_visited, uses_memory=True)
FRESH_OR_PLAN = StrategyKernel("fresh_or_plan", choose_frontier, uses_memory=True)
STRATEGY_KERNELS = (RANDOM_WALK, FRESH_OR_ANY, FRESH_OR_PLAN)

# No memory is the baseline: neutral grey. (It was vermillion, which every view uses for
# forgetting and for what went wrong: one colour, one meaning.)
STRATEGIES.register(Strategy(
    "random", "无记忆", "no memory", "每步随便点一个链接", "clicks any link at random",
    "#7F7F7F", choose_random, uses_memory=False, kernel=RANDOM_WALK,
))  # fmt: skip
STRATEGIES.register(Strategy(
    "visited", "已访问集合", "visited set",
    "优先点还没记住的页面；都记住了就随便点", "prefers pages not in memory; if none, any link",
    "#0072B2", choose_visited, uses_memory=True, kernel=FRESH_OR_ANY,
))  # fmt: skip
STRATEGIES.register(Strategy(
    "frontier", "已访问集合 + 链接表", "visited set + link table",
    "优先点还没记住的页面；都记住了就沿记忆里的链接走向最近的新页面",
    "prefers pages not in memory; if none, walks remembered links to the nearest one",
    "#009E73", choose_frontier, uses_memory=True, kernel=FRESH_OR_PLAN, plans=True,
))  # fmt: skip


class _NothingKnown:
    """What a session strategy knows with the context off: nothing (it walks as ``random`` does)."""

    __slots__ = ()
    entries: dict[int, tuple[int, ...]] = {}  # noqa: RUF012 -- never written


def choose_session(site: Site, page: int, known: Memory | None, rng: Mulberry32) -> Choice:
    """The frontier rule over what the session context knows (``known``: the pages known as visited,
    with the links known for each); with the context off it knows nothing."""
    return choose_frontier(site, page, known if known is not None else _NothingKnown(), rng)


# Issue 38: the session context alone, no injected memory (memviz.core.context). With a window too
# small for one turn it walks the random path, with an unlimited one frontier's (docs/context.md).
STRATEGIES.register(Strategy(
    "session", "会话内记忆", "context only",
    "不带外部记忆，只靠上下文里的历史：优先点上下文里没去过的页面，都去过就沿上下文里的链接走向最近的新页面",
    "no memory injected, only the history in its context: prefers pages the context has not seen, "
    "else walks the links it holds to the nearest new one",
    "#E69F00", choose_session, uses_memory=False, plans=True, reads_context=True,
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
