"""memviz-trace/1: a run's trace gives the run's figures back, the reader names the line and field
of every mistake, and every line the writer makes is valid under the JSON Schema in resources/."""

from __future__ import annotations

import json
from dataclasses import replace

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.resources import resource_path
from memviz.core.site import Site, load_site
from memviz.core.trace import Claim, Trace, TraceError, fingerprint, parse_trace, read_trace, trace_text
from memviz.core.trace_run import run_trace
from memviz.core.trace_stats import trace_stats
from tests.hypothesis_budget import examples

# Conduit's routes for the blog's 24 pages (issue 25), in page order
CHAPTER_PATHS = [
    "/", "/login", "/register", "/settings", "/editor", "/profile/jake", "/profile/jake/articles",
    "/profile/jake/favorites", "/feed?page=2", "/feed?page=3", "/tag/qa", "/tag/agent", "/article/a",
    "/article/a/comments", "/article/b", "/editor/b", "/article/c", "/article/c/share", "/profile/author",
    "/profile/author/followers", "/settings/password", "/settings/delete", "/search", "/search?page=2",
]  # fmt: skip
SITE = load_site()
VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
SCHEMA = json.loads(resource_path("trace.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)  # checked once (validate() re-checks it per call)

configs = st.builds(
    RunConfig,
    strategy=st.sampled_from(["random", "visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.one_of(st.none(), st.integers(1, 12)),
    policy=st.sampled_from(["fifo", "lru", "random", "ttl"]),
    budget=st.integers(0, 80),
    bug_list=st.sampled_from([None, True, False]),
)


@settings(max_examples=examples(60), deadline=None)
@given(config=configs, version=st.sampled_from(["v1", "v2"]))
def test_a_runs_trace_gives_back_the_runs_figures(config, version):
    site = VERSIONS.at_version(version)
    result, trace = run_trace(site, config)
    assert result == run(site, config)
    assert trace.path == result.path
    stats = trace_stats(parse_trace(trace_text(trace)))
    assert stats.coverage == result.coverage
    assert stats.repeat_rate == result.repeat
    assert (stats.reports, stats.duplicate_reports) == (result.reports, result.dups)
    assert stats.bugs_found == result.bugs
    assert stats.tokens == (result.tokens if len(trace.steps) > 1 else None)  # no call: no tokens
    assert stats.steps == result.steps


def test_the_chapters_first_random_run_as_a_trace():
    # the chapter's random run at seed 1000 (tests/cli/test_cli.py pins its figures)
    config = RunConfig(strategy="random", seed=1000)
    _result, trace = run_trace(SITE, config)
    assert trace.path[:4] == [0, 12, 13, 5]
    assert trace.steps[2].url == "http://127.0.0.1:8000/article/a/comments"
    assert [r.error for s in trace.steps for r in s.reports][:1] == ["HTTP 500"]
    stats = trace_stats(trace)
    result = run(SITE, config)
    assert (stats.coverage, stats.reports, stats.duplicate_reports, stats.tokens) == (
        result.coverage, result.reports, result.dups, result.tokens,
    )  # fmt: skip


def test_the_blogs_paths_are_conduits_routes():
    assert [SITE.url_path(p) for p in range(SITE.n_pages)] == CHAPTER_PATHS
    assert all(VERSIONS.url_path(p) == CHAPTER_PATHS[p] for p in range(24))
    for style in VERSIONS.report_styles:  # the versions file's report routes, :slug filled in
        route = style.route.replace(":user", "jake").replace(":slug", "b" if style.page == 15 else "a")
        assert route.replace("#comments", "/comments") == CHAPTER_PATHS[style.page]


@settings(max_examples=examples(25), deadline=None)
@given(config=configs)
def test_every_line_the_writer_makes_is_valid_under_the_schema(config):
    _result, trace = run_trace(VERSIONS, config)
    for line in trace_text(trace).splitlines():
        VALIDATOR.validate(json.loads(line))


def test_the_schema_refuses_what_the_reader_refuses():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    step = {"step": 0, "url": "http://h/", "page": 0, "action": "start", "reports": []}
    VALIDATOR.validate(step)
    for bad in ({**step, "action": "fly"}, {**step, "status": 99}, {**step, "reports": [{"route": "/"}]}):
        assert not VALIDATOR.is_valid(bad)


def test_read_trace_reads_what_was_written(tmp_path):
    _result, trace = run_trace(SITE, RunConfig(strategy="frontier", capacity=6, budget=40))
    path = tmp_path / "t.jsonl"
    path.write_text(trace_text(trace), encoding="utf-8")
    assert read_trace(path) == trace


def test_fingerprints_blank_numbers_and_fold_spaces():
    a = fingerprint("/search?page=2", "HTTP 500", "GET /api/search?offset=20 returned 500")
    b = fingerprint("/search?page=2", "http 500", "GET /api/search?offset=40  returned   500")
    assert a == b
    assert a != fingerprint("/search", "HTTP 500", "GET /api/search?offset=20 returned 500")


HEADER = {
    "format": "memviz-trace/1",
    "agent": "x",
    "start_url": "http://h/",
    "site": {"name": "s", "pages": 3},
}
STEP0 = {"step": 0, "url": "http://h/", "page": 0, "action": "start", "reports": []}


def _text(*objects) -> str:
    return "\n".join(o if isinstance(o, str) else json.dumps(o) for o in objects) + "\n"


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ((), "empty"),
        ((HEADER,), "line 2: a trace needs at least one step"),
        (({**HEADER, "format": "memviz-trace/2"}, STEP0), "line 1: format"),
        (({**HEADER, "agent": ""}, STEP0), "line 1: agent"),
        (({**HEADER, "site": {"name": "s", "pages": 0}}, STEP0), "line 1: site.pages"),
        (({**HEADER, "site": {"name": "s", "pages": 3, "bugs": [5]}}, STEP0), "line 1: site.bugs[0]"),
        ((HEADER, "{not json"), "line 2: not valid JSON"),
        ((HEADER, [1, 2]), "line 2: top level"),
        ((HEADER, {**STEP0, "step": 1}), "line 2: step: expected step 0"),
        ((HEADER, {**STEP0, "action": "click"}), "line 2: action"),
        ((HEADER, STEP0, {**STEP0, "step": 1}), "line 3: action"),
        ((HEADER, {**STEP0, "page": 3}), "line 2: page: must be between 0 and 2"),
        ((HEADER, {**STEP0, "status": 99}), "line 2: status"),
        ((HEADER, {**STEP0, "tokens_in": -1}), "line 2: tokens_in"),
        ((HEADER, {**STEP0, "url": "x" * 2001}), "line 2: url: at most 2000"),
        ((HEADER, {**STEP0, "reports": [{"route": "/", "error": "e"}]}), "line 2: reports[0].message"),
        ((HEADER, STEP0, HEADER), "line 3: format: a second header"),
        (({**HEADER, "reported_by": "me"}, STEP0), "line 1: reported_by"),
        (({**HEADER, "label": ""}, STEP0), "line 1: label"),
        ((HEADER, {**STEP0, "claims": [{"kind": "guess", "text": "x"}]}), "line 2: claims[0]"),
        ((HEADER, {**STEP0, "claims": [{"kind": "done", "text": " "}]}), "line 2: claims[0].text"),
        ((HEADER, '{"step": 0, "x": ' + "[" * 40 + "]" * 40 + "}"), "line 2: nested too deep"),
        ((HEADER, '{"step": 1' + "0" * 40 + "}"), "line 2: a number memviz cannot use"),
        ((HEADER, '{"step": NaN}'), "line 2: a number memviz cannot use"),
    ],
)
def test_the_reader_names_the_line_and_field_of_a_mistake(tmp_path, lines, said):
    path = tmp_path / "bad.jsonl"
    path.write_text(_text(*lines) if lines else "", encoding="utf-8")
    with pytest.raises(TraceError) as caught:
        read_trace(path)
    message = str(caught.value)
    assert said in message and str(path) in message and "\n" not in message


def test_the_reader_refuses_a_file_over_its_size_and_anything_but_a_file(tmp_path, monkeypatch):
    from memviz.core import trace as trace_module

    monkeypatch.setattr(trace_module, "TRACE_FILE_BYTES", 100)
    path = tmp_path / "big.jsonl"
    path.write_text(_text(HEADER, STEP0, STEP0), encoding="utf-8")
    with pytest.raises(TraceError, match="too large"):
        read_trace(path)
    with pytest.raises(TraceError, match="folder"):
        read_trace(tmp_path)
    with pytest.raises(TraceError, match="not found"):
        read_trace(tmp_path / "none.jsonl")


def test_off_site_steps_count_as_steps_but_not_as_pages():
    text = _text(
        HEADER,
        STEP0,
        {"step": 1, "url": "http://elsewhere/", "page": None, "action": "goto"},
        {"step": 2, "url": "http://h/a", "page": 1, "action": "click"},
        {"step": 3, "url": "http://elsewhere/", "page": None, "action": "goto"},
    )
    stats = trace_stats(parse_trace(text))
    assert (stats.steps, stats.pages_seen, stats.off_site, stats.repeats) == (3, 2, 2, 1)
    assert stats.coverage == 2 / 3 and stats.tokens is None and stats.steps_to_last_new == 2


def test_a_trace_that_does_not_know_its_reports_says_so_never_0():
    bug_site = {**HEADER, "site": {"name": "s", "pages": 3, "bugs": [1]}}
    steps = (STEP0, {"step": 1, "url": "http://h/a", "page": 1, "action": "click", "reports": []})
    # written before reported_by: a memviz run filed its reports, a server's visitor or an import not
    assert parse_trace(_text({**bug_site, "agent": "memviz"}, *steps)).header.reported_by == "agent"
    unknown = parse_trace(_text(bug_site, *steps))
    assert unknown.header.reported_by is None
    stats = trace_stats(unknown)
    assert (stats.reports, stats.duplicate_reports, stats.duplicate_rate) == (None, None, None)
    assert (stats.bugs_found, stats.bug_recall, stats.coverage) == (None, None, 2 / 3)
    looked = trace_stats(parse_trace(_text({**bug_site, "reported_by": "detector"}, *steps)))
    assert (looked.reports, looked.duplicate_reports, looked.bugs_found, looked.bug_recall) == (0, 0, 0, 0.0)
    assert looked.duplicate_rate is None  # no report: a rate of nothing


def test_label_reported_by_and_claims_are_written_and_read_back(tmp_path):
    _result, trace = run_trace(SITE, RunConfig(strategy="frontier", capacity=6, budget=12), task="v1/0")
    header = replace(trace.header, label="frontier-6")
    steps = list(trace.steps)
    steps[3] = replace(steps[3], claims=(Claim("extracted", "a script ran"), Claim("done", "1 bug")))
    labelled = Trace(header, tuple(steps))
    text = trace_text(labelled)
    for line in text.splitlines():
        VALIDATOR.validate(json.loads(line))
    assert parse_trace(text) == labelled
    first = json.loads(text.splitlines()[0])
    assert (first["task"], first["label"], first["reported_by"]) == ("v1/0", "frontier-6", "agent")
    assert "claims" not in json.loads(text.splitlines()[1])  # written only where there are some
