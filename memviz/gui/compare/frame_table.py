"""A lane's memory frame table: the OS textbook's page-replacement table, drawn from the core's
:class:`~memviz.core.compare.FrameColumn` list and nothing else.

Rows: the page visited at each step (the reference string), then one row per memory slot (frames
keep their row, so a page stays on its line until it is forgotten), then the miss row. Columns:
steps 0 … n, revealed up to the transport's position; the current column is highlighted and the
table scrolls to keep it in view.

In a cell: the page held (its number; the tooltip names it). A new entry is filled; an entry that
leaves memory is shown struck through, small, in the corner of the step it leaves on; an LRU touch
is underlined; a forgotten revisit is a red ✗ in the miss row (click it: the step its page was
evicted at lights up, here and in the graph).

Each column is painted once into a pixmap and reused while nothing about it changes, so a step
repaints by copying ~30 small pictures instead of drawing ~400 cells of text.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from memviz.core.compare import FrameColumn
from memviz.core.site import Site
from memviz.gui import themes
from memviz.gui.explore import style

MIN_CELL_H = 8.0
MAX_CELL_SCALE = 1.9  # cell height, in app font pixels


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
        self.first = 0  # the first column shown
        self._cache: dict[tuple, QPixmap] = {}
        self._geometry_key: tuple | None = None
        self.setMinimumHeight(80)

    # -- what to draw ---------------------------------------------------------------------------------

    def set_columns(self, columns: list[FrameColumn], site: Site, lang: str) -> None:
        self.columns, self.site, self.lang = columns, site, lang
        self.first = 0
        self.selected = None
        self._cache.clear()
        self.update()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._cache.clear()
        self.update()

    def set_position(self, position: int) -> None:
        self.position = position
        self._scroll_to(position)
        self.update()

    def set_divergence(self, step: int | None, cause: int | None) -> None:
        self.divergence, self.cause = step, cause
        self._cache.clear()
        self.update()

    def set_selected(self, selected: tuple[int, int] | None) -> None:
        self.selected = selected
        self.update()

    @property
    def rows(self) -> int:
        return len(self.columns[0].frames) if self.columns else 0

    # -- geometry -------------------------------------------------------------------------------------

    def _geometry(self) -> tuple[float, float, float, QFont, QFont]:
        """Cell height and width, header width, and the fonts, for the widget's size."""
        px = style.app_pixel_size()
        lines = self.rows + 2.9  # the step numbers on top (0.9), reference row, slots, miss row
        cell_h = max(MIN_CELL_H, min(px * MAX_CELL_SCALE, self.height() / max(lines, 1)))
        font = style.ui_font(max(7.0, cell_h * 0.7), bold=True)
        small = style.ui_font(max(6.0, cell_h * 0.5))
        metrics = QFontMetricsF(font)
        header = QFontMetricsF(small).horizontalAdvance(self._row_label(max(self.rows, 1))) + cell_h * 0.5
        # as wide as the table may be (room for the struck-through page beside the new one), up to
        # twice as wide as tall; narrower only down to what a two-digit page needs
        least = max(cell_h * 1.15, metrics.horizontalAdvance("88") + cell_h * 0.55)
        fill = (self.width() - header) / max(len(self.columns), 1)
        cell_w = max(least, min(fill, cell_h * 2.1))
        return cell_h, cell_w, header, font, small

    def _visible_columns(self, cell_w: float, header: float) -> int:
        return max(1, int((self.width() - header) // cell_w))

    def _scroll_to(self, position: int) -> None:
        if not self.columns:
            return
        _, cell_w, header, _, _ = self._geometry()
        visible = self._visible_columns(cell_w, header)
        if position < self.first:
            self.first = position
        elif position >= self.first + visible:
            self.first = position - visible + 1
        self.first = max(0, min(self.first, max(0, len(self.columns) - visible)))

    def column_at(self, x: float) -> int | None:
        _, cell_w, header, _, _ = self._geometry()
        if x < header:
            return None
        k = self.first + int((x - header) // cell_w)
        return k if 0 <= k < len(self.columns) else None

    def column_rect(self, k: int) -> QRectF:
        cell_h, cell_w, header, _, _ = self._geometry()
        return QRectF(header + (k - self.first) * cell_w, 0, cell_w, cell_h * (self.rows + 2.9))

    def _row_label(self, row: int) -> str:
        return ("槽 " if self.lang == "zh" else "slot ") + str(row)

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
                "没有记忆：没有可画的表" if self.lang == "zh" else "No memory: nothing to tabulate",
            )  # fmt: skip
            return
        cell_h, cell_w, header, font, small = self._geometry()
        key = (self.width(), self.height(), cell_h, themes.current().name, font.pixelSize(), self.lang)
        if key != self._geometry_key:
            self._geometry_key = key
            self._cache.clear()
        top = cell_h * 0.9
        self._paint_header(painter, c, cell_h, header, top, small)
        visible = self._visible_columns(cell_w, header)
        last = min(len(self.columns) - 1, self.first + visible - 1, self.position)
        ratio = self.devicePixelRatioF()
        for k in range(self.first, last + 1):
            state = (k == self.position, self.selected[0] == k if self.selected else False)
            pixmap = self._cache.get((k, *state))
            if pixmap is None:
                pixmap = self._paint_column(k, state, cell_h, cell_w, font, small, ratio)
                self._cache[(k, *state)] = pixmap
            painter.drawPixmap(QPointF(header + (k - self.first) * cell_w, 0), pixmap)
        if self.selected is not None:  # the page, ringed where it left memory
            at, page = self.selected
            if self.first <= at <= last:
                column = self.columns[at]
                for frame, left in column.left:
                    if left == page:
                        x = header + (at - self.first) * cell_w
                        box = QRectF(x + 1.5, top + cell_h * (frame + 1) + 1.5, cell_w - 3, cell_h - 3)
                        painter.setPen(QPen(c.evict, 2.5 * style.line_width()))
                        painter.setBrush(Qt.BrushStyle.NoBrush)
                        painter.drawRoundedRect(box, 3, 3)
        painter.end()

    def _paint_header(self, p: QPainter, c, cell_h: float, header: float, top: float, small: QFont) -> None:
        p.setFont(small)
        p.setPen(c.muted)
        labels = ["页面" if self.lang == "zh" else "page"]
        labels += [self._row_label(r + 1) for r in range(self.rows)]
        labels.append("忘了又回" if self.lang == "zh" else "miss")
        for i, text in enumerate(labels):
            p.drawText(QRectF(2, top + i * cell_h, header - 6, cell_h),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)  # fmt: skip
        p.setPen(QPen(c.border, 1))
        p.drawLine(QPointF(header - 2, top), QPointF(header - 2, top + cell_h * (self.rows + 2)))

    def _paint_column(
        self,
        k: int,
        state: tuple[bool, bool],
        cell_h: float,
        cell_w: float,
        font: QFont,
        small: QFont,
        ratio: float,
    ) -> QPixmap:
        current, selected = state
        c = style.colors()
        column = self.columns[k]
        height = cell_h * (self.rows + 2.9)
        pixmap = QPixmap(max(1, round(cell_w * ratio)), max(1, round(height * ratio)))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(c.paper)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        top = cell_h * 0.9
        whole = QRectF(0, 0, cell_w, height)
        if current:
            p.fillRect(whole, style.with_alpha(c.remembered_fill, 0.9))
        elif selected:
            p.fillRect(whole, style.with_alpha(c.evicted_fill, 0.9))
        if k == self.divergence or k == self.cause:  # where the lanes part, and why
            pen = QPen(c.plan if k == self.divergence else c.evict, 2.2 * style.line_width())
            pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(QPointF(1, top), QPointF(1, height))
        p.setFont(small)
        p.setPen(c.ink if current else c.muted)
        p.drawText(QRectF(0, 0, cell_w, top), Qt.AlignmentFlag.AlignCenter, str(k))
        p.setPen(QPen(c.row_edge, 1))
        for r in range(self.rows + 2):
            p.drawLine(QPointF(0, top + (r + 1) * cell_h), QPointF(cell_w, top + (r + 1) * cell_h))
        p.drawLine(QPointF(cell_w - 0.5, top), QPointF(cell_w - 0.5, top + cell_h * (self.rows + 2)))
        # the reference string: the page visited at this step
        p.setFont(font)
        if column.page is not None:
            p.setPen(c.evict_text if column.miss else c.ink)
            p.drawText(QRectF(0, top, cell_w, cell_h), Qt.AlignmentFlag.AlignCenter, str(column.page))
        left_by_frame = dict(column.left)
        wide = cell_w >= cell_h * 1.8
        for r, page in enumerate(column.frames):
            box = QRectF(0, top + (r + 1) * cell_h, cell_w, cell_h)
            inner = box.adjusted(2, 2, -2, -2)
            if r == column.new_frame:
                p.setPen(QPen(c.new_entry_edge, 1.2 * style.line_width()))
                p.setBrush(c.evicted_fill if column.miss else c.new_entry)
                p.drawRoundedRect(inner, 3, 3)
            if page is not None:
                p.setFont(font)
                p.setPen(c.new_entry_text if r == column.new_frame and not column.miss else c.ink)
                if r == column.new_frame and column.miss:
                    p.setPen(c.evict_text)
                if r in left_by_frame and wide:  # the new page on the right, the one it replaced left
                    p.drawText(
                        box.adjusted(0, 0, -3, 0),
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                        str(page),
                    )
                else:
                    p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(page))
            if r == column.touched_frame:  # LRU: used again, moved to the newest end
                p.setPen(QPen(c.remembered_edge, 2.2 * style.line_width()))
                y = box.bottom() - cell_h * 0.16
                p.drawLine(QPointF(box.left() + cell_w * 0.2, y), QPointF(box.right() - cell_w * 0.2, y))
            if r in left_by_frame:  # the entry that left memory at this step, struck through
                gone = str(left_by_frame[r])
                p.setPen(QPen(c.evict, 1.6 * style.line_width()))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(inner, 3, 3)
                if wide:
                    p.setFont(font)
                    where = QRectF(box.left() + 3, box.top(), box.width() * 0.5, box.height())
                    align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                    metrics = QFontMetricsF(font)
                else:
                    p.setFont(small)
                    where = QRectF(box.left(), box.top(), box.width() - 2, box.height() * 0.5)
                    align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
                    metrics = QFontMetricsF(small)
                p.setPen(c.evict_text)
                p.drawText(where, align, gone)
                w = metrics.horizontalAdvance(gone)
                y = where.center().y() if wide else where.top() + where.height() * 0.55
                x0 = where.left() - 1 if wide else where.right() - w - 1
                p.setPen(QPen(c.evict, 2.0 * style.line_width()))
                p.drawLine(QPointF(x0, y), QPointF(x0 + w + 2, y))
        miss = QRectF(0, top + (self.rows + 1) * cell_h, cell_w, cell_h)
        if column.miss:
            p.setPen(QPen(c.evict, 2.4 * style.line_width()))
            d = cell_h * 0.26
            cx, cy = miss.center().x(), miss.center().y()
            p.drawLine(QPointF(cx - d, cy - d), QPointF(cx + d, cy + d))
            p.drawLine(QPointF(cx - d, cy + d), QPointF(cx + d, cy - d))
        p.end()
        return pixmap

    # -- interaction ----------------------------------------------------------------------------------

    def _cell(self, pos: QPointF) -> tuple[int | None, int]:
        cell_h = self._geometry()[0]
        return self.column_at(pos.x()), int((pos.y() - cell_h * 0.9) // cell_h)

    def mousePressEvent(self, event) -> None:
        k, row = self._cell(event.position())
        if k is not None and k <= self.position and self.columns[k].miss and row in (0, self.rows + 1):
            self.miss_clicked.emit(k)
        else:
            self.miss_clicked.emit(-1)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        k, row = self._cell(event.position())
        if k is None or k > self.position or self.site is None:
            QToolTip.hideText()
            return
        column = self.columns[k]
        page = column.page if row == 0 else column.frames[row - 1] if 1 <= row <= self.rows else None
        if row == self.rows + 1 and column.miss:
            page = column.page
        if page is None:
            QToolTip.hideText()
            return
        text = f"{page}: {self.site.page_name(page, self.lang)}"
        if column.miss and page == column.page and column.evicted_at is not None:
            text += (f"（第 {column.evicted_at} 步被忘掉）" if self.lang == "zh"
                     else f" (forgotten at step {column.evicted_at})")  # fmt: skip
        QToolTip.showText(event.globalPosition().toPoint(), text, self)

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        self.first = max(0, min(self.first - (1 if delta > 0 else -1) * 3, max(0, len(self.columns) - 1)))
        self.update()

    def resizeEvent(self, event) -> None:
        self._cache.clear()
        self._scroll_to(self.position)
        super().resizeEvent(event)

    def _on_app_font_change(self) -> None:
        self._cache.clear()
        self.update()

    def _on_theme_change(self) -> None:
        self._cache.clear()
        self.update()
