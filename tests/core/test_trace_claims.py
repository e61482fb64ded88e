"""Claims against the truth: one claim shape in memviz-trace/1 and one rule for whether a claim is
right (memviz.core.trace_stats.checked_claims), read plainly from hand-made traces, recomputed
independently on generated ones, and unknown ("—", null) where a trace cannot know, never 0."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.trace import Claim, Report, TraceError, parse_trace, read_trace
from memviz.core.trace_stats import claim_figures, trace_stats
from tests.core.test_trace import VALIDATOR
from tests.hypothesis_budget import examples

BASE = "http://127.0.0.1:8000"
ROUTES = ["/", "/login", "/article/a", "/article/a/comments", "/search", "/search?page=2"]
BUGS = [3, 5]  # the comments (XSS) and search page 2 (HTTP 500)
XSS = {"route": "/article/a/comments", "error": "XSS", "message": "script in comment 2 runs"}
E500 = {"route": "/search?page=2", "error": "HTTP 500", "message": "server error"}


def _header(reported_by="detector", site=True, agent="human"):
    return {
        "format": "memviz-trace/1", "agent": agent, "start_url": BASE + "/", "reported_by": reported_by,
        "site": {"name": "six pages", "pages": 6, "bugs": BUGS} if site else None,
    }  # fmt: skip


def _step(k, page, reports=(), claims=None, action=None, **extra):
    line = {
        "step": k, "url": BASE + ROUTES[page], "page": page, "action": action or ("start" if k == 0 else "click"),
        "status": 200, "reports": list(reports),
    }  # fmt: skip
    if claims is not None:
        line["claims"] = claims
    return line | extra


def _trace(*lines):
    return parse_trace("".join(json.dumps(line) + "\n" for line in lines))


def test_the_rule_read_plainly():
    # A student walks home, comments (the XSS shows), search, search page 2 (the 500 shows), home.
    trace = _trace(
        _header(),
        _step(0, 0),
        _step(1, 3, [XSS], [{"kind": "reported", "text": "a script ran", "error": "XSS"}]),  # right: its step
        _step(2, 4, [], [{"kind": "reported", "text": "slow", "error": "other"}]),  # wrong: no bug on /search
        _step(3, 5, [E500]),
        _step(4, 0, [], [
            {"kind": "reported", "text": "500", "route": "/search?page=2"},  # right: names the bug's route
            {"kind": "reported", "text": "again", "route": BASE + "/article/a/comments#c2"},  # right: a URL
            {"kind": "reported", "text": "never went", "route": "/settings"},  # wrong: the run never reached it
            {"kind": "done", "text": "found 2 bugs"},  # not a report: not counted
        ]),
    )  # fmt: skip
    stats = trace_stats(trace)
    # 5 reports, 3 name a bug the pages showed; both detected bugs are named
    assert (stats.claims, stats.claims_matched) == (5, 3)
    assert stats.claim_precision == 3 / 5 and stats.claim_recall == 2 / 2
    assert (stats.bugs_found, stats.reports) == (2, 2)  # the detector's own figures, unchanged


def test_a_bug_page_the_detector_did_not_see_is_no_match_and_recall_counts_each_bug_once():
    trace = _trace(
        _header(),
        _step(0, 0),
        _step(1, 3, [], [{"kind": "reported", "text": "xss?"}]),  # a bug page, but no symptom recorded
        _step(2, 5, [E500], [{"kind": "reported", "text": "500"}, {"kind": "reported", "text": "500 again"}]),
    )
    stats = trace_stats(trace)
    assert (stats.claims, stats.claims_matched, stats.claim_precision) == (3, 2, 2 / 3)
    assert stats.claim_recall == 1.0  # one bug detected (page 5), and it was claimed


@pytest.mark.parametrize(
    ("header", "claims", "why"),
    [
        (_header(), None, "no claims"),
        (_header(), [{"kind": "done", "text": "2 bugs"}], "no claim of kind reported"),
        (_header(reported_by=None), [{"kind": "reported", "text": "x"}], "reports not known"),
        (_header(reported_by="agent"), [{"kind": "reported", "text": "x"}], "reports are the agent's own"),
        (_header(site=False), [{"kind": "reported", "text": "x"}], "no site named"),
    ],
)
def test_unknown_is_null_never_zero(header, claims, why):
    stats = trace_stats(_trace(header, _step(0, 0), _step(1, 3, [XSS], claims)))
    known_claims = claims is not None and any(c["kind"] == "reported" for c in claims)
    assert stats.claims == (1 if known_claims else None), why
    assert (stats.claims_matched, stats.claim_precision, stats.claim_recall) == (None, None, None), why


def test_no_bug_detected_gives_no_recall_but_a_real_precision():
    stats = trace_stats(_trace(_header(), _step(0, 0), _step(1, 4, [], [{"kind": "reported", "text": "x"}])))
    assert (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall) == (
        1,
        0,
        0.0,
        None,
    )


def test_a_trace_without_a_site_has_no_bug_figures():
    stats = trace_stats(_trace(_header(site=False), _step(0, 0), _step(1, 3, [XSS])))
    assert (stats.bugs_found, stats.bug_recall) == (None, None)
    assert stats.reports == 1  # the reports themselves are known


def test_memviz_agents_old_claimed_field_reads_as_claims(tmp_path):
    old = _step(1, 0, action="stop", claimed=[E500])  # as memviz agent wrote its first traces
    path = tmp_path / "old.jsonl"
    lines = [_header(agent="memviz-agent"), _step(0, 5, [E500]), old]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    trace = read_trace(path)
    assert trace.steps[1].claims == (Claim("reported", "server error", "HTTP 500", "/search?page=2"),)
    stats = trace_stats(trace)
    assert (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall) == (1, 1, 1.0, 1.0)
    bad = _step(1, 0, action="stop", claimed=[{"route": "/", "error": "x"}])
    with pytest.raises(TraceError, match=r"line 3: claimed\[0\]\.message"):
        _trace(_header(), _step(0, 0), bad)


def test_the_claim_shape_is_written_read_back_and_valid_under_the_schema():
    claim = Claim("reported", "the count stays", "stale state", "/profile/jake/favorites")
    line = _step(0, 0, claims=[claim.to_dict()])
    assert claim.to_dict() == {
        "kind": "reported", "text": "the count stays", "error": "stale state", "route": "/profile/jake/favorites"
    }  # fmt: skip
    assert list(VALIDATOR.iter_errors(line)) == []
    assert list(VALIDATOR.iter_errors(_step(0, 0, claims=[{"kind": "reported", "text": "x", "route": ""}])))
    assert _trace(_header(), line).steps[0].claims == (claim,)
    with pytest.raises(TraceError, match=r"claims\[0\]\.route"):
        _trace(_header(), _step(0, 0, claims=[{"kind": "reported", "text": "x", "route": " "}]))


# -- an independent computation on generated traces ---------------------------------------------------


def independent_claim_figures(lines: list[dict]) -> tuple:
    """The claim figures straight from the JSON lines, by the rule as docs/traces.md states it."""
    header, steps = lines[0], lines[1:]
    bug_pages = None if header["site"] is None else header["site"]["bugs"]
    if bug_pages is None or header["reported_by"] != "detector":
        truth = None
    else:
        truth = []
        for s in steps:
            if s["page"] in bug_pages and len(s["reports"]) > 0 and s["page"] not in truth:
                truth.append(s["page"])

    def route(text):
        parts = urlsplit(text)
        return (parts.path if parts.path else "/") + ("?" + parts.query if parts.query else "")

    named = []
    for s in steps:
        for c in s.get("claims", []):
            if c["kind"] == "reported":
                if "route" in c:
                    found = [
                        t["page"]
                        for t in steps
                        if t["page"] is not None and route(t["url"]) == route(c["route"])
                    ]
                    named.append(found[-1] if found else None)
                else:
                    named.append(s["page"])
    if not named:
        return None, None, None, None
    if truth is None:
        return len(named), None, None, None
    right = [p for p in named if p in truth]
    recall = len(set(right)) / len(truth) if truth else None
    return len(named), len(right), len(right) / len(named), recall


claim_dicts = st.fixed_dictionaries(
    {"kind": st.sampled_from(["reported", "reported", "done", "extracted"]), "text": st.just("words")},
    optional={"route": st.sampled_from([*ROUTES, "/nowhere", BASE + "/search?page=2", "/article/a?x#y"])},
)


@st.composite
def traces(draw):
    header = _header(
        reported_by=draw(st.sampled_from(["detector", "detector", "agent", None])), site=draw(st.booleans())
    )
    pages = draw(st.lists(st.integers(0, 5), min_size=1, max_size=12))
    lines = [header]
    for k, page in enumerate(pages):
        shown = draw(st.booleans()) and page in BUGS  # the detector saw the symptom, or not
        reports = [XSS if page == 3 else E500] if shown else []
        claims = draw(st.lists(claim_dicts, max_size=3))
        lines.append(_step(k, page, reports, claims or None))
    return lines


@settings(max_examples=examples(150), deadline=None)
@given(lines=traces())
def test_the_figures_equal_an_independent_computation(lines):
    stats = trace_stats(_trace(*lines))
    got = (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall)
    assert got == independent_claim_figures(lines)
    figures = claim_figures(_trace(*lines))
    assert (figures.claims, figures.precision) == (stats.claims, stats.claim_precision)


def test_a_report_becomes_a_claim_with_its_route():
    from memviz.core.trace import claim_of_report

    claim = claim_of_report(Report("/search?page=2", "HTTP 500", "server error"))
    assert (claim.kind, claim.route, claim.error, claim.text) == (
        "reported",
        "/search?page=2",
        "HTTP 500",
        "server error",
    )


def test_a_site_whose_bugs_are_not_named_has_no_bug_figures(tmp_path):
    """A crawl of a site memviz has no file of names its page count but not its bugs: unknown, not 0."""
    for site in ({"name": "s", "pages": 6, "bugs": None}, {"name": "s", "pages": 6}):
        header = _header() | {"site": site}
        trace = _trace(header, _step(0, 0), _step(1, 3, [XSS], [{"kind": "reported", "text": "x"}]))
        assert trace.header.site.bugs is None
        stats = trace_stats(trace)
        assert (stats.bugs_found, stats.bug_recall, stats.coverage) == (None, None, 2 / 6)
        assert (stats.claims, stats.claim_precision, stats.claim_recall) == (1, None, None)
        assert list(VALIDATOR.iter_errors(header)) == []
    from memviz.core.evaluation.bugs import bugs_found
    from memviz.core.evaluation.traces import run_metric

    assert bugs_found(trace) is None and run_metric(stats, "bug_recall") is None  # eval refuses, not 1.0
    assert trace.header.site.to_dict()["bugs"] is None  # written back as null
