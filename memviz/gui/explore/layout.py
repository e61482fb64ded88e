"""Where each page sits in the site graph: the same picture on every start.

A site file may store positions; otherwise the picture is computed from the site itself. The nav
pages (linked from every page) form a bar along the top, like a real site's header, so their links
need not be drawn as a hairball. The other pages hang below in rows by click depth from the nav
bar, ordered within a row by a seeded networkx spring layout of the pages' own links and then by a
few barycentre sweeps, so that a page sits under the pages that link to it.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from memviz.core.site import Site

LAYOUT_SEED = 20240  # any fixed number: it only picks the spring layout's starting positions
MAX_ROW = 7  # without a view to measure, a row with more pages than this goes on two lines
LINE_OFFSET = 0.8  # between the lines of one row, in rows
NAV_GAP = 0.35  # extra space under the nav bar, in rows
_SWEEPS = 6


@dataclass(frozen=True)
class GraphLayout:
    """Page positions in the unit square (x right, y down) and the rows they were placed in."""

    positions: dict[int, tuple[float, float]]
    rows: list[list[int]]  # rows[0] is the nav bar when the site has one; empty when stored positions
    nav_bar: bool


def site_layout(site: Site) -> GraphLayout:
    if site.n_pages and all(page.position is not None for page in site.pages):
        return _stored_layout(site)
    return _row_layout(site)


def _stored_layout(site: Site) -> GraphLayout:
    xs = [page.position[0] for page in site.pages]
    ys = [page.position[1] for page in site.pages]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    positions = {
        p: ((x - min(xs)) / span_x, (y - min(ys)) / span_y)
        for p, (x, y) in enumerate(zip(xs, ys, strict=True))
    }
    return GraphLayout(positions=positions, rows=[], nav_bar=False)


def click_depths(site: Site) -> dict[int, int]:
    """Clicks from the nav bar (or the start page) to each page along the pages' own links."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(site.n_pages))
    graph.add_edges_from((p, q) for p, page in enumerate(site.pages) for q in page.links)
    sources = list(site.nav) or [site.start]
    lengths = nx.multi_source_dijkstra_path_length(graph, sources)
    deepest = max(lengths.values(), default=0)
    return {p: lengths.get(p, deepest + 1) for p in range(site.n_pages)}


def _row_layout(site: Site) -> GraphLayout:
    depths = click_depths(site)
    n_rows = max(depths.values(), default=0) + 1
    rows: list[list[int]] = [[] for _ in range(n_rows)]
    for p in range(site.n_pages):
        rows[depths[p]].append(p)
    if site.nav:
        rows[0] = list(site.nav)  # the bar keeps the site's own order
    rows = [row for row in rows if row]

    # Spring layout of the pages' own links (undirected) gives each page a starting place in its row.
    local = nx.Graph()
    local.add_nodes_from(range(site.n_pages))
    local.add_edges_from((p, q) for p, page in enumerate(site.pages) for q in page.links)
    spring = nx.spring_layout(local, seed=LAYOUT_SEED, iterations=100)
    fixed_first = bool(site.nav)
    for k, row in enumerate(rows):
        if not (k == 0 and fixed_first):
            row.sort(key=lambda p: (float(spring[p][0]), p))

    # Barycentre sweeps: place a page under the average position of its neighbours in other rows.
    for sweep in range(_SWEEPS):
        order = range(1, len(rows)) if sweep % 2 == 0 else range(len(rows) - 1, 0, -1)
        for k in order:
            rows[k] = _barycentre_order(rows, k, local)

    lines = [2 if len(row) > MAX_ROW else 1 for row in rows]
    return GraphLayout(positions=row_positions(rows, lines, fixed_first), rows=rows, nav_bar=fixed_first)


def row_height(lines: int) -> float:
    """A row's height, in rows, when its pages are spread over ``lines`` lines."""
    return 1.0 + (lines - 1) * LINE_OFFSET


def row_positions(rows: list[list[int]], lines: list[int], nav_bar: bool) -> dict[int, tuple[float, float]]:
    """Positions in the unit square for pages in rows. A row on k lines zig-zags: page i goes on line
    i mod k, so neighbours on one line are k slots apart and long names do not collide. The first
    line's centres are at y = 0 and the last line's at y = 1 (the caller keeps room around them)."""
    gap = NAV_GAP if nav_bar and len(rows) > 1 else 0.0  # the nav bar stands apart from the pages
    span = centre_span(lines, nav_bar)
    positions: dict[int, tuple[float, float]] = {}
    top = 0.0
    for row, k in zip(rows, lines, strict=True):
        for i, p in enumerate(row):
            y = (top + LINE_OFFSET * (i % k)) / span if span > 0 else 0.5
            positions[p] = ((i + 0.5) / len(row), y)
        top += row_height(k) + (gap if top == 0.0 else 0.0)
    return positions


def centre_span(lines: list[int], nav_bar: bool) -> float:
    """From the first line's centres to the last's, in rows."""
    gap = NAV_GAP if nav_bar and len(lines) > 1 else 0.0
    return sum(row_height(k) for k in lines) + gap - 1.0


def _slots(row: list[int]) -> dict[int, float]:
    return {p: (i + 0.5) / len(row) for i, p in enumerate(row)}


def _barycentre_order(rows: list[list[int]], k: int, graph: nx.Graph) -> list[int]:
    x: dict[int, float] = {}
    for row in rows:
        x.update(_slots(row))
    row = rows[k]
    members = set(row)
    current = _slots(row)

    def barycentre(p: int) -> float:
        near = [x[q] for q in graph.neighbors(p) if q not in members]
        return sum(near) / len(near) if near else current[p]

    return sorted(row, key=lambda p: (barycentre(p), current[p], p))
