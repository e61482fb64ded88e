"""The badge a forgotten revisit gets on the graph: "↺ forgotten at step N" on the card the agent
came back to after memory had forgotten it (issue 22), so the moment is marked where it happens,
in a snapshot or a video too, not only in the narration.

It draws the step event as the core reports it (``StepEvent.was_forgotten`` and ``forgotten_at``);
nothing is worked out here. On a plate, in the evicted colour, with the ↺ mark (not colour alone),
above the card, or below it when the card is at the top of the picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from memviz.core.engine import StepEvent
from memviz.gui.kit import style
from memviz.gui.qt import QFontMetricsF, QGraphicsItem, QPainter, QPen, QPointF, QRectF, Qt
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
        if (event is None or not event.moved or not event.was_forgotten or event.forgotten_at is None
                or event.to_page >= len(cards)):  # fmt: skip
            self.page = None
            self.setVisible(False)
            return
        self.page = event.to_page
        card = cards[event.to_page].sceneBoundingRect()
        self.text = revisit_badge(event.forgotten_at, lang)
        self._font = style.ui_font(max(8.0, px), bold=True)
        metrics = QFontMetricsF(self._font)
        h = metrics.height()
        w = metrics.horizontalAdvance(self.text) + 2 * PAD * h
        rect = QRectF(card.center().x() - w / 2, card.top() - h * (1 + 2 * PAD) - 2, w, h * (1 + PAD))
        if rect.top() < bounds.top():  # no room above: below the card
            rect.moveTop(card.bottom() + 2)
        rect.moveLeft(min(max(rect.left(), bounds.left()), bounds.right() - rect.width()))
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

    def centre(self) -> QPointF:
        return self._rect.center()
