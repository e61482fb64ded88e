"""Scroll areas given a viewport made in Python, set up as Qt sets up its own.

The first time PySide hands back a QWidget that C++ made (``area.viewport()`` of a new scroll
area), it looks for its most derived Python class by setting up every QWidget subclass it knows,
with all their enum types: 15-19 ms, about a tenth of the window's first paint (issue 41). A
viewport made in Python is known already: ``viewport()`` hands it back at once.
"""

from __future__ import annotations

from memviz.gui.qt import QGraphicsView, QPalette, QScrollArea, Qt, QWidget


def graphics_viewport(view: QGraphicsView) -> QWidget:
    """Give ``view`` a viewport as its constructor makes one (``setViewport(nullptr)``): a plain
    widget, set up by ``setupViewport``, that takes input methods."""
    viewport = QWidget()
    view.setViewport(viewport)
    viewport.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    return viewport


def scroll_viewport(area: QScrollArea) -> QWidget:
    """Give ``area`` a viewport as QAbstractScrollArea's constructor makes one, with the background
    role QScrollArea's sets (none: the parent's)."""
    viewport = QWidget()
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setAutoFillBackground(True)
    viewport.setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents)
    area.setViewport(viewport)
    viewport.setBackgroundRole(QPalette.ColorRole.NoRole)
    return viewport
