"""Beside the lanes, per config over the batch seeds: forgotten revisits and evictions per run, and
the histogram of reuse distances of revisits with each capacity drawn as a line.

Computed by the core (:func:`memviz.core.compare.regret`) off the GUI thread, in an analysis
:class:`~memviz.gui.kit.worker.Job`; a newer request cancels the one running. This is the
picture that confirms or refutes the chapter's loop hypothesis: under FIFO and LRU the reuse
distances pile up right at the capacity.
"""

from __future__ import annotations

import html
import math

import numpy as np

from memviz.core.compare import LaneConfig, Regret, check_work, regret
from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0
from memviz.core.policies import POLICIES
from memviz.core.registry import ConfigError
from memviz.core.site import Site
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.plain_text import tooltip
from memviz.gui.kit.plots import (
    make_plot,
    pen,
    qcolor,
    set_axis_label,
    style_plot,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import Job, JobContext
from memviz.gui.qt import (
    QEvent,
    QFontMetricsF,
    QLabel,
    QPointF,
    QRectF,
    QSizePolicy,
    Qt,
    QVBoxLayout,
    QWidget,
    is_alive,
)
from memviz.wording import common as common_words
from memviz.wording import compare as compare_words
from memviz.wording import regret_refused_line, term
from memviz.wording.errors import translated
from memviz.wording.reading import lane_label, reading_label

PLOT_LEAST = (200, 110)  # pixels
BAR_WIDTH = 0.38  # a bar, in lanes
VALUE_GAP = 4.0  # pixels between a bar and its value


def short_label(config: LaneConfig, lang: str) -> str:
    """ "FIFO · 12" (the strategy is in the lane's own title)."""
    if not config.uses_memory:
        return lane_label(config, lang)
    capacity = common_words.UNLIMITED.pick(lang) if config.capacity is None else str(config.capacity)
    reading = reading_label(config.reading, lang)  # issue 27: lanes may differ only in how memory is read
    return f"{POLICIES.get(config.policy).label_in(lang)} · {capacity}" + (f" · {reading}" if reading else "")


def regret_job(site: Site, configs: list[LaneConfig], base: RunConfig, seeds: range):
    def compute(context: JobContext) -> list[Regret]:
        context.plan(len(configs) * len(seeds))
        return [regret(site, config, base, seeds, after_seed=context.advance) for config in configs]

    return compute


class KeyLabel(QLabel):
    """Which curve is which lane: entries side by side, as many to a line as fit, each whole on
    one line (left to Qt, Chinese broke anywhere: "3. 先" on one line, "知 · 12" on the next)."""

    SEPARATOR = "\u00a0\u00a0 "

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.entries: list[tuple[str, str]] = []  # (colour, words)
        self.setTextFormat(Qt.TextFormat.RichText)  # memviz's own config names only, escaped
        self.setWordWrap(True)  # an entry wider than the panel wraps rather than run off it
        self._flowed_for: tuple | None = None

    def set_entries(self, entries: list[tuple[str, str]]) -> None:
        self.entries = entries
        self._flowed_for = None
        self._flow()

    def _flow(self) -> None:
        width = self.contentsRect().width()
        key = (width, self.font().toString(), tuple(self.entries))
        if key == self._flowed_for:
            return
        self._flowed_for = key
        metrics = QFontMetricsF(self.font())
        gap = metrics.horizontalAdvance(self.SEPARATOR)
        lines: list[list[str]] = [[]]
        x = 0.0
        for colour, words in self.entries:
            w = metrics.horizontalAdvance(f"━━ {words}") + 2
            if lines[-1] and x + gap + w > width:
                lines.append([])
                x = 0.0
            x += (gap if lines[-1] else 0.0) + w
            lines[-1].append(f'<span style="color:{colour}">━━</span> {html.escape(words)}')
        self.setText("<br>".join(self.SEPARATOR.replace("\u00a0", "&nbsp;").join(line) for line in lines))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._flow()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._flow()


class RegretPanel(QWidget):
    def __init__(self, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("regret_panel")
        style.follow_presentation(self)  # _on_app_font_change: its plots follow the zoom
        self.language = language
        self.runs, self.seed0 = DEFAULT_RUNS, DEFAULT_SEED0
        self.results: list[Regret] | None = None
        self.refusal: str | None = None  # the work bound's line when these lanes are past it
        self.colours: list[str] = []
        self.job: Job | None = None
        self._request: tuple | None = None
        self.title = QLabel()
        self.title.setObjectName("regret_title")
        self.title.setWordWrap(True)
        style.set_ui_font(self.title, 1.1, bold=True)
        self.status = QLabel()
        self.status.setObjectName("regret_status")
        self.status.setWordWrap(True)
        self.counts_title = QLabel()
        self.histogram_title = QLabel()
        for label in (self.counts_title, self.histogram_title):
            label.setWordWrap(True)
            style.set_ui_font(label, 1.0, bold=True)
        self.counts = make_plot()
        self.counts.setObjectName("regret_counts")
        self.histogram = make_plot()
        self.histogram.setObjectName("reuse_histogram")
        # Which curve is which lane, as a line of text above the plot: a legend inside it covered
        # the curves' peaks at 720p, the very thing the plot is for.
        self.histogram_key = KeyLabel()
        self.histogram_key.setObjectName("reuse_histogram_key")
        self.counts.getPlotItem().getViewBox().sigResized.connect(lambda _box: self._fit_counts_range())
        for plot in (self.counts, self.histogram):
            plot.setMinimumSize(*PLOT_LEAST)  # both fit beside three lanes at 720p; they share what is left
            # Their height is what the texts leave (the scroll area around the panel would otherwise
            # make room for their preferred 600 px and scroll the histogram out of view).
            plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
            plot.getPlotItem().setMouseEnabled(x=False, y=False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        layout.addWidget(self.counts_title)
        layout.addWidget(self.counts, 2)
        layout.addWidget(self.histogram_title)
        layout.addWidget(self.histogram_key)
        layout.addWidget(self.histogram, 3)
        self._set_texts()

    # -- computing ------------------------------------------------------------------------------------

    def request(self, site: Site, configs: list[LaneConfig], budget: int, colours: list[str]) -> None:
        """Compute for these configs (unless that is what is shown or being computed)."""
        key = (id(site), tuple(configs), budget, self.runs, self.seed0)
        self.colours = colours
        if key == self._request:
            if self.results is not None:
                self._draw()
            return
        self._request = key
        if self.job is not None and not self.job.done.is_set():
            self.job.cancel()
        self.results = None
        try:  # the CLI's bound (`memviz regret`): an opt lane's look-ahead over 200 seeds grows fast
            check_work(site, list(configs), RunConfig(budget=budget), runs=self.runs)
        except ConfigError as error:
            self.job, self.refusal = None, str(error)
            self._set_status()
            self._draw()
            return
        self.refusal = None
        seeds = range(self.seed0, self.seed0 + self.runs)
        job = Job(regret_job(site, list(configs), RunConfig(budget=budget), seeds))
        self.job = job
        job.signals.finished.connect(lambda result: self._on_finished(job, result))
        job.signals.failed.connect(lambda message: self._on_failed(job, message))
        self._set_status()
        job.start()

    def _fit_counts_range(self) -> None:
        """Room above the tallest bar for its value label, in pixels: a share of the data range is
        too little on a short plot (720p with three lanes) and the labels were cut at the top."""
        top = getattr(self, "_counts_top", None)
        if top is None:
            return
        box_height = self.counts.getPlotItem().getViewBox().height()
        label = self._value_height() + VALUE_GAP + 2
        share = label / box_height if box_height > 2 * label else 0.5
        self._counts_y = (0.0, top / (1 - share))
        self.counts.getPlotItem().setYRange(*self._counts_y, padding=0)
        self._place_values()

    def _value_height(self) -> float:
        """The height of a bar's value as drawn (its text, without the text item's margin)."""
        values = getattr(self, "_values", [])
        if not values:
            return self.fontMetrics().height()
        item = values[0][3].textItem
        return item.boundingRect().height() - 2 * item.document().documentMargin()

    def _place_values(self) -> None:
        """Each bar's value over its bar where it fits: over no bar and no other value, inside the
        plot; centred on its bar, else slid to the side away from its pair's other bar. All to
        the tenth, or all whole where the tenths do not fit (one precision reads as one scale);
        a value that fits nowhere even whole (four lanes at the window's least size) is hidden,
        and the bar's tooltip has it, as every bar's does."""
        box = self.counts.getPlotItem().getViewBox()
        w, h = box.width(), box.height()
        (x0, x1), (y0, y1) = self._counts_x, self._counts_y
        if w <= 0 or h <= 0 or x1 <= x0 or y1 <= y0:
            return

        def px(x: float, y: float) -> QPointF:
            return QPointF((x - x0) / (x1 - x0) * w, (y1 - y) / (y1 - y0) * h)

        half = BAR_WIDTH * 0.92 / 2
        bars = [
            QRectF(px(x - half, value), px(x + half, 0)).adjusted(-3, -2, 3, 2)  # its pen, and air
            for x, value, _j, _t in self._values
        ]
        bounds = QRectF(0, 0, w, h)
        for digits in (1, 0):
            placed, taken = [], []
            for x, value, j, text in self._values:
                text.setText(f"{value:.{digits}f}")
                item = text.textItem
                m = item.document().documentMargin()
                tw, th = item.boundingRect().width() - 2 * m, item.boundingRect().height() - 2 * m
                top = px(x, value)
                centred = QRectF(top.x() - tw / 2, top.y() - VALUE_GAP - th, tw, th)
                aside = QRectF(centred)
                if j == 0:  # the left bar's value slides left, the right one's right
                    aside.moveRight(px(x + half, 0).x())
                else:
                    aside.moveLeft(px(x - half, 0).x())
                spot = next(
                    (r for r in (centred, aside)
                     if bounds.contains(r) and not any(r.intersects(o) for o in (*bars, *taken))),
                    None,
                )  # fmt: skip
                placed.append((text, spot, m))
                if spot is not None:
                    taken.append(spot.adjusted(-3, 0, 3, 0))  # two values read as two
            if all(spot is not None for _t, spot, _m in placed):
                break
        for text, spot, m in placed:
            text.setVisible(spot is not None)
            if spot is not None:
                corner = QPointF(spot.left() - m, spot.bottom() + m)  # the item's anchor: its bottom left
                text.setPos(x0 + corner.x() / w * (x1 - x0), y1 - corner.y() / h * (y1 - y0))

    def _fit_plot_heights(self) -> None:
        """Each plot at least tall enough for its axis names: the reuse histogram's "revisits",
        turned on its side, as long as its axis (at the window's least size it ran off the plot)."""
        for plot in (self.counts, self.histogram):
            item = plot.getPlotItem()
            bottom, left = item.getAxis("bottom"), item.getAxis("left")
            room = 3 * self._value_height()  # bars and their values
            if left.isVisible() and left.label.isVisible():
                room = max(room, left.label.boundingRect().width())
            least = math.ceil(room + bottom.maximumHeight() + 4)
            plot.setMinimumHeight(max(PLOT_LEAST[1], least))

    def compute_blocking(self) -> None:
        """Finish the job in force here, in this thread (snapshots and tests)."""
        job = self.job
        if job is None or self.results is not None:
            return
        job.cancel()
        fresh = Job(job.function)
        self.job = fresh
        self._on_finished(fresh, fresh.compute())

    def _on_failed(self, job: Job, message: str) -> None:
        if job is self.job and is_alive(self.status):
            self.status.setText(message)

    def _on_finished(self, job: Job, result: list[Regret]) -> None:
        # a newer request replaced it, or the view closed while it ran (its labels are gone)
        if job is not self.job or not is_alive(self.status):
            return
        self.results = result
        self._set_status()
        self._draw()

    # -- drawing --------------------------------------------------------------------------------------

    def _draw(self) -> None:
        results = self.results or []
        tr = self.language.tr
        lang = self.language.code
        for plot in (self.counts, self.histogram):
            plot.getPlotItem().clear()
            style_plot(plot)
        # forgotten revisits and evictions per run: a pair of bars per config
        n = len(results)
        self._values = []
        names = (
            tr(compare_words.FORGOTTEN_REVISITS_PER_RUN, forgotten_revisits=term("forgotten_revisits", lang)),
            tr(compare_words.EVICTIONS_PER_RUN, evictions=term("evictions", lang)),
        )
        for i, (r, colour) in enumerate(zip(results, self.colours, strict=False)):
            for j, (value, alpha) in enumerate(
                ((r.forgotten_revisits_per_run, 255), (r.evictions_per_run, 110))
            ):
                x = i + (j - 0.5) * BAR_WIDTH
                bar = pg.BarGraphItem(x=[x], height=[value], width=BAR_WIDTH * 0.92,
                                      brush=qcolor(colour, alpha), pen=pen(colour, 1.5))  # fmt: skip
                bar.setToolTip(f"{i + 1}. {short_label(r.config, lang)} — {names[j]}: {value:.1f}")
                self.counts.addItem(bar)
                text = pg.TextItem(
                    f"{value:.1f}", color=qcolor(colour if j == 0 else "#555555"), anchor=(0, 1)
                )
                text.setVisible(False)  # until placed
                self.counts.addItem(text)
                self._values.append((x, value, j, text))
        axis = self.counts.getPlotItem().getAxis("bottom")
        axis.setTicks([[(i, f"{i + 1}") for i in range(n)]])
        self._counts_x = (-0.6, max(n, 1) - 0.4)
        self.counts.getPlotItem().setXRange(*self._counts_x, padding=0)
        self._counts_top = max(
            [max(r.forgotten_revisits_per_run, r.evictions_per_run) for r in results] + [1]
        )
        self._fit_counts_range()
        set_axis_label(self.counts, "bottom", tr(compare_words.LANE))
        # reuse distances of revisits, with each capacity as a line
        for i, (r, colour) in enumerate(zip(results, self.colours, strict=False)):
            distances = np.arange(len(r.reuse_histogram) + 1) - 0.5
            curve = pg.PlotDataItem(
                distances, r.reuse_histogram, stepMode="center", pen=pen(colour, 2.5 + 0.5 * (i == 0))
            )
            self.histogram.addItem(curve)
            if r.config.capacity is not None and r.config.uses_memory:
                line = pg.InfiniteLine(pos=r.config.capacity - 0.5 + 0.08 * i, angle=90,
                                       pen=pen(colour, 2, style=Qt.PenStyle.DashLine))  # fmt: skip
                self.histogram.addItem(line)
        set_axis_label(self.histogram, "bottom", tr(compare_words.REUSE_DISTANCE))
        set_axis_label(self.histogram, "left", tr(compare_words.REVISITS))
        self._fit_plot_heights()
        self.histogram_key.set_entries(
            [(colour, f"{i + 1}. {short_label(r.config, lang)}")
             for i, (r, colour) in enumerate(zip(results, self.colours, strict=False))]
        )  # fmt: skip

    # -- texts ----------------------------------------------------------------------------------------

    def _set_status(self) -> None:
        tr = self.language.tr
        seeds = f"{self.seed0}–{self.seed0 + self.runs - 1}"
        self.status.setToolTip(tooltip(translated(self.refusal, self.language.code)) if self.refusal else "")
        if self.refusal is not None:
            self.status.setText(regret_refused_line(self._request[2], self.runs, self.language.code))
        elif self.results is None:
            self.status.setText(tr(compare_words.COMPUTING_SEEDS_N, seeds=seeds))
        else:
            self.status.setText(tr(compare_words.SEEDS_RUNS_N, seeds=seeds, runs=self.runs))

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.title.setText(tr(compare_words.WHY_THE_COST_OVER_MANY_SEEDS))
        lang = self.language.code
        self.counts_title.setText(
            tr(
                compare_words.PER_RUN_FORGOTTEN_REVISITS_SOLID,
                forgotten_revisits=term("forgotten_revisits", lang),
                evictions=term("evictions", lang),
            )
        )
        self.histogram_title.setText(tr(compare_words.REUSE_DISTANCE_OF_REVISITS_DISTINCT))  # fmt: skip
        self._set_status()
        if self.results is not None or self.refusal is not None:  # a refusal's empty plots are named too
            self._draw()

    def set_language(self) -> None:
        self._set_texts()

    def _on_theme_change(self) -> None:
        if self.results is not None or self.refusal is not None:
            self._draw()

    def _on_app_font_change(self) -> None:
        for plot in (self.counts, self.histogram):
            style_plot(plot)  # tick numbers at the zoom in force
        self._on_theme_change()  # and the values drawn on the bars
