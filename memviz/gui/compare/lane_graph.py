"""A lane's compact site graph: pages as numbered dots where the Explore graph puts its cards,
coloured by what each page is to the agent (the core's page states), the last moves as a trail
in the lane's colour, the agent as a thick ring, and a clicked miss's page ringed in red.

The links and the nav bar never change during a run: they are painted once into a pixmap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from memviz.core.compare import Lane
from memviz.core.engine import FORGOTTEN, REMEMBERED, UNVISITED, VISITED
from memviz.core.layout import drawn_links, site_layout
from memviz.core.site import Site
from memviz.gui.compare.callout import Disc, place
from memviz.gui.compare.text_ink import ink_rect, overprints
from memviz.gui.kit import plain_text, style, themes
from memviz.gui.kit.paint_cache import device_pixmap
from memviz.gui.kit.zoom import least_text_px
from memviz.gui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QLineF,
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
)
from memviz.wording import forgotten_at, revisit_badge

TRAIL = 6  # moves drawn behind the agent
AGENT_RING = (1.45, 0.5)  # the agent's ring: radius and pen width, in page radii
MISS_RING = (1.9, 0.35)  # the clicked miss's ring
CALLOUT_PAD = 3.0  # pixels of plate either side of a callout's text


@dataclass(frozen=True)
class Callout:
    """A text drawn on the graph: where (its ink's box, in widget pixels), what, in which type."""

    rect: QRectF  # its plate, the text centred in it
    text: str
    font: QFont
    beside: bool = True  # beside the ring it names; else a leader line joins them


class LaneGraph(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lane_graph")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)  # a page's name on hover: the dots say only its number
        style.follow_presentation(self)
        self.lane: Lane | None = None
        self.site: Site | None = None
        self.colour = QColor("#000000")
        self.position = 0
        self.highlight: tuple[int, int] | None = None  # (page, step it was evicted at)
        self.lang = "zh"
        self._positions: dict[int, tuple[float, float]] = {}
        self._links: list[tuple[int, int]] = []
        self._nav: list[int] = []
        self._backdrop: QPixmap | None = None
        self._backdrop_key: tuple | None = None
        self._callout: Callout | None = None
        self._callout_key: tuple | None = None
        self._badge: Callout | None = None
        self._badge_key: tuple | None = None
        self._gaps: list[tuple[float, float]] = []  # every two pages' distance apart, across and down
        self._radius_key: tuple | None = None
        self._radius_px = 0.0

    def set_lane(self, lane: Lane, site: Site, colour: QColor, lang: str) -> None:
        if site is not self.site:
            layout = site_layout(site)
            self._positions = layout.positions
            self._links = drawn_links(site, layout.nav_bar)
            self._nav = list(site.nav) if layout.nav_bar else []
            points = list(self._positions.values())
            self._gaps = [
                (abs(a[0] - b[0]), abs(a[1] - b[1])) for i, a in enumerate(points) for b in points[i + 1 :]
            ]
            self._backdrop_key = None
            self.updateGeometry()
        self.lane, self.site, self.colour, self.lang = lane, site, colour, lang
        self.highlight = None
        self._set_tooltip()
        self.update()

    def set_position(self, position: int) -> None:
        self.position = position
        self.update()

    def set_highlight(self, highlight: tuple[int, int] | None) -> None:
        self.highlight = highlight
        self._set_tooltip()
        self.update()

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._set_tooltip()
        self.update()

    # -- geometry -------------------------------------------------------------------------------------

    def _radius(self) -> float:
        """The pages' radius: the graph's share of its size, as large as the pages stay apart at,
        never under the least radius (its number at the least type)."""
        key = (self.width(), self.height(), least_text_px(), style.line_width(), id(self._positions))
        if self._radius_key != key:
            n = max(len(self._positions), 1)
            least = self.least_radius()
            wanted = max(least, min(self.width(), self.height() * 1.6) / (2.6 * max(n**0.5, 3)) * 0.55)
            if not self._apart(wanted, self.width(), self.height()):
                lo, hi = least, wanted  # the largest radius between that keeps the pages apart
                for _ in range(12):
                    mid = (lo + hi) / 2
                    lo, hi = (mid, hi) if self._apart(mid, self.width(), self.height()) else (lo, mid)
                wanted = lo
            self._radius_key, self._radius_px = key, wanted
        return self._radius_px

    @staticmethod
    def least_radius() -> float:
        """As small as a page's number at the least type allows (two digits, bold, a pixel and a half
        to the circle's edge): 9 px at 100 %, as before; 10.5 px at 125 % and 12 px at 150 %, where
        three quarters of the least type (11.25, 13.5) made the lanes taller than a 720p window."""
        ink = QFontMetricsF(style.ui_font(least_text_px(), bold=True)).tightBoundingRect("88")
        return max(ink.width(), ink.height()) / 2 + 1.5

    @staticmethod
    def _reach(r: float) -> float:
        """A page's reach from its centre: its radius, half its widest edge, and a pixel between pages."""
        return r + 0.9 * style.line_width()

    def _apart(self, r: float, width: float, height: float) -> bool:
        """Whether pages of radius ``r`` in a graph this size keep apart (the centres' span is the
        size less 1.3 radii each side: :meth:`centre`)."""
        span_x, span_y = width - 2.6 * r, height - 2.6 * r
        need = (2 * self._reach(r)) ** 2
        return all((dx * span_x) ** 2 + (dy * span_y) ** 2 >= need for dx, dy in self._gaps)

    def minimumSizeHint(self) -> QSize:
        """The least size at which pages of the least radius keep apart: the width their rows need
        side by side, then the height the rows need at that width (at 150 % in a 720p window the
        graph was 200×104 and its pages lay over each other; now the lane grows and the lanes
        scroll)."""
        r = self.least_radius()
        reach = 2 * self._reach(r)
        width = max([160.0] + [reach / dx + 2.6 * r for dx, dy in self._gaps if dy < 1e-9 and dx > 0])
        span_x = width - 2.6 * r
        height = max(
            [90.0]
            + [
                math.sqrt(reach**2 - (dx * span_x) ** 2) / dy + 2.6 * r
                for dx, dy in self._gaps
                if dy > 1e-9 and dx * span_x < reach
            ]
        )
        return QSize(math.ceil(width), math.ceil(height))

    def centre(self, page: int) -> QPointF:
        r = self._radius()
        x, y = self._positions.get(page, (0.5, 0.5))
        return QPointF(r * 1.3 + x * (self.width() - 2.6 * r), r * 1.3 + y * (self.height() - 2.6 * r))

    # -- painting -------------------------------------------------------------------------------------

    def _paint_backdrop(self) -> QPixmap:
        c = style.colors()
        pixmap = device_pixmap(self.width(), self.height(), self.devicePixelRatioF(), c.backdrop)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self._radius()
        if self._nav:
            ys = [self.centre(q).y() for q in self._nav]
            band = QRectF(r * 0.3, min(ys) - r * 1.25, self.width() - r * 0.6, r * 2.5)
            p.setPen(QPen(c.nav_bar_edge, 1))
            p.setBrush(c.nav_bar)
            p.drawRoundedRect(band, r * 0.6, r * 0.6)
        p.setPen(QPen(style.with_alpha(c.edge, 0.55), 1.0 * style.line_width()))
        for a, b in self._links:
            p.drawLine(self.centre(a), self.centre(b))
        p.end()
        return pixmap

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        lane, site = self.lane, self.site
        key = (self.width(), self.height(), themes.current().name, id(site))
        if self._backdrop is None or key != self._backdrop_key:
            self._backdrop = self._paint_backdrop()
            self._backdrop_key = key
        painter.drawPixmap(0, 0, self._backdrop)
        if lane is None or site is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        c = style.colors()
        r = self._radius()
        moves = lane.moves_until(self.position)
        path = lane.path[: moves + 1]
        # the trail: the last moves, fading, in the lane's colour
        tail = path[-(TRAIL + 1) :]
        for i in range(len(tail) - 1):
            alpha = 0.25 + 0.75 * (i + 1) / (len(tail) - 1)
            painter.setPen(QPen(style.with_alpha(self.colour, alpha), r * 0.42, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap))  # fmt: skip
            painter.drawLine(self.centre(tail[i]), self.centre(tail[i + 1]))
        callout = self.callout()
        if callout is not None and not callout.beside:
            painter.setPen(QPen(c.evict, 1.5 * style.line_width(), Qt.PenStyle.DashLine))
            painter.drawLine(*self._leader(callout, self.highlight[0]))
        badge = self.badge()
        if badge is not None and not badge.beside:
            painter.setPen(QPen(c.evict, 1.5 * style.line_width(), Qt.PenStyle.DashLine))
            painter.drawLine(*self._leader(badge, path[-1], AGENT_RING))
        states = lane.page_states(self.position)
        painter.setFont(self.number_font())
        fills = {
            UNVISITED: (c.unvisited_fill, c.unvisited_edge),
            VISITED: (c.visited_fill, c.visited_edge),
            REMEMBERED: (c.remembered_fill, c.remembered_edge),
            FORGOTTEN: (c.forgotten_fill, c.forgotten_edge),
        }
        for page, state in enumerate(states):
            fill, edge = fills[state]
            centre = self.centre(page)
            painter.setPen(QPen(edge, (1.8 if state == FORGOTTEN else 1.2) * style.line_width(),
                                Qt.PenStyle.DashLine if state == FORGOTTEN else Qt.PenStyle.SolidLine))  # fmt: skip
            painter.setBrush(fill)
            painter.drawEllipse(centre, r, r)
            painter.setPen(c.ink)
            painter.drawText(self._number_box(centre, r), Qt.AlignmentFlag.AlignCenter, str(page))
        here = self.centre(path[-1])
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(self.colour, r * AGENT_RING[1]))
        painter.drawEllipse(here, r * AGENT_RING[0], r * AGENT_RING[0])
        if self.highlight is not None:
            centre = self.centre(self.highlight[0])
            painter.setPen(QPen(c.evict, r * MISS_RING[1]))
            painter.drawEllipse(centre, r * MISS_RING[0], r * MISS_RING[0])
        for plate in (callout, badge):
            if plate is not None:
                painter.setPen(
                    Qt.PenStyle.NoPen if plate is callout else QPen(c.evict, 1.2 * style.line_width())
                )
                painter.setBrush(style.with_alpha(c.paper, 0.88))
                painter.drawRoundedRect(plate.rect, 3, 3)
                painter.setFont(plate.font)
                painter.setPen(c.evict_text)
                painter.drawText(plate.rect, Qt.AlignmentFlag.AlignCenter, plate.text)
        painter.end()

    def number_font(self) -> QFont:
        return style.ui_font(max(7.0, self._radius() * 0.95), bold=True)

    @staticmethod
    def _number_box(centre: QPointF, r: float) -> QRectF:
        return QRectF(centre.x() - r * 1.5, centre.y() - r, r * 3, r * 2)

    def page_discs(self) -> list[tuple[int, QPointF, float]]:
        """Every page's circle as drawn: page, centre, radius out to the far side of its edge's pen."""
        r = self._radius()
        pen = 0.9 * style.line_width()  # half the widest edge (a forgotten page's)
        return [(page, self.centre(page), r + pen) for page in sorted(self._positions)]

    def number_texts(self) -> list[tuple[str, QRectF]]:
        """Every page's number and its ink, as drawn (widget pixels)."""
        r, font = self._radius(), self.number_font()
        centre = Qt.AlignmentFlag.AlignCenter
        return [
            (str(page), ink_rect(font, self._number_box(self.centre(page), r), centre, str(page)))
            for page in sorted(self._positions)
        ]

    def cut_texts(self) -> list[str]:
        """The page numbers drawn over each other or past the graph's edge (for the window-fit probe)."""
        if self.lane is None:
            return []
        texts = self.number_texts()
        bounds = QRectF(self.rect()).adjusted(-0.5, -0.5, 0.5, 0.5)
        return [f"page {text} past the edge" for text, ink in texts if not bounds.contains(ink)] + overprints(
            texts
        )

    def discs(self) -> list[Disc]:
        """Every round thing drawn, as (centre, radius) with half its pen: the pages, the agent's
        ring and the clicked miss's ring; a callout covers none of them."""
        r = self._radius()
        pen = 0.9 * style.line_width() + 1.0  # a page's edge, half its widest pen, and a pixel
        out = [(self.centre(page), r + pen) for page in self._positions]
        if self.lane is not None:
            here = self.lane.path[self.lane.moves_until(self.position)]
            out.append((self.centre(here), r * (AGENT_RING[0] + AGENT_RING[1] / 2) + 1.0))
        if self.highlight is not None:
            out.append((self.centre(self.highlight[0]), r * (MISS_RING[0] + MISS_RING[1] / 2) + 1.0))
        return out

    def callout(self) -> Callout | None:
        """Where the clicked miss's "forgotten at step N" is drawn, in what words and type: beside
        its ring where that covers no page or ring, else in the nearest free place (with a leader
        line), in shorter words or the pages' own type size when the full ones do not fit; None
        when nothing fits (the graph's tooltip says it)."""
        if self.highlight is None or self.lane is None:
            return None
        page, at = self.highlight
        here = self.lane.moves_until(self.position)
        key = (
            id(self.lane),
            self.width(),
            self.height(),
            self.highlight,
            here,
            self.lang,
            style.app_pixel_size(),
        )
        if key != self._callout_key:
            self._callout_key = key
            texts = (forgotten_at(at, self.lang), forgotten_at(at, self.lang, short=True))
            self._callout = self._place_callout(page, texts, MISS_RING)
        return self._callout

    def badge(self) -> Callout | None:
        """The current step's forgotten revisit, marked on the page the agent came back to: "↺
        forgotten at step N" (the lane's step record, from the engine's event, says when); placed
        as the clicked miss's callout is. None at any other step, and while a clicked miss speaks."""
        lane = self.lane
        if lane is None or self.highlight is not None or not 1 <= self.position <= len(lane.steps):
            return None
        record = lane.steps[self.position - 1]
        if not record.forgotten_revisit or record.evicted_at is None or record.page is None:
            return None
        key = (id(lane), self.width(), self.height(), self.position, self.lang, style.app_pixel_size())
        if key != self._badge_key:
            self._badge_key = key
            at = record.evicted_at
            texts = (revisit_badge(at, self.lang), revisit_badge(at, self.lang, short=True))
            self._badge = self._place_callout(record.page, texts, AGENT_RING)
        return self._badge

    def _place_callout(self, page: int, texts: tuple[str, str], ring: tuple[float, float]) -> Callout | None:
        """The app's type size first (a class reads it from the back), in whole words or short,
        beside the ring or away from it; only then the pages' own, smaller, type size."""
        r = self._radius()
        reach = r * (ring[0] + ring[1] / 2)
        bounds = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        discs = self.discs()
        # Between the two, steps down from the app's size: in a lane at 720p and 130 % the app's
        # size found no room and the badge fell to the pages' 8 px, where a step or two down fit.
        app, least = style.app_pixel_size(), max(8.0, r * 0.95)
        for px in sorted({app, *(s for s in (app * 0.85, app * 0.72) if s > least), least}, reverse=True):
            font = style.ui_font(px, bold=True)
            metrics = QFontMetricsF(font)
            boxes = [(metrics.horizontalAdvance(text) + 2 * CALLOUT_PAD, metrics.height()) for text in texts]
            placed = place(boxes, self.centre(page), reach, discs, bounds)
            if placed is not None:
                return Callout(placed.rect, texts[placed.form], font, placed.beside)
        return None

    def _leader(
        self, callout: Callout, page: int, ring: tuple[float, float] = MISS_RING
    ) -> tuple[QPointF, QPointF]:
        """A line from a page's ring to a callout placed away from it."""
        r = self._radius()
        centre = self.centre(page)
        rect = callout.rect
        end = QPointF(
            min(max(centre.x(), rect.left()), rect.right()), min(max(centre.y(), rect.top()), rect.bottom())
        )
        line = QLineF(centre, end)
        start = line.pointAt(min(1.0, r * ring[0] / max(line.length(), 1e-9)))
        return start, end

    def page_at(self, point: QPointF) -> int | None:
        """The page whose dot is under ``point`` (widget pixels), if any."""
        r = self._radius()
        for page in self._positions:
            centre = self.centre(page)
            if (centre.x() - point.x()) ** 2 + (centre.y() - point.y()) ** 2 <= (r + 2) ** 2:
                return page
        return None

    def hover_text(self, point: QPointF) -> str:
        """What the graph says at ``point``: the page under it by number and name (and, for the
        clicked miss's page, when it was forgotten); else the clicked miss's callout in words."""
        page = self.page_at(point)
        if page is None or self.site is None:
            return self.toolTip()
        text = f"{page}: {self.site.page_name(page, self.lang)}"
        if self.highlight is not None and self.highlight[0] == page:
            text += f" — {forgotten_at(self.highlight[1], self.lang)}"
        return text

    def mouseMoveEvent(self, event) -> None:
        text = self.hover_text(event.position())
        if text:
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        else:
            QToolTip.hideText()
        super().mouseMoveEvent(event)

    def _set_tooltip(self) -> None:
        if self.highlight is None or self.site is None:
            self.setToolTip("")
            return
        page, at = self.highlight
        self.setToolTip(
            plain_text.tooltip(
                f"{page}: {self.site.page_name(page, self.lang)} — {forgotten_at(at, self.lang)}"
            )
        )

    def resizeEvent(self, event) -> None:
        self._backdrop_key = None
        super().resizeEvent(event)

    def _on_app_font_change(self) -> None:
        self.updateGeometry()  # the least radius follows the zoom
        self.update()

    def _on_theme_change(self) -> None:
        self._backdrop_key = None
        self.updateGeometry()  # the projector's thicker edges
        self.update()
