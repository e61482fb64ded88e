"""Issue 41: the window makes its keyboard shortcuts once it has painted, in the loop's turn after its
first frame: the first picture shows none of them, and naming QKeySequence (PySide6 builds its enum
types then) and making ~40 shortcuts cost 7 M instructions of it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]

# In a fresh interpreter, as `memviz` starts (pytest-qt has named every class already).
PROGRAM = r"""
import PySide6
from memviz.gui.app import create_app, main_window_as_opened
from memviz.gui.qt import QEvent, QObject, QTimer

app = create_app()
window, _maximized = main_window_as_opened("en")
seen = {}

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "at_paint" not in seen:
            seen["at_paint"] = ("QKeySequence" in vars(PySide6.QtGui), window.keys_made)
            QTimer.singleShot(0, lambda: QTimer.singleShot(0, app.quit))  # two turns on
        return False

watch = Watch()
window.installEventFilter(watch)
window.show()
app.exec()
print(seen["at_paint"], window.keys_made, "QKeySequence" in vars(PySide6.QtGui))
"""


def test_the_first_frame_is_painted_before_any_key_is_made(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}  # fmt: skip
    out = subprocess.run([sys.executable, "-c", PROGRAM], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "(False, False) True True"  # none at the frame, all right after


def test_a_window_has_its_keys_once_painted(app, qtbot, site):
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    window = MainWindow(RunSettings(site=site), Language("en"))
    qtbot.addWidget(window)
    assert not window.keys_made and window.zoom_in_action.shortcuts() == []
    assert window.explore.findChildren(QShortcut) == []
    window.show()
    qtbot.waitUntil(lambda: window.keys_made)
    assert [k.toString() for k in window.zoom_in_action.shortcuts()] == ["Ctrl+=", "Ctrl++"]
    assert window.open_site_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    keys = {s.key().toString() for s in window.explore.findChildren(QShortcut)}
    assert {"Space", "Right", "Left", "Home", "+", "-", "F"} <= keys
    made = len(window.explore.findChildren(QShortcut))
    window.make_keys()  # again: nothing doubled
    assert len(window.explore.findChildren(QShortcut)) == made
    step = window.explore.model.position
    qtbot.keyClick(window.explore.graph, Qt.Key.Key_Right)
    assert window.explore.model.position == step + 1
    QApplication.processEvents()
