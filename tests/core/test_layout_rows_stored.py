"""The rows stored for the sites memviz ships are the rows page_rows works out, and only a site
with exactly those links gets them."""

from __future__ import annotations

import importlib.util
import json

import pytest

from memviz.core import layout_rows_stored
from memviz.core.layout import order_rows, page_rows, site_layout
from memviz.core.resources import resource_path
from memviz.core.site import load_site

SHIPPED = sorted(resource_path("sites").glob("*.json"))


def _tool():
    spec = importlib.util.spec_from_file_location(
        "make_layout_rows", resource_path("..", "tools", "make_layout_rows.py")
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def store(tmp_path, monkeypatch):
    """Point the store at a file of the test's own (written by the test), read afresh."""
    path = tmp_path / "rows.json"
    monkeypatch.setattr(layout_rows_stored, "resource_path", lambda *parts: path)
    layout_rows_stored._stored.cache_clear()
    yield path
    layout_rows_stored._stored.cache_clear()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_site_has_its_worked_out_rows_stored(path):
    site = load_site(path)
    assert layout_rows_stored.stored_rows(site) == order_rows(site)
    assert page_rows(site) == order_rows(site)


@pytest.mark.skipif(
    not resource_path("..", "tools", "make_layout_rows.py").is_file(), reason="a checkout's tool"
)
def test_the_store_is_what_the_tool_writes_now():
    assert resource_path("layouts", "rows.json").read_text(encoding="utf-8") == _tool().store_text(
        resource_path("sites")
    )


def test_the_stored_rows_are_fresh_lists(chapter_site):
    rows, _ = page_rows(chapter_site)
    rows[0].append(99)
    assert 99 not in page_rows(chapter_site)[0][0]


def test_a_site_with_other_links_is_worked_out(chapter_site):
    pages = list(chapter_site.pages)
    pages[9] = pages[9]._replace(links=(*pages[9].links, 2))  # one more link: another picture
    other = chapter_site.with_(pages=tuple(pages))
    assert layout_rows_stored.stored_rows(other) is None
    assert page_rows(other) == order_rows(other)


def test_the_stored_rows_are_the_ones_used(chapter_site, store):
    # a store naming other rows for the chapter's links: page_rows and the layout read them
    rows = [[0, 4, 3, 5], list(range(24))[6:]]  # not a real layout; it only shows where rows come from
    entry = layout_rows_stored.store_entry(chapter_site, rows, True)
    store.write_text(json.dumps({"format": layout_rows_stored.FORMAT, "sites": [entry]}), encoding="utf-8")
    assert page_rows(chapter_site) == (rows, True)
    assert site_layout(chapter_site).rows == rows


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"format": "memviz-layout-rows/0", "sites": []}', '{"format": "memviz-layout-rows/1"}', "[1]",
     '{"format": "memviz-layout-rows/1", "sites": [{"key": 1}]}'],
)  # fmt: skip
def test_a_missing_or_broken_store_only_costs_time(chapter_site, store, text):
    if text:
        store.write_text(text, encoding="utf-8")
    assert layout_rows_stored.stored_rows(chapter_site) is None
    assert page_rows(chapter_site) == order_rows(chapter_site)
