"""Reading runs whose memories hold still: two of a call's three scores kept between steps (issue 41).

A report read at top:8 steps its last few dozen cost runs 5,000 times, and most of those steps write
nothing (every run walks among pages it holds). Of an entry's three scores only recency changes from
step to step: importance, normalised over the run's entries, changes only when an entry is written,
and relevance, normalised over them too, only when the entries or the page the call is made on
change. So while no run writes, each run's importance and relevance, normalised and negated as
:func:`memviz.core.lockstep.reading._padded_keys` computes them (the same float operations on the
same values: bit for bit its numbers), are kept, relevance for every page the run may stand on, and
a step computes recency alone, adds the kept scores and ranks: a third of the numpy calls of
:func:`memviz.core.lockstep.reading.injected_in_order`.

The case is :meth:`memviz.core.lockstep.reading_step.ReadingRows._inject_over_k`'s (every run reads
at one K and holds more than K entries, in slots in eviction order, none emptied) and two facts of
it: the page a run stands on is held and was met when the run arrived, at this step, so its recency,
``0.995 ** 0 = 1``, is the run's highest (an empty slot may take 1 too without changing a minimum or
a maximum); and no other entry was met at this step (entries are injected after the call's ranking),
so a run holding more than one entry has a lower one: the span of recency is never 0. The kept
scores go stale when a run writes (:meth:`memviz.core.lockstep.memory_walk._MemoryBatch._move`
drops them) or when the rows change (runs finish, twins part: the slots are new arrays); they are
made again at the next call. The page each run holds in each slot, and the slot of each page it
holds, are kept with them: a call marks what it leaves out, and a revisit meets its page, by one
look-up.
"""

from __future__ import annotations

import numpy as np

# Over this many runs the batch ranks as before: making the kept scores costs a pass over runs ×
# pages × slots, which a wide batch (writing at most steps) would pay at most steps.
STANDING_MAX_RUNS = 128


def negated_normalised(values: np.ndarray) -> np.ndarray:
    """Minus each value min-max normalised over the first axis (all equal: minus 0.5), in
    :func:`memviz.core.lockstep.reading._padded_keys`'s float operations: ``(low - v) / span``.
    Slots on the first axis: numpy reduces across contiguous rows many times faster than along
    short ones."""
    low = values.min(0)
    span = values.max(0)
    span -= low
    flat = span == 0
    span += flat  # 1 where all are equal (their values become 0, then 0.5)
    out = np.subtract(low, values)
    out /= span
    if np.count_nonzero(flat):
        np.copyto(out, -0.5, where=flat)
    return out


class StandingScores:
    """The kept scores of a batch's runs (runs × slots, the slots up to the largest memory's size),
    made from its slots as they stand."""

    def __init__(self, batch) -> None:
        n, n1, reading = batch.n, batch.n1, batch.reading
        count, slots = batch.slot_page.shape
        self.slot_page = batch.slot_page  # the array they were made from (a new one: made again)
        self.width = width = int(batch.size.max())
        pages = batch.slot_page[:, :width]
        self.empty = pages == n
        # empty slots take the first slot's page (always held: slots in order, none emptied), so that
        # minima and maxima are those of the entries, as _padded_keys pads them
        padded = np.ascontiguousarray(np.where(self.empty, pages[:, :1], pages).T)  # slots × runs
        importance = np.ascontiguousarray(negated_normalised(reading.importance.take(padded)).T)
        importance[self.empty] = np.inf  # an empty slot's key: inf, ranked last
        self.importance = importance
        # relevance on each page q a run may stand on, row r · (n + 1) + q: cosine(entry, q), which is
        # cosine(q, entry) exactly (slots × runs × pages, then a row per run and page)
        relevance = negated_normalised(reading.relevance.take(padded, axis=0)).reshape(width, -1)
        self.relevance = np.ascontiguousarray(relevance.T)
        self.relevance_rows = np.arange(count, dtype=np.int64) * n1
        # each slot's cell in a runs × pages table (believed, see _inject), over all the slots
        self.slot_cell = batch.slot_page + (np.arange(count, dtype=np.int64) * n1)[:, None]
        self.slot_rows = (np.arange(count, dtype=np.int64) * slots)[:, None]
        # the slot (counted over every run's slots) that holds each run's page, by the page's cell
        self.slot_of_cell = np.zeros(count * n1, dtype=np.int64)
        held = ~(batch.slot_page == n)
        self.slot_of_cell[self.slot_cell[held]] = (np.arange(count * slots).reshape(count, slots))[held]
        # believed before a call marks what it carries: every page unknown but the padding
        self.unknown = np.ones((count, n1), dtype=bool)
        self.unknown[:, n] = False
        self.distance = np.empty((count, width), dtype=np.int64)
        self.recency = np.empty((count, width), dtype=np.float64)


class StandingRows:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with the kept scores (see the module)."""

    standing: StandingScores | None = None

    def _standing_scores(self) -> StandingScores:
        """The kept scores, made again if the batch's slots have changed since they were made."""
        kept = self.standing
        if kept is None or kept.slot_page is not self.slot_page:
            kept = self.standing = StandingScores(self)
        return kept

    def _inject_standing(self, t: int) -> np.ndarray:
        """``_inject_over_k`` from the kept scores: the K entries each run's call at step ``t`` carries,
        met now; sets ``believed``. Every call carries K entries."""
        kept = self._standing_scores()
        width = kept.width
        met = self.slot_met[:, :width]
        recency = kept.recency
        np.subtract(t, met, out=kept.distance)
        self.reading.decay_until(t).take(kept.distance, out=recency)
        np.copyto(recency, 1.0, where=kept.empty)  # neither the lowest nor above the highest, 1
        low = recency.min(1, keepdims=True)
        span = np.subtract(1.0, low)  # the highest is 1: the page the run stands on (see the module)
        np.subtract(low, recency, out=recency)
        recency /= span
        key = recency + kept.importance  # (r + w) + v, the scalar engine's order, negated
        key += kept.relevance.take(kept.relevance_rows + self.page, axis=0)
        at = key.argsort(1, kind="stable")[:, : self.fresh_k]  # ties to the earlier slot, as sorted()
        at += kept.slot_rows
        self.slot_met.ravel()[at] = t
        believed = self.believed = kept.unknown.copy()
        believed.ravel()[kept.slot_cell.ravel().take(at)] = False  # what the call carries is known
        return self.read_k
