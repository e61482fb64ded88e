"""The chapter's experiments as views: batch (memory against no memory), capacity sweep, cost.

``ANALYSIS_VIEWS`` lists them for the main window: ``(object_name, zh_title, en_title, factory)``,
where ``factory(settings, language)`` returns the view widget. Every view also has
``compute_blocking()``, which computes and draws in the calling thread (headless snapshots).
"""

from __future__ import annotations

from memviz.gui.analysis.batch_view import BatchView
from memviz.gui.analysis.cost_view import CostView
from memviz.gui.analysis.sweep_view import SweepView
from memviz.wording import common as common_words

ANALYSIS_VIEWS = [
    ("batch", *common_words.BATCH, BatchView),
    ("sweep", *common_words.SWEEP, SweepView),
    ("cost", *common_words.COST, CostView),
]

__all__ = ["ANALYSIS_VIEWS", "BatchView", "CostView", "SweepView"]
