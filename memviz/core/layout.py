"""Where each page sits in the site graph: the same picture on every start, from the site alone.

A site file may store positions; otherwise the picture is computed from the site itself. The nav
pages (linked from every page) form a bar along the top, like a real site's header, so their links
need not be drawn as a hairball. The other pages hang below in rows by click depth from the nav bar
(or from the start page when the site has no nav bar); pages no click reaches form a last row.

Within a row, pages are ordered so that few drawn links cross (the layered drawing of Sugiyama et
al.), with no random numbers and no physics:

1. Each row starts in the order a breadth-first search from the nav bar reaches its pages (nav
   pages in nav order, each page's links in file order), so a page starts near the page that
   leads to it.
2. Barycentre sweeps, alternately down and up: a page moves to the mean position of its
   neighbours in the rows above it (down) or below it (up), or of all its neighbours outside its
   row if it has none on that side. Ties keep the current order, so the result is deterministic.
3. For a site small enough to read (at most :data:`EXACT_EDGES` drawn links), the crossings of the
   links as drawn (straight, between the positions :func:`row_positions` gives with
   :func:`default_lines`) are counted: the sweep with the fewest is kept, then neighbours in a row
   are swapped while a swap removes crossings or shortens links without adding a crossing, and
   sweeps and swaps alternate while they leave no more crossings. Larger pictures keep the last
   sweep; each sweep costs O(links + pages log pages).

The links counted are the ones the graph draws: every page's own links, except links into the nav
bar (those are nav links, drawn with the bar). The nav bar keeps the site's own order.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import math
from collections import deque
from typing import NamedTuple

from memviz.core.layout_rows_stored import stored_rows
from memviz.core.site import Site

MAX_ROW = 7  # without a view to measure, a row with more pages than this goes on two lines
LINE_OFFSET = 0.8  # between the lines of one row, in rows
NAV_GAP = 0.35  # extra space under the nav bar, in rows
SWEEPS = 8
EXACT_EDGES = 150  # up to this many drawn links, crossings are counted exactly and reduced further
PLAIN_EDGES = 48  # up to this many, counted in plain Python (faster than loading numpy; see _Crossings)
EXTRA_ROUNDS = 3  # rounds of (sweep down, sweep up, swap neighbours) after the first swaps


class GraphLayout(NamedTuple):
    """Page positions in the unit square (x right, y down) and the rows they were placed in."""

    positions: dict[int, tuple[float, float]]
    rows: list[list[int]]  # rows[0] is the nav bar when the site has one; empty when stored positions
    nav_bar: bool


def site_layout(site: Site) -> GraphLayout:
    if site.n_pages and all(page.position is not None for page in site.pages):
        return _stored_layout(site)
    rows, nav_bar = page_rows(site)
    lines = default_lines(rows)
    return GraphLayout(positions=row_positions(rows, lines, nav_bar), rows=rows, nav_bar=nav_bar)


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


# -- rows --------------------------------------------------------------------------------------------


def _search(site: Site) -> tuple[list[int], list[int]]:
    """Click depth of every page along the pages' own links from the nav bar (or the start page),
    and the order the breadth-first search reached them in. Unreached pages: one deeper than the
    deepest, in page order, at the end."""
    sources = list(site.nav) or [site.start]
    depth = [-1] * site.n_pages
    for s in sources:
        depth[s] = 0
    reached = list(sources)
    queue = deque(sources)
    while queue:
        p = queue.popleft()
        for q in site.pages[p].links:
            if depth[q] < 0:
                depth[q] = depth[p] + 1
                reached.append(q)
                queue.append(q)
    unreached = [p for p in range(site.n_pages) if depth[p] < 0]
    deepest = max(depth, default=0)
    for p in unreached:
        depth[p] = deepest + 1
    return depth, reached + unreached


def click_depths(site: Site) -> dict[int, int]:
    """Clicks from the nav bar (or the start page) to each page along the pages' own links; pages
    no click reaches count one deeper than the deepest."""
    depth, _ = _search(site)
    return dict(enumerate(depth))


def drawn_links(site: Site, nav_bar: bool) -> list[tuple[int, int]]:
    """The links the graph draws, each pair once as (low, high): own links, except links into the
    nav bar when there is one."""
    nav = set(site.nav) if nav_bar else set()
    pairs = {(min(p, q), max(p, q)) for p, page in enumerate(site.pages) for q in page.links if q not in nav}
    return sorted(pairs)


def page_rows(site: Site) -> tuple[list[list[int]], bool]:
    """The rows of the picture, top to bottom, each in its left-to-right order; and whether rows[0]
    is the nav bar. A site memviz ships has them stored (:mod:`memviz.core.layout_rows_stored`)."""
    stored = stored_rows(site)
    return stored if stored is not None else order_rows(site)


def order_rows(site: Site) -> tuple[list[list[int]], bool]:
    """:func:`page_rows`, always worked out (the steps in the module's docstring)."""
    nav_bar = bool(site.nav)
    depth, reached = _search(site)
    rows: list[list[int]] = [[] for _ in range(max(depth, default=0) + 1)]
    for p in reached:
        rows[depth[p]].append(p)
    if nav_bar:
        rows[0] = list(site.nav)  # the bar keeps the site's own order
    rows = [row for row in rows if row]
    links = drawn_links(site, nav_bar)
    _RowOrder(rows, links, site.n_pages, fixed_first=nav_bar).improve()
    return rows, nav_bar


class _RowOrder:
    """Orders the pages within rows (in place) to reduce the crossings of ``links``."""

    def __init__(self, rows: list[list[int]], links: list[tuple[int, int]], n: int, fixed_first: bool):
        self.rows = rows
        self.links = links
        self.first = 1 if fixed_first else 0  # the nav bar keeps its order
        self.nav_bar = fixed_first
        self.row_of = [0] * n
        for k, row in enumerate(rows):
            for p in row:
                self.row_of[p] = k
        near: list[list[int]] = [[] for _ in range(n)]
        for a, b in links:
            near[a].append(b)
            near[b].append(a)
        # Per page, neighbours above, below and anywhere outside its row (lists, to loop fast).
        self.above = [[q for q in near[p] if self.row_of[q] < self.row_of[p]] for p in range(n)]
        self.below = [[q for q in near[p] if self.row_of[q] > self.row_of[p]] for p in range(n)]
        self.x = [0.0] * n
        for k in range(len(rows)):
            self._place(k)

    def _place(self, k: int) -> None:
        row, x = self.rows[k], self.x
        width = len(row)
        for i, p in enumerate(row):
            x[p] = (i + 0.5) / width

    def improve(self) -> None:
        if len(self.links) > EXACT_EDGES or len(self.rows) <= self.first:
            for sweep in range(SWEEPS):
                self._sweep(down=sweep % 2 == 0)
            return
        crossings = _Crossings(self.links, len(self.x))
        crossings.place(self._points())
        best = (crossings.total, self._copy())
        for sweep in range(SWEEPS):
            if best[0] == 0:
                break
            self._sweep(down=sweep % 2 == 0)
            crossings.place(self._points())
            count = crossings.total
            if count < best[0]:
                best = (count, self._copy())
        self._restore(best[1])
        # From the best sweep: swap neighbours, then sweep down and up and swap again, as long as
        # that leaves no more crossings (each round starts the sweeps from a better order).
        for _ in range(EXTRA_ROUNDS + 1):
            count = self._swap_neighbours(crossings)
            if count > best[0]:
                break
            best = (count, self._copy())
            if count == 0:
                break
            self._sweep(down=True)
            self._sweep(down=False)
            if self.rows == best[1]:
                break  # settled
        self._restore(best[1])

    def _copy(self) -> list[list[int]]:
        return [list(row) for row in self.rows]

    def _restore(self, rows: list[list[int]]) -> None:
        self.rows[:] = [list(row) for row in rows]
        for k in range(len(self.rows)):
            self._place(k)

    def _sweep(self, down: bool) -> None:
        x, rows = self.x, self.rows
        order = range(self.first, len(rows)) if down else range(len(rows) - 1, self.first - 1, -1)
        side = self.above if down else self.below
        other = self.below if down else self.above
        for k in order:
            keys = {}
            for p in rows[k]:
                near = side[p] or other[p]
                keys[p] = (sum(x[q] for q in near) / len(near) if near else x[p], x[p])
            rows[k].sort(key=keys.__getitem__)
            self._place(k)

    def _points(self) -> dict[int, tuple[float, float]]:
        return row_positions(self.rows, default_lines(self.rows), self.nav_bar)

    def _swap_neighbours(self, crossings: "_Crossings") -> int:
        """Swap neighbours within a row while a swap removes crossings, or shortens their links
        without adding one (the 'transpose' step of layered drawing); returns the crossings left.
        Two neighbours in a row trade places exactly (slot and zig-zag line), so a swap changes
        only the crossings and lengths of their own links."""
        crossings.place(self._points())
        for _ in range(SWEEPS):
            improved = False
            for k in range(self.first, len(self.rows)):
                row = self.rows[k]
                for i in range(len(row) - 1):
                    u, v = row[i], row[i + 1]
                    crossed, length = crossings.at(u, v), crossings.length(u, v)
                    crossings.swap(u, v)
                    shorter = crossings.length(u, v) < length - 1e-9
                    if (crossed or shorter) and (crossings.at_now(u, v), not shorter) < (crossed, True):
                        row[i], row[i + 1] = v, u
                        crossings.keep_trial()
                        improved = True
                    else:
                        crossings.swap(u, v)
                self._place(k)
            if not improved:
                break
        return crossings.total


class _Crossings:
    """Crossings of straight links between page positions (small pictures only: E x E pairs).

    ``count`` tabulates which links cross (all pairs); :meth:`at` reads that table, :meth:`at_now`
    counts afresh for a trial swap, before the table is redone (if it is kept). Up to
    :data:`PLAIN_EDGES` links in plain Python (the window lays out its first site, the chapter's
    blog, before its first paint, sooner than numpy would load), more with numpy; the two give
    the same table, bit for bit (the same IEEE operations in the same order)."""

    def __init__(self, links: list[tuple[int, int]], n: int):
        self.links = links
        self.a = [a for a, _ in links]
        self.b = [b for _, b in links]
        self.touching: list[list[int]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(links):
            self.touching[a].append(i)
            self.touching[b].append(i)
        self.x = [0.0] * n
        self.y = [0.0] * n
        self.table: list[list[bool]] = []
        self.per_link: list[int] = []
        self.total = 0

    def place(self, points: dict[int, tuple[float, float]]) -> None:
        for p, (x, y) in points.items():
            self.x[p] = x
            self.y[p] = y
        self.count()

    def count(self) -> int:
        if len(self.links) > PLAIN_EDGES:
            matrix = self._matrix_numpy(range(len(self.links)))
            self.table = matrix.tolist()
            self.per_link = matrix.sum(axis=1).tolist()
            self.total = sum(self.per_link) // 2
            return self.total
        # crossing is symmetric, bit for bit (each pair's four orientations are the same four
        # products either way round): each pair is tested once
        ends = self._ends()
        table = [[False] * len(ends) for _ in ends]
        for i, row in enumerate(table):
            for j, crosses in enumerate(_crossings(ends[i], ends[i + 1 :]), i + 1):
                if crosses:
                    row[j] = table[j][i] = True
        self.table = table
        self.per_link = [sum(row) for row in table]
        self.total = sum(self.per_link) // 2
        return self.total

    def swap(self, u: int, v: int) -> None:
        x, y = self.x, self.y
        x[u], x[v] = x[v], x[u]
        y[u], y[v] = y[v], y[u]

    def _mine(self, u: int, v: int) -> list[int]:
        return self.touching[u] + [i for i in self.touching[v] if i not in self.touching[u]]

    def at(self, u: int, v: int) -> int:
        """Crossings that involve a link of u or of v (each once), from the table."""
        mine = self._mine(u, v)
        table, per_link = self.table, self.per_link
        among = sum(table[i][j] for k, i in enumerate(mine) for j in mine[k + 1 :])
        return sum(per_link[i] for i in mine) - among

    def at_now(self, u: int, v: int) -> int:
        """Like :meth:`at`, counted at the current positions."""
        mine = self._mine(u, v)
        self._trial: tuple[list[int], list[list[bool]]] = (mine, [])
        if not mine:
            return 0
        if len(self.links) > PLAIN_EDGES:
            matrix = self._matrix_numpy(mine)
            self._trial = (mine, matrix.tolist())
            return int(matrix.sum()) - int(matrix[:, mine].sum()) // 2
        matrix = self._matrix(mine)
        self._trial = (mine, matrix)
        return sum(map(sum, matrix)) - sum(row[j] for row in matrix for j in mine) // 2

    def keep_trial(self) -> int:
        """Keep the swap :meth:`at_now` last counted: the table becomes what :meth:`count` would
        tabulate, without counting every pair again (half the chapter's blog's layout, before the
        first paint). Only the rows and columns of the swapped pages' links change, and at_now has
        just counted those rows; a column is the row read the other way round, the same bit for
        bit (see :meth:`count`)."""
        mine, rows = self._trial
        table = self.table
        for i, row in zip(mine, rows, strict=True):
            table[i] = list(row)
            for j, crosses in enumerate(row):
                table[j][i] = crosses
        self.per_link = [sum(row) for row in table]
        self.total = sum(self.per_link) // 2
        return self.total

    def length(self, u: int, v: int) -> float:
        """The summed length of the links of u and of v."""
        x, y, links = self.x, self.y, self.links
        return sum(
            math.hypot(x[links[i][0]] - x[links[i][1]], y[links[i][0]] - y[links[i][1]])
            for i in self._mine(u, v)
        )

    def _ends(self) -> list[tuple[float, ...]]:
        x, y = self.x, self.y
        return [
            (x[a], y[a], x[b], y[b], x[b] - x[a], y[b] - y[a]) for a, b in zip(self.a, self.b, strict=True)
        ]

    def _matrix(self, rows) -> list[list[bool]]:
        """[i][j]: link rows[i] crosses link j at a point inside both."""
        ends = self._ends()
        return [_crossings(ends[i], ends) for i in rows]

    def _matrix_numpy(self, rows):
        """:meth:`_matrix` as a numpy array, all pairs at once."""
        import numpy as np

        x, y = np.array(self.x), np.array(self.y)
        a, b = np.array(self.a, dtype=np.intp), np.array(self.b, dtype=np.intp)
        rows = np.array(rows, dtype=np.intp)
        cx, cy, dx, dy = x[a], y[a], x[b], y[b]
        ax, ay, bx, by = cx[rows][:, None], cy[rows][:, None], dx[rows][:, None], dy[rows][:, None]
        o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
        o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
        o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
        return (o1 * o2 < 0) & (o3 * o4 < 0)


def _crossings(link: tuple[float, ...], others: list[tuple[float, ...]]) -> list[bool]:
    """Whether ``link`` crosses each of ``others`` at a point inside both (each as its ends and its
    vector). A shared end page gives an orientation of exactly 0, so links that meet never count."""
    ax, ay, bx, by, ux, uy = link
    out = []
    for cx, cy, dx, dy, vx, vy in others:
        if (ux * (cy - ay) - uy * (cx - ax)) * (ux * (dy - ay) - uy * (dx - ax)) < 0:
            out.append((vx * (ay - cy) - vy * (ax - cx)) * (vx * (by - cy) - vy * (bx - cx)) < 0)
        else:
            out.append(False)
    return out


# -- positions ---------------------------------------------------------------------------------------


def default_lines(rows: list[list[int]]) -> list[int]:
    """Lines per row without a view to measure: two for a row of more than MAX_ROW pages."""
    return [2 if len(row) > MAX_ROW else 1 for row in rows]


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
