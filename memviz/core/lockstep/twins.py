"""Twin runs in the memory batch: a visited run and a frontier run of the same settings and seed.

The two strategies choose alike (a fresh link, drawn the same way) until a step on a page with links
none of which is fresh: there visited draws any link and frontier plans. A report asks for both on
the same seeds (its strategies table, its cost of finding every bug), and under ``--read top:K``
most such pairs never reach that step in 5,000 (entries left out of the call look fresh). So the
batch steps one row for the pair, the visited run's, and parts them at that step: the frontier run
gets a copy of the row's state as it stands before the choice and goes its own way. A pair still
together at the end gets the same result twice (its path, tokens and stop reason are one run's).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.strategies import FRESH_OR_ANY, FRESH_OR_PLAN, STRATEGIES

# every setting but the strategy: twins agree on all of them
_ALL_BUT_STRATEGY = attrgetter(*(f for f in RunConfig.FIELDS if f != "strategy"))


def pair_twins(configs: Sequence[RunConfig], ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The runs of ``ids`` to step (each frontier run with a visited twin left out) and, for each,
    its twin's id riding along (-1: none)."""
    waiting: dict[tuple, list[int]] = {}  # visited runs by their settings, waiting for a twin
    frontier: list[int] = []
    for i in ids.tolist():
        kernel = STRATEGIES.get(configs[i].strategy).kernel
        if kernel is FRESH_OR_ANY:
            waiting.setdefault(_ALL_BUT_STRATEGY(configs[i]), []).append(i)
        elif kernel is FRESH_OR_PLAN:
            frontier.append(i)
    twin_of: dict[int, int] = {}
    for j in frontier:
        mates = waiting.get(_ALL_BUT_STRATEGY(configs[j]))
        if mates:
            twin_of[mates.pop(0)] = j
    if not twin_of:
        return ids, np.full(len(ids), -1, dtype=np.int64)
    riding = set(twin_of.values())
    kept = np.array([i for i in ids.tolist() if i not in riding], dtype=np.int64)
    return kept, np.array([twin_of.get(i, -1) for i in kept.tolist()], dtype=np.int64)


class TwinRows:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with twins (see the module)."""

    # the per-run arrays, one row (or column, for ints and flags) per run, that a parted twin copies
    _ROW_ARRAYS = ("seeds", "draws", "unknown", "unseen", "slotted", "slot_page", "slot_stamp", "slot_met")

    def _part_twins(self, has_fresh: np.ndarray, degree: np.ndarray) -> bool:
        """As the choice is made (``has_fresh``: each run has a fresh link; ``degree``: its page's
        links): the pairs whose run has links, none fresh, part (the frontier run's row is appended,
        a copy of its twin's as it stands before the choice). Whether any did."""
        part = np.flatnonzero((self.twin >= 0) & ~has_fresh & (degree > 0))
        if not len(part):
            return False
        t = self.t
        mates = self.twin[part]
        self.twin[part] = -1
        for name in self._ROW_ARRAYS:
            array = getattr(self, name)
            setattr(self, name, np.concatenate([array, array[part]]))
        if self.missing_links is not None:
            self.missing_links = np.concatenate([self.missing_links, self.missing_links[part]])
        if self.believed is not None:
            self.believed = np.concatenate([self.believed, self.believed[part]])
        self.ints = np.concatenate([self.ints, self.ints[:, part]], axis=1)
        self.flags = np.concatenate([self.flags, self.flags[:, part]], axis=1)
        self.twin = np.concatenate([self.twin, np.full(len(part), -1, dtype=np.int64)])
        self._copy_runs(self.ids[part], mates, t)
        self.ids = np.concatenate([self.ids, mates])
        self._bind()
        self.visited_only[-len(part) :] = False  # the frontier runs
        self.any_twins = bool((self.twin >= 0).any())
        return True

    def _copy_runs(self, ids: np.ndarray, mates: np.ndarray, t: int) -> None:
        """Each of ``mates`` has walked as its twin of ``ids`` has, ``t`` steps."""
        self.paths.buf[: t + 1, mates] = self.paths.buf[: t + 1, ids]
        bug_tokens = self.finals.bug_tokens
        for i, j in zip(ids.tolist(), mates.tolist(), strict=True):
            bug_tokens[j] = list(bug_tokens[i])

    def _finish_twins(self, done: np.ndarray, t: int) -> None:
        """The twins riding on the runs in ``done``, which finish after ``t`` steps: their results are
        their twins' (call it before the twins' finals are read)."""
        together = done & (self.twin >= 0)
        if not together.any():
            return
        ids, mates = self.ids[together], self.twin[together]
        self._copy_runs(ids, mates, t)
        finals = self.finals
        for name in ("steps", "pages_seen", "bugs", "reports", "tokens"):
            values = getattr(finals, name)
            values[mates] = values[ids]
        for i, j in zip(ids.tolist(), mates.tolist(), strict=True):
            finals.reason[j] = finals.reason[i]
        self.finished_since_poll += len(mates)
