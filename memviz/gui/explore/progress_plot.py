"""Coverage and tokens over the calls so far: two small line charts side by side, painted with Qt.

The Explore view is the first thing the window shows, and these charts were its only use of
pyqtgraph, whose import (with the Qt modules it loads: OpenGL, SVG, test) took about as long as
the rest of the window's start together. Two fixed-axis polylines need none of it: each chart is
a title, a frame of faint grid lines with tick labels on the left and bottom, a curve and a dot
at its end. Axes are fixed for the run (x: the budget; y: 0–100 % and the run's final tokens),
like the timeline, so a step adds to the curve and never rescales it.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import math
from typing import NamedTuple

from memviz.core.engine import StepEvent
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPointF,
    QRectF,
    QSizePolicy,
    Qt,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.wording import NO_VALUE
from memviz.wording import explore as explore_words
from memviz.wording import traces as trace_words

PADDING = 0.02  # of each axis' span, around the data range, as the charts had (x; and coverage's y)
TOKENS_PADDING = 0.05
DOT_RADIUS = 5.0
GAP = 8.0  # between the two charts, and around each one's frame (in pixels)
GRID_ALPHA = 0.15


def nice_ticks(low: float, high: float, room: float, least: float) -> list[float]:
    """Round values in [low, high] (1, 2 or 5 times a power of ten apart) at least ``least`` pixels
    apart over ``room`` pixels: as many as fit, never so many that their labels touch."""
    span = high - low
    if span <= 0 or room <= 0:
        return []
    raw = span * max(least, 1.0) / room  # the least step that keeps them apart
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    # The slack forgives float rounding in low / step; it is a fraction of the step, which can be
    # far wider than the range, so every candidate is held to the range itself afterwards.
    first = math.ceil(low / step - 1e-9)
    candidates = (i * step for i in range(first, math.floor(high / step + 1e-9) + 1))
    slack = 1e-9 * span
    return [t for t in candidates if low - slack <= t <= high + slack]


def tick_label(value: float) -> str:
    return f"{value:g}"


class Chart:
    """One chart's data range, points and geometry (its painting is :meth:`ProgressPlot.paint_chart`)."""

    def __init__(self, color_name: str) -> None:
        self.color_name = color_name  # the ExploreColors field its curve is drawn in
        self.title = ""
        self.x_range = (0.0, 1.0)
        self.y_range = (0.0, 1.0)
        self.xs: list[float] = []
        self.ys: list[float] = []

    def set_range(self, xs: tuple[float, float], ys: tuple[float, float], y_padding: float) -> None:
        self.x_range = _padded(*xs, PADDING)
        self.y_range = _padded(*ys, y_padding)


def _padded(low: float, high: float, padding: float) -> tuple[float, float]:
    pad = (high - low) * padding
    return low - pad, high + pad


class ProgressPlot(QWidget):
    """Coverage (%) and tokens so far (thousands) against the calls, read from the model's events."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_progress")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.coverage = Chart("coverage_line")
        self.tokens = Chart("tokens_line")
        self.setMinimumHeight(100)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._xs: list[int] = []
        self._coverage: list[float] = []
        self._tokens: list[float] = []
        self._frames_key: tuple | None = None  # what the cached picture of the frames shows
        self._frames_cache: tuple[QPixmap, list[ChartLayout]] | None = None
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._on_model_replay()

    def series(self) -> tuple[list[int], list[float], list[float]]:
        """The points drawn: calls, coverage (%), tokens so far (thousands)."""
        return list(self._xs), list(self._coverage), list(self._tokens)

    # -- the model -------------------------------------------------------------------------------------

    def _append(self, event: StepEvent) -> None:
        self._xs.append(event.call)
        self._coverage.append(100 * event.pages_seen / self.model.site.n_pages)
        self._tokens.append(event.tokens_total / 1000)

    def _on_model_step(self, event: StepEvent) -> None:
        self._append(event)
        self.update()

    def _on_model_replay(self) -> None:
        total = max(self.model.total, 1)
        self.coverage.set_range((0, total), (0, 100), PADDING)
        self.tokens.set_range((0, total), (0, max(self.model.final_tokens, 1) / 1000), TOKENS_PADDING)
        recorded = self.model.recorded
        self._xs = [0]
        self._coverage = [100 / self.model.site.n_pages]
        # a recording's tokens start with the calls before its first move (its own, or none known)
        self._tokens = [((recorded.figures_at(0).tokens_total or 0) if recorded else 0) / 1000]
        for event in self.model.events:
            self._append(event)
        # the charts draw these lists, which each step appends to
        self.coverage.xs, self.coverage.ys = self._xs, self._coverage
        self.tokens.xs, self.tokens.ys = self._xs, self._tokens
        if recorded is not None and not recorded.tokens_known:  # no line at 0: the trace does not say
            self.tokens.xs, self.tokens.ys = [], []
        self._set_texts()

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.coverage.title = tr(explore_words.COVERAGE)
        self.tokens.title = tr(explore_words.TOKENS_SO_FAR_K)  # whole at 720p and 130 %
        recorded = self.model.recorded
        if recorded is not None and not recorded.tokens_known:
            self.tokens.title += f" {NO_VALUE} {tr(trace_words.NOT_IN_THE_TRACE)}"
        self.setToolTip(f"{self.coverage.title} · {self.tokens.title}")
        self.update()

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_app_font_change(self) -> None:
        self.update()

    def _on_theme_change(self) -> None:
        self.update()

    # -- painting --------------------------------------------------------------------------------------

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        frames, layouts = self._frames()
        painter.drawPixmap(0, 0, frames)
        for (chart, _box), parts in zip(self.boxes(), layouts, strict=True):
            self.paint_curve(painter, chart, parts)
        painter.end()

    def _frames(self) -> "tuple[QPixmap, list[ChartLayout]]":
        """The charts but their curves (titles, grids, labels, axes) as one picture of the widget,
        and each chart's layout: a step adds to the curves only, and drawing the rest afresh was
        most of the charts' share of a step. Drawn again when anything they show changes."""
        c = style.colors()
        ratio = self.devicePixelRatioF()
        key = (
            self.width(), self.height(), ratio, style.line_width(), style.ui_font().toString(),
            tuple(color.rgba() for color in (c.paper, c.ink, c.muted, c.plot_axis)),
            tuple((chart.title, chart.x_range, chart.y_range, bool(chart.xs)) for chart in (self.coverage, self.tokens)),
        )  # fmt: skip
        if self._frames_key != key:
            pixmap = QPixmap(
                max(1, math.ceil(self.width() * ratio)), max(1, math.ceil(self.height() * ratio))
            )
            pixmap.setDevicePixelRatio(ratio)
            painter = QPainter(pixmap)
            style.fill(painter, self.rect(), c.paper)
            layouts = []
            for chart, box in self.boxes():
                parts = self.chart_layout(chart, box)
                self.paint_frame(painter, chart, box, parts)
                layouts.append(parts)
                if chart.xs:  # as painted with the curves: the next chart's frame antialiased
                    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.end()
            self._frames_key, self._frames_cache = key, (pixmap, layouts)
        return self._frames_cache

    def cut_texts(self) -> list[str]:
        """The chart titles drawn elided (window_fit.cut() asks painted widgets this)."""
        return [
            chart.title
            for chart, box in self.boxes()
            if max(
                QFontMetricsF(title_font_for(chart.title, box.width())).horizontalAdvance(line)
                for line in title_lines(chart.title, box.width()).split("\n")
            )
            > box.width()
        ]

    def boxes(self) -> list[tuple[Chart, QRectF]]:
        half = (self.width() - GAP) / 2
        return [(self.coverage, QRectF(0, 0, half, self.height())),
                (self.tokens, QRectF(half + GAP, 0, half, self.height()))]  # fmt: skip

    def chart_layout(self, chart: Chart, box: QRectF) -> "ChartLayout":
        """Where each part of a chart goes inside ``box``: the data's frame below the title and
        right of the y labels, the ticks that fit without their labels touching, each label's box."""
        ticks_fm = QFontMetricsF(style.ui_font(scale=0.8))
        lines = title_lines(chart.title, box.width()).count("\n") + 1
        title_height = QFontMetricsF(style.ui_font(scale=0.9)).height() * lines
        top = box.top() + title_height + 4 + ticks_fm.height() / 2  # the top y label below the title
        bottom = box.bottom() - ticks_fm.height() - 4
        (x0, x1), (y0, y1) = chart.x_range, chart.y_range
        y_ticks = nice_ticks(y0, y1, bottom - top, 1.6 * ticks_fm.height())
        y_labels = [tick_label(y) for y in y_ticks if y > y0]  # a zero at y0 would sit on the x labels
        widest_y = max((ticks_fm.horizontalAdvance(t) for t in y_labels), default=0.0)
        left = box.left() + GAP + widest_y + 4
        widest_x = max(ticks_fm.horizontalAdvance(tick_label(v)) for v in (x0, x1))
        right = box.right() - max(GAP, widest_x / 2 + 2)  # room for half the last x label
        frame = QRectF(QPointF(left, top), QPointF(max(left + 1, right), max(top + 1, bottom)))
        x_ticks = nice_ticks(x0, x1, frame.width(), widest_x + ticks_fm.horizontalAdvance("  "))
        to_frame = _FrameMap(chart, frame)
        labels = []
        for y in y_ticks:
            if y > y0:
                text = tick_label(y)
                width = ticks_fm.horizontalAdvance(text)
                at_y = to_frame(x0, y).y()
                labels.append(
                    (QRectF(left - 4 - width, at_y - ticks_fm.height() / 2, width, ticks_fm.height()), text)
                )
        for x in x_ticks:
            if x > x0:
                text = tick_label(x)
                width = ticks_fm.horizontalAdvance(text)
                at_x = to_frame(x, y0).x()
                labels.append((QRectF(at_x - width / 2, frame.bottom() + 2, width, ticks_fm.height()), text))
        title = QRectF(box.left(), box.top(), box.width(), title_height)
        return ChartLayout(frame, title, y_ticks, x_ticks, labels, to_frame)

    def paint_chart(self, painter: QPainter, chart: Chart, box: QRectF) -> None:
        parts = self.chart_layout(chart, box)
        self.paint_frame(painter, chart, box, parts)
        self.paint_curve(painter, chart, parts)

    def paint_frame(self, painter: QPainter, chart: Chart, box: QRectF, parts: "ChartLayout") -> None:
        """A chart's title, grid, tick labels and axes."""
        c = style.colors()
        lw = style.line_width()
        title_font = title_font_for(chart.title, box.width())
        frame, at = parts.frame, parts.to_frame
        (x0, _x1), (y0, _y1) = chart.x_range, chart.y_range

        painter.setFont(title_font)
        painter.setPen(c.ink)
        text = "\n".join(
            QFontMetricsF(title_font).elidedText(line, Qt.TextElideMode.ElideRight, box.width())
            for line in title_lines(chart.title, box.width()).split("\n")
        )
        painter.drawText(parts.title, Qt.AlignmentFlag.AlignCenter, text)  # whole in the tooltip

        grid = QColor(c.muted)
        grid.setAlphaF(GRID_ALPHA)
        painter.setPen(QPen(grid, 1))
        for y in parts.y_ticks:
            at_y = at(x0, y).y()
            painter.drawLine(QPointF(frame.left(), at_y), QPointF(frame.right(), at_y))
        for x in parts.x_ticks:
            at_x = at(x, y0).x()
            painter.drawLine(QPointF(at_x, frame.top()), QPointF(at_x, frame.bottom()))
        painter.setFont(style.ui_font(scale=0.8))
        painter.setPen(c.muted)
        for rect, label in parts.labels:
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        painter.setPen(QPen(c.plot_axis, lw))
        painter.drawLine(frame.bottomLeft(), frame.bottomRight())
        painter.drawLine(frame.bottomLeft(), frame.topLeft())

    def paint_curve(self, painter: QPainter, chart: Chart, parts: "ChartLayout") -> None:
        """A chart's curve so far and the dot at its end."""
        if not chart.xs:
            return
        c = style.colors()
        lw = style.line_width()
        frame, at = parts.frame, parts.to_frame
        color = getattr(c, chart.color_name)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.save()
        painter.setClipRect(frame.adjusted(-DOT_RADIUS, -DOT_RADIUS, DOT_RADIUS, DOT_RADIUS))
        path = QPainterPath(at(chart.xs[0], chart.ys[0]))
        for x, y in zip(chart.xs[1:], chart.ys[1:], strict=True):
            path.lineTo(at(x, y))
        pen = QPen(color, 3 * lw)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setPen(QPen(c.paper, 1.5 * lw))
        painter.setBrush(color)
        painter.drawEllipse(at(chart.xs[-1], chart.ys[-1]), DOT_RADIUS, DOT_RADIUS)
        painter.restore()


def title_lines(title: str, width: float) -> str:
    """The chart title as drawn: on one line where it fits at the least of title_font_for's sizes,
    else on two, broken at the space or bracket nearest its middle (720p at 150 %: "Tokens so far
    (k)" was cut even at 0.75 of the UI's type)."""
    if QFontMetricsF(style.ui_font(scale=0.75)).horizontalAdvance(title) <= width:
        return title
    breaks = [i for i, char in enumerate(title) if char in " （(" and 0 < i < len(title) - 1]
    brackets = [i for i in breaks if title[i] in "（("]
    breaks = brackets or breaks  # the unit in brackets goes down whole: "Tokens so far / (k)"
    if not breaks:
        return title
    cut = min(breaks, key=lambda i: abs(i - len(title) / 2))
    return title[:cut].rstrip() + "\n" + title[cut:].lstrip()


def title_font_for(title: str, width: float) -> QFont:
    """The chart title's type: 0.9 of the UI's, down to 0.75 of it so the whole title fits its
    chart (at 720p and 130 % "Tokens so far (th…" was elided); narrower still, it is elided."""
    for scale in (0.9, 0.825, 0.75):
        font = style.ui_font(scale=scale)
        widest = max(
            QFontMetricsF(font).horizontalAdvance(line) for line in title_lines(title, width).split("\n")
        )
        if widest <= width:
            return font
    return font


class _FrameMap:
    """Data coordinates to pixels in a chart's frame."""

    def __init__(self, chart: Chart, frame: QRectF) -> None:
        (self.x0, x1), (self.y0, y1) = chart.x_range, chart.y_range
        self.sx = frame.width() / (x1 - self.x0)
        self.sy = frame.height() / (y1 - self.y0)
        self.left, self.bottom = frame.left(), frame.bottom()

    def __call__(self, x: float, y: float) -> QPointF:
        return QPointF(self.left + (x - self.x0) * self.sx, self.bottom - (y - self.y0) * self.sy)


class ChartLayout(NamedTuple):
    frame: QRectF  # the data's box
    title: QRectF
    y_ticks: list[float]  # grid lines
    x_ticks: list[float]
    labels: list[tuple[QRectF, str]]  # the tick labels drawn, each in its box
    to_frame: _FrameMap
