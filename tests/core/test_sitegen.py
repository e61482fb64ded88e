"""Generated sites: valid files, every page reachable, the same for a seed, both languages, and each
shape exactly as its definition says (held here against plain readings of the definitions)."""

from __future__ import annotations

import json
import math
from collections import deque

import pytest

from memviz.cli.site import write_site
from memviz.core.engine import RunConfig
from memviz.core.experiments import Runner
from memviz.core.site import Site, load_site
from memviz.core.sitegen import MAX_PAGES, MIN_PAGES, SHAPES, SiteGenError, generate_site

SIZES = [MIN_PAGES, 6, 7, 13, 40, 257]


def reachable(doc: dict) -> set[int]:
    """Pages an agent can click its way to from the start (nav pages are on every page)."""
    nav = doc["nav"]
    start = doc["start"]
    seen, queue = {start}, deque([start])
    while queue:
        p = queue.popleft()
        for q in [*nav, *doc["pages"][p]["links"]]:
            if q not in seen:
                seen.add(q)
                queue.append(q)
    return seen


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("pages", SIZES)
def test_every_shape_is_a_valid_site_with_every_page_reachable(tmp_path, shape, pages):
    doc = generate_site(shape, pages, bugs=min(6, pages - 1), seed=7)
    path = tmp_path / "site.json"
    write_site(doc, path)
    site = load_site(path)  # the file passes the site reader's every check
    assert site.n_pages == pages and site.start == 0 and 0 in site.nav
    assert json.loads(path.read_text(encoding="utf-8")) == doc
    assert reachable(doc) == set(range(pages))
    assert site.n_bugs == min(6, pages - 1)
    assert all(site.clickable[p] for p in range(pages))  # no dead end


@pytest.mark.parametrize("shape", SHAPES)
def test_names_in_both_languages(shape):
    doc = generate_site(shape, 30, bugs=10, seed=3)
    items = [doc["name"], *doc["pages"], *doc["bugs"]]
    for item in items:
        assert item["zh"].strip() and item["en"].strip()
        assert any(ord(ch) > 0x2E80 for ch in item["zh"]), item  # Chinese characters
        assert item["en"].isascii(), item
    for lang in ("zh", "en"):
        assert len({page[lang] for page in doc["pages"]}) == 30  # a name tells a page apart
        assert len({bug[lang] for bug in doc["bugs"]}) == 10


@pytest.mark.parametrize("shape", SHAPES)
def test_the_same_seed_gives_the_same_site(shape):
    assert generate_site(shape, 50, 6, seed=11) == generate_site(shape, 50, 6, seed=11)
    assert generate_site(shape, 50, 6, seed=11)["bugs"] != generate_site(shape, 50, 6, seed=12)["bugs"]


def test_random_links_depend_on_the_seed_and_not_on_the_bug_count():
    links = [[page["links"] for page in generate_site("random", 60, bugs, seed)["pages"]] for bugs, seed in
             ((0, 5), (9, 5), (6, 6))]  # fmt: skip
    assert links[0] == links[1] != links[2]


def test_ring_definition():
    n = 9
    doc = generate_site("ring", n, bugs=0)
    assert doc["nav"] == [0]
    assert [page["links"] for page in doc["pages"]] == [[(i + 1) % n, (i - 1) % n] for i in range(n)]


def test_tree_definition():
    doc = generate_site("tree", 10, bugs=0)
    assert doc["nav"] == [0]
    assert [page["links"] for page in doc["pages"]] == [
        [1, 2], [3, 4, 0], [5, 6, 0], [7, 8, 1], [9, 1], [2], [2], [3], [3], [4],
    ]  # fmt: skip


def test_hub_definition():
    doc = generate_site("hub", 11, bugs=0)
    assert doc["nav"] == [0, 1, 2, 3]
    assert [page["links"] for page in doc["pages"]] == [
        [4, 8], [5, 9], [6, 10], [7], [0], [1], [2], [3], [0], [1], [2],
    ]  # fmt: skip
    small = generate_site("hub", 5, bugs=0)  # 2 hubs, so that each has a spoke
    assert small["nav"] == [0, 1] and [p["links"] for p in small["pages"]] == [[2, 4], [3], [0], [1], [0]]


def test_grid_definition():
    # 14 pages: 3 rows of 5 columns, the last row 4 long
    doc = generate_site("grid", 14, bugs=0)
    rows, cols = math.isqrt(14), 5
    assert rows == 3 and doc["nav"] == [0]

    def neighbours(p):
        r, c = divmod(p, cols)
        near = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]  # up, left, right, down
        return [rr * cols + cc for rr, cc in near if rr >= 0 and 0 <= cc < cols and rr * cols + cc < 14]

    assert [page["links"] for page in doc["pages"]] == [neighbours(p) for p in range(14)]
    assert doc["pages"][9]["links"] == [4, 8]  # the right edge; below it, nothing (14 pages)


@pytest.mark.parametrize("pages", [12, 40, 3000])
def test_random_definition(pages):
    doc = generate_site("random", pages, bugs=0, seed=21)
    nav = doc["nav"]
    assert nav == [0, 1, 2, 3]
    counts = []
    for p, page in enumerate(doc["pages"]):
        links = page["links"]
        assert p not in links and len(set(links)) == len(links)
        assert not set(links) & set(nav)  # nav pages are clickable from everywhere already
        counts.append(len(links))
    assert min(counts) >= 2 and max(counts) <= 6
    if pages >= 3000:  # 2..6 uniformly: every count appears, the mean near 4
        assert set(counts) == {2, 3, 4, 5, 6} and abs(sum(counts) / pages - 4) < 0.1
    # The spanning tree: every page past the nav is linked from a page before it.
    linked_from_before = {q for p, page in enumerate(doc["pages"]) for q in page["links"] if p < q}
    assert linked_from_before >= set(range(4, pages))


def test_random_on_the_smallest_site_links_as_much_as_it_can():
    doc = generate_site("random", MIN_PAGES, bugs=0, seed=1)
    assert [page["links"] for page in doc["pages"]] == [[4], [4], [4], [4], []]


def test_bugs_are_distinct_pages_other_than_the_start():
    doc = generate_site("random", 40, bugs=39, seed=2)
    pages = [bug["page"] for bug in doc["bugs"]]
    assert sorted(pages) == list(range(1, 40))
    assert pages != sorted(pages)  # drawn, not in page order
    few = generate_site("grid", 40, bugs=6, seed=2)
    assert [bug["page"] for bug in few["bugs"]] == pages[:6]  # the first draws of the same stream
    assert [bug["en"] for bug in few["bugs"]][:2] == ["Button does nothing", "Form submits twice"]


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("star", 10), "shape"),
        (("ring", MIN_PAGES - 1), "pages"),
        (("ring", MAX_PAGES + 1), "pages"),
        (("ring", 10, 10), "bugs"),
        (("ring", 10, -1), "bugs"),
        (("ring", 10, 0, -1), "seed"),
        (("ring", 10, 0, 2**32), "seed"),
    ],
)
def test_bad_settings_name_the_setting(args, field):
    with pytest.raises(SiteGenError, match=f"^{field}: "):
        generate_site(*args)


def coverage(site: Site, capacity: int, policy: str) -> float:
    """Mean coverage in percent, frontier, budget 50, seeds 1000–1199, rounded to 0.1."""
    configs = [
        RunConfig(strategy="frontier", seed=seed, capacity=capacity, policy=policy, budget=50)
        for seed in range(1000, 1200)
    ]
    results = Runner().run_all(site, configs)
    return round(100 * sum(r.coverage for r in results) / len(results), 1)


def test_the_issues_ring_and_tree_figures():
    """Issue 14 measured these with a plain reading of the chapter's algorithm on a 40-page two-way
    ring and binary tree; the definitions here reproduce them exactly."""
    ring = Site.from_dict(generate_site("ring", 40))
    assert [coverage(ring, 12, policy) for policy in ("fifo", "lru", "random")] == [64.2, 64.2, 76.3]
    tree = Site.from_dict(generate_site("tree", 40))
    assert [coverage(tree, 6, policy) for policy in ("lru", "random")] == [55.9, 54.5]
