"""Sweep view over the session context's window (issue 38): coverage by window size per compaction,
the chapter's two ends, and the tokens of each call, all drawn from the core's window_sweep."""

from __future__ import annotations

import numpy as np
import pytest

from memviz.core.context import COMPACTIONS, UNLIMITED
from memviz.core.context_report import SWEEP_WINDOWS, mean_row, tokens_per_call
from memviz.core.engine import RunConfig
from memviz.core.site import load_site
from memviz.gui.analysis import SweepView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

SITE = load_site()
RUNS = 20


@pytest.fixture
def view(keep_analysis_view):
    view = keep_analysis_view(SweepView(RunSettings(SITE, RunConfig("frontier", capacity=6)), Language("en"),
                                        auto_run=False))  # fmt: skip
    view.set_axis("context")
    view.runs_spin.setValue(RUNS)
    view.resize(1280, 720)
    view.compute_blocking()
    return view


def test_each_line_is_the_cores_mean_over_the_seeds(view):
    sweep = view.result
    seeds = range(1000, 1000 + RUNS)
    assert sweep.windows == SWEEP_WINDOWS
    for window in (8_000, UNLIMITED):
        for mode in COMPACTIONS:
            config = RunConfig(strategy="session", context=window, compaction=mode)
            assert sweep.cells[window, mode] == mean_row(SITE, config, seeds)
    assert sweep.floor == mean_row(SITE, RunConfig(strategy="random"), seeds)
    assert sweep.ceiling == mean_row(SITE, RunConfig(strategy="frontier"), seeds)  # memory unlimited
    # the whole history resent: call c costs 3,000 + 500·c; frontier's grows by 40 an entry
    assert sweep.per_call["inf"] == [3000 + 500 * c for c in range(1, 31)]
    assert sweep.per_call["summary"] == tokens_per_call(
        SITE, RunConfig(strategy="session", context=12_000, compaction="summary"), seeds
    )
    items = [i for i in view.plot.getPlotItem().listDataItems() if i.opts.get("symbol")]
    assert len(items) == len(COMPACTIONS)
    for item, mode in zip(items, COMPACTIONS, strict=True):
        assert np.allclose(item.getData()[1], [100 * sweep.cells[w, mode].coverage for w in sweep.windows])


def test_the_texts_and_the_axis_switch(view):
    assert "resending the whole history cost <b>322,500</b> tokens" in view.headline.text()
    assert view.run_button.text() == "Sweep the window"
    assert not view.strategy_combo.isVisibleTo(view)
    assert view.plot.getPlotItem().getAxis("bottom").labelText == "context window (tokens)"
    view.set_axis("capacity")
    assert view.strategy_combo.isVisibleTo(view)
