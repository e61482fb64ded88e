"""Sweep view: coverage against memory capacity for each eviction policy, and a paired comparison;
or, on its second axis, coverage against the time to live T (policy ttl, :mod:`.sweep_ttl`); or, on
its third, the reality gap: coverage against a misuse chance P or retrieval's K (:mod:`.sweep_gap`).

Each policy is a line with its 95% interval as a band. Any two policies can be compared, paired by
seed, at any capacity of the sweep (the chapter's: capacity 12, random − FIFO).
"""

from __future__ import annotations

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_BOOTSTRAP, PairedDiff, Sweep
from memviz.core.policies import POLICIES, takes_ttl
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import STRATEGIES, uses_memory
from memviz.gui.analysis.sweep_capacity import (
    AXES,
    DEFAULT_PAIR,
    DEFAULT_STRATEGY,
    MAX_CAPACITY,
    SUMMARY,
    Pair,
    SweepResult,
    default_capacity_range,
    sweep_function,
)
from memviz.gui.analysis.sweep_context import ContextAxis, context_base
from memviz.gui.analysis.sweep_gap import GapAxis, gap_config
from memviz.gui.analysis.sweep_ttl import (
    TtlAxis,
    ttl_config,
)
from memviz.gui.kit import export, style
from memviz.gui.kit.computed_view import AnalysisView
from memviz.gui.kit.palette import policy_colour, policy_symbol
from memviz.gui.kit.plots import (
    GREY,
    capacity_label,
    fill_table,
    font,
    ink,
    interval_text,
    keep_line_label_whole,
    make_below_legend,
    make_plot,
    make_table,
    paper,
    pen,
    points2,
    policy_label,
    qcolor,
    seeds_text,
    set_axis_label,
    set_title,
    strategy_label,
    style_legend,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import Job
from memviz.gui.qt import (
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSignalBlocker,
    QSize,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.analysis import NOTHING, Computed
from memviz.wording import analysis as analysis_words
from memviz.wording import common as common_words
from memviz.wording import config_summary, gap_axis_choice, ttl_axis_choice
from memviz.wording import context as context_words


class SweepView(AnalysisView):
    object_name = "sweep"

    def _parameter_widgets(self) -> list[QWidget]:
        # what is registered when the view is built: every policy, every strategy with memory
        self.policies = POLICIES.names()
        self.memory_strategies = tuple(s for s in STRATEGIES if uses_memory(s))
        self.strategy_label = QLabel()
        self.strategy_combo = QComboBox()
        self.strategy_combo.setObjectName("sweep_strategy")
        self.strategy_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for s in self.memory_strategies:
            self.strategy_combo.addItem("", s)
        strategy = self.settings.config.strategy
        self.strategy_combo.setCurrentIndex(
            self.memory_strategies.index(strategy if strategy in self.memory_strategies else DEFAULT_STRATEGY)
        )
        # The axis choice names the range beside it: [Capacity ▾] 1–24 or [Time to live T ▾] 1–30.
        self.axis_combo = QComboBox()
        self.axis_combo.setObjectName("sweep_axis")
        self.axis_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for axis in AXES:
            self.axis_combo.addItem("", axis)
        self.ttl_axis = TtlAxis(self.language, self.settings.config)
        self.gap_axis = GapAxis(self.language)
        self.gap_axis.kind_combo.currentIndexChanged.connect(self._on_gap_kind_change)
        self.context_axis = ContextAxis(self.language)  # issue 38: the session context's window
        self._side_axes = {"ttl": self.ttl_axis, "gap": self.gap_axis, "context": self.context_axis}
        self._shown_axis = AXES[0]
        self._by_axis: dict[str, Computed] = {}  # the other axes' results, kept while this one is shown
        self.model.pair_added.connect(self._on_pair_added)
        self.capacity_from = QSpinBox()
        self.capacity_from.setObjectName("capacity_from")
        self.capacity_to = QSpinBox()
        self.capacity_to.setObjectName("capacity_to")
        self.capacity_dash = QLabel("–")
        self._default_range = default_capacity_range(self.settings.site)
        for spin, value in zip((self.capacity_from, self.capacity_to), self._default_range, strict=True):
            spin.setRange(1, MAX_CAPACITY)
            spin.setValue(value)
        self.capacity_from.valueChanged.connect(lambda v: self.capacity_to.setMinimum(v))
        self.capacity_to.valueChanged.connect(lambda v: self.capacity_from.setMaximum(v))
        self.capacity_from.setMaximum(self.capacity_to.value())
        self.capacity_to.setMinimum(self.capacity_from.value())
        self.capacity_widgets = [self.capacity_from, self.capacity_dash, self.capacity_to]
        for widget in (*self.ttl_axis.widgets(), *self.gap_axis.widgets()):
            widget.setVisible(False)
        self.axis_combo.currentIndexChanged.connect(self._on_axis_change)
        return [
            self.strategy_label,
            self.strategy_combo,
            self.axis_combo,
            *self.capacity_widgets,
            *self.ttl_axis.widgets(),
            *self.gap_axis.widgets(),
        ]

    def _build_body(self) -> QWidget:
        self.plot = make_plot()
        self.plot.setObjectName("sweep_plot")
        # Under the plot, its entries side by side where they fit: in the plot's corner the five
        # policies' names covered half the curves at 720p and 125-150 % (seen in the real window).
        self.legend = make_below_legend(self.plot)
        self.plot.getPlotItem().setMouseEnabled(x=False, y=False)
        self.capacity_line = pg.InfiniteLine(angle=90, movable=True)
        self.capacity_line.sigPositionChangeFinished.connect(self._on_capacity_line_move)
        self.curves: dict[str, pg.PlotDataItem] = {}

        panel = QWidget()
        panel.setObjectName("comparison_panel")
        panel.setMinimumWidth(300)
        panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.compare_title = QLabel()
        style.set_ui_font(self.compare_title, 1.3, bold=True)
        self.compare_title.setWordWrap(True)
        self.compare_capacity_label = QLabel()
        self.compare_capacity = QComboBox()
        self.compare_capacity.setObjectName("compare_capacity")
        self.compare_a = QComboBox()
        self.compare_a.setObjectName("compare_a")
        self.compare_b = QComboBox()
        self.compare_b.setObjectName("compare_b")
        for combo in (self.compare_a, self.compare_b):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # follows the zoom
            for p in self.policies:
                combo.addItem("", p)
        self.compare_a.setCurrentIndex(self.policies.index(DEFAULT_PAIR[1]))
        self.compare_b.setCurrentIndex(self.policies.index(DEFAULT_PAIR[2]))
        for combo in (self.compare_capacity, self.compare_a, self.compare_b):
            combo.currentIndexChanged.connect(self._on_pair_change)
        self.compare_result = QLabel()
        self.compare_result.setObjectName("comparison")
        self.compare_result.setWordWrap(True)
        self.compare_result.setTextFormat(Qt.TextFormat.RichText)
        self.compare_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        style.set_ui_font(self.compare_result, 1.25)
        self.cell_table = make_table(len(self.policies), 2, "capacity_table")
        self.minus_label = QLabel("−")

        pick = QGridLayout()
        pick.addWidget(self.compare_capacity_label, 0, 0)
        pick.addWidget(self.compare_capacity, 0, 1, 1, 3)
        pick.addWidget(self.compare_a, 1, 1)
        pick.addWidget(self.minus_label, 1, 2)
        pick.addWidget(self.compare_b, 1, 3)
        pick.setColumnStretch(1, 1)
        pick.setColumnStretch(3, 1)
        panel_layout = QVBoxLayout(panel)
        panel_layout.setContentsMargins(8, 0, 0, 0)
        panel_layout.addWidget(self.compare_title)
        panel_layout.addLayout(pick)
        panel_layout.addWidget(self.compare_result)
        panel_layout.addSpacing(8)
        panel_layout.addWidget(self.cell_table)
        panel_layout.addStretch(1)
        self._pair_job: Job | None = None

        self.panels = QStackedWidget()  # as wide as the panel shown needs (no width of its own)
        self.panels.addWidget(panel)
        self.panels.addWidget(self.ttl_axis.panel)
        self.panels.addWidget(self.gap_axis.panel)
        self.panels.addWidget(self.context_axis.panel)
        # The side panel scrolls when the window is short for it (720p zoomed in): its table's rows
        # and the pair's result ran out of the panel's bottom, half a row showing.
        self.panels_scroll = _SideScroll()
        self.panels_scroll.setObjectName("sweep_side_scroll")
        self.panels_scroll.setWidget(self.panels)
        self.panels_scroll.setWidgetResizable(True)
        self.panels_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.panels_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.plot.below_legend = self.legend  # PlotRow keeps its height on top of the plot's
        # The panel under the plot when the row has no room for both (720p at 150 %: the plot was a
        # strip 330 px wide beside the panel's choices and table).
        return self._plots_above([(self.plot, 3), (self.panels_scroll, 1)])

    # --- running --------------------------------------------------------------------------------

    @property
    def strategy(self) -> str:
        return self.strategy_combo.currentData()

    @property
    def axis(self) -> str:
        combo = getattr(self, "axis_combo", None)  # the base names the run button before it exists
        return AXES[0] if combo is None else combo.currentData()

    @property
    def side_axis(self) -> TtlAxis | GapAxis | None:
        """The axis shown when it is not capacity: its controls, panel and drawing."""
        sides = getattr(self, "_side_axes", None)  # the base names the run button before they exist
        return None if sides is None else sides.get(self.axis)

    def set_axis(self, axis: str) -> None:
        """Sweep over ``axis`` ("capacity", "ttl" or "gap"); ValueError names the valid ones."""
        if axis not in AXES:
            raise ValueError(f"sweep axis: expected one of {', '.join(AXES)}, got {axis!r}")
        self.axis_combo.setCurrentIndex(AXES.index(axis))

    def choose_for_snapshot(self, detail: str) -> None:
        """``--view sweep[/capacity|/ttl|/gap[:KIND]]``: the axis (and the gap's kind: ignore,
        skip_write or read_top), before the experiment is sized and run."""
        axis, _, kind = (detail or "capacity").partition(":")
        if kind:
            self.gap_axis.set_kind(kind)
        self.set_axis(axis)

    def _on_gap_kind_change(self, _index: int) -> None:
        """Another kind of gap is another sweep: drop the one kept and, if shown, compute anew."""
        self._by_axis.pop("gap", None)
        if self.axis == "gap":
            self._on_axis_change(0, keep=False)

    def _on_axis_change(self, _index: int, keep: bool = True) -> None:
        """Show another axis: its controls, its panel, and its result if it has one (else compute)."""
        other, self._shown_axis = self._shown_axis, self.axis
        self.cancel()
        self.job = None
        self.job_bar.set_idle()
        self.job_bar.clear_status()
        self._hide_computing()
        self.run_button.setEnabled(True)
        if keep:
            self._by_axis[other] = self.model.computed
        with self.model.blocker():  # drawn below (_on_language_change), once its panel is shown
            self.model.restore(self._by_axis.pop(self.axis, NOTHING))
        for widget in self.capacity_widgets:
            widget.setVisible(self.axis == "capacity")
        for name, side in self._side_axes.items():
            for widget in side.widgets():
                widget.setVisible(self.axis == name)
        self.panels.setCurrentIndex(AXES.index(self.axis))
        self.legend.setVisible(self.axis != "gap")  # the gap's one curve is named in the title
        for widget in (self.strategy_label, self.strategy_combo):  # the context axis runs session
            widget.setVisible(self.axis != "context")
        for k in range(self.panels.count()):  # the hidden panel's width does not widen the shown one
            page = self.panels.widget(k)
            shown = k == self.panels.currentIndex()
            page.setSizePolicy(QSizePolicy.Policy.Preferred if shown else QSizePolicy.Policy.Ignored,
                               QSizePolicy.Policy.Expanding)  # fmt: skip
        self._on_language_change()  # texts, export menu, staleness, and the result drawn (or cleared)
        if self.result is None and self.auto_run and self.isVisible():
            self.start()

    def _axis_of(self, result: object) -> TtlAxis | GapAxis | None:
        """The axis (not capacity) that drew ``result``, or None."""
        return next((side for side in self._side_axes.values() if side.owns(result)), None)

    @property
    def capacities(self) -> list[int]:
        return list(range(self.capacity_from.value(), self.capacity_to.value() + 1))

    def _sweep_config(self, config: RunConfig) -> RunConfig:
        return config.with_(strategy=self.strategy)

    def _job_function(self):
        if self.side_axis is not None:
            return self.side_axis.job(
                self.settings.site, self.settings.config, self.strategy, self.runs, self.seed0
            )
        capacities = self.capacities
        config = self._sweep_config(self.settings.config)
        function = sweep_function(
            self.settings.site,
            config,
            capacities,
            self.runs,
            self.seed0,
            self._wanted_pair(capacities),
            self.policies,
        )
        return function, len(capacities) * len(self.policies) * self.runs

    def _policy_label(self, policy: str, capital: bool = True) -> str:
        """A policy's name (``capital``: standing alone, in a choice, the legend, a table's row);
        time to live with its T, the one the sweep ran with (a curve over capacity at one T)."""
        name = policy_label(policy, self.language, capital)
        if not takes_ttl(policy):
            return name
        return name + self.language.tr(analysis_words.T_N, time_to_live=self.settings.config.time_to_live)

    def _on_site_change(self, site: Site) -> None:
        """A new site: the range follows its size, unless the user chose one."""
        if (self.capacity_from.value(), self.capacity_to.value()) == self._default_range:
            self._default_range = default_capacity_range(site)
            low, high = self._default_range
            self.capacity_from.setMaximum(MAX_CAPACITY)  # the two boxes bound each other
            self.capacity_to.setMinimum(1)
            self.capacity_to.setValue(high)
            self.capacity_from.setValue(low)
        super()._on_site_change(site)

    def _depends_on(self, site: Site, config: RunConfig) -> tuple:
        # The sweep sets strategy, capacity, policy and seed itself (and over T, the time to live).
        # The reality gap keeps capacity and policy (the curve of the memory set) and sets the misuse.
        if self.axis == "gap":
            return (id(site), gap_config(config, "random").with_(seed=0), self.gap_axis.kind)
        if self.axis == "context":
            return (id(site), context_base(config).with_(seed=0), "context")
        swept = config.with_(strategy="random", capacity=None, policy="fifo", seed=0)
        return (id(site), swept.with_(ttl=None) if self.axis == "ttl" else swept)

    def _on_config_change(self, config: RunConfig) -> None:
        if config.strategy in self.memory_strategies and config.strategy != self.strategy:
            self.strategy_combo.setCurrentIndex(self.memory_strategies.index(config.strategy))
        self.ttl_axis.follow_budget(config)
        super()._on_config_change(config)

    def _wanted_pair(self, capacities: list[int]) -> Pair:
        capacity = self.compare_capacity.currentData()
        if capacity not in capacities:
            capacity = DEFAULT_PAIR[0] if DEFAULT_PAIR[0] in capacities else capacities[len(capacities) // 2]
        return (capacity, self.compare_a.currentData(), self.compare_b.currentData())

    @property
    def pair(self) -> Pair | None:
        capacity = self.compare_capacity.currentData()
        if capacity is None:
            return None
        return (capacity, self.compare_a.currentData(), self.compare_b.currentData())

    # --- texts ----------------------------------------------------------------------------------

    def _retranslate_run_button(self) -> None:
        if self.side_axis is not None:
            self.run_button.setText(self.side_axis.run_button_text())
        else:
            self.run_button.setText(self.language.tr(analysis_words.SWEEP_CAPACITY))

    def _retranslate(self) -> None:
        tr = self.language.tr
        self.run_button.setToolTip(
            self.side_axis.run_tooltip()
            if self.side_axis is not None
            else tr(analysis_words.RUN_THESE_SEEDS_FOR_EVERY_CAPACITY)
        )
        self.axis_combo.setItemText(0, tr(common_words.CAPACITY))
        self.axis_combo.setItemText(1, ttl_axis_choice(self.language.code))
        self.axis_combo.setItemText(2, gap_axis_choice(self.language.code))
        self.axis_combo.setItemText(3, tr(context_words.AXIS_CHOICE))
        self.axis_combo.setToolTip(tr(analysis_words.WHAT_TO_SWEEP_MEMORY_CAPACITY_A))
        self.ttl_axis.retranslate()
        self.gap_axis.retranslate()
        self.context_axis.retranslate()
        self.strategy_label.setText(tr(common_words.STRATEGY))
        for i, s in enumerate(self.memory_strategies):
            self.strategy_combo.setItemText(i, strategy_label(s, self.language))
        for combo in (self.compare_a, self.compare_b):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # follows the zoom
            for i, p in enumerate(self.policies):
                combo.setItemText(i, self._policy_label(p))
        for i in range(self.compare_capacity.count()):
            c = self.compare_capacity.itemData(i)
            self.compare_capacity.setItemText(i, capacity_label(c, self.language))
        self.compare_title.setText(tr(analysis_words.COMPARE_TWO_EVICTION_POLICIES_PAIRED))
        self.compare_capacity_label.setText(tr(common_words.CAPACITY))
        set_axis_label(
            self.plot,
            "bottom",
            self.side_axis.axis_label()
            if self.side_axis is not None
            else tr(analysis_words.MEMORY_CAPACITY_ENTRIES),
        )
        set_axis_label(self.plot, "left", tr(analysis_words.MEAN_COVERAGE_2))
        self.cell_table.setHorizontalHeaderLabels(
            [tr(analysis_words.MEAN_COVERAGE), tr(analysis_words.N95_INTERVAL)]  # a narrow panel
        )
        self.capacity_line.setToolTip(tr(analysis_words.DRAG_TO_COMPARE_THE_POLICIES_AT))

    def plots(self):
        if self.side_axis is not None:
            return [(*names, self.plot) for names in self.side_axis.plot_names()]
        return [("coverage-by-capacity", *analysis_words.COVERAGE_BY_CAPACITY, self.plot)]

    def _clear(self) -> None:
        tr = self.language.tr
        if self.side_axis is not None:
            shape = {"ttl": ttl_config, "gap": gap_config}.get(self.axis, lambda c, _s: c)
            config = shape(self.settings.config, self.strategy)
            texts = self.side_axis.clear(self.plot, self.legend, config, self.run_button.text())
            self.headline.setText(texts[0])
            self.context_label.setText(texts[1])
            return
        button = self.run_button.text()
        self.headline.setText(tr(analysis_words.PRESS_EVERY_CAPACITY_WITH_EVERY_EVICTION_N, button=button))
        self.context_label.setText(
            config_summary(self._sweep_config(self.settings.config), self.language.code, **SUMMARY)
        )
        set_title(self.plot, tr(analysis_words.COVERAGE_BY_MEMORY_CAPACITY))
        self.compare_result.setText("")

    def _draw(self) -> None:
        if (side := self._axis_of(self.result)) is not None:
            name = strategy_label(self.result.config.strategy, self.language)
            texts = side.draw(self.plot, self.legend, self.result, name)
            self.headline.setText(texts[0])
            self.context_label.setText(texts[1])
            return
        result: SweepResult = self.result
        sweep = result.sweep
        tr = self.language.tr
        name = strategy_label(sweep.config.strategy, self.language)
        seeds = seeds_text(sweep.seeds.start, len(sweep.seeds), self.language)
        settings = config_summary(sweep.config, self.language.code, **SUMMARY)
        self.context_label.setText(
            tr(analysis_words.EACH_POINT_MEAN_COVERAGE_OVER_WITH_N_3, seeds=seeds, settings=settings)
        )
        self._fill_capacity_combo(sweep.capacities)
        self._draw_plot(sweep, name)
        self._show_pair()

    def _fill_capacity_combo(self, capacities: tuple[int, ...]) -> None:
        wanted = self.compare_capacity.currentData()
        if wanted not in capacities:
            pair_capacity = next((p[0] for p in self.result.paired), None)
            wanted = pair_capacity if pair_capacity in capacities else capacities[len(capacities) // 2]
        with QSignalBlocker(self.compare_capacity):
            self.compare_capacity.clear()
            for c in capacities:
                self.compare_capacity.addItem(capacity_label(c, self.language), c)
            self.compare_capacity.setCurrentIndex(capacities.index(wanted))

    def _draw_plot(self, sweep: Sweep, name: str) -> None:
        tr = self.language.tr
        plot = self.plot.getPlotItem()
        plot.clear()
        self.legend.clear()
        style_legend(self.legend)
        self.curves = {}
        capacities = np.array(sweep.capacities, dtype=float)
        for policy in sweep.policies:
            cis = [sweep.ci(c, policy) for c in sweep.capacities]
            mean = np.array([ci.mean for ci in cis]) * 100
            lo = np.array([ci.lo for ci in cis]) * 100
            hi = np.array([ci.hi for ci in cis]) * 100
            colour = policy_colour(policy)
            lower = pg.PlotDataItem(capacities, lo, pen=pg.mkPen(None))
            upper = pg.PlotDataItem(capacities, hi, pen=pg.mkPen(None))
            band = pg.FillBetweenItem(lower, upper, brush=pg.mkBrush(qcolor(colour, 60)))
            band.setZValue(-5)
            plot.addItem(lower)
            plot.addItem(upper)
            plot.addItem(band)
            curve = pg.PlotDataItem(
                capacities,
                mean,
                pen=pen(colour, 3),
                symbol=policy_symbol(policy),
                symbolSize=9 if len(capacities) <= 30 else 5,
                symbolBrush=pg.mkBrush(colour),
                symbolPen=pg.mkPen(paper(), width=1),
            )
            plot.addItem(curve)
            self.curves[policy] = curve
            self.legend.addItem(curve, self._policy_label(policy))
        n_pages = self.settings.site.n_pages
        if sweep.capacities[0] <= n_pages <= sweep.capacities[-1] and len(sweep.capacities) > 1:
            full = pg.InfiniteLine(
                n_pages,
                angle=90,
                pen=pen(GREY, 1.5, style=Qt.PenStyle.DotLine),
                label=tr(analysis_words.CAPACITY_PAGES_NOTHING_EVICTED),
                # low in the plot: the curves are high at full size; on paper, above the capacity
                # line, which ran through its words when the pair's capacity is left of it
                labelOpts={"position": 0.12, "color": ink(), "anchors": [(1, 0.5), (1, 0.5)],
                           "fill": qcolor(paper(), 235)},
            )  # fmt: skip
            full.label.setFont(font(11))
            full.setZValue(self.capacity_line.zValue() + 1)
            plot.addItem(full)
            keep_line_label_whole(full, plot)
        self.capacity_line.setPen(pen(ink(), 2, style=Qt.PenStyle.DashLine))
        self.capacity_line.setHoverPen(pen(ink(), 4, style=Qt.PenStyle.DashLine))
        plot.addItem(self.capacity_line)
        self.capacity_line.setBounds((sweep.capacities[0], sweep.capacities[-1]))
        if self.pair is not None:
            self.capacity_line.setValue(self.pair[0])
        self.capacity_line.setVisible(len(sweep.capacities) > 1)
        plot.enableAutoRange()
        lo_c, hi_c = sweep.capacities[0], sweep.capacities[-1]
        plot.setXRange(lo_c - 0.5, hi_c + 0.5, padding=0.02)
        set_title(self.plot, tr(analysis_words.COVERAGE_BY_MEMORY_CAPACITY_N, name=name))

    # --- the paired comparison ------------------------------------------------------------------

    def _on_capacity_line_move(self, line: pg.InfiniteLine) -> None:
        if not isinstance(self.result, SweepResult):
            return
        capacities = self.result.sweep.capacities
        nearest = min(capacities, key=lambda c: abs(c - line.value()))
        line.setValue(nearest)
        self.compare_capacity.setCurrentIndex(capacities.index(nearest))

    def _on_pair_change(self, *_: object) -> None:
        if not isinstance(self.result, SweepResult):
            return
        pair = self.pair
        if pair is not None and abs(self.capacity_line.value() - pair[0]) > 1e-9:
            self.capacity_line.setValue(pair[0])
        self._show_pair()

    def _show_pair(self) -> None:
        """Show the chosen comparison, computing it off the GUI thread when it is new."""
        result: SweepResult = self.result
        pair = self.pair
        if not isinstance(result, SweepResult) or pair is None:
            return
        self._fill_cell_table(pair[0])
        capacity, a, b = pair
        tr = self.language.tr
        if a == b:
            self.compare_result.setText(tr(analysis_words.CHOOSE_TWO_DIFFERENT_POLICIES))
            return
        if pair in result.paired:
            self._write_pair(pair, result.paired[pair])
            return
        self.compare_result.setText(tr(common_words.COMPUTING))
        if self._pair_job is not None:
            self._pair_job.cancel()
        sweep = result.sweep
        job = Job(lambda _context: sweep.paired(capacity, a, b, DEFAULT_BOOTSTRAP))
        self._pair_job = job
        job.signals.finished.connect(lambda diff: self._on_pair_computed(job, result, pair, diff))
        job.start()

    def _on_pair_computed(self, job: Job, result: SweepResult, pair: Pair, diff: PairedDiff) -> None:
        if job is self._pair_job:
            self._pair_job = None
        self.model.add_pair(result, pair, diff)

    def _on_pair_added(self, result: SweepResult, pair: Pair, diff: PairedDiff) -> None:
        if result is self.result and pair == self.pair:
            self._write_pair(pair, diff)

    def compare_blocking(self, capacity: int, a: str, b: str) -> PairedDiff:
        """Choose a comparison and compute it in this thread (tests, snapshots)."""
        self.compare_a.setCurrentIndex(self.policies.index(a))
        self.compare_b.setCurrentIndex(self.policies.index(b))
        self.compare_capacity.setCurrentIndex(self.result.sweep.capacities.index(capacity))
        pair = (capacity, a, b)
        if pair not in self.result.paired:
            with self.model.blocker():  # shown just below
                self.model.add_pair(
                    self.result, pair, self.result.sweep.paired(capacity, a, b, DEFAULT_BOOTSTRAP)
                )
        self._show_pair()
        return self.result.paired[pair]

    def _write_pair(self, pair: Pair, d: PairedDiff) -> None:
        tr = self.language.tr
        capacity, a, b = pair
        name_a, name_b = self._policy_label(a, capital=False), self._policy_label(b, capital=False)
        figure = interval_text(d.mean, d.lo, d.hi)
        ties = d.n - d.wins
        boot_lo, boot_hi = pct(d.boot_lo, True), pct(d.boot_hi, True)
        paired, unpaired = points2(d.paired_half), points2(d.unpaired_half)
        self.compare_result.setText(
            tr(
                analysis_words.CAPACITY_B_B_POINTS_PAIRED_PAIRS_N,
                capacity=capacity,
                name_a=name_a,
                name_b=name_b,
                figure=figure,
                n=d.n,
                boot_lo=boot_lo,
                boot_hi=boot_hi,
                wins=d.wins,
                ties=ties,
                paired=paired,
                unpaired=unpaired,
            )
        )
        self.headline.setText(
            tr(
                analysis_words.AT_CAPACITY_EVICTION_COVERAGE_B_B_N,
                capacity=capacity,
                name_a=name_a,
                name_b=name_b,
                figure=figure,
            )
        )

    def _fill_cell_table(self, capacity: int) -> None:
        sweep = self.result.sweep
        self.cell_table.setVerticalHeaderLabels([self._policy_label(p) for p in self.policies])
        texts = []
        for policy in self.policies:
            ci = sweep.ci(capacity, policy) if policy in sweep.policies else None
            texts.append(["", ""] if ci is None else [pct(ci.mean), f"[{pct(ci.lo)}, {pct(ci.hi)}]"])
        fill_table(self.cell_table, texts)

    # --- export -----------------------------------------------------------------------------------

    def export_stem(self) -> str:
        if self.result is None:
            return "memviz-sweep"
        if (side := self._axis_of(self.result)) is not None:
            return side.export_stem(self.result)
        s = self.result.sweep
        return (
            f"memviz-sweep-{s.config.strategy}-capacity{s.capacities[0]}-{s.capacities[-1]}"
            f"-seeds{s.seeds.start}-{s.seeds.stop - 1}"
        )

    def export_rows(self) -> list[dict]:
        if (side := self._axis_of(self.result)) is not None:
            return side.export_rows(self.result)
        sweep: Sweep = self.result.sweep
        rows = []
        for c in sweep.capacities:
            for p in sweep.policies:
                for seed, coverage in zip(sweep.seeds, sweep.coverage[c, p], strict=True):
                    config = sweep.config.with_(capacity=c, policy=p, seed=seed)
                    rows.append({**export.setting_values(config), "coverage": coverage})
        return rows

    def export_data(self) -> dict:
        if (side := self._axis_of(self.result)) is not None:
            return {
                **self._export_context(self.result.config, self.result.seeds),
                **side.export_cells(self.result),
            }
        sweep: Sweep = self.result.sweep
        return {
            **self._export_context(sweep.config, sweep.seeds),
            "capacities": list(sweep.capacities),
            "policies": list(sweep.policies),
            "cells": [
                {"capacity": c, "policy": p, **sweep.ci(c, p)._asdict(), "coverage": sweep.coverage[c, p]}
                for c in sweep.capacities
                for p in sweep.policies
            ],
            "paired": [
                {"capacity": c, "a": a, "b": b, **d.to_dict()} for (c, a, b), d in self.result.paired.items()
            ],
        }


class _SideScroll(QScrollArea):
    """A scroll area as wide as its panel asks, at least (a plain one asks for far less, and the
    splitter beside the plot gave the panel its least width, cutting its choices' names); it
    scrolls only downwards."""

    def sizeHint(self) -> QSize:
        inner = self.widget().sizeHint() if self.widget() is not None else QSize(0, 0)
        return QSize(inner.width() + self.verticalScrollBar().sizeHint().width(), inner.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.sizeHint().width(), super().minimumSizeHint().height())
