"""The Sweep view's third axis: the reality gap (issue 27).

Coverage as the model misuses its memory (a chance P from 0 to 1 that a step ignores memory, or
skips its write), with the line of the agent without memory; or as retrieval injects K entries
(``--read top:K``) against injecting them all. The core computes it
(:mod:`memviz.core.reality_gap`); this module holds the kind chooser, the table beside the plot and
the drawing, so the view only switches axes. The rest of the run's settings (capacity, policy,
budget) are the window's.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.reality_gap import DEFAULT_CHANCES, GAP_AXES, GapSweep, default_ks, misuse_sweep, read_sweep
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.gui.kit import export
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import strategy_colour
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
from memviz.gui.qt import QComboBox, Qt, QWidget
from memviz.wording import analysis as analysis_words
from memviz.wording import (
    config_summary,
    gap_kind,
    gap_no_memory,
    gap_perfect,
    gap_title,
)

SUMMARY = {"memory": True, "seed": False, "tokens": False}
QWIDGETSIZE_MAX = (1 << 24) - 1


def gap_config(config: RunConfig, strategy: str) -> RunConfig:
    """What the sweep runs: the window's settings with the strategy chosen (the axis set per cell)."""
    return config.with_(strategy=strategy, ignore=0.0, skip_write=0.0, read_top=None)


def gap_values(kind: str, site: Site) -> tuple:
    return default_ks(site.n_pages) if kind == "read_top" else DEFAULT_CHANCES


def _value_text(kind: str, value) -> str:
    return f"K = {value}" if kind == "read_top" else f"P = {value:g}"


class GapAxis:
    """The kind chooser (ignore P, skip-write P, top:K), the table of every value, and drawing a
    :class:`GapSweep`."""

    name = "gap"

    def __init__(self, language: Language) -> None:
        self.language = language
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("gap_kind")
        self.kind_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for kind in GAP_AXES:
            self.kind_combo.addItem("", kind)
        self.panel, self.title, self.note, self.table = side_panel("gap", 2)
        self.curve: pg.PlotDataItem | None = None

    def widgets(self) -> list[QWidget]:
        return [self.kind_combo]

    @property
    def kind(self) -> str:
        return self.kind_combo.currentData()

    def set_kind(self, kind: str) -> None:
        if kind not in GAP_AXES:
            raise ValueError(f"reality gap: expected one of {', '.join(GAP_AXES)}, got {kind!r}")
        self.kind_combo.setCurrentIndex(GAP_AXES.index(kind))

    def job(self, site: Site, config: RunConfig, strategy: str, runs: int, seed0: int):
        """(the function the job runs, the runs it makes)."""
        kind, swept = self.kind, gap_config(config, strategy)
        values = gap_values(kind, site)
        function: Callable[[JobContext], GapSweep]
        if kind == "read_top":
            function = lambda context: read_sweep(site, swept, values, runs, seed0, context.runner)  # noqa: E731
        else:
            function = lambda context: misuse_sweep(site, swept, kind, values, runs, seed0, context.runner)  # noqa: E731
        return function, (len(values) + 2) * runs

    @staticmethod
    def owns(result: object) -> bool:
        return isinstance(result, GapSweep)

    # --- texts ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        tr, lang = self.language.tr, self.language.code
        for i, kind in enumerate(GAP_AXES):
            self.kind_combo.setItemText(i, gap_kind(kind, lang, capital=True))
        self.kind_combo.setToolTip(tr(analysis_words.A_REAL_MODEL_MISUSES_MEMORY_IT))
        self.title.setText(gap_title(self.kind, lang))
        self.note.setText(tr(analysis_words.THE_SIMULATION_ASSUMES_MEMORY_IS_ALWAYS))
        self.table.setHorizontalHeaderLabels(
            [tr(analysis_words.MEAN_COVERAGE), tr(analysis_words.N95_INTERVAL)]
        )

    def axis_label(self) -> str:
        return gap_kind(self.kind, self.language.code, capital=True)

    def run_button_text(self) -> str:
        return (
            self.language.tr(analysis_words.SWEEP_K)
            if self.kind == "read_top"
            else self.language.tr(analysis_words.SWEEP_P)
        )

    def run_tooltip(self) -> str:
        return self.language.tr(analysis_words.RUN_THESE_SEEDS_FOR_EVERY_VALUE)

    def plot_names(self) -> list[tuple[str, str, str]]:
        return [
            (
                "coverage-by-" + self.kind.replace("_", "-"),
                gap_title(self.kind, "zh"),
                gap_title(self.kind, "en"),
            )
        ]

    def clear(
        self, plot: pg.PlotWidget, legend: pg.LegendItem, config: RunConfig, run_text: str
    ) -> tuple[str, str]:
        tr, lang = self.language.tr, self.language.code
        plot.getPlotItem().clear()
        legend.clear()
        set_title(plot, gap_title(self.kind, lang))
        self.table.setRowCount(0)
        return (
            tr(analysis_words.PRESS_HOW_MUCH_COVERAGE_IS_LEFT_N, run_text=run_text),
            config_summary(config, lang, **SUMMARY),
        )

    # --- drawing ----------------------------------------------------------------------------------

    def draw(
        self, plot_widget: pg.PlotWidget, legend: pg.LegendItem, sweep: GapSweep, name: str
    ) -> tuple[str, str]:
        """The curve with its band, the no-memory line (and, for K, the inject-all line), the table;
        gives (headline, context)."""
        lang = self.language.code
        plot = plot_widget.getPlotItem()
        plot.clear()
        legend.clear()
        style_legend(legend)
        xs = np.array(sweep.values, dtype=float)
        cis = [sweep.ci(v) for v in sweep.values]
        colour = strategy_colour(sweep.config.strategy)
        lower = pg.PlotDataItem(xs, np.array([ci.lo for ci in cis]) * 100, pen=pg.mkPen(None))
        upper = pg.PlotDataItem(xs, np.array([ci.hi for ci in cis]) * 100, pen=pg.mkPen(None))
        band = pg.FillBetweenItem(lower, upper, brush=pg.mkBrush(qcolor(colour, 60)))
        band.setZValue(-5)
        for item in (lower, upper, band):
            plot.addItem(item)
        curve = pg.PlotDataItem(
            xs, np.array([ci.mean for ci in cis]) * 100, pen=pen(colour, 3), symbol="o", symbolSize=9,
            symbolBrush=pg.mkBrush(colour), symbolPen=pg.mkPen(paper(), width=1),
        )  # fmt: skip
        plot.addItem(curve)  # one curve, named in the title: no legend box over its first point
        lines = [(sweep.no_memory_ci.mean, gap_no_memory(lang), Qt.PenStyle.DashLine)]
        if sweep.axis == "read_top":
            lines.append((sweep.perfect_ci.mean, gap_perfect(sweep.axis, lang), Qt.PenStyle.DotLine))
        for value, label, style in lines:
            line = pg.InfiniteLine(
                value * 100, angle=0, pen=pen(GREY, 1.5, style=style), label=f"{label} {pct(value)}%",
                labelOpts={"position": 0.75, "color": ink(), "anchors": [(0.5, 1), (0.5, 1)]},
            )  # fmt: skip
            line.label.setFont(font(11))
            plot.addItem(line)
        plot.enableAutoRange()
        span = xs[-1] - xs[0] if len(xs) > 1 else 1.0
        plot.setXRange(xs[0] - 0.04 * span, xs[-1] + 0.04 * span, padding=0.02)
        set_axis_label(plot_widget, "bottom", gap_kind(sweep.axis, lang, capital=True))
        set_title(
            plot_widget,
            f"{gap_title(sweep.axis, lang)}：{name}"
            if lang == "zh"
            else f"{gap_title(sweep.axis, lang)}: {name}",
        )
        self.curve = curve
        self._fill_table(sweep)
        return self.texts(sweep)

    def _fill_table(self, sweep: GapSweep) -> None:
        self.table.setRowCount(len(sweep.values))
        self.table.setVerticalHeaderLabels([_value_text(sweep.axis, v) for v in sweep.values])
        fill_table(
            self.table,
            [[pct(ci.mean), f"[{pct(ci.lo)}, {pct(ci.hi)}]"] for ci in map(sweep.ci, sweep.values)],
        )
        self.table.setMinimumHeight(0)  # the panel sets the height; the table scrolls
        self.table.setMaximumHeight(QWIDGETSIZE_MAX)
        table, header = self.table, self.table.horizontalHeader()
        column = max(max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(2))
        width = (
            table.verticalHeader().sizeHint().width()
            + 2 * column
            + table.verticalScrollBar().sizeHint().width()
        )
        self.panel.setMinimumWidth(width + 2 * table.frameWidth() + 16)

    def texts(self, sweep: GapSweep) -> tuple[str, str]:
        tr, lang = self.language.tr, self.language.code
        first, last = sweep.values[0], sweep.values[-1]
        a, b = pct(sweep.ci(first).mean), pct(sweep.ci(last).mean)
        floor = pct(sweep.no_memory_ci.mean)
        seeds = seeds_text(sweep.seeds.start, len(sweep.seeds), self.language)
        summary = config_summary(sweep.config, lang, **SUMMARY)
        if sweep.axis == "read_top":
            headline = tr(
                analysis_words.READING_ONLY_K_ENTRIES_COVERAGE_B_N,
                first=first,
                a=a,
                last=last,
                b=b,
                floor=floor,
            )
        else:
            headline = tr(analysis_words.THE_REALITY_GAP_COVERAGE_B_B_N, a=a, b=b, floor=floor)
        context = tr(analysis_words.EACH_POINT_MEAN_COVERAGE_OVER_WITH_N, seeds=seeds, summary=summary)
        return headline, context

    # --- export -----------------------------------------------------------------------------------

    @staticmethod
    def export_stem(sweep: GapSweep) -> str:
        return (
            f"memviz-sweep-{sweep.config.strategy}-{sweep.axis.replace('_', '-')}"
            f"-seeds{sweep.seeds.start}-{sweep.seeds.stop - 1}"
        )

    @staticmethod
    def export_rows(sweep: GapSweep) -> list[dict]:
        return [
            {**export.setting_values(sweep.cell_config(v).with_(seed=seed)), "coverage": coverage}
            for v in sweep.values
            for seed, coverage in zip(sweep.seeds, sweep.coverage[v], strict=True)
        ]

    @staticmethod
    def export_cells(sweep: GapSweep) -> dict:
        return sweep.to_dict() | {
            "cells": [
                {"value": v, **sweep.ci(v)._asdict(), "coverage": sweep.coverage[v]} for v in sweep.values
            ]
        }
