"""Plain, slow readings of the memory rules that go beyond the chapter's script (issues 12 and 13).

Written from the issues' words, independently of memviz.core, in the style of ``oracle.py``: one
step at a time, dicts and lists, nothing clever. Tests hold the engines against these, and the
figures the issues quote were measured with them.

- ``opt``: when memory is full, for each entry in eviction order, simulate the rest of the budget
  from this state with that entry evicted (FIFO afterwards) on a copy of the random state; evict the
  first entry that gives the highest coverage at the end. It draws no random number itself.
- ``ttl``: memory in recency order (a revisit moves the entry last). At the start of step s, before
  its tokens are counted and its link chosen, every entry whose last visit v has s - v > T is
  dropped. With a capacity too, a full memory evicts the least recently visited.
- Per step: whether a revisit was forgotten (visited before, not in memory when the agent arrives),
  and the reuse distance of a revisit (distinct pages visited between the two visits).
- Resume after an interruption at step K: session 2 starts at the start page with memory and bug
  list as persisted (none / after step K / after the last milestone M*floor(K/M)), the random stream
  and step numbers go on.
"""

from __future__ import annotations

import math

from tests.core.oracle import links_of, mulberry32
from tests.core.oracle_walk import choose


class _Draws:
    """mulberry32 whose state can be copied (the chapter's closure cannot)."""

    def __init__(self, seed: int, a: int | None = None) -> None:
        self.a = seed & 0xFFFFFFFF if a is None else a

    def __call__(self) -> float:
        self.a = (self.a + 0x6D2B79F5) & 0xFFFFFFFF
        t = ((self.a ^ (self.a >> 15)) * (self.a | 1)) & 0xFFFFFFFF
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    def copy(self) -> _Draws:
        return _Draws(0, self.a)


assert _Draws(1000)() == mulberry32(1000)()  # the same generator as the chapter's


class _Run:
    """The whole state of one run, copyable, for opt's look-ahead."""

    def __init__(self, doc, strategy, seed, capacity, policy, budget, ttl=None):
        self.doc, self.links = doc, links_of(doc)
        self.bugs = {b["page"] for b in doc.get("bugs", [])}
        self.strategy, self.capacity, self.policy, self.budget, self.ttl = (
            strategy, capacity, policy, budget, ttl,
        )  # fmt: skip
        self.draw = _Draws(seed)
        self.memory = {} if strategy != "random" else None  # page -> links, in eviction order
        self.last_visit: dict[int, int] = {}  # page -> step of its last visit (ttl)
        start = doc.get("start", 0)
        self.cur, self.seen, self.reported = start, {start}, set()
        self.path, self.step, self.reports, self.tokens = [start], 0, 0, 0
        self.history = [start]  # every page visited, across sessions (path restarts with a session)
        self.steps_info: list[dict] = []
        self.finished = False
        if self.memory is not None:
            self.remember(start)

    def copy(self, policy=None) -> _Run:
        other = object.__new__(_Run)
        other.__dict__.update(self.__dict__)
        other.draw = self.draw.copy()
        other.memory = None if self.memory is None else dict(self.memory)
        other.last_visit = dict(self.last_visit)
        other.seen, other.reported, other.path = set(self.seen), set(self.reported), list(self.path)
        other.history = list(self.history)
        other.steps_info = []
        if policy is not None:
            other.policy = policy
        return other

    def remember(self, page):
        memory = self.memory
        self.last_visit[page] = self.step
        if page in memory:
            if self.policy in ("lru", "ttl"):
                del memory[page]
                memory[page] = self.links[page]
            return None
        victim = None
        if self.capacity is not None and len(memory) >= self.capacity:
            order = list(memory)
            if self.policy == "random":
                victim = order[math.floor(self.draw() * len(order))]
            elif self.policy == "opt":
                victim = self._clairvoyant_victim(order, page)
            else:  # fifo: oldest written; lru and ttl: least recently visited (both keep recency order)
                victim = order[0]
            del memory[victim]
        memory[page] = self.links[page]
        return victim

    def _clairvoyant_victim(self, order, page):
        best, best_coverage = None, -1.0
        for candidate in order:
            future = self.copy(policy="fifo")
            del future.memory[candidate]
            future.memory[page] = self.links[page]
            future.last_visit[page] = self.step
            future.run_to_end()
            coverage = len(future.seen) / len(self.doc["pages"])
            if coverage > best_coverage:
                best, best_coverage = candidate, coverage
        return best

    def expire(self):
        """ttl: at the start of step s, drop every entry whose last visit v has s - v > T."""
        s = self.step + 1
        for page in [p for p in self.memory if s - self.last_visit[p] > self.ttl]:
            del self.memory[page]

    def advance(self) -> bool:
        """One step; False when the run is over."""
        if self.finished or self.step >= self.budget:
            self.finished = True
            return False
        if self.memory is not None and self.policy == "ttl" and self.ttl is not None:
            self.expire()
        self.tokens += 3000 + (40 * len(self.memory) if self.memory is not None else 0)
        nxt = choose(self.strategy, self.links[self.cur], self.cur, self.memory or {}, self.draw)
        if nxt is None:
            self.finished = True
            return False
        visited_before = nxt in self.seen
        forgotten = self.memory is not None and visited_before and nxt not in self.memory
        distance = None
        if visited_before:
            last = len(self.history) - 1 - self.history[::-1].index(nxt)
            distance = len(set(self.history[last + 1 :]))
        self.cur = nxt
        self.step += 1
        self.path.append(nxt)
        self.history.append(nxt)
        self.seen.add(nxt)
        if nxt in self.bugs and not (self.memory is not None and nxt in self.reported):
            self.reports += 1
            self.reported.add(nxt)
        victim = self.remember(nxt) if self.memory is not None else None
        self.steps_info.append(
            {"step": self.step, "page": nxt, "evicted": victim, "forgotten_revisit": forgotten,
             "reuse_distance": distance, "memory": None if self.memory is None else list(self.memory)}
        )  # fmt: skip
        return True

    def run_to_end(self):
        while self.advance():
            pass
        return self


def memory_run(doc, strategy, seed, capacity=None, policy="fifo", budget=30, ttl=None):
    """A run under any policy (fifo, lru, random, opt, ttl) with what each step did."""
    run = _Run(doc, strategy, seed, capacity, policy, budget, ttl).run_to_end()
    revisits = sum(1 for s in run.steps_info if s["reuse_distance"] is not None)
    return {
        "coverage": len(run.seen) / len(doc["pages"]),
        "path": run.path,
        "steps": run.steps_info,
        "revisits": revisits,
        "forgotten_revisits": sum(s["forgotten_revisit"] for s in run.steps_info),
        "evictions": sum(s["evicted"] is not None for s in run.steps_info),
        "reports": run.reports,
        "bugs": len(run.reported),
    }


def resumed_run(doc, strategy, seed, interrupt_at, persist="none", capacity=None, policy="fifo", budget=30):
    """Session 1 makes steps 1..K; session 2 starts at the start page with what was persisted.

    ``persist``: "none" (empty memory and bug list), "step" (as after step K) or "milestone:M" (as
    after step M*floor(K/M); after step 0 that is the start page alone).
    """
    run = _Run(doc, strategy, seed, capacity, policy, budget)
    snapshots = {0: (dict(run.memory or {}), set(run.reported))}
    while run.step < interrupt_at and run.advance():
        snapshots[run.step] = (dict(run.memory or {}), set(run.reported))
    session1 = list(run.path)
    if run.finished or run.step < interrupt_at:  # stopped by itself before K: the run is over
        return {"coverage": len(run.seen) / len(doc["pages"]), "sessions": [session1], "dups": 0,
                "reports": run.reports}  # fmt: skip
    if persist == "none":
        memory, reported = {}, set()
    elif persist == "step":
        memory, reported = snapshots[interrupt_at]
    else:
        m = int(persist.split(":")[1])
        memory, reported = snapshots[m * (interrupt_at // m)]
    bugs_found = set(run.reported)
    run.memory = None if run.memory is None else dict(memory)
    run.reported = set(reported)
    start = doc.get("start", 0)
    run.cur = start
    run.path = [start]
    if run.memory is not None:
        run.remember(start)
    # Session 2 counts its reports on top of session 1's; a bug reported again is a duplicate.
    reports_before = run.reports
    run.run_to_end()
    reports_after = run.reports - reports_before
    all_bugs = bugs_found | run.reported
    reports = reports_before + reports_after
    return {
        "coverage": len(run.seen) / len(doc["pages"]),
        "sessions": [session1, run.path],
        "reports": reports,
        "dups": reports - len(all_bugs),
    }
