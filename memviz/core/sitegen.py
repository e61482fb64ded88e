"""Sites of a chosen shape, made up for a seed: access patterns to try the strategies on.

The chapter says which eviction policy wins "depends on the access pattern". :func:`generate_site`
makes ``memviz-site/1`` documents whose pattern is known, at any size from :data:`MIN_PAGES` to
:data:`MAX_PAGES` pages. Pages are numbered 0..N-1, the agent starts on page 0, and page 0 is always
a nav page (the home page). "Links" below are a page's own ``links`` in file order; a page can also
click every nav page, which the site format adds (see README "Site files").

``ring``
    A two-way ring: page i links to i+1 then i-1 (mod N). One nav page, 0 (the home page).
``tree``
    A binary tree in heap order: page i links to its children 2i+1 and 2i+2 (those below N), then
    to its parent (i-1)//2. One nav page, the root 0.
``hub``
    Hubs and spokes: pages 0..3 are hubs and the nav bar (the 4 nav pages; fewer when N < 8, so
    that each hub has a spoke). Spoke s (s >= hubs) belongs to hub (s - hubs) mod hubs; a hub links
    to its spokes in page order, a spoke links back to its hub only.
``grid``
    A 2-D grid, row-major: R = floor(sqrt N) rows of C = ceil(N / R) columns (the last row may be
    short). Page r·C + c links to its 4 neighbours that exist, in the order up, left, right, down.
    One nav page, 0 (the top-left corner).
``random``
    Pages 0..3 are the nav bar (the 4 nav pages). Every page draws how many links it wants, 2..6
    uniformly (never more than the pages it may link to: every page except itself and the nav
    pages). Reachability first: pages 4, 5, .. N-1 are each linked from a page drawn uniformly among
    the pages before it that still want links (a spanning tree: every page is one chain of clicks
    from the nav bar). Then each page is given links to distinct pages drawn uniformly until it has
    as many as it wants (the tree's link first). Links never point at nav pages, which every page
    can click anyway.

Ring, tree and grid have one nav page, a home link on every page, so that their own pattern is
what the agent walks; with it, a 40-page ring and tree reproduce the figures issue 14 measured
(frontier, budget 50, seeds 1000–1199: ring at capacity 12, FIFO and LRU 64.2 %, random 76.3 %;
tree at capacity 6, LRU 55.9 %, random 54.5 %), which four nav pages spread round the ring do not.

Every page is reachable from the start page in every shape. Bugs: ``bugs`` distinct pages other
than the start page, drawn uniformly, in the order drawn. The links of ``random`` use
``Mulberry32(seed)``; the bugs use their own stream, ``Mulberry32(seed ^ BUG_STREAM)``, so that
changing the bug count never moves a link. The shapes other than ``random`` draw only their bugs.
Names are in Chinese and English.
"""

from __future__ import annotations

import math
from typing import Any

from memviz.core.limits import LIMITS
from memviz.core.rng import SEED_MAX, Mulberry32
from memviz.core.site import SITE_FORMAT

SHAPES = ("ring", "tree", "hub", "grid", "random")
MIN_PAGES = 5
MAX_PAGES = int(LIMITS["pages"].high)  # no bigger than memviz can load (memviz.core.limits)
MAX_NAV = 4
DEFAULT_BUGS = 6  # as many as the chapter's blog hides
RANDOM_LINKS = (2, 6)  # how many links a page of a random site wants, both ends included
BUG_STREAM = 0x5EED_B065  # XOR-ed into the seed: the bugs' own random stream

SHAPE_NAMES = {
    "ring": ("环形", "ring"),
    "tree": ("二叉树", "binary tree"),
    "hub": ("中心辐射", "hub-and-spoke"),
    "grid": ("网格", "grid"),
    "random": ("随机", "random"),
}
# Nav pages of the hub and random shapes, in nav-bar order.
NAV_NAMES = (("首页", "Home"), ("搜索", "Search"), ("我的", "Profile"), ("设置", "Settings"))
HUB_NAMES = (("首页", "Home"), ("新闻", "News"), ("论坛", "Forum"), ("商店", "Shop"))
BUG_NAMES = (
    ("按钮点了没反应", "Button does nothing"),
    ("表单提交两次", "Form submits twice"),
    ("翻页后数据重复", "Next page repeats items"),
    ("图片加载失败", "Image fails to load"),
    ("保存后刷新丢失", "Saved change lost on reload"),
    ("错误提示不显示", "Error message not shown"),
    ("排序结果不对", "Sort order is wrong"),
    ("计数不刷新", "Count does not refresh"),
)


class SiteGenError(ValueError):
    """Settings a site cannot be generated from; the message starts with the setting's name."""


def check_settings(shape: str, pages: int, bugs: int, seed: int) -> None:
    if shape not in SHAPES:
        raise SiteGenError(f"shape: unknown shape {shape!r} (choose from {', '.join(SHAPES)})")
    if not MIN_PAGES <= pages <= MAX_PAGES:
        raise SiteGenError(f"pages: must be between {MIN_PAGES} and {MAX_PAGES}, got {pages}")
    if not 0 <= bugs <= pages - 1:
        raise SiteGenError(
            f"bugs: must be between 0 and {pages - 1} (pages other than the start), got {bugs}"
        )
    if not 0 <= seed <= SEED_MAX:
        raise SiteGenError(f"seed: must be between 0 and {SEED_MAX}, got {seed}")


def generate_site(shape: str, pages: int, bugs: int = DEFAULT_BUGS, seed: int = 1) -> dict[str, Any]:
    """A ``memviz-site/1`` document (JSON-ready dict) of ``shape`` with ``pages`` pages."""
    check_settings(shape, pages, bugs, seed)
    links, nav, names = _SHAPES[shape](pages, Mulberry32(seed))
    zh_shape, en_shape = SHAPE_NAMES[shape]
    return {
        "format": SITE_FORMAT,
        "name": {
            "zh": f"生成的{zh_shape}站点（{pages} 页，seed {seed}）",
            "en": f"Generated {en_shape} site ({pages} pages, seed {seed})",
        },
        "start": 0,
        "nav": nav,
        "pages": [
            {"zh": zh, "en": en, "links": page_links}
            for (zh, en), page_links in zip(names, links, strict=True)
        ],
        "bugs": _bugs(pages, bugs, Mulberry32(seed ^ BUG_STREAM)),
    }


def _numbered(n: int, first: tuple[str, str], zh: str, en: str) -> list[tuple[str, str]]:
    return [first] + [(f"{zh} {i}", f"{en} {i}") for i in range(1, n)]


def _ring(n: int, rng: Mulberry32):
    links = [[(i + 1) % n, (i - 1) % n] for i in range(n)]
    return links, [0], _numbered(n, NAV_NAMES[0], "环上页", "Ring page")


def _tree(n: int, rng: Mulberry32):
    links = [[c for c in (2 * i + 1, 2 * i + 2) if c < n] + ([(i - 1) // 2] if i else []) for i in range(n)]
    names = [NAV_NAMES[0]] + [(f"节点 {i}", f"Node {i}") for i in range(1, n)]
    return links, [0], names


def _hub(n: int, rng: Mulberry32):
    hubs = min(MAX_NAV, n // 2)  # every hub gets at least one spoke
    links: list[list[int]] = [[] for _ in range(n)]
    names = list(HUB_NAMES[:hubs]) + [("", "")] * (n - hubs)
    count = [0] * hubs
    for s in range(hubs, n):
        hub = (s - hubs) % hubs
        links[hub].append(s)
        links[s].append(hub)
        count[hub] += 1
        zh, en = HUB_NAMES[hub]
        names[s] = (f"{zh} {count[hub]}", f"{en} {count[hub]}")
    return links, list(range(hubs)), names


def grid_shape(n: int) -> tuple[int, int]:
    """(rows, columns) of an n-page grid."""
    rows = math.isqrt(n)
    return rows, -(-n // rows)


def _grid(n: int, rng: Mulberry32):
    _, cols = grid_shape(n)
    links = []
    names = []
    for p in range(n):
        r, c = divmod(p, cols)
        near = [p - cols if r > 0 else -1, p - 1 if c > 0 else -1, p + 1 if c < cols - 1 else -1, p + cols]
        links.append([q for q in near if 0 <= q < n])
        names.append((f"格 {r + 1}-{c + 1}", f"Cell {r + 1}-{c + 1}"))
    names[0] = NAV_NAMES[0]
    return links, [0], names


def _random(n: int, rng: Mulberry32):
    nav = min(MAX_NAV, n - 1)
    low, high = RANDOM_LINKS
    allowed = n - nav  # a page may link to every non-nav page but itself
    wants = [min(low + rng.index(high - low + 1), allowed - (1 if p >= nav else 0)) for p in range(n)]
    links: list[list[int]] = [[] for _ in range(n)]
    # The spanning tree: pages with links still wanted, kept in a list with swap-removal (O(1) each).
    open_pages = [p for p in range(nav) if wants[p] > 0]
    for p in range(nav, n):
        k = rng.index(len(open_pages))
        parent = open_pages[k]
        links[parent].append(p)
        if len(links[parent]) == wants[parent]:
            open_pages[k] = open_pages[-1]
            open_pages.pop()
        if wants[p] > 0:
            open_pages.append(p)
    for p in range(n):
        have = set(links[p])
        while len(links[p]) < wants[p]:
            q = nav + rng.index(n - nav)
            if q != p and q not in have:
                have.add(q)
                links[p].append(q)
    names = list(NAV_NAMES[:nav]) + [(f"页面 {p}", f"Page {p}") for p in range(nav, n)]
    return links, list(range(nav)), names


def _bugs(n: int, count: int, rng: Mulberry32) -> list[dict[str, Any]]:
    """``count`` distinct pages other than the start (0), by a partial Fisher–Yates shuffle."""
    candidates = list(range(1, n))
    chosen = []
    for k in range(count):
        j = k + rng.index(len(candidates) - k)
        candidates[k], candidates[j] = candidates[j], candidates[k]
        chosen.append(candidates[k])
    bugs = []
    for k, page in enumerate(chosen):
        zh, en = BUG_NAMES[k % len(BUG_NAMES)]
        if count > len(BUG_NAMES):
            zh, en = f"{zh} #{k + 1}", f"{en} #{k + 1}"
        bugs.append({"page": page, "zh": zh, "en": en})
    return bugs


_SHAPES = {"ring": _ring, "tree": _tree, "hub": _hub, "grid": _grid, "random": _random}
