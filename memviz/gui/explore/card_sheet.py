"""A big site's plain cards drawn on one sheet, the scene's one item for them (issue 41).

Shown whole, a 10,000-page site puts thousands of cards under every area a step repaints (its trail
fades, the links out of the agent's page run across the view): as items, Qt found, sorted and copied
each of them, most of a step's time. On the sheet they are one cached picture: a step copies the
sheet's part of the area in one go, and a card that changed is drawn again into it alone
(:meth:`CardSheet.refresh`). The cards stay :class:`PageItem` objects (their state, geometry,
tooltip and picture are theirs), outside the scene; the sheet paints them, in page order, at
their positions.

Cards with a bug stay items of their own: they stand above the others (their z value), and their
texts change during a run. The glow around a card on the sheet is an item under the sheet (a
card's halo is drawn behind its card).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from memviz.gui.explore.graph_items import PageItem
from memviz.gui.qt import QGraphicsItem, QGraphicsScene, QRectF, QStyleOptionGraphicsItem

HALO_Z = -0.5  # over the agent (-1) and the trail, under the cards, as a halo behind its card


class CardSheet(QGraphicsItem):
    """Paints ``cards`` (PageItems not in the scene) from Qt's device cache of this one item."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)  # the exposed rect
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(True)  # the tooltip of the card under the pointer
        self.cards: list[PageItem] = []
        self._cell = 1.0
        self._grid: dict[tuple[int, int], list[PageItem]] = {}
        self._drawn: dict[int, QRectF] = {}  # where each card was last indexed, in scene coordinates
        self._bounds = QRectF()
        self.holding = False  # cards change all at once (a layout): relaid_out follows

    def set_cards(self, cards: list[PageItem], scene: QGraphicsScene) -> None:
        """Take ``cards`` on the sheet (out of the scene), their glows under it while they glow."""
        self.cards = sorted(cards, key=lambda card: card.page)
        for card in self.cards:
            card.sheet = self
            if card.scene() is not None:
                card.scene().removeItem(card)
            halo = card.halo
            halo.setParentItem(None)
            halo.setZValue(HALO_Z)
            halo.home = scene
            if halo.color is not None:
                scene.addItem(halo)
        self.relaid_out()

    def relaid_out(self) -> None:
        """The cards moved or changed size (a layout): index them again and draw the whole sheet."""
        self.prepareGeometryChange()
        rects = [card.sceneBoundingRect() for card in self.cards]
        for card in self.cards:
            card.halo.setPos(card.pos())
        self._cell = max((max(r.width(), r.height()) for r in rects), default=1.0) or 1.0
        self._grid = {}
        self._drawn = {}
        bounds = QRectF()
        for card, rect in zip(self.cards, rects, strict=True):
            self._index(card, rect)
            bounds = bounds.united(rect)
        self._bounds = bounds
        self.update()

    def _cells(self, rect: QRectF) -> Iterable[tuple[int, int]]:
        c = self._cell
        for x in range(math.floor(rect.left() / c), math.floor(rect.right() / c) + 1):
            for y in range(math.floor(rect.top() / c), math.floor(rect.bottom() / c) + 1):
                yield x, y

    def _index(self, card: PageItem, rect: QRectF) -> None:
        self._drawn[card.page] = rect
        for cell in self._cells(rect):
            self._grid.setdefault(cell, []).append(card)

    def refresh(self, card: PageItem) -> None:
        """``card`` changed: draw its area of the sheet again (where it was and where it is)."""
        if self.holding:
            return
        old = self._drawn.get(card.page)
        rect = card.sceneBoundingRect()
        if old is None or rect != old:
            if old is not None:
                for cell in self._cells(old):
                    self._grid[cell].remove(card)
            self._index(card, rect)
            if not self._bounds.contains(rect):
                self.prepareGeometryChange()
                self._bounds = self._bounds.united(rect)
            self.update(rect if old is None else rect.united(old))
        else:
            self.update(rect)

    def cards_in(self, rect: QRectF) -> list[PageItem]:
        """The cards whose bounds meet ``rect`` (scene coordinates), in page order."""
        found: dict[int, PageItem] = {}
        for cell in self._cells(rect):
            for card in self._grid.get(cell, ()):
                if card.page not in found and self._drawn[card.page].intersects(rect):
                    found[card.page] = card
        return [found[page] for page in sorted(found)]

    def card_at(self, point) -> PageItem | None:
        """The card drawn on top at ``point`` (scene coordinates): the last in page order."""
        hits = [
            card
            for card in self.cards_in(QRectF(point.x(), point.y(), 0.01, 0.01))
            if card.mapRectToScene(card.card_rect()).contains(point)
        ]
        return hits[-1] if hits else None

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        exposed = option.exposedRect if option is not None else self._bounds
        # Qt draws the cards a step changed into the cache under one clip, exposedRect their bounds:
        # two far-apart cards would draw every card between them. The clip's own rectangles say
        # which cards are drawn again.
        if painter.hasClipping():
            found: dict[int, PageItem] = {}
            for rect in painter.clipRegion():
                for card in self.cards_in(QRectF(rect).intersected(exposed)):
                    found[card.page] = card
            cards = [found[page] for page in sorted(found)]
        else:
            cards = self.cards_in(exposed)
        for card in cards:
            painter.save()
            painter.translate(card.pos())
            card.paint(painter, option, widget)
            painter.restore()

    def hoverMoveEvent(self, event) -> None:
        card = self.card_at(event.scenePos())
        tip = card.toolTip() if card is not None else ""
        if tip != self.toolTip():
            self.setToolTip(tip)
        super().hoverMoveEvent(event)


def items_in(scene: QGraphicsScene, rect: QRectF) -> list[QGraphicsItem]:
    """The scene's items at ``rect``, a card sheet's cards there in its place."""
    found: list[QGraphicsItem] = []
    for item in scene.items(rect):
        if isinstance(item, CardSheet):
            found += item.cards_in(rect)
        else:
            found.append(item)
    return found
