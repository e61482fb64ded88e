"""Sweep view over T: coverage by time to live (policy ttl, unlimited memory), from the core's ttl_sweep."""

from __future__ import annotations

import json

import numpy as np
import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.scenarios.forgetting import ttl_sweep
from memviz.core.site import load_site
from memviz.gui.analysis import SweepView
from memviz.gui.kit.export import config_of, read_csv
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

SITE = load_site()
# The issue's figures: frontier, seeds 1000–1199, budget 30 (tests/core/test_scenario_forgetting.py).
ISSUE = {2: "51.4", 4: "56.6", 8: "65.6", 12: "73.1", 16: "79.2"}


@pytest.fixture
def make_view(keep_analysis_view):
    def make(lang: str = "zh", ttls=(2, 16), runs: int = 200, **changes) -> SweepView:
        config = RunConfig(strategy="frontier", **changes)
        view = keep_analysis_view(SweepView(RunSettings(SITE, config), Language(lang), auto_run=False))
        view.set_axis("ttl")
        view.ttl_axis.ttl_to.setValue(ttls[1])
        view.ttl_axis.ttl_from.setValue(ttls[0])
        view.runs_spin.setValue(runs)
        view.resize(1400, 800)
        return view

    return make


def table_rows(view) -> dict[str, list[str]]:
    table = view.ttl_axis.table
    return {
        table.verticalHeaderItem(r).text(): [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    }


def test_the_t_sweep_shows_the_issues_figures(make_view):
    view = make_view(capacity=3)  # a capacity in the settings: the T sweep's memory is unlimited
    view.compute_blocking()
    rows = table_rows(view)
    assert list(rows) == [f"T = {t}" for t in range(2, 17)]
    assert {t: rows[f"T = {t}"][0] for t in ISSUE} == ISSUE
    # the curve is the core's sweep, point for point; memory unlimited whatever the settings say
    core = ttl_sweep(SITE, RunConfig(strategy="frontier"), range(2, 17))
    x, y = view.ttl_axis.curve.getData()
    assert list(x) == list(range(2, 17))
    assert np.allclose(y, [100 * core.ci(t).mean for t in range(2, 17)])
    assert [rows[f"T = {t}"][2] for t in (2, 16)] == [f"{core.forgotten[t]:.1f}" for t in (2, 16)]
    assert "T = 2 时覆盖率 <b>51.4%</b>，T = 16 时 <b>79.2%</b>" in view.headline.text()
    assert view.plot.getPlotItem().getAxis("bottom").labelText == "限时遗忘 T（步）"
    assert view.run_button.text() == "扫描 T"


def test_english_and_the_nothing_expires_line_at_the_budget(make_view):
    view = make_view("en", ttls=(1, 12), runs=20, budget=10)
    view.compute_blocking()
    assert "Forgetting by time: coverage" in view.headline.text() and "at T = 12" in view.headline.text()
    assert "unlimited memory" in view.context_label.text()
    lines = [i for i in view.plot.getPlotItem().items if hasattr(i, "label") and hasattr(i, "setAngle")]
    assert [(line.value(), line.label.toPlainText()) for line in lines] == [
        (10, "T ≥ budget: nothing expires")
    ]
    # past the budget nothing expires, so every T from it on is LRU without capacity
    plain = [
        run(SITE, RunConfig(strategy="frontier", budget=10, policy="lru", seed=s)) for s in range(1000, 1020)
    ]
    x, y = view.ttl_axis.curve.getData()
    assert np.allclose(y[list(x).index(10) :], 100 * np.mean([r.coverage for r in plain]))
    assert y[0] < y[-1]


def test_the_axes_keep_their_own_results(make_view):
    view = make_view(ttls=(3, 5), runs=20)
    view.compute_blocking()
    ttl_result = view.result
    view.set_axis("capacity")
    assert view.result is None and view.run_button.text() == "扫描容量"
    assert view.ttl_axis.ttl_from.isHidden() and not view.capacity_from.isHidden()
    view.capacity_to.setValue(12)
    view.capacity_from.setValue(11)
    view.compute_blocking()
    capacity_result = view.result
    assert view.result.sweep.capacities == (11, 12)
    view.set_axis("ttl")
    assert view.result is ttl_result and list(table_rows(view)) == ["T = 3", "T = 4", "T = 5"]
    view.set_axis("capacity")
    assert view.result is capacity_result and "容量 12" in view.headline.text()
    with pytest.raises(
        ValueError, match="sweep axis: expected one of capacity, ttl, gap, context, got 'size'"
    ):
        view.set_axis("size")


def test_the_t_range_follows_the_budget_and_staleness_ignores_t(make_view):
    view = make_view(runs=20)
    view.ttl_axis.ttl_from.setValue(1)
    view.ttl_axis.ttl_to.setValue(30)  # the default for a budget of 30: 1..budget
    view.settings.update(budget=12)
    assert view.ttl_axis.ttls == list(range(1, 13))
    view.compute_blocking()
    view.settings.update(policy="ttl", ttl=5)  # the sweep sets T itself: still current
    assert not view.is_stale
    view.settings.update(budget=20)
    assert view.is_stale and view.ttl_axis.ttls == list(range(1, 21))
    view.ttl_axis.ttl_to.setValue(8)  # a range of the user's own is kept
    view.settings.update(budget=25)
    assert view.ttl_axis.ttls == list(range(1, 9))


def test_the_t_sweep_runs_off_the_gui_thread(make_view, qtbot):
    view = make_view(ttls=(4, 6), runs=30)
    view.start()
    qtbot.waitUntil(lambda: view.result is not None, timeout=30000)
    assert view.result.ttls == (4, 5, 6) and view.run_button.isEnabled()
    core = ttl_sweep(SITE, RunConfig(strategy="frontier"), (4, 5, 6), runs=30)
    assert view.result.coverage == core.coverage and view.result.forgotten == core.forgotten


def test_t_sweep_csv_and_json(make_view, tmp_path):
    view = make_view(ttls=(4, 5), runs=30)
    view.compute_blocking()
    assert view.export_stem() == "memviz-sweep-frontier-ttl4-5-seeds1000-1029"
    assert [p.name for p in view.export_all_paths(tmp_path)][:2] == [
        "memviz-sweep-frontier-ttl4-5-seeds1000-1029-coverage-by-ttl.png",
        "memviz-sweep-frontier-ttl4-5-seeds1000-1029-coverage-by-ttl.svg",
    ]
    rows = read_csv(view.export_result(tmp_path / "ttl.csv"))
    assert len(rows) == 2 * 30 and {(r["policy"], r["ttl"], r["capacity"]) for r in rows} == {
        ("ttl", 4, None),
        ("ttl", 5, None),
    }
    row = rows[-1]
    assert run(SITE, config_of(row)).coverage == row["coverage"]
    data = json.loads(view.export_result(tmp_path / "ttl.json").read_text(encoding="utf-8"))
    assert data["ttls"] == [4, 5] and data["cells"][0]["mean"] == view.result.ci(4).mean


def test_a_snapshot_of_the_t_sweep(tmp_path):
    from PySide6.QtGui import QImage

    from memviz.gui.snapshot import snapshot

    out = snapshot(tmp_path / "ttl.png", RunConfig(budget=12), SITE, None, (1280, 720), "en", "sweep/ttl")
    assert QImage(str(out)).size().toTuple() == (1280, 720)
    with pytest.raises(
        ValueError, match="sweep axis: expected one of capacity, ttl, gap, context, got 'nope'"
    ):
        snapshot(tmp_path / "bad.png", RunConfig(), SITE, None, (1280, 720), "en", "sweep/nope")
