"""The no-memory batch engine: a block of draws mixed up front, each step one table look-up."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from memviz.core.engine import RunConfig, RunResult
from memviz.core.lockstep.common import (
    _BIG,
    _NEXT_TABLE_LIMIT,
    RANDOM_BLOCK,
    Poll,
    _advance,
    _Finals,
    _Paths,
    _seed_states,
    _site_tables,
    _stop_reason,
)
from memviz.core.rng import _TWO_POW_32, mulberry32_words
from memviz.core.site import Site


def _floor_breaks(degrees: set[int]) -> np.ndarray:
    """Every draw ``u`` where ``floor(u·d)`` changes for some degree ``d``, exactly in float64.

    Between two neighbouring breaks, ``int(u * d)`` (a rounded product, as the scalar engine
    computes it) is the same for every degree, so one interval code picks the link on every page.
    """
    breaks = set()
    for d in degrees:
        fd = float(d)
        for j in range(1, d):
            u = j / fd  # the smallest u with int(u * d) >= j is within an ulp or two of j/d
            while u > 0.0 and int(np.nextafter(u, 0.0) * fd) >= j:
                u = float(np.nextafter(u, 0.0))
            while int(u * fd) < j:
                u = float(np.nextafter(u, 1.0))
            breaks.add(u)
    return np.array(sorted(breaks), dtype=np.float64)


class _RandomWalkSite:
    """The site as transition tables: state ``p`` is "on page p", ``p + n`` "stopped at dead end p".

    A draw is ``word / 2**32`` for a uint32 ``word``, so "draw ≥ break" is "word ≥ ceil(break·2³²)":
    a draw's interval code is the number of those integer thresholds at or below its word, read
    from a table on the word's top 16 bits plus one comparison with the threshold (if any) inside
    that 16-bit bucket.
    """

    def __init__(self, site: Site) -> None:
        n = site.n_pages
        self.n = n
        self.degrees = np.array([len(links) for links in site.clickable], dtype=np.int64)
        width = max(1, int(self.degrees.max(initial=0)))
        links = np.zeros((2 * n, width), dtype=np.int64)
        for p, page_links in enumerate(site.clickable):
            links[p, : len(page_links)] = page_links
        self.links_flat = links.ravel()
        self.width = width
        deg2 = np.concatenate((self.degrees, np.zeros(n, dtype=np.int64)))
        self.dead = deg2 == 0  # by state: dead-end page or already stopped
        self.degrees2 = deg2

        breaks = _floor_breaks({d for d in self.degrees.tolist() if d > 0})
        codes = len(breaks) + 1
        self.next_table: np.ndarray | None = None
        if codes * 2 * n > _NEXT_TABLE_LIMIT:
            return
        lower = np.concatenate(([0.0], breaks))  # a draw inside each interval
        table = np.empty((codes, 2 * n), dtype=np.int64)
        for p in range(n):
            d = len(site.clickable[p])
            if d:
                table[:, p] = np.asarray(site.clickable[p])[(lower * d).astype(np.int64)]
            else:
                table[:, p] = p + n
        table[:, n:] = np.arange(n, 2 * n)
        self.next_table = table.ravel()
        thresholds = [math.ceil(b * _TWO_POW_32) for b in breaks.tolist()]  # exact: b·2³² is a double
        self.thresholds = np.array(thresholds, dtype=np.uint64)
        self._buckets: tuple[np.ndarray, np.ndarray] | bool | None = False  # False: not built yet

    def bucket_tables(self) -> tuple[np.ndarray, np.ndarray] | None:
        """(base, inner) per 16-bit bucket, or None when two thresholds share a bucket."""
        if self._buckets is False:
            thresholds = self.thresholds.tolist()
            bucket_of = [t >> 16 for t in thresholds]
            self._buckets = None
            if len(set(bucket_of)) == len(bucket_of):  # at most one threshold inside each bucket
                starts = np.arange(1 << 16, dtype=np.uint64) << np.uint64(16)
                at_or_below = np.searchsorted(self.thresholds, starts, side="right").astype(np.int64)
                inner = np.zeros(1 << 16, dtype=np.uint32)  # 0: none inside (every word is at or above)
                base = at_or_below - 1
                for t, b in zip(thresholds, bucket_of, strict=True):
                    if t > b << 16:
                        inner[b] = t
                        base[b] += 1
                self._buckets = (base, inner)
        return self._buckets

    def codes(self, words: np.ndarray, buckets: bool | None = None) -> np.ndarray:
        """Each draw's interval code (how many breaks are at or below it), scaled to a table row.

        The bucket tables pay for themselves on long blocks (``buckets=None``: decide by size).
        """
        tables = self.bucket_tables() if (words.size >= 20_000 if buckets is None else buckets) else None
        if tables is not None:
            base, inner = tables
            bucket = words >> np.uint32(16)
            codes = base.take(bucket) + (words >= inner.take(bucket))
        else:
            codes = np.searchsorted(self.thresholds, words, side="right")
        return codes * (2 * self.n)

    def walk(self, pages: np.ndarray, words: np.ndarray) -> np.ndarray:
        """States after each step: ``words`` is (steps, runs), one draw per run and step, as is the result."""
        steps = words.shape[0]
        out = np.empty((steps, len(pages)), dtype=np.int64)
        page = pages
        if self.next_table is not None:
            codes = self.codes(words)
            table = self.next_table
            for i in range(steps):
                page = table.take(codes[i] + page, out=out[i])
            return out
        # Huge sites: index the links one step at a time.
        u = words * (1.0 / _TWO_POW_32)
        n, width, links = self.n, self.width, self.links_flat
        for i in range(steps):
            pick = (u[i] * self.degrees2.take(page)).astype(np.int64)
            moved = links.take(page * width + pick)
            page = np.where(self.dead.take(page), np.where(page < n, page + n, page), moved)
            out[i] = page
        return out


def run_random_batch(site: Site, configs: Sequence[RunConfig], poll: Poll | None = None) -> list[RunResult]:
    """No-memory runs: each step draws once and clicks ``links[floor(draw · len(links))]``."""
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the block-by-block walk of every
    # no-memory run; each block's stop rules (dead end, budget, all bugs) share its arrays.
    if any(c.bug_list for c in configs):
        raise ValueError("run_random_batch: a bug list without memory runs in the scalar engine")
    count = len(configs)
    if count == 0:
        return []
    walker = _site_tables(site, _RandomWalkSite)
    n, n1 = site.n_pages, site.n_pages + 1
    bug_pages = np.array(sorted(site.bug_by_page), dtype=np.int64)
    until_all = np.array([c.until_all_bugs for c in configs], dtype=bool)
    limits = np.array([c.step_limit for c in configs], dtype=np.int64)
    finals = _Finals(count)
    paths = _Paths(count, site.start, int(limits.max()))
    # Visits per run and page (column n: "no move"), counted block by block from the pages moved to.
    visits = np.zeros(count * n1, dtype=np.int64)

    active = np.flatnonzero(limits > 0)
    for i in np.flatnonzero(limits <= 0).tolist():
        finals.reason[i] = _stop_reason(configs[i].until_all_bugs)
    states = _seed_states(configs)[active]
    page = np.full(len(active), site.start, dtype=np.int64)
    found = np.zeros((len(active), len(bug_pages)), dtype=bool)  # bugs found so far (until runs)
    t = 0  # steps taken by every active run
    while len(active):
        longest = int(limits[active].max()) - t
        block = min(longest, RANDOM_BLOCK if until_all[active].any() else 4 * RANDOM_BLOCK)
        block_states = walker.walk(page, mulberry32_words(_advance(states, t), block))
        paths.ensure(t + block)
        paths.buf[t + 1 : t + block + 1, active] = block_states

        big = np.int64(block)
        dead = block_states >= n  # the call at this position found nothing to click
        dead_at = np.where(dead.any(0), dead.argmax(0), big)
        limit_at = np.minimum(limits[active] - t - 1, big)  # the move that uses up the budget
        all_at = np.full(len(active), big)
        until = until_all[active]
        if until.any():
            if len(bug_pages):
                first = np.full(found.shape, -1, dtype=np.int64)
                for b, bug in enumerate(bug_pages.tolist()):
                    hits = block_states == bug
                    first[:, b] = np.where(found[:, b], -1, np.where(hits.any(0), hits.argmax(0), big))
                found |= first < big
                all_found_at = first.max(1)
            else:
                all_found_at = np.zeros(len(active), dtype=np.int64)  # no bugs: done after one move
            all_at = np.where(until, np.maximum(all_found_at, 0), big)
        stop_at = np.minimum(all_at, limit_at)
        stop_dead = dead_at <= stop_at  # a dead end at call i means moves i.. never happened
        stop_at = np.where(stop_dead, dead_at, stop_at)
        stopping = stop_at < big
        moves = np.where(stopping, stop_at + ~stop_dead, big)  # moves made in this block
        moved_to = np.where(np.arange(block)[:, None] < moves, block_states, n)
        visits += np.bincount((moved_to + active * n1).ravel(), minlength=count * n1)
        if stopping.any():
            ids = active[stopping]
            at = stop_at[stopping]
            is_dead = stop_dead[stopping]
            finals.steps[ids] = t + moves[stopping]
            base = np.array([configs[i].base_tokens for i in ids.tolist()], dtype=np.int64)
            finals.tokens[ids] = (t + at + 1) * base  # one call per step, and one more at a dead end
            for i, dead_stop, all_stop in zip(
                ids.tolist(), is_dead.tolist(), (all_at[stopping] == at).tolist(), strict=True
            ):
                if dead_stop:
                    finals.reason[i] = "dead_end"
                elif all_stop:
                    finals.reason[i] = "all_bugs"
                else:
                    finals.reason[i] = _stop_reason(configs[i].until_all_bugs)
            keep = ~stopping
            active, states, found = active[keep], states[keep], found[keep]
            page = block_states[-1][keep]
        else:
            page = block_states[-1]
        t += block
        if poll is not None:
            poll(int(stopping.sum()))

    # Without memory every visit to a bug page files a report; the start page counts as seen, but
    # its bug only when the agent comes back to it.
    visits = visits.reshape(count, n1)
    bug_visits = visits[:, bug_pages]
    finals.bugs[:] = (bug_visits > 0).sum(1)
    finals.reports[:] = bug_visits.sum(1)
    visits[:, site.start] += 1
    finals.pages_seen[:] = (visits[:, :n] > 0).sum(1)
    _no_memory_bug_tokens(finals, paths, bug_pages, configs)
    return finals.results(n, paths.lists(finals.steps))


def _no_memory_bug_tokens(finals: _Finals, paths: _Paths, bug_pages: np.ndarray, configs) -> None:
    """Tokens spent when each bug was first reported: the move ``t`` that first reaches its page
    (the start page's too: only coming back reports it) costs ``t`` calls of ``base_tokens``."""
    if not len(bug_pages) or not len(configs):
        return
    longest = int(finals.steps.max())
    if longest == 0:
        return
    moves = paths.buf[1 : longest + 1]  # row t - 1: the page moved to at move t
    made = np.arange(1, longest + 1)[:, None] <= finals.steps  # moves each run really made
    first = np.full((len(configs), len(bug_pages)), _BIG, dtype=np.int64)
    for b, bug in enumerate(bug_pages.tolist()):
        hits = (moves == bug) & made
        first[:, b] = np.where(hits.any(0), hits.argmax(0) + 1, _BIG)
    first.sort(1)  # moves that found a bug first, then _BIG for bugs never found
    found = (first < _BIG).sum(1).tolist()
    base = np.array([c.base_tokens for c in configs], dtype=np.int64)
    spent = (np.where(first < _BIG, first, 0) * base[:, None]).tolist()
    finals.bug_tokens = [row[:k] for row, k in zip(spent, found, strict=True)]
