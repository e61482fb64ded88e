"""What the Scenarios tab paints: the site's pages as tiles coloured by state, and the timeline with
the scenario's markers (the cut of an interruption, the version switch, the poisoned note...).

Both draw a :class:`memviz.core.scenarios.playback.Frame` and its markers as the core gives them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from memviz.core.scenarios import playback as pb
from memviz.gui.kit import plain_text, style
from memviz.gui.qt import (
    QBrush,
    QColor,
    QEvent,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QWidget,
    Signal,
)
from memviz.wording import explore as explore_words
from memviz.wording import scenarios as scenarios_words

# Colours of the scenario states the Explore view has no name for (Okabe-Ito, readable in every theme).
RETEST = QColor("#CC79A7")  # reddish purple: to retest (orange-yellow is "visited" already)
STALE = QColor("#999999")  # grey: a "tested" mark that no longer holds
POISONED = QColor("#D55E00")  # red: put there by a page's text
MARKER_COLOURS = {
    pb.CUT: QColor("#D55E00"), pb.RELOAD: QColor("#0072B2"), pb.SWITCH: QColor("#E69F00"),
    pb.POISON: QColor("#D55E00"), pb.REFUSED: QColor("#882255"), pb.REPORT: QColor("#009E73"),
    pb.DROP: QColor("#56B4E9"),
}  # fmt: skip


@dataclass(frozen=True)
class Cue:
    """What tells a state apart besides its colour (issue 22: no colour-only cue): the border's
    line, a pattern over the fill, a mark in the tile's corner. Every state has its own."""

    border: Qt.PenStyle
    pattern: Qt.BrushStyle | None  # drawn over the fill in the edge colour; None: plain
    mark: str  # "" for none
    thick: bool = False  # a border twice as wide


CUES = {
    pb.UNVISITED: Cue(Qt.PenStyle.SolidLine, None, ""),  # thin, plain
    pb.REMEMBERED: Cue(Qt.PenStyle.SolidLine, None, "", thick=True),  # held: a thick border, as in Explore
    pb.FORGOTTEN: Cue(Qt.PenStyle.DashLine, Qt.BrushStyle.BDiagPattern, ""),  # as Explore's forgotten card
    pb.VISITED: Cue(Qt.PenStyle.SolidLine, Qt.BrushStyle.Dense6Pattern, ""),  # visited without memory: dotted
    pb.RETEST: Cue(Qt.PenStyle.DashDotLine, None, "↻"),  # to test again
    pb.STALE: Cue(Qt.PenStyle.DotLine, Qt.BrushStyle.FDiagPattern, "✓?"),  # a "tested" that no longer holds
    pb.POISONED: Cue(Qt.PenStyle.SolidLine, Qt.BrushStyle.DiagCrossPattern, "!"),  # written by a page's text
}
BUG_LEGEND = scenarios_words.BUG_REPORTED  # the dot in a tile's top right corner

LEGEND = (
    (pb.UNVISITED, *scenarios_words.NOT_VISITED),
    (pb.REMEMBERED, *explore_words.IN_MEMORY),
    (pb.FORGOTTEN, *scenarios_words.VISITED_FORGOTTEN),
    (pb.VISITED, *scenarios_words.VISITED_NO_MEMORY),
    (pb.RETEST, *scenarios_words.TO_RETEST),
    (pb.STALE, *scenarios_words.STALE_TESTED),
    (pb.POISONED, *scenarios_words.POISONED),
)


def state_colours(state: str) -> tuple[QColor, QColor]:
    """(fill, edge) of a page in this state."""
    c = style.colors()
    special = {pb.RETEST: RETEST, pb.STALE: STALE, pb.POISONED: POISONED}
    if state in special:
        colour = special[state]
        return style.with_alpha(colour, 0.35), colour
    return {
        pb.UNVISITED: (c.unvisited_fill, c.unvisited_edge),
        pb.VISITED: (c.visited_fill, c.visited_edge),
        pb.REMEMBERED: (c.remembered_fill, c.remembered_edge),
        pb.FORGOTTEN: (c.forgotten_fill, c.forgotten_edge),
    }.get(state, (c.unvisited_fill, c.unvisited_edge))


def paint_tile(painter: QPainter, rect: QRectF, state: str, radius: float, width: float, ring=None,
               mark_font: QFont | None = None) -> None:  # fmt: skip
    """A page's tile (or a legend swatch) in ``state``: its fill, its cue's pattern over it, its
    border in its cue's line (``ring``: the agent's, instead), its cue's mark in the top left corner."""
    fill, edge = state_colours(state)
    cue = CUES.get(state, CUES[pb.UNVISITED])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, radius, radius)
    if cue.pattern is not None:
        painter.setBrush(QBrush(style.with_alpha(edge, 0.55), cue.pattern))
        painter.drawRoundedRect(rect, radius, radius)
    border = QPen(ring if ring is not None else edge, width * (2.0 if cue.thick and ring is None else 1.0))
    border.setStyle(Qt.PenStyle.SolidLine if ring is not None else cue.border)
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(rect, radius, radius)
    if cue.mark:
        font = mark_font or style.ui_font(scale=1.0, bold=True)
        painter.setFont(bold(font))
        painter.setPen(style.colors().ink)
        box = QRectF(rect.left() + 3, rect.top() + 1, rect.width() - 6, rect.height() - 2)
        align = (
            Qt.AlignmentFlag.AlignCenter
            if rect.height() < 30
            else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        )
        painter.drawText(box, align, cue.mark)


class PagesCanvas(QWidget):
    """Every page as a tile in a grid: name, state colour, a bug dot once reported, the agent ringed."""

    def __init__(self, lang: str = "zh", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenario_pages")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(200)
        self.site = None
        self.frame: pb.Frame | None = None
        self.lang = lang
        self._laid_out: tuple[tuple, tuple[int, QFont]] | None = None  # (for what, (columns, type))

    def sizeHint(self) -> QSize:
        """Room for the pages' names in two lines at the UI's type, with the key: a short window
        takes its height from the boxes under the grid first (the names went down to 0.6 of the
        UI's type and were cut at 720p and 130 %)."""
        px = style.app_pixel_size()
        return QSize(round(px * 24), round(px * 22))

    def show_frame(self, site, frame: pb.Frame, lang: str) -> None:
        self.site, self.frame, self.lang = site, frame, lang
        self.setMinimumHeight(self.least_height())
        self.update()

    def tiles(self) -> list[QRectF]:
        """Each page's tile, in the grid whose names read largest (``name_font``)."""
        return self._grid(self._layout()[0])

    def _grid(self, cols: int, height: float | None = None) -> list[QRectF]:
        n = self.site.n_pages if self.site is not None else 0
        if not n:
            return []
        rows = math.ceil(n / cols)
        gap = 8.0
        w = (self.width() - gap * (cols + 1)) / cols
        h = ((self.height() if height is None else height) - self._legend_height() - gap * (rows + 1)) / rows
        return [QRectF(gap + (i % cols) * (w + gap), gap + (i // cols) * (h + gap), w, h) for i in range(n)]

    def _legend_height(self) -> float:
        lines = max((line for line, *_ in self.legend_entries()), default=0) + 1
        return style.ui_font(scale=0.85).pixelSize() * (1.0 + 1.5 * lines)

    def least_height(self) -> int:
        """The least height at which every name fits its tile at the least of the names' types, at
        the canvas's width (a 720p window at 150 %: 9 columns of tiles cut every name); the view
        around the canvas scrolls rather than give it less."""
        n = self.site.n_pages if self.site is not None else 0
        if not n or self.width() <= 0:
            return 200
        key = (self.width(), self.lang, id(self.site), style.app_pixel_size())
        if getattr(self, "_least", None) is not None and self._least[0] == key:
            return self._least[1]
        font = style.ui_font(scale=0.6)
        names = [self.site.page_name(page, self.lang) for page in range(n)]
        height = 200

        def fits(height: int) -> bool:
            square = math.sqrt(n * self.width() / max(1.0, height - self._legend_height()))
            near = {max(1, min(n, round(square) + d)) for d in (-2, -1, 0, 1, 2)}
            return any(not self._cut_names(font, self._grid(c, height), names) for c in near)

        while height < 2000 and not fits(height):
            height += 24
        self._least = (key, height)
        return height

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.setMinimumHeight(self.least_height())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self.setMinimumHeight(self.least_height())  # the zoom changed the names' type

    def name_font(self) -> QFont:
        """The type of the pages' names: the largest, from the UI's 0.9 down to 0.6 of it, in which
        every name fits its tile whole (word-wrapped: a tile read "omment on A" when a word was
        wider than it)."""
        return self._layout()[1]

    def _layout(self) -> tuple[int, QFont]:
        """The grid's columns and the names' type, the largest type first: square tiles by the
        canvas's shape, else fewer or more columns (wide tiles hold "Author's followers" in two
        lines at a size square ones could not). Kept until the size, language, site or type change."""
        n = self.site.n_pages if self.site is not None else 0
        key = (self.width(), self.height(), self.lang, id(self.site), style.app_pixel_size())
        if self._laid_out is not None and self._laid_out[0] == key:
            return self._laid_out[1]
        square = max(
            1, math.ceil(math.sqrt(n * self.width() / max(1, self.height() - self._legend_height())))
        )
        names = [self.site.page_name(page, self.lang) for page in range(n)] if n else []
        choices = sorted(range(1, max(n, 1) + 1), key=lambda cols: (abs(cols - square), cols))
        chosen = None
        for scale in (0.9, 0.8, 0.7, 0.6):
            font = style.ui_font(scale=scale)
            cols = next((c for c in choices if not self._cut_names(font, self._grid(c), names)), None)
            if cols is not None:
                chosen = (cols, font)
                break
        chosen = chosen or (square, font)
        self._laid_out = (key, chosen)
        return chosen

    def _cut_names(self, font: QFont, tiles: list[QRectF], names: list[str]) -> list[str]:
        metrics = QFontMetricsF(font)
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        cut = []
        for rect, text in zip(tiles, names, strict=True):
            room = rect.adjusted(6, 4, -6, -4)
            box = QRectF(room.left(), room.top(), room.width(), 10_000)
            needed = metrics.boundingRect(box, flags, plain_text.unbroken_words(text))
            if needed.width() > room.width() + 0.5 or needed.height() > room.height() + 0.5:
                cut.append(text)
        return cut

    def cut_texts(self) -> list[str]:
        """The names and legend entries drawn cut (window_fit.cut() asks painted widgets this)."""
        if self.site is None:
            return []
        tiles = self.tiles()
        names = [self.site.page_name(page, self.lang) for page in range(len(tiles))]
        cut = self._cut_names(self.name_font(), tiles, names)
        top = self.height() - self._legend_height()
        for _line, _swatch, box, _state, text in self.legend_entries():
            if box.right() > self.width() or box.top() + top < 0:
                cut.append(text)
        return cut

    def legend_entries(self) -> list[tuple[int, QRectF, QRectF, str | None, str]]:
        """The key as laid out: (line, swatch, text box, state or None for the bug dot, text), lines
        from the top of the key, flowed entry by entry so none is cut at the canvas's edge."""
        font = style.ui_font(scale=0.85)
        metrics = QFontMetricsF(font)
        size = font.pixelSize() * 1.1
        step = font.pixelSize() * 1.5
        out, x, line = [], 10.0, 0
        for state, zh, en in (*LEGEND, (None, *BUG_LEGEND)):
            text = zh if self.lang == "zh" else en
            width = size * 1.6 + 4 + metrics.horizontalAdvance(text)
            if x > 10.0 and x + width > self.width() - 10:
                x, line = 10.0, line + 1
            swatch = QRectF(x, line * step, size * 1.6, size)
            out.append(
                (
                    line,
                    swatch,
                    QRectF(swatch.right() + 4, line * step - 4, width - size * 1.6 - 4, size + 8),
                    state,
                    text,
                )
            )
            x += width + 16
        return out

    def paintEvent(self, event) -> None:
        if self.site is None or self.frame is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = style.colors()
        painter.fillRect(self.rect(), c.backdrop)
        font = self.name_font()  # paint_tile's marks set their own type
        frame, site = self.frame, self.site
        for page, rect in enumerate(self.tiles()):
            state = frame.states[page]
            at = page == frame.page
            paint_tile(
                painter, rect, state, 8, (4.0 if at else 1.6) * style.line_width(), c.ink if at else None
            )
            painter.setFont(font)
            painter.setPen(c.ink)
            painter.drawText(rect.adjusted(6, 4, -6, -4), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             plain_text.unbroken_words(site.page_name(page, self.lang)))  # fmt: skip
            if page in frame.bugs_found:
                r = min(rect.width(), rect.height()) * 0.12
                painter.setBrush(c.bug)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(QRectF(rect.right() - 2.4 * r, rect.top() + 0.8 * r, 1.6 * r, 1.6 * r))
        self._paint_legend(painter)
        painter.end()

    def _paint_legend(self, painter: QPainter) -> None:
        c = style.colors()
        font = style.ui_font(scale=0.85)
        mark_font = style.ui_font(scale=0.6, bold=True)
        top = self.height() - self._legend_height() + font.pixelSize() * 0.6
        for _line, swatch, box, state, text in self.legend_entries():
            swatch, box = swatch.translated(0, top), box.translated(0, top)
            if state is None:  # the bug dot, as drawn on a tile
                d = swatch.height() * 0.8
                painter.setBrush(c.bug)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(QRectF(swatch.center().x() - d / 2, swatch.center().y() - d / 2, d, d))
            else:
                paint_tile(painter, swatch, state, 3, 1.5, None, mark_font=mark_font)
            painter.setFont(font)
            painter.setPen(c.ink)
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, text)


class Timeline(QWidget):
    """The frames as a bar, sessions shaded, each marker a tick; a cut is a thick red line."""

    frame_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenario_timeline")
        self.setMinimumHeight(46)
        self.setMaximumHeight(64)
        self.frames: list[pb.Frame] = []
        self.markers: list[pb.Marker] = []
        self.current = 0

    def set_playback(self, frames, markers) -> None:
        self.frames, self.markers = frames, markers
        self.update()

    def set_current(self, index: int) -> None:
        self.current = index
        self.update()

    def x_of(self, index: int) -> float:
        n = max(1, len(self.frames) - 1)
        return 12 + (self.width() - 24) * index / n

    def mousePressEvent(self, event) -> None:
        if len(self.frames) > 1:
            fraction = (event.position().x() - 12) / max(1.0, self.width() - 24)
            self.frame_clicked.emit(round(min(1.0, max(0.0, fraction)) * (len(self.frames) - 1)))

    def paintEvent(self, event) -> None:
        if not self.frames:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = style.colors()
        mid = self.height() / 2
        sessions = [f.session for f in self.frames]
        for k, session in enumerate(sessions):  # session 2 and later shaded
            if session % 2 == 0 and k + 1 < len(sessions):
                painter.fillRect(QRectF(self.x_of(k), mid - 8, self.x_of(k + 1) - self.x_of(k), 16),
                                 style.with_alpha(c.plan, 0.18))  # fmt: skip
        painter.setPen(QPen(c.border, 3))
        painter.drawLine(int(self.x_of(0)), int(mid), int(self.x_of(len(self.frames) - 1)), int(mid))
        for marker in self.markers:
            colour = MARKER_COLOURS.get(marker.kind, c.ink)
            x = self.x_of(marker.frame)
            thick = marker.kind in (pb.CUT, pb.SWITCH)
            painter.setPen(QPen(colour, 5 if thick else 2))
            painter.drawLine(
                int(x), int(mid - (18 if thick else 10)), int(x), int(mid + (18 if thick else 10))
            )
        x = self.x_of(self.current)
        painter.setPen(QPen(c.ink, 2))
        painter.setBrush(c.paper)
        painter.drawEllipse(QRectF(x - 7, mid - 7, 14, 14))
        painter.end()


def bold(font: QFont) -> QFont:
    font = QFont(font)
    font.setBold(True)
    return font
