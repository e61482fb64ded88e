"""A scroll area that keeps its panel at full width and never below the panel's least height."""

from __future__ import annotations

from memviz.gui.qt import QEvent, QFrame, QScrollArea, QSize, Qt, QWidget


class FitWidthScroll(QScrollArea):
    """A panel at the viewport's width and at least its own least height for that width, so it
    scrolls on a small screen rather than lay its parts over each other or cut them (the side
    panel's plots over its titles, a lane's graph under the next lane). QScrollArea's own
    resizing takes the least height at some other width, so word-wrapped texts still overlapped."""

    def __init__(self, panel: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidget(panel)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        panel.installEventFilter(self)

    def sizeHint(self) -> QSize:
        """The panel's own: a splitter shares the window by its parts' hints (QScrollArea's would
        be the panel's present size, small before the first show)."""
        hint = self.widget().sizeHint()
        return QSize(hint.width() + self.verticalScrollBar().sizeHint().width(), hint.height())

    def least_height(self, width: int) -> int:
        layout = self.widget().layout()
        if layout.hasHeightForWidth():
            return layout.minimumHeightForWidth(width)
        return layout.minimumSize().height()

    def fit(self) -> None:
        width = self.viewport().width()
        height = self.least_height(width)
        if height > self.viewport().height():  # a scroll bar appears: fit the narrower width
            width = max(1, width - self.verticalScrollBar().sizeHint().width())
            # and a few pixels more: a word-wrapped label's least height at that width came short
            # of the height it takes (720p at 150 %: the plot over the key under it by 5 px)
            height = self.least_height(width) + 8
        self.widget().resize(width, max(height, self.viewport().height()))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()  # a text changed its height
        return super().eventFilter(watched, event)
