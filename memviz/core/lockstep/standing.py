"""Reading runs whose memories hold still, walked in a loop of their own from kept scores (issue 41).

A report read at top:8 steps its last few dozen cost runs 5,000 times (runs that never find every
bug and never settle, see :mod:`memviz.core.lockstep.settled`), and most of those steps write nothing:
every run walks among pages it holds. A step of the batch then costs what numpy charges per call,
whatever the runs, so this module takes those steps in as few calls as it can.

Of an entry's three scores only recency changes from step to step: importance, normalised over the
run's entries, changes only when an entry is written, and relevance, normalised over them too, only
when the entries or the page the call is made on change. So each run's importance and relevance,
normalised and negated as :func:`memviz.core.lockstep.reading._padded_keys` computes them (the same
float operations on the same values: bit for bit its numbers), are kept, relevance for every page the
run may stand on, and a call computes recency alone, adds the kept scores and ranks. With them are
kept the slot each run holds each page in and each link's slot per run and page, so that the choice
reads which links are fresh (a page the call carries is known, any other page fresh, as
``believed`` shows memory to the general step) and a revisit meets its page by a look-up or two.

The case is :meth:`memviz.core.lockstep.reading_step.ReadingRows._inject_over_k`'s (every run reads
at one K and holds more than K entries, in slots in eviction order, none emptied) and two facts of
it: the page a run stands on is held and was met when the run arrived, at this step, so its recency,
``0.995 ** 0 = 1``, is the run's highest (an empty slot may take 1 too without changing a minimum or
a maximum); and no other entry was met at this step (entries are injected after the call's ranking),
so a run holding more than one entry has a lower one: the span of recency is never 0. The loop's
steps are :meth:`memviz.core.lockstep.reading_step.ReadingRows._fresh_step`'s, the draw and the
pick its own; a step onto a page new to a run goes through the batch's ``_move`` (which marks the
runs that write: their kept scores are made again before the loop's next step), a step where a run
has no fresh link through the general choice. When the rows change (runs finish, twins part: the
slots are new arrays) the kept scores are made whole again.
"""

from __future__ import annotations

import numpy as np

from memviz.core.lockstep.common import POLL_EVERY
from memviz.core.lockstep.reading import negated_normalised
from memviz.core.lockstep.settled import CHECK_EVERY

# Over this many runs the batch ranks as before: making the kept scores costs a pass over runs ×
# pages × slots, which a wide batch (writing at most steps) would pay at most steps.
STANDING_MAX_RUNS = 128


class StandingScores:
    """The kept scores of a batch's runs (runs × slots, the slots up to the largest memory's size),
    made from its slots as they stand; a run's made again after it writes (``stale``)."""

    def __init__(self, batch) -> None:
        n1 = batch.n1
        count, slots = batch.slot_page.shape
        self.slot_page = batch.slot_page  # the array they were made from (a new one: made again)
        self.width = width = int(batch.size.max())
        self.empty = np.empty((count, width), dtype=bool)
        self.importance = np.empty((count, width))
        # relevance on each page q a run may stand on, row r · (n + 1) + q
        self.relevance = np.empty((count * n1, width))
        self.relevance_rows = np.arange(count, dtype=np.int64) * n1
        # each slot's cell in a runs × pages table (believed), over all the slots
        self.slot_cell = np.empty((count, slots), dtype=np.int64)
        self.slot_rows = (np.arange(count, dtype=np.int64) * slots)[:, None]
        # the slot (counted over every run's slots) that holds each run's page, by the page's cell;
        # two cells past the slots stand for a page not held (fresh to a choice) and the padding (never)
        self.not_held, self.padding = count * slots, count * slots + 1
        self.slot_of_cell = np.empty(count * n1, dtype=np.int64)
        # each link's slot (or cell past the slots), a row per link, a column per run and page
        self.link_slot = np.full((batch.width, count * n1), self.padding, dtype=np.int64)
        self.stale = np.zeros(count, dtype=bool)  # runs that wrote since their scores were made
        self.made_for(batch, np.arange(count))
        # a choice's fresh links: every slot's page but those the call carries, a page not held
        self.fresh = np.ones(count * slots + 2, dtype=bool)
        self.fresh[self.padding] = False
        # believed before a call marks what it carries: every page unknown but the padding
        self.unknown = np.ones((count, n1), dtype=bool)
        self.unknown[:, batch.n] = False
        self.distance = np.empty((count, width), dtype=np.int64)
        self.recency = np.empty((count, width), dtype=np.float64)

    def made_for(self, batch, rows: np.ndarray) -> None:
        """The kept scores and tables of the runs ``rows`` (rows of the batch), from their slots now."""
        n, n1, reading, width = batch.n, batch.n1, batch.reading, self.width
        slot_page = batch.slot_page[rows]
        pages = slot_page[:, :width]
        empty = self.empty[rows] = pages == n
        # empty slots take the first slot's page (always held: slots in order, none emptied), so that
        # minima and maxima are those of the entries, as _padded_keys pads them
        padded = np.ascontiguousarray(np.where(empty, pages[:, :1], pages).T)  # slots × runs
        importance = negated_normalised(reading.importance.take(padded), 0).T
        self.importance[rows] = np.where(empty, np.inf, importance)  # an empty slot's key: inf, last
        # cosine(entry, q), which is cosine(q, entry) exactly: slots × runs × pages, then a row per
        # run and page
        relevance = negated_normalised(reading.relevance.take(padded, axis=0), 0)
        self.relevance.reshape(-1, n1, width)[rows] = relevance.transpose(1, 2, 0)
        cells = rows * n1
        slot_cell = self.slot_cell[rows] = slot_page + cells[:, None]
        self.slot_of_cell.reshape(-1, n1)[rows] = self.not_held
        self.slot_of_cell[cells + n] = self.padding
        held = slot_page != n
        slots = slot_page.shape[1]
        self.slot_of_cell[slot_cell[held]] = (rows[:, None] * slots + np.arange(slots))[held]
        link_cells = cells[None, :, None] + batch.links.T[:, None, :]
        self.link_slot.reshape(len(self.link_slot), -1, n1)[:, rows, :n] = self.slot_of_cell.take(link_cells)


class StandingRows:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with the kept scores (see the module)."""

    standing: StandingScores | None = None

    def _standing_scores(self) -> StandingScores:
        """The kept scores, made again if the batch's rows have changed (runs finished or parted) or a
        memory outgrew them since they were made, and those of the runs that wrote."""
        kept = self.standing
        if kept is None or kept.slot_page is not self.slot_page or int(self.size.max()) > kept.width:
            kept = self.standing = StandingScores(self)
        elif np.count_nonzero(kept.stale):
            kept.made_for(self, np.flatnonzero(kept.stale))
            kept.stale[:] = False
        return kept

    def _standing_writes(self, flat: np.ndarray) -> None:
        """Before a step writes: the runs whose page (its cell, ``flat``) is not in memory write it."""
        kept = self.standing
        if kept.slot_page is not self.slot_page:
            self.standing = None
        else:
            kept.stale |= self.unknown.ravel().take(flat)

    def _standing_ready(self) -> bool:
        """Whether the batch's runs are of the case (see the module) and no run may have found every bug."""
        return (
            self.one_k
            and len(self.ids) <= STANDING_MAX_RUNS
            and (self.over_k or self._now_over_k())
            and not (self.bugs_found and self.any_target)
        )

    def _walk_standing(self, t: int, most: int) -> int:
        """Whole steps from step ``t`` on (at most ``most``: the draws' window), while every run reads at
        one K and holds more than K entries and no run is due a settling look or reaches a limit: the
        usual step of a report's long tail (see the module), each as the fused step takes it, ending
        after one that moves a run onto a page new to it or where a run has no fresh link (the general
        choice takes that step, after the call). Returns the steps taken; polls as the batch's loop
        polls."""
        # Over the core's size rule (60 lines) on purpose: one loop over locals, a step in some thirty
        # numpy calls and no Python call between them, which is the point (issue 41).
        if not self._standing_ready():
            return 0
        end = min(t + most, self.min_limit - 1)  # a step onto the lowest limit may end runs
        if self.any_may_settle:  # the first step after this one at which the batch looks for settled runs
            look = max(self.next_look, t + 1)
            end = min(end, look + (-look) % CHECK_EVERY)
        if end <= t:
            return 0
        kept = self._standing_scores()
        count, k = len(self.ids), self.fresh_k
        decay = self.reading.decay_until(end)
        self.paths.ensure(end)
        path, ids, poll = self.paths.buf, self.ids, self.poll
        met_flat, met = self.slot_met.ravel(), self.slot_met[:, : kept.width]
        page, memory_rows, prefix = self.page, self.memory_rows, self.prefix
        links, width, unseen = self.links.ravel(), self.width, self.unseen.ravel()
        draws, cursor = self.draws.ravel(), self.draw_rows + (self.ctr - self.drawn)
        distance, recency, empty = kept.distance, kept.recency, kept.empty
        importance, relevance, link_slot = kept.importance, kept.relevance, kept.link_slot
        slot_rows, carried_fresh, slot_of_cell = kept.slot_rows, kept.fresh, kept.slot_of_cell
        start_bug = self.start_is_bug
        # each step's arrays, made once (a step is some thirty numpy calls on arrays of a few hundred items)
        cells = np.empty(count, dtype=np.int64)
        key, scores = np.empty_like(recency), np.empty_like(recency)
        low, span = np.empty((count, 1)), np.empty((count, 1))
        carried = np.empty((count, k), dtype=np.int64)
        at = carried.reshape(-1)  # the slots each call carries, counted over every run's slots
        step = t
        while step < end:
            # the call: recency, then the kept scores, ranked (the kernel's float operations)
            np.subtract(step, met, out=distance)
            decay.take(distance, out=recency)
            np.copyto(recency, 1.0, where=empty)  # neither the lowest nor above the highest, 1
            np.minimum.reduce(recency, axis=1, out=low, keepdims=True)
            np.subtract(1.0, low, out=span)  # the highest is 1: the page the run stands on
            np.subtract(low, recency, out=recency)
            np.divide(recency, span, out=recency)
            np.add(recency, importance, out=key)  # (r + w) + v, the scalar engine's order, negated
            np.add(memory_rows, page, out=cells)
            relevance.take(cells, axis=0, out=scores)
            np.add(key, scores, out=key)
            np.add(key.argsort(1, kind="stable")[:, :k], slot_rows, out=carried)  # ties as sorted()
            met_flat[at] = step
            # the choice: a link is fresh unless the call carries its page (or it pads), as _fresh_links
            fresh = carried_fresh.copy()
            fresh[at] = False
            cumulative = np.matmul(prefix, fresh.take(link_slot.take(cells, axis=1)), dtype=np.float32)
            n_fresh = cumulative[-1]
            if np.count_nonzero(n_fresh) < count:  # a run with no fresh link: the general choice
                self._standing_synced(step + 1 - t, step - t)
                believed = self.believed = kept.unknown.copy()
                believed.ravel()[kept.slot_cell.ravel().take(at)] = False
                self.t = step  # twins parting copy the path so far
                if self._general_step(step):
                    self._poll_at(step + 1)
                return step + 1 - t
            u = draws.take(cursor)
            cursor += 1
            pos = np.add.reduce(cumulative <= u * n_fresh, 0)  # the k-th fresh link, as _pick_fresh
            to = links.take(page * width + pos)
            flat = memory_rows + to
            step += 1
            if np.count_nonzero(unseen.take(flat)) or (
                start_bug and np.count_nonzero((to == self.site.start) & self.start_bug_pending)
            ):  # a page new to a run (a write, maybe a bug), or the start's bug: as _fresh_step
                self._standing_synced(step - t, step - t)
                self._move(to, step)
                self._finish_the_done(step)
                self._poll_at(step)
                return step - t
            met_flat[slot_of_cell.take(flat)] = step  # a revisit meets its page
            page[:] = to
            path[step, ids] = to
            if poll is not None and step % POLL_EVERY == 0:  # it reads the runs finished, nothing else
                self._poll_at(step)
        self._standing_synced(step - t, step - t)
        return step - t

    def _standing_synced(self, calls: int, draws: int) -> None:
        """Every run made ``calls`` calls of K entries and drew ``draws`` times in the standing loop
        (kept in locals until it leaves)."""
        self.size_sum += calls * self.fresh_k
        self.ctr += draws
