"""Entries that expire (policy ttl) in the memory batch: dropped as a step begins, by their stamps.

A run whose kernel ``expires_after_ttl`` drops, as step ``s`` begins, every entry last used more than
its time to live ``T`` steps ago (stamp ``< s - T``). Each step uses one entry (writes or touches the
page it arrives on, stamp ``s``), so after the drop at step ``s`` the entries' stamps are distinct
steps in ``[s - T, s - 1]``: at most ``T`` of them, one per step.

Where every run of a batch has one ``T``, touches an entry on a revisit (ttl's kernel), has room for
``T + 1`` entries (so its memory never fills) and reads no entries by retrieval, the slots are a ring: the entry of step ``v`` sits in slot ``v mod (T + 1)``.
At step ``s`` the slot ``s mod (T + 1)`` holds the one entry that expires (stamp ``s - T - 1``) and
then the page the step uses (a touched entry moves there from its old slot): one column of the
slots each, for every run at once, with no search for an expired entry or an empty slot. Policy
kernels read stamps, never slot positions, so the ring changes no run.
"""

from __future__ import annotations

import numpy as np

from memviz.core.lockstep.common import _BIG


class ExpiringEntries:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with entries that expire."""

    def _set_up_expiry(self) -> None:
        """``ring``: T + 1 where the batch's slots are a ring (see the module), else 0."""
        self.ring = 0
        # ttl's kernel touches on a revisit (an expiring kernel that does not is not known to the ring)
        if not (self.all_expire and self.all_touch and len(self.ttl)) or self.any_reads:
            return
        ring = int(self.ttl[0]) + 1
        if self.slots == ring and bool((self.ttl == ring - 1).all()) and bool((self.capacity >= ring).all()):
            self.ring = ring

    def _expire(self, step: int) -> None:
        """As step ``step`` begins, drop each entry last used more than its run's ttl steps ago."""
        if self.ring:
            self._expire_ring(step % self.ring)
            return
        old = self.slot_stamp < (step - self.ttl)[:, None]  # an empty slot's stamp is never old
        if not self.all_expire:
            old &= self.expires[:, None]
        if not np.count_nonzero(old):
            return
        gone = old.ravel().nonzero()[0]  # the slots, counted over every run's slots
        gone_rows = self._slot_owner.take(gone)
        pages = self.slot_page.ravel().take(gone)
        self.unknown.ravel()[self.memory_rows.take(gone_rows) + pages] = True
        if self.missing_links is not None:
            self._recount(self.count_rows[gone_rows], pages, 1)
        self.slot_page.ravel()[gone] = self.n
        self.slot_stamp.ravel()[gone] = _BIG
        self.size -= np.add.reduce(old, 1)

    def _expire_ring(self, column: int) -> None:
        """The entries in ``column`` of the ring expire (every run's, where it holds one)."""
        pages = self.slot_page[:, column]
        held = pages != self.n
        count = np.count_nonzero(held)
        if not count:
            return
        cells = self.memory_rows + pages  # page n is the padding, never unknown: only held pages
        self.unknown.ravel()[cells if count == len(held) else cells[held]] = True
        self.slot_page[:, column] = self.n
        self.slot_stamp[:, column] = _BIG
        self.size -= held

    def _write_to_ring(self, to: np.ndarray, flat: np.ndarray, write: np.ndarray, t: int) -> None:
        """Step ``t`` uses the page of ``to``: written where ``write``, else touched (its entry moves
        to the step's slot)."""
        column = t % self.ring
        if np.count_nonzero(write) < len(write):  # revisits: their entries leave their old slots
            held = self.slot_page == to[:, None]
            np.copyto(self.slot_page, self.n, where=held)
            np.copyto(self.slot_stamp, _BIG, where=held)
        self.slot_page[:, column] = to
        self.slot_stamp[:, column] = t
        self.unknown.ravel()[flat[write]] = False
        self.size += write
