"""The Evaluate tab read aloud to a class (issues 37, 40): A and B by the names every tab uses (the id
kept as each item's data, the names following the language), tasks by their names and never their
ids, and per bug the core's paired counts and McNemar's exact p with a sentence under them."""

from __future__ import annotations

import math

import pytest
from PySide6.QtWidgets import QAbstractButton, QLabel, QTableWidget

from memviz.core.engine import RunConfig
from memviz.core.evaluation import builtin_tasks, evaluate
from memviz.core.evaluation.bugs import simulated_bug_tables
from memviz.core.site import load_site
from memviz.gui.evaluate import EvaluateView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

TASKS = builtin_tasks()
IDS = ["random", "visited", "frontier", "frontier/12/fifo", "frontier/12/lru", "frontier/6/fifo"]
# The names Compare's lanes and Explore's memory title use (the chapter's terms), in both languages.
NAMES = {
    "zh": ["无记忆", "已访问集合", "已访问集合 + 链接表", "已访问集合 + 链接表 · 12 · FIFO",
           "已访问集合 + 链接表 · 12 · LRU", "已访问集合 + 链接表 · 6 · FIFO"],
    "en": ["No memory", "Visited set", "Visited set + link table", "Visited set + link table · 12 · FIFO",
           "Visited set + link table · 12 · LRU", "Visited set + link table · 6 · FIFO"],
}  # fmt: skip


@pytest.fixture
def make_view(keep_analysis_view):
    def make(lang: str) -> EvaluateView:
        view = keep_analysis_view(
            EvaluateView(RunSettings(load_site(), RunConfig()), Language(lang), auto_run=False)
        )
        view.runs_spin.setValue(2)  # the fewest runs a task the tab takes
        return view

    return make


def items(combo) -> list[tuple[str, str]]:
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def test_a_and_b_are_named_in_either_language_and_keep_their_ids(make_view):
    view = make_view("zh")
    assert items(view.a_combo) == list(zip(NAMES["zh"], IDS, strict=True)) == items(view.b_combo)
    assert (view.a_combo.currentText(), view.b_combo.currentText()) == ("无记忆", "已访问集合 + 链接表")
    view.b_combo.setCurrentIndex(3)
    assert view.configs()[2] == ("random", "frontier/12/fifo")
    view.language.set_code("en")
    assert items(view.a_combo) == list(zip(NAMES["en"], IDS, strict=True))
    assert view.b_combo.currentText() == "Visited set + link table · 12 · FIFO"
    _a, b, typed = view.configs()
    assert typed == ("random", "frontier/12/fifo") and (b.capacity, b.policy) == (12, "fifo")
    view.b_combo.setEditText("frontier/8/lru")  # typed in memviz compare's grammar: read as typed
    assert view.configs()[2][1] == "frontier/8/lru"
    view.set_configs("visited", "frontier/8/lru")  # as snapshot --compare gives them: shown by name
    assert view.a_combo.currentText() == "Visited set"
    assert view.b_combo.currentText() == "Visited set + link table · 8 · LRU"
    assert view.configs()[2] == ("visited", "frontier/8/lru")
    view.language.set_code("zh")
    assert view.b_combo.currentText() == "已访问集合 + 链接表 · 8 · LRU"


def visible_words(view) -> list[str]:
    """Every text the tab shows: labels, buttons, tab titles, table cells and headers, choices,
    the forest plot's task names."""
    texts = [w.text() for w in view.findChildren(QLabel) + view.findChildren(QAbstractButton)]
    texts += [view.pages.tabText(i) for i in range(view.pages.count())]
    texts += [view.a_combo.currentText(), view.b_combo.currentText()]
    for table in view.findChildren(QTableWidget):
        for c in range(table.columnCount()):
            header = table.horizontalHeaderItem(c)
            texts.append(header.text() if header else "")
            texts += [table.item(r, c).text() for r in range(table.rowCount()) if table.item(r, c)]
    return texts + list(view.task_axis.ids)


@pytest.mark.parametrize(
    ("lang", "named"), [("zh", "任务“Conduit 博客（两个版本） v1，从「注册」开始”"),
                        ("en", 'Task "Conduit blog (two versions) v1, starting on Sign up"')]
)  # fmt: skip
def test_tasks_are_shown_by_name_never_by_id(make_view, lang, named):
    view = make_view(lang)
    view.compute_blocking()
    view.select_task(2)  # the built-in set's third task, id v1/2: the blog's v1 from page 2
    assert TASKS.tasks[2].id == "v1/2"
    assert view.runs_caption.text().startswith(named)
    ids = {task.id for task in TASKS.tasks}
    shown = visible_words(view)
    assert [text for text in shown if any(task_id in text for task_id in ids)] == []
    assert [t for t in shown if any(name in t for name in ("random", "frontier"))] == []


@pytest.mark.parametrize("lang", ("zh", "en"))
def test_the_bugs_page_shows_the_cores_mcnemar_rows(make_view, lang):
    view = make_view(lang)
    view.choose_for_snapshot("bugs")
    view.compute_blocking()
    want = simulated_bug_tables(
        evaluate(TASKS, {"a": RunConfig(), "b": RunConfig(strategy="frontier")}, 2, 1000)
    )
    site_v1, site_v2 = TASKS.site.at_version("v1"), TASKS.site.at_version("v2")
    names = {**{p: site_v2.bug_name(p, lang) for p in site_v2.bug_by_page},
             **{p: site_v1.bug_name(p, lang) for p in site_v1.bug_by_page}}  # fmt: skip
    table = view.bugs_page.table
    rows = [[table.item(r, c).text() for c in range(5)] for r in range(table.rowCount())]
    shown_p = {b.page: "< 0.0001" if b.p_value < 0.0001 else f"{b.p_value:.3g}" for b in want}
    assert rows == [
        [names[b.page], str(b.tasks), str(b.a_only), str(b.b_only), shown_p[b.page]] for b in want
    ]
    for b in want:  # McNemar's exact p, recomputed: twice the smaller binomial tail of the discordant tasks
        n, k = b.a_only + b.b_only, min(b.a_only, b.b_only)
        assert b.p_value == pytest.approx(min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n))
    assert shown_p[15] == "0.000488" and shown_p[21] == "0.0117" and shown_p[9] == "< 0.0001"  # 12:0, 10:1
    assert {b.page for b in want} == set(site_v1.bug_by_page) | set(site_v2.bug_by_page)
    assert view.pages.currentWidget() is view.bugs_page
    # the sentence under the table speaks of the bug with the smallest p, in the core's numbers
    clearest = min((b for b in want if b.a_only + b.b_only), key=lambda b: (b.p_value, b.page))
    verdict = view.bugs_page.verdict.text()
    assert names[clearest.page] in verdict and f"p {shown_p[clearest.page]}" in verdict
    assert str(max(clearest.a_only, clearest.b_only)) in verdict
    explained = view.bugs_page.explained.text()
    assert ("McNemar" in explained) and (
        ("抛硬币" in explained) if lang == "zh" else ("coin toss" in explained)
    )
    assert view.pages.tabText(4) == ("每个 Bug" if lang == "zh" else "Bugs")


def test_recorded_runs_get_the_bugs_page_of_eval_traces(make_view, tmp_path):
    """A folder of traces (two labelled configs, two tasks, two runs each): the page's rows are the
    tables ``memviz eval --traces`` makes, each bug by its page and the route its report was filed on."""
    from memviz.core.evaluation.bugs import bug_tables
    from memviz.core.evaluation.traces import evaluate_traces, read_traces
    from memviz.core.trace import trace_text
    from memviz.core.trace_run import run_trace

    site = load_site()
    configs = {"random": RunConfig(), "frontier": RunConfig(strategy="frontier")}
    for i, (task, start) in enumerate((("home", 0), ("feed", 14))):
        for label, config in configs.items():
            for r in range(2):
                _result, trace = run_trace(site, config.with_(seed=1000 + 2 * i + r, start=start), task=task)
                (tmp_path / f"{label}-{task}-{r}.jsonl").write_text(trace_text(trace), encoding="utf-8")
    view = make_view("en")
    view.set_traces(tmp_path)
    view.set_configs("random", "frontier")
    view.compute_blocking()
    want = bug_tables(evaluate_traces(read_traces(tmp_path), "random", "frontier"))
    assert want and {b.page for b in want} == set(site.bug_by_page)
    table = view.bugs_page.table
    rows = [[table.item(r, c).text() for c in range(5)] for r in range(table.rowCount())]
    assert [row[1:4] for row in rows] == [[str(b.tasks), str(b.a_only), str(b.b_only)] for b in want]
    assert [row[0] for row in rows] == [f"page {b.page}" + (f" {b.route}" if b.route else "") for b in want]
    assert any(b.route for b in want)  # a report's route names the bug's page where one was filed
