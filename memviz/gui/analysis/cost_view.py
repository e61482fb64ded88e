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
import pyqtgraph as pg

from memviz.core.engine import RunConfig
from memviz.core.experiments import CostResult, cost_to_find_all_bugs
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import STRATEGIES, baseline_strategy, uses_memory
from memviz.gui.kit import export
from memviz.gui.kit.computed_view import AnalysisView
from memviz.gui.kit.palette import strategy_colour, strategy_dash
from memviz.gui.kit.plots import (
    LogCountAxis,
    count_text,
    fill_table,
    font,
    ink,
    make_legend,
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
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import (
    Qt,
    QWidget,
)
from memviz.wording import NO_VALUE, no_bug_found, ratio

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


def cost_function(site: Site, config: RunConfig, runs: int, seed0: int) -> Callable[[JobContext], CostData]:
    def compute(context: JobContext) -> CostData:
        context.expect(len(STRATEGIES) * runs)
        costs = {
            s: cost_to_find_all_bugs(site, config.with_(strategy=s), runs, seed0, context.runner)
            for s in STRATEGIES
        }
        return CostData(config, range(seed0, seed0 + runs), site.n_bugs, costs)

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
        self.curve_legend = make_legend(self.curve_plot, offset=(10, 34))
        self._build_plot_items()

        self.table = make_table(len(STRATEGIES), 6, "cost_table", scale=1.15)

        return self._plots_above(
            [(self.steps_plot, 2), (self.tokens_plot, 2), (self.curve_plot, 3)], self.table
        )

    # --- running --------------------------------------------------------------------------------

    def _job_function(self):
        config = self.settings.config
        runs = len(STRATEGIES) * self.runs
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
        self.run_button.setText(self.language.tr("算找全 Bug 的成本", "Cost of finding every bug"))

    def _retranslate(self) -> None:
        tr = self.language.tr
        self.run_button.setToolTip(
            tr(
                "三种策略各跑这些 seed，一直跑到找全所有 Bug（或到步数上限）",
                "Run these seeds with each strategy until every bug is found (or the step limit)",
            )
        )
        set_axis_label(self.steps_plot, "left", tr("步数（对数刻度）", "Steps (log scale)"))
        set_axis_label(self.tokens_plot, "left", tr("token（对数刻度）", "Tokens (log scale)"))
        set_axis_label(self.curve_plot, "bottom", tr("已花的 token（对数刻度）", "Tokens spent (log)"))
        set_axis_label(self.curve_plot, "left", tr("已找到的 Bug（平均个数）", "Bugs found (mean count)"))
        self._set_click_hint(self.steps_plot, self.tokens_plot)
        self.table.setHorizontalHeaderLabels(
            [
                tr("平均步数", "Mean steps"),
                tr("平均 token", "Mean tokens"),
                tr("每步 token", "Tokens per step"),
                tr("每个 Bug 的 token", "Tokens per bug"),
                tr("找全的次数", "Runs that\nfound all"),
                tr("token 占无记忆", "Tokens vs\nno memory"),
            ]
        )

    def plots(self):
        return [
            ("steps", "找全 Bug 的步数", "Steps to find every bug", self.steps_plot),
            ("tokens", "找全 Bug 的 token", "Tokens to find every bug", self.tokens_plot),
            ("bugs-by-tokens", "Bug 随 token", "Bugs found by tokens spent", self.curve_plot),
        ]

    def _clear(self) -> None:
        tr = self.language.tr
        n = self.settings.site.n_bugs
        self.headline.setText(
            tr(
                f"点「{self.run_button.text()}」：每种策略一直跑到找全 {n} 个 Bug，比每个 Bug 花多少，不比每步。",
                f"Press “{self.run_button.text()}”: each strategy runs until all {n} bugs are found; compare the "
                "cost per bug, not per step.",
            )
        )
        self.context_label.setText("")
        set_title(self.steps_plot, tr("每次运行找全 Bug 的步数", "Steps to find every bug"))
        set_title(self.tokens_plot, tr("每次运行找全 Bug 的 token", "Tokens to find every bug"))
        set_title(self.curve_plot, tr("找到的 Bug 随花掉的 token", "Bugs found as tokens are spent"))
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
            self.headline.setText(
                tr(
                    f"{no_bug_found('zh')}（这个站点有 {data.n_bugs} 个 Bug）：每个 Bug 的 token 没有值（{NO_VALUE}）。",
                    f"{no_bug_found('en').capitalize()} (this site has {data.n_bugs} bugs): "
                    f"tokens per bug have no value ({NO_VALUE}).",
                )
                if not data.any_bug_found
                else tr(
                    f"没有走任何一步：每步 token 没有值（{NO_VALUE}）。",
                    f"No step was taken: tokens per step have no value ({NO_VALUE}).",
                )
            )
        else:
            self._headline(name, share, premium, mean_tokens, base_tokens, cheaper, data.n_bugs)
        self._draw_context_and_plots(data)

    def _headline(self, name, share, premium, mean_tokens, base_tokens, cheaper, n_bugs) -> None:
        """The chapter's sentence: the featured strategy's share of no memory's tokens, its per-step premium."""
        tr = self.language.tr
        self.headline.setText(
            tr(
                f"找全 {n_bugs} 个 Bug：<b>{name}</b> 平均 {mean_tokens} token，"
                f"{'只有' if cheaper else '是'}无记忆（{base_tokens}）的 <b>{share_text(share)}%</b>；"
                f"它每步{'贵' if premium >= 0 else '便宜'} {pct(abs(premium))}%。",
                f"Finding all {n_bugs} bugs: <b>{name}</b> spends {mean_tokens} tokens on average, "
                f"<b>{share_text(share)}%</b> of no memory's ({base_tokens}), though each of its steps costs "
                f"{pct(abs(premium))}% {'more' if premium >= 0 else 'less'}.",
            )
        )

    def _draw_context_and_plots(self, data: CostData) -> None:
        tr = self.language.tr
        limit = data.config.max_steps
        missing = {s: len(c.runs) - c.all_found for s, c in data.costs.items()}
        note = ""
        if any(missing.values()):
            parts = [f"{strategy_label(s, self.language)} {m}" for s, m in missing.items() if m]
            note = tr(
                f" 在 {limit} 步内没找全的次数：{'，'.join(parts)}。",
                f" Runs that had not found every bug after {limit} steps: {', '.join(parts)}.",
            )
        visited, frontier = data.costs.get("visited"), data.costs.get("frontier")
        if visited is not None and frontier is not None and _same_runs(visited.runs, frontier.runs):
            # Two identical rows look like a mistake: say why they are the same.
            note += tr(
                " 已访问集合和加上链接表的两行一模一样：链接表只在当前页每个链接都已记住时才用得上，"
                "这样的记忆下从没发生过，所以每一步的选择都一样。",
                " Visited set and visited set + link table made the very same runs: the link table is"
                " used only on a page whose every link is remembered, which never happened with this"
                " memory, so every choice was the same.",
            )
        capacity = (
            tr("不限", "unlimited")
            if data.config.capacity is None
            else tr(
                f"{data.config.capacity} 条（{policy_label(data.config.policy, self.language)}淘汰）",
                f"{data.config.capacity} entries ({policy_label(data.config.policy, self.language)} eviction)",
            )
        )
        self.context_label.setText(
            tr(
                f"{seeds_text(data.seeds.start, len(data.seeds), self.language)}，每种策略跑到找全为止"
                f"（上限 {limit} 步）。记忆容量 {capacity}；每步 {data.config.base_tokens:,} token"
                f" + 每条记忆 {data.config.entry_tokens}。{note}",
                f"{seeds_text(data.seeds.start, len(data.seeds), self.language)}, each strategy until every bug "
                f"is found (at most {limit} steps). Memory capacity {capacity}; {data.config.base_tokens:,} "
                f"tokens per step + {data.config.entry_tokens} per memory entry.{note}",
            )
        )
        self._draw_strip(
            self.steps_plot,
            data,
            "steps",
            tr("每次运行找全 Bug 的步数", "Steps to find every bug"),
        )
        self._draw_strip(
            self.tokens_plot,
            data,
            "tokens",
            tr("每次运行找全 Bug 的 token", "Tokens to find every bug"),
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
            for strategy in STRATEGIES:
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
            plot.setXRange(-0.55, len(STRATEGIES) - 0.45, padding=0)
            box = plot.getViewBox()
            box.sigRangeChanged.connect(lambda *_, m=metric: self._keep_means_inside(m))
            box.sigResized.connect(lambda *_, m=metric: self._keep_means_inside(m))

        plot = self.curve_plot.getPlotItem()
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.mean_markers: dict[str, pg.ScatterPlotItem] = {}
        for strategy in STRATEGIES:
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
        for x, strategy in enumerate(STRATEGIES):
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
            self.mean_texts[key].setText(tr(f"均值\n{short}", f"mean\n{short}"))
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
        for strategy in STRATEGIES:
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
        label = self.all_bugs_line.label.boundingRect().height() * 1.25
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
        for strategy in STRATEGIES:
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
        self.all_bugs_line.label.setFormat(
            tr(f"全部 {data.n_bugs} 个 ▼ = 平均 token", f"all {data.n_bugs} ▼ = mean tokens")
        )
        self._all_bugs = data.n_bugs
        self._fit_all_bugs_room()
        plot.setXRange(x0, math.log10(last * 1.15), padding=0)
        set_title(self.curve_plot, tr("找到的 Bug 随花掉的 token", "Bugs found as tokens are spent"))

    def _fill_table(self, data: CostData | None) -> None:
        tr = self.language.tr
        self.table.setVerticalHeaderLabels([strategy_label(s, self.language) for s in STRATEGIES])
        texts = []
        for strategy in STRATEGIES:
            if data is None:
                texts.append([""] * 6)
                continue
            cost = data.costs[strategy]
            texts.append(
                [
                    f"{cost.steps:,.1f}",
                    count_text(cost.tokens),
                    count_text(data.tokens_per_step(strategy)),
                    count_text(cost.tokens_per_bug) if cost.tokens_per_bug is not None else NO_VALUE,
                    tr(f"{cost.all_found} / {len(cost.runs)}", f"{cost.all_found} of {len(cost.runs)}"),
                    f"{share_text(data.share_of_no_memory(strategy))}%",
                ]
            )
        featured = {(STRATEGIES.names().index(self.featured), 5)} if data is not None else set()
        fill_table(self.table, texts, bold=featured)

    # --- runs under the pointer -------------------------------------------------------------------

    def _describe(self, metric: str, log_value: float) -> tuple[str, str]:
        value = count_text(10**log_value)
        return (
            (f"{value} 步", f"{value} steps") if metric == "steps" else (f"{value} token", f"{value} token")
        )

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
