"""Pieces every analysis view shares: names, number formats, plot styling, dot layout, the job bar.

Plots are styled for a projector: white background, black axes, large type, Okabe–Ito colours.
"""

from __future__ import annotations

import math
import types
from collections.abc import Container, Hashable, Sequence

import numpy as np

from memviz.core.stats import pct
from memviz.gui.kit import style, themes, zoom
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import OKABE_ITO
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import (
    QAbstractItemView,
    QColor,
    QEvent,
    QFont,
    QFontMetrics,
    QHeaderView,
    QLabel,
    QObject,
    QSizePolicy,
    QStyle,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    is_alive,
)
from memviz.wording import common as common_words
from memviz.wording import counted, policy_name, strategy_name, whole
from memviz.wording import kit as kit_words

TITLE_PT = 15
LABEL_PT = 14
TICK_PT = 12
LEGEND_PT = 12
GRID_ALPHA = 0.18


def strategy_label(strategy: str, language: Language) -> str:
    return strategy_name(strategy, language.code)


def strategy_tick(strategy: str, language: Language) -> str:
    """A strategy's name for a narrow axis tick: long names break before their " + "."""
    return strategy_label(strategy, language).replace(" + ", "\n+ ")


def policy_label(policy: str, language: Language, capital: bool = False) -> str:
    """A policy's name as said mid-sentence ("random eviction"), or ``capital`` where it stands alone
    (a choice, a legend, a table's row: "Random", "Clairvoyant")."""
    return policy_name(policy, language.code, capital)


def capacity_label(capacity: int | None, language: Language) -> str:
    if capacity is None:
        return language.tr(common_words.UNLIMITED)
    return counted(capacity, language.code, *kit_words.ENTRY, "entries")


def seeds_text(seed0: int, runs: int, language: Language) -> str:
    last = seed0 + runs - 1
    return language.tr(
        kit_words.SEEDS_RUNS_N, seed0=seed0, last=last, runs=counted(runs, language.code, *common_words.RUN)
    )


def interval_text(mean: float, lo: float, hi: float) -> str:
    """+29.3 [+27.9, +30.6]: percentage points, the chapter's half-up rounding."""
    return f"{pct(mean, True)} [{pct(lo, True)}, {pct(hi, True)}]"


def points2(x: float) -> str:
    """A proportion in percentage points with two decimals, half up (the chapter's 1.30 and 1.39)."""
    return f"{math.floor(x * 10000 + 1e-7 + 0.5) / 100:.2f}"


def count_text(x: float) -> str:
    return whole(x)


def wins_text(wins: int, n: int, language: Language) -> str:
    if wins == n:
        return language.tr(kit_words.HIGHER_IN_ALL_RUNS_N, n=n)
    return language.tr(kit_words.HIGHER_IN_OF_RUNS_N, n=n, wins=wins)


def si_count(x: float) -> str:
    """3k, 25k, 1.2M: short token counts for axis ticks."""
    for size, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= size:
            v = x / size
            v = round(v, 1)
            return f"{v:.0f}{suffix}" if v >= 10 or v == int(v) else f"{v:.1f}{suffix}"
    return f"{x:.0f}"


# --- plots ----------------------------------------------------------------------------------------


def rescale_text_items(widget: pg.PlotWidget) -> None:
    """The zoom changed: the texts a view placed on its plot once (a mean's value, a line's name,
    set with :func:`font` when the plot was built) take the new zoom's size, as if made now."""
    now = zoom.current()
    for item in widget.scene().items():
        if not isinstance(item, pg.TextItem):
            continue
        # an item not yet rescaled was made at the zoom its plot was made at (a view built lazily
        # at 150 % made its texts at 150 %: taken as made at 100 %, they grew to 225 %)
        made_at = getattr(item, "made_at_zoom", getattr(widget, "made_at_zoom", 1.0))
        if made_at == now:
            continue
        text_font = item.textItem.font()
        # (a label pyqtgraph made, an InfiniteLine's, has the app's type in points)
        was = text_font.pixelSize() if text_font.pixelSize() > 0 else text_font.pointSizeF() * 96 / 72
        text_font.setPixelSize(round(max(was * now / made_at, zoom.least_text_px())))
        item.setFont(text_font)
        item.made_at_zoom = now


def scaled_pt(point_size: float) -> str:
    """A plot's type size for pyqtgraph's "12pt" options: ``point_size`` times the View menu's zoom,
    never under the least type size."""
    px = max(point_size * 96 / 72 * zoom.current(), zoom.least_text_px())
    return f"{px * 72 / 96:.2f}pt"


def font(point_size: float, bold: bool = False) -> QFont:
    """A plot's own text (a value label, a line's name) at ``point_size`` times the View menu's zoom,
    never under the least type size (zoom.least_text_px)."""
    f = QFont()
    f.setPixelSize(round(max(point_size * 96 / 72 * zoom.current(), zoom.least_text_px())))
    f.setBold(bold)
    return f


class LogCountAxis(pg.AxisItem):
    """A log-scale axis whose ticks read as counts (20, 50, 100, 2k, 1M), not powers of ten.

    Only 1, 2 and 5 times a power of ten are labelled; the other minor ticks stay unlabelled so the
    labels never crowd.
    """

    def logTickStrings(self, values, scale, spacing):
        out = []
        for v in values:
            x = 10.0**v * scale
            mantissa = x / 10.0 ** math.floor(math.log10(x)) if x > 0 else 0
            out.append(si_count(x) if min(abs(mantissa - m) for m in (1, 2, 5, 10)) < 0.02 else "")
        return out


def ink() -> str:
    """The colour of axes, text and reference lines in the theme in force."""
    return themes.current().plot_foreground


def paper() -> str:
    return themes.current().plot_background


def clicked_seed(item: pg.ScatterPlotItem, points, ev) -> int | None:
    """The seed (the point's data) of the dot a click hit; where dots overlap, the one nearest the
    click in screen pixels. None when the click hit no dot."""
    if not len(points):
        return None
    point = points[0]
    pos = ev.pos() if ev is not None else None
    if pos is not None and len(points) > 1:
        vb = item.getViewBox()
        px_w, px_h = vb.viewPixelSize() if vb is not None else (1.0, 1.0)

        def distance(p) -> float:
            return ((p.pos().x() - pos.x()) / px_w) ** 2 + ((p.pos().y() - pos.y()) / px_h) ** 2

        point = min(points, key=distance)
    return int(point.data())


def pen(colour: str, width: float = 1.0, **options) -> pg.QtGui.QPen:
    """A pen whose width follows the theme (the projector theme draws thicker lines)."""
    return pg.mkPen(colour, width=width * themes.current().line_width, **options)


class FiguresTable(QTableWidget):
    """A table of figures whose type is the app's times ``scale``, now and after the app's type
    changes (a window resized across a type size, the View menu's zoom): given once from the app
    font as it was when built, the Batch and Cost tables kept the type of the window they were
    built in. It follows as every scaled font does (style.set_ui_font; its view calls
    style.refresh_fonts), and its bold cells and rows with it."""

    def __init__(self, rows: int, columns: int, scale: float = 1.0) -> None:
        super().__init__(rows, columns)
        self.scale = scale
        style.set_ui_font(self, scale)

    def setHorizontalHeaderLabels(self, labels: Sequence[str]) -> None:
        self._column_titles = list(labels)
        super().setHorizontalHeaderLabels(self._column_titles)
        self._fit_column_titles()

    def _fit_column_titles(self) -> None:
        """A column title wider than its column takes two lines, broken at its middle space (a
        720p window at 150 %: "Repeat rate %" was cut); back on one line where it fits."""
        titles = getattr(self, "_column_titles", None)
        if not titles:
            return
        header = self.horizontalHeader()
        metrics = header.fontMetrics()
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header) + 4
        for column, title in enumerate(titles):
            text = title
            if "\n" not in title and metrics.horizontalAdvance(title) + margin > header.sectionSize(column):
                text = _title_lines(title)[-1]
            item = self.horizontalHeaderItem(column)
            if item is not None and item.text() != text:
                item.setText(text)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_column_titles()

    def _on_app_font_change(self) -> None:
        self._fit_column_titles()
        table_font = self.font()
        for r in range(self.rowCount()):
            for c in range(self.columnCount()):
                item = self.item(r, c)
                if item is not None and item.data(Qt.ItemDataRole.FontRole) is not None:
                    cell_font = QFont(table_font)
                    cell_font.setBold(item.font().bold())
                    item.setFont(cell_font)
        self.resizeRowsToContents()
        fit_table_height(self)


def make_table(rows: int, columns: int, name: str, scale: float = 1.0) -> QTableWidget:
    """A read-only table of figures sized to its rows, its columns sharing the width, its type the
    app's times ``scale`` (:class:`FiguresTable`)."""
    table = FiguresTable(rows, columns, scale)
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    # Its height follows its rows and header when the type changes (a window's size, the zoom): fitted
    # once when filled, the rows outgrew it and the last ones were cut off (no scroll bar says so).
    table.verticalHeader().sectionResized.connect(lambda *_: fit_table_height(table))
    table.horizontalHeader().geometriesChanged.connect(lambda: fit_table_height(table))
    return table


def fit_table_height(table: QTableWidget) -> None:
    """The table exactly as tall as its header and rows."""
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    height = table.horizontalHeader().height() + rows + 2 * table.frameWidth()
    if table.height() != height or table.minimumHeight() != height:
        table.setFixedHeight(height)


def fill_table(
    table: QTableWidget, texts: Sequence[Sequence[str]], bold: Container[tuple[int, int]] = ()
) -> None:
    """Put ``texts`` (a row of cells per table row) into ``table``, centred, the cells at ``bold``
    (row, column) in bold, and fit the table's height to its rows."""
    for r, row in enumerate(texts):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if (r, c) in bold:
                heavy = QFont(table.font())  # the table's type, bold (FiguresTable keeps it so)
                heavy.setBold(True)
                item.setFont(heavy)
            table.setItem(r, c, item)
    table.resizeRowsToContents()
    fit_table_height(table)


def make_plot(axis_items: dict | None = None) -> pg.PlotWidget:
    widget = pg.PlotWidget(axisItems=axis_items)
    widget.made_at_zoom = zoom.current()  # the zoom its own texts are made at (rescale_text_items)
    widget.setMinimumSize(260, 220)
    plot = widget.getPlotItem()
    plot.setMenuEnabled(True)
    plot.hideButtons()
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setStyle(tickFont=font(TICK_PT), tickTextOffset=6, tickLength=-6)
        axis.enableAutoSIPrefix(False)
    plot.showGrid(x=True, y=True, alpha=GRID_ALPHA)
    style_plot(widget)
    return widget


def style_plot(widget: pg.PlotWidget) -> None:
    """Background and axes in the colours of the theme in force, tick numbers and legend at the
    zoom in force (called again when either changes)."""
    widget.setBackground(paper())
    plot = widget.getPlotItem()
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setPen(pg.mkPen(ink(), width=1))
        axis.setTextPen(pg.mkPen(ink()))
        tick_pt = getattr(axis, "tick_pt", TICK_PT)  # an axis with type of its own says so
        axis.setStyle(tickFont=font(tick_pt))
    legend = plot.legend
    if legend is not None:
        legend.setLabelTextSize(scaled_pt(getattr(legend, "label_pt", LEGEND_PT)))


def make_room_for_two_line_ticks(widget: pg.PlotWidget) -> None:
    """Give the bottom axis the height of two tick lines (names broken by ``strategy_tick``)."""
    line = QFontMetrics(font(TICK_PT)).height()
    widget.getPlotItem().getAxis("bottom").setHeight(2 * line + 16)


def set_axis_label(widget: pg.PlotWidget, side: str, text: str) -> None:
    axis = widget.getPlotItem().getAxis(side)
    if not getattr(axis, "whole_label_room", False):
        # pyqtgraph keeps 0.8 of an axis name's height for it: zoomed, the name was cut at the edge
        axis._updateHeight = types.MethodType(_height_with_whole_label, axis)
        axis._updateWidth = types.MethodType(_width_with_whole_label, axis)
        axis.whole_label_room = True
    size = float(scaled_pt(LABEL_PT).removesuffix("pt"))
    room = _axis_length(widget, side) - 16
    shown = text
    if room > 0 and side == "bottom" and not _title_fits(text, size, room):
        shown = _title_lines(text)[-1]  # two lines, broken between words (a 720p window at 150 %)
    elif room > 0:
        # an upright name beside a short plot steps its type down towards the least type
        least = zoom.least_text_px() * 72 / 96
        while size - 0.75 >= least and not _title_fits(text, size, room):
            size -= 0.75
    widget.getPlotItem().setLabel(
        side, shown.replace("\n", "<br>"), **{"font-size": f"{size:.2f}pt", "color": ink()}
    )
    labels = getattr(widget, "axis_label_texts", {})
    labels[side] = text
    widget.axis_label_texts = labels
    _refit_on_resize(widget)
    # pyqtgraph sets the name 5 px past the plot's edge: a wider margin brings its words inside
    axis.label.document().setDocumentMargin(9)
    axis._adjustSize()


def _axis_length(widget: pg.PlotWidget, side: str) -> float:
    """About how long the ``side`` axis of ``widget`` is: its data area's side, or before that is
    laid out, the plot's size less the other axes (and a legend under it)."""
    plot = widget.getPlotItem()
    box = plot.getViewBox().geometry()
    if side in ("bottom", "top"):
        return box.width() if box.width() > 0 else widget.width() - plot.getAxis("left").width()
    if box.height() > 0:
        return box.height()
    legend = plot.legend.height() if isinstance(plot.legend, BelowLegend) else 0
    return widget.height() - plot.getAxis("bottom").height() - plot.titleLabel.height() - legend


def _height_with_whole_label(axis: pg.AxisItem) -> None:
    pg.AxisItem._updateHeight(axis)
    if axis.isVisible() and axis.fixedHeight is None and axis.label.isVisible():
        height = axis.maximumHeight() + axis.label.boundingRect().height() * 0.2
        axis.setMaximumHeight(height)
        axis.setMinimumHeight(height)


def _width_with_whole_label(axis: pg.AxisItem) -> None:
    pg.AxisItem._updateWidth(axis)
    if axis.isVisible() and axis.fixedWidth is None and axis.label.isVisible():
        width = axis.maximumWidth() + axis.label.boundingRect().height() * 0.2
        axis.setMaximumWidth(width)
        axis.setMinimumWidth(width)


def _title_lines(text: str) -> list[str]:
    """``text`` as one line, then as two lines broken at the word boundary nearest its middle (a
    space, or after a Chinese punctuation mark): the ways a title may be set, first the best."""
    breaks, depth = [], 0
    for i, char in enumerate(text):
        depth += (char in "[(（") - (char in "])）")
        if depth == 0 and 0 < i < len(text) - 1 and (char == " " or char in "，、；：）"):
            breaks.append(i + 1)  # never inside brackets: "[+6.3, / +14.5]" read as two figures
        elif depth == 1 and char == "（" and i > 0:
            breaks.append(i)
    if not breaks:
        return [text]
    middle = len(text) / 2
    cut = min(breaks, key=lambda i: abs(i - middle))
    return [text, text[:cut].rstrip() + "\n" + text[cut:].lstrip()]


def _title_fits(text: str, point_size: float, room: float) -> bool:
    title_font = QFont()
    title_font.setPointSizeF(point_size)
    metrics = QFontMetrics(title_font)
    return max(metrics.horizontalAdvance(line) for line in text.split("\n")) <= room


def set_title(widget: pg.PlotWidget, text: str) -> None:
    plot = widget.getPlotItem()
    full = float(scaled_pt(TITLE_PT).removesuffix("pt"))
    least = zoom.least_text_px() * 72 / 96
    # A title wider than its plot (a 720p window zoomed to 125 %) takes two lines, broken between
    # words, at its full type; only then does its type step down towards the least type, before it
    # would be cut at the plot's edge.
    room = widget.width() - widget.getPlotItem().getAxis("left").width() - 16  # the title is over the data
    sizes = [full]
    while sizes[-1] - 0.75 > least:
        sizes.append(sizes[-1] - 0.75)
    sizes.append(least)
    ways = [(lines, size) for lines in _title_lines(text) for size in ((full,) if "\n" not in lines else ())]
    ways += [(lines, size) for size in sizes for lines in _title_lines(text)[1:]]
    ways += [(text, size) for size in sizes]
    chosen = ways[-1] if room > 0 else (text, full)
    if room > 0:
        chosen = next((way for way in ways if _title_fits(way[0], way[1], room)), ways[-1])
    lines, size = chosen
    plot.setTitle(lines.replace("\n", "<br>"), size=f"{size:.2f}pt", color=ink())
    plot.titleLabel.setToolTip(text if "\n" in lines else "")
    # pyqtgraph gives a title a row of 30 px, whatever its type: zoomed, it was cut at the top
    height = max(30, math.ceil(plot.titleLabel.item.boundingRect().height()))
    plot.titleLabel.setMaximumHeight(height)
    plot.layout.setRowFixedHeight(0, height)
    # Laid out now, not when the posted layout request arrives: a title set again while the window
    # is painted or grabbed (a theme's redraw) had its new lines centred in the old row, cut at top.
    plot.layout.activate()
    widget.title_text = text
    _refit_on_resize(widget)


def _refit_on_resize(widget: pg.PlotWidget) -> None:
    if getattr(widget, "text_refit", None) is None:
        widget.text_refit = _TextRefit(widget)
        widget.installEventFilter(widget.text_refit)
        # the data area is resized without the plot too (a legend under it grew): the axis names
        widget.getPlotItem().getViewBox().sigResized.connect(lambda *_: _refit_axis_labels(widget))


def _refit_axis_labels(widget: pg.PlotWidget) -> None:
    for side, label in getattr(widget, "axis_label_texts", {}).items():
        set_axis_label(widget, side, label)


class _TextRefit(QObject):
    """Sets a plot's title and axis names again when the plot's size changes (a row of plots became
    a column, a splitter was dragged): their lines and type were chosen for the size it had."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize and event.size() != event.oldSize():
            text = getattr(watched, "title_text", None)
            if text is not None:
                set_title(watched, text)
            _refit_axis_labels(watched)
        return False


def make_legend(widget: pg.PlotWidget, offset=(10, 10)) -> pg.LegendItem:
    legend = widget.getPlotItem().addLegend(offset=offset, labelTextSize=scaled_pt(LEGEND_PT))
    style_legend(legend)
    return legend


def keep_line_label_whole(line: pg.InfiniteLine, plot: pg.PlotItem) -> None:
    """A vertical line's name (set left of the line, anchors (1, 0.5)) stays whole in its plot: on
    two lines, broken between words, where the room left of the line is too narrow for one, and
    right of the line where even that does not fit (a 720p window at 150 %: "capacity = pages
    (nothing evicted)" ran off the plot's left edge). Again whenever the plot is resized."""
    text = line.label.toPlainText().replace("\n", " ")
    box = plot.getViewBox()

    def fit(*_: object) -> None:
        if not is_alive(line) or line.scene() is None:
            return
        at = box.mapViewToScene(pg.Point(line.value(), 0)).x()
        bounds = box.sceneBoundingRect()
        metrics = QFontMetrics(line.label.textItem.font())
        for shown in _title_lines(text):
            wide = max(metrics.horizontalAdvance(part) for part in shown.split("\n")) + 12
            if wide <= at - bounds.left():
                anchor = (1, 0.5)
                break
            if wide <= bounds.right() - at:
                anchor = (0, 0.5)
                break
        if line.label.toPlainText() != shown:
            line.label.setPlainText(shown)
        if tuple(line.label.anchors[0]) != anchor:
            line.label.anchors = [anchor, anchor]
            line.label.updatePosition()

    box.sigResized.connect(fit)
    fit()


class BelowLegend(pg.LegendItem):
    """A legend in a row of its own under the plot's bottom axis, its entries in ``columns``: a
    legend over the data took half of a short plot (a 720p window at 150 %) and hid what it names."""

    def __init__(self, widget: pg.PlotWidget, columns: int = 1) -> None:
        super().__init__(offset=None, labelTextSize=scaled_pt(LEGEND_PT), colCount=columns)
        self.label_pt = LEGEND_PT
        plot = widget.getPlotItem()
        plot.layout.addItem(self, 4, 1)
        plot.legend = self  # style_plot sizes its type with the zoom
        plot.geometryChanged.connect(lambda: self.fit_columns(plot.width()))

    def fit_columns(self, width: float) -> None:
        """As many entries side by side as ``width`` holds (one where it holds one)."""
        # the text's own width (itemRect), with its sample: a label laid out in a column is as wide
        # as the column, so measured by its own rect a legend given one column kept one for ever
        entries = [label.itemRect().width() + 40 for _sample, label in self.items]
        columns = len(entries)
        while columns > 1 and columns * max(entries) > width - 16:
            columns -= 1
        columns = max(columns, 1)
        if self.columnCount != columns:
            self.setColumnCount(columns)

    def height_needed(self) -> float:
        """The legend's height with its entries in the columns it has."""
        if not self.items:
            return 0.0
        rows = -(-len(self.items) // self.columnCount)
        return rows * max(label.boundingRect().height() for _sample, label in self.items) + 8

    def updateSize(self) -> None:
        # pyqtgraph sets a floating legend's geometry itself; in a layout, the layout does
        if self.size is None:
            self.layout.invalidate()
            self.layout.activate()
            self.updateGeometry()


def make_below_legend(widget: pg.PlotWidget, columns: int = 1) -> pg.LegendItem:
    legend = BelowLegend(widget, columns)
    style_legend(legend)
    return legend


def style_legend(legend: pg.LegendItem) -> None:
    """Legend frame and text in the theme's colours (labels added later take them too)."""
    legend.setLabelTextColor(ink())
    legend.setBrush(pg.mkBrush(qcolor(paper(), 225)))
    legend.setPen(pg.mkPen(qcolor(ink(), 70)))


def qcolor(hex_colour: str, alpha: int = 255) -> QColor:
    c = QColor(hex_colour)
    c.setAlpha(alpha)
    return c


def mean_pen() -> pg.QtGui.QPen:
    return pen(ink(), 4)


def stack_offsets(keys: Sequence[Hashable], spacing: float, max_half_width: float) -> np.ndarray:
    """Positions that spread equal values side by side, centred: 0, +1, −1, +2, −2 … × spacing.

    Runs with the same value (coverage is k/24) are laid out in a row so every run stays visible
    and clickable; the spacing shrinks so the widest row fits within ±max_half_width. Deterministic:
    runs keep their order (seed order), no random jitter.
    """
    order_in_group: list[int] = []
    counts: dict[Hashable, int] = {}
    for key in keys:
        k = counts.get(key, 0)
        order_in_group.append(k)
        counts[key] = k + 1
    widest = max(counts.values(), default=1)
    step = min(spacing, 2 * max_half_width / max(widest - 1, 1))
    ranks = np.asarray(order_in_group, dtype=float)
    sizes = np.asarray([counts[k] for k in keys], dtype=float)
    # Centre each group: rank r of n sits at (r − (n−1)/2) · step.
    return (ranks - (sizes - 1) / 2) * step


def stack_heights(keys: Sequence[Hashable]) -> np.ndarray:
    """1, 2, 3 … for the 1st, 2nd, 3rd run with the same value: a dot histogram's rows."""
    counts: dict[Hashable, int] = {}
    out = np.empty(len(keys))
    for i, key in enumerate(keys):
        counts[key] = counts.get(key, 0) + 1
        out[i] = counts[key]
    return out


def round_key(x: float, decimals: int = 9) -> float:
    return round(x, decimals)


GREY = OKABE_ITO["grey"]


def side_panel(name: str, columns: int) -> tuple[QWidget, QLabel, QLabel, QTableWidget]:
    """A sweep axis's side panel: a bold title, a note and a table that scrolls rather than grows past
    the window (thirty rows and more), as (panel, title, note, table); ``name`` names the panel
    ``NAME_panel`` and its table ``NAME_table``."""
    panel = QWidget()
    panel.setObjectName(f"{name}_panel")
    panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
    title = QLabel()
    style.set_ui_font(title, 1.3, bold=True)
    title.setWordWrap(True)
    note = QLabel()
    note.setWordWrap(True)
    table = make_table(0, columns, f"{name}_table")
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    layout = QVBoxLayout(panel)
    layout.setContentsMargins(8, 0, 0, 0)
    layout.addWidget(title)
    layout.addWidget(note)
    layout.addWidget(table, 1)
    return panel, title, note, table
