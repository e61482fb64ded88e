"""Caches for widgets that repaint on every step: text laid out once, shapes rasterised once.

``QPainter.drawText`` lays its text out on every call and an antialiased rounded box is filled
span by span; a step repaints the same few page names and boxes again and again, so they are kept:
texts as ``QStaticText``, boxes as pixmaps copied into place. Owners clear them when the type size,
the theme or the language changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from memviz.gui.qt import (
    QFont,
    QFontMetricsF,
    QPainter,
    QPixmap,
    QPointF,
    QRectF,
    QStaticText,
    Qt,
    QTransform,
)


def device_pixmap(width: float, height: float, ratio: float, fill) -> QPixmap:
    """A pixmap for ``width``×``height`` widget pixels at the screen's ``ratio`` (sharp on a HiDPI
    screen), at least one pixel each way, filled with ``fill``."""
    pixmap = QPixmap(max(1, round(width * ratio)), max(1, round(height * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(fill)
    return pixmap


class StaticTexts:
    """``QStaticText`` per (text, font), drawn vertically centred on a line. Holds at most ``limit``
    texts (numbers change every step; page names repeat)."""

    def __init__(self, limit: int = 2000) -> None:
        self._texts: dict[tuple[str, str], QStaticText] = {}
        self._limit = limit
        # QFont.key() per draw costs as much as the draw; keyed by the font object, which is kept
        # (so its id is not reused while it is here).
        self._font_keys: dict[int, tuple[QFont, str]] = {}

    def clear(self) -> None:
        self._texts.clear()
        self._font_keys.clear()

    def get(self, text: str, font: QFont) -> QStaticText:
        known = self._font_keys.get(id(font))
        if known is None or known[0] is not font:
            known = self._font_keys[id(font)] = (font, font.key())
        key = (text, known[1])
        static = self._texts.get(key)
        if static is None:
            if len(self._texts) >= self._limit:
                self._texts.clear()
            static = QStaticText(text)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(QTransform(), font)
            self._texts[key] = static
        return static

    def draw(
        self, painter: QPainter, x: float, center_y: float, text: str, font: QFont, metrics: QFontMetricsF
    ) -> None:
        """``text`` in ``font`` (which must be the painter's) from ``x``, centred on ``center_y``."""
        painter.drawStaticText(QPointF(x, center_y - metrics.height() / 2), self.get(text, font))

    def draw_centered(self, painter: QPainter, rect: QRectF, text: str, font: QFont) -> None:
        """``text`` in ``font`` (which must be the painter's) centred in ``rect``."""
        static = self.get(text, font)
        size = static.size()
        painter.drawStaticText(
            QPointF(rect.center().x() - size.width() / 2, rect.center().y() - size.height() / 2), static
        )


class ShapeCache:
    """Pixmaps of shapes that depend only on a key (size, state, colours): drawn once, then copied."""

    def __init__(self) -> None:
        self._pixmaps: dict[tuple, QPixmap] = {}

    def clear(self) -> None:
        self._pixmaps.clear()

    def draw(
        self,
        painter: QPainter,
        rect: QRectF,
        key: tuple,
        paint: Callable[[QPainter, QRectF], None],
        margin: float = 2.0,
        device_ratio: float = 1.0,
    ) -> None:
        """Copy the shape ``paint`` draws in ``rect`` (plus ``margin`` around it, for pens) into
        place. ``paint`` gets a painter and the rect to draw in, in the pixmap's coordinates."""
        w, h = rect.width() + 2 * margin, rect.height() + 2 * margin
        full_key = (*key, round(rect.width(), 2), round(rect.height(), 2), margin, device_ratio)
        pixmap = self._pixmaps.get(full_key)
        if pixmap is None:
            pixmap = QPixmap(math.ceil(w * device_ratio), math.ceil(h * device_ratio))
            pixmap.setDevicePixelRatio(device_ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            shape_painter = QPainter(pixmap)
            shape_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint(shape_painter, QRectF(margin, margin, rect.width(), rect.height()))
            shape_painter.end()
            self._pixmaps[full_key] = pixmap
        painter.drawPixmap(QPointF(rect.left() - margin, rect.top() - margin), pixmap)
