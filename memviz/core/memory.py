"""The agent's memory: pages it has visited, each with the link list it saw there.

Capacity may be unlimited (``None``) or a number of entries; when full, one entry is evicted by
FIFO (oldest written), LRU (least recently visited) or random (drawn from the run's own RNG, so a
seed still decides everything). The dict's order is the eviction order: insertion order for FIFO,
recency for LRU, which is also the order the memory panel lists entries in.
"""

from __future__ import annotations

from typing import Literal

from memviz.core.rng import Mulberry32

Policy = Literal["fifo", "lru", "random"]
POLICIES: tuple[str, ...] = ("fifo", "lru", "random")

# What a write did, as reported in step events.
WRITTEN = "written"
TOUCHED = "touched"


class Memory:
    __slots__ = ("_rng", "capacity", "entries", "policy")

    def __init__(self, capacity: int | None, policy: str, rng: Mulberry32) -> None:
        if policy not in POLICIES:
            raise ValueError(
                f"policy: unknown eviction policy {policy!r} (choose from {', '.join(POLICIES)})"
            )
        if capacity is not None and capacity < 1:
            raise ValueError(f"capacity: must be at least 1 or unlimited, got {capacity}")
        self.capacity = capacity
        self.policy = policy
        self._rng = rng
        self.entries: dict[int, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, page: int) -> bool:
        return page in self.entries

    def order(self) -> list[int]:
        """Pages from the next to be evicted (by FIFO/LRU) to the most recent."""
        return list(self.entries)

    def write(self, page: int, links: tuple[int, ...]) -> tuple[str | None, int | None]:
        """Record a visit to ``page``; return (WRITTEN, TOUCHED or None, the evicted page or None)."""
        entries = self.entries
        if page in entries:
            if self.policy == "lru":  # a revisit counts as use: move the entry to the newest end
                del entries[page]
                entries[page] = links
                return TOUCHED, None
            return None, None
        evicted = None
        if self.capacity is not None and len(entries) >= self.capacity:
            if self.policy == "random":
                keys = list(entries)
                evicted = keys[self._rng.index(len(keys))]
            else:
                evicted = next(iter(entries))
            del entries[evicted]
        entries[page] = links
        return WRITTEN, evicted
