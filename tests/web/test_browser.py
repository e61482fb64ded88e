"""A real browser (Debian's chromium, headless, driven by Playwright) clicks through the served blog
along a memviz run's path; the server's trace of that visitor is exactly the clicks."""

from __future__ import annotations

import shutil

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.trace import read_trace
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


@pytest.fixture(scope="module")
def browser_and_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("visitors")
    served = Served(VERSIONS, folder)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser, served
        finally:
            browser.close()
            served.stop()


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
    assert page.locator("#xss-marker").text_content() == "XSS: a script in a comment ran"
    page.goto(served.url.rstrip("/") + "/search?page=2")
    assert page.locator(".error-message").text_content().startswith("GET /api/search?offset=")
    context.close()
