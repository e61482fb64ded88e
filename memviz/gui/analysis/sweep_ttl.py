"""The Sweep view's second axis: coverage against the time to live T (policy ttl, forgetting by time).

The core's :func:`~memviz.core.scenarios.forgetting.ttl_sweep` computes it (through the batch router,
as ``memviz scenario ttl`` does); this module holds the T range's controls, the table beside the plot
(each T's mean, interval and entries dropped for age) and the drawing, so the view only switches axes.

Memory is unlimited here: T alone decides what is forgotten, as in the issue's figures (frontier,
seeds 1000–1199: T = 2/4/8/12/16 → 51.4 / 56.6 / 65.6 / 73.1 / 79.2 %).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.policies import ttl_policy
from memviz.core.scenarios.forgetting import TtlSweep, ttl_sweep
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.gui.kit import export
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import policy_colour, policy_symbol
from memviz.gui.kit.plots import (
    GREY,
    fill_table,
    font,
    ink,
    paper,
    pen,
    qcolor,
    seeds_text,
    set_axis_label,
    set_title,
    side_panel,
    style_legend,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import QLabel, QSpinBox, Qt, QWidget
from memviz.wording import analysis as analysis_words
from memviz.wording import (
    config_summary,
    policy_name,
    ttl_axis,
    ttl_dropped,
    ttl_nothing_expires,
)

# Every T from 1 to the budget, not only the five values: the curve then shows the whole
# story, coverage climbing with T until T reaches the budget, where nothing expires any more and the
# run is LRU with unlimited memory (the plateau); 2, 4, 8, 12 and 16 are points on it. One step per
# T costs little (30 values × 200 seeds: about a second), and a long budget stops at this many.
DEFAULT_TTL_TOP = 40
MAX_TTL = 200
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's largest widget size
SUMMARY = {"memory": False, "seed": False, "tokens": True}  # the sweep sets memory and seed itself


def default_ttl_range(config: RunConfig) -> tuple[int, int]:
    return 1, max(1, min(config.budget, DEFAULT_TTL_TOP))


def ttl_config(config: RunConfig, strategy: str) -> RunConfig:
    """What the T sweep runs: the strategy chosen, memory unlimited (policy and T set per cell)."""
    return config.with_(strategy=strategy, capacity=None)


def ttl_sweep_function(
    site: Site, config: RunConfig, ttls: list[int], runs: int, seed0: int
) -> Callable[[JobContext], TtlSweep]:
    return lambda context: ttl_sweep(site, config, ttls, runs, seed0, context.runner)


def ttl_sweep_runs(ttls: list[int], runs: int) -> int:
    """Runs the sweep makes: each T's runs, and each stepped again to count what expired."""
    return 2 * len(ttls) * runs


class TtlAxis:
    """The T range (two spin boxes), the table of every T, and drawing a :class:`TtlSweep`."""

    name = "ttl"

    def __init__(self, language: Language, config: RunConfig) -> None:
        self.language = language
        self.ttl_from = QSpinBox()
        self.ttl_from.setObjectName("ttl_from")
        self.ttl_to = QSpinBox()
        self.ttl_to.setObjectName("ttl_to")
        self.dash = QLabel("–")
        self.default_range = default_ttl_range(config)
        for spin, value in zip((self.ttl_from, self.ttl_to), self.default_range, strict=True):
            spin.setRange(1, MAX_TTL)
            spin.setValue(value)
        self.ttl_from.valueChanged.connect(lambda v: self.ttl_to.setMinimum(v))
        self.ttl_to.valueChanged.connect(lambda v: self.ttl_from.setMaximum(v))
        self.ttl_from.setMaximum(self.ttl_to.value())
        self.ttl_to.setMinimum(self.ttl_from.value())

        self.panel, self.title, self.note, self.table = side_panel("ttl", 3)

    def widgets(self) -> list[QWidget]:
        return [self.ttl_from, self.dash, self.ttl_to]  # named by the axis choice before them

    def job(self, site: Site, config: RunConfig, strategy: str, runs: int, seed0: int):
        """(the function the job runs, the runs it makes)."""
        ttls = self.ttls
        return ttl_sweep_function(site, ttl_config(config, strategy), ttls, runs, seed0), ttl_sweep_runs(
            ttls, runs
        )

    @staticmethod
    def owns(result: object) -> bool:
        return is_ttl_result(result)

    def axis_label(self) -> str:
        return ttl_axis(self.language.code)

    @staticmethod
    def plot_names() -> list[tuple[str, str, str]]:
        return [("coverage-by-ttl", *analysis_words.COVERAGE_BY_TIME_TO_LIVE_T)]

    @property
    def ttls(self) -> list[int]:
        return list(range(self.ttl_from.value(), self.ttl_to.value() + 1))

    def follow_budget(self, config: RunConfig) -> None:
        """A new budget: the range follows it, unless the user chose one."""
        if (self.ttl_from.value(), self.ttl_to.value()) != self.default_range:
            return
        self.default_range = default_ttl_range(config)
        self.ttl_from.setMaximum(MAX_TTL)  # the two boxes bound each other
        self.ttl_to.setMinimum(1)
        self.ttl_to.setValue(self.default_range[1])
        self.ttl_from.setValue(self.default_range[0])

    # --- texts ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        tr, lang = self.language.tr, self.language.code
        for spin in (self.ttl_from, self.ttl_to):
            spin.setToolTip(tr(analysis_words.TIME_TO_LIVE_T_AN_ENTRY))
        self.title.setText(tr(analysis_words.COVERAGE_AT_EACH_T))
        ttl = policy_name("ttl", lang)
        self.note.setText(tr(analysis_words.UNLIMITED_MEMORY_AN_ENTRY_NOT_VISITED_N, ttl=ttl))
        # two lines a header where it is long: three columns share a narrow panel
        self.table.setHorizontalHeaderLabels(
            [
                tr(analysis_words.MEAN_COVERAGE),
                tr(analysis_words.N95_INTERVAL),
                ttl_dropped(lang, narrow=True),
            ]
        )

    def run_button_text(self) -> str:
        return self.language.tr(analysis_words.SWEEP_T)

    def run_tooltip(self) -> str:
        return self.language.tr(analysis_words.RUN_THESE_SEEDS_FOR_EVERY_T)

    def clear(
        self, plot: pg.PlotWidget, legend: pg.LegendItem, config: RunConfig, run_text: str
    ) -> tuple[str, str]:
        """Empties the plot and the table before a result; gives (headline, context)."""
        tr, lang = self.language.tr, self.language.code
        plot.getPlotItem().clear()
        legend.clear()
        set_title(plot, tr(analysis_words.COVERAGE_BY_TIME_TO_LIVE_T))
        self.table.setRowCount(0)
        return (
            tr(analysis_words.PRESS_EVERY_T_IN_TURN_TO_N, run_text=run_text),
            config_summary(config, lang, **SUMMARY),
        )

    # --- drawing ----------------------------------------------------------------------------------

    def draw(
        self, plot_widget: pg.PlotWidget, legend: pg.LegendItem, sweep: TtlSweep, name: str
    ) -> tuple[str, str]:
        """The curve with its band, the 'nothing expires' line at T = budget, the table; gives
        (headline, context)."""
        tr, lang = self.language.tr, self.language.code
        plot = plot_widget.getPlotItem()
        plot.clear()
        legend.clear()
        style_legend(legend)
        ttls = np.array(sweep.ttls, dtype=float)
        cis = [sweep.ci(t) for t in sweep.ttls]
        colour = policy_colour(ttl_policy())
        lower = pg.PlotDataItem(ttls, np.array([ci.lo for ci in cis]) * 100, pen=pg.mkPen(None))
        upper = pg.PlotDataItem(ttls, np.array([ci.hi for ci in cis]) * 100, pen=pg.mkPen(None))
        band = pg.FillBetweenItem(lower, upper, brush=pg.mkBrush(qcolor(colour, 60)))
        band.setZValue(-5)
        for item in (lower, upper, band):
            plot.addItem(item)
        curve = pg.PlotDataItem(
            ttls,
            np.array([ci.mean for ci in cis]) * 100,
            pen=pen(colour, 3),
            symbol=policy_symbol(ttl_policy()),
            symbolSize=9 if len(ttls) <= 30 else 5,
            symbolBrush=pg.mkBrush(colour),
            symbolPen=pg.mkPen(paper(), width=1),
        )
        plot.addItem(curve)
        legend.addItem(curve, tr(analysis_words.TIME_TO_LIVE_UNLIMITED_MEMORY))
        budget = sweep.config.budget
        if (
            sweep.ttls[0] <= budget <= sweep.ttls[-1]
            and len(sweep.ttls) > 1
            and not sweep.config.until_all_bugs
        ):
            full = pg.InfiniteLine(
                budget,
                angle=90,
                pen=pen(GREY, 1.5, style=Qt.PenStyle.DotLine),
                label=ttl_nothing_expires(lang),
                labelOpts={"position": 0.3, "color": ink(), "anchors": [(1, 0.5), (1, 0.5)]},
            )
            full.label.setFont(font(11))
            plot.addItem(full)
        plot.enableAutoRange()
        plot.setXRange(sweep.ttls[0] - 0.5, sweep.ttls[-1] + 0.5, padding=0.02)
        set_axis_label(plot_widget, "bottom", ttl_axis(lang))
        set_title(plot_widget, tr(analysis_words.COVERAGE_BY_TIME_TO_LIVE_T_N, name=name))
        self.curve = curve
        self._fill_table(sweep)
        return self.texts(sweep)

    def _fill_table(self, sweep: TtlSweep) -> None:
        self.table.setRowCount(len(sweep.ttls))
        self.table.setVerticalHeaderLabels([f"T = {t}" for t in sweep.ttls])
        texts = []
        for t in sweep.ttls:
            ci = sweep.ci(t)
            texts.append([pct(ci.mean), f"[{pct(ci.lo)}, {pct(ci.hi)}]", f"{sweep.forgotten[t]:.1f}"])
        fill_table(self.table, texts)
        # fill_table fixes the height to every row's: here the panel sets it, and the table scrolls
        self.table.setMinimumHeight(0)
        self.table.setMaximumHeight(QWIDGETSIZE_MAX)
        # and wide enough for its figures on one line each (the columns share the width equally)
        table, header = self.table, self.table.horizontalHeader()
        column = max(max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(3))
        width = (
            table.verticalHeader().sizeHint().width()
            + 3 * column
            + table.verticalScrollBar().sizeHint().width()
        )
        self.panel.setMinimumWidth(width + 2 * table.frameWidth() + 16)

    def texts(self, sweep: TtlSweep) -> tuple[str, str]:
        """(headline, context) for a result."""
        tr, lang = self.language.tr, self.language.code
        first, last = sweep.ttls[0], sweep.ttls[-1]
        a, b = pct(sweep.ci(first).mean), pct(sweep.ci(last).mean)
        seeds = seeds_text(sweep.seeds.start, len(sweep.seeds), self.language)
        summary = config_summary(sweep.config, lang, **SUMMARY)
        headline = tr(analysis_words.FORGETTING_BY_TIME_COVERAGE_B_B_N, first=first, a=a, last=last, b=b)
        context = tr(analysis_words.EACH_POINT_MEAN_COVERAGE_OVER_WITH_N_2, seeds=seeds, summary=summary)
        return headline, context

    # --- export -----------------------------------------------------------------------------------

    @staticmethod
    def export_stem(sweep: TtlSweep) -> str:
        return (
            f"memviz-sweep-{sweep.config.strategy}-ttl{sweep.ttls[0]}-{sweep.ttls[-1]}"
            f"-seeds{sweep.seeds.start}-{sweep.seeds.stop - 1}"
        )

    @staticmethod
    def export_rows(sweep: TtlSweep) -> list[dict]:
        return [
            {
                **export.setting_values(sweep.config.with_(policy=ttl_policy(), ttl=t, seed=seed)),
                "coverage": coverage,
            }
            for t in sweep.ttls
            for seed, coverage in zip(sweep.seeds, sweep.coverage[t], strict=True)
        ]

    @staticmethod
    def export_cells(sweep: TtlSweep) -> dict:
        return {
            "ttls": list(sweep.ttls),
            "cells": [
                {
                    "ttl": t,
                    **sweep.ci(t)._asdict(),
                    "dropped_per_run": sweep.forgotten[t],
                    "coverage": sweep.coverage[t],
                }
                for t in sweep.ttls
            ],
        }


def is_ttl_result(result: object) -> bool:
    return isinstance(result, TtlSweep)
