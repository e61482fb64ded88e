"""The Evaluate tab's body, which gives way to the type (issue 40): the forest plot beside the pages
(intervals, sample size, ...) where the window has the room, above them where it has not, and tall
enough for a line of its axis's type on every task's row; the view around it scrolls.

At 1280×720 and 150 % the forest plot was a strip beside the pages: its title stepped down to the
least type and its axis named every second task, the rows being closer than a line.
"""

from __future__ import annotations

import math

from memviz.gui.evaluate.plots import ROW_MARGIN, TaskAxis, level_titles
from memviz.gui.kit import zoom
from memviz.gui.kit.plot_row import MIN_HEIGHT_LINES, LeastSplitter
from memviz.gui.kit.plots import TICK_PT, font
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import QFontMetrics, QLayout, QResizeEvent, Qt, QVBoxLayout, QWidget

# Beside its axis's task names the forest plot's two plots need this many least type sizes (12 px
# × zoom) of width together: each title on at most two lines at its full type, the dots apart.
FOREST_DATA_EMS = 36
# The pages beside the forest plot: the intervals' row names and their plot (and the page titles,
# which never scroll: the pages' own least width).
PAGES_EMS = 30
# In a row the pages take this share of the width (or their least), the forest plot the rest.
PAGES_SHARE = 1 / 3
# The forest plot's height names at most this many rows; a longer task file's rows are named every
# second (third, ...) one, and the plot zooms and pans by its rows (a height of 2,000 lines is no use).
MAX_NAMED_ROWS = 48
# Before the plot is laid out, its title (two lines) and bottom axis take about this many tick lines.
OVERHEAD_LINES = 7


class EvaluateBody(QWidget):
    """``forest`` (the means and differences plots side by side) and ``pages`` in a splitter: a row
    where each has its least width, else a column, the forest plot on top."""

    def __init__(
        self,
        forest: QWidget,
        means: pg.PlotWidget,
        diffs: pg.PlotWidget,
        axis: TaskAxis,
        pages: QWidget,
        page_plots: list[pg.PlotWidget],
    ) -> None:
        super().__init__()
        self.forest, self.means, self.diffs, self.axis, self.pages = forest, means, diffs, axis, pages
        self.page_plots = page_plots
        self.splitter = LeastSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("evaluate_body")
        self.splitter.addWidget(forest)
        self.splitter.addWidget(pages)
        self.splitter.setStretchFactor(0, 1)  # (until the first resize shares the width out)
        self.splitter.setChildrenCollapsible(False)
        self.dragged = False  # the splitter's handle moved by hand: its sizes are the user's
        self.splitter.splitterMoved.connect(self._on_drag)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        # a title takes two lines, or one, as its plot's width changes: the rows keep their room
        for plot in (means, diffs):
            plot.getPlotItem().getViewBox().sigResized.connect(lambda *_: self.fit_forest_height())
        self.give_way()

    @property
    def is_column(self) -> bool:
        return self.splitter.orientation() == Qt.Orientation.Vertical

    def row_widths(self, room: float) -> tuple[int, int]:
        """The forest plot's and the pages' widths in a row ``room`` wide: the pages a third, or
        their least if it is more; the forest plot the rest."""
        pages = max(
            PAGES_EMS * zoom.least_text_px(), self.pages.minimumSizeHint().width(), room * PAGES_SHARE
        )
        return round(room - pages), round(pages)

    def forest_least_width(self) -> float:
        """Its task names, and beside them room for both plots' titles and dots."""
        return self.axis.width() + FOREST_DATA_EMS * zoom.least_text_px()

    def give_way(self) -> None:
        """A row or a column for the width and zoom in force; the plots' least heights."""
        width = self.width() if self.isVisible() or self.width() > 0 else 0
        room = width - self.splitter.handleWidth()
        forest, pages = self.row_widths(room)
        column = bool(width) and forest < self.forest_least_width()
        wanted = Qt.Orientation.Vertical if column else Qt.Orientation.Horizontal
        if self.splitter.orientation() != wanted:
            self.splitter.setOrientation(wanted)
            self.dragged = False
        if width and not column and not self.dragged:
            self.splitter.setSizes([forest, pages])
        # the pages' plots keep their tick numbers apart, as the other analysis views' plots do
        line = QFontMetrics(font(TICK_PT)).height()
        for plot in self.page_plots:
            height = max(150, round(MIN_HEIGHT_LINES * line))
            if plot.minimumHeight() != height:
                plot.setMinimumHeight(height)
        self.fit_forest_height()
        self.fit_pages_height()

    def fit_pages_height(self) -> None:
        """The pages as tall as their plots' least heights and their sentences at the width they have:
        a page's least height counts a wrapped sentence's lines at another width, and in a column,
        where the pages have their least height, the deft sentence was drawn over the intervals."""
        shown = self.pages.currentWidget()
        width = shown.width() if shown is not None else 0
        if width <= 0:
            return
        pages = [self.pages.widget(index) for index in range(self.pages.count())]
        # the page titles' bar and the frame: what the pages' least height adds to a page's
        bar = self.pages.minimumSizeHint().height() - max(page.minimumSizeHint().height() for page in pages)
        need = max(least_height(page.layout(), width) for page in pages)
        if need and self.pages.minimumHeight() != need + bar:
            self.pages.setMinimumHeight(need + bar)

    def fit_forest_height(self) -> None:
        """The forest plot as tall as a line of its axis's type on every row (up to MAX_NAMED_ROWS),
        besides its title and bottom axis; its two plots' rows level."""
        level_titles(self.means, self.diffs)
        rows = min(len(self.axis.ids), MAX_NAMED_ROWS)
        # Every row in view and named: the wheel scrolls the view (zooming the rows, it was caught
        # by the plot wherever the pointer crossed it); a longer task file zooms and pans by rows.
        zooms = len(self.axis.ids) > MAX_NAMED_ROWS
        for plot in (self.means, self.diffs):
            if plot.getPlotItem().getViewBox().state["mouseEnabled"][1] != zooms:
                plot.getPlotItem().setMouseEnabled(x=False, y=zooms)
        line = self.axis.line_height()
        box = self.means.getPlotItem().getViewBox()
        if self.means.height() > 0 and box.height() > 0:
            overhead = self.means.height() - box.height()
        else:
            overhead = OVERHEAD_LINES * line
        span = rows - 1 + 2 * ROW_MARGIN  # the rows the plot shows, its margins with them
        height = max(220, math.ceil(overhead + span * line) + 2)
        if self.forest.minimumHeight() != height:
            self.forest.setMinimumHeight(height)

    def _on_drag(self, *_: object) -> None:
        self.dragged = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.give_way()


def least_height(layout: QLayout | None, width: int) -> int:
    """A column of widgets' least height at ``width``: a wrapped sentence as many lines as it takes at
    that width, every other item its least height (0 for a layout of another kind)."""
    if not isinstance(layout, QVBoxLayout):
        return 0
    margins = layout.contentsMargins()
    inner = width - margins.left() - margins.right()
    items = [layout.itemAt(index) for index in range(layout.count())]
    heights = []
    for item in items:
        widget = item.widget()
        if widget is not None and widget.isHidden():
            continue
        wraps = widget is not None and widget.hasHeightForWidth()
        heights.append(max(widget.heightForWidth(inner), widget.minimumSizeHint().height()) if wraps
                       else item.minimumSize().height())  # fmt: skip
    spacing = max(layout.spacing(), 0) * max(len(heights) - 1, 0)
    return sum(heights) + spacing + margins.top() + margins.bottom()
