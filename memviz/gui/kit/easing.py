"""Easing curves as plain functions of progress (0 to 1), Qt's own formulas.

Written out rather than asked of QEasingCurve: naming that class makes PySide6 build its enum type
(forty curves) before the window's first paint, and a walk asked for a new QEasingCurve on every
frame. tests/gui/test_easing.py holds each to QEasingCurve's value.
"""

from __future__ import annotations


def in_out_quad(t: float) -> float:
    """QEasingCurve.Type.InOutQuad: accelerating to half-way, then decelerating."""
    t *= 2
    if t < 1:
        return t * t / 2
    t -= 1
    return -0.5 * (t * (t - 2) - 1)


def in_out_cubic(t: float) -> float:
    """QEasingCurve.Type.InOutCubic: as in_out_quad, more sharply."""
    t *= 2
    if t < 1:
        return 0.5 * t * t * t
    t -= 2
    return 0.5 * (t * t * t + 2)
