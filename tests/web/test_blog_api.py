"""The blog's forms over real HTTP (no browser): what /api/... answers, the bugs as answers, and bad
requests refused in one short JSON answer, never a traceback or a step."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from tests.web.served import Served
from tests.web.test_blog_pages import VERSIONS

COOKIE = "memviz_visitor=0123456789abcdef"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    servers = {"v1": Served(VERSIONS, tmp_path_factory.mktemp("v1")), "v2": Served(VERSIONS.at_version("v2"))}
    yield servers
    for server in servers.values():
        server.stop()


def _post(served, path, body, cookie=COOKIE):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(served.url.rstrip("/") + path, data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_favourite_counts_except_where_the_count_is_stale(served):
    v1, v2 = served["v1"], served["v2"]
    assert _post(v1, "/api/articles/b/favorite", {"page": "/tag/qa"}) == (
        200,
        {"favorited": True, "favoritesCount": 8},
    )
    assert _post(v1, "/api/articles/b/favorite", {"page": "/tag/qa"}) == (
        200,
        {"favorited": False, "favoritesCount": 7},
    )
    stale = _post(v1, "/api/articles/a/favorite", {"page": "/profile/jake/favorites"})
    assert stale == (200, {"favorited": True, "favoritesCount": 12})  # v1's bug: the count stays
    fixed = _post(v2, "/api/articles/a/favorite", {"page": "/profile/jake/favorites"})
    assert fixed == (200, {"favorited": True, "favoritesCount": 13})  # fixed in v2


def test_saves_and_publishes_fail_where_the_bugs_are(served):
    v1, v2 = served["v1"], served["v2"]
    status, body = _post(v1, "/api/articles/b", {"page": "/editor/b", "tags": "qa"})
    assert status == 422 and body["clear"] == ["tags"] and body["errors"][0].startswith("PUT /api/articles/")
    status, body = _post(v1, "/api/articles", {"page": "/editor", "title": "T", "body": "x"})
    assert status == 200 and body["clear"] == ["title", "about", "body", "tags"]
    status, body = _post(v2, "/api/articles", {"page": "/editor", "title": "T", "body": "x"})
    assert status == 500 and body["clear"] == ["body"] and "body empty after publishing" in body["errors"][0]


def test_a_report_is_a_claim_only_where_traces_are_written(served):
    assert _post(served["v2"], "/api/reports", {"page": "/", "type": "XSS"})[0] == 503  # no trace folder
    status, _ = _post(
        served["v1"], "/api/reports", {"page": "/", "type": "XSS"}, cookie="memviz_visitor=fedcba9876543210"
    )
    assert status == 503  # a visitor with no trace yet: nothing to put the claim on


def test_bad_requests_are_short_answers(served):
    v1 = served["v1"]
    bad = {"errors": ["The request could not be understood."]}
    assert _post(v1, "/api/users/login", b"{not json") == (400, bad)
    assert _post(v1, "/api/users/login", {"name": "x"}, cookie=None) == (400, bad)
    assert _post(v1, "/api/users/login", b"[" * 70_000) == (413, {"errors": ["The request is too large."]})
    assert _post(v1, "/api/nothing", {}) == (404, {"errors": ["There is no such action."]})
    assert _post(v1, "/api/users/login", {"name": "   "})[0] == 422
    assert _post(v1, "/api/users/login", {"name": "Ada " * 30})[1]["name"] == ("Ada " * 10).strip()


def test_the_teachers_view_through_the_app():
    from memviz.web.blog.shell import asset_paths

    def get(served, path):
        with urllib.request.urlopen(served.url.rstrip("/") + path, timeout=10) as answer:
            return answer.headers, answer.read().decode("utf-8")

    teacher, student = Served(VERSIONS, lang="zh", answers=True), Served(VERSIONS, lang="zh")
    try:
        assert "答案：评论 XSS（XSS）" in get(teacher, "/article/a/comments")[1]
        page = get(student, "/article/a/comments")[1]
        assert "答案" not in page and "评论 XSS" not in page
        headers, _ = get(student, next(p for p in asset_paths() if p.endswith(".css")))
        assert headers["Content-Type"].startswith("text/css") and "immutable" in headers["Cache-Control"]
    finally:
        teacher.stop()
        student.stop()


def test_a_students_reports_over_http_are_measured_by_the_claim_rule(served):
    """A visitor walks four pages (two of them bug pages) and files four reports over /api/reports,
    as the Report-a-bug button does: trace stats' claim figures equal a plain reading of the file."""
    from memviz.core.trace import read_trace
    from memviz.core.trace_stats import trace_stats
    from tests.core.test_trace_claims import independent_claim_figures
    from tests.web.test_serve import get

    v1, visitor = served["v1"], "00112233445566aa"
    cookie = f"memviz_visitor={visitor}"
    for route in ("/", "/article/a", "/article/a/comments", "/search?page=2"):
        get(v1.url.rstrip("/") + route, cookie)
    for page, kind, words in [
        ("/article/a/comments", "XSS", "a comment runs a script"),  # right: the XSS showed there
        ("/article/a", "other", "looks odd"),  # wrong: no bug on article A
        ("/search?page=2", "HTTP 500", ""),  # right: the 500 showed there
        ("/settings", "other", "never went there"),  # wrong: a page the run never reached
    ]:
        assert _post(v1, "/api/reports", {"page": page, "type": kind, "words": words}, cookie)[0] == 200
    path = v1.trace_dir / f"visitor-{visitor}.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    claims = [c for line in lines[1:] for c in line.get("claims", [])]
    # each on the step of its page; the page never reached on the last step, naming its route
    assert [c["route"] for c in claims] == [
        "/article/a",
        "/article/a/comments",
        "/search?page=2",
        "/settings",
    ]
    stats = trace_stats(read_trace(path))
    got = (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall)
    assert got == independent_claim_figures(lines) == (4, 2, 0.5, 1.0)
