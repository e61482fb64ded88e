"""What part of a lane's memory frame table to draw, and how big: legible first. Pure Python (the
widget passes in a text-measuring function), so the rule is tested without a window.

Why a fold. A 1280×720 screen gives each of three lanes a table about 120 px tall; the whole
table of capacity 12 (step numbers, the pages visited, 12 slots) would need cells 8 px tall, which
nobody at the back of a room can read. A table with fewer columns but every slot does not help:
the height, not the width, is short. So, as the Explore memory list does, the table keeps its
cells legible (text at least ``TEXT_MIN_PX``) and folds away slot rows that did not change in the
columns it shows: a folded run of slots becomes one thin band that lists the pages those slots
hold (they hold them all through the shown columns, so nothing drawn is lost, only merged).
Frames keep their row order, as in the OS textbook.

Which columns. The shown columns end at the current step (the table scrolls with the run). When
the table folds, it shows as many recent columns as it can while every row that changed in them
(a new entry, an entry forgotten, an LRU touch) still fits, and the same number at every step of
the run (:func:`run_span`: a video of the run must not jump from 8 columns to 2). Cells keep one
size from step to step. The step the header names (the eviction that made the lanes part, or a
clicked miss's eviction), once older than the recent columns, is pinned at the left, apart, a gap
mark between: the "why" and the "now" are in view together, at 1280×720 too (issue 22).

The agent's page at each step (the reference string) is the first row; a forgotten revisit is
marked there (a red ✗ cell) rather than on a row of its own: at 720p one line is a sixth of the
table.

Why not two lanes on a small screen instead. The default lanes (``DEFAULT_LANES``: FIFO, random
eviction and the clairvoyant ceiling) are the chapter's puzzle with its answer; choosing them by
screen size would make ``memviz snapshot`` and ``memviz record --view compare`` show different
lanes at different sizes, and a class that adds a lane back would be at 8 px cells again. Folding
keeps three and four lanes legible; two lanes just reach further back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from memviz.core.compare import FrameColumn
from memviz.presentation.memory_fold import Fold, fold_runs
from memviz.wording import compare as compare_words

TEXT_MIN_PX = 14.0  # cell text at least this tall, in pixels, however small the screen
TEXT_OF_CELL = 0.74  # cell text size / cell height: two-digit pages with room for the marks
LABEL_OF_CELL = 0.62  # step numbers, row labels and fold bands / cell height
TOP_LINES = 0.8  # the step numbers above the table, in cell heights
BAND_LINES = 0.7  # a folded run of slots, in cell heights
MAX_CELL_SCALE = 1.9  # cells no taller than this, in app font pixels (a roomy 4K screen)
BAND_INK = 1.05  # a band's least height, in its type's sizes: the ink of "empty" or of Chinese, and a pixel
MIN_CELL_H = 8.0  # the floor when even one column's changed rows do not fit (4 lanes, TTL, 720p)
BAND_TEXT_GAP = 6.0  # pixels between the last shown column and a band's text right of it
PIN_GAP = 0.45  # the gap between a pinned column and the others, in cell widths

Measure = Callable[[str, float, bool], float]  # (text, pixel size, bold) -> width in pixels


# Slots folded into one band (unchanged in the shown columns): the Explore memory list's fold.
Band = Fold
Line = int | Band  # a slot's row, or a folded run of slots


def changed_rows(column: FrameColumn) -> set[int]:
    """The slots a step marks: the one written, the ones that left memory, the one LRU touched."""
    rows = {frame for frame, _page in column.left}
    for frame in (column.new_frame, column.touched_frame):
        if frame is not None:
            rows.add(frame)
    return rows


def weight(lines: Sequence[Line], band: float = BAND_LINES) -> float:
    """The height of ``lines`` in cell heights."""
    return sum(band if isinstance(line, Band) else 1.0 for line in lines)


def fold(
    n_rows: int,
    important: set[int],
    room: float,
    band: float = BAND_LINES,
    prefer: frozenset[int] = frozenset(),
) -> list[Line] | None:
    """The lines for ``n_rows`` slots in ``room`` cell heights: every slot when they fit; else every
    ``important`` slot, plus the others that fit, cheapest first (a band of one slot replaced by
    its row, then rows beside the ones shown), those in ``prefer`` (shown the step before: rows
    that stay put while a run plays) first, then those nearest an important row. None when the
    important slots alone do not fit."""
    if n_rows <= room + 1e-9:
        return list(range(n_rows))
    keep = {s for s in important if 0 <= s < n_rows}
    lines = fold_runs(n_rows, keep)
    if weight(lines, band) > room + 1e-9:
        return None
    while True:
        best = None
        for line in lines:
            if not isinstance(line, Band):
                continue
            for slot in {line.first, line.last}:
                cost = 1.0 - band if line.count == 1 else 1.0
                near = min((abs(slot - s) for s in important), default=n_rows)
                key = (cost, slot not in prefer, near, slot)
                if best is None or key < best[0]:
                    best = (key, slot)
        if best is None:
            return lines
        candidate = fold_runs(n_rows, keep | {best[1]})
        if weight(candidate, band) > room + 1e-9:
            return lines
        keep.add(best[1])
        lines = candidate


@dataclass(frozen=True)
class Layout:
    """Where everything goes: cell size, the columns drawn and where, the lines drawn and where."""

    cell_h: float
    cell_w: float
    header: float  # the row labels' width, left of the first column
    text_px: float  # cell text
    label_px: float  # step numbers, row labels, fold bands
    first: int  # the shown columns: first .. last, contiguous
    last: int
    pinned: int | None  # a column shown apart, left of the others (a clicked miss's eviction)
    lines: tuple[Line, ...]  # the slot rows and folds, top to bottom, below the page row
    folded: bool
    wide: bool  # room for the page forgotten at a step beside the one written, both at full size
    band: float = 0.0  # a band's height in pixels (0: BAND_LINES of a cell)
    _tops: tuple[float, ...] = field(default=(), repr=False)

    @property
    def top(self) -> float:
        """The top of the page row (the step numbers are above it)."""
        return math.floor(self.cell_h * TOP_LINES)

    @property
    def band_h(self) -> float:
        return self.band or math.floor(self.cell_h * BAND_LINES)

    @property
    def columns(self) -> list[int]:
        """The columns drawn, left to right."""
        shown = list(range(self.first, self.last + 1))
        return shown if self.pinned is None else [self.pinned, *shown]

    def column_x(self, k: int) -> float | None:
        """The left edge of column ``k``, or None when it is not drawn."""
        if self.pinned is not None:
            if k == self.pinned:
                return self.header
            offset = self.header + self.cell_w * (1 + PIN_GAP)
        else:
            offset = self.header
        if self.first <= k <= self.last:
            return offset + (k - self.first) * self.cell_w
        return None

    def line_top(self, index: int) -> float:
        return self._tops[index]

    def line_height(self, index: int) -> float:
        return self.band_h if isinstance(self.lines[index], Band) else self.cell_h

    @property
    def bottom(self) -> float:
        """The bottom of the table."""
        if not self.lines:
            return self.top + self.cell_h
        return self._tops[-1] + self.line_height(len(self.lines) - 1)

    def line_of_slot(self, slot: int) -> int | None:
        """The index of the line slot ``slot`` is drawn on (a row or the band folding it)."""
        for index, line in enumerate(self.lines):
            if line == slot or (isinstance(line, Band) and line.first <= slot <= line.last):
                return index
        return None

    def shown_slots(self) -> list[int]:
        return [line for line in self.lines if not isinstance(line, Band)]

    def band_room(self, position: int, width: float | None = None) -> tuple[float, float]:
        """Where a band's text may go, left and right: across the recent columns before the current
        one, inside the table (not over the highlighted column, not past the table's edge). When
        the current column is the only recent one: right of the shown columns where the table
        (``width`` wide) has two columns' room there, else the current column alone (at 150 % in a
        720p window, "5 7 …" crowded under the current step's cells, the table empty beside it)."""
        left = self.header + (self.cell_w * (1 + PIN_GAP) if self.pinned is not None else 0.0)
        current = min(max(position, self.first), self.last)
        right = left + (current - self.first) * self.cell_w
        if current == self.first:
            after = self.column_x(self.last) + self.cell_w + BAND_TEXT_GAP
            if width is not None and width - after >= 2 * self.cell_w:
                return after, width
            right = left + self.cell_w
        return left, right


def _with_tops(layout: Layout) -> Layout:
    tops, y = [], layout.top + layout.cell_h  # below the page row
    for line in layout.lines:
        tops.append(y)
        y += layout.band_h if isinstance(line, Band) else layout.cell_h
    return Layout(**{**layout.__dict__, "_tops": tuple(tops)})


def row_label(row: int, lang: str) -> str:
    return compare_words.SLOT_N.pick(lang, row=row)


def page_label(lang: str) -> str:
    return compare_words.PAGE_ROW.pick(lang)


def band_height(h: float, least_px: float = 0.0) -> int:
    """A band's height for cells ``h`` tall: BAND_LINES of a cell, and a line of the least type's ink
    (at 150 % the labels' 18 px ran out of 16 px bands over the rows beside them)."""
    return max(math.floor(h * BAND_LINES), math.ceil(least_px * BAND_INK))


def legible_text_px(app_px: float) -> float:
    """The cell text size the table keeps: at least ``TEXT_MIN_PX``, and near the app's own type."""
    return max(TEXT_MIN_PX, 0.9 * app_px)


def _geometry(h: float, width: float, n_rows: int, n_cols: int, lang: str, measure: Measure, pinned: bool,
              least_px: float = 0.0) -> tuple[float, float, float, int, bool]:  # fmt: skip
    """Cells ``h`` tall: their width, the row labels' width, the labels' size, how many columns fit
    the width and whether cells are wide. With a pinned column, cells narrow (down to their least
    width) until it fits beside the current one: the step the header names is never scrolled away.
    No text under ``least_px`` (the zoom's least type)."""
    text, label = max(h * TEXT_OF_CELL, least_px), max(h * LABEL_OF_CELL, least_px)
    labels = [page_label(lang), row_label(max(n_rows, 1), lang), "⋯"]
    header = math.ceil(max(measure(t, label, False) for t in labels) + h * 0.5)
    digits = measure("88", text, True)
    wide_w = math.ceil(max(2 * digits + h * 0.9, h * 1.8))
    least_w = math.ceil(max(h * 1.15, digits + h * 0.55))
    room_w = width - header
    # wide cells while six columns fit (the page forgotten legible beside the one written);
    # a narrow widget gets narrower cells, the forgotten page smaller, in the cell's corner
    cell_w = wide_w if room_w >= wide_w * 6 else max(least_w, math.floor(room_w / 6))
    cell_w = max(cell_w, math.floor(min(room_w / max(n_cols, 1), h * 2.4)))  # a short run: fill the width
    if pinned:
        cell_w = min(cell_w, max(least_w, math.floor(room_w / (2 + PIN_GAP))))
    visible = max(1, int(room_w // cell_w))
    return cell_w, header, label, visible, cell_w >= wide_w


def _cell_height(height: float, n_rows: int, app_px: float, least_px: float = 0.0) -> tuple[float, bool]:
    """The cells' height, and whether slots must fold to keep it legible (the cells hold the zoom's
    least type, ``least_px``, too)."""
    least_h = max(legible_text_px(app_px), least_px) / TEXT_OF_CELL
    # whole pixels: cells drawn once and copied into place keep sharp edges
    fit_h = math.floor(min(height / (TOP_LINES + 1 + n_rows), max(least_h, app_px * MAX_CELL_SCALE)))
    folded = fit_h < least_h
    return (math.ceil(least_h) if folded else fit_h), folded


def least_height(
    columns: Sequence[FrameColumn],
    app_px: float,
    least_px: float = 0.0,
    pinned: int | None = None,
    pinned_rows: frozenset[int] = frozenset(),
) -> int:
    """The least height at which every step's changed rows (and the pinned column's, from its step
    on) fit at a legible size: lower, :func:`plan` shrinks the cells under the least type."""
    if not columns:
        return 0
    n_rows = len(columns[0].frames)
    cell_h, _folded = _cell_height(0.0, n_rows, app_px, least_px)
    band = band_height(cell_h, least_px) / cell_h
    need = 0.0
    for p, column in enumerate(columns):
        rows = set(pinned_rows) if pinned is not None and pinned <= p else set()
        need = max(need, weight(fold_runs(n_rows, rows | changed_rows(column)), band))
    return math.ceil((TOP_LINES + 1 + min(need, n_rows)) * cell_h)


def span_of(
    columns: Sequence[FrameColumn],
    width: float,
    height: float,
    app_px: float,
    measure: Measure,
    lang: str = "en",
    pinned: int | None = None,
    pinned_rows: frozenset[int] = frozenset(),
    least_px: float = 0.0,
) -> int | None:
    """:func:`run_span` for a table this size (None: it does not fold, every column fits its rows)."""
    if not columns:
        return None
    n_rows = len(columns[0].frames)
    cell_h, folded = _cell_height(height, n_rows, app_px, least_px)
    if not folded:
        return None
    pin = pinned if pinned is not None and 0 <= pinned < len(columns) else None
    visible = _geometry(cell_h, width, n_rows, len(columns), lang, measure, pin is not None, least_px)[3]
    room = (height - (TOP_LINES + 1) * cell_h) / cell_h
    band = band_height(cell_h, least_px) / cell_h
    return run_span(columns, room, recent_limit(visible, pin is not None), pin, pinned_rows, band)


def recent_limit(visible: int, pinned: bool) -> int:
    """How many recent columns the width leaves: all that fit, less the pinned column and its gap."""
    return max(1, math.floor(visible - 1 - PIN_GAP)) if pinned else visible


def run_span(
    columns: Sequence[FrameColumn],
    room: float,
    limit: int,
    pinned: int | None = None,
    pinned_rows: frozenset[int] = frozenset(),
    band: float = BAND_LINES,
) -> int:
    """How many recent columns a folded table shows, the same at every step of the run (a video of
    the run must not jump from 8 columns to 2): the most, up to ``limit``, whose changed rows (and
    the pinned column's, from its step on) fit ``room`` at every position. At least 1."""
    n_rows = len(columns[0].frames) if columns else 0
    changed = [changed_rows(c) for c in columns]

    def fits(span: int) -> bool:
        for p in range(len(columns)):
            rows = set(pinned_rows) if pinned is not None and pinned <= p else set()
            for k in range(max(0, p - span + 1), p + 1):
                rows |= changed[k]
            if weight(fold_runs(n_rows, rows), band) > room + 1e-9:
                return False
        return True

    lo, hi = 1, max(1, limit)  # fits() only gets harder as the span grows
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def plan(
    columns: Sequence[FrameColumn],
    width: float,
    height: float,
    position: int,
    app_px: float,
    measure: Measure,
    lang: str = "en",
    last: int | None = None,
    pinned: int | None = None,
    pinned_rows: frozenset[int] = frozenset(),
    prefer: frozenset[int] = frozenset(),
    span: int | None = None,
    least_px: float = 0.0,
) -> Layout:
    """The layout for a table ``width`` × ``height`` at ``position``, its shown columns ending at
    ``last`` (default: the position; the wheel looks further back). ``pinned``: the column of the
    step the header names (the eviction that made the lanes part, or a clicked miss's eviction),
    kept in view apart on the left once it is older than the recent columns, with ``pinned_rows``
    (its rows that must show). ``prefer``: the slots shown before, kept when there is room for them
    (fewer rows coming and going while a run plays). ``span``: :func:`run_span` for this table
    (worked out when not given; a widget keeps it for the run). ``least_px``: the zoom's least type,
    which no text goes under."""
    n_rows = len(columns[0].frames) if columns else 0
    n_cols = len(columns)
    last = position if last is None else max(0, min(last, position))
    last = min(last, n_cols - 1) if n_cols else 0
    if pinned is not None and not 0 <= pinned < n_cols:
        pinned = None
    cell_h, folded = _cell_height(height, n_rows, app_px, least_px)
    has_pin = pinned is not None
    cell_w, header, label_px, visible, wide = _geometry(cell_h, width, n_rows, n_cols, lang, measure, has_pin,
                                                        least_px)  # fmt: skip

    def pin_for(first: int) -> int | None:
        return pinned if pinned is not None and pinned < first and pinned <= position else None

    def window_rows(first: int, pin: int | None) -> set[int]:
        rows = set(pinned_rows) if pin is not None else set()
        for k in range(first, last + 1):
            rows |= changed_rows(columns[k])
        return rows

    def room_lines(h: float) -> float:
        return (height - (TOP_LINES + 1) * h) / h

    if n_cols == 0:
        lines: list[Line] = []
        first, pin = 0, None
    elif not folded:
        lines = list(range(n_rows))
        # with a column to pin, room for it from the start: the recent columns do not jump when it comes
        first = max(0, last - recent_limit(visible, has_pin) + 1)
        pin = pin_for(first)
    else:
        room = room_lines(cell_h)
        band = band_height(cell_h, least_px) / cell_h
        limit = recent_limit(visible, has_pin)
        if span is None:
            span = run_span(columns, room, limit, pinned, pinned_rows, band)
        span = max(1, span)
        first = max(0, last - min(span, limit) + 1)
        pin = pin_for(first)
        rows = window_rows(first, pin)
        if weight(fold_runs(n_rows, rows), band) > room + 1e-9 and first < last:  # looking back past the span
            first = last
            pin = pin_for(first)
            rows = window_rows(first, pin)
        if weight(fold_runs(n_rows, rows), band) <= room + 1e-9:
            lines = fold(n_rows, rows, room, band, prefer) or fold_runs(n_rows, rows)
        else:  # the current step's own rows (and the pinned one's) do not fit at a legible size
            need = weight(fold_runs(n_rows, rows), band)
            cell_h = max(MIN_CELL_H, math.floor(height / (TOP_LINES + 1 + need)))
            cell_w, header, label_px, visible, wide = _geometry(cell_h, width, n_rows, n_cols, lang, measure,
                                                                has_pin, least_px)  # fmt: skip
            band = band_height(cell_h, least_px) / cell_h
            lines = fold(n_rows, rows, room_lines(cell_h), band, prefer) or fold_runs(n_rows, rows)
    layout = Layout(cell_h, cell_w, header, max(cell_h * TEXT_OF_CELL, least_px), label_px, first, last, pin,
                    tuple(lines), folded, wide, band_height(cell_h, least_px))  # fmt: skip
    return _with_tops(layout)


@dataclass(frozen=True)
class Cell:
    """One drawn cell of one column: what it shows and where (widget pixels)."""

    column: int
    slot: int | None  # None: the page row (the page visited at this step)
    x: float
    y: float
    w: float
    h: float
    text: str  # the page held (the page visited, in the page row); "" when empty
    new: bool = False  # a new entry, written at this step
    gone: str = ""  # the page that left memory from this slot at this step, struck through
    touched: bool = False  # LRU: the entry this revisit used
    miss: bool = False  # the page row of a forgotten revisit


def column_cells(columns: Sequence[FrameColumn], layout: Layout, k: int) -> list[Cell]:
    """Column ``k``'s cells as drawn: the page row, then each slot row shown (folded slots have none)."""
    column = columns[k]
    x = layout.column_x(k)
    if x is None:
        return []
    w, h = layout.cell_w, layout.cell_h
    page = "" if column.page is None else str(column.page)
    cells = [Cell(k, None, x, layout.top, w, h, page, miss=column.miss)]
    gone = {frame: str(p) for frame, p in column.left}
    for index, line in enumerate(layout.lines):
        if isinstance(line, Band):
            continue
        held = column.frames[line]
        cells.append(Cell(
            k, line, x, layout.line_top(index), w, h, "" if held is None else str(held),
            new=line == column.new_frame, gone=gone.get(line, ""), touched=line == column.touched_frame,
        ))  # fmt: skip
    return cells


def band_pages(columns: Sequence[FrameColumn], layout: Layout, band: Band) -> list[int | None]:
    """What the slots of a band hold in the shown columns (the same in each: that is why it folded)."""
    return [columns[layout.last].frames[slot] for slot in band.slots]


def band_label(pages: Sequence[int | None], band: Band, lang: str, room: float, px: float, measure: Measure
               ) -> str:  # fmt: skip
    """The band's text in ``room`` pixels: the whole sentence when it fits, else the pages it holds
    alone (what a class came to see; the ⋯ beside it says they are folded slots), else as many of
    them as fit, then "…"; the tooltip says it all."""
    whole = band_text(pages, band, lang)
    if measure(whole, px, False) <= room:
        return whole
    held = ["·" if p is None else str(p) for p in pages]
    if all(p is None for p in pages):
        held = [compare_words.EMPTY.pick(lang)]
    for n in range(len(held), 0, -1):
        text = " ".join(held[:n]) + ("" if n == len(held) else " …")
        if measure(text, px, False) <= room:
            return text
    return ""


def band_text(pages: Sequence[int | None], band: Band, lang: str) -> str:
    """ "slots 4–9 unchanged: 12 18 5 7 · 20": the band's slots and the pages they hold (· empty)."""
    slots = str(band.first + 1) if band.count == 1 else f"{band.first + 1}–{band.last + 1}"
    plural = "s" if band.count > 1 else ""  # English only: Chinese has no plural
    if all(p is None for p in pages):
        return compare_words.SLOTS_EMPTY_N.pick(lang, slots=slots, plural=plural)
    held = " ".join("·" if p is None else str(p) for p in pages)
    return compare_words.SLOTS_UNCHANGED_N.pick(lang, slots=slots, plural=plural, held=held)
