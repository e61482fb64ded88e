"""Which memory rows to show when the list has less room than rows: the rows that matter, always.

A full memory of 12 entries does not fit a 720p screen's memory panel, and a scrolled list would
hide the very rows a class came to see (the entry being forgotten at the top, the one written at
the bottom). So the list folds instead of scrolling: it keeps the rows that matter (forgotten, next
to go, new, touched), as many of their neighbours as fit, and folds each run of ordinary rows in
between into one line ("⋯ 5 more"). Pure Python, so the rule is tested without a window.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from typing import NamedTuple


class Fold(NamedTuple):
    """A run of rows shown as one line: slots ``first`` to ``last``, inclusive.

    A named tuple, not a frozen dataclass: made as the window starts, where a dataclass compiles six
    methods from source (half a millisecond of the first paint, issue 41). Its ``count`` is the
    rows it folds (tuple's own ``count`` is not needed of a fold)."""

    first: int
    last: int

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    @property
    def slots(self) -> range:
        return range(self.first, self.last + 1)


Line = int | Fold  # a row's slot, or a folded run of slots


def fold_lines(
    n_rows: int, important: set[int], room: int, pinned: frozenset[int] = frozenset()
) -> list[Line]:
    """The lines to show for ``n_rows`` rows (slots 0..n_rows-1) in ``room`` lines.

    Every slot in ``important`` is shown; the other rows are added nearest the two ends first
    (the oldest entries go next, the newest were just written), while the rows and the fold lines
    between them still fit ``room``. When the important rows alone need more lines than ``room``,
    they are all shown anyway (the list then scrolls) -- unless some are ``pinned``: then the pinned
    rows are shown (the forgotten entry and the next to go: the "why" of the step), the other
    important rows as far as they fit, and the rest folds, so nothing scrolls out of view.
    """
    if n_rows <= max(room, 0):
        return list(range(n_rows))
    keep = {s for s in important | pinned if 0 <= s < n_rows}
    if pinned and _count_lines(n_rows, keep) > room:
        keep = {s for s in pinned if 0 <= s < n_rows}
        for slot in sorted(s for s in important if 0 <= s < n_rows and s not in keep):
            if _count_lines(n_rows, keep | {slot}) <= room:
                keep.add(slot)
    # The two ends anchor the picture: the top is what goes next, the bottom what came last.
    for end in (0, n_rows - 1):
        if _count_lines(n_rows, keep | {end}) <= room:
            keep.add(end)
    for slot in _from_both_ends(n_rows):
        if slot not in keep and _count_lines(n_rows, keep | {slot}) <= room:
            keep.add(slot)
    return fold_runs(n_rows, keep)


def lines_for(n_rows: int, slots: set[int]) -> int:
    """How many lines ``slots`` need shown with the rest folded."""
    return _count_lines(n_rows, {s for s in slots if 0 <= s < n_rows})


def _from_both_ends(n_rows: int) -> list[int]:
    """Slots ordered newest end first, then alternating inwards: n-1, 0, n-2, 1, ..."""
    order = []
    lo, hi = 0, n_rows - 1
    while lo <= hi:
        order.append(hi)
        if lo != hi:
            order.append(lo)
        lo, hi = lo + 1, hi - 1
    return order


def fold_runs(n_rows: int, keep: set[int]) -> list[Line]:
    """Slots ``keep`` as rows, each run of the others between them as one fold (the memory list's
    and the Compare frame table's)."""
    lines: list[Line] = []
    start = None
    for slot in range(n_rows):
        if slot in keep:
            if start is not None:
                lines.append(Fold(start, slot - 1))
                start = None
            lines.append(slot)
        elif start is None:
            start = slot
    if start is not None:
        lines.append(Fold(start, n_rows - 1))
    return lines


def _count_lines(n_rows: int, keep: set[int]) -> int:
    return len(fold_runs(n_rows, keep))


def line_of_slot(lines: list[Line]) -> dict[int, int]:
    """For each slot, the line it is drawn on (a folded slot: its fold's line)."""
    where = {}
    for index, line in enumerate(lines):
        if isinstance(line, Fold):
            for slot in range(line.first, line.last + 1):
                where[slot] = index
        else:
            where[line] = index
    return where
