"""Site files: the chapter's blog as data, and every way a user's file can be wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.limits import LIMITS
from memviz.core.resources import default_site_path, resources_dir
from memviz.core.site import Site, SiteError, load_site


def test_the_chapters_site_is_24_pages_with_6_bugs(chapter_site):
    assert chapter_site.n_pages == 24 and chapter_site.n_bugs == 6
    assert chapter_site.nav == (0, 4, 3, 5)
    assert sorted(chapter_site.bug_by_page) == [7, 9, 13, 15, 21, 23]
    assert chapter_site.page_name(7, "zh") == "我的收藏" and chapter_site.page_name(7, "en") == "My favorites"
    assert chapter_site.bug_name(13, "zh") == "评论 XSS"


def test_clickable_links_are_built_like_the_chapters_links(chapter_site):
    # nav pages other than itself first, then its own links not in nav, in file order
    assert chapter_site.clickable[0] == (4, 3, 5, 1, 2, 8, 10, 11, 12, 14, 22)
    assert chapter_site.clickable[21] == (0, 4, 3, 5)  # its only own link (设置) is a nav page
    assert chapter_site.clickable[5] == (0, 4, 3, 6, 7)


def test_resources_are_found_from_the_checkout():
    assert default_site_path().is_file()
    assert (resources_dir() / "fonts").is_dir()


def test_memviz_paths_is_the_cores_lookup():
    from memviz import paths

    assert paths.default_site_path() == default_site_path()
    assert paths.resource_path("sites") == resources_dir() / "sites"


def test_the_site_module_stays_inside_the_core():
    source = (Path(__file__).resolve().parents[2] / "memviz" / "core" / "site.py").read_text(encoding="utf-8")
    imported = re.findall(r"^\s*(?:from|import) (memviz[\w.]*)", source, re.MULTILINE)
    assert imported and all(name.startswith("memviz.core") for name in imported), imported


def _doc(**changes):
    doc = {
        "format": "memviz-site/1",
        "start": 0,
        "nav": [0],
        "pages": [{"zh": "甲", "en": "A", "links": [1]}, {"zh": "乙", "en": "B", "links": [0]}],
        "bugs": [{"page": 1, "zh": "坏", "en": "bad"}],
    }
    doc.update(changes)
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (_doc(format="memviz-site/2"), r"format: expected \"memviz-site/1\""),
        (_doc(pages=[]), "pages: a site needs a non-empty list"),
        (_doc(start=2), r"start: page 2 is out of range 0\.\.1"),
        (_doc(nav=[0, 5]), r"nav\[1\]: page 5 is out of range"),
        (_doc(nav=[0, 0]), "nav: page 0 appears twice"),
        (
            _doc(pages=[{"zh": "甲", "links": [0]}, {"zh": "乙"}]),
            r"pages\[0\]\.links: page 0 links to itself",
        ),
        (
            _doc(pages=[{"zh": "甲", "links": [1, 1]}, {"zh": "乙"}]),
            r"pages\[0\]\.links: page 1 appears twice",
        ),
        (
            _doc(pages=[{"zh": "甲", "links": [7]}, {"zh": "乙"}]),
            r"pages\[0\]\.links\[0\]: page 7 is out of range",
        ),
        (
            _doc(pages=[{"zh": "甲", "links": ["1"]}, {"zh": "乙"}]),
            r"pages\[0\]\.links\[0\]: expected a page number",
        ),
        (_doc(pages=[{"links": []}, {"zh": "乙"}]), r"pages\[0\]: needs a non-empty"),
        (_doc(bugs=[{"page": 9, "zh": "坏"}]), r"bugs\[0\]\.page: page 9 is out of range"),
        (
            _doc(bugs=[{"page": 1, "zh": "坏"}, {"page": 1, "zh": "又坏"}]),
            r"bugs\[1\]\.page: page 1 already has a bug",
        ),
        (_doc(start=True), "start: expected a page number"),
        ([1, 2], "top level: expected a JSON object"),
    ],
)
def test_a_bad_site_document_names_the_field(doc, message):
    with pytest.raises(SiteError, match=message):
        Site.from_dict(doc)


def test_file_errors_say_what_is_wrong(tmp_path):
    with pytest.raises(SiteError, match="site file not found"):
        load_site(tmp_path / "missing.json")
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "caf\xe9"}'.encode("latin-1"))
    with pytest.raises(SiteError, match="not UTF-8"):
        load_site(latin)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "memviz-site/1",', encoding="utf-8")
    with pytest.raises(SiteError, match=r"not valid JSON.*line 1"):
        load_site(broken)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_doc()), encoding="utf-8")
    assert load_site(good).n_pages == 2


def test_positions_are_optional_and_checked():
    doc = _doc(pages=[{"zh": "甲", "links": [1], "pos": [0.5, 1]}, {"zh": "乙"}])
    assert Site.from_dict(doc).pages[0].position == (0.5, 1.0)
    doc["pages"][0]["pos"] = [1]
    with pytest.raises(SiteError, match=r"pages\[0\]\.pos"):
        Site.from_dict(doc)


def test_positions_must_be_finite_and_in_range():
    for bad in ([float("nan"), 0], [0, float("inf")], [1e7, 0], [True, 0]):
        doc = _doc(pages=[{"zh": "甲", "links": [1], "pos": bad}, {"zh": "乙"}])
        with pytest.raises(SiteError, match=r"pages\[0\]\.pos"):
            Site.from_dict(doc)


# -- valid sites the issue found refused: they load, and a run on them ends normally -------------------


def test_a_site_with_no_bugs_loads_and_runs():
    site = Site.from_dict(_doc(bugs=[]))
    assert site.n_bugs == 0
    assert run(site, RunConfig(strategy="frontier", budget=5)).bugs == 0
    until = run(site, RunConfig(strategy="frontier", until_all_bugs=True))
    assert until.stop_reason == "all_bugs" and until.bugs == 0  # nothing to find: done at once


def test_a_one_page_site_with_no_links_loads_and_ends_at_once():
    site = Site.from_dict({"format": "memviz-site/1", "pages": [{"en": "Home"}]})
    assert site.n_pages == 1 and site.clickable == ((),)
    result = run(site, RunConfig(strategy="random", budget=30))
    assert result.stop_reason == "dead_end" and result.path == [0]


def test_a_site_whose_bug_no_link_reaches_loads_and_runs_until_it_gives_up():
    site = Site.from_dict(
        _doc(
            nav=[],
            pages=[{"zh": "甲", "links": [1]}, {"zh": "乙", "links": [0]}, {"zh": "孤"}],
            bugs=[{"page": 2, "zh": "够不着"}],
        )
    )
    blind = run(site, RunConfig(strategy="random", until_all_bugs=True, max_steps=50))
    assert blind.stop_reason == "max_steps" and blind.steps == 50 and blind.bugs == 0
    planned = run(site, RunConfig(strategy="frontier", until_all_bugs=True, max_steps=50))
    assert planned.stop_reason == "done" and planned.bugs == 0  # nothing left it could reach
    assert 2 not in blind.path + planned.path


def test_a_blank_name_in_one_language_shows_the_others():
    doc = _doc(
        name={"zh": " ", "en": "Shop"},
        pages=[{"zh": "", "en": "Home", "links": [1]}, {"zh": "购物车", "en": "  "}],
        bugs=[{"page": 1, "zh": "\t", "en": "Total is wrong"}],
    )
    site = Site.from_dict(doc)
    assert site.page_name(0, "zh") == "Home" and site.page_name(0, "en") == "Home"
    assert site.page_name(1, "en") == "购物车"
    assert site.bug_name(1, "zh") == "Total is wrong"
    assert site.name("zh") == "Shop"
    doc["pages"][0]["en"] = ""
    with pytest.raises(SiteError, match=r"pages\[0\]: needs a non-empty \"zh\" or \"en\" name"):
        Site.from_dict(doc)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            _doc(pages=[{"zh": "x" * 201}, {"zh": "乙"}]),
            r"pages\[0\]\.zh: a name has at most 200 characters, this one 201",
        ),
        (_doc(name={"en": "n" * 10_000}), r"name\.en: a name has at most 200"),
        (_doc(bugs=[{"page": 1, "en": 5}]), r"bugs\[0\]\.en: expected a text, got 5"),
        (
            _doc(nav=list(range(101)), pages=[{"en": f"p{i}"} for i in range(101)]),
            r"nav: at most 100 pages, got 101",
        ),
        (
            _doc(
                nav=[],
                pages=[
                    {"en": "a", "links": [*range(1, 502), 1, 1]},
                    *({"en": f"p{i}"} for i in range(501)),
                ],
            ),
            r"pages\[0\]\.links: at most 502 pages, got 503",
        ),
        (
            _doc(start=10**50),
            r"start: expected a page number 0\.\.1, got a number of about 51 digits$",
        ),
        (_doc(format="x" * 100_000), r'format: expected "memviz-site/1", got "xxx[^,]*…$'),
    ],
    ids=["page name", "site name", "bug name type", "nav", "links", "huge start", "long format"],
)
def test_names_and_counts_past_the_limits_are_refused(doc, message):
    with pytest.raises(SiteError, match=message):
        Site.from_dict(doc)


def test_the_whole_sites_links_are_bounded(monkeypatch):
    # counted as Site builds them: the nav on every page, and every page's own links
    monkeypatch.setitem(LIMITS, "site_links", LIMITS["site_links"]._replace(high=6))
    doc = _doc(nav=[0, 1], pages=[{"en": "a"}, {"en": "b"}, {"en": "c", "links": [0]}])
    with pytest.raises(SiteError, match=r"pages: 7 clickable links in all .* at most 6$"):
        Site.from_dict(doc)
    doc["pages"][2]["links"] = []
    assert Site.from_dict(doc).n_pages == 3


def test_a_site_is_equal_by_its_fields_and_copied_with_changes(chapter_site):
    again = load_site()
    assert again == chapter_site and again is not chapter_site
    moved = chapter_site.with_(start=5)
    assert moved != chapter_site and (moved.start, chapter_site.start) == (5, 0)
    assert moved.with_(start=0) == chapter_site
    assert moved.clickable == chapter_site.clickable and moved.bug_by_page == chapter_site.bug_by_page
    fewer = chapter_site.with_(bugs=chapter_site.bugs[:2])  # its derived tables are made anew
    assert sorted(fewer.bug_by_page) == [bug.page for bug in chapter_site.bugs[:2]]
    assert repr(chapter_site).startswith("Site(names={") and "clickable" not in repr(chapter_site)
    with pytest.raises(TypeError, match="Site has no field 'clickable'"):
        chapter_site.with_(clickable=())
    with pytest.raises(TypeError, match="unhashable"):
        hash(chapter_site)  # it holds dicts: equal by value, so never a key
