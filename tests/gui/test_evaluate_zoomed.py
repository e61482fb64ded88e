"""The Evaluate tab zoomed in a small window (issue 40): at 1280×720 and 150 % the forest plot was
a strip beside the pages, its title at the least type and every second task unnamed. Now the forest
plot goes above the pages where a row has not the room, keeps a line of its axis's type for every
task, and the view scrolls."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig


@pytest.fixture
def evaluate_in_window(screen_window, qtbot):
    from memviz.gui.kit.worker import job_pool

    views = []

    def open_(size, zoom, lang="en"):
        window = screen_window(RunConfig(), size=size, lang=lang, zoom=zoom)
        view = window.select_view("evaluate")
        view = getattr(view, "view", view)  # a LazyView's real view
        views.append(view)
        view.runs_spin.setValue(2)  # the fewest runs a task: the same tasks and words, in a second
        view.compute_blocking()
        qtbot.waitUntil(lambda: view.forest_means.getPlotItem().getViewBox().height() > 0)
        QApplication.processEvents()
        return view

    yield open_
    for view in views:
        view.cancel()  # a job the tab started when shown, if any
    job_pool().waitForDone(10000)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_720p_and_150_percent_every_task_is_named_and_the_titles_at_full_type(
    evaluate_in_window, qtbot, lang
):
    from scene_text import scene_texts

    from memviz.gui.kit.plots import TITLE_PT, scaled_pt

    view = evaluate_in_window((1280, 720), 1.5, lang)
    ids = view.task_axis.ids
    assert len(ids) == 32 and ("v1 · Sign in" in ids if lang == "en" else "v1 · 登录" in ids)

    def named() -> set[str]:
        return {text.text for text in scene_texts(view.forest_means)} & set(ids)

    qtbot.waitUntil(lambda: named() == set(ids))  # every task, not every second one
    for plot in (view.forest_means, view.forest_diffs):
        title = plot.getPlotItem().titleLabel
        # at its full type, on one line or two (it was stepped down to the least type)
        assert title.opts["size"] == scaled_pt(TITLE_PT), (plot.objectName(), title.text)
        assert title.text.count("<br>") <= 1
        assert title.item.boundingRect().width() <= plot.getPlotItem().getViewBox().width() + 20
    # the rows are a line of the axis's type apart, and the pages are whole under the forest plot
    per_row = view.forest_means.getPlotItem().getViewBox().height() / len(ids)
    assert per_row >= view.task_axis.line_height()
    assert view.evaluate_body.is_column
    assert view.pages.width() >= view.forest_means.width()


def test_from_a_column_back_to_a_row_the_plots_show_every_row_level(evaluate_in_window, qtbot):
    """pyqtgraph's own y link lined the two plots up by their pixels at each resize: turning from
    above the pages to beside them, both kept a range shifted by a title's height (the first task cut,
    seen in the real window at 1366×768 and 125 %)."""
    from scene_text import scene_texts

    view = evaluate_in_window((1280, 720), 1.5)
    assert view.evaluate_body.is_column
    window = view.window()
    window.set_zoom(1.0)
    window.resize(1920, 1080)
    window.fit_type_to_window()
    qtbot.waitUntil(lambda: not view.evaluate_body.is_column)
    QApplication.processEvents()
    rows = len(view.task_axis.ids)
    boxes = [plot.getPlotItem().getViewBox() for plot in (view.forest_means, view.forest_diffs)]
    for box in boxes:
        assert box.viewRange()[1] == pytest.approx([-0.7, rows - 1 + 0.7])
    assert boxes[0].sceneBoundingRect().top() == boxes[1].sceneBoundingRect().top()  # the rows level
    assert {text.text for text in scene_texts(view.forest_means)} >= set(view.task_axis.ids)
    assert view.pages.x() > view.forest_diffs.x() + view.forest_diffs.width() - 5  # beside the pages


def test_the_wheel_over_the_forest_plot_is_left_to_the_view(evaluate_in_window):
    """Every task in view and named, the forest plot leaves the wheel to the tab, which scrolls, as
    anywhere else in it: the plot zoomed its rows out (to -5..74 after three notches in the real
    window) and the view did not scroll with the pointer over it. Qt hands a wheel the widget
    ignored to its parents only when it came from the window system (in the real window, under
    Xvfb, three notches scrolled the view 180 px), so here: the plot ignores it and keeps its rows."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    view = evaluate_in_window((1280, 720), 1.5)
    rows = len(view.task_axis.ids)
    for plot in (view.forest_means, view.forest_diffs):
        target = plot.viewport()
        box = plot.getPlotItem().getViewBox()
        at = QPointF(box.sceneBoundingRect().center())  # over the dots (the scene is the viewport's)
        wheel = QWheelEvent(at, target.mapToGlobal(at), QPoint(0, 0), QPoint(0, -120), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)  # fmt: skip
        QApplication.sendEvent(target, wheel)
        assert not wheel.isAccepted(), plot.objectName()
        assert box.viewRange()[1] == pytest.approx([-0.7, rows - 0.3])


def test_a_long_task_file_keeps_a_bounded_height_and_zooms_by_rows(evaluate_in_window, tmp_path):
    """Beyond MAX_NAMED_ROWS tasks the forest plot does not grow a line a task (2,000 tasks would be
    60,000 px at 150 %): it names every second (third, ...) row and zooms and pans by its rows."""
    import json

    from memviz.gui.evaluate.body import MAX_NAMED_ROWS

    pages = (0, 1, 2, 3, 5, 6, 8, 10, 11, 14, 16, 17, 18, 19, 20, 22)
    tasks = [
        {"id": f"{v}/{p}/{k}", "version": v, "start": p}
        for k in range(2)
        for v in ("v1", "v2")
        for p in pages
    ]
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps({"format": "memviz-tasks/1", "site": "conduit24-versions", "tasks": tasks}))
    view = evaluate_in_window((1280, 720), 1.5)
    view.set_tasks(path)
    view.compute_blocking()
    QApplication.processEvents()
    assert len(view.task_axis.ids) == 64 > MAX_NAMED_ROWS
    box = view.forest_means.getPlotItem().getViewBox()
    overhead = view.forest_means.height() - box.height()
    assert (
        view.evaluate_body.forest.minimumHeight()
        <= overhead + (MAX_NAMED_ROWS + 1) * view.task_axis.line_height() + 3
    )
    assert box.state["mouseEnabled"][1]  # the rows zoom and pan
    low, high = box.viewRange()[1]
    (_, named), *_ = view.task_axis.tickValues(low, high, box.height())
    assert 16 <= len(named) < 64 and named[:2] == [0, 2]  # every second row


def test_no_metric_runs_the_numbers_under_the_forest_plot_together(evaluate_in_window):
    """At 1366×768 and 125 % the forest plot is beside the pages, its plots narrow: the tokens' axis
    printed "95000100000", two numbers without a gap."""
    from PySide6.QtGui import QFontMetricsF
    from scene_text import _axis_ticks, scene_texts, text_problems

    from memviz.core.evaluation import METRICS

    view = evaluate_in_window((1366, 768), 1.25)
    assert not view.evaluate_body.is_column
    for index, metric in enumerate(METRICS):
        view.metric_combo.setCurrentIndex(index)
        QApplication.processEvents()
        for plot in (view.forest_means, view.forest_diffs):
            assert text_problems(scene_texts(plot)) == [], (metric, plot.objectName())
            axis = plot.getPlotItem().getAxis("bottom")
            numbers = sorted((rect.left(), rect.right(), text) for text, rect in _axis_ticks(axis))
            assert numbers, (metric, plot.objectName())  # (tokens in a narrow plot: one, 100000)
            gap = QFontMetricsF(axis.style["tickFont"]).horizontalAdvance(" ")
            for (_, right, text), (left, _, after) in itertools.pairwise(numbers):
                assert left - right >= gap, (metric, plot.objectName(), text, after)


def test_at_1080p_and_100_percent_the_forest_plot_stays_beside_the_pages(evaluate_in_window):
    from scene_text import scene_texts

    view = evaluate_in_window((1920, 1080), 1.0)
    assert not view.evaluate_body.is_column
    assert view.pages.x() > view.forest_diffs.x() + view.forest_diffs.width() - 5
    assert {text.text for text in scene_texts(view.forest_means)} >= set(view.task_axis.ids)
