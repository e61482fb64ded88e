"""The chapter's rule for one run, read plainly and generalised to any site document (issue 29's baseline).

Independent of memviz (no import from it): the site is the JSON document ``memviz site generate``
writes, as a dict. What an agent on page p can click is the nav pages other than p, then p's own
links not in the nav, in that order (the chapter builds its LINKS so). Memory is a dict in eviction
order (insertion order; LRU moves a revisited entry to the end); a full memory forgets its first
entry (FIFO, LRU) or, for ``random``, the k-th with k = floor(draw · size). ``visited`` and
``frontier`` pick uniformly among links to pages not in memory; when there are none, ``visited``
picks any link and ``frontier`` searches breadth-first from the current page (its real links, then
only the link lists memory holds) for the nearest page not in memory and takes the first hop, or
stops when there is none. A plain loop with dicts and a deque, as one would write it by hand: the
benchmark's yardstick, and a check that the engines walk the same paths.
"""

from __future__ import annotations

import math
from collections import deque


def mulberry32(seed: int):
    a = seed & 0xFFFFFFFF

    def draw() -> float:
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = ((a ^ (a >> 15)) * (a | 1)) & 0xFFFFFFFF
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return draw


def clickable(doc: dict) -> list[list[int]]:
    nav = doc.get("nav", [])
    return [
        [q for q in nav if q != p] + [q for q in page.get("links", []) if q not in nav]
        for p, page in enumerate(doc["pages"])
    ]


def plain_run(doc: dict, links: list[list[int]], strategy: str, seed: int, capacity: int | None,
              policy: str, budget: int) -> dict:  # fmt: skip
    """One run of ``budget`` steps: its coverage and path (the start page, then each page moved to)."""
    draw = mulberry32(seed)
    start = doc.get("start", 0)
    memory = {start: links[start]}
    seen = {start}
    path = [start]
    cur = start
    for _ in range(budget):
        here = links[cur]
        fresh = [q for q in here if q not in memory]
        if fresh:
            nxt = fresh[math.floor(draw() * len(fresh))]
        elif not here:
            break
        elif strategy == "visited":
            nxt = here[math.floor(draw() * len(here))]
        else:  # frontier: breadth-first through what memory holds
            nxt = None
            reached = {cur}
            first_hop = {}
            queue = deque()
            for q in here:
                if q not in reached:
                    reached.add(q)
                    first_hop[q] = q
                    queue.append(q)
            while queue:
                p = queue.popleft()
                if p not in memory:
                    nxt = first_hop[p]
                    break
                for q in memory[p]:
                    if q not in reached:
                        reached.add(q)
                        first_hop[q] = first_hop[p]
                        queue.append(q)
            if nxt is None:
                break
        cur = nxt
        path.append(cur)
        seen.add(cur)
        if cur in memory:
            if policy == "lru":
                memory[cur] = memory.pop(cur)
            continue
        if capacity is not None and len(memory) >= capacity:
            if policy == "random":
                victim = list(memory)[math.floor(draw() * len(memory))]
            else:
                victim = next(iter(memory))
            del memory[victim]
        memory[cur] = links[cur]
    return {"coverage": len(seen) / len(links), "path": path}
