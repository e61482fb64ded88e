"""Cost view: what it takes each strategy to find every bug, in steps and in tokens.

Memory makes each call dearer (every entry is injected into the prompt) but saves the calls wasted
on pages already seen. Per strategy: the distribution of steps and tokens until all bugs are found,
bugs found against tokens spent, the cost per bug, and the no-memory ratio the chapter quotes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.experiments import CostResult, cost_to_find_all_bugs
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import STRATEGIES, baseline_strategy, uses_memory
from memviz.gui.analysis.per_call_plot import PerCallPlot, per_call_lines, per_call_window
from memviz.gui.kit import export
from memviz.gui.kit.computed_view import AnalysisView
from memviz.gui.kit.palette import strategy_colour, strategy_dash
from memviz.gui.kit.plots import (
    LogCountAxis,
    capacity_label,
    count_text,
    fill_table,
    font,
    ink,
    make_below_legend,
    make_plot,
    make_room_for_two_line_ticks,
    make_table,
    mean_pen,
    paper,
    pen,
    policy_label,
    qcolor,
    seeds_text,
    set_axis_label,
    set_title,
    stack_offsets,
    strategy_label,
    strategy_tick,
    style_legend,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import (
    Qt,
    QWidget,
)
from memviz.wording import NO_VALUE, capitalized, counted, no_bug_found, ratio
from memviz.wording import analysis as analysis_words
from memviz.wording import context as context_words

COLUMN_HALF_WIDTH = 0.36
LOG_BIN = 0.025  # runs within this many decades of each other share a row of the strip plot
FEATURED = "frontier"  # the chapter's ratio: frontier against no memory


@dataclass
class CostData:
    """Every strategy run until all bugs are found, on the same seeds and settings."""

    config: RunConfig  # the settings in force; the strategy is set per entry of ``costs``
    seeds: range
    n_bugs: int
    costs: dict[str, CostResult]
    # issue 38, with a session context on: the tokens of each call (per_call_plot.PER_CALL_LINES)
    per_call: dict[str, list[float]] | None = None

    @property
    def bug_tokens(self) -> dict[str, list[list[int]]]:
        """Per strategy, per run: the tokens spent when each bug was first reported (from the runs)."""
        return {s: [r.bug_tokens for r in cost.runs] for s, cost in self.costs.items()}

    def tokens_per_step(self, strategy: str) -> float | None:
        """None when no step was taken (a start page with no links): the figure has no value."""
        cost = self.costs[strategy]
        return ratio(cost.tokens, cost.steps)

    def share_of_no_memory(self, strategy: str) -> float | None:
        """Mean tokens to find every bug, as a fraction of the no-memory agent's."""
        return ratio(self.costs[strategy].tokens, self.costs[baseline_strategy()].tokens)

    def per_step_premium(self, strategy: str) -> float | None:
        per_step, base = self.tokens_per_step(strategy), self.tokens_per_step(baseline_strategy())
        return None if per_step is None or not base else per_step / base - 1

    @property
    def any_bug_found(self) -> bool:
        return any(cost.tokens_per_bug is not None for cost in self.costs.values())

    def found_curve(self, strategy: str) -> tuple[np.ndarray, np.ndarray]:
        """Mean bugs found (over runs) against tokens spent: a step function, as (tokens, bugs)."""
        stamps = np.sort(np.concatenate([np.asarray(r, dtype=float) for r in self.bug_tokens[strategy]]))
        runs = len(self.bug_tokens[strategy])
        return stamps, np.arange(1, len(stamps) + 1) / runs


def cost_strategies() -> tuple[str, ...]:
    """The strategies the cost of finding every bug is shown for: every registered one but those
    that know only their session context (issue 38), which with the context off walk as the
    no-memory baseline does (their price is the Cost view's context plot)."""
    return tuple(s for s in STRATEGIES if not STRATEGIES.get(s).needs_context)


def cost_function(site: Site, config: RunConfig, runs: int, seed0: int) -> Callable[[JobContext], CostData]:
    def compute(context: JobContext) -> CostData:
        context.expect(len(cost_strategies()) * runs)
        costs = {
            s: cost_to_find_all_bugs(site, config.with_(strategy=s), runs, seed0, context.runner)
            for s in cost_strategies()
        }
        seeds = range(seed0, seed0 + runs)
        per_call = per_call_lines(site, config, seeds, context) if config.context is not None else None
        return CostData(config, seeds, site.n_bugs, costs, per_call)

    return compute


def si_count_3(x: float) -> str:
    """Three significant figures with a k or M suffix: 1.92M, 256k, 112k."""
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if x >= size:
            v = x / size
            return f"{v:.{max(0, 2 - int(math.log10(v)))}f}{suffix}"
    return f"{x:.0f}"


def share_text(share: float | None) -> str:
    return NO_VALUE if share is None else pct(share)


class CostView(AnalysisView):
    object_name = "cost"
    plot_min_width_ems = 28  # three plots: a row at 125 % in a 1366-wide window, a column at 1280

    def _build_body(self) -> QWidget:
        self.steps_plot = make_plot({"left": LogCountAxis("left")})
        self.steps_plot.setObjectName("steps_plot")
        self.tokens_plot = make_plot({"left": LogCountAxis("left")})
        self.tokens_plot.setObjectName("tokens_plot")
        for plot in (self.steps_plot, self.tokens_plot):
            plot.getPlotItem().getAxis("left").setLogMode(True)
            plot.getPlotItem().setMouseEnabled(x=False, y=True)
            make_room_for_two_line_ticks(plot)
        self.curve_plot = make_plot({"bottom": LogCountAxis("bottom")})
        self.curve_plot.setObjectName("found_plot")
        self.curve_plot.getPlotItem().getAxis("bottom").setLogMode(True)
        self.curve_plot.getPlotItem().setMouseEnabled(x=True, y=False)
        # Top left, under the "all bugs" line's label: the curves start low on the left and end
        # high on the right, so that corner is the one they never cross.
        # Under the plot: in its corner it met the "all N bugs" line's words, and in a short plot
        # (720p at 125 %) the curves
        self.curve_legend = make_below_legend(self.curve_plot)
        self.curve_plot.below_legend = self.curve_legend  # PlotRow keeps its height on top
        self._build_plot_items()

        self.table = make_table(len(cost_strategies()), 6, "cost_table", scale=1.15)
        # issue 38: the tokens of each call, shown while the settings have a session context
        self.per_call = PerCallPlot(self.language)
        self.per_call.widget.setVisible(False)

        return self._plots_above(
            [(self.per_call.widget, 3), (self.steps_plot, 2), (self.tokens_plot, 2), (self.curve_plot, 3)],
            self.table,
        )

    # --- running --------------------------------------------------------------------------------

    def _job_function(self):
        config = self.settings.config
        runs = len(cost_strategies()) * self.runs
        return cost_function(self.settings.site, config, self.runs, self.seed0), runs

    def _depends_on(self, site: Site, config: RunConfig) -> tuple:
        # Every strategy runs until all bugs are found: the strategy, seed and budget play no part.
        return (id(site), config.with_(strategy="random", seed=0, budget=0))

    @property
    def featured(self) -> str:
        """The memory strategy the headline is about: the one in the settings, else the chapter's."""
        strategy = self.settings.config.strategy
        return strategy if uses_memory(strategy) else FEATURED

    # --- texts ----------------------------------------------------------------------------------

    def _retranslate_run_button(self) -> None:
        self.run_button.setText(self.language.tr(analysis_words.COST_OF_FINDING_EVERY_BUG))

    def _retranslate(self) -> None:
        tr = self.language.tr
        self.run_button.setToolTip(tr(analysis_words.RUN_THESE_SEEDS_WITH_EACH_STRATEGY))
        set_axis_label(self.steps_plot, "left", tr(analysis_words.STEPS_LOG_SCALE))
        set_axis_label(self.tokens_plot, "left", tr(analysis_words.TOKENS_LOG_SCALE))
        set_axis_label(self.curve_plot, "bottom", tr(analysis_words.TOKENS_SPENT_LOG))
        set_axis_label(self.curve_plot, "left", tr(analysis_words.BUGS_FOUND_MEAN_COUNT))
        self._set_click_hint(self.steps_plot, self.tokens_plot)
        self.table.setHorizontalHeaderLabels(
            [
                tr(analysis_words.MEAN_STEPS),
                tr(analysis_words.MEAN_TOKENS),
                tr(analysis_words.TOKENS_PER_STEP),
                tr(analysis_words.TOKENS_PER_BUG),
                tr(analysis_words.RUNS_THAT_FOUND_ALL),
                tr(analysis_words.TOKENS_VS_NO_MEMORY),
            ]
        )

    def _show_per_call(self, shown: bool) -> None:
        """The per-call plot in the steps plot's place, or back; the plots share the width anew (a
        splitter keeps a hidden plot's share for it)."""
        if shown == self.per_call.widget.isVisibleTo(self):
            return
        self.per_call.widget.setVisible(shown)
        self.steps_plot.setVisible(not shown)
        self._give_way()
        splitter = self.steps_plot.parentWidget()
        weights = [5 if shown else 0, 0 if shown else 4, 4, 5]  # the stretch factors, a little more to tokens
        splitter.setSizes([max(1, splitter.width()) * w // sum(weights) for w in weights])

    def plots(self):
        if self.per_call.widget.isVisibleTo(self):  # with a context on, in the steps plot's place
            first = ("tokens-per-call", *context_words.PER_CALL_EXPORT, self.per_call.widget)
        else:
            first = ("steps", *analysis_words.STEPS_TO_FIND_EVERY_BUG, self.steps_plot)
        return [
            first,
            ("tokens", *analysis_words.TOKENS_TO_FIND_EVERY_BUG, self.tokens_plot),
            ("bugs-by-tokens", *analysis_words.BUGS_FOUND_BY_TOKENS_SPENT, self.curve_plot),
        ]

    def _clear(self) -> None:
        tr = self.language.tr
        self._show_per_call(False)
        n = self.settings.site.n_bugs
        button = self.run_button.text()
        self.headline.setText(tr(analysis_words.PRESS_EACH_STRATEGY_RUNS_UNTIL_ALL_N, button=button, n=n))
        self.context_label.setText("")
        set_title(self.steps_plot, tr(analysis_words.STEPS_TO_FIND_EVERY_BUG))
        set_title(self.tokens_plot, tr(analysis_words.TOKENS_TO_FIND_EVERY_BUG))
        set_title(self.curve_plot, tr(analysis_words.BUGS_FOUND_AS_TOKENS_ARE_SPENT))
        self._fill_table(None)

    def _draw(self) -> None:
        data: CostData = self.result
        tr = self.language.tr
        featured = self.featured
        name = strategy_label(featured, self.language)
        share = data.share_of_no_memory(featured)
        premium = data.per_step_premium(featured)
        mean_tokens = count_text(data.costs[featured].tokens)
        base_tokens = count_text(data.costs[baseline_strategy()].tokens)
        cheaper = share is not None and share < 1
        if not data.any_bug_found or share is None or premium is None:  # nothing to compare: say why
            none_found = capitalized(no_bug_found(self.language.code))
            bugs = counted(data.n_bugs, self.language.code, *analysis_words.BUG)
            self.headline.setText(
                tr(
                    analysis_words.THIS_SITE_HAS_TOKENS_PER_BUG_N,
                    none_found=none_found,
                    bugs=bugs,
                    NO_VALUE=NO_VALUE,
                )
                if not data.any_bug_found
                else tr(analysis_words.NO_STEP_WAS_TAKEN_TOKENS_PER_N, NO_VALUE=NO_VALUE)
            )
        else:
            self._headline(name, share, premium, mean_tokens, base_tokens, cheaper, data.n_bugs)
        self._draw_context_and_plots(data)
        # with a context on, the tokens of each call take the steps plot's place (four do not fit 1280)
        self._show_per_call(data.per_call is not None)
        if data.per_call is not None:
            self.per_call.draw(data.per_call, per_call_window(data.config))

    def _headline(self, name, share, premium, mean_tokens, base_tokens, cheaper, n_bugs) -> None:
        """The chapter's sentence: the featured strategy's share of no memory's tokens, its per-step premium."""
        tr = self.language.tr
        # no memory's tokens: "only" so much, or as much (Chinese says it; English has the numbers)
        only = tr(analysis_words.ONLY_ZH) if cheaper else tr(analysis_words.AS_MUCH_AS_ZH)
        dearer = tr(analysis_words.DEARER) if premium >= 0 else tr(analysis_words.CHEAPER)
        part, step_premium = share_text(share), pct(abs(premium))
        self.headline.setText(
            tr(
                analysis_words.FINDING_ALL_BUGS_B_B_SPENDS_N,
                n_bugs=n_bugs,
                name=name,
                mean_tokens=mean_tokens,
                only=only,
                base_tokens=base_tokens,
                part=part,
                dearer=dearer,
                step_premium=step_premium,
            )
        )

    def _draw_context_and_plots(self, data: CostData) -> None:
        tr = self.language.tr
        limit = data.config.max_steps
        missing = {s: len(c.runs) - c.all_found for s, c in data.costs.items()}
        note = ""
        if any(missing.values()):
            parts = [f"{strategy_label(s, self.language)} {m}" for s, m in missing.items() if m]
            listed = tr(analysis_words.LIST_SEPARATOR).join(parts)
            note = tr(analysis_words.RUNS_THAT_HAD_NOT_FOUND_EVERY_N, limit=limit, listed=listed)
        visited, frontier = data.costs.get("visited"), data.costs.get("frontier")
        if visited is not None and frontier is not None and _same_runs(visited.runs, frontier.runs):
            # Two identical rows look like a mistake: say why they are the same.
            note += tr(analysis_words.VISITED_SET_AND_VISITED_SET_LINK)
        entries = capacity_label(data.config.capacity, self.language)
        seeds = seeds_text(data.seeds.start, len(data.seeds), self.language)
        policy = policy_label(data.config.policy, self.language)
        capacity = (
            entries
            if data.config.capacity is None
            else tr(analysis_words.EVICTION_N, entries=entries, policy=policy)
        )
        self.context_label.setText(
            tr(
                analysis_words.EACH_STRATEGY_UNTIL_EVERY_BUG_IS_N,
                seeds=seeds,
                limit=limit,
                capacity=capacity,
                base_tokens=data.config.base_tokens,
                entry_tokens=data.config.entry_tokens,
                note=note,
            )
        )
        self._draw_strip(
            self.steps_plot,
            data,
            "steps",
            tr(analysis_words.STEPS_TO_FIND_EVERY_BUG),
        )
        self._draw_strip(
            self.tokens_plot,
            data,
            "tokens",
            tr(analysis_words.TOKENS_TO_FIND_EVERY_BUG),
        )
        self._draw_curves(data)
        self._fill_table(data)

    def _build_plot_items(self) -> None:
        """Every item of the three plots, made once; a new result only moves them (setData)."""
        self.dots: dict[tuple[str, str], pg.ScatterPlotItem] = {}
        self.mean_lines: dict[tuple[str, str], pg.PlotDataItem] = {}
        self.mean_texts: dict[tuple[str, str], pg.TextItem] = {}
        for metric, widget in (("steps", self.steps_plot), ("tokens", self.tokens_plot)):
            plot = widget.getPlotItem()
            for strategy in cost_strategies():
                key = (metric, strategy)
                dots = self.run_dots(
                    strategy,
                    lambda x, y, m=metric: self._describe(m, y),
                    brush=pg.mkBrush(qcolor(strategy_colour(strategy), 190)),
                )
                line = pg.PlotDataItem()
                text = pg.TextItem(anchor=(0.5, 1.1))
                text.setFont(font(12, bold=True))
                for item in (dots, line, text):
                    plot.addItem(item)
                self.dots[key], self.mean_lines[key], self.mean_texts[key] = dots, line, text
            plot.setXRange(-0.55, len(cost_strategies()) - 0.45, padding=0)
            box = plot.getViewBox()
            box.sigRangeChanged.connect(lambda *_, m=metric: self._keep_means_inside(m))
            box.sigResized.connect(lambda *_, m=metric: self._keep_means_inside(m))

        plot = self.curve_plot.getPlotItem()
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.mean_markers: dict[str, pg.ScatterPlotItem] = {}
        for strategy in cost_strategies():
            colour = strategy_colour(strategy)
            self.curves[strategy] = pg.PlotDataItem()
            self.mean_markers[strategy] = pg.ScatterPlotItem(symbol="t", size=16, brush=pg.mkBrush(colour))
            plot.addItem(self.curves[strategy])
            plot.addItem(self.mean_markers[strategy])
        self.all_bugs_line = pg.InfiniteLine(
            angle=0, label="", labelOpts={"position": 0.02, "anchors": [(0, 1.2), (0, 1.2)]}
        )
        self.all_bugs_line.setVisible(False)
        plot.addItem(self.all_bugs_line)
        self._all_bugs: int | None = None
        plot.getViewBox().sigResized.connect(self._fit_all_bugs_room)

    def _draw_strip(self, widget: pg.PlotWidget, data: CostData, metric: str, title: str) -> None:
        tr = self.language.tr
        n = len(data.seeds)
        size = 7 if n <= 300 else 5 if n <= 1000 else 3
        outline = pg.mkPen(paper(), width=0.6) if size > 4 else pg.mkPen(None)
        ticks = []
        for x, strategy in enumerate(cost_strategies()):
            key = (metric, strategy)
            runs = data.costs[strategy].runs
            values = np.array([max(getattr(r, metric), 1) for r in runs], dtype=float)
            logs = np.log10(values)
            offsets = stack_offsets([round(v / LOG_BIN) for v in logs], 0.025, COLUMN_HALF_WIDTH)
            self.dots[key].setData(
                x=x + offsets,
                y=logs,
                data=list(data.seeds),
                size=size,
                hoverSize=size + 4,
                pen=outline,
                hoverPen=pen(ink(), 2),
            )
            mean = getattr(data.costs[strategy], metric)
            log_mean = math.log10(max(mean, 1))
            self.mean_lines[key].setData(
                [x - COLUMN_HALF_WIDTH - 0.05, x + COLUMN_HALF_WIDTH + 0.05],
                [log_mean, log_mean],
                pen=mean_pen(),
            )
            short = f"{mean:.0f}" if mean < 10_000 else si_count_3(mean)
            # two lines: three columns side by side leave a narrow plot little room at 720p
            self.mean_texts[key].setText(tr(analysis_words.MEAN_N, short=short))
            self.mean_texts[key].setColor(ink())
            self.mean_texts[key].fill = pg.mkBrush(qcolor(paper(), 210))
            self.mean_texts[key].setPos(x, log_mean)
            ticks.append((x, strategy_tick(strategy, self.language)))
        plot = widget.getPlotItem()
        plot.getAxis("bottom").setTicks([ticks])
        plot.enableAutoRange(axis="y")
        set_title(widget, title)
        self._keep_means_inside(metric)

    def _keep_means_inside(self, metric: str) -> None:
        """A column's "mean" label stands above its line, or below it when the line is too near
        the plot's top for the label: at 130 % in a 720p window the top column's label was cut."""
        for strategy in cost_strategies():
            text = self.mean_texts.get((metric, strategy))
            if text is None or not text.isVisible():
                continue
            box = text.getViewBox()
            if box is None:
                continue
            line_y = box.mapViewToScene(text.pos()).y()
            room_above = line_y - box.sceneBoundingRect().top()
            above = room_above >= text.boundingRect().height() * 1.1
            anchor = (0.5, 1.1) if above else (0.5, -0.1)
            if tuple(text.anchor) != anchor:
                text.setAnchor(anchor)

    def _fit_all_bugs_room(self, *_args) -> None:
        """Room above the "all N bugs" line for its label, in the plot's pixels: a fixed 0.6 of a
        bug was less than the label's height zoomed to 130 %, and "all 6 ▼" was cut off."""
        if self._all_bugs is None:
            return
        box = self.curve_plot.getPlotItem().getViewBox()
        # The label stands 1.2 of its own height above the line (its anchors), with its margins.
        label = self.all_bugs_line.label.boundingRect().height() * 1.5
        room = 0.6
        if box.height() > label:  # pixels per bug with the room above: solve for the room
            room = max(room, label * self._all_bugs / (box.height() - label))
        self.curve_plot.getPlotItem().setYRange(0, self._all_bugs + room, padding=0)

    def _draw_curves(self, data: CostData) -> None:
        tr = self.language.tr
        plot = self.curve_plot.getPlotItem()
        self.curve_legend.clear()
        style_legend(self.curve_legend)
        first = min((r[0] for runs in data.bug_tokens.values() for r in runs if r), default=1)
        last = max(r.tokens for c in data.costs.values() for r in c.runs)
        x0 = math.log10(max(min(first, data.config.base_tokens or first), 1)) - 0.1
        # A third of the width before the first bug, empty: the legend's corner (top left) stays
        # clear of every curve, whatever the site.
        x0 -= 0.5 * (math.log10(last * 1.15) - x0)
        for strategy in cost_strategies():
            tokens, bugs = data.found_curve(strategy)
            # Draw as steps: flat until the next bug, then up.
            before = np.concatenate([[0.0], bugs[:-1]])[: len(bugs)]  # no bug found: no step up
            xs = np.concatenate([[10**x0], np.repeat(tokens, 2), [last * 1.15]])
            ys = np.concatenate(
                [[0.0], np.column_stack([before, bugs]).ravel(), bugs[-1:] if len(bugs) else [0.0]]
            )
            self.curves[strategy].setData(
                np.log10(xs), ys, pen=pen(strategy_colour(strategy), 3.5, style=strategy_dash(strategy))
            )
            self.curve_legend.addItem(self.curves[strategy], strategy_label(strategy, self.language))
            mean_tokens = max(data.costs[strategy].tokens, 1)
            self.mean_markers[strategy].setData(
                x=[math.log10(mean_tokens)], y=[data.n_bugs], pen=pg.mkPen(ink(), width=1)
            )
        self.all_bugs_line.setVisible(True)  # first: a hidden line's label ignores new text
        self.all_bugs_line.setPen(pen(ink(), 1.5, style=Qt.PenStyle.DashLine))
        self.all_bugs_line.label.setColor(ink())
        self.all_bugs_line.setValue(data.n_bugs)
        self.all_bugs_line.label.setFormat(tr(analysis_words.ALL_MEAN_TOKENS_N, n_bugs=data.n_bugs))
        self._all_bugs = data.n_bugs
        self._fit_all_bugs_room()
        plot.setXRange(x0, math.log10(last * 1.15), padding=0)
        set_title(self.curve_plot, tr(analysis_words.BUGS_FOUND_AS_TOKENS_ARE_SPENT))

    def _fill_table(self, data: CostData | None) -> None:
        tr = self.language.tr
        self.table.setVerticalHeaderLabels([strategy_label(s, self.language) for s in cost_strategies()])
        texts = []
        for strategy in cost_strategies():
            if data is None:
                texts.append([""] * 6)
                continue
            cost = data.costs[strategy]
            runs = len(cost.runs)
            texts.append(
                [
                    f"{cost.steps:,.1f}",
                    count_text(cost.tokens),
                    count_text(data.tokens_per_step(strategy)),
                    count_text(cost.tokens_per_bug) if cost.tokens_per_bug is not None else NO_VALUE,
                    tr(analysis_words.OF_N, all_found=cost.all_found, runs=runs),
                    f"{share_text(data.share_of_no_memory(strategy))}%",
                ]
            )
        featured = {(cost_strategies().index(self.featured), 5)} if data is not None else set()
        fill_table(self.table, texts, bold=featured)

    # --- runs under the pointer -------------------------------------------------------------------

    def _describe(self, metric: str, log_value: float) -> tuple[str, str]:
        value = count_text(10**log_value)
        said = analysis_words.N_STEPS if metric == "steps" else analysis_words.N_TOKENS
        return said.filled(value=value)

    def open_run(self, strategy: str, seed: int) -> None:
        """Open the clicked run in the Explore view, exactly as it ran here (until every bug is found)."""
        self.settings.open_run(self.result.costs[strategy].config.with_(seed=seed))

    # --- export -----------------------------------------------------------------------------------

    def export_stem(self) -> str:
        if self.result is None:
            return "memviz-cost"
        return f"memviz-cost-seeds{self.result.seeds.start}-{self.result.seeds.stop - 1}"

    def export_rows(self) -> list[dict]:
        data: CostData = self.result
        rows = []
        for cost in data.costs.values():
            for seed, result in zip(data.seeds, cost.runs, strict=True):
                found = result.bug_tokens
                row = export.run_row(cost.config.with_(seed=seed), result)
                row["tokens_per_bug"] = result.tokens / result.bugs if result.bugs else ""
                for b in range(data.n_bugs):
                    row[f"tokens_at_bug_{b + 1}"] = found[b] if b < len(found) else ""
                rows.append(row)
        return rows

    def export_data(self) -> dict:
        data: CostData = self.result
        return {
            **self._export_context(data.config, data.seeds),
            "n_bugs": data.n_bugs,
            "strategies": {
                s: {
                    **cost.summary(),
                    "tokens_per_step": data.tokens_per_step(s),
                    "share_of_no_memory": data.share_of_no_memory(s),
                    "per_step_premium": data.per_step_premium(s),
                    "runs": [
                        {"seed": seed, **r.to_dict(), "tokens_at_bugs": r.bug_tokens}
                        for seed, r in zip(data.seeds, cost.runs, strict=True)
                    ],
                }
                for s, cost in data.costs.items()
            },
        }


def _same_runs(a, b) -> bool:
    """The same seeds gave the same runs, step for step and token for token."""
    return len(a) == len(b) and all(
        (x.steps, x.tokens, x.bugs) == (y.steps, y.tokens, y.bugs) for x, y in zip(a, b, strict=True)
    )
