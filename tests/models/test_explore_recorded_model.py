"""A recording replayed in the Explore model shows the recording's own figures, whatever the what-if
memory: after the last call, its reports, duplicates, bugs and tokens are exactly `trace stats`' on
the same file, and what the trace does not know stays unknown (None), never 0. Qt-free."""

from __future__ import annotations

import json

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig
from memviz.core.replay import load_recorded
from memviz.core.site import load_site
from memviz.core.trace import trace_text
from memviz.core.trace_import import import_trace
from memviz.core.trace_run import run_trace
from memviz.models.explore import ExploreModel
from memviz.models.settings import RunSettings
from tests.core.test_trace_import import _with_bodies, _write, browser_use_history, har_log

SITE = load_site()
WHAT_IFS = [
    RunConfig(),  # no memory
    RunConfig(strategy="visited", capacity=3),
    RunConfig(strategy="frontier", capacity=3, policy="lru", seed=99),
]


def _traces(tmp_path):
    """Real-shaped traces: memviz runs (one that stops itself), a HAR with bodies, one without,
    a browser-use history."""
    out = {}
    for name, config in {
        "random": RunConfig(strategy="random", seed=1000),
        "frontier": RunConfig(strategy="frontier", capacity=3, seed=5, budget=60),
        "visited-done": RunConfig(strategy="visited", seed=2, budget=200),
    }.items():
        out[name] = run_trace(SITE, config)[1]
    path = [0, 13, 12, 13, 23, 5, 7, 5, 13]
    out["har"] = import_trace(_write(tmp_path, "b.har", _with_bodies(har_log(path))), "har", SITE)
    off = [{**har_log([0])["log"]["entries"][0], "request": {"method": "GET", "url": "https://x.example/",
            "headers": []}, "startedDateTime": "2026-12-04T10:00:05.500Z"}]  # fmt: skip
    out["har-no-bodies"] = import_trace(_write(tmp_path, "n.har", har_log(path, off)), "har", SITE)
    out["browser-use"] = import_trace(
        _write(tmp_path, "h.json", browser_use_history(path)), "browser-use", SITE
    )
    files = {}
    for name, trace in out.items():
        files[name] = tmp_path / f"{name}.jsonl"
        files[name].write_text(trace_text(trace), encoding="utf-8")
    return files


@pytest.fixture(scope="module")
def trace_files(tmp_path_factory):
    return _traces(tmp_path_factory.mktemp("traces"))


def _stats(path, capsys):
    assert main(["trace", "stats", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)[0]


@pytest.mark.parametrize(
    "name", ["random", "frontier", "visited-done", "har", "har-no-bodies", "browser-use"]
)
@pytest.mark.parametrize("what_if", WHAT_IFS, ids=lambda c: c.strategy)
def test_the_replays_figures_are_trace_stats_on_the_same_file(trace_files, capsys, name, what_if):
    stats = _stats(trace_files[name], capsys)
    settings = RunSettings(SITE, what_if)
    settings.set_recorded(load_recorded(trace_files[name], SITE))
    model = ExploreModel(settings)
    model.jump(model.total)
    last, figures = model.events[-1], model.recorded_figures
    assert (figures.reports_total, figures.duplicates_total) == (stats["reports"], stats["duplicate_reports"])
    assert (figures.bugs_total, figures.tokens_total) == (stats["bugs_found"], stats["tokens"])
    assert last.pages_seen == stats["pages_seen"] and last.repeats == stats["repeats"]
    assert sum(e.moved for e in model.events) == stats["steps"] - stats["off_site"]
    # the events carry the same figures (unknown ones as 0, which the views show as unknown)
    assert (last.reports, last.bugs_found, last.tokens_total) == (
        stats["reports"] or 0, stats["bugs_found"] or 0, stats["tokens"] or 0,
    )  # fmt: skip
    assert sum(e.bug_found for e in model.events) == (stats["bugs_found"] or 0)
    start_tokens = model.recorded.figures_at(0).tokens or 0  # the calls before the first move
    assert start_tokens + sum(e.tokens for e in model.events) == (stats["tokens"] or 0)
    result = model.exploration.result()
    assert (result.reports, result.dups, result.tokens) == (
        stats["reports"] or 0, stats["duplicate_reports"] or 0, stats["tokens"] or 0,
    )  # fmt: skip
    states = model.exploration.page_states()
    assert sum(s.bug_reported for s in states) == (stats["bugs_found"] or 0)
    assert sum(s.duplicates for s in states) <= (stats["duplicate_reports"] or 0)


def test_unknown_stays_unknown_and_a_memory_changes_no_recorded_figure(trace_files):
    recorded = load_recorded(trace_files["browser-use"], SITE)
    assert not recorded.reports_known and recorded.tokens_known and recorded.stops
    seen = []
    for what_if in WHAT_IFS:
        settings = RunSettings(SITE, what_if)
        settings.set_recorded(recorded)
        model = ExploreModel(settings)
        model.jump(model.total)
        seen.append([(e.to_page, e.bug_found, e.duplicate_report, e.reports, e.tokens) for e in model.events])
        assert model.recorded_figures.reports_total is None and model.recorded_figures.bugs_total is None
        assert not model.events[-1].moved  # the closing "done" call is a call of its own
    assert seen[0] == seen[1] == seen[2]
