"""Sweep view, third axis: the reality gap (issue 27), drawn from the core's misuse_sweep and read_sweep."""

from __future__ import annotations

import json

import numpy as np
import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.reality_gap import misuse_sweep, read_sweep
from memviz.core.site import load_site
from memviz.gui.analysis import SweepView
from memviz.gui.kit.export import config_of, read_csv
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(lang: str = "zh", kind: str = "ignore", runs: int = 200, **changes) -> SweepView:
        config = RunConfig(strategy="frontier", **changes)
        view = keep_analysis_view(SweepView(RunSettings(SITE, config), Language(lang), auto_run=False))
        view.set_axis("gap")
        view.gap_axis.set_kind(kind)
        view.runs_spin.setValue(runs)
        view.resize(1280, 720)
        return view

    return make


def table_rows(view) -> dict[str, list[str]]:
    table = view.gap_axis.table
    return {
        table.verticalHeaderItem(r).text(): [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    }


def horizontal_lines(view) -> list[tuple[float, str]]:
    items = view.plot.getPlotItem().items
    return [
        (i.value(), i.label.toPlainText()) for i in items if hasattr(i, "label") and hasattr(i, "setAngle")
    ]


def test_the_misuse_curve_is_the_issues_from_memory_used_right_to_no_memory(make_view):
    view = make_view()
    view.compute_blocking()
    rows = table_rows(view)
    assert list(rows) == [f"P = {p / 10:g}" for p in range(11)]
    core = misuse_sweep(SITE, RunConfig(strategy="frontier"), "ignore")
    assert [r[0] for r in rows.values()] == [f"{100 * core.ci(v).mean:.1f}" for v in core.values]
    assert (rows["P = 0"][0], rows["P = 0.1"][0], rows["P = 0.5"][0]) == (
        "93.8",
        "89.1",
        "70.4",
    )  # the issue's
    x, y = view.gap_axis.curve.getData()
    assert np.allclose(x, core.values) and np.allclose(y, [100 * core.ci(v).mean for v in core.values])
    assert horizontal_lines(view) == [(pytest.approx(100 * core.no_memory_ci.mean), "无记忆 48.8%")]
    assert "现实差距" in view.headline.text() and "<b>93.8%</b>" in view.headline.text()
    assert view.plot.getPlotItem().getAxis("bottom").labelText == "忽略记忆的概率 P"
    assert view.run_button.text() == "扫描 P"


def test_top_k_against_inject_all_in_english(make_view):
    view = make_view("en", kind="read_top", runs=30)
    view.compute_blocking()
    core = read_sweep(SITE, RunConfig(strategy="frontier"), runs=30)
    assert list(table_rows(view)) == [f"K = {k}" for k in core.values]
    labels = [label for _, label in horizontal_lines(view)]
    assert labels == [
        f"no memory {100 * core.no_memory_ci.mean:.1f}%",
        f"inject all {100 * core.perfect_ci.mean:.1f}%",
    ]
    assert view.run_button.text() == "Sweep K" and "Reading only K entries" in view.headline.text()


def test_the_gap_sweep_keeps_the_windows_memory_and_changing_kind_starts_afresh(make_view):
    view = make_view(kind="skip_write", runs=10, capacity=6, policy="lru")
    view.compute_blocking()
    assert view.result.config == RunConfig(strategy="frontier", capacity=6, policy="lru")
    first = view.result
    view.gap_axis.set_kind("ignore")
    assert view.result is None
    view.compute_blocking()
    assert view.result is not first and view.result.axis == "ignore"
    view.set_axis("capacity")
    view.set_axis("gap")
    assert view.result.axis == "ignore"  # kept while another axis was shown


def test_gap_csv_and_json(make_view, tmp_path):
    view = make_view("en", runs=5)
    view.compute_blocking()
    assert view.export_stem() == "memviz-sweep-frontier-ignore-seeds1000-1004"
    assert next(p.name for p in view.export_all_paths(tmp_path)) == (
        "memviz-sweep-frontier-ignore-seeds1000-1004-coverage-by-ignore.png"
    )
    rows = read_csv(view.export_result(tmp_path / "gap.csv"))
    assert len(rows) == 11 * 5 and {r["ignore"] for r in rows} == {p / 10 for p in range(11)}
    row = next(r for r in rows if r["ignore"] == 0.3)
    assert run(SITE, config_of(row)).coverage == row["coverage"]
    data = json.loads(view.export_result(tmp_path / "gap.json").read_text(encoding="utf-8"))
    assert data["axis"] == "ignore" and data["cells"][3]["mean"] == view.result.ci(0.3).mean


@pytest.mark.parametrize("detail", ["gap", "gap:read_top"])
def test_a_snapshot_of_the_gap_sweep(tmp_path, detail):
    from PySide6.QtGui import QImage

    from memviz.gui.snapshot import snapshot

    out = snapshot(
        tmp_path / "gap.png", RunConfig(budget=12), SITE, None, (1280, 720), "en", f"sweep/{detail}"
    )
    assert QImage(str(out)).size().toTuple() == (1280, 720)
