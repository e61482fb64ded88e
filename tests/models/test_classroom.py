"""The class model (Qt-free) reads a served blog's trace folder as the server writes it: each
student's figures recomputed by hand, live updates on a fake clock, sorting, and the agent beside."""

from __future__ import annotations

import pytest

from memviz.core.engine import run
from memviz.core.resources import resource_path
from memviz.core.run_config import RunConfig
from memviz.core.site import Site
from memviz.core.trace import Claim
from memviz.core.trace_stats import trace_stats
from memviz.core.webpage import report_of
from memviz.models.classroom import NAMES_FILE, SORT_KEYS, ClassModel
from memviz.models.clock import ManualClock
from memviz.web import visitors
from memviz.web.serverlog import ServerLog
from memviz.web.visitors import TraceFolder

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
ADA, BO = "a" * 16, "b" * 16
BASE = "http://127.0.0.1:8000"


def _folder(tmp_path) -> TraceFolder:
    return TraceFolder(tmp_path, VERSIONS, ServerLog("en", write=lambda line: None))


def _visit(traces: TraceFolder, visitor: str, pages: list[int]) -> None:
    """Clicks as the server records them: a bug page's step holds the symptom the detector read."""
    for page in pages:
        shown = report_of(VERSIONS, page, 1)
        traces.record(visitor, BASE + VERSIONS.url_path(page), page, "click", 200, (shown,) if shown else ())


def _claim(traces, visitor, page, error, words="") -> None:
    assert traces.claim(visitor, VERSIONS.url_path(page), Claim("reported", words or error, error))


def test_the_names_file_is_the_servers():
    assert NAMES_FILE == visitors.NAMES_FILE


def test_a_students_figures_are_their_clicks_and_claims(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [1, 0, 12, 13, 12, 0])  # sign in, home, A, comments (XSS), A, home
    _claim(traces, ADA, 13, "XSS", "a script ran")
    _claim(traces, ADA, 13, "XSS", "again")  # the same bug: a duplicate report
    _claim(traces, ADA, 12, "other", "odd")  # no bug on article A at v1: a wrong report
    traces.name(ADA, "Ada")
    model = ClassModel(tmp_path, VERSIONS)
    assert model.poll()
    [ada] = model.students
    assert (ada.name, ada.steps, ada.path) == ("Ada", 5, (1, 0, 12, 13, 12, 0))
    assert (ada.pages_seen, ada.coverage, ada.repeats, ada.home_visits) == (4, 4 / 24, 2, 2)
    assert (ada.bugs_seen, ada.reports, ada.bugs_found) == (1, 3, 1)
    assert (ada.duplicate_reports, ada.wrong_reports, ada.precision) == (1, 1, 2 / 3)
    stats = trace_stats(model.trace_of(ADA))  # one definition: trace stats says the same
    assert (stats.claims, stats.claims_matched, stats.claim_precision) == (3, 2, ada.precision)
    assert not model.poll()  # nothing changed: nothing read again, nothing emitted


def test_the_model_follows_the_folder_on_a_fake_clock(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [0])
    model = ClassModel(tmp_path, VERSIONS)
    clock = ManualClock()
    emitted = []
    model.changed.connect(lambda: emitted.append(clock.now_ms))
    model.watch(clock)  # reads at once, then every 250 ms
    assert [s.steps for s in model.students] == [0] and emitted == [0]
    _visit(traces, ADA, [7])  # My favorites: the stale-count bug
    _visit(traces, BO, [0, 22, 23])  # search, search page 2 (500)
    clock.advance(249)
    assert len(emitted) == 1  # not yet polled
    clock.advance(1)
    assert emitted == [0, 250]
    assert {s.visitor: (s.steps, s.bugs_seen) for s in model.students} == {ADA: (1, 1), BO: (2, 1)}
    traces.name(BO, "Bo")  # a name given after the first clicks
    clock.advance(250)
    assert {s.name for s in model.students} == {"Bo", f"visitor {ADA[:6]}"}
    assert emitted == [0, 250, 500]
    clock.advance(1000)
    assert emitted == [0, 250, 500]  # nothing new, nothing emitted


def test_sorting_by_every_figure(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [0, 12, 13])
    _visit(traces, BO, [0, 3, 20, 21, 3])
    _claim(traces, BO, 21, "missing confirmation")
    model = ClassModel(tmp_path, VERSIONS)
    model.poll()
    assert [s.visitor for s in model.sorted("steps")] == [BO, ADA]
    assert [s.visitor for s in model.sorted("steps", descending=False)] == [ADA, BO]
    assert [s.visitor for s in model.sorted("precision")] == [BO, ADA]  # Ada has no report: unknown, last
    assert [s.visitor for s in model.sorted("precision", descending=False)] == [BO, ADA]
    for key in SORT_KEYS:
        assert {s.visitor for s in model.sorted(key)} == {ADA, BO}
    with pytest.raises(ValueError, match="cannot sort by 'speed'"):
        model.sorted("speed")


def test_a_student_beside_the_agent_on_as_many_steps(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [0, 5, 0, 4, 0, 3, 0, 12, 0])
    model = ClassModel(tmp_path, VERSIONS)
    model.poll()
    none, visited = model.beside_agents(ADA)
    for agent, strategy in ((none, "random"), (visited, "visited")):
        result = run(VERSIONS, RunConfig(strategy=strategy, seed=1000, budget=8))
        assert agent.path == tuple(result.path) and agent.steps == 8
        assert agent.home_visits == result.path[1:].count(0)
        assert agent.repeats == len(result.path) - len(set(result.path))
    assert model.students[0].home_visits == 4


def test_the_summary_counts_the_class(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [0, 12, 13])
    _visit(traces, BO, [0, 5, 7])
    _claim(traces, ADA, 13, "XSS")
    _claim(traces, BO, 7, "stale state")
    _claim(traces, BO, 5, "other")
    (tmp_path / "visitor-cccccccccccccccc.jsonl").write_text("not json\n", encoding="utf-8")
    model = ClassModel(tmp_path, VERSIONS)
    model.poll()
    summary = model.summary()
    assert summary["class"] == {
        "students": 2, "steps": 4, "bugs_seen": 2, "bugs_found": 2, "reports": 3,
        "duplicate_reports": 0, "precision": 2 / 3,
    }  # fmt: skip
    assert list(summary["unreadable"]) == ["visitor-cccccccccccccccc.jsonl"]


def test_a_student_in_compare_is_their_walk_beside_the_agent(tmp_path):
    from memviz.core.compare import compare_runs

    traces = _folder(tmp_path)
    _visit(traces, ADA, [0, 5, 0, 4, 0])
    traces.name(ADA, "Ada")
    model = ClassModel(tmp_path, VERSIONS)
    model.poll()
    base, lanes = model.compare_lanes(ADA, VERSIONS)
    assert (base.seed, base.budget) == (1000, 4)
    assert lanes[0].recorded.path == (0, 5, 0, 4, 0) and lanes[0].recorded.agent == "Ada"
    assert [(lane.strategy, lane.recorded is None) for lane in lanes[1:]] == [
        ("random", True),
        ("visited", True),
    ]
    comparison = compare_runs(VERSIONS, lanes, base)
    assert [lane.result.path for lane in comparison.lanes[1:]] == [
        list(a.path) for a in model.beside_agents(ADA)
    ]
    assert model.compare_lanes("f" * 16, VERSIONS) is None


def test_a_pipe_in_the_folder_never_blocks_the_class(tmp_path):
    import os

    traces = _folder(tmp_path)
    _visit(traces, ADA, [0, 3])
    os.mkfifo(tmp_path / NAMES_FILE)
    os.mkfifo(tmp_path / f"visitor-{BO}.jsonl")
    model = ClassModel(tmp_path, VERSIONS)
    assert model.poll()  # returns: neither pipe is opened for reading
    assert [s.visitor for s in model.students] == [ADA]
    assert f"visitor-{BO}.jsonl" in model.summary()["unreadable"]
    assert traces.name(ADA, "Ada")  # the server writes a names file anew in the pipe's place
    assert model.poll() and model.students[0].name == "Ada"
