"""The Evaluate tab's plots: each draws what the core's :class:`TaskPaired` reports, nothing more.

- :class:`ForestPlot`: one row per task, a_t and b_t side by side (left) and d_t with the spread of
  its runs' differences (right), the mean difference and its task-paired interval over all rows;
- :class:`DiffHistogram`: the distribution of d_t across tasks;
- :class:`IntervalPlot`: the task-paired, bootstrap and flattened intervals one above the other;
- :class:`SampleSizePlot`: tasks needed against δ, one line per repeats a task.
"""

from __future__ import annotations

import math

import numpy as np

from memviz.core.evaluation.stats import REPEATS_SHOWN, TaskPaired
from memviz.gui.kit.palette import OKABE_ITO
from memviz.gui.kit.plots import (
    GREY,
    font,
    ink,
    make_plot,
    pen,
    qcolor,
    scaled_pt,
    set_axis_label,
    set_title,
    style_legend,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import QFontMetricsF, Qt
from memviz.wording.evaluation import PROPORTIONS

A_COLOUR = OKABE_ITO["grey"]
B_COLOUR = OKABE_ITO["blue"]
DIFF_COLOUR = OKABE_ITO["vermillion"]
SAMPLE_COLOURS = (OKABE_ITO["orange"], OKABE_ITO["blue"], OKABE_ITO["green"])
SAMPLE_DASHES = (Qt.PenStyle.DashLine, Qt.PenStyle.SolidLine, Qt.PenStyle.DotLine)
TICK_PT = 10  # the task names (a line of it a row: body.EvaluateBody keeps the plot that tall)
ROW_MARGIN = 0.7  # the forest plot's room above its first row and below its last, in rows


def scale(metric: str) -> float:
    """Proportions are drawn in percent, counts as they are."""
    return 100.0 if metric in PROPORTIONS else 1.0


def make_room_for(axis: pg.AxisItem, texts: list[str]) -> None:
    """Widen a left axis for its tick texts before it paints them: pyqtgraph leaves out a tick
    text wider than the axis and widens the axis only when it next paints, which after a result
    came in left the task ids and the interval rows unnamed until the window was resized."""
    tick_font = axis.style.get("tickFont") or axis.font()
    width = max((QFontMetricsF(tick_font).horizontalAdvance(text) for text in texts), default=0.0)
    if width + 2 > axis.textWidth:
        axis.textWidth = math.ceil(width + 2)
        axis._updateWidth()  # pyqtgraph's own: the width for textWidth, the tick offset, the label


class TaskAxis(pg.AxisItem):
    """The left axis of the forest plot: task ids at integer rows, as many as fit."""

    def __init__(self) -> None:
        super().__init__("left")
        self.ids: list[str] = []
        self.tick_pt = TICK_PT  # its own type (plots.style_plot sets it again at each zoom)
        self.setStyle(tickFont=font(TICK_PT))

    def tickValues(self, minVal, maxVal, size):  # noqa: N803 (pyqtgraph names them)
        if not self.ids:
            return []
        low, high = sorted((minVal, maxVal))  # an inverted axis hands them the other way round
        rows = [i for i in range(len(self.ids)) if low - 0.5 <= i <= high + 0.5]
        per_row = size / max(high - low, 1)
        step = max(1, math.ceil(self.line_height() / max(per_row, 1e-9)))
        return [(1, rows[::step])]

    def line_height(self) -> float:
        """A row's least height for its name: a line at the axis's type and a gap (a fixed 17 px
        overprinted the names at 150 %)."""
        return QFontMetricsF(self.style["tickFont"] or font(self.tick_pt)).height() + 2

    def tickStrings(self, values, scale_, spacing):
        return [self.ids[int(v)] if 0 <= int(v) < len(self.ids) else "" for v in values]

    def set_ids(self, ids: list[str]) -> None:
        self.ids = list(ids)
        make_room_for(self, self.ids)
        self.picture = None  # drawn again with the new names
        self.update()


class SpacedAxis(pg.AxisItem):
    """A bottom axis whose numbers never run into each other: pyqtgraph draws its first level of
    ticks however crowded ("95000100000" under the forest plot's tokens, in a narrow plot), so where
    the widest number and a gap do not fit between two ticks only every second (third, ...) is kept."""

    def __init__(self) -> None:
        super().__init__("bottom")

    def tickValues(self, minVal, maxVal, size):  # noqa: N803 (pyqtgraph names them)
        levels = super().tickValues(minVal, maxVal, size)
        if not levels or size <= 0 or maxVal == minVal:
            return levels
        spacing, values = levels[0]
        strings = self.tickStrings(values, self.autoSIPrefixScale * self.scale, spacing)
        metrics = QFontMetricsF(self.style["tickFont"] or self.font())
        widest = max((metrics.horizontalAdvance(text) for text in strings), default=0.0)
        apart = size * spacing / abs(maxVal - minVal)  # pixels between two ticks
        step = math.ceil((widest + metrics.averageCharWidth() * 2) / max(apart, 1e-9))
        if step <= 1:
            return levels
        return [(spacing * step, [v for v in values if round(v / spacing) % step == 0])]


def show_the_same_rows(*widgets: pg.PlotWidget) -> None:
    """The plots show the same rows (the same range of y), whoever zooms or pans. pyqtgraph's own
    link (setYLink) lines the plots up by their pixels, taking the other plot's place on the screen
    at each resize: while the forest plot turned from beside the pages to above them, one plot was
    resized before the other and both kept a range shifted by a title's height, the first task cut."""
    boxes = [widget.getPlotItem().getViewBox() for widget in widgets]

    def follow(source, y_range) -> None:
        for box in boxes:
            if box is not source and tuple(box.viewRange()[1]) != tuple(y_range):
                box.setYRange(*y_range, padding=0)

    for box in boxes:
        box.sigYRangeChanged.connect(follow)


def level_titles(*widgets: pg.PlotWidget) -> None:
    """Plots side by side that show the same rows keep them level: their titles' rows are as tall
    as the tallest (one title on two lines, the other on one, put a plot's rows a line lower)."""
    plots = [widget.getPlotItem() for widget in widgets]
    height = max(max(30, math.ceil(plot.titleLabel.item.boundingRect().height())) for plot in plots)
    for plot in plots:
        if plot.titleLabel.maximumHeight() != height or plot.layout.rowMinimumHeight(0) != height:
            plot.titleLabel.setMaximumHeight(height)
            plot.layout.setRowFixedHeight(0, height)


def forest_plots() -> tuple[pg.PlotWidget, pg.PlotWidget, TaskAxis]:
    axis = TaskAxis()
    means = make_plot({"left": axis, "bottom": SpacedAxis()})
    means.setObjectName("forest_means")
    diffs = make_plot({"bottom": SpacedAxis()})
    diffs.setObjectName("forest_diffs")
    show_the_same_rows(means, diffs)
    diffs.getPlotItem().getAxis("left").setStyle(showValues=False)
    diffs.getPlotItem().getAxis("left").setWidth(4)
    for widget in (means, diffs):
        widget.setMinimumSize(200, 220)
        widget.getPlotItem().invertY(True)
        widget.getPlotItem().setMouseEnabled(x=False, y=True)
    return means, diffs, axis


def draw_forest(
    means: pg.PlotWidget, diffs: pg.PlotWidget, axis: TaskAxis, ids: list[str], paired: TaskPaired,
    metric: str, selected: int | None, titles: tuple[str, str], on_click,
) -> None:  # fmt: skip
    k = scale(metric)
    n = len(ids)
    rows = np.arange(n, dtype=float)
    axis.set_ids(ids)
    a = np.array(paired.a) * k
    b = np.array(paired.b) * k
    d = np.array(paired.diff) * k
    lo = np.array([s[0] for s in paired.spread]) * k
    hi = np.array([s[1] for s in paired.spread]) * k
    for widget in (means, diffs):
        widget.clear()
        widget.getPlotItem().setYRange(-ROW_MARGIN, n - 1 + ROW_MARGIN, padding=0)
    set_title(means, titles[0])
    set_title(diffs, titles[1])
    if selected is not None:
        for widget in (means, diffs):
            band = pg.LinearRegionItem((selected - 0.5, selected + 0.5), orientation="horizontal", movable=False,
                                       brush=qcolor(OKABE_ITO["yellow"], 90), pen=pg.mkPen(None))  # fmt: skip
            band.setZValue(-10)
            widget.addItem(band)
    connector = np.empty(3 * n)
    connector[0::3], connector[1::3], connector[2::3] = a, b, np.nan
    ys = np.repeat(rows, 3)
    means.addItem(pg.PlotDataItem(connector, ys, connect="finite", pen=pen(GREY, 1.5)))
    for values, colour, symbol in ((a, A_COLOUR, "o"), (b, B_COLOUR, "s")):
        dots = pg.ScatterPlotItem(values, rows, symbol=symbol, size=9, brush=pg.mkBrush(colour),
                                  pen=pg.mkPen(ink(), width=0.6), data=list(range(n)))  # fmt: skip
        dots.sigClicked.connect(
            lambda _item, points, _ev: on_click(int(points[0].data())) if len(points) else None
        )
        means.addItem(dots)
    # d_t: the runs' spread (lowest..highest e_tr), the task mean, the task-paired interval of the mean
    lo_ci, hi_ci = (x * k for x in paired.ci_task)
    if math.isfinite(lo_ci) and math.isfinite(hi_ci):
        region = pg.LinearRegionItem(
            (lo_ci, hi_ci), movable=False, brush=qcolor(DIFF_COLOUR, 45), pen=pg.mkPen(None)
        )
        region.setZValue(-5)
        diffs.addItem(region)
    diffs.addItem(pg.InfiniteLine(0, angle=90, pen=pen(ink(), 1, style=Qt.PenStyle.DashLine)))
    diffs.addItem(pg.InfiniteLine(paired.mean_diff * k, angle=90, pen=pen(DIFF_COLOUR, 2)))
    spread = np.empty(3 * n)
    spread[0::3], spread[1::3], spread[2::3] = lo, hi, np.nan
    diffs.addItem(pg.PlotDataItem(spread, ys, connect="finite", pen=pen(DIFF_COLOUR, 1.5)))
    dots = pg.ScatterPlotItem(d, rows, symbol="d", size=10, brush=pg.mkBrush(DIFF_COLOUR),
                              pen=pg.mkPen(ink(), width=0.6), data=list(range(n)))  # fmt: skip
    dots.sigClicked.connect(
        lambda _item, points, _ev: on_click(int(points[0].data())) if len(points) else None
    )
    diffs.addItem(dots)


def draw_histogram(
    widget: pg.PlotWidget, paired: TaskPaired, metric: str, title: str, x_label: str, y_label: str
):
    widget.clear()
    k = scale(metric)
    d = np.array(paired.diff) * k
    set_title(widget, title)
    set_axis_label(widget, "bottom", x_label)
    set_axis_label(widget, "left", y_label)
    if not len(d):
        return
    lo, hi = float(d.min()), float(d.max())
    if hi - lo < 1e-12:
        lo, hi = lo - 0.5, hi + 0.5
    bins = min(12, max(4, int(math.sqrt(len(d))) + 2))
    counts, edges = np.histogram(d, bins=bins, range=(lo, hi))
    bars = pg.BarGraphItem(x0=edges[:-1], x1=edges[1:], height=counts, brush=qcolor(DIFF_COLOUR, 160),
                           pen=pg.mkPen(ink(), width=0.6))  # fmt: skip
    widget.addItem(bars)
    widget.addItem(pg.InfiniteLine(paired.mean_diff * k, angle=90, pen=pen(ink(), 2)))
    widget.addItem(pg.InfiniteLine(0, angle=90, pen=pen(ink(), 1, style=Qt.PenStyle.DashLine)))
    widget.getPlotItem().setYRange(0, max(1, int(counts.max())) * 1.1, padding=0)


class IntervalAxis(pg.AxisItem):
    def __init__(self) -> None:
        super().__init__("left")
        self.names: list[str] = ["", "", ""]

    def tickValues(self, minVal, maxVal, size):  # noqa: N803 (pyqtgraph names them)
        return [(1, [0, 1, 2])]

    def tickStrings(self, values, scale_, spacing):
        return [self.names[int(v)] if 0 <= int(v) < 3 else "" for v in values]

    def set_names(self, names: list[str]) -> None:
        self.names = list(names)
        make_room_for(self, self.names)
        self.picture = None
        self.update()


def interval_plot() -> tuple[pg.PlotWidget, IntervalAxis]:
    axis = IntervalAxis()
    widget = make_plot({"left": axis})
    widget.setObjectName("intervals")
    widget.setMinimumSize(260, 160)
    widget.getPlotItem().invertY(True)
    widget.getPlotItem().setMouseEnabled(x=False, y=False)
    return widget, axis


def draw_intervals(
    widget: pg.PlotWidget, axis: IntervalAxis, paired: TaskPaired, metric: str, names, title, x_label
):
    widget.clear()
    k = scale(metric)
    axis.set_names(names)
    set_title(widget, title)
    set_axis_label(widget, "bottom", x_label)
    colours = (DIFF_COLOUR, OKABE_ITO["purple"], GREY)
    for row, ci, colour in zip(
        range(3), (paired.ci_task, paired.bootstrap_ci, paired.ci_flat), colours, strict=True
    ):
        lo, hi = ci[0] * k, ci[1] * k
        if not (math.isfinite(lo) and math.isfinite(hi)):
            continue
        widget.addItem(pg.PlotDataItem([lo, hi], [row, row], pen=pen(colour, 5)))
        for x in (lo, hi):
            widget.addItem(pg.PlotDataItem([x, x], [row - 0.18, row + 0.18], pen=pen(colour, 2)))
    widget.addItem(pg.ScatterPlotItem([paired.mean_diff * k] * 3, [0, 1, 2], symbol="o", size=10,
                                      brush=pg.mkBrush(ink()), pen=pg.mkPen(None)))  # fmt: skip
    widget.addItem(pg.InfiniteLine(0, angle=90, pen=pen(ink(), 1, style=Qt.PenStyle.DashLine)))
    widget.getPlotItem().setYRange(-0.6, 2.6, padding=0)
    # zoomed to the intervals, so their widths can be compared; 0 joins the view when it is near
    ends = [
        x * k for ci in (paired.ci_task, paired.bootstrap_ci, paired.ci_flat) for x in ci if math.isfinite(x)
    ]
    if ends:
        lo, hi = min(ends), max(ends)
        pad = max(hi - lo, abs(paired.mean_diff * k) * 0.02, 1e-9) * 0.6
        if lo - 3 * pad <= 0 <= hi + 3 * pad:
            lo, hi = min(lo, 0), max(hi, 0)
        widget.getPlotItem().setXRange(lo - pad, hi + pad, padding=0)


def sample_plot() -> pg.PlotWidget:
    widget = make_plot()
    widget.setObjectName("sample_size")
    widget.getPlotItem().setLogMode(x=False, y=True)
    widget.getPlotItem().setMouseEnabled(x=False, y=False)
    return widget


def sample_curve(paired: TaskPaired, metric: str, repeats: int | None, deltas: np.ndarray) -> np.ndarray:
    """Tasks needed at each δ (in the metric's own unit) with ``repeats`` a task (None: as run)."""
    return np.array([paired.needed_for(float(d), repeats) or np.nan for d in deltas], dtype=float)


def draw_sample_size(
    widget: pg.PlotWidget, paired: TaskPaired, metric: str, labels, title, x_label, y_label, dot_label: str
) -> None:
    """One line per K' in REPEATS_SHOWN; the δ asked for marked with its tasks needed."""
    widget.clear()
    k = scale(metric)
    set_title(widget, title)
    set_axis_label(widget, "bottom", x_label)
    set_axis_label(widget, "left", y_label)
    legend = widget.getPlotItem().addLegend(offset=(-10, 10), labelTextSize=scaled_pt(11))
    legend.label_pt = 11  # (plots.style_plot sets it again at each zoom)
    style_legend(legend)
    top = max(paired.delta * 4, 1e-9)  # δ asked for at a quarter of the way
    deltas = np.linspace(top / 40, top, 80)
    for repeats, colour, dash, label in zip(
        REPEATS_SHOWN, SAMPLE_COLOURS, SAMPLE_DASHES, labels, strict=True
    ):
        needed = sample_curve(paired, metric, repeats, deltas)
        finite = np.isfinite(needed) & (needed > 0)
        if finite.any():
            widget.plot(deltas[finite] * k, needed[finite], pen=pen(colour, 2.5, style=dash), name=label)
    n = paired.tasks_needed
    if n:
        # a PlotDataItem, not a bare scatter: it follows the plot's log scale
        widget.plot([paired.delta * k], [n], pen=None, symbol="o", symbolSize=11, symbolBrush=pg.mkBrush(ink()),
                    symbolPen=pg.mkPen(None), name=dot_label)  # fmt: skip
        widget.addItem(
            pg.InfiniteLine(paired.delta * k, angle=90, pen=pen(ink(), 1, style=Qt.PenStyle.DotLine))
        )
