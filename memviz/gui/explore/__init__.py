"""The Explore view: one run, step by step, with its graph, memory, numbers and narration."""

from memviz.gui.explore.model import SPEEDS, ExploreModel
from memviz.gui.explore.view import ExploreView

__all__ = ["SPEEDS", "ExploreModel", "ExploreView"]
