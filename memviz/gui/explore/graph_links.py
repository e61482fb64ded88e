"""The shapes of the site graph's links: the line between two cards, its arrow head, its trail outline,
and the trail of the last moves drawn along them.

Each shape is made once per layout and kept: a link is drawn in the background, walked by the agent,
followed by the trail and the plan, and on a 10,000-page site there are 40,000 of them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from memviz.core.engine import StepEvent
from memviz.gui.explore.graph_items import TRAIL_LENGTH, PageItem, PathsItem, trail_opacity
from memviz.gui.kit import style
from memviz.gui.qt import (
    QBrush,
    QColor,
    QGraphicsItem,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPointF,
    QPolygonF,
    Qt,
)


def link_pen(type_px: float) -> QPen:
    """The pen of an ordinary link beside cards of this type size, in the theme's colour."""
    return QPen(style.colors().edge, max(1.3, type_px * 0.09) * style.line_width())


def site_link_strokes(site, nav_bar: bool, links: LinkShapes, type_px: float, head: float) -> list:
    """Every ordinary link of ``site``, a stroke each, then their arrow heads in one path (a link to
    a nav page is one of the nav links, drawn with the nav bar when there is one)."""
    pairs: dict[tuple[int, int], set[int]] = {}
    for p, page in enumerate(site.pages):
        for q in page.links:
            if not (nav_bar and q in site.nav):
                pairs.setdefault((min(p, q), max(p, q)), set()).add(q)
    pen, heads = link_pen(type_px), QPainterPath()
    strokes: list[tuple[QPainterPath, QPen, QBrush | None]] = []
    for (a, b), targets in pairs.items():
        path = links.path(a, b)
        # One stroke per link: Qt rasterises a wide antialiased stroke scanline by scanline over
        # its whole box, so one path of every link costs ten times as much (50 ms) to draw.
        strokes.append((path, pen, None))
        for target in targets:
            heads.addPath(links.arrow_head(path if target == b else links.path(b, a), target, head))
    return [*strokes, (heads, QPen(pen.color(), 1), style.solid_brush(pen.color()))]


class LinkShapes:
    """The link shapes for one layout: card centres and cards in, cached painter paths out."""

    def __init__(self) -> None:
        self.centers: dict[int, QPointF] = {}
        self.cards: list[PageItem] = []
        self._paths: dict[tuple[int, int], QPainterPath] = {}
        self._outlines: dict[tuple[int, int, float], QPainterPath] = {}

    def set_layout(self, centers: dict[int, QPointF], cards: list[PageItem]) -> None:
        """New positions or card sizes: every shape is made again when next asked for."""
        self.centers, self.cards = centers, cards
        self._paths.clear()
        self._outlines.clear()

    def path(self, p: int, q: int) -> QPainterPath:
        """The line from page p's centre to q's: curved when both sit on one row, so it clears the cards
        between them."""
        key = (p, q)
        path = self._paths.get(key)
        if path is not None:
            return path
        a, b = self.centers[p], self.centers[q]
        path = QPainterPath(a)
        dx, dy = b.x() - a.x(), b.y() - a.y()
        card_h = self.cards[p].height
        if abs(dy) < card_h * 1.2 and abs(dx) > self.cards[p].width * 0.6 + self.cards[q].width * 0.6:
            # Bulge away from the row: always to the same side for the pair, whichever way it is walked.
            lo, hi = (a, b) if (p < q) else (b, a)
            nx_, ny_ = -(hi.y() - lo.y()), hi.x() - lo.x()
            norm = math.hypot(nx_, ny_) or 1.0
            bulge = min(abs(dx) * 0.22, card_h * 2.4)
            mid = QPointF((a.x() + b.x()) / 2 + nx_ / norm * bulge, (a.y() + b.y()) / 2 + ny_ / norm * bulge)
            path.quadTo(mid, b)
        else:
            path.lineTo(b)
        self._paths[key] = path
        return path

    def exit_percent(self, path: QPainterPath, page: int) -> float:
        """Where along a path ending at page's centre (0..1) it leaves page's card."""
        card = self.cards[page]
        if path.elementCount() == 2:  # a straight line: solved exactly
            start, end = path.elementAt(0), path.elementAt(1)
            dx, dy = abs(end.x - start.x), abs(end.y - start.y)
            inside = min(card.width / 2 / dx if dx else math.inf, card.height / 2 / dy if dy else math.inf)
            return max(0.0, 1.0 - inside)
        rect = card.card_rect().translated(self.centers[page])  # a curve: searched from the end
        lo, hi = 0.0, 1.0
        for _ in range(18):
            mid = (lo + hi) / 2
            if rect.contains(path.pointAtPercent(mid)):
                hi = mid
            else:
                lo = mid
        return lo

    def arrow_head(self, path: QPainterPath, target: int, size: float) -> QPainterPath:
        """A triangle of ``size`` pixels where the path meets the target's card."""
        t = self.exit_percent(path, target)
        tip = path.pointAtPercent(t)
        angle = math.radians(-path.angleAtPercent(max(0.0, t - 0.001)))
        back = QPointF(tip.x() - size * math.cos(angle), tip.y() - size * math.sin(angle))
        perp = QPointF(-math.sin(angle) * size * 0.45, math.cos(angle) * size * 0.45)
        head = QPainterPath()
        head.addPolygon(QPolygonF([tip, back + perp, back - perp, tip]))
        return head

    def outline(self, p: int, q: int, width: float) -> QPainterPath:
        """The filled outline of a wide stroke along p→q: stroking a wide pen on every repaint is the
        costly part of drawing the trail, so each outline is made once per layout."""
        key = (p, q, round(width, 2))
        outline = self._outlines.get(key)
        if outline is None:
            stroker = QPainterPathStroker()
            stroker.setWidth(width)
            stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
            stroker.setJoinStyle(Qt.PenJoinStyle.BevelJoin)
            outline = stroker.createStroke(self.path(p, q)).simplified()
            self._outlines[key] = outline
        return outline


class Trail:
    """The moves of the last TRAIL_LENGTH steps, the newest most opaque. One item per move, kept by
    that move while it ages: its picture is cached (antialiased filling is the costly part of a
    repaint) and a step only fades it, so a step draws one new move and copies the others."""

    def __init__(self) -> None:
        self.items = [PathsItem(-3) for _ in range(TRAIL_LENGTH)]
        for item in self.items:
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # What each item shows: (step, from page, to page, colour), or None.
        self.keys: list[tuple[int, int, int, int] | None] = [None] * TRAIL_LENGTH

    def forget(self) -> None:
        """Draw every move again at the next sync (the layout or the type size changed)."""
        self.keys = [None] * TRAIL_LENGTH

    def shown(self) -> list[tuple[int, int, float]]:
        """(from page, to page, opacity) of each move drawn, the newest first."""
        shown = [(key, item) for key, item in zip(self.keys, self.items, strict=True) if key is not None]
        return [
            (key[1], key[2], item.opacity())
            for key, item in sorted(shown, key=lambda p: p[0][0], reverse=True)
        ]

    def sync(
        self, events: Sequence[StepEvent], links: LinkShapes, width: float, color: QColor, misused: QColor
    ) -> None:
        """``misused``: the colour of a move whose memory was ignored or not written (issue 27)."""
        first = max(0, len(events) - TRAIL_LENGTH)
        keys = [
            (i, e.from_page, e.to_page, (misused if e.memory_ignored or e.write_skipped else color).rgba())
            for i, e in ((i, events[i]) for i in range(first, len(events)))
            if e.moved
        ]
        slots = {key: k for k, key in enumerate(self.keys) if key in keys}
        free = [k for k in range(TRAIL_LENGTH) if k not in slots.values()]
        for age, key in enumerate(reversed(keys)):  # age 0 = the latest move
            k = slots.get(key)
            if k is None:
                k = free.pop(0)
                self.keys[k] = key
                outline = links.outline(key[1], key[2], width)
                self.items[k].set_stroke(
                    (outline, QPen(Qt.PenStyle.NoPen), style.solid_brush(QColor.fromRgba(key[3])))
                )
            item = self.items[k]
            opacity = trail_opacity(age)
            if item.opacity() != opacity:
                item.setOpacity(opacity)
            z = -3 + 0.1 * (TRAIL_LENGTH - age) / TRAIL_LENGTH  # newer moves on top
            if item.zValue() != z:
                item.setZValue(z)
        for k in free:
            self.keys[k] = None
            self.items[k].set_stroke(None)


class CurrentLinks(PathsItem):
    """The links out of the agent's page, drawn strong over the faint rest while a big site is shown
    whole. While links are at full strength (zoomed in, a small site) it is empty, so a step
    repaints nothing for it."""

    def __init__(self) -> None:
        super().__init__(-4)

    def show_links(
        self, site, page: int, links: LinkShapes, pen: QPen, head: float, nav_bar: bool, faded: bool
    ) -> None:
        """Draw the links out of ``page`` (but its nav links, drawn with the nav bar when there is
        one) if ordinary links are ``faded``, else nothing."""
        if not faded:
            if not self.boundingRect().isNull():
                self.set_strokes([])
            return
        paths, heads = QPainterPath(), QPainterPath()
        for q in site.pages[page].links:
            if not (nav_bar and q in site.nav):
                path = links.path(page, q)
                paths.addPath(path)
                heads.addPath(links.arrow_head(path, q, head))
        self.set_strokes([(paths, pen, None), (heads, QPen(pen.color(), 1), style.solid_brush(pen.color()))])
