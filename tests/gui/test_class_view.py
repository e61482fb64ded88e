"""File → Watch the class: a lane and a row per student, live on a fake clock, sortable, and a click
puts the student in Compare beside the agent with no memory and with a visited set."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from memviz.models.clock import ManualClock
from memviz.wording.classroom import COLUMNS
from tests.models.test_classroom import ADA, BO, _claim, _folder, _visit


def _names(view) -> list[str]:
    return [view.table.item(r, 0).text() for r in range(view.table.rowCount())]


def test_the_class_in_the_window_live_sorted_and_into_compare(make_window, tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [1, 0, 12, 13])
    _claim(traces, ADA, 13, "XSS")
    traces.name(ADA, "Ada")
    window = make_window(lang="en")
    clock = ManualClock()
    view = window.watch_class(tmp_path, clock)
    assert window.tabs.currentWidget() is view
    assert _names(view) == ["Ada"] and view.lanes.students[0].path == (1, 0, 12, 13)
    assert view.lanes.claims == {ADA: {3: ["XSS"]}}  # the report's mark on the comments page's step
    ada = view.lanes.students[0]
    assert view.lanes.tip(ada, 3) == "Ada, step 3: Comments on A\nbug page: XSS in comments\n▼ XSS"
    left, cell, row = view.lanes._geometry()
    assert view.lanes.square_at(left + 3.5 * cell, 4 + row / 2) == (ada, 3)
    assert view.lanes.square_at(left - 1, 4 + row / 2) is None
    at = QPoint(int(left + 3.5 * cell), int(4 + row / 2))
    assert view.lanes.event(QHelpEvent(QEvent.Type.ToolTip, at, view.lanes.mapToGlobal(at)))
    assert QToolTip.text() == view.lanes.tip(ada, 3)
    _visit(traces, BO, [0, 22, 23, 22, 0])
    traces.name(BO, "Bo")
    clock.advance(250)  # one poll: a click shows within a second
    assert _names(view) == ["Ada", "Bo"]
    assert view.header.text().splitlines()[-1] == (
        "The class: 2 students, 7 steps; bugs seen 2, found 1; reports 1, duplicates 0, precision 100%"
    )
    steps = [key for key, _ in COLUMNS].index("steps")
    view.table.horizontalHeader().sectionClicked.emit(steps)
    assert _names(view) == ["Bo", "Ada"]  # most steps first
    assert view.table.item(0, steps).text() == "4"
    view.table.horizontalHeader().sectionClicked.emit(steps)
    assert _names(view) == ["Ada", "Bo"]

    view.table.cellClicked.emit(1, 0)  # Bo
    QApplication.processEvents()
    assert window.tabs.currentWidget() is window.compare
    assert (window.settings.config.seed, window.settings.config.budget) == (1000, 4)
    lanes = window.compare.model.configs
    assert lanes[0].recorded.path == (0, 22, 23, 22, 0)
    assert [(c.strategy, c.recorded is None) for c in lanes[1:]] == [("random", True), ("visited", True)]


def test_the_class_view_speaks_chinese(make_window, tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [0])
    window = make_window(lang="zh")
    view = window.watch_class(tmp_path, ManualClock())
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert headers[:3] == ["学生", "步数", "覆盖率"]
    assert window.tabs.tabText(window.tabs.indexOf(view)) == "全班"
    assert window.watch_class_action.text() == "观察全班…"
