"""Plots side by side that give way when the type grows (issue 40): in a 1280×720 window zoomed to
125 % or 150 % three plots in a row were each too narrow for their titles and value labels, and
squeezed to a strip too short for their tick numbers. Here a row too narrow for its plots becomes a
column, every plot keeps the height of a number of its own tick lines, and the view around them
scrolls (AnalysisView puts its body in a scroll area) rather than cutting them."""

from __future__ import annotations

from memviz.gui.kit import zoom
from memviz.gui.kit.plots import TICK_PT, font
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import QFontMetrics, QResizeEvent, QSize, QSplitter, Qt, QVBoxLayout, QWidget

# A plot is at least this many of the least type size (12 px × zoom) wide in a row, else the row
# becomes a column: the widest titles then take two lines, value labels have room beside their dots.
MIN_WIDTH_EMS = 30
# A plot is at least this many of its tick lines tall: a title of two lines, the bottom axis's
# numbers and name, and a data area where tick numbers do not print over each other.
MIN_HEIGHT_LINES = 11


class PlotRow(QWidget):
    """``plots`` (each with its stretch factor) side by side in a splitter, ``below`` under them; the
    splitter turns to a column when a plot would be narrower than ``min_width_ems`` of the least
    type size, and each plot keeps ``min_height_lines`` of its tick lines.

    An item that is not a plot (Sweep's side panel) needs its own least width in the row; in a
    column it is as tall as it asks (the view scrolls), in a row it takes the row's height."""

    def __init__(
        self,
        plots: list[tuple[QWidget, int]],
        *below: QWidget,
        min_width_ems: float = MIN_WIDTH_EMS,
        min_height_lines: float = MIN_HEIGHT_LINES,
    ) -> None:
        super().__init__()
        self.plots = [plot for plot, _ in plots]
        self.min_width_ems = min_width_ems
        self.min_height_lines = min_height_lines
        self.splitter = LeastSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("plot_row")
        for k, (plot, stretch) in enumerate(plots):
            self.splitter.addWidget(plot)
            self.splitter.setStretchFactor(k, stretch)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter, 1)
        for widget in below:
            layout.addWidget(widget)
        self.give_way()

    def plot_height(self) -> int:
        """The least height of one plot at the zoom in force."""
        line = QFontMetrics(font(TICK_PT)).height()
        return max(220, round(self.min_height_lines * line))

    def give_way(self) -> None:
        """A row or a column for the width and zoom in force; the plots' least height for the zoom."""
        width = self.width() if self.isVisible() or self.width() > 0 else 0
        shown = [plot for plot in self.plots if not plot.isHidden()]  # (Cost's per-call plot hides)
        handles = self.splitter.handleWidth() * (len(shown) - 1)
        column = bool(width) and sum(self._least_width(item) for item in shown) > width - handles
        wanted = Qt.Orientation.Vertical if column else Qt.Orientation.Horizontal
        if self.splitter.orientation() != wanted:
            self.splitter.setOrientation(wanted)
            # the stretch factors share the new direction; equal shares to start from
            total = sum(self.splitter.sizes()) or 1
            self.splitter.setSizes([total // len(self.plots)] * len(self.plots))
        for plot in self.plots:
            if not isinstance(plot, pg.PlotWidget):
                height = plot.sizeHint().height() if column else 0
                if plot.minimumHeight() != height:
                    plot.setMinimumHeight(height)
                continue
            height = self.plot_height()
            legend = getattr(plot, "below_legend", None)  # a legend under the plot: on top of it
            if legend is not None:
                legend.fit_columns(plot.width())
                height += round(legend.height_needed())
            if plot.minimumHeight() != height:
                plot.setMinimumHeight(height)

    def _least_width(self, item: QWidget) -> float:
        """A plot's least width in the row at the zoom in force; another item's own least."""
        if isinstance(item, pg.PlotWidget):
            return self.min_width_ems * zoom.least_text_px()
        return item.minimumSizeHint().width()

    @property
    def is_column(self) -> bool:
        return self.splitter.orientation() == Qt.Orientation.Vertical

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.give_way()


class LeastSplitter(QSplitter):
    """A splitter whose preferred height is its least: the scroll area around the view sets its
    content as tall as it would like to be, and pyqtgraph's plots would like 480 px (a 720p window
    scrolled at 100 %); the room a window has beyond the least goes to the plots all the same."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        hint.setHeight(self.minimumSizeHint().height())
        return hint
