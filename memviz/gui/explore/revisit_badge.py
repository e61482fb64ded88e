"""The badge a forgotten revisit gets on the graph: "↺ forgotten at step N" on the card the agent
came back to after memory had forgotten it (issue 22), so the moment is marked where it happens,
in a snapshot or a video too, not only in the narration.

It draws the step event as the core reports it (``StepEvent.was_forgotten`` and ``forgotten_at``);
nothing is worked out here. On a plate, in the evicted colour, with the ↺ mark (not colour alone),
above the card, below it, or beside it: the first place that covers no other words on the graph (a
card's name or count, the nav bar's caption), else the one that covers least.
"""

from __future__ import annotations

from collections.abc import Sequence

from memviz.core.engine import StepEvent
from memviz.gui.explore.card_sheet import items_in
from memviz.gui.kit import style
from memviz.gui.qt import QFontMetricsF, QGraphicsItem, QPainter, QPen, QPointF, QRectF, Qt
from memviz.wording import context as context_words
from memviz.wording import revisit_badge

PAD = 0.35  # the plate around the text, in text heights


class RevisitBadge(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(6)  # over the cards and the trail, under nothing
        self.text = ""
        self.page: int | None = None
        self._rect = QRectF()
        self._font = style.ui_font(12, bold=True)
        self.setVisible(False)

    def show_for(self, event: StepEvent | None, cards: Sequence[QGraphicsItem], bounds: QRectF, px: float,
                 lang: str) -> None:  # fmt: skip
        """Mark ``event``'s page (its card among ``cards``, by page) if the step was a forgotten
        revisit, else hide; ``bounds``: the picture's, ``px``: the type size of the graph's labels."""
        context = event.context if event is not None else None
        # issue 38: the revisit compaction caused, marked as memory's forgotten revisits are
        compacted = context is not None and context.forgotten and context.forgotten_at is not None
        if (event is None or not event.moved or event.to_page >= len(cards)
                or not ((event.was_forgotten and event.forgotten_at is not None) or compacted)):  # fmt: skip
            self.page = None
            self.setVisible(False)
            return
        self.page = event.to_page
        card = _footprint(cards[event.to_page])
        if event.was_forgotten and event.forgotten_at is not None:
            self.text = revisit_badge(event.forgotten_at, lang)
        else:
            self.text = context_words.COMPACTED_BADGE.pick(lang, step=context.forgotten_at)
        self._font = style.ui_font(max(8.0, px), bold=True)
        metrics = QFontMetricsF(self._font)
        h = metrics.height()
        w = metrics.horizontalAdvance(self.text) + 2 * PAD * h
        rect = _clearest(_places(card, QRectF(0, 0, w, h * (1 + PAD)), bounds), cards[event.to_page])
        self.prepareGeometryChange()
        self._rect = rect
        self.setVisible(True)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, _option, _widget=None) -> None:
        c = style.colors()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(c.evict, 1.6 * style.line_width()))
        painter.setBrush(style.with_alpha(c.paper, 0.94))
        painter.drawRoundedRect(self._rect, 4, 4)
        painter.setFont(self._font)
        painter.setPen(c.evict_text)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)

    def drawn_texts(self) -> list[tuple[str, QRectF]]:
        """The badge's text and its box (for the cut-text tests)."""
        metrics = QFontMetricsF(self._font)
        w, h, centre = metrics.horizontalAdvance(self.text), metrics.height(), self._rect.center()
        return [(self.text, QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h))]

    def centre(self) -> QPointF:
        return self._rect.center()


def _footprint(card: QGraphicsItem) -> QRectF:
    """What the card draws, in the scene: the card, its visit count and the words under it (its
    bounding rectangle has room around them besides, which kept the badge from rows close by)."""
    if not callable(getattr(card, "drawn_texts", None)):
        return card.sceneBoundingRect()
    rect = card.mapRectToScene(card.card_rect())
    for _text, box in card.drawn_texts():
        rect = rect.united(card.mapRectToScene(box))
    return rect


def _places(card: QRectF, plate: QRectF, bounds: QRectF) -> list[QRectF]:
    """Where the plate may go, best first: above the card, then below it (centred on it, then
    reaching right from its left edge, then left from its right edge), then beside it, left or
    right; always inside ``bounds``."""
    places = []
    for top in (card.top() - plate.height() - 2, card.bottom() + 2):
        if top < bounds.top() or top + plate.height() > bounds.bottom():
            continue
        for left in (card.center().x() - plate.width() / 2, card.left(), card.right() - plate.width()):
            left = min(max(left, bounds.left()), bounds.right() - plate.width())
            places.append(QRectF(left, top, plate.width(), plate.height()))
    top = card.center().y() - plate.height() / 2
    for left in (card.left() - plate.width() - 2, card.right() + 2):
        if bounds.contains(QRectF(left, top, plate.width(), plate.height())):
            places.append(QRectF(left, top, plate.width(), plate.height()))
    return places or [QRectF(card.center().x() - plate.width() / 2, card.bottom() + 2, plate.width(),
                             plate.height())]  # fmt: skip


def _clearest(places: list[QRectF], own: QGraphicsItem) -> QRectF:
    """The first of ``places`` that covers no other card's words (a name, a visit count), else the
    one that covers least of them: the plate hid the neighbours' names and counts."""

    def covered(place: QRectF) -> float:
        scene, area = own.scene(), 0.0
        for item in items_in(scene, place) if scene is not None else ():
            if item is own or not item.isVisible() or not callable(getattr(item, "drawn_texts", None)):
                continue
            if isinstance(item, RevisitBadge):
                continue
            for _text, box in item.drawn_texts():
                common = item.mapRectToScene(box).intersected(place)
                area += max(common.width(), 0.0) * max(common.height(), 0.0)
        return area

    best, least = places[0], None
    for place in places:
        area = covered(place)
        if area == 0.0:
            return place
        if least is None or area < least:
            best, least = place, area
    return best
