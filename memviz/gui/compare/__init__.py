"""The Compare view: configs side by side on one timeline (issue 12)."""

from memviz.gui.compare.view import CompareView

__all__ = ["CompareView"]
