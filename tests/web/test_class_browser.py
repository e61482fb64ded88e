"""Two students in two real browsers (Debian's chromium, headless, Playwright) sign in, click through
the blog, favourite, comment and report bugs; the server's traces are their clicks, with their
reports as claims on the pages they reported, and the bugs misbehave as a tester would see them."""

from __future__ import annotations

import json

import pytest

from memviz.core.trace import read_trace
from memviz.models.classroom import ClassModel
from memviz.web.visitors import NAMES_FILE
from tests.web.test_browser import VERSIONS, browser_on_the_blog


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    with browser_on_the_blog(tmp_path_factory.mktemp("class")) as both:
        yield both


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


@pytest.fixture(scope="module")
def ada(classroom):
    """Ada signs in, clicks to the comments, posts a comment and reports the XSS (once a module)."""
    browser, served = classroom
    base = served.url.rstrip("/")
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    _sign_in(page, base, "Ada")
    _click(page, base, "/")
    _click(page, base, "/article/a")
    _click(page, base, "/article/a/comments")
    marker = page.locator("#xss-marker").text_content()
    page.fill(".comment-form textarea", "<b>bold?</b> nice")
    page.click(".comment-form button")
    page.locator("#comments .card b:text('bold?')").wait_for()  # written as it is: the XSS bug
    _report(page, "XSS", "a comment runs a script")
    _click(page, base, "/article/a")
    page.context.close()
    return marker


@pytest.fixture(scope="module")
def bo(classroom):
    """Bo signs in, favourites on My favorites, reports the stale count twice and a page without a
    bug once (once a module); the favourite count before and after the click."""
    browser, served = classroom
    base = served.url.rstrip("/")
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    _sign_in(page, base, "Bo")
    _click(page, base, "/profile/jake")
    _click(page, base, "/profile/jake/favorites")
    count = page.locator("button.btn-fav .favorites-count").first
    before = count.text_content()
    with page.expect_response(lambda r: r.url.endswith("/favorite")):
        page.locator("button.btn-fav").first.click()
    page.wait_for_function("document.querySelector('button.btn-fav').classList.contains('active')")
    after = count.text_content()
    _report(page, "stale state", "the count stays")
    _report(page, "stale state", "still the same")  # the same bug again: a duplicate report
    _click(page, base, "/profile/jake")
    _click(page, base, "/profile/jake/articles")
    _report(page, "other", "looks fine")  # no bug here: a report that is wrong
    page.context.close()
    return before, after


def test_ada_meets_the_xss_and_her_trace_is_her_clicks_and_her_report(classroom, ada):
    _browser, served = classroom
    base = served.url.rstrip("/")
    assert ada == "Hi from a comment!"  # the injected script ran in her browser
    trace = _trace_of(served.trace_dir, "Ada")
    assert [s.url.removeprefix(base) for s in trace.steps] == [
        "/login", "/", "/article/a", "/article/a/comments", "/article/a"
    ]  # fmt: skip
    assert [s.action for s in trace.steps] == ["start", "click", "click", "click", "click"]
    [claim] = trace.steps[3].claims
    assert (claim.kind, claim.error, claim.text) == ("reported", "XSS", "a comment runs a script")
    assert [r.error for r in trace.steps[3].reports] == ["XSS"]  # the detector's truth beside it


def test_bos_favourite_keeps_the_count_and_his_trace_holds_his_reports(classroom, bo):
    _browser, served = classroom
    base = served.url.rstrip("/")
    before, after = bo
    assert after == before  # favouriting on My favorites does not change the count: the bug
    trace = _trace_of(served.trace_dir, "Bo")
    assert [s.url.removeprefix(base) for s in trace.steps] == [
        "/login", "/profile/jake", "/profile/jake/favorites", "/profile/jake", "/profile/jake/articles"
    ]  # fmt: skip
    assert [(c.error, c.text) for c in trace.steps[2].claims] == [
        ("stale state", "the count stays"), ("stale state", "still the same")
    ]  # fmt: skip
    assert [(c.error, c.text) for c in trace.steps[4].claims] == [("other", "looks fine")]


def test_the_class_model_shows_both_students_figures(classroom, ada, bo):
    _browser, served = classroom
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


def test_without_its_script_a_form_never_puts_what_was_typed_in_a_url(classroom):
    browser, served = classroom
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(served.url.rstrip("/") + "/login")
    page.fill("input[name=name]", "Eve")
    page.fill("input[name=password]", "hunter2")
    with page.expect_navigation():
        page.click("form.stack button")
    assert page.url == served.url.rstrip("/") + "/login"  # posted to the page, answered 405
    context.close()
    for trace_file in served.trace_dir.glob("visitor-*.jsonl"):
        assert "hunter2" not in trace_file.read_text(encoding="utf-8")
