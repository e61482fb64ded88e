"""The text drawn inside graphics scenes, where it lands on screen, and what of it is cut or overprinted.

window_fit.cut() measures widgets; a plot's title, its axis names and tick numbers, its value labels
and legend, and the Explore graph's cards and badges are items of a QGraphicsScene that no widget
metric sees. `scene_texts(view)` collects them, each with its rectangle in the view's viewport:

- a QGraphicsTextItem or QGraphicsSimpleTextItem (pyqtgraph's TextItem, LabelItem, a plot's title,
  a legend's entries and an axis's name are made of these): the text's own lines, not the item's
  margins;
- an axis's tick numbers (pyqtgraph paints them: its own draw specs say where);
- any item with ``drawn_texts()``: ``[(text, rect in item coordinates), ...]`` for what it paints
  itself (the Explore graph's cards, captions and the forgotten-revisit badge).

`scene_problems(root)` reports, for every visible graphics view under ``root``: a text cut by the
view's edge or by an item that clips its children (a plot's data area), a text wholly outside it
(a label that should be on screen is not), and two texts drawn over each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QWidget,
)

# A pixel of slack each way: rectangles are in fractions of a pixel, text is drawn on whole ones.
SLACK = 1.0


@dataclass(frozen=True)
class SceneText:
    text: str
    rect: QRectF  # in the view's viewport, in pixels
    clip: QRectF  # what of the viewport the item may draw in (the viewport, less clipping parents)
    owner: str  # the item that draws it, for the report

    def describe(self) -> str:
        r = self.rect
        return f"{self.owner} {self.text[:40]!r} at {r.width():.0f}×{r.height():.0f}+{r.x():.0f}+{r.y():.0f}"


def _shown(item: QGraphicsItem) -> bool:
    return item.isVisible() and item.effectiveOpacity() > 0.05


def _to_view(view: QGraphicsView, item: QGraphicsItem, rect: QRectF) -> QRectF:
    """``rect`` in ``item``'s coordinates, in the viewport's (items that ignore the view's scale
    too: the device transform knows)."""
    return item.deviceTransform(view.viewportTransform()).mapRect(rect)


def _clip(view: QGraphicsView, item: QGraphicsItem) -> QRectF:
    clip = QRectF(view.viewport().rect())
    parent = item.parentItem()
    while parent is not None:
        if parent.flags() & QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape:
            clip = clip.intersected(_to_view(view, parent, parent.boundingRect()))
        parent = parent.parentItem()
    if item.flags() & QGraphicsItem.GraphicsItemFlag.ItemClipsToShape:
        clip = clip.intersected(_to_view(view, item, item.boundingRect()))
    return clip


def _owner(item: QGraphicsItem) -> str:
    """The nearest pyqtgraph or memviz item above ``item``: what a reader of the report looks for."""
    names = []
    while item is not None and len(names) < 2:
        kind = type(item).__name__
        if not kind.startswith("QGraphics"):
            names.append(kind)
        item = item.parentItem()
    return "/".join(reversed(names)) or "item"


def _text_item_rects(item: QGraphicsTextItem) -> list[tuple[str, QRectF]]:
    """Each laid-out line of a rich text item, in the item's coordinates (without its margins)."""
    out = []
    document = item.document()
    margin = document.documentMargin()
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        if layout is not None and block.text().strip():
            at = layout.position()
            for i in range(layout.lineCount()):
                line = layout.lineAt(i)
                text = block.text()[line.textStart() : line.textStart() + line.textLength()].strip()
                if text:
                    rect = line.naturalTextRect().translated(at)
                    out.append((text, rect))
        block = block.next()
    if not out and item.toPlainText().strip():
        out.append(
            (item.toPlainText().strip(), item.boundingRect().adjusted(margin, margin, -margin, -margin))
        )
    return out


def _axis_ticks(axis) -> list[tuple[str, QRectF]]:
    """The tick numbers a pyqtgraph AxisItem paints, from the draw specs it paints them by."""
    if not axis.style.get("showValues", True):
        return []
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        if axis.style.get("tickFont"):
            painter.setFont(axis.style["tickFont"])
        specs = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    if specs is None:
        return []
    return [(str(text), QRectF(rect)) for rect, _flags, text in specs[2] if str(text).strip()]


def scene_texts(view: QGraphicsView) -> list[SceneText]:
    """Every text drawn in ``view``'s scene and shown (visible, not faded out), in viewport pixels."""
    scene = view.scene()
    if scene is None:
        return []
    try:
        from pyqtgraph import AxisItem
    except ImportError:  # pragma: no cover - memviz always has it
        AxisItem = ()
    found = []
    for item in scene.items():
        if not _shown(item):
            continue
        pieces: list[tuple[str, QRectF]] = []
        if isinstance(item, QGraphicsTextItem):
            pieces = _text_item_rects(item)
        elif isinstance(item, QGraphicsSimpleTextItem):
            if item.text().strip():
                pieces = [(item.text(), item.boundingRect())]
        elif AxisItem and isinstance(item, AxisItem):
            pieces = _axis_ticks(item)
        elif callable(getattr(item, "drawn_texts", None)):
            pieces = [(text, QRectF(rect)) for text, rect in item.drawn_texts() if text.strip()]
        if not pieces:
            continue
        clip, owner = _clip(view, item), _owner(item)
        found.extend(SceneText(text, _to_view(view, item, rect), clip, owner) for text, rect in pieces)
    return found


def _scrolls(view: QGraphicsView) -> bool:
    """The view shows part of its scene (scroll bars, or a camera zoomed in and dragged about)."""
    bars = any(bar.isVisible() and bar.maximum() > bar.minimum() for bar in (view.horizontalScrollBar(),
                                                                               view.verticalScrollBar()))  # fmt: skip
    shown = view.mapToScene(view.viewport().rect()).boundingRect().adjusted(-2, -2, 2, 2)
    return bars or not shown.contains(view.sceneRect())


def _inside(inner: QRectF, outer: QRectF) -> bool:
    return (
        inner.left() >= outer.left() - SLACK
        and inner.top() >= outer.top() - SLACK
        and inner.right() <= outer.right() + SLACK
        and inner.bottom() <= outer.bottom() + SLACK
    )


def _overprint(a: QRectF, b: QRectF) -> bool:
    common = a.intersected(b)
    return common.width() > 2 * SLACK and common.height() > 2 * SLACK


def text_problems(texts: list[SceneText], scrolls: bool = False) -> list[str]:
    """What of ``texts`` a reader cannot read whole: cut by its clip, outside it, or overprinted."""
    problems = []
    shown = []
    for text in texts:
        if _inside(text.rect, text.clip):
            shown.append(text)
        elif text.rect.intersects(text.clip):
            if not scrolls:  # in a view that scrolls, what its edge cuts is a scroll away
                problems.append(f"{text.describe()}: cut by the edge at {_edges(text.rect, text.clip)}")
            shown.append(text)
        elif not scrolls:
            problems.append(f"{text.describe()}: outside its view or plot")
    for i, first in enumerate(shown):
        for second in shown[i + 1 :]:
            if _overprint(first.rect, second.rect):
                problems.append(f"{first.describe()} overprints {second.describe()}")
    return problems


def _edges(rect: QRectF, clip: QRectF) -> str:
    sides = []
    if rect.left() < clip.left() - SLACK:
        sides.append("left")
    if rect.right() > clip.right() + SLACK:
        sides.append("right")
    if rect.top() < clip.top() - SLACK:
        sides.append("top")
    if rect.bottom() > clip.bottom() + SLACK:
        sides.append("bottom")
    return "/".join(sides)


def silent_axes(view: QGraphicsView) -> list[str]:
    """Axes that have ticks with names and draw none of them: pyqtgraph leaves out a tick text
    that does not fit its axis (Evaluate's task ids, until the window was resized)."""
    try:
        from pyqtgraph import AxisItem
    except ImportError:  # pragma: no cover - memviz always has it
        return []
    scene = view.scene()
    silent = []
    for item in scene.items() if scene is not None else ():
        if not isinstance(item, AxisItem) or not _shown(item) or not item.style.get("showValues", True):
            continue
        length = item.size().height() if item.orientation in ("left", "right") else item.size().width()
        low, high = item.range
        levels = item.tickValues(min(low, high), max(low, high), length)
        names = [n for _, values in levels[:1] for n in item.tickStrings(values, 1.0, 1.0) if str(n).strip()]
        if names and not _axis_ticks(item):
            silent.append(f"{_owner(item)} ({item.orientation}): draws none of {names[:3]}…")
    return silent


def scene_problems(root: QWidget) -> list[str]:
    """Cut and overprinted scene text in every visible graphics view under ``root``."""
    problems = []
    views = [root] if isinstance(root, QGraphicsView) else []
    views += root.findChildren(QGraphicsView)
    for view in views:
        if not view.isVisible() or view.width() < 2:
            continue
        where = view.objectName() or type(view).__name__
        problems.extend(f"{where}: {problem}" for problem in text_problems(scene_texts(view), _scrolls(view)))
        problems.extend(f"{where}: {problem}" for problem in silent_axes(view))
    return problems
