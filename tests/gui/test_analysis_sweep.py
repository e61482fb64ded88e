"""Sweep view: one line and band per policy from the core's sweep; paired comparisons equal the core's."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from memviz.core.engine import RunConfig
from memviz.core.experiments import capacity_sweep
from memviz.core.policies import POLICIES
from memviz.core.site import load_site
from memviz.core.stats import pct
from memviz.gui.analysis import SweepView
from memviz.gui.kit.language import Language
from memviz.gui.kit.palette import policy_symbol
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(strategy: str = "random", lang: str = "zh", capacities=(11, 13)) -> SweepView:
        view = keep_analysis_view(
            SweepView(RunSettings(SITE, RunConfig(strategy=strategy)), Language(lang), auto_run=False)
        )
        view.capacity_to.setValue(capacities[1])
        view.capacity_from.setValue(capacities[0])
        return view

    return make


def test_capacity_12_random_minus_fifo_is_the_chapters(make_view):
    view = make_view()  # no memory in the settings: the sweep uses the chapter's strategy
    assert view.strategy == "frontier"
    view.compute_blocking()
    assert view.pair == (12, "random", "fifo")
    assert "+3.8 [+2.7, +4.8]" in view.headline.text()
    assert "容量 12" in view.headline.text()
    assert "+3.8 [+2.7, +4.8]" in view.compare_result.text()
    core = capacity_sweep(SITE, RunConfig(strategy="frontier"), [12], ("fifo", "random")).paired(
        12, "random", "fifo"
    )
    assert view.result.paired[12, "random", "fifo"] == core


def test_lines_and_bands_are_the_cores_means_and_intervals(make_view):
    view = make_view(capacities=(1, 24))
    view.runs_spin.setValue(40)
    view.compute_blocking()
    sweep = view.result.sweep
    assert sweep.capacities == tuple(range(1, 25))
    items = view.plot.getPlotItem().items
    # every registered policy: ttl (T = 8) and opt too, and any installed plugin's
    assert sum(isinstance(i, pg.FillBetweenItem) for i in items) == len(POLICIES) >= 5
    for policy in POLICIES:
        x, y = view.curves[policy].getData()
        assert view.curves[policy].opts["symbol"] == policy_symbol(policy)  # the same in every sweep
        assert list(x) == list(range(1, 25))
        assert np.allclose(y, [sweep.ci(c, policy).mean * 100 for c in range(1, 25)])
    legend = [label.text for _, label in view.legend.items]
    assert legend[:5] == ["FIFO", "LRU", "随机", "限时遗忘（T = 8）", "先知"] and len(legend) == len(POLICIES)


def test_any_two_policies_at_any_capacity(make_view, qtbot):
    view = make_view("frontier")
    view.compute_blocking()
    diff = view.compare_blocking(13, "lru", "fifo")
    core = capacity_sweep(SITE, RunConfig(strategy="frontier"), [13], ("fifo", "lru")).paired(
        13, "lru", "fifo"
    )
    assert diff == core
    shown = f"{pct(core.mean, True)} [{pct(core.lo, True)}, {pct(core.hi, True)}]"
    assert f"容量 13：LRU − FIFO = <b>{shown}</b>" in view.compare_result.text()
    # choosing in the combo boxes computes the comparison off the GUI thread
    view.compare_capacity.setCurrentIndex(view.result.sweep.capacities.index(11))
    qtbot.waitUntil(lambda: "容量 11" in view.compare_result.text(), timeout=30000)
    core11 = view.result.sweep.paired(11, "lru", "fifo")
    assert f"{pct(core11.mean, True)} [{pct(core11.lo, True)}, {pct(core11.hi, True)}]" in (
        view.compare_result.text()
    )
    assert view.capacity_line.value() == 11


def test_dragging_the_capacity_line_picks_the_nearest_capacity(make_view):
    view = make_view("frontier")
    view.compute_blocking()
    view.capacity_line.setValue(12.7)
    view.capacity_line.sigPositionChangeFinished.emit(view.capacity_line)
    assert view.capacity_line.value() == 13
    assert view.pair[0] == 13


def test_the_same_policy_twice_is_refused(make_view):
    view = make_view("frontier")
    view.compute_blocking()
    view.compare_b.setCurrentIndex(POLICIES.names().index("random"))
    assert "不同" in view.compare_result.text()


def test_a_memory_strategy_in_the_settings_is_swept(make_view):
    view = make_view("visited")
    assert view.strategy == "visited"
    view.settings.update(strategy="frontier")
    assert view.strategy == "frontier"
    view.settings.update(strategy="random")
    assert view.strategy == "frontier"  # no capacity without memory: keep the last memory strategy


def test_english(make_view):
    view = make_view("frontier", lang="en")
    view.compute_blocking()
    assert "At capacity 12, random − FIFO eviction: coverage <b>+3.8 [+2.7, +4.8]</b>" in view.headline.text()
    assert view.plot.getPlotItem().getAxis("bottom").labelText == "Memory capacity (entries)"
    view.language.set_code("zh")
    assert view.plot.getPlotItem().getAxis("bottom").labelText == "记忆容量（条）"
    assert [label.text for _, label in view.legend.items][:5] == [
        "FIFO",
        "LRU",
        "随机",
        "限时遗忘（T = 8）",
        "先知",
    ]


def test_the_capacity_range_follows_the_sites_size_unless_chosen(make_view, keep_analysis_view):
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    view = make_view("frontier", capacities=(1, 24))
    assert view.capacities == list(range(1, 25))  # the chapter's 24 pages: the default
    sixty = Site.from_dict(generate_site("random", 60, seed=1))
    view.settings.set_site(sixty)
    assert view.capacities == list(range(1, 61))
    view.settings.set_site(Site.from_dict(generate_site("tree", 500, seed=1)))
    assert view.capacities == list(range(1, 61))  # a big site stops at 60 entries
    view.capacity_to.setValue(30)  # the user's own range is kept
    view.settings.set_site(sixty)
    assert view.capacities == list(range(1, 31))
    fresh = keep_analysis_view(SweepView(RunSettings(sixty, RunConfig()), Language("en"), auto_run=False))
    assert fresh.capacities == list(range(1, 61))  # a view opened on the site starts there


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_legend_covers_no_curve_and_the_plot_keeps_its_width_at_every_zoom(make_window, lang):
    """Seen in the real window at 1280×720: the five policies' legend sat in the plot's corner over
    half the curves at 125 and 150 %, and at 150 % the plot was a strip 330 px wide beside the
    comparison panel. The legend is under the plot, its entries side by side and inside the plot's
    widget; the panel goes under the plot when the row has no room for both."""
    from PySide6.QtWidgets import QApplication

    window = make_window(RunConfig(strategy="frontier"), lang=lang, size=(1280, 720))
    view = window.select_view("sweep")
    view = getattr(view, "view", view)
    view.auto_run = False
    view.cancel()
    view.runs_spin.setValue(view.runs_spin.minimum())
    view.compute_blocking()
    try:
        for factor in (1.0, 1.25, 1.5):
            window.set_zoom(factor)
            QApplication.processEvents()
            assert_legend_and_plot_clear(view, factor)
    finally:
        window.set_zoom(1.0)


def assert_legend_and_plot_clear(view: SweepView, factor: float) -> None:
    from PySide6.QtCore import QPointF

    from memviz.gui.kit import zoom

    plot = view.plot
    box = plot.getPlotItem().getViewBox()
    legend = view.legend.sceneBoundingRect()
    for policy, curve in view.curves.items():
        for x, y in zip(*curve.getData(), strict=True):
            assert not legend.contains(box.mapViewToScene(QPointF(x, y))), (factor, policy, x)
    shown = plot.mapToScene(plot.viewport().rect()).boundingRect()
    for _sample, label in view.legend.items:
        assert shown.contains(label.sceneBoundingRect()), (factor, label.text)
    assert view.legend.columnCount > 1  # entries side by side where the plot is wide
    assert plot.width() >= 30 * zoom.least_text_px(), factor
    assert view.plot_row.is_column == (factor == 1.5)
