"""Exports: CSV (a row per run, every setting) reloads to the figures shown; plots as PNG and SVG; JSON."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QImage

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import paired_difference
from memviz.core.policies import POLICIES
from memviz.core.site import load_site
from memviz.core.stats import mean_ci, pct
from memviz.gui.analysis import BatchView, CostView, SweepView
from memviz.gui.kit.export import PNG_WIDTH, config_of, read_csv
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(cls, strategy: str = "visited", runs: int = 200, **changes):
        view = keep_analysis_view(
            cls(RunSettings(SITE, RunConfig(strategy=strategy, **changes)), Language("zh"), auto_run=False)
        )
        view.runs_spin.setValue(runs)
        view.resize(1400, 800)
        return view

    return make


def test_batch_csv_reloads_to_the_same_numbers(make_view, tmp_path):
    view = make_view(BatchView, "visited", budget=25)
    view.compute_blocking()
    rows = read_csv(view.export_result(tmp_path / "batch.csv"))
    assert len(rows) == 400
    current = sorted((r for r in rows if r["arm"] == "current"), key=lambda r: r["seed"])
    baseline = sorted((r for r in rows if r["arm"] == "baseline"), key=lambda r: r["seed"])
    assert [r["seed"] for r in current] == list(range(1000, 1200))
    reloaded = paired_difference([r["coverage"] for r in current], [r["coverage"] for r in baseline])
    assert reloaded == view.result.diff  # every field, the bootstrap included
    assert f"{pct(reloaded.mean, True)} [{pct(reloaded.lo, True)}, {pct(reloaded.hi, True)}]" in (
        view.headline.text()
    )
    # every setting is in the row: the core reproduces each run from the row alone
    for row in current[:3] + baseline[:3]:
        config = config_of(row)
        assert config.budget == 25
        result = run(SITE, config)
        assert (result.coverage, result.tokens, result.dups) == (row["coverage"], row["tokens"], row["dups"])
    assert {r["strategy"] for r in baseline} == {"random"}
    assert {r["capacity"] for r in rows} == {None}


def test_batch_json_and_plots(make_view, tmp_path):
    view = make_view(BatchView, "frontier", runs=50)
    view.compute_blocking()
    data = json.loads(view.export_result(tmp_path / "batch.json").read_text(encoding="utf-8"))
    assert data["diff"]["wins"] == view.result.diff.wins
    assert data["config"]["strategy"] == "frontier"
    assert [r["seed"] for r in data["runs"]["current"]] == list(range(1000, 1050))
    written = view.export_all(tmp_path / "all")
    names = sorted(p.name for p in written)
    stem = "memviz-batch-frontier-seeds1000-1049"
    assert names == sorted(
        [f"{stem}-coverage.png", f"{stem}-coverage.svg", f"{stem}-differences.png", f"{stem}-differences.svg",
         f"{stem}.csv", f"{stem}.json"]
    )  # fmt: skip
    image = QImage(str(tmp_path / "all" / f"{stem}-differences.png"))
    assert image.width() >= PNG_WIDTH and image.height() > 300
    svg = (tmp_path / "all" / f"{stem}-differences.svg").read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "配对差值" in svg  # the title, in the language shown


def test_sweep_csv_reloads_to_the_same_numbers(make_view, tmp_path):
    view = make_view(SweepView, "frontier", runs=60)
    view.capacity_to.setValue(13)
    view.capacity_from.setValue(11)
    view.compute_blocking()
    rows = read_csv(view.export_result(tmp_path / "sweep.csv"))
    assert len(rows) == 3 * len(POLICIES) * 60  # the chapter's three and ttl
    sweep = view.result.sweep
    for capacity in (11, 12, 13):
        for policy in ("fifo", "lru", "random"):
            cell = [r for r in rows if r["capacity"] == capacity and r["policy"] == policy]
            assert [r["seed"] for r in cell] == list(range(1000, 1060))
            assert mean_ci([r["coverage"] for r in cell]) == sweep.ci(capacity, policy)
    row = rows[0]
    assert run(SITE, config_of(row)).coverage == row["coverage"]
    data = json.loads(view.export_result(tmp_path / "sweep.json").read_text(encoding="utf-8"))
    assert (
        data["paired"][0]["capacity"] == 12
        and data["paired"][0]["mean"] == view.result.paired[12, "random", "fifo"].mean
    )
    png = view.export_all(tmp_path / "all")[0]
    assert QImage(str(png)).width() >= PNG_WIDTH


def test_cost_csv_reloads_to_the_same_numbers(make_view, tmp_path):
    view = make_view(CostView, runs=40)
    view.compute_blocking()
    rows = read_csv(view.export_result(tmp_path / "cost.csv"))
    assert len(rows) == 3 * 40
    for strategy, cost in view.result.costs.items():
        mine = [r for r in rows if r["strategy"] == strategy]
        assert all(r["until_all_bugs"] is True for r in mine)
        assert sum(r["tokens"] for r in mine) / len(mine) == cost.tokens
        assert sum(r["steps"] for r in mine) / len(mine) == cost.steps
        last = [r[f"tokens_at_bug_{SITE.n_bugs}"] for r in mine if r["stop_reason"] == "all_bugs"]
        assert last == [r["tokens"] for r in mine if r["stop_reason"] == "all_bugs"]
    assert run(SITE, config_of(rows[0])).tokens == rows[0]["tokens"]


def test_export_before_any_result_is_refused(make_view, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    view = make_view(BatchView)
    said = []
    monkeypatch.setattr(QMessageBox, "information", lambda *args: said.append(args[1:]))
    view._ask_and_export_result("csv")
    assert said and said[0][0] == "还没有结果"


def test_export_everything_asks_before_replacing_and_tells_failures(make_view, tmp_path, monkeypatch):
    from memviz.gui.kit import notices

    asked, told = [], []
    answer = {"replace": False}
    monkeypatch.setattr(
        notices,
        "ask_replace",
        lambda parent, title, text, paths: asked.append(list(paths)) or answer["replace"],
    )
    monkeypatch.setattr(notices, "show_error", lambda parent, title, text: told.append(text))
    view = make_view(BatchView, "visited", runs=20)
    view.compute_blocking()
    first = view.export_all_asking(tmp_path)
    assert first and not asked  # an empty folder: nothing to ask about
    mine = first[-1]
    mine.write_text("a teacher's edits", encoding="utf-8")
    assert view.export_all_asking(tmp_path) == []  # asked, and the answer was no
    assert sorted(asked[0]) == sorted(first)
    assert mine.read_text(encoding="utf-8") == "a teacher's edits"
    answer["replace"] = True
    assert view.export_all_asking(tmp_path) == first
    assert json.loads(mine.read_text(encoding="utf-8"))  # replaced by a whole file
    assert sorted(tmp_path.iterdir()) == sorted(first)  # no temporary file left behind
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    assert view.export_all_asking(blocker / "sub") == []
    assert told and str(blocker) in told[0]
