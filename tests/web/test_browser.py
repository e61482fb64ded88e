"""A real browser (Debian's chromium, headless, driven by Playwright) clicks through the served blog
along a memviz run's path; the server's trace of that visitor is exactly the clicks."""

from __future__ import annotations

import contextlib
import shutil

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.trace import read_trace
from memviz.core.trace_import import import_trace
from memviz.core.trace_stats import trace_stats
from memviz.core.webpage import report_of
from tests.web.served import Served

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (.ci/run does)")
if not shutil.which("chromium"):
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium; .ci/run does)", allow_module_level=True
    )


@contextlib.contextmanager
def browser_on_the_blog(folder):
    """Debian's chromium, headless, and the blog served on 127.0.0.1 writing its traces to ``folder``."""
    served = Served(VERSIONS, folder)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser, served
        finally:
            browser.close()
            served.stop()


@pytest.fixture(scope="module")
def browser_and_server(tmp_path_factory):
    with browser_on_the_blog(tmp_path_factory.mktemp("visitors")) as both:
        yield both


def test_the_servers_trace_equals_the_browsers_clicks(browser_and_server):
    browser, served = browser_and_server
    path = run(VERSIONS, RunConfig(strategy="frontier", capacity=8, seed=4, budget=14)).path
    before = set(served.trace_dir.iterdir())
    context = browser.new_context()
    page = context.new_page()
    base = served.url.rstrip("/")
    page.goto(base + VERSIONS.url_path(path[0]))
    for target in path[1:]:
        href = VERSIONS.url_path(target)
        with page.expect_navigation():
            page.locator(f'a[href="{href}"]').first.click()
        assert page.url == base + href
    context.close()
    [trace_file] = set(served.trace_dir.iterdir()) - before  # this browser's visitor
    trace = read_trace(trace_file)
    assert trace.path == path
    assert [s.action for s in trace.steps] == ["start"] + ["click"] * (len(path) - 1)
    assert [s.url for s in trace.steps] == [base + VERSIONS.url_path(p) for p in path]


def test_the_comments_script_really_runs_in_a_browser(browser_and_server):
    browser, served = browser_and_server
    context = browser.new_context()
    page = context.new_page()
    page.goto(served.url.rstrip("/") + "/article/a/comments")
    assert page.locator("#xss-marker").text_content() == "Hi from a comment!"  # written by its script
    page.goto(served.url.rstrip("/") + "/search?page=2")
    assert page.locator(".error-message").text_content().startswith("GET /api/search?offset=")
    context.close()


def test_the_browsers_own_har_imports_to_the_servers_steps_and_the_runs_reports(browser_and_server, tmp_path):
    """The HAR Chromium writes of a session (bodies embedded) imports to the steps the server logged
    of that visitor, and its reports, read from the recorded responses by the one detector, are the
    ones a memviz run along that path files (the same bugs: numbers in messages differ by visit)."""
    browser, served = browser_and_server
    path = [0, 12, 13, 12, 13, 0, 22, 23]  # the comments page (XSS) twice, the search page's 500
    before = set(served.trace_dir.iterdir())
    har = tmp_path / "session.har"
    context = browser.new_context(record_har_path=str(har), record_har_content="embed")
    page = context.new_page()
    base = served.url.rstrip("/")
    page.goto(base + VERSIONS.url_path(path[0]))
    for target in path[1:]:
        with page.expect_navigation():
            page.locator(f'a[href="{VERSIONS.url_path(target)}"]').first.click()
    context.close()  # writes the HAR
    [trace_file] = set(served.trace_dir.iterdir()) - before
    served_steps = read_trace(trace_file).steps
    imported = import_trace(har, "har", VERSIONS)
    assert imported.header.reported_by == "detector"
    assert [(s.url, s.page, s.action, s.status) for s in imported.steps] == [
        (s.url, s.page, s.action, s.status) for s in served_steps
    ]
    filed = {p: report_of(VERSIONS, p, 0) for p in path}  # what a memviz run files on each page
    assert [[r.fingerprint for r in s.reports] for s in imported.steps] == [
        [] if filed[p] is None else [filed[p].fingerprint] for p in path
    ]
    stats = trace_stats(imported)
    assert (stats.reports, stats.duplicate_reports, stats.bugs_found) == (3, 1, 2)


def test_a_form_post_is_a_step_in_both_the_servers_trace_and_the_browsers_har(browser_and_server, tmp_path):
    """Issue 37's "done when": a real Chromium session and its HAR give the same steps and the same
    reports, a form the browser posts itself (to the editor: 422) and a page that is not there (404)
    included; the server's reports and the HAR's come from the same detector. (The blog's own forms
    post by script to /api/: answers, not pages, on both sides.)"""
    browser, served = browser_and_server
    before = set(served.trace_dir.iterdir())
    har = tmp_path / "form.har"
    context = browser.new_context(record_har_path=str(har), record_har_content="embed")
    page = context.new_page()
    base = served.url.rstrip("/")
    page.goto(base + "/")
    page.goto(base + "/editor/b")  # typed: a goto on both sides
    with page.expect_navigation():  # a form posted by the browser itself (no script): a navigation
        page.evaluate(
            "() => { const f = document.createElement('form'); f.method = 'post';"
            " f.action = '/editor/b'; document.body.appendChild(f); f.submit(); }"
        )
    page.goto(base + "/no/such/page")
    context.close()
    [trace_file] = set(served.trace_dir.iterdir()) - before
    served_steps = read_trace(trace_file).steps
    imported = import_trace(har, "har", VERSIONS)
    shape = [(s.url, s.page, s.action, s.status) for s in imported.steps]
    assert shape == [(s.url, s.page, s.action, s.status) for s in served_steps]
    assert [s.status for s in imported.steps] == [200, 200, 422, 404]
    assert [[r.fingerprint for r in s.reports] for s in imported.steps] == [
        [r.fingerprint for r in s.reports] for s in served_steps
    ]
    assert [[r.error for r in s.reports] for s in imported.steps][2:] == [["HTTP 422"], []]  # 404: no page
