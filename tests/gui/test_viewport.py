"""A scroll area given a viewport made in Python (kit/viewport.py) is set up as Qt sets up its own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView, QScrollArea

from memviz.gui.kit.viewport import graphics_viewport, scroll_viewport


def what_qt_set(widget) -> dict:
    return {
        "name": widget.objectName(),
        "background": widget.backgroundRole(),
        "foreground": widget.foregroundRole(),
        "fills": widget.autoFillBackground(),
        "attributes": [a for a in Qt.WidgetAttribute if widget.testAttribute(a)],
        "focus": widget.focusPolicy(),
        "proxy": type(widget.focusProxy()),
        "tracks_mouse": widget.hasMouseTracking(),
        "drops": widget.acceptDrops(),
    }


def test_a_graphics_view_viewport_made_in_python_is_set_up_as_its_own(app):
    own, made = QGraphicsView(), QGraphicsView()
    viewport = graphics_viewport(made)
    assert made.viewport() is viewport
    assert what_qt_set(viewport) == what_qt_set(own.viewport())


def test_a_scroll_area_viewport_made_in_python_is_set_up_as_its_own(app):
    own, made = QScrollArea(), QScrollArea()
    viewport = scroll_viewport(made)
    assert made.viewport() is viewport
    assert what_qt_set(viewport) == what_qt_set(own.viewport())
