"""The one place memviz takes Qt from (pyqtgraph's ``pyqtgraph.Qt`` practice).

Every module of the window imports its Qt classes from here (``from memviz.gui.qt import QLabel,
Qt, Signal``), never from PySide6 itself: a binding's quirk, a version guard or a move to another
binding then touches one file. import-linter holds the rule (pyproject.toml).

Names are looked up when first asked for (PEP 562's module ``__getattr__``), in the order a
``from PySide6.QtX import *`` of QtCore, QtGui, QtSvg, QtWidgets would leave them (a later module's
name wins). Importing every name up front made PySide6 build all ~640 of its Python enum types at
start, most never used: a third of the window's first paint (issue 41).
"""

# ruff: noqa: N813 - Qt's names are re-exported as Qt spells them

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from shiboken6 import isValid as is_alive  # whether the C++ object behind a wrapper still exists

__all__ = ["is_alive"]  # and every Qt name, found on first use (below)

# Searched first to last: the reverse of the order `import *` ran in, so that the same name wins.
_MODULES = (QtWidgets, QtGui, QtCore)


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    if name == "QSvgGenerator":  # QtSvg: loaded only by the SVG export
        from PySide6 import QtSvg

        value = QtSvg.QSvgGenerator
    else:
        for module in _MODULES:
            value = getattr(module, name, _MISSING)
            if value is not _MISSING:
                break
        else:
            raise AttributeError(
                f"module {__name__!r} has no attribute {name!r} (not in QtCore, QtGui, QtWidgets)"
            )
    globals()[name] = value  # found once; later lookups are a plain global
    return value


_MISSING = object()
