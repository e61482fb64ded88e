"""Batch view: the figures it shows are the core's, clicks open the right run, texts follow the language."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.core.experiments import compare_with_baseline, means
from memviz.core.site import load_site
from memviz.core.stats import pct
from memviz.gui.analysis import ANALYSIS_VIEWS, BatchView
from memviz.gui.kit.language import Language
from memviz.gui.kit.worker import job_pool
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(strategy: str = "visited", lang: str = "zh", **changes) -> BatchView:
        settings = RunSettings(SITE, RunConfig(strategy=strategy, **changes))
        return keep_analysis_view(BatchView(settings, Language(lang), auto_run=False))

    return make


def plot_title(plot) -> str:
    return plot.getPlotItem().titleLabel.text


def test_registered_for_the_main_window():
    names = [(name, zh, en) for name, zh, en, _ in ANALYSIS_VIEWS]
    assert [n for n, _, _ in names] == ["batch", "sweep", "cost"]
    factory = dict((n, f) for n, _, _, f in ANALYSIS_VIEWS)["batch"]
    assert factory is BatchView


def test_visited_set_shows_the_chapters_figures(make_view):
    view = make_view("visited")
    view.compute_blocking()
    core = compare_with_baseline(SITE, RunConfig(strategy="visited"), 200, 1000).diff
    shown = f"{pct(core.mean, True)} [{pct(core.lo, True)}, {pct(core.hi, True)}]"
    assert shown == "+29.3 [+27.9, +30.6]"
    assert shown in view.headline.text()
    assert "200 次里 199 次更高" in view.headline.text()
    assert shown in plot_title(view.diff_plot) and "200 次里 199 次更高" in plot_title(view.diff_plot)
    # bootstrap interval and the paired vs unpaired half-widths (the chapter's 1.30 and 1.39)
    assert f"[{pct(core.boot_lo, True)}, {pct(core.boot_hi, True)}]" in view.context_label.text()
    assert "1.30" in view.halves_label.text() and "1.39" in view.halves_label.text()
    # one dot per run in each column, one per pair in the differences
    assert len(view.coverage_dots["current"].data) == 200
    assert len(view.coverage_dots["baseline"].data) == 200
    assert len(view.diff_dots["higher"].data) == 199
    assert len(view.diff_dots["not_higher"].data) == 1


def test_frontier_shows_the_chapters_figures_in_english(make_view):
    view = make_view("frontier", lang="en")
    view.compute_blocking()
    assert "+45.1 [+44.0, +46.1]" in view.headline.text()
    assert "higher in all 200 runs" in view.headline.text()
    assert "1.08" in view.halves_label.text() and "1.10" in view.halves_label.text()


def test_means_table_holds_every_metric_for_both(make_view):
    view = make_view("frontier")
    view.compute_blocking()
    comparison = view.result
    current, baseline = means(comparison.current), means(comparison.baseline)
    cell = {
        (
            view.table.verticalHeaderItem(r).text(),
            view.table.horizontalHeaderItem(c).text().replace("\n", " "),
        ): view.table.item(r, c).text()
        for r in range(3)
        for c in range(view.table.columnCount())
    }
    assert cell["已访问集合 + 链接表", "token"] == "105,359"  # the chapter's 105,359 against 90,000
    assert cell["无记忆", "token"] == "90,000"
    assert cell["已访问集合 + 链接表", "覆盖率 %"] == pct(current["coverage"])
    assert cell["无记忆", "重复访问率 %"] == pct(baseline["repeat"])
    assert cell["差值", "覆盖率 %"] == "+45.1"
    assert cell["无记忆", "重复报告"] == f"{baseline['dups']:.2f}"
    assert {h for (_, h) in cell} == {
        "覆盖率 %",
        "重复访问率 %",
        "找到 Bug",
        "报告数",
        "重复报告",
        "token",
        "步数",
    }


def test_runs_and_first_seed_are_settable(make_view):
    view = make_view("visited")
    view.runs_spin.setValue(50)
    view.seed0_spin.setValue(3000)
    assert view.run_button.text() == "批量跑 50 次"
    view.compute_blocking()
    assert view.result.seeds == range(3000, 3050)
    core = compare_with_baseline(SITE, RunConfig(strategy="visited"), 50, 3000).diff
    assert f"{pct(core.mean, True)} [{pct(core.lo, True)}, {pct(core.hi, True)}]" in view.headline.text()


def dot_position(view: BatchView, plot, dots, seed: int):
    index = [int(s) for s in dots.data["data"]].index(seed)
    point = QPointF(float(dots.data["x"][index]), float(dots.data["y"][index]))
    scene = plot.getPlotItem().getViewBox().mapViewToScene(point)
    return plot.mapFromScene(scene)


def shown_and_computed(view, qtbot):
    """The view on screen with its batch drawn, so that its dots can be clicked."""
    view.resize(1400, 800)
    view.show()
    qtbot.waitExposed(view)
    view.compute_blocking()
    qtbot.wait(50)
    return view


def test_clicking_a_dot_opens_that_run(make_view, qtbot):
    view = shown_and_computed(make_view("visited"), qtbot)
    comparison = view.result
    # The one pair where memory did not do better is a lone grey dot: click it.
    lone = [
        s
        for s, a, b in zip(comparison.seeds, comparison.current, comparison.baseline, strict=True)
        if a.coverage <= b.coverage
    ]
    assert len(lone) == 1
    pos = dot_position(view, view.diff_plot, view.diff_dots["not_higher"], lone[0])
    with qtbot.waitSignal(view.settings.open_run_requested, timeout=30000) as opened:
        qtbot.mouseClick(view.diff_plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert opened.args[0] == RunConfig(strategy="visited", seed=lone[0])
    assert view.settings.config.seed == lone[0]
    assert not view.is_stale  # only the seed changed: the batch still stands for these settings


def test_clicking_a_baseline_dot_opens_the_no_memory_run(make_view, qtbot):
    view = shown_and_computed(make_view("visited"), qtbot)
    dots = view.coverage_dots["baseline"]
    # the baseline run with the highest coverage sits alone at the top of its column
    top = int(dots.data["data"][dots.data["y"].argmax()])
    pos = dot_position(view, view.coverage_plot, dots, top)
    with qtbot.waitSignal(view.settings.open_run_requested, timeout=30000) as opened:
        qtbot.mouseClick(view.coverage_plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert opened.args[0] == RunConfig(strategy="random", seed=top)
    assert view.is_stale and view.stale_label.isVisibleTo(view)


def test_changed_settings_mark_the_result_stale(make_view):
    view = make_view("visited")
    view.runs_spin.setValue(20)
    view.compute_blocking()
    assert not view.is_stale
    view.settings.update(seed=4242)
    assert not view.is_stale
    view.settings.update(budget=40)
    assert view.is_stale
    assert "之前的设置" in view.stale_label.text()
    view.compute_blocking()
    assert not view.is_stale and view.result.config.budget == 40


def test_language_switch_resets_every_text(make_view):
    view = make_view("visited")
    view.compute_blocking()
    view.language.set_code("en")
    assert "higher in 199 of 200 runs" in view.headline.text()
    assert view.run_button.text() == "Run 200 seeds"
    assert view.coverage_plot.getPlotItem().getAxis("left").labelText == "Coverage (%)"
    assert view.table.horizontalHeaderItem(0).text().replace("\n", " ") == "Coverage %"
    assert view.table.verticalHeaderItem(1).text() == "no memory"
    assert view.export_button.text() == "Export"
    assert all("图" not in a.text() for a in view.export_menu.actions())
    view.language.set_code("zh")
    assert "200 次里 199 次更高" in view.headline.text()
    assert view.diff_plot.getPlotItem().getAxis("bottom").labelText == "覆盖率差值（百分点）"


def test_the_batch_runs_off_the_gui_thread(make_view, qtbot):
    view = make_view("frontier")
    view.resize(1200, 700)
    view.show()
    job = view.start()
    assert view.job_bar.running and not view.run_button.isEnabled()
    qtbot.waitUntil(lambda: view.result is not None, timeout=10000)
    assert job.outcome == "finished"
    assert "+45.1 [+44.0, +46.1]" in view.headline.text()
    assert view.run_button.isEnabled() and not view.job_bar.progress.isVisible()


def test_first_show_computes_when_auto_run(qtbot):
    settings = RunSettings(SITE, RunConfig(strategy="visited"))
    view = BatchView(settings, Language("zh"))
    qtbot.addWidget(view)
    view.runs_spin.setValue(30)
    view.show()
    qtbot.waitUntil(lambda: view.result is not None, timeout=10000)
    assert view.result.seeds == range(1000, 1030)
    job_pool().waitForDone(5000)


def test_random_strategy_says_there_is_nothing_to_compare(make_view):
    view = make_view("random")
    view.runs_spin.setValue(20)
    view.compute_blocking()
    assert "差值为 0" in view.headline.text()


def test_theme_change_recolours_plots_and_texts(make_view):
    from memviz.gui.kit import themes

    view = make_view("visited")
    view.runs_spin.setValue(20)
    view.compute_blocking()
    try:
        themes.manager().apply("dark")
        assert view.coverage_plot.backgroundBrush().color().name() == themes.DARK.plot_background
        assert view.mean_texts["current"].color.name() == themes.DARK.plot_foreground
        assert view.coverage_plot.getPlotItem().titleLabel.opts["color"] == themes.DARK.plot_foreground
        themes.manager().apply("projector")
        assert view.diff_mean_line.pen.widthF() == pytest.approx(4 * themes.PROJECTOR.line_width)
    finally:
        themes.manager().apply("light")
    assert view.coverage_plot.backgroundBrush().color().name() == themes.LIGHT.plot_background
    assert view.headline.text().endswith("20 次全部更高")  # the result survived the repaints


def test_a_dot_names_its_run_in_the_language_in_force(make_view):
    view = make_view("visited")
    tip = view.coverage_dots["current"].opts["tip"]
    assert tip(x=1.0, y=56.25, data=1003) == "seed 1003：覆盖率 56.2%\n点击：在探索视图里打开"
    view.language.set_code("en")
    assert tip(x=1.0, y=56.25, data=1003) == "seed 1003: coverage 56.2%\nclick to open it in Explore"
    diff_tip = view.diff_dots["higher"].opts["tip"]
    assert (
        diff_tip(x=12.5, y=3.0, data=1010)
        == "seed 1010: difference +12.5 points\nclick to open it in Explore"
    )
    assert view.coverage_plot.toolTip() == "Click a dot to open that run in Explore"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("capacity", [3, 12])
def test_the_differences_legend_covers_no_dot_and_no_line(
    make_view, shown_and_computed, lang, size, capacity
):
    from PySide6.QtCore import QPointF

    view = shown_and_computed(make_view("frontier", lang, capacity=capacity), size)
    box = view.diff_plot.getPlotItem().getViewBox()
    legend = view.diff_legend.sceneBoundingRect()
    for dots in view.diff_dots.values():
        for x, y in zip(dots.data["x"], dots.data["y"], strict=True):
            assert not legend.intersects(_dot_rect(box, x, y)), (x, y)
    bar = view.bootstrap_bar
    assert not legend.contains(box.mapViewToScene(QPointF(float(bar.opts["x"][0]), float(bar.opts["y"][0]))))
    assert legend.top() >= box.sceneBoundingRect().bottom()  # under the plot, clear of every line


def _dot_rect(box, x: float, y: float):
    from PySide6.QtCore import QPointF, QRectF

    centre = box.mapViewToScene(QPointF(float(x), float(y)))
    return QRectF(centre.x() - 3, centre.y() - 3, 6, 6)


@pytest.mark.parametrize("view_name", ["batch", "cost"])
def test_the_figures_table_follows_the_windows_type(make_window, view_name):
    """The Batch and Cost tables kept the type of the window they were built in: zoomed in (View
    menu) or resized across a type size, their rows and bold cells stayed small. Their type is the
    app's times their scale, their rows as tall as it needs, the table as tall as its rows."""
    from PySide6.QtGui import QFontInfo, QFontMetrics

    from memviz.gui.kit.style import app_pixel_size

    window = make_window(RunConfig(strategy="frontier"), lang="en", size=(1280, 720))
    view = window.select_view(view_name)
    view = getattr(view, "view", view)
    view.auto_run = False
    view.cancel()
    view.runs_spin.setValue(view.runs_spin.minimum())
    view.compute_blocking()
    QApplication.processEvents()
    table = view.table

    def bold_cells() -> list:
        # (asked anew each time: a zoom draws the result again, with new cells)
        return [
            table.item(r, c)
            for r in range(table.rowCount())
            for c in range(table.columnCount())
            if table.item(r, c) is not None and table.item(r, c).font().bold()
        ]

    assert bold_cells()  # the featured figures: they must follow too

    scale = QFontInfo(table.font()).pixelSize() / app_pixel_size()
    assert scale > 1.05  # the figures are set larger than the words around them

    def sizes() -> tuple[float, list[int]]:
        assert QFontInfo(table.font()).pixelSize() == pytest.approx(app_pixel_size() * scale, abs=1)
        assert {QFontInfo(item.font()).pixelSize() for item in bold_cells()} == {
            QFontInfo(table.font()).pixelSize()
        }
        rows = [table.rowHeight(r) for r in range(table.rowCount())]
        line = QFontMetrics(table.font()).height()
        assert all(row >= line for row in rows)  # no row shorter than a line of its type
        header = table.horizontalHeader().height()
        assert table.height() == header + sum(rows) + 2 * table.frameWidth()
        return QFontInfo(table.font()).pixelSize(), rows

    point, rows = sizes()
    window.set_zoom(1.3)
    QApplication.processEvents()
    zoomed_point, zoomed_rows = sizes()
    assert zoomed_point == pytest.approx(point * 1.3, abs=1)  # whole pixels
    assert all(z > r for z, r in zip(zoomed_rows, rows, strict=True))
    window.resize(1920, 1080)  # a larger window: a larger type (10 pt to 12 pt), still zoomed
    window.fit_type_to_window()
    QApplication.processEvents()
    assert sizes()[0] == pytest.approx(zoomed_point * 12 / 10, abs=1)
    window.set_zoom(1.0)
    QApplication.processEvents()
