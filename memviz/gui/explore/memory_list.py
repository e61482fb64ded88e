"""The memory list: the agent's memory as rows, entries in eviction order, each page with the links
it remembers.

The list is drawn from the core: the memory's order after the step and the step's event (written,
touched and the slot it came from, evicted and the slot it was in). A new entry is highlighted, an LRU
touch slides its entry to the newest end, and an evicted entry stays in its old place, struck through
and fading, for the rest of the step it was evicted on. Rows that did not change fold away, so the
evicted row, the row just written or used and the next to go stay in view at any capacity; a fold
says which rows it holds ("⋯ entries 2–11 (10, unchanged)").

What is drawn is :meth:`MemoryList.picture` (the rows and folds, line by line, once the step's
animation is over): the painting draws exactly those rows, and the tests read the same picture.
"""

# No `from __future__ import annotations`: typing.NamedTuple compiles each string annotation of its
# fields (a ForwardRef), ~10 µs a field before the window's first paint; these are plain names (issue 41).

from collections.abc import Callable
from typing import NamedTuple

from memviz.core.policies import POLICIES
from memviz.gui.explore.memory_scores import LEFT_OUT_OPACITY, paint_scores
from memviz.gui.kit import easing, style
from memviz.gui.kit.language import Language
from memviz.gui.kit.paint_cache import ShapeCache, StaticTexts
from memviz.gui.kit.progress_animation import ProgressAnimation
from memviz.gui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QPointF,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QWidget,
    Signal,
)
from memviz.models.explore import ExploreModel
from memviz.presentation.memory_fold import Fold, Line, fold_lines, line_of_slot, lines_for
from memviz.wording import explore as explore_words

NORMAL = "normal"
NEW = "new"
TOUCHED = "touched"
EVICTED = "evicted"
# A row's height in name-line heights: roomy when the list has room, compact (still one clear line)
# before it folds rows away.
ROW_LINES, COMPACT_ROW_LINES = 1.75, 1.3
# The fewest lines the list keeps in view: the forgotten row, the next to go, a fold and the row
# written or used this step (FIFO and LRU); a drawn victim: fold, forgotten, fold, written.
LEAST_LINES = 4


class _Sheet(NamedTuple):  # not a frozen dataclass, which compiles its methods on import (issue 41)
    """What painting every row of one paint shares: colours, fonts, widths, the slide's progress."""

    c: style.ExploreColors
    lw: float
    ratio: float
    name_font: QFont
    link_font: QFont
    name_metrics: QFontMetricsF
    link_metrics: QFontMetricsF
    tag_metrics: QFontMetricsF
    row_h: float
    width: int
    t: float  # the step's slide, 0 → 1
    index_w: float
    name_w: float
    space: float
    remembered: set[int]
    next_slot: int | None  # the row the policy takes next, marked "next to go" (None: not shown)


def _faded(color: QColor, opacity: float) -> QColor:
    """``color`` at ``opacity``: text takes a translucent colour rather than a painter opacity."""
    return color if opacity >= 1.0 else style.with_alpha(color, color.alphaF() * opacity)


class MemoryRow(NamedTuple):
    """A row of the memory list for one step: its entry, its mark and where it moves from and to.
    A named tuple, not a dataclass: made as the window starts, where a dataclass compiles its
    methods from source (issue 41)."""

    page: int
    mark: str  # NORMAL, NEW, TOUCHED or EVICTED
    slot: int  # where it ends up this step
    from_slot: float  # where it starts (the same as slot when it does not move)


class MemoryList(QWidget):
    """The painted list of entries; animates one step's changes."""

    least_room_changed = Signal()  # the type changed: so did the least height the list needs

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_memory_list")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.rows: list[MemoryRow] = []
        self.scores: dict = {}  # --read top:K: page -> its EntryScore at this step (the event's)
        self.full = False
        self.answer_hidden = False  # a predict question is open: "next to go" would give its answer away
        self._font_cache = None
        self._name_width_cache: tuple[str, float] | None = None
        self._text_widths: dict[tuple[int, str], float] = {}
        self._elided_names: dict[tuple[str, int, float], str] = {}
        self._texts = StaticTexts()  # names and links, laid out once
        self._shapes = ShapeCache()  # row boxes and tags, rasterised once
        self._progress = 1.0
        self._room = 0  # the height the panel gives the list, in pixels (0: not known yet)
        self._row_h = 0.0
        self.lines: list[Line] = []  # what is drawn, top to bottom: rows' slots and folded runs
        self._line_of: dict[int, int] = {}
        self._painted_keys: dict[int, tuple] = {}  # per slot, what its row showed when last set
        self._animation = ProgressAnimation(self, self._on_animation_progress)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    # -- geometry -------------------------------------------------------------------------------------

    def _fonts(self):
        if self._font_cache is None:
            fonts = style.ui_font(scale=1.05, bold=True), style.ui_font(scale=0.92), style.ui_font(scale=0.8)
            self._font_cache = (fonts, tuple(QFontMetricsF(f) for f in fonts))
        return self._font_cache[0]

    def _metrics(self):
        self._fonts()
        return self._font_cache[1]

    def row_height(self) -> float:
        if self._row_h <= 0:
            self._layout_lines()
        return self._row_h

    def set_room(self, height: int) -> None:
        """The height the list may use without scrolling: it compacts, then folds, to fit it."""
        if height != self._room:
            self._room = height
            if self._layout_lines():
                self._set_height()
                self.update_all()

    def _layout_lines(self) -> bool:
        """Choose the row height and which rows to show; True if the picture changed."""
        name_h = self._metrics()[0].height()
        n = len(self.rows)
        room = self._room - 4
        if self._room <= 0 or n * name_h * ROW_LINES <= room:
            row_h, lines = name_h * ROW_LINES, list(range(n))
        elif n * name_h * COMPACT_ROW_LINES <= room:
            row_h, lines = room / n, list(range(n))
        else:
            row_h = name_h * COMPACT_ROW_LINES
            pinned = self._pinned_slots()
            least = max(LEAST_LINES, lines_for(n, pinned))  # the pinned rows never scroll out of view
            lines = fold_lines(n, pinned, max(least, int(room // row_h)), pinned)
            # the lines share the room: no strip left empty under the last one
            row_h = max(row_h, min(name_h * ROW_LINES, room / max(1, len(lines))))
        changed = lines != self.lines or abs(row_h - self._row_h) > 0.01
        self._row_h, self.lines, self._line_of = row_h, lines, line_of_slot(lines)
        return changed

    def _pinned_slots(self) -> frozenset[int]:
        """The rows that say what the step did and what comes next, never folded: the entry
        forgotten, the entry written or used, and (a policy whose victim is the top entry) the next
        to go."""
        slots = {row.slot for row in self.rows if row.mark != NORMAL}
        next_slot = self._next_to_go_slot()
        if next_slot is not None:
            slots.add(next_slot)
        return frozenset(slots)

    def _next_to_go_slot(self) -> int | None:
        """The slot of the entry a full memory forgets next, where the policy says it is the top
        one (FIFO, LRU): a drawn or foreseen victim has no row before it goes."""
        if not (self.full and POLICIES.get(self.model.config.policy).victim_is_first):
            return None
        return next((row.slot for row in self.rows if row.mark != EVICTED), None)

    def slot_numbers(self) -> dict[int, int]:
        """Each live entry's number as the list shows it (1: the top live entry); a forgotten
        entry, shown as ✗, has none."""
        numbers, number = {}, 0
        for row in sorted(self.rows, key=lambda r: r.slot):
            if row.mark != EVICTED:
                number += 1
                numbers[row.slot] = number
        return numbers

    def picture(self) -> list[tuple]:
        """What the list shows once the step's animation is over, top to bottom: ``("row", page,
        mark, number, tag)`` (number: the entry's, or "✗") or ``("fold", first slot, last slot,
        its text)``."""
        by_slot = {row.slot: row for row in self.rows}
        numbers = self.slot_numbers()
        next_slot = None if self.answer_hidden else self._next_to_go_slot()
        lines = []
        for line in self.lines:
            if isinstance(line, Fold):
                lines.append(("fold", line.first, line.last, self.fold_text(line)))
                continue
            row = by_slot[line]
            number = "✗" if row.mark == EVICTED else str(numbers[row.slot])
            lines.append(("row", row.page, row.mark, number, self._tag(row, row.slot == next_slot)))
        return lines

    def _tag(self, row: MemoryRow, next_to_go: bool) -> str:
        tr = self.language.tr
        tag = {
            NEW: tr(explore_words.NEW),
            TOUCHED: tr(explore_words.USED_MOVED_TO_NEWEST),
            EVICTED: tr(explore_words.FORGOTTEN),
        }.get(row.mark, "")
        return tag or (tr(explore_words.NEXT_TO_GO) if next_to_go else "")

    def _drawn(self, row: MemoryRow) -> bool:
        """Whether a row is painted: its line is a row's, not a fold's. (A row sliding into a fold
        is not drawn over the fold's words; one sliding out of a fold is drawn from there.)"""
        return self._line_of.get(row.slot) is not None and not isinstance(
            self.lines[self._line_of[row.slot]], Fold
        )

    def slot_y(self, slot: float) -> float:
        """The top of the line a slot is drawn on (a folded slot: its fold's line)."""
        key = round(slot)
        return self._line_of.get(key, key) * self.row_height()

    def shown_pages(self) -> list[int]:
        """The pages whose rows are drawn (not folded away), top to bottom."""
        by_slot = {row.slot: row.page for row in self.rows}
        return [by_slot[line] for line in self.lines if not isinstance(line, Fold)]

    def _text_width(self, kind: int, text: str) -> float:
        """The width of ``text`` in font ``kind`` (0 name, 1 link, 2 tag), measured once per type size."""
        key = (kind, text)
        width = self._text_widths.get(key)
        if width is None:
            width = self._text_widths[key] = self._metrics()[kind].horizontalAdvance(text)
        return width

    def _elided_name(self, page: int, width: float) -> str:
        key = (self.language.code, page, round(width, 1))
        name = self._elided_names.get(key)
        if name is None:
            full = self.model.site.page_name(page, self.language.code)
            name = self._elided_names[key] = self._metrics()[0].elidedText(
                full, Qt.TextElideMode.ElideRight, width
            )
        return name

    def _name_width(self) -> float:
        """Room for the longest page name in the UI language (measured once per language)."""
        lang = self.language.code
        if self._name_width_cache is None or self._name_width_cache[0] != lang:
            site = self.model.site
            metrics = self._metrics()[0]
            widest = max(
                (metrics.horizontalAdvance(site.page_name(p, lang)) for p in range(site.n_pages)), default=0
            )
            self._name_width_cache = (lang, widest + 16)
        return self._name_width_cache[1]

    def sizeHint(self) -> QSize:
        return QSize(360, int(max(1, len(self.lines)) * self.row_height()) + 4)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.update()  # rows span the width: with static contents Qt would paint only the new strip

    def _on_app_font_change(self) -> None:
        self._font_cache = None
        self._name_width_cache = None
        self._text_widths.clear()
        self._elided_names.clear()
        self._row_h = 0.0
        self._layout_lines()
        self._set_height()
        self.update_all()
        self.least_room_changed.emit()

    def least_room(self) -> int:
        """The height the list needs to show a forgotten row, the next to go, a fold and the row
        just written: below it, the memory panel would scroll the step's "why" away."""
        return int(self._metrics()[0].height() * COMPACT_ROW_LINES * LEAST_LINES) + 4

    def minimumSizeHint(self) -> QSize:
        return QSize(200, int(self.row_height() * 2))

    # -- state ----------------------------------------------------------------------------------------

    def set_rows(self, rows: list[MemoryRow], full: bool, animate_ms: int) -> None:
        old_keys = self._painted_keys
        self.rows = rows
        self.full = full
        refold = self._layout_lines()
        self._set_height()
        self._animation.stop()
        if animate_ms > 0 and any(r.mark != NORMAL or r.from_slot != r.slot for r in rows):
            self._progress = 0.0
            self._animation.start(animate_ms)
        else:
            self._progress = 1.0
        # Repaint only the rows whose picture changes: a step touches a few entries, and repainting
        # the whole list of up to 24 rows costs most of a frame.
        new_keys = self._row_keys()
        if refold:
            old_keys = {}  # rows moved to other lines: every line is drawn again
            self.update()
        for slot in sorted(set(old_keys) | set(new_keys)):
            if old_keys.get(slot) != new_keys.get(slot):
                self._update_slots(slot, slot)
        for row in rows:
            if row.from_slot != row.slot:
                self._update_slots(row.from_slot, row.slot)
        self._painted_keys = new_keys

    def _row_keys(self) -> dict[int, tuple]:
        """Everything a row's picture depends on, by the slot it ends in (for partial repaints)."""
        remembered = set(self.model.exploration.memory_order())
        marks_next = POLICIES.get(self.model.config.policy).victim_is_first and not self.answer_hidden
        keys = {}
        live_index = 0
        for row in self.rows:
            if row.mark != EVICTED:
                live_index += 1
            links = tuple(q in remembered for q in self._entry_links(row.page))
            next_to_go = self.full and live_index == 1 and row.mark == NORMAL and marks_next
            keys[row.slot] = (row.page, row.mark, live_index, next_to_go, links, self.scores.get(row.page))
        return keys

    def _update_slots(self, first: float, last: float) -> None:
        a, b = self.slot_y(first), self.slot_y(last)
        top, bottom = min(a, b), max(a, b) + self.row_height()
        self.update(0, int(top) - 1, self.width(), int(bottom - top) + 3)

    def hide_answer(self, hidden: bool) -> None:
        """While the class guesses which entry goes, the list does not say ("next to go")."""
        if hidden != self.answer_hidden:
            self.answer_hidden = hidden
            self.update_all()

    def update_all(self) -> None:
        """Repaint every row (language, type size or theme changed)."""
        self._painted_keys = {}
        self._texts.clear()
        self._shapes.clear()
        self.update()

    def _on_theme_change(self) -> None:
        self.update_all()

    def _set_height(self) -> None:
        height = int(max(1, len(self.lines)) * self.row_height()) + 4
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
            self.updateGeometry()

    def _on_animation_progress(self, value) -> None:
        self._progress = easing.in_out_cubic(float(value))
        for row in self.rows:  # only the rows that fade, glow or slide change during the animation
            if row.mark != NORMAL or row.from_slot != row.slot:
                self._update_slots(row.from_slot, row.slot)

    # -- painting -------------------------------------------------------------------------------------

    def _paint_row_box(self, mark: str) -> Callable[[QPainter, QRectF], None]:
        c = style.colors()
        fill = {NORMAL: c.row_fill, NEW: c.new_entry, TOUCHED: c.touched, EVICTED: c.evicted_fill}[mark]
        border = {NORMAL: c.row_edge, NEW: c.new_entry_edge, TOUCHED: c.remembered_edge, EVICTED: c.evict}[
            mark
        ]
        pen = QPen(border, (2 if mark != NORMAL else 1) * style.line_width())
        if mark == EVICTED:
            pen.setStyle(Qt.PenStyle.DashLine)

        def paint(painter: QPainter, box: QRectF) -> None:
            painter.setPen(pen)
            painter.setBrush(fill)
            painter.drawRoundedRect(box, 6, 6)

        return paint

    def _paint_tag(self, text: str, color: QColor) -> Callable[[QPainter, QRectF], None]:
        font = self._fonts()[2]

        def paint(painter: QPainter, box: QRectF) -> None:
            painter.setPen(QPen(color, 1.2 * style.line_width()))
            painter.setBrush(style.colors().paper)
            painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
            painter.setFont(font)
            painter.setPen(color)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

        return paint

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        exposed = QRectF(event.rect())
        style.fill(painter, event.rect(), style.colors().paper)
        sheet = self._sheet()
        for index, line in enumerate(self.lines):
            if isinstance(line, Fold):
                box = QRectF(4, index * sheet.row_h + 2, sheet.width - 8, sheet.row_h - 4)
                self._paint_fold(painter, box, line, exposed)
        live_index = 0
        for row in self.rows:
            if row.mark != EVICTED:
                live_index += 1  # a row's number counts the live rows above it, folded or not
            if not self._drawn(row):
                continue  # folded away (its fold says so)
            y = self.slot_y(row.from_slot) + (self.slot_y(row.slot) - self.slot_y(row.from_slot)) * sheet.t
            box = QRectF(4, y + 2, sheet.width - 8, sheet.row_h - 4)
            if box.adjusted(-3, -3, 3, 3).intersects(exposed):  # (a border's antialiased fringe)
                self._paint_row(painter, sheet, row, box, live_index)
        painter.end()

    def _sheet(self) -> _Sheet:
        name_font, link_font, _tag_font = self._fonts()
        name_metrics, link_metrics, tag_metrics = self._metrics()
        width = self.width()
        marks_next = POLICIES.get(self.model.config.policy).victim_is_first and not self.answer_hidden
        return _Sheet(
            c=style.colors(), lw=style.line_width(), ratio=self.devicePixelRatioF(),
            name_font=name_font, link_font=link_font, name_metrics=name_metrics,
            link_metrics=link_metrics, tag_metrics=tag_metrics, row_h=self.row_height(), width=width,
            t=self._progress, index_w=self._text_width(0, "24") + 14,
            name_w=min(self._name_width(), width * 0.38), space=self._text_width(1, "  "),
            remembered=set(self.model.exploration.memory_order()),
            next_slot=self._next_to_go_slot() if marks_next else None,
        )  # fmt: skip

    def _row_opacity(self, row: MemoryRow, t: float) -> float:
        """A new row fades in, an evicted one out; an entry retrieval left out of the call is dim."""
        opacity = 1.0
        if row.mark == NEW:
            opacity = min(1.0, 0.15 + t)
        elif row.mark == EVICTED:
            opacity = 1.0 - (1.0 - style.colors().evicted_opacity) * t
        score = self.scores.get(row.page)
        if score is not None and not score.injected:
            opacity *= LEFT_OUT_OPACITY  # in memory, left out of this call by retrieval
        return opacity

    def _paint_row(
        self, painter: QPainter, sheet: _Sheet, row: MemoryRow, box: QRectF, live_index: int
    ) -> None:
        """One row: its box, its number and page, its tag, then the links it remembers."""
        opacity = self._row_opacity(row, sheet.t)
        # Fading: pictures are copied at an opacity; text takes a translucent colour instead, since
        # text drawn at a painter opacity goes through a path for every glyph (20 times slower).
        painter.setOpacity(opacity)
        self._shapes.draw(
            painter, box, ("row", row.mark), self._paint_row_box(row.mark), 2 * sheet.lw, sheet.ratio
        )
        painter.setOpacity(1.0)
        x = self._paint_row_name(painter, sheet, row, box, live_index, opacity)
        tag_w = self._paint_row_tag(painter, sheet, row, box, opacity)
        links_right = box.right() - (tag_w + 14 if tag_w else 8)
        self._paint_row_links(painter, sheet, row, box.center().y(), x, links_right, opacity)

    def _paint_row_name(
        self, painter: QPainter, sheet: _Sheet, row: MemoryRow, box: QRectF, live_index: int, opacity: float
    ) -> float:
        """The row's number (✗ when evicted) and its page's name, struck through when evicted;
        returns where the links begin."""
        c, mid = sheet.c, box.center().y()
        x = box.left() + 8
        painter.setFont(sheet.link_font)
        painter.setPen(c.muted)
        label = "✗" if row.mark == EVICTED else str(live_index)
        self._texts.draw(painter, x, mid, label, sheet.link_font, sheet.link_metrics)
        x += sheet.index_w
        painter.setFont(sheet.name_font)
        painter.setPen(_faded(c.evict_text if row.mark == EVICTED else c.ink, opacity))
        name = self._elided_name(row.page, sheet.name_w)
        self._texts.draw(painter, x, mid, name, sheet.name_font, sheet.name_metrics)
        if row.mark == EVICTED:
            painter.setPen(QPen(_faded(c.evict, opacity), 2 * sheet.lw))
            painter.drawLine(QPointF(x, mid), QPointF(x + self._text_width(0, name), mid))
        return x + sheet.name_w

    def _paint_row_tag(
        self, painter: QPainter, sheet: _Sheet, row: MemoryRow, box: QRectF, opacity: float
    ) -> float:
        """The row's tag at its right end (new, used, next to go, forgotten), if any: its width."""
        c, mid = sheet.c, box.center().y()
        tag = self._tag(row, row.slot == sheet.next_slot)
        if not tag:
            return 0
        tag_w = self._text_width(2, tag) + 16
        tag_box = QRectF(box.right() - tag_w - 6, mid - sheet.tag_metrics.height() * 0.62,
                         tag_w, sheet.tag_metrics.height() * 1.24)  # fmt: skip
        color = {NEW: c.new_entry_text, TOUCHED: c.remembered_edge}.get(row.mark, c.evict_text)
        painter.setOpacity(opacity)
        self._shapes.draw(
            painter,
            tag_box,
            ("tag", tag, color.rgba()),
            self._paint_tag(tag, color),
            2 * sheet.lw,
            sheet.ratio,
        )
        painter.setOpacity(1.0)
        return tag_w

    def _paint_row_links(
        self, painter: QPainter, sheet: _Sheet, row: MemoryRow, mid: float, x: float, links_right: float,
        opacity: float,
    ) -> None:  # fmt: skip
        """The links this entry remembers: its own links (green: not in memory yet, the frontier),
        as many as fit, then how many nav links it also holds; before them, with --read top:K, its
        three retrieval scores as small bars."""
        c, site, link_font, link_metrics = sheet.c, self.model.site, sheet.link_font, sheet.link_metrics
        score = self.scores.get(row.page)
        if score is not None:  # its three scores as small bars (dimmed with the row)
            bars = style.with_alpha(c.ink, opacity)
            edge = _faded(c.row_edge, opacity)
            links_right -= (
                paint_scores(painter, links_right, mid, sheet.row_h, score, bars, edge, sheet.lw) + 8
            )
        links = self._entry_links(row.page)
        local = [q for q in links if q not in site.nav]
        n_nav = len(links) - len(local)
        painter.setFont(link_font)
        nav_text = self.language.tr(explore_words.NAV_N, n_nav=n_nav) if n_nav else ""
        nav_w = self._text_width(1, nav_text) if nav_text else 0
        limit = links_right - nav_w - sheet.space * 3  # room for "…" before the nav count
        shown_all = True
        for q in local:
            text = site.page_name(q, self.language.code)
            w = self._text_width(1, text)
            if x + w > limit:
                shown_all = False
                break
            # Not in memory yet (the frontier): green and underlined, so it reads without colour.
            frontier = q not in sheet.remembered
            painter.setPen(_faded(c.plan_text if frontier else c.muted, opacity))
            self._texts.draw(painter, x, mid, text, link_font, link_metrics)
            if frontier:
                base = mid - link_metrics.height() / 2 + link_metrics.ascent() + link_metrics.underlinePos()
                painter.setPen(
                    QPen(_faded(c.plan_text, opacity), max(1.0, link_metrics.lineWidth()) * sheet.lw)
                )
                painter.drawLine(QPointF(x, base), QPointF(x + w, base))
            x += w + sheet.space
        if not shown_all:
            painter.setPen(_faded(c.muted, opacity))
            self._texts.draw(painter, x, mid, "…", link_font, link_metrics)
            x += sheet.space * 1.5
        if nav_text:
            painter.setPen(_faded(c.faint, opacity))
            self._texts.draw(painter, x, mid, nav_text, link_font, link_metrics)

    def _paint_fold(self, painter: QPainter, box: QRectF, fold: Fold, exposed: QRectF) -> None:
        if not box.adjusted(-3, -3, 3, 3).intersects(exposed):
            return
        c = style.colors()
        pen = QPen(c.row_edge, style.line_width(), Qt.PenStyle.DotLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, 6, 6)
        painter.setFont(self._fonts()[1])
        painter.setPen(c.muted)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.fold_text(fold))

    def fold_text(self, fold: Fold) -> str:
        """What a fold holds: its entries' numbers and how many, none changed this step."""
        numbers = self.slot_numbers()
        held = [numbers[s] for s in fold.slots if s in numbers] or [fold.first + 1]
        first, last = min(held), max(held)
        if first == last:
            return self.language.tr(explore_words.FOLDED_ROW_N, first=first)
        return self.language.tr(explore_words.FOLDED_ROWS_N, first=first, last=last, n=len(held))

    def _entry_links(self, page: int) -> tuple[int, ...]:
        links = self.model.exploration.remembered_links(page)
        if links is not None:
            return links
        return self.model.site.clickable[page]  # an evicted entry held the page's links as seen there
