"""The tokens of each call (issue 38): the whole history resent every call (a straight line, whose
sum is the quadratic cost), each compaction at one window, and frontier's injected memory (nearly
flat), on one plot: the chapter's "每轮重发全部历史" pitfall as a picture. The Cost view shows it for
the settings' window, the Sweep view's context axis for 12,000 tokens; the core computes the lines
(:func:`memviz.core.context_report.tokens_per_call`)."""

from __future__ import annotations

import numpy as np

from memviz.core.context import UNLIMITED, compaction_name
from memviz.core.context_report import PER_CALL_LINES, per_call_config, tokens_per_call
from memviz.core.engine import RunConfig
from memviz.core.site import Site
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import strategy_colour
from memviz.gui.kit.plots import make_plot, pen, set_axis_label, set_title, style_legend
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import JobContext
from memviz.gui.qt import QSizePolicy, Qt
from memviz.wording import context as words
from memviz.wording import strategy_name

# a colour per compaction (Okabe–Ito: orange, sky blue, reddish purple), the same in every context plot
MODE_COLOURS = {"truncate": "#E69F00", "summary": "#56B4E9", "memgpt": "#CC79A7"}
DEFAULT_WINDOW = 12_000  # the window the lines are drawn at when the settings' is unlimited


def per_call_window(config: RunConfig) -> float:
    return DEFAULT_WINDOW if config.context in (None, UNLIMITED) else config.context


def per_call_lines(
    site: Site, config: RunConfig, seeds: range, context: JobContext
) -> dict[str, list[float]]:
    """Every line of the plot at ``config``'s window (12,000 when it has none or no limit)."""
    window = per_call_window(config)
    base = config.with_(until_all_bugs=False, capacity=None, policy="fifo", ttl=None)
    context.plan(len(PER_CALL_LINES) * len(seeds))
    return {
        line: tokens_per_call(site, per_call_config(line, window, base), seeds, done=context.advance)
        for line in PER_CALL_LINES
    }


class PerCallPlot:
    def __init__(self, language: Language) -> None:
        self.language = language
        self.widget = make_plot()
        self.widget.setObjectName("per_call_plot")
        self.widget.setMinimumHeight(160)
        self.widget.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.widget.getPlotItem().setMouseEnabled(x=False, y=False)
        self.legend = self.widget.getPlotItem().addLegend(offset=(8, 8))
        self.curves: dict[str, pg.PlotDataItem] = {}

    def retranslate(self, window: float | None = None) -> None:
        tr = self.language.tr
        set_axis_label(self.widget, "bottom", tr(words.CALL_AXIS))
        set_axis_label(self.widget, "left", tr(words.TOKENS_AXIS))
        if window is not None:
            set_title(self.widget, tr(words.PER_CALL_PLOT_TITLE, window=f"{int(window):,}"))

    def clear(self) -> None:
        self.widget.getPlotItem().clear()
        self.legend.clear()
        self.curves = {}

    def draw(self, per_call: dict[str, list[float]], window: float | None = None) -> None:
        lang = self.language.code
        self.clear()
        style_legend(self.legend)
        plot = self.widget.getPlotItem()
        for line in PER_CALL_LINES:
            tokens = per_call[line]
            calls = np.arange(1, len(tokens) + 1, dtype=float)
            if line == "frontier":
                colour, style, label = (
                    strategy_colour("frontier"),
                    Qt.PenStyle.SolidLine,
                    strategy_name("frontier", lang),
                )
            elif line == "inf":
                colour, style, label = (
                    strategy_colour("session"),
                    Qt.PenStyle.DotLine,
                    words.WHOLE_HISTORY.pick(lang),
                )
            else:
                colour, style, label = MODE_COLOURS[line], Qt.PenStyle.SolidLine, compaction_name(line, lang)
            curve = pg.PlotDataItem(calls, np.array(tokens) / 1000, pen=pen(colour, 2.5, style=style))
            plot.addItem(curve)
            self.legend.addItem(curve, label)
            self.curves[line] = curve
        plot.enableAutoRange()
        self.retranslate(window)
