"""The shapes of the site graph's links: the line between two cards, its arrow head, its trail outline.

Each shape is made once per layout and kept: a link is drawn in the background, walked by the agent,
followed by the trail and the plan, and on a 10,000-page site there are 40,000 of them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF

from memviz.gui.explore.graph_items import PageItem


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
