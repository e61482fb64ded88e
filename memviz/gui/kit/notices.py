"""The window's few questions and error messages, in one place.

Every failure the window meets (a site file it cannot open, an export it cannot write) is told
here, never only on stderr. They are module functions so that tests (and the GUI monkey test)
replace them with recorders instead of clicking through modal dialogs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from memviz.gui.qt import QMessageBox, Qt, QWidget


def _box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
    box = QMessageBox(icon, title, text, parent=parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # paths and file contents are never read as HTML
    return box


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    """Tell the user what failed and why (the text names the file)."""
    _box(parent, QMessageBox.Icon.Warning, title, text).exec()


def ask_replace(parent: QWidget | None, title: str, text: str, paths: Sequence[Path]) -> bool:
    """Ask before replacing files the user already has; True: replace them."""
    box = _box(parent, QMessageBox.Icon.Question, title, text)
    box.setDetailedText("\n".join(str(p) for p in paths))
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    return box.exec() == QMessageBox.StandardButton.Yes
