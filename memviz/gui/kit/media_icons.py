"""The playback buttons' icons, drawn: start over, back, play, pause, step.

Drawn rather than asked of the style (QStyle.standardIcon): naming QStyle from Python makes PySide6
build the Python enum types of its eleven enums, ~5 ms (2 %) of the window's time to its first
picture, for five pictures of triangles. Drawn, they also take the theme's text colour (the
style's are fixed grey bitmaps).
"""

from __future__ import annotations

from memviz.gui.qt import QColor, QIcon, QPainter, QPixmap, QPointF, QPolygonF, QRectF, Qt

# Each icon's shapes on a 16 × 16 grid: polygons (triangles) and bars (x, y, width, height).
_RIGHT = ((0.0, 0.0), (6.5, 5.0), (0.0, 10.0))  # a triangle pointing right, 6.5 wide, 10 high
_LEFT = ((6.5, 0.0), (0.0, 5.0), (6.5, 10.0))
SHAPES: dict[str, tuple[tuple, tuple]] = {
    # (triangles as (dx, dy, points), bars)
    "first": (((4.5, 3.0, _LEFT), (9.5, 3.0, _LEFT)), ((2.0, 3.0, 2.0, 10.0),)),
    "back": (((1.5, 3.0, _LEFT), (8.0, 3.0, _LEFT)), ()),
    "play": (((4.5, 2.5, ((0.0, 0.0), (8.5, 5.5), (0.0, 11.0))),), ()),
    "pause": ((), ((4.0, 3.0, 3.0, 10.0), (9.0, 3.0, 3.0, 10.0))),
    "forward": (((1.5, 3.0, _RIGHT), (8.0, 3.0, _RIGHT)), ()),
}
GRID = 16.0


def paint_media_shape(painter: QPainter, kind: str, box: QRectF) -> None:
    """Fill ``kind``'s shapes, scaled from the 16-unit grid to ``box``, with the painter's brush."""
    scale = min(box.width(), box.height()) / GRID
    left = box.left() + (box.width() - GRID * scale) / 2
    top = box.top() + (box.height() - GRID * scale) / 2
    triangles, bars = SHAPES[kind]
    for dx, dy, points in triangles:
        painter.drawPolygon(
            QPolygonF([QPointF(left + (dx + x) * scale, top + (dy + y) * scale) for x, y in points])
        )
    for x, y, w, h in bars:
        painter.drawRect(QRectF(left + x * scale, top + y * scale, w * scale, h * scale))


def media_icon(kind: str, colour: QColor, size: int, device_pixel_ratio: float) -> QIcon:
    """``kind``'s icon, ``size`` logical pixels square, in ``colour``, sharp at that pixel ratio
    (Qt greys it out itself for a disabled button)."""
    pixels = max(1, round(size * device_pixel_ratio))
    pixmap = QPixmap(pixels, pixels)
    pixmap.setDevicePixelRatio(device_pixel_ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    paint_media_shape(painter, kind, QRectF(0, 0, size, size))
    painter.end()
    return QIcon(pixmap)
