"""What the Scenarios tab paints: the site's pages as tiles coloured by state, and the timeline with
the scenario's markers (the cut of an interruption, the version switch, the poisoned note...).

Both draw a :class:`memviz.core.scenarios.playback.Frame` and its markers as the core gives them.
"""

from __future__ import annotations

import math

from memviz.core.scenarios import playback as pb
from memviz.gui.kit import style
from memviz.gui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QRectF,
    QSizePolicy,
    Qt,
    QWidget,
    Signal,
)

# Colours of the scenario states the Explore view has no name for (Okabe-Ito, readable in every theme).
RETEST = QColor("#CC79A7")  # reddish purple: to retest (orange-yellow is "visited" already)
STALE = QColor("#999999")  # grey: a "tested" mark that no longer holds
POISONED = QColor("#D55E00")  # red: put there by a page's text
MARKER_COLOURS = {
    pb.CUT: QColor("#D55E00"), pb.RELOAD: QColor("#0072B2"), pb.SWITCH: QColor("#E69F00"),
    pb.POISON: QColor("#D55E00"), pb.REFUSED: QColor("#882255"), pb.REPORT: QColor("#009E73"),
    pb.DROP: QColor("#56B4E9"),
}  # fmt: skip
LEGEND = (
    (pb.UNVISITED, "没去过", "never visited"),
    (pb.REMEMBERED, "在记忆里", "in memory"),
    (pb.FORGOTTEN, "去过但忘了", "visited, forgotten"),
    (pb.VISITED, "去过（无记忆）", "visited (no memory)"),
    (pb.RETEST, "待复测", "to retest"),
    (pb.STALE, "过期的'已测'", "stale 'tested'"),
    (pb.POISONED, "投毒写入", "poisoned"),
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

    def show_frame(self, site, frame: pb.Frame, lang: str) -> None:
        self.site, self.frame, self.lang = site, frame, lang
        self.update()

    def tiles(self) -> list[QRectF]:
        n = self.site.n_pages if self.site is not None else 0
        if not n:
            return []
        legend = self._legend_height()
        cols = max(1, math.ceil(math.sqrt(n * self.width() / max(1, self.height() - legend))))
        rows = math.ceil(n / cols)
        gap = 8.0
        w = (self.width() - gap * (cols + 1)) / cols
        h = (self.height() - legend - gap * (rows + 1)) / rows
        return [QRectF(gap + (i % cols) * (w + gap), gap + (i // cols) * (h + gap), w, h) for i in range(n)]

    def _legend_entries(self) -> list[tuple[QRectF, str, str]]:
        """(swatch, text, state) of each legend entry, flowed onto as many lines as the width needs
        (one line cut its last entries off at 1280×720)."""
        font = style.ui_font(scale=0.85)
        metrics = QFontMetricsF(font)
        size = font.pixelSize() * 1.1
        line_height = max(size, metrics.height()) + 6
        entries, x, line = [], 10.0, 0
        for state, zh, en in LEGEND:
            text = zh if self.lang == "zh" else en
            width = size + 4 + metrics.horizontalAdvance(text)
            if x > 10.0 and x + width > self.width() - 10:
                x, line = 10.0, line + 1
            entries.append((QRectF(x, line * line_height, size, size), text, state))
            x += width + 16
        top = self.height() - (line + 1) * line_height - 4
        return [(swatch.translated(0, top), text, state) for swatch, text, state in entries]

    def _legend_height(self) -> float:
        entries = self._legend_entries()
        return self.height() - min(swatch.top() for swatch, _, _ in entries) + 6 if entries else 0.0

    def name_font(self) -> QFont:
        """The largest type, from the UI's 0.9 down to 0.6 of it, in which every page's name fits
        its tile whole (word-wrapped: a tile read "omment on A" when a word was wider than it)."""
        tiles = self.tiles()
        names = [self.site.page_name(page, self.lang) for page in range(len(tiles))] if tiles else []
        for scale in (0.9, 0.8, 0.7, 0.6):
            font = style.ui_font(scale=scale)
            if not self._cut_names(font, tiles, names):
                return font
        return font

    def _cut_names(self, font: QFont, tiles: list[QRectF], names: list[str]) -> list[str]:
        metrics = QFontMetricsF(font)
        flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        cut = []
        for rect, text in zip(tiles, names, strict=True):
            room = rect.adjusted(6, 4, -6, -4)
            needed = metrics.boundingRect(QRectF(room.left(), room.top(), room.width(), 10_000), flags, text)
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
        metrics = QFontMetricsF(style.ui_font(scale=0.85))
        for swatch, text, _state in self._legend_entries():
            if swatch.right() + 4 + metrics.horizontalAdvance(text) > self.width() or swatch.top() < 0:
                cut.append(text)
        return cut

    def paintEvent(self, event) -> None:
        if self.site is None or self.frame is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = style.colors()
        painter.fillRect(self.rect(), c.backdrop)
        painter.setFont(self.name_font())
        frame, site = self.frame, self.site
        for page, rect in enumerate(self.tiles()):
            fill, edge = state_colours(frame.states[page])
            at = page == frame.page
            painter.setPen(QPen(c.ink if at else edge, (4.0 if at else 1.6) * style.line_width()))
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(c.ink)
            painter.drawText(rect.adjusted(6, 4, -6, -4), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             site.page_name(page, self.lang))  # fmt: skip
            if page in frame.bugs_found:
                r = min(rect.width(), rect.height()) * 0.12
                painter.setBrush(c.bug)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(QRectF(rect.right() - 2.4 * r, rect.top() + 0.8 * r, 1.6 * r, 1.6 * r))
        self._paint_legend(painter)
        painter.end()

    def _paint_legend(self, painter: QPainter) -> None:
        c = style.colors()
        painter.setFont(style.ui_font(scale=0.85))
        for swatch, text, state in self._legend_entries():
            fill, edge = state_colours(state)
            painter.setPen(QPen(edge, 1.5))
            painter.setBrush(fill)
            painter.drawRoundedRect(swatch, 3, 3)
            painter.setPen(c.ink)
            painter.drawText(
                QRectF(swatch.right() + 4, swatch.top() - 4, self.width(), swatch.height() + 8),
                Qt.AlignmentFlag.AlignVCenter,
                text,
            )


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
