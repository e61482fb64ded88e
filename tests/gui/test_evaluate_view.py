"""The Evaluate tab (issue 26): it draws the core's figures, works off the GUI thread, opens runs."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtGui import QFontInfo

from memviz.core.engine import RunConfig, run
from memviz.core.evaluation import ablation, ablation_table, builtin_tasks, evaluate
from memviz.core.site import load_site
from memviz.gui.evaluate import EvaluateView
from memviz.gui.kit import export
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings
from memviz.wording.evaluation import interval, value

TASKS = builtin_tasks()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(lang: str = "en", repeats: int = 2) -> EvaluateView:
        view = keep_analysis_view(
            EvaluateView(RunSettings(load_site(), RunConfig()), Language(lang), auto_run=False)
        )
        view.runs_spin.setValue(repeats)
        return view

    return make


def core(repeats: int = 2, a: str = "random", b: str = "frontier"):
    return evaluate(TASKS, {"a": RunConfig(strategy=a), "b": RunConfig(strategy=b)}, repeats, 1000)


def scatter_xy(plot, symbol: str) -> tuple[list[float], list[float]]:
    for item in plot.getPlotItem().items:
        if hasattr(item, "data") and hasattr(item, "opts") and item.opts.get("symbol") == symbol:
            return item.data["x"].tolist(), item.data["y"].tolist()
    raise AssertionError(f"no {symbol} dots")


def test_every_figure_drawn_is_the_cores(make_view):
    view = make_view("en")
    view.compute_blocking()
    paired = core().paired("coverage")
    assert f"{value('coverage', paired.mean_diff, True)}" in view.headline.text()
    assert interval("coverage", paired.ci_task) in view.headline.text()
    # forest: A dots, B squares, d_t diamonds, one per task at its row, in percent
    xs, ys = scatter_xy(view.forest_means, "o")
    assert xs == pytest.approx([100 * a for a in paired.a]) and ys == list(range(32))
    assert scatter_xy(view.forest_means, "s")[0] == pytest.approx([100 * b for b in paired.b])
    assert scatter_xy(view.forest_diffs, "d")[0] == pytest.approx([100 * d for d in paired.diff])
    # each task by its version and start page, as a class reads it ("v1 · Sign in", not "v1/2")
    lang = view.language.code
    names = [f"{t.version} · {TASKS.site_of(t).page_name(t.start, lang)}" for t in TASKS.tasks]
    assert view.task_axis.ids == names
    # the three intervals, task-paired first, and the design effect in words
    ends = [
        item.getData()[0].tolist()
        for item in view.interval_plot.getPlotItem().items
        if hasattr(item, "getData") and len(item.getData()[0]) == 2 and item.getData()[1][0] == item.getData()[1][1]
        and item.getData()[0][0] != item.getData()[0][1]
    ]  # fmt: skip
    want = [[100 * x for x in ci] for ci in (paired.ci_task, paired.bootstrap_ci, paired.ci_flat)]
    assert [x for pair in ends for x in pair] == pytest.approx([x for pair in want for x in pair])
    assert f"Kish's deft {paired.deft:.2f} (deff = deft² = {paired.deff:.2f})" in view.design_label.text()
    assert "sign-flip p 1.0e-04" in view.headline.text()
    assert "not shown below 10 tasks" not in view.design_label.text()  # 32 tasks: the bootstrap is drawn
    # the sample size at the δ asked for, and the repeats a task it was run with
    assert f"{paired.tasks_needed} tasks at 2 runs a task" in view.needed_label.text()


def test_the_ablation_table_is_the_cores(make_view):
    view = make_view("zh")
    view.compute_blocking()
    rows = ablation_table(ablation(TASKS, RunConfig(strategy="frontier"), 2, 1000), "coverage")
    table = view.ablation_grid
    assert [table.item(r, 0).text() for r in range(4)] == [
        "无记忆",
        "只有已访问集合",
        "只有 Bug 清单",
        "两者都有",
    ]
    assert [table.item(r, 1).text() for r in range(4)] == [
        value("coverage", row.means["coverage"]) for row in rows
    ]
    assert table.item(3, 3).text() == interval("coverage", rows[3].vs_none.ci_task)


def test_a_metric_chosen_redraws_from_the_same_runs(make_view):
    view = make_view("en")
    view.compute_blocking()
    runs_before = view.result.evaluation
    view.metric_combo.setCurrentIndex(1)  # bug recall
    paired = core().paired("bug_recall")
    assert view.result.evaluation is runs_before and "bug recall" in view.headline.text()
    assert scatter_xy(view.forest_diffs, "d")[0] == pytest.approx([100 * d for d in paired.diff])


def test_click_a_task_then_a_run_opens_it_in_explore(make_view):
    view = make_view("en", repeats=3)
    view.compute_blocking()
    opened = []
    view.settings.open_run_requested.connect(opened.append)
    view.select_task(20)  # v2/5
    assert view.pages.currentIndex() == 3 and view.runs_table.rowCount() == 3
    assert [view.runs_table.item(r, 1).text() for r in range(3)] == [str(1000 + 20 * 3 + r) for r in range(3)]
    view._on_run_cell(1, 3)  # B's value of the second run
    config = opened[-1]
    assert (config.strategy, config.seed, config.start) == ("frontier", 1061, 5)
    assert view.settings.site.version == "v2"
    assert run(view.settings.site, config) == view.result.evaluation.arms["b"].runs[20][1]


def test_the_job_runs_off_the_gui_thread_with_progress_and_cancel(make_view, qtbot):
    view = make_view("en", repeats=3)
    job = view.start()
    assert not view.run_button.isEnabled() and view.job_bar.running  # the GUI thread is free meanwhile
    qtbot.waitUntil(lambda: view.result is not None, timeout=60000)
    assert view.result.evaluation.repeats == 3 and view.run_button.isEnabled() and job.outcome == "finished"
    big = make_view("en", repeats=200)  # 32 × 200 × 6 runs: seconds, reported as they go
    progress = []
    job = big.start()
    job.signals.progress.connect(lambda done, total: progress.append((done, total)))
    qtbot.waitUntil(lambda: bool(progress), timeout=30000)
    assert progress[-1][1] == 32 * 200 * 6 and 0 < progress[-1][0] < progress[-1][1]
    big.cancel()
    assert job.done.wait(30)
    qtbot.waitUntil(lambda: big.job is None, timeout=10000)
    assert job.outcome == "cancelled" and big.result is None and "Cancelled" in big.job_bar.status.text()


def test_exports_one_csv_row_per_run_and_the_issues_json(make_view, tmp_path):
    view = make_view("en")
    view.compute_blocking()
    written = view.export_all(tmp_path)
    assert {p.suffix for p in written} == {".png", ".svg", ".csv", ".json"}
    rows = export.read_csv(tmp_path / "memviz-evaluate.csv")
    assert len(rows) == 2 * 32 * 2
    first = rows[0]
    assert (first["task"], first["arm"], first["seed"], first["start"]) == ("v1/0", "a", 1000, 0)
    data = json.loads((tmp_path / "memviz-evaluate.json").read_text(encoding="utf-8"))
    paired = core().paired("coverage")
    assert (
        data["mean_diff"] == pytest.approx(paired.mean_diff) and data["tasks_needed"] == paired.tasks_needed
    )
    assert [row["task"] for row in data["per_task"]] == [t.id for t in TASKS.tasks]
    from memviz.core.evaluation.bugs import simulated_bug_tables  # the Bugs page's, in eval --traces' shape

    tables = simulated_bug_tables(core())
    assert [(b["page"], b["a_only"], b["b_only"], b["p_value"]) for b in data["bugs"]] == [
        (b.page, b.a_only, b.b_only, b.p_value) for b in tables
    ]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_texts_fit_at_720p(make_view, lang):
    view = make_view(lang)
    view.resize(1280, 640)
    view.show()
    view.compute_blocking()
    for label in (view.headline, view.context_label, view.design_label, view.needed_label):
        assert label.text() and label.width() <= view.width()
    for plot in (view.forest_means, view.sample_plot):
        title = plot.getPlotItem().titleLabel
        assert title.item.boundingRect().width() <= plot.width()
    assert np.isfinite(view.paired().deft)
    assert view.pages.tabText(0) == ("区间" if lang == "zh" else "Intervals")
    assert (
        view.a_combo.currentText() == ("无记忆" if lang == "zh" else "No memory")
        and view.metric_combo.count() == 6
    )
    assert view.runs_table.horizontalHeaderItem(4).text() == "B − A"
    tick_font = view.forest_means.getPlotItem().getAxis("left").style["tickFont"]
    assert QFontInfo(tick_font).pixelSize() >= 12  # the least type (kit/zoom.py)


@pytest.mark.parametrize(("detail", "compare"), [("", None), ("/intervals/dups", ["random", "visited"])])
def test_memviz_snapshot_draws_the_tab(app, tmp_path, detail, compare):
    from PySide6.QtGui import QImage

    from memviz.gui.snapshot import snapshot

    out = snapshot(tmp_path / "eval.png", RunConfig(), load_site(), None, size=(1280, 720), view="evaluate" + detail,
                   compare=compare)  # fmt: skip
    assert QImage(str(out)).size().toTuple() == (1280, 720)


@pytest.mark.parametrize(
    ("detail", "compare", "message"),
    [
        ("/nosuch", None, "expected intervals, sample, ablation, runs or bugs"),
        ("/sample/nosuch", None, "the metric is one of coverage"),
        ("", ["random"], "takes two configs, A and B, got 1"),
        ("", ["random", "nosuch"], "nosuch"),
    ],
)
def test_memviz_snapshot_refuses_what_the_tab_cannot_show(make_view, detail, compare, message):
    view = make_view()  # what snapshot asks of the view, before any run
    with pytest.raises(ValueError, match=message):
        view.choose_for_snapshot(detail.lstrip("/"))
        view.prepare_snapshot(None, compare)


def test_recorded_runs_from_a_folder_of_traces_and_a_replay_in_explore(make_view, tmp_path):
    from memviz.core.evaluation.traces import evaluate_traces, read_traces
    from tests.core.test_eval_traces import write_traces

    folder = write_traces(tmp_path / "traces", TASKS, 2, skip={("v2/22", "frontier/12")},
                          drop={("v2/5", "frontier/12", 1)})  # fmt: skip
    view = make_view("en")
    view.set_traces(folder)
    view.set_configs("random", "frontier/12")
    assert not view.runs_spin.isEnabled() and view.tasks_button.text() == "Traces: traces"
    view.compute_blocking()
    core_eval = evaluate_traces(read_traces(folder), "random", "frontier/12")
    paired = core_eval.paired("coverage")
    assert interval("coverage", paired.ci_task) in view.headline.text()
    assert "Tasks with one side only, left out: v2/22" in view.context_label.text()
    assert (
        "A (baseline) No memory, B (treatment) Visited set + link table · 12 · FIFO"
        in view.context_label.text()
    )
    assert view.configs()[2] == ("random", "frontier/12/fifo")  # its item (labels match in canonical form)
    assert view.b_combo.count() == 6  # no second item of the same name
    assert "62 runs of A and 61 of B (1–2 a side of a task, every run used)" in view.context_label.text()
    # each task by the version and start page its recordings say, as simulated tasks ("v1 · Sign in")
    named = [
        f"{task.split('/')[0]} · {TASKS.site.page_name(int(task.split('/')[1]), 'en')}"
        for task in core_eval.tasks
    ]
    assert view.task_axis.ids == named and len(core_eval.tasks) == 31
    assert "Recorded runs have no ablation" in view.ablation_caption.text()
    views = []
    view.settings.open_view_requested.connect(views.append)
    view.select_task(20)  # v2/5: v2 tasks follow the 16 of v1
    assert view.runs_caption.text().startswith(
        'Task "Conduit blog (two versions) v2, starting on My profile"'
    )
    assert view.runs_table.item(0, 1).text() == "random-v2-5-0.jsonl · frontier-12-v2-5-0.jsonl"
    second = [view.runs_table.item(1, c).text() for c in (1, 3, 4)]
    assert second == ["random-v2-5-1.jsonl · —", "—", "—"]  # the treatment's second run crashed
    assert view.runs_table.item(0, 4).text() == "—"  # recorded runs side by side are no pair
    view._on_run_cell(1, 3)
    assert views == []
    view._on_run_cell(0, 3)
    recorded = view.settings.recorded
    assert views == ["explore"] and recorded.source == "frontier-12-v2-5-0.jsonl"
    assert view.settings.site.version == "v2" and recorded.path[0] == 5 and view.settings.config.start is None
    rows = view.export_rows()
    assert len(rows) == 2 * 31 * 2 - 1 and {r["arm"] for r in rows} == {"a", "b"}
    assert view.export_data()["missing"] == [{"task": "v2/22", "has": "baseline"}]


def test_a_task_run_says_where_it_starts():
    from memviz.wording import config_summary

    config = RunConfig(strategy="frontier", start=5, seed=7)
    assert "starting on page 5" in config_summary(config, "en") and "从第 5 页开始" in config_summary(
        config, "zh"
    )
    assert "starting on" not in config_summary(RunConfig(), "en")


def test_the_task_ids_and_interval_rows_are_named_once_the_result_is_in(make_view, qtbot):
    """The axes make room for their names before they paint: pyqtgraph left out every task id
    wider than the axis and widened it only at its next paint, so a fresh result showed unnamed
    rows until the window was resized (seen in the real window at 1280×720)."""
    from scene_text import scene_texts

    view = make_view("en")
    view.resize(1280, 620)
    view.show()
    qtbot.waitExposed(view)
    view.compute_blocking()
    qtbot.wait(50)  # one paint: the plots take their ranges (no resize, as none came in the window)
    drawn = {text.text for text in scene_texts(view.forest_means)}
    third = TASKS.tasks[2]
    assert f"v1 · {TASKS.site_of(third).page_name(third.start, view.language.code)}" in drawn
    assert len(drawn & set(view.task_axis.ids)) >= 8
    assert set(view.interval_axis.names) <= {text.text for text in scene_texts(view.interval_plot)}
