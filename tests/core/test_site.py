"""Site files: the chapter's blog as data, and every way a user's file can be wrong."""

from __future__ import annotations

import json

import pytest

from memviz.core.site import Site, SiteError, load_site
from memviz.paths import default_site_path, resources_dir


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
