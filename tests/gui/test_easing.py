"""The easing functions are Qt's: each equals QEasingCurve's value over the whole of a move."""

from __future__ import annotations

import pytest

from memviz.gui.kit import easing
from memviz.gui.qt import QEasingCurve


@pytest.mark.parametrize(
    ("function", "curve"),
    [(easing.in_out_quad, QEasingCurve.Type.InOutQuad), (easing.in_out_cubic, QEasingCurve.Type.InOutCubic)],
)
def test_each_easing_is_qts_curve(function, curve):
    qt = QEasingCurve(curve)
    for i in range(1001):
        t = i / 1000
        assert function(t) == pytest.approx(qt.valueForProgress(t), abs=1e-12), t
    assert function(0.0) == 0.0
    assert function(1.0) == 1.0
