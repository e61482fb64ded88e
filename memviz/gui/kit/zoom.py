"""The View menu's zoom: its steps, and the least type size a text may take at the zoom in force.

The steps are the sizes a teacher asks for by name (125 %, 150 %), not powers of one factor (the
old 1.15 steps went 115, 132, 152 %). The least type size is what a projector shows legibly from
the back of a room at 100 % (12 px), times the zoom: a text a view sizes itself (the Explore
graph's names and legend, Compare's lane numbers, a plot's ticks, a tag in the memory list) never
goes below it, so zooming in grows every text, not only the frame around it.
"""

from __future__ import annotations

ZOOM_STEPS = (0.5, 0.67, 0.75, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
LEAST_TEXT_PX = 12.0

_zoom = 1.0  # the zoom in force (MainWindow.set_zoom says it)


def zoom_in(zoom: float) -> float:
    """The next step above ``zoom`` (the largest step when there is none)."""
    return next((step for step in ZOOM_STEPS if step > zoom + 1e-6), ZOOM_STEPS[-1])


def zoom_out(zoom: float) -> float:
    """The next step below ``zoom`` (the smallest step when there is none)."""
    return next((step for step in reversed(ZOOM_STEPS) if step < zoom - 1e-6), ZOOM_STEPS[0])


def set_current(zoom: float) -> None:
    global _zoom
    _zoom = zoom


def current() -> float:
    return _zoom


def least_text_px() -> float:
    """The smallest type, in pixels, any text is drawn at with the zoom in force."""
    return LEAST_TEXT_PX * _zoom
