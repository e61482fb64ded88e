"""The Evaluate tab (评测, issue 26): task-paired evaluation of two configs, drawn."""

from memviz.gui.evaluate.view import EvaluateView

__all__ = ["EvaluateView"]
