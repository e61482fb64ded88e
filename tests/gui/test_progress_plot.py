"""Explore's two little charts (coverage, tokens), painted with Qt: ticks, labels, and no pyqtgraph."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.gui.explore.progress_plot import nice_ticks

ROOT = Path(__file__).resolve().parents[2]


@given(
    low=st.floats(-1000, 1000),
    span=st.floats(0.01, 1e6),
    room=st.floats(10, 2000),
    least=st.floats(5, 200),
)
# A step far wider than the range (200 px apart in 10 px): 0 was kept, 0.002 below the range's start
@example(low=0.001953125, span=50001.0, room=10.0, least=200.0)
def test_ticks_are_round_values_inside_the_range_spaced_so_labels_fit(low, span, room, least):
    high = low + span
    ticks = nice_ticks(low, high, room, least)
    assert all(low - 1e-9 * span <= t <= high + 1e-9 * span for t in ticks)
    if len(ticks) > 1:
        step = ticks[1] - ticks[0]
        assert step * room / span >= least * (1 - 1e-9)  # far enough apart, in pixels
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert min(abs(mantissa - m) for m in (1, 2, 5, 10)) < 1e-6


def labels_clear(plot) -> None:
    """Every tick label inside the widget, clear of every other label and of the titles."""
    bounds = plot.rect()
    rects = []
    for chart, box in plot.boxes():
        parts = plot.chart_layout(chart, box)
        assert parts.y_ticks and parts.x_ticks
        rects.append(parts.title)
        for rect, _text in parts.labels:
            assert bounds.contains(rect.toAlignedRect()), (rect, bounds)
            rects.append(rect)
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert not a.intersects(b), (a, b)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("budget", [30, 1000])
def test_the_charts_show_the_run_and_their_labels_never_touch(screen_window, lang, budget):
    window = screen_window(
        RunConfig(strategy="frontier", capacity=3, budget=budget), size=(1280, 720), lang=lang
    )
    plot = window.explore.progress
    for _ in range(12):
        window.explore.model.step()
    QApplication.processEvents()
    xs, coverage, tokens = plot.series()
    assert plot.coverage.xs == xs and plot.coverage.ys == coverage and plot.tokens.ys == tokens
    assert plot.tokens.y_range[1] >= window.explore.model.final_tokens / 1000  # fixed for the run
    assert plot.coverage.x_range[1] >= budget
    labels_clear(plot)
    window.set_theme("projector")
    labels_clear(plot)
    assert not plot.grab().isNull()


def test_the_first_view_loads_neither_pyqtgraph_nor_numpy():
    # pyqtgraph (and the Qt modules it loads) is for the analysis views, built when first shown;
    # numpy for batches and big sites (issue 29: each took longer to load than the window to build)
    code = (
        "import sys\n"
        "from memviz.gui.app import create_app\n"
        "app = create_app()\n"
        "from memviz.gui.main_window import MainWindow\n"
        "from memviz.gui.kit.language import Language\n"
        "w = MainWindow(language=Language('en')); w.show(); app.processEvents()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyqtgraph', 'numpy')))\n"
        "print(w.explore.progress.series()[0], flush=True)\n"
        "import os; os._exit(0)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    lines = out.stdout.splitlines()
    assert lines[:2] == ["[]", "[0]"], out.stderr


def test_a_step_draws_the_curves_not_the_frames_which_are_drawn_as_they_change(screen_window, monkeypatch):
    """The titles, grids, labels and axes are one picture drawn again only when what they show
    changes (a theme here); a step draws the curves over it, and the picture is what a whole
    painting of the charts gives."""
    from PySide6.QtGui import QImage, QPainter

    from memviz.gui.explore.progress_plot import ProgressPlot
    from memviz.gui.kit import style

    window = screen_window(RunConfig(strategy="frontier", capacity=3, budget=40), size=(1280, 720))
    plot, model = window.explore.progress, window.explore.model
    plot.repaint()
    frames: list[str] = []
    original = ProgressPlot.paint_frame
    monkeypatch.setattr(
        ProgressPlot, "paint_frame", lambda self, p, chart, box, parts: (frames.append(chart.title),
                                                                         original(self, p, chart, box, parts))
    )  # fmt: skip
    for _ in range(5):
        model.step()
        plot.repaint()
    assert frames == []
    window.set_theme("dark")
    plot.repaint()
    assert frames == [plot.coverage.title, plot.tokens.title]
    whole = QImage(plot.size(), QImage.Format.Format_RGB32)
    painter = QPainter(whole)
    painter.fillRect(plot.rect(), style.colors().paper)
    for chart, box in plot.boxes():
        plot.paint_chart(painter, chart, box)
    painter.end()
    assert plot.grab().toImage().convertToFormat(QImage.Format.Format_RGB32) == whole
