"""The site as the memory batch engine reads it (memviz.core.lockstep.memory_walk): link lists as
padded tables and CSR arrays, their reverse for the planner's counts, bug pages, made once per site."""

from __future__ import annotations

import numpy as np

from memviz.core.site import Site

_SEARCH_TABLE = True  # whether the planner may use the padded table (tests turn it off)


class _MemorySite:
    """The site as arrays for memory runs (column/row ``n`` is the padding of short link lists)."""

    def __init__(self, site: Site) -> None:
        n = site.n_pages
        self.n = n
        self.width = width = max(1, max(len(links) for links in site.clickable))
        # links[p, j]: page p's j-th link (a step takes the rows of the runs' pages: one block each)
        self.links = np.full((n, width), n, dtype=np.int64)
        for p, page_links in enumerate(site.clickable):
            self.links[p, : len(page_links)] = page_links
        self.degrees = np.array([len(links) for links in site.clickable], dtype=np.int64)
        self.dead_ends = bool((self.degrees == 0).any())
        # The frontier planner's search walks the link lists beyond the current page, held as CSR:
        # page p's links are indices[indptr[p]:indptr[p + 1]] (a dense pages × pages matrix would be
        # 400 MB at 10,000 pages). The nav pages are left out: every page can click each nav page
        # other than itself, so the search has reached them all one step from the current page.
        nav = set(site.nav)
        own = [[q for q in page_links if q not in nav] for page_links in site.clickable]
        self.search_degrees = np.array([len(links) for links in own], dtype=np.int64)
        self.indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(self.search_degrees, out=self.indptr[1:])
        self.indices = np.fromiter(
            (q for links in own for q in links), dtype=np.int64, count=int(self.indptr[-1])
        )
        # The same lists as a table padded with page n, when it is small (no page with far more
        # links than the rest): a level's links are then one gather, and the padding is dropped with
        # the pages already reached (page n counts as reached).
        longest = int(self.search_degrees.max(initial=0))
        self.search_table = None
        if _SEARCH_TABLE and (n + 1) * longest <= max(4 * len(self.indices), 1 << 16):
            self.search_table = np.full((n + 1, max(longest, 1)), n, dtype=np.int64)
            for p, links in enumerate(own):
                self.search_table[p, : len(links)] = links
        # The same links reversed, for the count of each page's links missing from memory (see
        # _MemoryBatch.missing_links): reverse[q] holds the pages whose link lists hold q, once per
        # link, as a table padded with page n when small, else as CSR.
        targets = self.indices
        order = np.argsort(targets, kind="stable")
        in_degrees = np.bincount(targets, minlength=n + 1)
        self.reverse_indptr = np.zeros(n + 2, dtype=np.int64)
        np.cumsum(in_degrees, out=self.reverse_indptr[1:])
        self.reverse_indices = np.repeat(np.arange(n, dtype=np.int64), self.search_degrees)[order]
        self.in_degrees = in_degrees
        longest_in = int(in_degrees.max(initial=0))
        self.reverse_table = None
        if (n + 1) * longest_in <= max(4 * len(targets), 1 << 16):
            self.reverse_table = np.full((n + 1, max(longest_in, 1)), n, dtype=np.int64)
            column = np.arange(len(targets)) - self.reverse_indptr[targets[order]]
            self.reverse_table[targets[order], column] = self.reverse_indices
        self.is_bug = np.zeros(n + 1, dtype=bool)
        self.is_bug[list(site.bug_by_page)] = True
        # ones on and below the diagonal: prefix @ fresh counts fresh links (too big for huge pages)
        self.prefix = np.tril(np.ones((width, width), dtype=np.float32)) if width <= 64 else None
