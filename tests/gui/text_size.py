"""How big every text is drawn on screen, in pixels of its type (the font's pixel size times the
scale it is drawn at), and which is smaller than a projector allows (issue 40: 12 px at 100 %,
proportionally more when zoomed).

A window is painted once (``QWidget.grab``) with QPainter's text calls recorded: what memviz's
painted widgets, the Explore graph's items and pyqtgraph's axes draw in Python passes through them.
Text that Qt draws itself is read from its widget or item: every visible label, button, check box,
choice, tab and table (their font), and the text items of graphics scenes (their font times the
view's scale). Nothing is compared with pixels: the sizes are the fonts', so a test of every zoom,
size, language and theme stays a few seconds.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtGui import QFontInfo, QPaintDevice, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabBar,
    QWidget,
)

# The least type a projector reads from the back of a room, at 100 %; zoomed, times the zoom.
LEAST_PX = 12.0
SLACK_PX = 0.5  # fonts are sized in whole pixels; a 12.0 px text may be set as 11.6 by rounding


@dataclass(frozen=True)
class DrawnText:
    text: str
    px: float
    where: str

    def describe(self) -> str:
        return f"{self.where} {self.text[:30]!r} at {self.px:.1f} px"


def _scale(painter: QPainter) -> float:
    t = painter.worldTransform()
    return math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21())) or 1.0


def _device_name(device: QPaintDevice) -> str:
    if isinstance(device, QWidget):
        widget = device
        if isinstance(widget.parentWidget(), QGraphicsView):
            widget = widget.parentWidget()
        return widget.objectName() or type(widget).__name__
    return type(device).__name__


@contextmanager
def recording_painted_text():
    """Within: every text QPainter is asked to draw from Python, with its size on the device."""
    drawn: list[DrawnText] = []
    originals = {name: getattr(QPainter, name) for name in ("drawText", "drawStaticText")}

    def recorder(name):
        original = originals[name]

        def record(painter, *args):
            text = next((a for a in args if isinstance(a, str)), None)
            if text is None:
                static = next((a for a in args if hasattr(a, "text") and callable(a.text)), None)
                text = static.text() if static is not None else ""
            if text.strip():
                # (a picture painted ahead, QPixmap, counts at its logical size: the Explore
                # graph's are made at the view's scale and shown at it)
                px = painter.fontInfo().pixelSize() * _scale(painter)
                drawn.append(DrawnText(text, px, _device_name(painter.device())))
            return original(painter, *args)

        return record

    for name in originals:
        setattr(QPainter, name, recorder(name))
    try:
        yield drawn
    finally:
        for name, original in originals.items():
            setattr(QPainter, name, original)


def _widget_texts(root: QWidget) -> list[DrawnText]:
    found = []
    kinds = (QLabel, QAbstractButton, QComboBox, QGroupBox, QTabBar, QAbstractItemView, QLineEdit)
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, kinds) or not widget.isVisible() or widget.width() < 2:
            continue
        if isinstance(widget, QLabel):
            text = widget.text()
            if widget.pixmap() is not None and not widget.pixmap().isNull():
                continue
        elif isinstance(widget, QAbstractButton):
            text = widget.text()
        elif isinstance(widget, QComboBox):
            text = widget.currentText()
        elif isinstance(widget, QGroupBox):
            text = widget.title()
        elif isinstance(widget, QTabBar):
            text = " ".join(widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QLineEdit):
            text = widget.text()
        else:
            text = "(cells)"
        if text.strip():
            px = QFontInfo(widget.font()).pixelSize()
            found.append(DrawnText(text, px, widget.objectName() or type(widget).__name__))
    return found


def _item_px(item) -> float:
    """A text item's smallest type: a rich text item's spans set their own (pyqtgraph's titles and
    axis names: "font-size: 14pt"), over the item's font."""
    if not isinstance(item, QGraphicsTextItem):
        return QFontInfo(item.font()).pixelSize()
    document = item.document()
    default = document.defaultFont()
    sizes = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.isValid() and fragment.text().strip():
                sizes.append(QFontInfo(fragment.charFormat().font().resolve(default)).pixelSize())
            it += 1
        block = block.next()
    return min(sizes, default=QFontInfo(default).pixelSize())


def _scene_item_texts(root: QWidget) -> list[DrawnText]:
    found = []
    for view in root.findChildren(QGraphicsView):
        if not view.isVisible() or view.scene() is None:
            continue
        where = view.objectName() or type(view).__name__
        for item in view.scene().items():
            if not item.isVisible() or item.effectiveOpacity() <= 0.05:
                continue
            if isinstance(item, QGraphicsTextItem):
                text = item.toPlainText()
            elif isinstance(item, QGraphicsSimpleTextItem):
                text = item.text()
            else:
                continue
            if not text.strip():
                continue
            t = item.deviceTransform(view.viewportTransform())
            scale = math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21()))
            found.append(DrawnText(text, _item_px(item) * scale, where))
    return found


def text_sizes(window: QWidget) -> list[DrawnText]:
    """Every text the window shows, with the size it is drawn at."""
    from memviz.gui.kit import style

    style.refresh_colors(window)  # painted widgets drop the pictures they cached: all is drawn anew
    with recording_painted_text() as drawn:
        window.grab()
    return drawn + _widget_texts(window) + _scene_item_texts(window)


def too_small(window: QWidget, zoom: float) -> list[str]:
    """The texts drawn smaller than LEAST_PX times ``zoom``, one line each (the smallest of each
    place and text once)."""
    least = LEAST_PX * zoom - SLACK_PX
    seen, problems = set(), []
    for text in sorted(text_sizes(window), key=lambda t: t.px):
        key = (text.where, text.text)
        if text.px < least and key not in seen:
            seen.add(key)
            problems.append(f"{text.describe()} < {LEAST_PX * zoom:.1f} px")
    return problems
