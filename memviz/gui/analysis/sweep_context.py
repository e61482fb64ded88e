"""The Sweep view's context axis (issue 38): the session agent's coverage against the window size,
one line per compaction, between the chapter's two ends (the no-memory floor and frontier's unlimited
memory, drawn as flat lines); beside it, the tokens of each call at one window: the whole history
resent every call (the quadratic cost's slope), each compaction, and frontier's injected memory.

The core's :func:`~memviz.core.context_report.window_sweep` computes it all; this module draws it.
"""

from __future__ import annotations

import numpy as np

from memviz.core.context import COMPACTIONS, UNLIMITED, compaction_name
from memviz.core.context_report import (
    SWEEP_WINDOWS,
    WindowSweep,
    window_sweep,
    window_sweep_runs,
)
from memviz.core.engine import RunConfig
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.gui.analysis.per_call_plot import MODE_COLOURS, PerCallPlot
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import strategy_colour
from memviz.gui.kit.plots import (
    GREY,
    fill_table,
    paper,
    pen,
    seeds_text,
    set_axis_label,
    set_title,
    side_panel,
    style_legend,
)
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import QSizePolicy, Qt, QWidget
from memviz.wording import config_summary
from memviz.wording import context as words

MODE_SYMBOLS = {"truncate": "o", "summary": "s", "memgpt": "t"}
SUMMARY = {"memory": False, "seed": False, "tokens": True}


def window_tick(window: float) -> str:
    if window == UNLIMITED:
        return "∞"
    return f"{window / 1000:g}k"


class ContextAxis:
    """The windows (fixed: 4k … 64k and unlimited), the per-call plot and table beside, the drawing."""

    name = "context"

    def __init__(self, language: Language) -> None:
        self.language = language
        self.panel, self.title, self.note, self.table = side_panel("context", 3)
        self.per_call_plot = PerCallPlot(language)
        self.per_call = self.per_call_plot.widget
        self.panel.layout().insertWidget(2, self.per_call, 1)
        self.panel.layout().setStretchFactor(self.table, 0)  # three rows: the plot takes the height
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.panel.setMinimumWidth(330)

    def widgets(self) -> list[QWidget]:
        return []  # the windows are the issue's: 4k … 64k and unlimited

    def job(self, site: Site, config: RunConfig, strategy: str, runs: int, seed0: int):
        windows = SWEEP_WINDOWS
        total = window_sweep_runs(windows, runs)

        def run(context: JobContext) -> WindowSweep:
            context.plan(total)
            return window_sweep(site, context_base(config), windows, runs, seed0, done=context.advance)

        return run, total

    @staticmethod
    def owns(result: object) -> bool:
        return isinstance(result, WindowSweep)

    def axis_label(self) -> str:
        return words.SWEEP_AXIS.pick(self.language.code)

    @staticmethod
    def plot_names() -> list[tuple[str, str, str]]:
        return [("coverage-by-window", *words.SWEEP_TITLE)]

    def follow_budget(self, _config: RunConfig) -> None:
        pass

    # --- texts ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        tr = self.language.tr
        self.title.setText(tr(words.PER_CALL_TITLE))
        self.note.setText(tr(words.PER_CALL_NOTE))
        self.table.setHorizontalHeaderLabels(
            [tr(words.COL_COVERAGE), tr(words.COL_DUPLICATES), tr(words.COL_TOKENS)]
        )
        self.per_call_plot.retranslate()

    def run_button_text(self) -> str:
        return self.language.tr(words.SWEEP_BUTTON)

    def run_tooltip(self) -> str:
        return self.language.tr(words.SWEEP_TIP)

    def clear(self, plot: pg.PlotWidget, legend: pg.LegendItem, config: RunConfig, run_text: str):
        tr, lang = self.language.tr, self.language.code
        plot.getPlotItem().clear()
        legend.clear()
        self.per_call_plot.clear()
        set_title(plot, tr(words.SWEEP_TITLE))
        self.table.setRowCount(0)
        return tr(words.SWEEP_PRESS, run_text=run_text), config_summary(context_base(config), lang, **SUMMARY)

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, plot_widget: pg.PlotWidget, legend: pg.LegendItem, sweep: WindowSweep, _name: str):
        tr, lang = self.language.tr, self.language.code
        plot = plot_widget.getPlotItem()
        plot.clear()
        legend.clear()
        style_legend(legend)
        xs = np.arange(len(sweep.windows), dtype=float)
        for mode in COMPACTIONS:
            ys = np.array([sweep.cells[w, mode].coverage * 100 for w in sweep.windows])
            colour = MODE_COLOURS[mode]
            curve = pg.PlotDataItem(
                xs, ys, pen=pen(colour, 3), symbol=MODE_SYMBOLS[mode], symbolSize=9,
                symbolBrush=pg.mkBrush(colour), symbolPen=pg.mkPen(paper(), width=1),
            )  # fmt: skip
            plot.addItem(curve)
            legend.addItem(curve, compaction_name(mode, lang))
        for row, colour, said in (
            (sweep.ceiling, strategy_colour("frontier"), words.CEILING),
            (sweep.floor, GREY, words.FLOOR),
        ):
            line = pg.PlotDataItem(
                [xs[0] - 0.3, xs[-1] + 0.3],
                [row.coverage * 100] * 2,
                pen=pen(colour, 2, style=Qt.PenStyle.DashLine),
            )
            plot.addItem(line)
            legend.addItem(line, tr(said, coverage=pct(row.coverage)))
        plot.getAxis("bottom").setTicks(
            [[(x, window_tick(w)) for x, w in zip(xs, sweep.windows, strict=True)]]
        )
        plot.setXRange(-0.5, len(xs) - 0.5, padding=0.02)
        plot.setYRange(0, 100, padding=0.02)
        set_axis_label(plot_widget, "bottom", words.SWEEP_AXIS.pick(lang))
        set_title(plot_widget, tr(words.SWEEP_TITLE))
        self._draw_per_call(sweep)
        self._fill_table(sweep)
        return self.texts(sweep)

    def _draw_per_call(self, sweep: WindowSweep) -> None:
        self.per_call_plot.draw(sweep.per_call)

    def _fill_table(self, sweep: WindowSweep) -> None:
        lang = self.language.code
        window = sweep.per_call_window
        rows, texts = [], []
        for mode in COMPACTIONS:
            row = sweep.cells.get((window, mode))
            if row is None:
                continue
            rows.append(compaction_name(mode, lang))
            texts.append([pct(row.coverage), f"{row.duplicates:.2f}", f"{row.tokens:,.0f}"])
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels(rows)
        fill_table(self.table, texts)

    def texts(self, sweep: WindowSweep) -> tuple[str, str]:
        tr, lang = self.language.tr, self.language.code
        window = sweep.per_call_window
        whole = sum(sweep.per_call["inf"])
        frontier = sum(sweep.per_call["frontier"])
        headline = tr(
            words.SWEEP_HEADLINE, window=f"{int(window):,}", budget=sweep.config.budget, whole=f"{whole:,.0f}", frontier=f"{frontier:,.0f}",
            inf=pct(sweep.cells.get((UNLIMITED, "truncate"), sweep.ceiling).coverage),
        )  # fmt: skip
        seeds = seeds_text(sweep.seeds.start, len(sweep.seeds), self.language)
        summary = config_summary(sweep.config, lang, **SUMMARY)
        return headline, tr(words.SWEEP_CONTEXT, seeds=seeds, summary=summary)

    # --- export -----------------------------------------------------------------------------------

    @staticmethod
    def export_stem(sweep: WindowSweep) -> str:
        return f"memviz-sweep-context-seeds{sweep.seeds.start}-{sweep.seeds.stop - 1}"

    @staticmethod
    def export_rows(sweep: WindowSweep) -> list[dict]:
        return [row.to_dict() for row in (*sweep.cells.values(), sweep.floor, sweep.ceiling)]

    @staticmethod
    def export_cells(sweep: WindowSweep) -> dict:
        return {
            "windows": ["inf" if w == UNLIMITED else w for w in sweep.windows],
            "cells": [row.to_dict() for row in sweep.cells.values()],
            "floor": sweep.floor.to_dict(),
            "ceiling": sweep.ceiling.to_dict(),
            "per_call_window": sweep.per_call_window,
            "per_call": sweep.per_call,
        }


def context_base(config: RunConfig) -> RunConfig:
    """What the context sweep runs: the settings' budget and tokens, memory and context set per line."""
    return config.with_(strategy="session", capacity=None, policy="fifo", ttl=None, context=None)
