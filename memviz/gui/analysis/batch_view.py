"""Batch view: the current settings against the no-memory baseline over many seeds.

Shows every run's coverage for both, the paired differences with the chapter's intervals and win
count, and a table of the mean of every metric. A click on a run opens it in the Explore view.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.experiments import (
    DEFAULT_BOOTSTRAP,
    Comparison,
    baseline_of,
    compare_with_baseline,
    means,
)
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import baseline_strategy
from memviz.gui.kit import export
from memviz.gui.kit.computed_view import AnalysisView
from memviz.gui.kit.palette import strategy_colour
from memviz.gui.kit.plots import (
    GREY,
    count_text,
    fill_table,
    font,
    ink,
    interval_text,
    make_below_legend,
    make_plot,
    make_room_for_two_line_ticks,
    make_table,
    mean_pen,
    paper,
    pen,
    points2,
    qcolor,
    round_key,
    seeds_text,
    set_axis_label,
    set_title,
    stack_heights,
    stack_offsets,
    strategy_label,
    strategy_tick,
    style_legend,
    wins_text,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import (
    QLabel,
    QPainterPath,
    QRectF,
    Qt,
    QWidget,
)
from memviz.wording import analysis as analysis_words
from memviz.wording import config_summary
from memviz.wording import explore as explore_words
from memviz.wording import kit as kit_words
from memviz.wording import window as window_words

BASELINE_X, CURRENT_X = 0.0, 1.0
COLUMN_HALF_WIDTH = 0.36


def signed(x: float, decimals: int) -> str:
    """+1.25, −0.40; a difference that rounds to zero is written without a sign."""
    text = f"{x:+.{decimals}f}"
    return text[1:] if float(text) == 0 else text


# (metric, zh, en, formatter of a mean, formatter of a difference)
METRIC_COLUMNS: tuple[tuple[str, str, str, Callable[[float], str], Callable[[float], str]], ...] = (
    ("coverage", *explore_words.COVERAGE, pct, lambda d: pct(d, True)),
    ("repeat", *analysis_words.REPEAT_RATE, pct, lambda d: pct(d, True)),
    ("bugs", *analysis_words.BUGS_FOUND, lambda v: f"{v:.2f}", lambda d: signed(d, 2)),
    ("reports", *analysis_words.REPORTS, lambda v: f"{v:.2f}", lambda d: signed(d, 2)),
    ("dups", *analysis_words.DUPLICATE_REPORTS_COLUMN, lambda v: f"{v:.2f}", lambda d: signed(d, 2)),
    ("tokens", "token", "Tokens", count_text, lambda d: ("+" if d >= 0 else "−") + count_text(abs(d))),
    ("steps", *window_words.STEPS, lambda v: f"{v:.1f}", lambda d: signed(d, 1)),
)


def batch_function(
    site: Site, config: RunConfig, runs: int, seed0: int
) -> Callable[[JobContext], Comparison]:
    def compute(context: JobContext) -> Comparison:
        return compare_with_baseline(site, config, runs, seed0, DEFAULT_BOOTSTRAP, context.runner)

    return compute


MIN_DOT_PX = 3.0  # below this a row of the dot histogram is drawn as dashes


def dash_symbol(height: float) -> QPainterPath:
    """A unit-wide dash, ``height`` tall (as a fraction of its width), centred like pyqtgraph symbols."""
    path = QPainterPath()
    path.addRect(QRectF(-0.5, -height / 2, 1.0, height))
    return path


def diff_dot_look(kind: str, colour: str):
    """(brush, pen) of a run's dot in the paired differences: a filled disc in the strategy's colour
    where memory did better, a hollow grey ring where it did not, so the two differ in shape as well
    as colour (issue 22: a colour-blind student tells them apart without the zero line)."""
    if kind == "higher":
        return pg.mkBrush(qcolor(colour, 210)), pg.mkPen(None)
    return pg.mkBrush(qcolor(paper(), 255)), pen(GREY, 1.8)


class BatchView(AnalysisView):
    object_name = "batch"

    def _build_body(self) -> QWidget:
        self.coverage_plot = make_plot()
        self.coverage_plot.setObjectName("coverage_plot")
        self.coverage_plot.getPlotItem().setMouseEnabled(x=False, y=True)
        make_room_for_two_line_ticks(self.coverage_plot)
        self.diff_plot = make_plot()
        self.diff_plot.setObjectName("diff_plot")
        self.diff_plot.getPlotItem().setMouseEnabled(x=True, y=False)
        self.diff_plot.getPlotItem().getViewBox().sigResized.connect(self._resize_diff_dots)
        self.diff_plot.getPlotItem().getViewBox().sigRangeChanged.connect(self._resize_diff_dots)
        self._build_plot_items()

        self.table = make_table(3, len(METRIC_COLUMNS), "means_table", scale=1.15)
        self.halves_label = QLabel()
        self.halves_label.setObjectName("half_widths")
        self.halves_label.setWordWrap(True)

        return self._plots_above(
            [(self.coverage_plot, 4), (self.diff_plot, 5)], self.table, self.halves_label
        )

    # --- running --------------------------------------------------------------------------------

    def _job_function(self):
        site, config = self.settings.site, self.settings.config
        return batch_function(site, config, self.runs, self.seed0), 2 * self.runs

    def _depends_on(self, site: Site, config: RunConfig) -> tuple:
        return (id(site), config.with_(seed=0))  # the batch chooses its own seeds

    @property
    def comparison(self) -> Comparison | None:
        return self.result

    # --- drawing --------------------------------------------------------------------------------

    def _retranslate_run_button(self) -> None:
        runs = self.runs_spin.value()
        self.run_button.setText(self.language.tr(analysis_words.RUN_SEEDS_N, runs=runs))

    def _retranslate(self) -> None:
        tr = self.language.tr
        self.run_button.setToolTip(tr(analysis_words.RUN_THESE_SEEDS_WITH_THE_CURRENT))
        set_axis_label(self.coverage_plot, "left", tr(analysis_words.COVERAGE))
        set_axis_label(self.diff_plot, "bottom", tr(analysis_words.COVERAGE_DIFFERENCE_PERCENTAGE_POINTS))
        set_axis_label(self.diff_plot, "left", tr(kit_words.RUNS))
        self.table.setHorizontalHeaderLabels([tr(zh, en) for _, zh, en, _, _ in METRIC_COLUMNS])
        self._set_click_hint(self.coverage_plot, self.diff_plot)

    def plots(self):
        return [
            ("coverage", *analysis_words.COVERAGE_PER_RUN, self.coverage_plot),
            ("differences", *analysis_words.PAIRED_DIFFERENCES, self.diff_plot),
        ]

    def _clear(self) -> None:
        tr = self.language.tr
        button = self.run_button.text()
        self.headline.setText(tr(analysis_words.PRESS_THE_CURRENT_SETTINGS_AND_NO_N, button=button))
        self.context_label.setText(
            config_summary(self.settings.config, self.language.code, seed=False, tokens=True)
        )
        set_title(
            self.coverage_plot,
            tr(analysis_words.COVERAGE_OF_EACH_RUN_A_DOT),
        )
        set_title(self.diff_plot, tr(analysis_words.PAIRED_DIFFERENCES_SAME_SEED))
        self.halves_label.setText("")
        self._fill_table(None)

    def _draw(self) -> None:
        comparison: Comparison = self.result
        tr = self.language.tr
        config = comparison.config
        d = comparison.diff
        name = strategy_label(config.strategy, self.language)
        figure = f"{interval_text(d.mean, d.lo, d.hi)}"
        wins = wins_text(d.wins, d.n, self.language)
        if config.strategy == baseline_strategy():
            self.headline.setText(tr(analysis_words.THE_CURRENT_STRATEGY_IS_NO_MEMORY))
        else:
            self.headline.setText(
                tr(analysis_words.B_B_NO_MEMORY_COVERAGE_B_N, name=name, figure=figure, wins=wins)
            )
        seeds = seeds_text(comparison.seeds.start, d.n, self.language)
        lo, hi, boot_lo, boot_hi = (pct(x, True) for x in (d.lo, d.hi, d.boot_lo, d.boot_hi))
        settings = config_summary(config, self.language.code, seed=False, tokens=True)
        self.context_label.setText(
            tr(
                analysis_words.PAIRED_BY_SEED_95_INTERVALS_NORMAL_N,
                seeds=seeds,
                lo=lo,
                hi=hi,
                DEFAULT_BOOTSTRAP=DEFAULT_BOOTSTRAP,
                boot_lo=boot_lo,
                boot_hi=boot_hi,
                settings=settings,
            )
        )
        narrowing = 1 - d.paired_half / d.unpaired_half if d.unpaired_half > 0 else 0.0
        paired, unpaired, narrower = points2(d.paired_half), points2(d.unpaired_half), pct(narrowing)
        self.halves_label.setText(
            tr(
                analysis_words.N95_HALF_WIDTH_PAIRED_B_B_N,
                paired=paired,
                unpaired=unpaired,
                narrower=narrower,
            )
        )
        self._draw_coverage(comparison)
        self._draw_differences(comparison, name)
        self._fill_table(comparison)

    def _build_plot_items(self) -> None:
        """Every item of both plots, made once; a new result only moves them (setData)."""
        coverage = self.coverage_plot.getPlotItem()
        self.coverage_dots: dict[str, pg.ScatterPlotItem] = {}
        self.mean_lines: dict[str, pg.PlotDataItem] = {}
        self.mean_texts: dict[str, pg.TextItem] = {}
        for arm, x in (("baseline", BASELINE_X), ("current", CURRENT_X)):
            dots = self.run_dots(arm, lambda x, y: analysis_words.COVERAGE_OF_A_RUN_N.filled(y=y))
            line = pg.PlotDataItem()
            # Beside the column, on the side away from the other one, so no dot is hidden.
            outside = x == CURRENT_X
            text = pg.TextItem(anchor=(0, 0.5) if outside else (1, 0.5))
            text.setFont(font(13, bold=True))
            for item in (dots, line, text):
                coverage.addItem(item)
            self.coverage_dots[arm], self.mean_lines[arm], self.mean_texts[arm] = dots, line, text
        coverage.setXRange(-0.75, 1.75, padding=0)
        coverage.getViewBox().sigResized.connect(self._fit_mean_texts)
        coverage.setYRange(-2, 102, padding=0)

        diff = self.diff_plot.getPlotItem()
        self.ci_region = pg.LinearRegionItem(movable=False, pen=pg.mkPen(None))
        self.ci_region.setZValue(-10)
        self.zero_line = pg.InfiniteLine(0, angle=90)
        # Runs where memory did better, and the others: one brush per item keeps drawing fast.
        self.diff_dots: dict[str, pg.ScatterPlotItem] = {}
        for kind in ("higher", "not_higher"):
            dots = self.run_dots(
                "diff",
                lambda x, y: analysis_words.DIFFERENCE_OF_A_RUN_N.filled(x=x),
                pen=pg.mkPen(None),
            )
            self.diff_dots[kind] = dots
        self.diff_mean_line = pg.InfiniteLine(angle=90)
        self.bootstrap_bar = pg.ErrorBarItem()
        self.bootstrap_text = pg.TextItem(anchor=(0, 0.5))
        self.bootstrap_text.setFont(font(12))
        for item in (
            self.ci_region,
            self.zero_line,
            *self.diff_dots.values(),
            self.diff_mean_line,
            self.bootstrap_bar,
            self.bootstrap_text,
        ):
            diff.addItem(item)
        self._diff_symbol: tuple = ()
        self._set_diff_items_visible(False)
        self.diff_legend = make_below_legend(self.diff_plot)
        self._diff_content_top = 1.0  # the top of the dots and the bootstrap bar, in runs
        self._bootstrap_at: tuple[float, float, float] | None = None  # its bar's ends and height
        self.diff_plot.getPlotItem().getViewBox().sigResized.connect(self._keep_legend_clear)
        self.diff_plot.below_legend = self.diff_legend  # PlotRow keeps its height on top of the plot's

    def _set_diff_items_visible(self, visible: bool) -> None:
        for item in (self.ci_region, self.diff_mean_line, self.bootstrap_bar, self.bootstrap_text):
            item.setVisible(visible)

    def _draw_coverage(self, comparison: Comparison) -> None:
        tr = self.language.tr
        n = len(comparison.current)
        size = 9 if n <= 300 else 6 if n <= 1000 else 4
        outline = pg.mkPen(paper(), width=0.8) if size > 5 else pg.mkPen(None)
        arms = (
            ("baseline", BASELINE_X, comparison.baseline, baseline_strategy()),
            ("current", CURRENT_X, comparison.current, comparison.config.strategy),
        )
        for arm, x, results, strategy in arms:
            values = np.array([r.coverage for r in results]) * 100
            offsets = stack_offsets([round_key(v) for v in values], 0.03, COLUMN_HALF_WIDTH)
            self.coverage_dots[arm].setData(
                x=x + offsets,
                y=values,
                data=list(comparison.seeds),
                size=size,
                hoverSize=size + 4,
                hoverPen=pen(ink(), 2),
                pen=outline,
                brush=pg.mkBrush(qcolor(strategy_colour(strategy), 200)),
            )
            mean = float(np.mean(values))
            self.mean_lines[arm].setData(
                [x - COLUMN_HALF_WIDTH - 0.04, x + COLUMN_HALF_WIDTH + 0.04], [mean, mean], pen=mean_pen()
            )
            text = self.mean_texts[arm]
            text.setColor(ink())
            share = pct(mean / 100)
            text.setText(tr(analysis_words.MEAN_N_2, share=share))
            outside = x == CURRENT_X
            text.setPos(x + COLUMN_HALF_WIDTH + 0.06 if outside else x - COLUMN_HALF_WIDTH - 0.06, mean)
        self._fit_mean_texts()
        ticks = [(BASELINE_X, strategy_tick(baseline_strategy(), self.language))]
        ticks.append((CURRENT_X, strategy_tick(comparison.config.strategy, self.language)))
        self.coverage_plot.getPlotItem().getAxis("bottom").setTicks([ticks])
        set_title(
            self.coverage_plot,
            tr(analysis_words.COVERAGE_OF_EACH_RUN_A_DOT),
        )

    def _fit_mean_texts(self, *_: object) -> None:
        """Room beside the columns for the means' words: the plot's x range widens as far as the
        words are wide in pixels (zoomed, in a narrow plot, "mean 47.9%" ran off its left edge)."""
        box = self.coverage_plot.getPlotItem().getViewBox()
        pixels = box.width()
        if pixels <= 0:
            return
        words = max(text.textItem.boundingRect().width() for text in self.mean_texts.values()) + 6
        columns = (CURRENT_X - BASELINE_X) + 2 * (COLUMN_HALF_WIDTH + 0.06)  # the columns and gaps
        share = min(2 * words / pixels, 0.8)  # of the width, for the words on both sides
        span = max(columns / (1 - share), 2.5)
        middle = (BASELINE_X + CURRENT_X) / 2
        self.coverage_plot.getPlotItem().setXRange(middle - span / 2, middle + span / 2, padding=0)

    def _draw_differences(self, comparison: Comparison, name: str) -> None:
        tr = self.language.tr
        d = comparison.diff
        not_higher, interval = d.n - d.wins, interval_text(d.mean, d.lo, d.hi)
        wins = wins_text(d.wins, d.n, self.language)
        plot = self.diff_plot.getPlotItem()
        diffs = np.array(
            [a.coverage - b.coverage for a, b in zip(comparison.current, comparison.baseline, strict=True)]
        )
        x = np.round(diffs * 100, 9)  # equal differences must stack in one column
        heights = stack_heights([round_key(v) for v in x])
        seeds = np.array(comparison.seeds)
        colour = strategy_colour(comparison.config.strategy)
        top = float(heights.max()) if len(heights) else 1.0
        for kind, chosen in (("higher", x > 0), ("not_higher", x <= 0)):
            brush, outline = diff_dot_look(kind, colour)
            self.diff_dots[kind].setData(
                x=x[chosen],
                y=heights[chosen] - 0.5,
                data=seeds[chosen].tolist(),
                size=8,
                brush=brush,
                pen=outline,
                hoverPen=pen(ink(), 2),
            )
        self.ci_region.setRegion((d.lo * 100, d.hi * 100))
        self.ci_region.setBrush(pg.mkBrush(qcolor(ink(), 45)))
        self.zero_line.setPen(pen(GREY, 2, style=Qt.PenStyle.DashLine))
        self.diff_mean_line.setValue(d.mean * 100)
        self.diff_mean_line.setPen(mean_pen())
        boot_y = top * 1.08 + 1
        self.bootstrap_bar.setData(
            x=np.array([d.mean * 100]),
            y=np.array([boot_y]),
            left=np.array([(d.mean - d.boot_lo) * 100]),
            right=np.array([(d.boot_hi - d.mean) * 100]),
            beam=top * 0.05 + 0.5,
            pen=pen(ink(), 3),
        )
        self.bootstrap_text.setColor(ink())
        self.bootstrap_text.setText(f"bootstrap [{pct(d.boot_lo, True)}, {pct(d.boot_hi, True)}]")
        self._bootstrap_at = (d.boot_lo * 100, d.boot_hi * 100, boot_y)
        self._set_diff_items_visible(True)

        legend = self.diff_legend
        legend.clear()
        style_legend(legend)
        mean, lo, hi = pct(d.mean, True), pct(d.lo, True), pct(d.hi, True)
        legend.addItem(pg.PlotDataItem(pen=mean_pen()), tr(analysis_words.MEAN_N_3, mean=mean))
        legend.addItem(
            pg.PlotDataItem(pen=pg.mkPen(qcolor(ink(), 90), width=10)),
            tr(analysis_words.N95_INTERVAL_N, lo=lo, hi=hi),
        )
        brush, outline = diff_dot_look("higher", colour)
        legend.addItem(
            pg.ScatterPlotItem(brush=brush, pen=outline, size=10),
            tr(analysis_words.HIGHER_N, name=name, wins=d.wins),
        )
        if d.wins < d.n:
            brush, outline = diff_dot_look("not_higher", colour)
            legend.addItem(
                pg.ScatterPlotItem(brush=brush, pen=outline, size=10),
                tr(analysis_words.NOT_HIGHER_N, not_higher=not_higher),
            )
        lo_x = min(float(x.min()), 0.0)
        hi_x = max(float(x.max()), 0.0)
        span = max(hi_x - lo_x, 10.0)
        plot.setXRange(lo_x - 0.05 * span, hi_x + 0.05 * span, padding=0)
        self._diff_content_top = boot_y + top * 0.08 + 1
        self._keep_legend_clear()
        set_title(
            self.diff_plot,
            tr(analysis_words.PAIRED_DIFFERENCES_N, interval=interval, wins=wins),
        )
        self._diff_symbol = ()
        self._resize_diff_dots()

    def _keep_legend_clear(self, *_: object) -> None:
        """The legend is under the plot (in its corner it covered a column of dots and the zero line
        at 720p, and half the plot at 150 %): the dots and the bootstrap bar have the whole height;
        its entries side by side where the plot is wide enough for two of them."""
        self.diff_legend.fit_columns(self.diff_plot.width())
        self.diff_plot.getPlotItem().setYRange(0, self._diff_content_top, padding=0)
        # (the dots are sized again by sigRangeChanged when the range moved)
        self._place_bootstrap_text()

    def _place_bootstrap_text(self) -> None:
        """The bootstrap interval's words beside its bar, on the side with room for them: right of
        the bar ran off the plot when the interval reached its right edge."""
        if self._bootstrap_at is None:
            return
        lo, hi, y = self._bootstrap_at
        box = self.diff_plot.getPlotItem().getViewBox()
        (x0, x1), _ = box.viewRange()
        per_px = (x1 - x0) / max(box.width(), 1.0)
        gap = 6 * per_px
        needed = self.bootstrap_text.textItem.boundingRect().width() * per_px
        room_right, room_left = x1 - (hi + gap), (lo - gap) - x0
        if room_right >= needed or (room_left < needed and room_right >= room_left):
            self.bootstrap_text.setAnchor((0, 0.5))
            self.bootstrap_text.setPos(hi + gap, y)
        else:
            self.bootstrap_text.setAnchor((1, 0.5))
            self.bootstrap_text.setPos(lo - gap, y)

    def _resize_diff_dots(self, *_: object) -> None:
        """Dots as big as one row of the dot histogram allows, so stacks stay countable.

        When a row is too thin for a round dot (thousands of runs), each run becomes a dash as wide
        as a dot would be and as tall as its row, so the stacks read as the bars of a histogram.
        """
        xs = np.concatenate([dots.data["x"] for dots in self.diff_dots.values()])
        if not len(xs):
            return
        vb = self.diff_plot.getPlotItem().getViewBox()
        px_w, px_h = vb.viewPixelSize()
        if px_w <= 0 or px_h <= 0:
            return
        xs = np.unique(xs)
        column = min(float(np.min(np.diff(xs))) / px_w if len(xs) > 1 else 24.0, 24.0)
        row = 1.0 / px_h
        if row >= MIN_DOT_PX:
            symbol, size = "o", float(np.clip(min(row, column) * 0.92, MIN_DOT_PX, 12.0))
        else:
            width = float(np.clip(column * 0.8, 4.0, 12.0))
            symbol, size = dash_symbol(row / width), width
        if (symbol, round(size, 1)) == self._diff_symbol:
            return
        self._diff_symbol = (symbol, round(size, 1))
        for dots in self.diff_dots.values():
            if len(dots.data):
                dots.setSymbol(symbol)
                dots.setSize(size)

    def _fill_table(self, comparison: Comparison | None) -> None:
        tr = self.language.tr
        if comparison is None:
            names = [
                strategy_label(self.settings.config.strategy, self.language),
                strategy_label(baseline_strategy(), self.language),
            ]
            rows = [(names[0], None), (names[1], None), (tr(analysis_words.DIFFERENCE), None)]
        else:
            current, baseline = means(comparison.current), means(comparison.baseline)
            rows = [
                (strategy_label(comparison.config.strategy, self.language), current),
                (strategy_label(baseline_strategy(), self.language), baseline),
                (tr(analysis_words.DIFFERENCE), {k: current[k] - baseline[k] for k in current}),
            ]
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        texts = [
            [
                "" if values is None else (fmt_diff if r == 2 else fmt_mean)(values[key])
                for key, _zh, _en, fmt_mean, fmt_diff in METRIC_COLUMNS
            ]
            for r, (_, values) in enumerate(rows)
        ]
        fill_table(self.table, texts, bold={(2, c) for c in range(len(METRIC_COLUMNS))})

    # --- runs under the pointer -------------------------------------------------------------------

    def open_run(self, arm: str, seed: int) -> None:
        """Open one run of the result in the Explore view: the run the clicked dot stands for."""
        config = self.result.config
        if arm == "baseline":
            config = baseline_of(config)
        self.settings.open_run(config.with_(seed=seed))

    # --- export -----------------------------------------------------------------------------------

    def export_stem(self) -> str:
        if self.result is None:
            return "memviz-batch"
        c = self.result
        return f"memviz-batch-{c.config.strategy}-seeds{c.seeds.start}-{c.seeds.stop - 1}"

    def export_rows(self) -> list[dict]:
        c: Comparison = self.result
        rows = []
        for arm, config, results in (
            ("current", c.config, c.current),
            ("baseline", baseline_of(c.config), c.baseline),
        ):
            for seed, result in zip(c.seeds, results, strict=True):
                rows.append(export.run_row(config.with_(seed=seed), result, arm=arm))
        return rows

    def export_data(self) -> dict:
        c: Comparison = self.result
        data = c.to_dict()
        data["site"] = dict(self.settings.site.names)
        data["runs"] = {
            "current": [{"seed": s, **r.to_dict()} for s, r in zip(c.seeds, c.current, strict=True)],
            "baseline": [{"seed": s, **r.to_dict()} for s, r in zip(c.seeds, c.baseline, strict=True)],
        }
        data["baseline_config"] = export.setting_values(baseline_of(c.config))
        return data
