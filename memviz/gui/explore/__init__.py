"""The Explore view: one run, step by step, with its graph, memory, numbers and narration."""

from memviz.gui.explore.view import ExploreView
from memviz.models.explore import ExploreModel
from memviz.models.transport import SPEEDS

__all__ = ["SPEEDS", "ExploreModel", "ExploreView"]
