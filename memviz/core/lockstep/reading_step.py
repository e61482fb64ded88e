"""Reading runs in the memory batch: the entries each call carries, and the usual step of a batch
of runs that all read top:K, in fewer numpy calls (issue 41).

A report read at top:8 steps a few dozen runs 5,000 times (the cost runs that never find every bug
and never settle), so a step costs what numpy charges per call, a microsecond or more, whatever the
runs: the general step (:meth:`memviz.core.lockstep.memory_walk._MemoryBatch._choose`, ``_move``,
``_finish_the_done``) makes some sixty calls for cases these runs are never in. Here is that step
for the case they are in at almost every step: every run's memory holds every page it has seen (no
capacity below the site's, no expiry, no touch: the slots stay in eviction order), every run has a
fresh link to draw (then twins never part and frontier never plans), and no run arrives on a page
it has never seen (nothing is written, no bug is found) nor back on a start page whose bug it has
not reported yet. It computes with the general step's own pieces (``_fresh_links``, ``_pick_fresh``):
the same draw, the same float32 prefix sums and the same rounding of ``draw × count``.
Whenever a step leaves the case, the general step takes it whole (this one returns False before
changing anything) or, once the links are picked, moves the runs itself. The call before the choice,
where the runs read at one K and every memory holds more than K entries, is ranked by
:func:`memviz.core.lockstep.reading.injected_in_order`, the kernel's main path in its fewest calls.
A batch of at most :data:`memviz.core.lockstep.standing.STANDING_MAX_RUNS` such runs (a report's
long tail) takes these steps in a loop of its own instead, from kept scores
(:mod:`memviz.core.lockstep.standing`): this step takes the others.
"""

from __future__ import annotations

import numpy as np

from memviz.core.lockstep.reading import injected_in_order, injected_slots
from memviz.core.lockstep.standing import StandingRows


class ReadingRows(StandingRows):
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with reading runs (see the module)."""

    def _set_up_fresh_step(self) -> None:
        """Whether the batch's runs are all of the case (checked once: rows dropped or parted keep it)."""
        self.fresh_steps = (
            self.any_reads
            and bool(self.reads.all())
            and self.slots_in_order  # no capacity below the site's, no expiry, no touch
            and self.missing_links is None
            and self.prefix is not None
            and not self.any_expires
        )
        # one K for all (a report's runs), and whether every run holds more entries than K yet
        self.fresh_k = int(self.read_k[0]) if self.fresh_steps and len(self.read_k) else 0
        self.one_k = self.fresh_steps and not np.count_nonzero(self.read_k != self.fresh_k)
        self.over_k = False

    def _now_over_k(self) -> bool:
        """Whether every run now holds more than K entries: once so, always (no entry ever leaves,
        a parted twin's row is a copy)."""
        self.over_k = np.count_nonzero(self.size > self.fresh_k) == len(self.size)
        return self.over_k

    def _call_and_fresh_step(self, t: int) -> bool:
        """Step ``t``'s call (its tokens) and, if the batch is of the fused step's case, step ``t + 1``
        (see ``_fresh_step``): whether it is taken."""
        # a call's tokens: base + entry · (entries it carries)
        self.size_sum += self._inject(t) if self.any_reads else self.size
        self.t = t  # steps taken (twins parting copy the path so far)
        return self._fresh_step(t + 1)

    def _inject(self, t: int) -> np.ndarray:
        """The entries each reading run's call at step ``t`` carries (retrieval's K best, see
        :mod:`memviz.core.lockstep.reading`), met now; their count per run (a run that does not read
        carries its whole memory). Sets ``believed``, the memory this step's choices see: a reading run's entries
        left out of the call are, to its choice, pages it does not know."""
        if self.one_k and (self.over_k or self._now_over_k()):
            return self._inject_over_k(t)
        return self._inject_rows(t)

    def _inject_rows(self, t: int) -> np.ndarray:
        """``_inject`` in general: some runs may not read, or hold K entries or fewer, or keep slots
        out of eviction order."""
        every = bool(self.reads.all())  # a batch of reading runs only (a report's): no rows picked out
        rows = self.rows if every else np.flatnonzero(self.reads)
        here, sizes, k = (a if every else a[rows] for a in (self.page, self.size, self.read_k))
        # slots in eviction order are filled from the first, none ever emptied: past the largest
        # memory every slot is empty
        width = int(sizes.max(initial=1)) if self.slots_in_order else self.slots
        pages = self.slot_page[:, :width] if every else self.slot_page[rows, :width]
        met = self.slot_met[:, :width] if every else self.slot_met[rows, :width]
        stamps = None if self.slots_in_order else self.slot_stamp if every else self.slot_stamp[rows]
        chosen, valid = injected_slots(self.reading, t, pages, stamps, met, here, sizes, k, self.n)
        if every:
            np.copyto(met, t, where=chosen)  # a view of the slots' steps
        else:
            self.slot_met[rows, :width] = np.where(chosen, t, met)
        left_out = chosen ^ valid  # chosen slots are entries
        self.believed = None
        if left_out.any():  # an entry left out is, to the choice, a page not known
            believed = self.believed = self.unknown.copy()
            at = pages + (self.memory_rows[:, None] if every else self.memory_rows[rows, None])
            believed.ravel()[at[left_out]] = True
        counts = np.minimum(sizes, k)  # a run holding more than K entries carries K
        if every:
            return counts
        out = self.size.copy()  # a run that does not read carries its whole memory
        out[rows] = counts
        return out

    def _inject_over_k(self, t: int) -> np.ndarray:
        """``_inject`` where every run reads at one K, holds more than K entries, in slots in
        eviction order: every call carries K entries and leaves some out."""
        width = int(self.size.max())  # slots past the largest memory are empty
        pages, met = self.slot_page[:, :width], self.slot_met[:, :width]
        chosen, left_out = injected_in_order(self.reading, t, pages, met, self.page, self.fresh_k, self.n)
        np.copyto(met, t, where=chosen)
        believed = self.believed = self.unknown.copy()
        believed.ravel()[(pages + self.memory_rows[:, None])[left_out]] = True
        return self.read_k

    def _fresh_step(self, t: int) -> bool:
        """Step ``t`` (the runs move to their pages of step ``t``) if the batch's runs are of the case
        and every one has a fresh link to draw after this step's call (``believed`` set, see
        ``_inject``). False, with nothing changed, otherwise."""
        count = len(self.page)
        if not self.fresh_steps or count > 1024:  # over 1,024 runs the general step sums otherwise
            return False
        cand_rows, cumulative, n_fresh = self._fresh_links()  # as this step's call shows memory
        if np.count_nonzero(n_fresh) < count:  # a run with no fresh link: twins part, frontier plans
            return False
        to = self._pick_fresh(cand_rows, cumulative, n_fresh)  # the general step's pick, as it makes it
        flat = self.memory_rows + to
        new = np.count_nonzero(self.unseen.ravel().take(flat))
        if new or (self.start_is_bug and np.count_nonzero((to == self.site.start) & self.start_bug_pending)):
            self._move(to, t)  # a page seen for the first time (a write, maybe a bug), or the start's bug
        else:
            self._revisit(to, t)
        self._finish_the_done(t)
        return True

    def _revisit(self, to: np.ndarray, t: int) -> None:
        """Every run arrives on a page it has seen, held in its memory: retrieval meets it there (as
        ``_arrive`` and ``_write`` do for such a move: nothing new, nothing written)."""
        self.page[:] = to
        if t >= len(self.paths.buf):
            self.paths.ensure(t)
        self.paths.buf[t, self.ids] = to
        held = (self.slot_page == to[:, None]).argmax(1)
        self.slot_met.ravel()[self._slot_rows + held] = t
