"""A lane's memory frame table: the OS textbook's page-replacement table, drawn from the core's
:class:`~memviz.core.compare.FrameColumn` list and nothing else.

Rows: the page visited at each step (the reference string; a forgotten revisit is a red ✗ cell
there), then one row per memory slot (frames keep their row, so a page stays on its line until it
is forgotten). Columns: steps, revealed up to the transport's position; the current column is
highlighted and the shown columns end at it, so the table scrolls with the run.

In a cell: the page held (its number; the tooltip names it). A new entry is filled; the entry that
leaves memory is struck through, in a red box, beside the page that took its slot; an LRU touch is
underlined. Click a ✗: the step its page was evicted at lights up, here and in the graph.

Legible first: the cells keep their text at least 14 px tall at 1280×720, and when that leaves too
little height for every slot, slots that did not change in the shown columns fold into thin bands
that list what they hold (:mod:`memviz.presentation.frame_layout` says why and how).

Each column is painted once into a pixmap and reused while nothing about it changes, so a step
repaints by copying a few small pictures instead of drawing every cell's text.
"""

from __future__ import annotations

from memviz.core.compare import FrameColumn
from memviz.core.site import Site
from memviz.gui.compare.text_ink import ink_centred, ink_rect, overprints
from memviz.gui.kit import style, themes
from memviz.gui.kit.paint_cache import device_pixmap
from memviz.gui.kit.zoom import least_text_px
from memviz.gui.qt import (
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QPixmap,
    QPointF,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QToolTip,
    QWidget,
    Signal,
)
from memviz.presentation.frame_layout import (
    Band,
    Cell,
    Layout,
    band_label,
    band_pages,
    band_text,
    column_cells,
    least_height,
    page_label,
    plan,
    row_label,
    span_of,
)
from memviz.wording import compare as compare_words
from memviz.wording import term


class FrameTable(QWidget):
    miss_clicked = Signal(int)  # the step of the forgotten revisit clicked

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("frame_table")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        style.follow_presentation(self)
        self.columns: list[FrameColumn] = []
        self.site: Site | None = None
        self.lang = "zh"
        self.position = 0
        self.divergence: int | None = None  # the step the lanes' paths part
        self.cause: int | None = None  # the step the divergence's reason points at
        self.selected: tuple[int, int] | None = None  # (evicted at, page) of a clicked miss
        # the last column shown when the wheel looked back (None: the current step's)
        self.anchor: int | None = None
        self._cache: dict[tuple, QPixmap] = {}  # columns, by step, state and the rows shown
        self._cells: dict[tuple, QPixmap] = {}  # cells, by step, slot and state
        self._cache_key: tuple | None = None
        self._layout: tuple[tuple, Layout] | None = None
        self._span: tuple[tuple, int | None] | None = None  # the folded table's recent columns, for the run
        self._fonts: dict[tuple[int, bool], tuple[QFont, QFontMetricsF]] = {}
        self._least: tuple[tuple, int] | None = None

    def minimumSizeHint(self) -> QSize:
        """Tall enough for every step's changed rows at the least type (:func:`least_height`): at
        150 % in a 720p window the table was squeezed under it and its numbers ran out of their
        cells; now the lane grows and the lanes scroll."""
        pinned, pinned_rows = self._pinned_rows()
        key = (
            id(self.columns),
            len(self.columns),
            style.app_pixel_size(),
            least_text_px(),
            pinned,
            pinned_rows,
        )
        if self._least is None or self._least[0] != key:
            height = least_height(self.columns, key[2], key[3], pinned, pinned_rows)
            self._least = (key, max(60, height))
        return QSize(0, self._least[1])

    # -- what to draw ---------------------------------------------------------------------------------

    def set_columns(self, columns: list[FrameColumn], site: Site, lang: str) -> None:
        self.columns, self.site, self.lang = columns, site, lang
        self.anchor = None
        self.selected = None
        self._forget()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._forget()

    def set_position(self, position: int) -> None:
        self.position = position
        self.anchor = None  # the table scrolls with the run
        self.update()

    def set_divergence(self, step: int | None, cause: int | None) -> None:
        self.divergence, self.cause = step, cause
        self._forget()

    def set_selected(self, selected: tuple[int, int] | None) -> None:
        self.selected = selected
        self.updateGeometry()  # its rows are pinned
        self.update()

    @property
    def rows(self) -> int:
        return len(self.columns[0].frames) if self.columns else 0

    # -- geometry -------------------------------------------------------------------------------------

    def _font(self, px: float, bold: bool) -> tuple[QFont, QFontMetricsF]:
        key = (max(1, round(px)), bold)
        if key not in self._fonts:
            font = style.ui_font(key[0], bold=bold)
            self._fonts[key] = (font, QFontMetricsF(font))
        return self._fonts[key]

    def _measure(self, text: str, px: float, bold: bool) -> float:
        return self._font(px, bold)[1].horizontalAdvance(text)

    def _pinned_rows(self) -> tuple[int | None, frozenset[int]]:
        """The column kept in view beside the current one, and its rows that must show: a clicked
        miss's eviction (the row its page left), else the step the header names as the cause of
        the divergence (the rows that lost a page there)."""
        if not self.columns:
            return None, frozenset()
        if self.selected is not None:
            at, page = self.selected
            if 0 <= at < len(self.columns):
                return at, frozenset(frame for frame, left in self.columns[at].left if left == page)
        if self.cause is not None and 0 <= self.cause < len(self.columns):
            return self.cause, frozenset(frame for frame, _left in self.columns[self.cause].left)
        return None, frozenset()

    def layout(self) -> Layout:
        """Where everything goes, for the widget's size, the position and the app's type size."""
        pinned, pinned_rows = self._pinned_rows()
        app_px = style.app_pixel_size()
        least = least_text_px()
        run = (self.width(), self.height(), pinned, pinned_rows, app_px, least, self.lang, id(self.columns),
               len(self.columns))  # fmt: skip
        key = (*run, self.position, self.anchor)
        if self._layout is None or self._layout[0] != key:
            shown = frozenset(self._layout[1].shown_slots()) if self._layout is not None else frozenset()
            args = (self.columns, self.width(), self.height(), self.position, app_px, self._measure, self.lang,
                    self.anchor, pinned, pinned_rows, shown)  # fmt: skip
            least_at = {"least_px": least}
            if self._span is None or self._span[0] != run:  # one span for the whole run: worked out once
                span = span_of(self.columns, self.width(), self.height(), app_px, self._measure, self.lang,
                               pinned, pinned_rows, **least_at)  # fmt: skip
                self._span = (run, span)
            layout = plan(*args, span=self._span[1], **least_at)
            self._layout = (key, layout)
        return self._layout[1]

    def cells(self, k: int) -> list[Cell]:
        """Column ``k``'s cells as drawn (none when it is not shown, or not revealed yet)."""
        if not 0 <= k < len(self.columns) or k > self.position:
            return []
        return column_cells(self.columns, self.layout(), k)

    def bands(self) -> list[tuple[Band, float, str]]:
        """The folded runs of slots as drawn: the band, its top, its text."""
        layout = self.layout()
        return [
            (line, layout.line_top(i), band_text(band_pages(self.columns, layout, line), line, self.lang))
            for i, line in enumerate(layout.lines)
            if isinstance(line, Band)
        ]

    def column_at(self, x: float) -> int | None:
        layout = self.layout()
        for k in layout.columns:
            left = layout.column_x(k)
            if left is not None and left <= x < left + layout.cell_w:
                return k
        return None

    def column_rect(self, k: int) -> QRectF:
        layout = self.layout()
        x = layout.column_x(k)
        if x is None:
            return QRectF()
        return QRectF(x, 0, layout.cell_w, layout.bottom)

    def page_rect(self, k: int) -> QRectF:
        """Column ``k``'s cell in the page row (where a miss is marked and clicked)."""
        layout = self.layout()
        x = layout.column_x(k)
        return QRectF() if x is None else QRectF(x, layout.top, layout.cell_w, layout.cell_h)

    def _row_label(self, row: int) -> str:
        return row_label(row, self.lang)

    # -- painting -------------------------------------------------------------------------------------

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        c = style.colors()
        painter.fillRect(self.rect(), c.paper)
        if not self.columns:
            painter.setPen(c.muted)
            painter.setFont(style.ui_font(scale=0.95))
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter,
                compare_words.NO_MEMORY_NOTHING_TO_TABULATE.pick(self.lang),
            )  # fmt: skip
            return
        layout = self.layout()
        key = (layout.cell_h, layout.cell_w, themes.current().name, self.lang, self.devicePixelRatioF())
        if key != self._cache_key or len(self._cache) > 300 or len(self._cells) > 3000:
            self._cache_key = key
            self._cache.clear()
            self._cells.clear()
        self._paint_header(painter, c, layout)
        ratio = self.devicePixelRatioF()
        shown = [k for k in layout.columns if k <= self.position]
        for k in shown:
            state = (k == self.position, self.selected is not None and self.selected[0] == k)
            pixmap = self._cache.get((k, *state, layout.lines))  # a column as drawn with these rows
            if pixmap is None:
                pixmap = self._paint_column(k, state, layout, ratio)
                self._cache[(k, *state, layout.lines)] = pixmap
            painter.drawPixmap(QPointF(layout.column_x(k), 0), pixmap)
        if layout.pinned is not None and shown:  # the gap between a pinned column and the rest
            x = layout.column_x(layout.pinned) + layout.cell_w
            painter.setPen(c.muted)
            painter.setFont(self._font(layout.label_px, True)[0])
            painter.drawText(QRectF(x, layout.top, layout.column_x(layout.first) - x, layout.cell_h),
                             Qt.AlignmentFlag.AlignCenter, "⋯")  # fmt: skip
        self._paint_bands(painter, c, layout, shown)
        if self.selected is not None:  # the page, ringed where it left memory
            at, page = self.selected
            x = layout.column_x(at)
            if x is not None and at <= self.position:
                for frame, left in self.columns[at].left:
                    index = layout.line_of_slot(frame)
                    if left == page and index is not None:
                        y, h = layout.line_top(index), layout.line_height(index)
                        painter.setPen(QPen(c.evict, 2.5 * style.line_width()))
                        painter.setBrush(Qt.BrushStyle.NoBrush)
                        painter.drawRoundedRect(QRectF(x + 1.5, y + 1.5, layout.cell_w - 3, h - 3), 3, 3)
        painter.end()

    def _paint_header(self, p: QPainter, c, layout: Layout) -> None:
        font, _ = self._font(layout.label_px, False)
        p.setFont(font)
        p.setPen(c.muted)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        p.drawText(QRectF(2, layout.top, layout.header - 6, layout.cell_h), right, page_label(self.lang))
        for i, line in enumerate(layout.lines):
            text = "⋯" if isinstance(line, Band) else self._row_label(line + 1)
            box = QRectF(2, layout.line_top(i), layout.header - 6, layout.line_height(i))
            if isinstance(line, Band):  # its ink centred in the band, whose box would clip the line's
                p.drawText(ink_centred(font, box, right, text), right | Qt.TextFlag.TextDontClip, text)
            else:
                p.drawText(box, right, text)
        p.setPen(QPen(c.border, 1))
        p.drawLine(QPointF(layout.header - 2, layout.top), QPointF(layout.header - 2, layout.bottom))

    def band_labels(self) -> list[tuple[QRectF, str]]:
        """Each band's text as drawn, and where: inside the table, clear of the current column
        (:meth:`Layout.band_room`), shortened to what fits (the tooltip says it all)."""
        layout = self.layout()
        if not self.columns or self.position < layout.first:
            return []
        left, right = layout.band_room(self.position, self.width())
        left, right = left + 4, right - 3
        out = []
        for band, top, _text in self.bands():
            pages = band_pages(self.columns, layout, band)
            label = band_label(pages, band, self.lang, right - left, layout.label_px, self._measure)
            out.append((QRectF(left, top, right - left, layout.band_h), label))
        return out

    def _paint_bands(self, p: QPainter, c, layout: Layout, shown: list[int]) -> None:
        """Each band's text, across the recent columns before the current one."""
        if not shown:
            return
        font = self._font(layout.label_px, False)[0]
        p.setFont(font)
        p.setPen(c.muted)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        for rect, text in self.band_labels():  # a band is a thin line: its ink, not its line, centred
            # (unclipped: the moved box would cut the ink it centres, "unchanged" lost its g's tail)
            p.drawText(ink_centred(font, rect, align, text), align | Qt.TextFlag.TextDontClip, text)

    def _paint_column(self, k: int, state: tuple[bool, bool], layout: Layout, ratio: float) -> QPixmap:
        """A column: its step number, then its cells' pictures copied into place, the bands' quiet
        fill between them. A cell is painted once per step and state and kept while rows fold and
        unfold around it, so a step whose rows change recomposes columns instead of redrawing text."""
        current = state[0]
        c = style.colors()
        cell_w, top, height = layout.cell_w, layout.top, layout.bottom
        pixmap = device_pixmap(cell_w, height, ratio, c.paper)
        p = QPainter(pixmap)
        back = self._column_fill(c, state)
        if back is not None:
            p.fillRect(QRectF(0, 0, cell_w, height), back)
        p.setFont(self._font(layout.label_px, current)[0])
        p.setPen(c.ink if current else c.muted)
        p.drawText(QRectF(0, 0, cell_w, top), Qt.AlignmentFlag.AlignCenter, str(k))
        p.setPen(QPen(c.row_edge, 1))
        p.drawLine(QPointF(0, top + 0.5), QPointF(cell_w, top + 0.5))
        cells = column_cells(self.columns, layout, k)
        for cell in cells:
            p.drawPixmap(QPointF(0, cell.y), self._cell_pixmap(cell, state, layout, ratio))
        for i, line in enumerate(layout.lines):  # folded slots: a quiet band (its text goes across)
            if isinstance(line, Band):
                y = layout.line_top(i)
                p.fillRect(QRectF(0, y, cell_w, layout.band_h), style.with_alpha(c.muted, 0.08))
                p.setPen(QPen(c.row_edge, 1))
                p.drawLine(QPointF(0, y + layout.band_h - 0.5), QPointF(cell_w, y + layout.band_h - 0.5))
        if k in (self.divergence, self.cause):  # where the lanes part, and why (not across a band's text)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            # told apart without their colours (issue 40): the parting column in dashes, the cause's in dots
            parting = k == self.divergence
            pen = QPen(c.plan if parting else c.evict, (2.2 if parting else 2.8) * style.line_width())
            pen.setStyle(Qt.PenStyle.DashLine if parting else Qt.PenStyle.DotLine)
            p.setPen(pen)
            for cell in cells:
                p.drawLine(QPointF(1, cell.y), QPointF(1, cell.y + cell.h))
        p.end()
        return pixmap

    @staticmethod
    def _column_fill(c, state: tuple[bool, bool]):
        current, selected = state
        if current:
            return style.with_alpha(c.remembered_fill, 0.9)
        if selected:
            return style.with_alpha(c.evicted_fill, 0.9)
        return None

    def _cell_pixmap(self, cell: Cell, state: tuple[bool, bool], layout: Layout, ratio: float) -> QPixmap:
        """One cell, its bottom and right edges included, as drawn at this size and state."""
        key = (cell.column, cell.slot, *state)
        pixmap = self._cells.get(key)
        if pixmap is not None:
            return pixmap
        c = style.colors()
        w, h = layout.cell_w, layout.cell_h
        pixmap = device_pixmap(w, h, ratio, c.paper)
        p = QPainter(pixmap)
        back = self._column_fill(c, state)
        if back is not None:
            p.fillRect(QRectF(0, 0, w, h), back)
        p.setPen(QPen(c.row_edge, 1))
        p.drawLine(QPointF(0, h - 0.5), QPointF(w, h - 0.5))
        p.drawLine(QPointF(w - 0.5, 0), QPointF(w - 0.5, h))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(0, 0, w, h)
        if cell.slot is None:
            self._paint_page_cell(p, c, cell, box, layout)
        else:
            self._paint_slot_cell(p, c, cell, box, layout, self.columns[cell.column].miss)
        p.end()
        self._cells[key] = pixmap
        return pixmap

    def _paint_page_cell(self, p: QPainter, c, cell: Cell, box: QRectF, layout: Layout) -> None:
        font = self._font(layout.text_px, True)[0]
        p.setFont(font)
        if not cell.miss:
            p.setPen(c.ink)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, cell.text)
            return
        # a forgotten revisit: a red box, a ✗ on the left, the page on the right
        inner = box.adjusted(2, 2, -2, -2)
        p.setPen(QPen(c.evict, 2.0 * style.line_width()))
        p.setBrush(c.evicted_fill)
        p.drawRoundedRect(inner, 3, 3)
        d, cx, cy = self._miss_mark(box)
        p.setPen(QPen(c.evict, 2.2 * style.line_width()))
        p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
        p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
        p.setPen(c.evict_text)
        p.drawText(self._miss_text_box(box), Qt.AlignmentFlag.AlignCenter, cell.text)

    @staticmethod
    def _miss_mark(box: QRectF) -> tuple[float, float, float]:
        """A forgotten revisit's ✗ in a page cell: its half size and centre."""
        inner = box.adjusted(2, 2, -2, -2)
        d = min(inner.height() * 0.22, inner.width() * 0.14)
        return d, inner.left() + d + 3, inner.center().y()

    def _miss_text_box(self, box: QRectF) -> QRectF:
        d, cx, _cy = self._miss_mark(box)
        return QRectF(cx + d + 1, box.top(), box.right() - cx - d - 3, box.height())

    def _paint_slot_cell(self, p: QPainter, c, cell: Cell, box: QRectF, layout: Layout, miss: bool) -> None:
        font = self._font(layout.text_px, True)[0]
        inner = box.adjusted(2, 2, -2, -2)
        if cell.new:
            p.setPen(QPen(c.new_entry_edge, 1.2 * style.line_width()))
            p.setBrush(c.evicted_fill if miss else c.new_entry)
            p.drawRoundedRect(inner, 3, 3)
        if cell.text:
            p.setFont(font)
            p.setPen(c.evict_text if cell.new and miss else c.new_entry_text if cell.new else c.ink)
            p.drawText(*self._held_place(cell, box, layout), cell.text)
        if cell.touched:  # LRU: used again, moved to the newest end
            pen = QPen(c.remembered_edge, 1.6 * style.line_width())
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            p.setPen(pen)
            y = box.bottom() - 1.5 - pen.widthF() / 2
            p.drawLine(
                QPointF(box.left() + box.width() * 0.2, y), QPointF(box.right() - box.width() * 0.2, y)
            )
        if cell.gone:  # the entry that left memory at this step, struck through
            p.setPen(QPen(c.evict, 1.6 * style.line_width()))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(inner, 3, 3)
            where, align, gone_font, metrics = self._gone_place(box, layout)
            p.setFont(gone_font)
            p.setPen(c.evict_text)
            p.drawText(where, align, cell.gone)
            w = metrics.horizontalAdvance(cell.gone)
            y = where.center().y() if layout.wide else where.top() + where.height() * 0.55
            x0 = where.left() - 1 if layout.wide else where.right() - w - 1
            p.setPen(QPen(c.evict, max(1.5, 0.09 * metrics.height()) * style.line_width()))
            p.drawLine(QPointF(x0, y), QPointF(x0 + w + 2, y))

    @staticmethod
    def _held_place(cell: Cell, box: QRectF, layout: Layout) -> tuple[QRectF, Qt.AlignmentFlag]:
        """Where a slot cell's page goes: right of the one it replaced where the cell is wide, else
        centred (a touched page a little higher: its underline goes below the digits)."""
        if cell.gone and layout.wide:
            return box.adjusted(0, 0, -4, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return box.translated(0, -2 if cell.touched else 0), Qt.AlignmentFlag.AlignCenter

    def _gone_place(
        self, box: QRectF, layout: Layout
    ) -> tuple[QRectF, Qt.AlignmentFlag, QFont, QFontMetricsF]:
        """Where the page that left a slot goes: the cell's left half at the cells' type where the
        cell is wide, else its top right corner at the labels' type."""
        if layout.wide:
            where = QRectF(box.left() + 7, box.top(), box.width() * 0.5 - 7, box.height())
            return (
                where,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                *self._font(layout.text_px, True),
            )
        where = QRectF(box.left(), box.top(), box.width() - 2, box.height() * 0.5)
        return (
            where,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
            *self._font(layout.label_px, False),
        )

    def drawn_texts(self) -> list[tuple[str, QRectF, QRectF]]:
        """Every text drawn, as (text, its ink, the place it must stay in), in widget pixels: the
        row names, each shown column's step number and cells, the gap mark, the bands' texts."""
        if not self.columns:
            return []
        layout = self.layout()
        out: list[tuple[str, QRectF, QRectF]] = []

        def add(text: str, font: QFont, box: QRectF, align, room: QRectF | None = None) -> None:
            if text:
                out.append((text, ink_rect(font, box, align, text), box if room is None else room))

        label = self._font(layout.label_px, False)[0]
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        centre = Qt.AlignmentFlag.AlignCenter
        names = [(page_label(self.lang), layout.top, layout.cell_h)]
        for i, line in enumerate(layout.lines):
            name = "⋯" if isinstance(line, Band) else self._row_label(line + 1)
            names.append((name, layout.line_top(i), layout.line_height(i)))
        for i, (name, top, height) in enumerate(names):
            box = QRectF(2, top, layout.header - 6, height)
            if i > 0 and isinstance(layout.lines[i - 1], Band):
                box = ink_centred(label, box, right, name)
            add(name, label, box, right, QRectF(0, top, layout.header - 2, height))
        shown = [k for k in layout.columns if k <= self.position]
        text_font = self._font(layout.text_px, True)[0]
        for k in shown:
            x = layout.column_x(k)
            add(str(k), self._font(layout.label_px, k == self.position)[0], QRectF(x, 0, layout.cell_w, layout.top),
                centre)  # fmt: skip
            for cell in column_cells(self.columns, layout, k):
                box = QRectF(cell.x, cell.y, cell.w, cell.h)
                if cell.slot is None:
                    add(cell.text, text_font, self._miss_text_box(box) if cell.miss else box, centre, box)
                    continue
                add(cell.text, text_font, *self._held_place(cell, box, layout), box)
                if cell.gone:
                    where, align, font, _metrics = self._gone_place(box, layout)
                    add(cell.gone, font, where, align, box)
        if layout.pinned is not None and shown:
            x = layout.column_x(layout.pinned) + layout.cell_w
            add("⋯", self._font(layout.label_px, True)[0],
                QRectF(x, layout.top, layout.column_x(layout.first) - x, layout.cell_h), centre)  # fmt: skip
        if shown:
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            for rect, text in self.band_labels():
                add(text, label, ink_centred(label, rect, align, text), align, rect)
        return out

    def cut_texts(self) -> list[str]:
        """Texts drawn past their place or over each other (for the window-fit probe)."""
        texts = self.drawn_texts()
        bounds = QRectF(self.rect())
        out = []
        for text, ink, room in texts:
            if not room.adjusted(-0.5, -0.5, 0.5, 0.5).contains(ink) or not bounds.adjusted(
                -0.5, -0.5, 0.5, 0.5
            ).contains(ink):
                out.append(f"{text!r} past its place")
        return out + overprints([(text, ink) for text, ink, _room in texts])

    # -- interaction ----------------------------------------------------------------------------------

    def _line_at(self, y: float) -> int | None:
        """-1: the page row; else the index of the line (row or band) at height ``y``; None: none."""
        layout = self.layout()
        if layout.top <= y < layout.top + layout.cell_h:
            return -1
        for i in range(len(layout.lines)):
            top = layout.line_top(i)
            if top <= y < top + layout.line_height(i):
                return i
        return None

    def mousePressEvent(self, event) -> None:
        pos = event.position()
        k, line = self.column_at(pos.x()), self._line_at(pos.y())
        if k is not None and k <= self.position and self.columns[k].miss and line == -1:
            self.miss_clicked.emit(k)
        else:
            self.miss_clicked.emit(-1)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos = event.position()
        k, line = self.column_at(pos.x()), self._line_at(pos.y())
        if k is None or k > self.position or self.site is None or line is None:
            QToolTip.hideText()
            return
        column = self.columns[k]
        layout = self.layout()
        if line == -1:
            slots = []
        else:
            shown = layout.lines[line]
            slots = list(shown.slots) if isinstance(shown, Band) else [shown]
        pages = [column.page] if line == -1 else [column.frames[s] for s in slots]
        texts = []
        for slot, page in zip(slots or [None], pages, strict=True):
            if page is None:
                continue
            where = "" if slot is None or len(slots) == 1 else f"{self._row_label(slot + 1)} · "
            texts.append(f"{where}{page}: {self.site.page_name(page, self.lang)}")
        if not texts:
            QToolTip.hideText()
            return
        text = "\n".join(texts)
        if line == -1 and column.miss and column.evicted_at is not None:
            text += compare_words.FORGOTTEN_REVISIT_FORGOTTEN_AT_N.pick(
                self.lang, forgotten_revisit=term("forgotten_revisit", self.lang), step=column.evicted_at
            )
        QToolTip.showText(event.globalPosition().toPoint(), text, self)

    def wheelEvent(self, event) -> None:
        """Look back (or forward again, up to the current step) three columns a notch."""
        delta = event.angleDelta().y() or event.angleDelta().x()
        last = self.layout().last - (3 if delta > 0 else -3)
        self.anchor = None if last >= self.position else max(0, last)
        self.update()

    def _forget(self) -> None:
        self.updateGeometry()  # the least height follows the run, the pinned rows and the zoom
        self._cache.clear()
        self._cells.clear()
        self._layout = None
        self.update()

    def resizeEvent(self, event) -> None:
        self._forget()
        super().resizeEvent(event)

    def _on_app_font_change(self) -> None:
        self._fonts.clear()
        self._forget()

    def _on_theme_change(self) -> None:
        self._forget()
