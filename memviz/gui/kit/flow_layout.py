"""A row of controls that wraps onto a second line when the window is too narrow for one.

A QHBoxLayout squeezes every control below its size hint once the row's least width passes the
window's: at 1280×720 and 130 % zoom Explore's settings read "Memory capacit", "Visited set +"
and "Show nav link". Here each item keeps its size hint and the row breaks between items instead;
an item that should stay with its neighbour (a label and its field) is given as one widget.
"""

from __future__ import annotations

from memviz.gui.qt import QHBoxLayout, QLayout, QLayoutItem, QPoint, QRect, QSize, Qt, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """Items left to right at their size hints, wrapping; stretching items share what a line has
    left (a message, a progress bar), and an item after them is pushed to the line's right end."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6, line_spacing: int = 4) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._stretching: set[int] = set()  # ids of the items that take a line's leftover width
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(spacing)
        self._line_spacing = line_spacing

    # -- QLayout --------------------------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def add(self, widget: QWidget, stretch: bool = False) -> None:
        self.addChildWidget(widget)
        item = QWidgetItem(widget)
        self.addItem(item)
        if stretch:
            self._stretching.add(id(item))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self._stretching.discard(id(item))
        return item

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        # One line with everything: what the row asks for when there is room.
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown) + self.spacing() * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        # As narrow as its widest item: everything else wraps.
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize()).expandedTo(QSize(item.sizeHint().width(), 0))
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # -- placing --------------------------------------------------------------------------------------

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            wanted = item.sizeHint().width()
            if lines[-1] and used + self.spacing() + wanted > width:
                lines.append([])
                used = 0
            used += (self.spacing() if lines[-1] else 0) + wanted
            lines[-1].append(item)
        return lines

    def _arrange(self, rect: QRect, move: bool) -> int:
        margins = self.contentsMargins()
        inner = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        y = inner.y()
        for number, line in enumerate(self._lines(inner.width())):
            if not line:
                continue
            if number:
                y += self._line_spacing
            widths = [min(item.sizeHint().width(), inner.width()) for item in line]
            left = inner.width() - sum(widths) - self.spacing() * (len(line) - 1)
            stretching = [i for i, item in enumerate(line) if id(item) in self._stretching]
            for k, i in enumerate(stretching):  # the leftover shared, the odd pixels to the first
                widths[i] += left // len(stretching) + (1 if k < left % len(stretching) else 0)
            heights = [
                item.heightForWidth(width) if item.hasHeightForWidth() else item.sizeHint().height()
                for item, width in zip(line, widths, strict=True)
            ]
            line_height = max(heights)
            x = inner.x()
            for item, width, height in zip(line, widths, heights, strict=True):
                if move:  # each item at its own height, centred on the line
                    item.setGeometry(QRect(QPoint(x, y + (line_height - height) // 2), QSize(width, height)))
                x += width + self.spacing()
            y += line_height
        return y - rect.y() + margins.bottom()


def together(*widgets: QWidget, spacing: int = 6) -> QWidget:
    """Widgets kept on one line of a wrapping row (a label and its field)."""
    group = QWidget()
    layout = QHBoxLayout(group)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(spacing)
    for widget in widgets:
        layout.addWidget(widget)
    return group
