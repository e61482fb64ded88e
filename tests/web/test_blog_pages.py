"""The blog's pages (memviz.web.blog) show the crawler what the plain pages did: every ``<a href>``
is one of the site's links in the site's order, and the symptom read from the response (error type,
message, status) is the plain page's, for every page, version, language and visitor session."""

from __future__ import annotations

import datetime
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
from memviz.core.webpage import detect_reports, read_page, render_page
from memviz.web.blog.content import BlogContent, blog_content
from memviz.web.blog.kinds import is_blog, kind_of
from memviz.web.blog.session import Published, Session
from memviz.web.blog.shell import render_blog_page
from tests.hypothesis_budget import examples

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
BLOG = Site.from_file(resource_path("sites", "conduit24.json"))
HREF = re.compile(r"<a\b[^>]*\bhref=")


def _hrefs(html: str) -> list[str]:
    return list(read_page(200, html).links)


@pytest.mark.parametrize("version", ["v1", "v2"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_link_is_the_sites_in_its_order_and_every_symptom_the_plain_pages(version, lang):
    site = VERSIONS.at_version(version)
    for page in range(site.n_pages):
        status, html = render_blog_page(site, page, lang, 17, blog_content())
        assert _hrefs(html) == [site.url_path(q) for q in site.clickable[page]], site.url_path(page)
        assert len(HREF.findall(html)) == len(site.clickable[page])  # no link the parser could miss
        plain_status, plain = render_page(site, page, lang, 17)
        route = site.url_path(page)
        assert status == plain_status
        assert detect_reports(route, status, html) == detect_reports(route, plain_status, plain)


def test_the_bugs_are_the_chapters_six_at_v1_on_the_plain_blog_file():
    found = {}
    for page in range(BLOG.n_pages):
        status, html = render_blog_page(BLOG, page, "en", 3, blog_content())
        error = read_page(status, html).error
        if error is not None:
            found[page] = error
    assert sorted(found) == [7, 9, 13, 15, 21, 23] == sorted(b.page for b in BLOG.bugs)


sessions = st.builds(
    Session,
    name=st.one_of(st.none(), st.text(min_size=1, max_size=12)),
    bio=st.text(max_size=20),
    favorited=st.dictionaries(st.sampled_from(["a", "b", "c", "post-1", "post-2"]), st.booleans()),
    comments=st.dictionaries(st.sampled_from(["a", "b"]), st.lists(st.tuples(st.text(max_size=5), st.text(max_size=30)), max_size=3)),
    published=st.lists(
        st.builds(Published, st.text(max_size=10), st.text(max_size=10), st.text(max_size=10), st.just(("qa",)), st.just(datetime.date(2024, 5, 1))),
        max_size=2,
    ),
    following=st.sets(st.sampled_from(["author", "jake"])),
)  # fmt: skip


@settings(max_examples=examples(10), deadline=None)
@given(session=sessions, version=st.sampled_from(["v1", "v2"]), lang=st.sampled_from(["zh", "en"]))
def test_what_a_visitor_did_adds_no_link_and_changes_no_symptom(session, version, lang):
    """A visitor's own names, comments and articles are text (escaped), never a link or a symptom;
    only the comments page's own bug (XSS) writes a comment as it is."""
    site = VERSIONS.at_version(version)
    for page in range(site.n_pages):
        if kind_of(site.url_path(page)).name == "comments":
            continue  # the XSS page: a visitor's comment is written as it is (their own session only)
        status, html = render_blog_page(site, page, lang, 5, blog_content(), session)
        assert _hrefs(html) == [site.url_path(q) for q in site.clickable[page]]
        route = site.url_path(page)
        assert detect_reports(route, status, html) == detect_reports(route, *render_page(site, page, lang, 5))


def test_the_content_is_its_own_seeded_stream():
    import random

    state = random.getstate()
    one, two = BlogContent(), BlogContent()
    assert random.getstate() == state  # the global stream is never drawn from
    assert [a.title.en for a in one.fillers_for("/feed?page=2")] == [
        a.title.en for a in two.fillers_for("/feed?page=2")
    ]
    assert one.articles["a"].body == two.articles["a"].body
    assert BlogContent(seed=25).articles["a"].body != one.articles["a"].body


def test_only_sites_with_conduits_routes_are_drawn_as_the_blog():
    assert is_blog(VERSIONS) and is_blog(BLOG)
    assert not is_blog(Site.from_dict(generate_site("random", 40, 5, 3)))  # /p/<id> pages: plain


def test_the_teachers_view_names_the_bug_and_the_students_does_not():
    site = VERSIONS
    _, student = render_blog_page(site, 13, "en", 1, blog_content())
    _, teacher = render_blog_page(site, 13, "en", 1, blog_content(), answers=True)
    assert "XSS in comments" not in student and 'class="answer-key"' not in student
    assert 'class="answer-key">Answer: XSS in comments (XSS)<' in teacher
    _, zh = render_blog_page(site, 0, "zh", 1, blog_content(), answers=True)
    assert "答案：这一页没有注入的 Bug。" in zh


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_no_page_names_its_bug_in_the_text_a_reader_sees(version):
    """A model reading a page's text (memviz agent's reader) meets the misbehaviour, not its label:
    the error's message is in the text only where a browser shows it too (an error page, a form's
    error list); elsewhere it is in the console."""
    from memviz.agent.page import parse_page

    site = VERSIONS.at_version(version)
    for page in range(site.n_pages):
        status, html = render_blog_page(site, page, "en", 31, blog_content())
        text = parse_page(
            "http://127.0.0.1:1" + site.url_path(page), status, html, site, ("http", "127.0.0.1:1")
        ).text
        [report] = detect_reports(site.url_path(page), status, html) or [None]
        if report is not None and not report.error.startswith("HTTP"):
            assert report.message not in text and "31" not in text, site.url_path(page)
        assert "Answer:" not in text


ROUTES = [VERSIONS.url_path(p) for p in range(VERSIONS.n_pages)] + [
    "/tag/llm",
    "/article/d",
    "/profile/kim",
    "/feed",
]


@st.composite
def blog_like_sites(draw):
    """Sites on Conduit's routes with any links, in any order, any nav and any bug pages."""
    paths = draw(st.lists(st.sampled_from(ROUTES), min_size=2, max_size=len(ROUTES), unique=True))
    n = len(paths)
    pages = [
        {"zh": f"页{i}", "en": f"P{i}", "path": path,
         "links": draw(st.lists(st.integers(0, n - 1).filter(lambda q, i=i: q != i), unique=True, max_size=6))}
        for i, path in enumerate(paths)
    ]  # fmt: skip
    nav = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=4))
    bugs = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=4))
    data = {
        "format": "memviz-site/1", "name": {"zh": "站", "en": "site"}, "start": 0, "nav": nav, "pages": pages,
        "bugs": [{"page": b, "zh": f"错{b}", "en": f"bug {b}"} for b in bugs],
    }  # fmt: skip
    return Site.from_dict(data)


@settings(max_examples=examples(40), deadline=None)
@given(site=blog_like_sites(), lang=st.sampled_from(["zh", "en"]))
def test_any_site_on_conduits_routes_shows_the_crawler_its_links_in_order(site, lang):
    for page in range(site.n_pages):
        status, html = render_blog_page(site, page, lang, 2, blog_content())
        assert _hrefs(html) == [site.url_path(q) for q in site.clickable[page]]
        route = site.url_path(page)
        assert detect_reports(route, status, html) == detect_reports(route, *render_page(site, page, lang, 2))
