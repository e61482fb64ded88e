"""Tabs other than Explore are built when first shown or used, so the window's first paint is sooner."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtWidgets import QLabel, QWidget

from memviz.gui.lazy_view import LazyView


def test_a_lazy_view_is_built_on_first_show_and_answers_for_its_view(qtbot):
    built = []

    def factory():
        label = QLabel("hello")
        label.answer = 42
        built.append(label)
        return label

    lazy = LazyView("greeting", factory)
    qtbot.addWidget(lazy)
    assert lazy.objectName() == "greeting" and not lazy.built and built == []
    lazy.show()
    qtbot.waitUntil(lambda: lazy.built)
    assert built == [lazy.view] and lazy.view.parent() is lazy
    assert lazy.answer == 42 and lazy.text() == "hello"  # looked up on the view


def test_using_a_lazy_view_before_it_is_shown_builds_it_once(qtbot):
    lazy = LazyView("x", lambda: QLabel("late"))
    qtbot.addWidget(lazy)
    assert lazy.text() == "late"
    assert lazy.view is lazy.view and lazy.findChildren(QLabel) == [lazy.view]


def test_the_main_window_builds_only_the_explore_view_until_a_tab_is_opened(make_window, qtbot):
    window = make_window()
    assert [window.tabs.widget(i).objectName() for i in range(window.tabs.count())] == [
        "explore", "compare", "batch", "sweep", "cost", "scenarios", "evaluate", "exercises", "info",
    ]  # fmt: skip
    assert not any(
        view.built for view in (window.batch, window.sweep, window.cost, window.exercises, window.info)
    )
    window.select_view("info")  # (an analysis view would start computing when shown)
    assert window.info.built and not window.batch.built
    assert isinstance(window.info.view, QWidget) and window.info.view.objectName() == "info"


def test_opening_the_window_imports_no_analysis_view():
    code = (
        "import sys\n"
        "from memviz.gui.app import create_app\n"
        "app = create_app()\n"
        "from memviz.gui.main_window import MainWindow\n"
        "window = MainWindow()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('memviz.gui.analysis', 'memviz.gui.exercises.view',"
        " 'memviz.gui.info_view', 'memviz.gui.scenarios'))))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
