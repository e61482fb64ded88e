"""Two students in two real browsers (Debian's chromium, headless, Playwright) sign in, click through
the blog, favourite, comment and report bugs; the server's traces are their clicks, with their
reports as claims on the pages they reported, and the bugs misbehave as a tester would see them."""

from __future__ import annotations

import json

import pytest

from memviz.core.trace import read_trace
from memviz.models.classroom import ClassModel
from memviz.web.visitors import NAMES_FILE
from tests.web.served import Served
from tests.web.test_browser import CHROMIUM, FLAGS, VERSIONS, sync_api


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    served = Served(VERSIONS, folder)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser, served
        finally:
            browser.close()
            served.stop()


def _sign_in(page, base: str, name: str) -> None:
    page.goto(base + "/login")
    page.fill("input[name=name]", name)
    page.click("form.stack button")
    page.wait_for_selector(f".signed-in:text('Signed in as {name}')")


def _click(page, base: str, href: str) -> None:
    with page.expect_navigation():
        page.locator(f'a[href="{href}"]').first.click()
    assert page.url == base + href


def _report(page, error: str, words: str) -> None:
    page.click("button.report-bug")
    dialog = page.locator("#report-dialog")
    dialog.locator("select[name=type]").select_option(error)
    dialog.locator("textarea[name=words]").fill(words)
    dialog.locator("button.solid").click()
    dialog.locator(".form-result:text-matches('Thank you')").wait_for()
    dialog.locator("button.cancel").click()


def _trace_of(folder, name):
    names = json.loads((folder / NAMES_FILE).read_text(encoding="utf-8"))
    [visitor] = [v for v, n in names.items() if n == name]
    return read_trace(folder / f"visitor-{visitor}.jsonl")


def test_two_students_their_clicks_reports_and_the_bugs_they_meet(classroom):
    browser, served = classroom
    base = served.url.rstrip("/")
    ada = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    bo = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()

    _sign_in(ada, base, "Ada")
    _click(ada, base, "/")
    _click(ada, base, "/article/a")
    _click(ada, base, "/article/a/comments")
    assert ada.locator("#xss-marker").text_content() == "Hi from a comment!"  # the injected script ran
    ada.fill(".comment-form textarea", "<b>bold?</b> nice")
    ada.click(".comment-form button")
    ada.locator("#comments .card b:text('bold?')").wait_for()  # written as it is: the XSS bug
    _report(ada, "XSS", "a comment runs a script")
    _click(ada, base, "/article/a")

    _sign_in(bo, base, "Bo")
    _click(bo, base, "/profile/jake")
    _click(bo, base, "/profile/jake/favorites")
    count = bo.locator("button.btn-fav .favorites-count").first
    before = count.text_content()
    with bo.expect_response(lambda r: r.url.endswith("/favorite")):
        bo.locator("button.btn-fav").first.click()
    bo.wait_for_function("document.querySelector('button.btn-fav').classList.contains('active')")
    assert count.text_content() == before  # favouriting here does not change the count: the bug
    _report(bo, "stale state", "the count stays")
    _report(bo, "stale state", "still the same")  # the same bug again: a duplicate report
    _click(bo, base, "/profile/jake")
    _click(bo, base, "/profile/jake/articles")
    _report(bo, "other", "looks fine")  # no bug here: a report that is wrong

    trace = _trace_of(served.trace_dir, "Ada")
    assert [s.url.removeprefix(base) for s in trace.steps] == [
        "/login",
        "/",
        "/article/a",
        "/article/a/comments",
        "/article/a",
    ]
    assert [s.action for s in trace.steps] == ["start", "click", "click", "click", "click"]
    [claim] = trace.steps[3].claims
    assert (claim.kind, claim.error, claim.text) == ("reported", "XSS", "a comment runs a script")
    assert [r.error for r in trace.steps[3].reports] == ["XSS"]  # the detector's truth beside it

    trace = _trace_of(served.trace_dir, "Bo")
    assert [s.url.removeprefix(base) for s in trace.steps] == [
        "/login", "/profile/jake", "/profile/jake/favorites", "/profile/jake", "/profile/jake/articles"
    ]  # fmt: skip
    assert [(c.error, c.text) for c in trace.steps[2].claims] == [
        ("stale state", "the count stays"), ("stale state", "still the same")
    ]  # fmt: skip
    assert [(c.error, c.text) for c in trace.steps[4].claims] == [("other", "looks fine")]

    model = ClassModel(served.trace_dir, VERSIONS)  # the window's class model, on the server's folder
    model.poll()
    by_name = {s.name: s for s in model.students}
    ada, bo = by_name["Ada"], by_name["Bo"]
    assert (ada.steps, ada.pages_seen, ada.repeats, ada.home_visits) == (4, 4, 1, 1)
    assert (ada.bugs_seen, ada.reports, ada.bugs_found, ada.duplicate_reports, ada.precision) == (
        1,
        1,
        1,
        0,
        1.0,
    )
    assert (bo.steps, bo.pages_seen, bo.repeats, bo.home_visits) == (4, 4, 1, 0)
    assert (bo.bugs_seen, bo.reports, bo.bugs_found, bo.duplicate_reports, bo.wrong_reports) == (
        1,
        3,
        1,
        1,
        1,
    )
    assert bo.precision == 2 / 3


def test_the_forms_misbehave_where_the_bugs_are(classroom):
    browser, served = classroom
    base = served.url.rstrip("/")
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    _sign_in(page, base, "Cy")
    page.goto(base + "/editor/b")
    assert page.input_value("input[name=tags]") == "qa, testing"
    with page.expect_response(lambda r: r.url.endswith("/api/articles/b")) as answer:
        page.click("form.stack button")
    assert answer.value.status == 422
    page.locator("ul.error-messages li").wait_for()
    assert page.input_value("input[name=tags]") == ""  # the tags typed are dropped
    page.goto(base + "/search?page=2")
    assert page.locator(".error-page .code").text_content() == "500"
    page.goto(base + "/settings/delete")
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.click("form.delete-account button")
    page.locator("form.delete-account .form-result:text('Your account has been deleted.')").wait_for()
    assert dialogs == []  # deleted at once: no confirmation asked
    assert page.locator(".signed-in").text_content() == ""
    page.goto(base + "/feed?page=3")
    ids = page.locator("li.article").evaluate_all("items => items.map(i => i.dataset.id)")
    assert len(ids) == len(set(ids)) + 1  # one article twice
