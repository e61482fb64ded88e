"""The chapter's experiments as views: batch (memory against no memory), capacity sweep, cost.

``ANALYSIS_VIEWS`` lists them for the main window: ``(object_name, zh_title, en_title, factory)``,
where ``factory(settings, language)`` returns the view widget. Every view also has
``compute_blocking()``, which computes and draws in the calling thread (headless snapshots).
"""

from __future__ import annotations

from memviz.gui.analysis.batch_view import BatchView
from memviz.gui.analysis.cost_view import CostView
from memviz.gui.analysis.sweep_view import SweepView

ANALYSIS_VIEWS = [
    ("batch", "批量对比", "Batch", BatchView),
    ("sweep", "扫描", "Sweep", SweepView),
    ("cost", "找全 Bug 的成本", "Cost", CostView),
]

__all__ = ["ANALYSIS_VIEWS", "BatchView", "CostView", "SweepView"]
