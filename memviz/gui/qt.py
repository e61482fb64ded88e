"""The one place memviz takes Qt from (pyqtgraph's ``pyqtgraph.Qt`` practice).

Every module of the window imports its Qt classes from here (``from memviz.gui.qt import QLabel,
Qt, Signal``), never from PySide6 itself: a binding's quirk, a version guard or a move to another
binding then touches one file. import-linter holds the rule (pyproject.toml).
"""

# ruff: noqa: F401, F403, N813 - this module re-exports Qt's names

from PySide6.QtCore import *
from PySide6.QtGui import *
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import *
from shiboken6 import isValid as is_alive  # whether the C++ object behind a wrapper still exists
