"""The agent's memory: pages it has visited, each with the link list it saw there.

Capacity may be unlimited (``None``) or a number of entries; when full, the run's eviction policy
(:mod:`memviz.core.policies`) picks the entry to forget. The dict's order is the eviction order:
insertion order for FIFO, recency for LRU, which is also the order the memory panel lists
entries in.
"""

from __future__ import annotations

import inspect

from memviz.core.policies import POLICIES, EvictionContext, Policy, get_policy
from memviz.core.rng import Mulberry32

__all__ = ["POLICIES", "TOUCHED", "WRITTEN", "Memory"]  # POLICIES: the registry, also found here

# What a write did, as reported in step events.
WRITTEN = "written"
TOUCHED = "touched"


class Memory:
    __slots__ = ("_on_revisit", "_on_write", "_victim", "capacity", "context", "entries", "policy", "rule")

    def __init__(
        self,
        capacity: int | None,
        policy: str,
        rng: Mulberry32,
        context: EvictionContext | None = None,
    ) -> None:
        rule: Policy = get_policy(policy)
        if capacity is not None and capacity < 1:
            raise ValueError(f"capacity: must be at least 1 or unlimited, got {capacity}")
        self.capacity = capacity
        self.policy = policy  # the policy's name
        self.rule = rule
        self.context = context if context is not None else EvictionContext(rng)
        self.context.state = rule.new_state()  # this run's, whoever else uses the policy
        self._victim = rule.victim
        self._on_revisit = _with_context(rule.on_revisit) if rule.touches_on_revisit else None
        overrides_write = type(rule).on_write is not Policy.on_write
        self._on_write = rule.on_write if overrides_write else None
        self.entries: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, page: int) -> bool:
        return page in self.entries

    def order(self) -> list[int]:
        """Pages from the next to be evicted (by FIFO/LRU) to the most recent."""
        return list(self.entries)

    def write(self, page: int, links: tuple[int, ...]) -> tuple[str | None, int | None, int | None]:
        """Record a visit to ``page``: (WRITTEN, TOUCHED or None; the evicted page or None; the slot,
        in eviction order before the write, that the evicted entry or the touched one was in)."""
        entries = self.entries
        if page in entries:
            if self._on_revisit is not None:
                slot = self._on_revisit(entries, page, self.context)
                if slot is not None:
                    return TOUCHED, None, slot
            return None, None, None
        evicted = slot = None
        if self.capacity is not None and len(entries) >= self.capacity:
            slot = self._victim(entries, self.context)
            evicted = next(iter(entries)) if slot == 0 else list(entries)[slot]
            del entries[evicted]
        entries[page] = links
        if self._on_write is not None:
            self._on_write(entries, page, self.context)
        return WRITTEN, evicted, slot

    def drop(self, pages: tuple[int, ...]) -> None:
        for page in pages:
            del self.entries[page]


def _with_context(on_revisit):
    """``on_revisit`` called as (entries, page, ctx): a plugin written before the hook took the run's
    context (two arguments) is called without it."""
    try:
        parameters = inspect.signature(on_revisit).parameters
    except (TypeError, ValueError):  # a builtin or an odd callable: assume today's signature
        return on_revisit
    if len(parameters) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in parameters.values()):
        return on_revisit
    return lambda entries, page, ctx: on_revisit(entries, page)
