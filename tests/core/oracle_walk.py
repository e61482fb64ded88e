"""The chapter's walk, one step of it, as the plain readings (``oracle*.py``) all take it: which
link an agent clicks, and how a page is written to a capacity-bound memory. Written once, from the
chapter, independently of memviz.core; each reading adds its own rules around it."""

from __future__ import annotations

import math


def pick(options, draw):
    """One of ``options``, by the chapter's ``floor(draw() · n)``."""
    return options[math.floor(draw() * len(options))]


def choose(strategy, here, cur, memory, draw):
    """The next page from ``cur``, whose clickable links are ``here``: random clicks any; visited and
    frontier a link not in ``memory`` (a dict page -> links) if there is one; else frontier walks
    memory's links breadth first to the nearest page not in it and takes the first step there, and
    visited clicks any. None where there is nothing to click (or, for frontier, nowhere new)."""
    if strategy == "random":
        return pick(here, draw) if here else None
    fresh = [q for q in here if q not in memory]
    if fresh:
        return pick(fresh, draw)
    if strategy == "frontier":
        prev, queue = {cur: None}, [cur]
        while queue:
            p = queue.pop(0)
            if p != cur and p not in memory:
                while prev[p] != cur:
                    p = prev[p]
                return p
            for q in here if p == cur else memory.get(p, []):
                if q not in prev:
                    prev[q] = p
                    queue.append(q)
        return None
    return pick(here, draw) if here else None


def remember(memory, links, page, capacity, policy, draw):
    """Write ``page`` (with its links) to ``memory``, a dict in eviction order: a page already there
    moves last under LRU and stays put otherwise; a full memory first drops its first entry (FIFO,
    LRU) or one drawn at random."""
    if page in memory:
        if policy == "lru":
            del memory[page]
            memory[page] = links[page]
        return
    if capacity is not None and len(memory) >= capacity:
        order = list(memory)
        victim = pick(order, draw) if policy == "random" else order[0]
        del memory[victim]
    memory[page] = links[page]
