"""The injected memory of a real model: the simulation's own :class:`memviz.core.memory.Memory`.

The same class, capacity and eviction policy the engine uses hold the visited set (each entry a page
and the links seen there, the link table); a bug list holds the reports filed (one per fingerprint,
as the chapter dedups). The harness writes it, never the model: at the start page and on every
arrival at a page of the site, as the engine writes on every step. Each round the block it renders
is injected into the prompt (:mod:`memviz.agent.prompt`):

- ``none``: no block (the chapter's "no memory": nothing of where the agent has been);
- ``visited``: the visited set and the bug list;
- ``frontier``: the same and the link table (what each remembered page links to).

Policy ``opt`` is refused: its look-ahead plays the strategy's rule, and a model follows none.
"""

from __future__ import annotations

from memviz.core.memory import Memory
from memviz.core.policies import EvictionContext, get_policy
from memviz.core.rng import Mulberry32
from memviz.core.trace import Report

MODES = ("none", "visited", "frontier")


class _Clock(EvictionContext):
    """What a policy may ask: the step and each page's last visit (policy ttl's clock)."""

    __slots__ = ("last", "now", "time_to_live")

    def __init__(self, rng: Mulberry32, ttl: int | None) -> None:
        super().__init__(rng)
        self.now = 0
        self.last: dict[int, int] = {}
        self.time_to_live = ttl

    @property
    def step(self) -> int:
        return self.now

    def last_visit(self, page: int) -> int | None:
        return self.last.get(page)

    @property
    def ttl(self) -> int | None:
        return self.time_to_live


class AgentMemory:
    """The visited set with its link table (capacity, policy) and the bug list, for one run."""

    def __init__(
        self,
        mode: str,
        capacity: int | None = None,
        policy: str = "fifo",
        seed: int = 1000,
        ttl: int | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"memory: expected one of {', '.join(MODES)}, got {mode!r}")
        rule = get_policy(policy)
        if rule.simulates:  # opt: it plays the rest of the run to choose, by the strategy's rule
            raise ValueError(
                f"policy: {policy} looks ahead by playing the strategy's rule; a model follows none"
            )
        self.mode = mode
        rng = Mulberry32(seed)  # random eviction's draws: the run's seed, as the simulation's
        self.clock = _Clock(rng, (ttl or 8) if rule.takes_ttl else None)
        self.store = Memory(capacity, policy, rng, self.clock) if mode != "none" else None
        self.bugs: dict[tuple[str, str, str], Report] = {}
        self._dropped: tuple[int, ...] = ()

    @property
    def on(self) -> bool:
        return self.store is not None

    def begin_step(self, step: int) -> tuple[int, ...]:
        """As step ``step`` (1-based) begins: a policy that forgets by time drops what it drops."""
        if self.store is None:
            return ()
        self.clock.now = step
        rule = self.store.rule
        dropped = (
            tuple(rule.on_step_start(self.store.entries, step, self.clock)) if rule.acts_at_step_start else ()
        )
        self.store.drop(dropped)
        return dropped

    def arrive(self, page: int, links: tuple[int, ...], step: int) -> tuple[str | None, int | None]:
        """The agent reached ``page`` at ``step``: written (or touched); (what the write did, the page
        evicted)."""
        if self.store is None:
            return None, None
        self.clock.now = step
        self.clock.last[page] = step
        change, evicted, _slot = self.store.write(page, links)
        return change, evicted

    def file(self, report: Report) -> bool:
        """The model reported ``report``: True if the bug list did not hold it yet."""
        key = report.fingerprint
        if key in self.bugs:
            return False
        self.bugs[key] = report
        return True

    def pages(self) -> list[int]:
        """The remembered pages, next to be forgotten first."""
        return self.store.order() if self.store is not None else []

    def links_of(self, page: int) -> tuple[int, ...]:
        return self.store.entries[page] if self.store is not None else ()
