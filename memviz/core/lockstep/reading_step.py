"""The usual step of a batch of runs that all read top:K alike, in fewer numpy calls (issue 41).

A report read at top:8 steps a few dozen runs 5,000 times (the cost runs that never find every bug
and never settle), so a step costs what numpy charges per call, a microsecond or more, whatever the
runs: the general step (:meth:`memviz.core.lockstep.memory_walk._MemoryBatch._choose`, ``_move``,
``_finish_the_done``) makes some sixty calls for cases these runs are never in. Here is that step
for the case they are in at almost every step: every run's memory holds every page it has seen (no
capacity below the site's, no expiry, no touch: the slots stay in eviction order), every run has a
fresh link to draw (then twins never part and frontier never plans), and no run arrives on a page
it has never seen (nothing is written, no bug is found) nor back on a start page whose bug it has
not reported yet. It is the general step's arithmetic for that case, call for call where a value is
computed: the same draw, the same float32 prefix sums and the same rounding of ``draw × count``.
Whenever a step leaves the case, the general step takes it whole (this one returns False before
changing anything) or, once the links are picked, moves the runs itself.
"""

from __future__ import annotations

import numpy as np


class FreshStep:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with the usual step of
    reading runs (see the module)."""

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

    def _fresh_step(self, t: int) -> bool:
        """Step ``t`` (the runs move to their pages of step ``t``) if the batch's runs are of the case
        and every one has a fresh link to draw after this step's call (``believed`` set, see
        ``_inject``). False, with nothing changed, otherwise."""
        page = self.page
        count = len(page)
        if not self.fresh_steps or count > 1024:  # over 1,024 runs the general step sums otherwise
            return False
        cand_rows = self.links.take(page, axis=0)  # (runs, width), padding n
        known = self.unknown if self.believed is None else self.believed  # as this step's call shows memory
        fresh = known.ravel().take(cand_rows.T + self.memory_rows)
        cumulative = np.matmul(self.prefix, fresh, dtype=np.float32)  # small counts: exact
        n_fresh = cumulative[-1]
        if np.count_nonzero(n_fresh) < count:  # a run with no fresh link: twins part, frontier plans
            return False
        u = self.draws.ravel().take(self.draw_rows + (self.ctr - self.drawn))
        self.ctr += 1  # every run draws a fresh link
        k = (u * n_fresh).astype(np.int64)
        pos = (cumulative <= k.astype(cumulative.dtype)).sum(0)  # the k-th fresh link
        to = cand_rows.ravel().take(self.rows * self.width + pos)
        flat = self.memory_rows + to
        new = np.count_nonzero(self.unseen.ravel().take(flat))
        if new or (self.start_is_bug and np.count_nonzero((to == self.site.start) & self.start_bug_pending)):
            self._move(to, t)  # a page seen for the first time (a write, maybe a bug), or the start's bug
            self._finish_the_done(t)
        else:
            self._revisit(to, t)
            if t >= self.min_limit:  # no bug found: only a limit may end a run
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
