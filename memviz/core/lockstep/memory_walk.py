"""The batch engine for strategies with memory: per-run draw counters, memory in stamped slots, plans in bulk.

Each run's settings, counters and window of draws are its rows (:mod:`memviz.core.lockstep.run_rows`);
this module steps them: the choice, the frontier's plan, the move, memory's writes and expiry.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memviz.core.engine import RunConfig, RunResult
from memviz.core.lockstep.common import (
    _BIG,
    POLL_EVERY,
    SCALAR_MAX_STEPS,
    SCALAR_TAIL,
    Poll,
    _run_scalar,
    _site_tables,
    supports,
)
from memviz.core.lockstep.expiry import ExpiringEntries
from memviz.core.lockstep.memory_site import _MemorySite
from memviz.core.lockstep.reading_step import ReadingRows
from memviz.core.lockstep.run_rows import RunRows
from memviz.core.lockstep.settled import SettledRows
from memviz.core.lockstep.twins import TwinRows
from memviz.core.site import Site
from memviz.core.strategies import RANDOM_WALK, STRATEGIES


def run_memory_batch(
    site: Site, configs: Sequence[RunConfig], poll: Poll | None = None, scalar_tail: int = SCALAR_TAIL
) -> list[RunResult]:
    """Memory runs the lock-step engine supports (any capacity, policy with a kernel, limits and
    token prices, per run)."""
    for c in {(c.strategy, c.policy, c.bug_list, c.read_top): c for c in configs}.values():  # each kind once
        if STRATEGIES.get(c.strategy).kernel is RANDOM_WALK:
            raise ValueError("run_memory_batch: no-memory runs go to run_random_batch")
        if not supports(c, site.n_pages):
            raise ValueError(
                f"run_memory_batch: {c.strategy}/{c.policy} has no batch kernel (run_batch routes it)"
            )
    return _MemoryBatch(site, configs, poll, scalar_tail).run()


_REASONS = ("", "all_bugs", "max_steps", "budget", "dead_end", "done")
_ALL_BUGS, _MAX_STEPS, _BUDGET, _DEAD_END, _DONE = range(1, 6)


class _MemoryBatch(RunRows, ExpiringEntries, TwinRows, SettledRows, ReadingRows):
    """State of the unfinished runs, one column (or row) each; finished runs are dropped.

    Memory is ``unknown`` (one boolean row per run, True for pages not in memory; column ``n``
    stands for the padding of short link lists and is never unknown, so padding is never a fresh
    link) and, for runs whose memory can fill, its entries in slots: ``slot_page`` (the page a slot
    holds, ``n`` for an empty one) and ``slot_stamp``, each entry's order: the step it was written
    at, or for a policy whose kernel ``touches_on_revisit`` (LRU) the step it was last used at; the
    policy's kernel picks a full memory's victim slot from its slots' stamps, so a step's work is
    the memory's size and the page's links, never the site's size. ``unseen`` marks pages never
    visited. With memory the agent reports a bug the first time it reaches its page and never
    again, so bugs found are the bug pages first reached by a move (the start page's bug when the
    agent first comes back to it).
    """

    def __init__(self, site: Site, configs: Sequence[RunConfig], poll: Poll | None, scalar_tail: int) -> None:
        self.site, self.configs, self.poll, self.scalar_tail = site, configs, poll, scalar_tail
        tables = _site_tables(site, _MemorySite)
        self.n, self.n1, self.width = tables.n, tables.n + 1, tables.width
        self.links, self.degrees, self.dead_ends = tables.links, tables.degrees, tables.dead_ends
        self.indptr, self.indices, self.is_bug = tables.indptr, tables.indices, tables.is_bug
        self.search_degrees, self.search_table = tables.search_degrees, tables.search_table
        self.tables = tables
        self.missing_links: np.ndarray | None = None  # see run
        self.page_bits, self.hop_bits = self.n1.bit_length(), self.width.bit_length()
        self._seen = np.zeros(0, dtype=bool)  # the planner's scratch (see _plan_first_hops)
        # packed (run, page, first hop) in 32 bits when they fit: half the memory traffic
        fits = len(configs) << (self.page_bits + self.hop_bits) < 1 << 31
        self.pack_dtype = np.int32 if fits else np.int64
        self.pack_table = None  # the padded table's pages in the packing's integer type, shifted into place
        if self.search_table is not None:
            self.pack_table = self.search_table.astype(self.pack_dtype) << self.hop_bits
        self._reached: list[np.ndarray] = []
        self.start_is_bug = site.start in site.bug_by_page
        self.prefix = tables.prefix
        self.scalar: dict[int, RunResult] = {}
        self.slots = 0  # columns of the memory slots (see run)

    def run(self) -> list[RunResult]:
        count = len(self.configs)
        if count == 0:
            return []
        limits = self._start(count)
        self._set_up_runs(limits)
        self._set_up_memory()
        self._walk(count)
        return self._results()

    def _set_up_memory(self) -> None:
        """Each run's memory (in slots where its order matters) and what it has not seen."""
        site, n, n1, r = self.site, self.n, self.n1, len(self.ids)
        # The memory of each run that can fill it, in slots: the page a slot holds (page n: empty)
        # and its stamp. A full memory's policy reads these stamps and the written page takes its
        # victim's slot, so an eviction costs the memory's size, not the site's. Runs that never
        # fill keep no slots (their order never matters), unless their entries expire: those hold
        # at most ttl + 1 entries (one per step of the last ttl, and the step's new one).
        # Reading runs keep slots too, whatever their capacity: retrieval ranks entries, not pages.
        self.slotted = (self.capacity < n) | self.expires | self.reads
        # what holds for every run of the batch holds for every run left in it (runs only finish, and
        # a parted twin is a copy of its run): the steps skip picking such runs out
        self.all_slotted, self.all_touch = bool(self.slotted.all()), bool(self.touch.all())
        self.all_expire = bool(self.expires.all())
        self.bugs_found = True  # as good as: the first step looks for runs that found every bug
        self.any_target = bool((self.target >= 0).any())  # runs that stop on finding every bug
        held = np.where(self.expires, np.minimum(self.capacity, np.minimum(self.ttl + 1, n)), self.capacity)
        held = np.minimum(held, n)
        slots = self.slots = int(held[self.slotted].max(initial=0))
        self.slot_page = np.full((r, slots), n, dtype=np.int64)
        self.slot_stamp = np.full((r, slots), _BIG, dtype=np.int64)
        self.slot_page[self.slotted, :1] = site.start
        self.slot_stamp[self.slotted, :1] = 0
        self.slot_met = np.zeros((r, slots), dtype=np.int64)  # the step retrieval last met each entry
        self.unseen = np.ones((r, n1), dtype=bool)
        self.unseen[:, site.start] = False
        # With memory that never fills, the frontier planner's searches are wide (every remembered
        # page may be on the way): for them each run counts, per page, the page's own links (see
        # _MemorySite.indices) missing from its memory, updated as pages enter and leave memory. A
        # search then tells a page with such a link (its run is decided) by one look-up, not by
        # reading its links. Batches of capped runs (shallow searches) skip the upkeep.
        self.missing_links = None
        if (~self.slotted).any():
            # a row per run, 1 << page_bits wide: a search's key (run << page_bits | page) indexes it
            counts = np.zeros(1 << self.page_bits, dtype=np.int16)  # a page's links: fewer than 2^15
            counts[:n] = self.search_degrees
            self.missing_links = np.repeat(counts[None, :], r, axis=0)
            self._recount(self.count_rows, np.full(r, site.start, dtype=np.int64), -1)
        self._bind(first=True)
        self._set_up_expiry()  # reads the batch's flags (any_reads), set as the rows are bound

    def _walk(self, count: int) -> None:
        """Step every run together until each has finished (the last few on the scalar engine)."""
        t = 0
        self.finished_since_poll = count - self.max_rows  # the runs of no steps are over
        safe_steps = 0  # steps every run can take before the window of draws may run out
        self._set_up_fresh_step()
        while len(self.ids):
            if len(self.ids) <= self.scalar_tail and int(self.limit.max()) <= SCALAR_MAX_STEPS:
                self._finish_scalar()
                break
            if not safe_steps:  # a step takes at most max_draws draws of a run
                safe_steps = self._steps_of_draws_left()
            safe_steps -= 1
            if self.any_expires:
                self._expire(t + 1)
            if self._settle(t):  # settled runs walk to their end apart (settled.py)
                break
            taken = self._walk_standing(t, safe_steps + 1)  # reading runs' long tail (standing.py)
            if taken:  # whole steps, polled and finished as this loop does
                t, safe_steps = t + taken, safe_steps + 1 - taken
                continue
            # reading runs' usual step, fused (reading_step.py), or the general one
            if not (self._call_and_fresh_step(t) or self._general_step(t)):
                break  # no run left
            t += 1
            self._poll_at(t)
        self._walk_parked()
        if self.poll is not None and self.finished_since_poll:
            self.poll(self.finished_since_poll)

    def _poll_at(self, t: int) -> None:
        """After step ``t``: the poll, every POLL_EVERY steps, with the runs finished since the last."""
        if self.poll is not None and t % POLL_EVERY == 0:
            self.poll(self.finished_since_poll)
            self.finished_since_poll = 0

    def _general_step(self, t: int) -> bool:
        """Step ``t + 1`` by the general choice (step ``t``'s call made): whether any run is left."""
        to, stopping, reasons = self._choose()
        if stopping is not None:
            self._finish(stopping, reasons, t)
            to = to[~stopping]
            if not len(self.ids):
                return False
        self._move(to, t + 1)
        self._finish_the_done(t + 1)
        return True

    def _finish_the_done(self, t: int) -> None:
        """After step ``t``: the runs that found every bug they were after, or reached their limit.
        A run finds every bug only at a step that finds one (or at once: a site of no bugs)."""
        if not ((self.bugs_found and self.any_target) or t >= self.min_limit):
            return
        self.bugs_found = False
        all_found = self.bugs == self.target
        if np.count_nonzero(all_found) or t >= self.min_limit:
            done = all_found | (self.limit <= t)
            if np.count_nonzero(done):
                reasons = np.where(all_found, _ALL_BUGS, np.where(self.target >= 0, _MAX_STEPS, _BUDGET))
                self._finish(done, reasons[done], t)

    def _results(self) -> list[RunResult]:
        """Every run's result, in the order of the configs."""
        finals = self.finals
        results = finals.results(self.n, self.paths.lists(finals.steps))
        for i, result in self.scalar.items():
            results[i] = result
        return results

    def _choose(self) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
        """Each run's next page; runs that stop here (dead end, frontier done) are flagged."""
        page = self.page
        r = len(page)
        cand_rows, cumulative, n_fresh = self._fresh_links()
        cand = cand_rows.T
        if np.count_nonzero(n_fresh) == r:  # every run picks a fresh link (a capped memory's usual step)
            return self._pick_fresh(cand_rows, cumulative, n_fresh), None, None
        has_fresh = n_fresh > 0
        degree = self.degrees.take(page)
        if self.any_twins and self._part_twins(has_fresh, degree):
            return self._choose()  # again, with the parted frontier runs' rows
        u = self.draws.ravel().take(self.draw_rows + (self.ctr - self.drawn))
        # frontier draws only to pick a fresh link; visited also to pick any link when none is fresh
        if self.dead_ends:
            has_links = degree > 0
            draws = has_fresh | (self.visited_only & has_links)
        else:
            draws = has_fresh | self.visited_only
        self.ctr += draws
        k = (u * np.where(has_fresh, n_fresh, degree)).astype(np.int64)
        pos = np.where(
            has_fresh, (cumulative <= k.astype(cumulative.dtype)).sum(0), k
        )  # k-th fresh, or link k
        to = cand_rows.ravel().take(self.link_rows + pos)
        if np.count_nonzero(draws) == r:
            return to, None, None
        if not self.dead_ends:
            has_links = np.ones(r, dtype=bool)
        plan = ~draws & has_links  # frontier, every link remembered
        stopping = ~has_links
        if np.count_nonzero(plan):
            plan_rows = plan.nonzero()[0]
            hops = self._plan_first_hops(plan_rows, cand[:, plan_rows])
            to[plan_rows] = hops
            stopping[plan_rows[hops < 0]] = True
        if not np.count_nonzero(stopping):
            return to, None, None
        return to, stopping, np.where(has_links, _DONE, _DEAD_END)[stopping]

    def _fresh_links(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each run's links from its page (runs × width, padding n), how many of the first j + 1 are
        fresh (row j, as :meth:`_fresh_so_far`) and how many in all, as this step's call shows memory."""
        cand_rows = self.links.take(self.page, axis=0)
        known = self.unknown if self.believed is None else self.believed
        cumulative = self._fresh_so_far(known.ravel().take(cand_rows.T + self.memory_rows))
        return cand_rows, cumulative, cumulative[-1]

    def _pick_fresh(self, cand_rows: np.ndarray, cumulative: np.ndarray, n_fresh: np.ndarray) -> np.ndarray:
        """Each run's next page when every run has a fresh link: one draw each (the counters move on)."""
        u = self._draw_all()
        # the k-th fresh link, k = floor(u · fresh): the links up to it hold at most u · fresh fresh
        # ones (whole counts: c <= x exactly when c <= floor(x))
        pos = np.add.reduce(cumulative <= u * n_fresh, 0)
        return cand_rows.ravel().take(self.link_rows + pos)

    def _fresh_so_far(self, fresh: np.ndarray) -> np.ndarray:
        """Row j: each run's fresh links among its first j + 1 (``fresh``: one row per link, a column
        per run)."""
        # For a small batch a product with a triangle of ones is one call, cheaper than numpy's cumsum
        # over a short first axis or row-by-row sums (CPU time, 11 links: 2.3 against 9.7 us at 281
        # runs, 4.7 against 12 at 1,000); for a wider one, row-by-row sums (and BLAS may go
        # multi-threaded, which a busy machine punishes); for a page with many links (a hub), numpy's
        # cumsum: one call, not one per link.
        if self.prefix is not None and fresh.shape[1] <= 1024:
            return np.matmul(self.prefix, fresh, dtype=np.float32)  # small counts: exact
        if self.prefix is None:
            return np.cumsum(fresh, axis=0, dtype=np.int32)
        cumulative = np.empty(fresh.shape, dtype=np.int16 if self.width < 30000 else np.int64)
        cumulative[0] = fresh[0]
        for j in range(1, self.width):
            np.add(cumulative[j - 1], fresh[j], out=cumulative[j])
        return cumulative

    def _plan_first_hops(self, rows: np.ndarray, cand: np.ndarray) -> np.ndarray:
        """Frontier's plan for runs whose every link is remembered: the first hop, or -1 (done).

        The scalar BFS returns the first page missing from memory that it discovers, expanding the
        current page's links, then remembered pages' link lists. Its queue holds each level in order
        of first hop (the index of the current page's link a path starts with), so the page it returns
        is reached, at the first level that holds an unremembered page, through the smallest first
        hop that reaches one. This search runs the BFS of every planning run at once, one level at a
        time, over index arrays. A level is one sorted array of ``(run, page, first hop)`` packed in
        an integer (``run << page_bits | page``, the key, then ``<< hop_bits | hop``), one entry per
        page, with the smallest first hop of the paths that reach it in that many steps (the one the
        scalar BFS's queue gives it). Its cost is the pages the searches visit, never pages × pages.
        Fields are packed with shifts, not products: numpy's integer division is several times slower.
        """
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: one algorithm, the level-by-level
        # search the docstring describes, whose loop shares a dozen index arrays.
        n = self.n
        page_bits, hop_bits = self.page_bits, self.hop_bits
        page_mask, hop_mask = (1 << page_bits) - 1, (1 << hop_bits) - 1
        hops = np.full(len(self.ids), -1, dtype=np.int64)  # by run (row of the batch)
        unknown = (self.unknown if self.believed is None else self.believed).ravel()
        memory_base = self.memory_rows  # where each run's row of ``unknown`` starts
        # per run, the pages the search has reached (and page n, the padding); kept between plans and
        # cleared by key afterwards, as zeroing it whole would cost more than most searches
        if len(self._seen) < len(self.ids) << page_bits:
            self._seen = np.zeros(len(self.ids) << page_bits, dtype=bool)
        seen = self._seen
        dtype = self.pack_dtype
        run_keys = rows.astype(dtype) << page_bits  # a key's run is its row: the counts' layout too
        reached = self._reached = [run_keys | self.page[rows], run_keys | n]
        seen[reached[0]] = True
        seen[reached[1]] = True
        # level 1: the current page's links, by first hop (all remembered, or the run would not plan)
        first = (run_keys << hop_bits) | np.arange(self.width, dtype=dtype)[:, None]  # (width, k)
        level = self._level((first | (cand.astype(dtype) << hop_bits)).ravel(), seen)  # padding: reached
        # A page of the level with a link to a page missing from memory decides its run: that page is
        # at the next level, and the smallest first hop among the level's such pages is the smallest
        # among the next level's hits. So a run is decided before its last level is built and sorted
        # (the biggest: the search widens level by level). Whether a page has such a link is one
        # look-up where the runs count them (missing_links), else read off its links. A run's current
        # page may be missing from its memory (expired with ttl 0, or left out of a reading run's
        # call), and the scalar search never returns the page it starts from: then links are read.
        current = self.page
        guard = bool(unknown.take(memory_base.take(rows) + current.take(rows)).any())
        counts = (
            self.missing_links.ravel() if self.missing_links is not None and self.believed is None else None
        )
        counts = None if guard else counts
        table = self.pack_table  # the padded table (page n pads: never missing from memory)
        while len(level):
            keys = level >> hop_bits
            pages = keys & page_mask
            runs = keys >> page_bits
            if counts is not None:
                boundary = counts.take(keys) > 0
            else:
                boundary = self._missing_a_link(runs, pages, memory_base, unknown, current if guard else None)
            if boundary.any():
                # these runs are decided: the smallest first hop among their boundary pages
                hit = level[boundary]
                hit = ((hit >> (hop_bits + page_bits)) << hop_bits) | (hit & hop_mask)  # run, first hop
                decided = self._level(hit, None)
                hit_runs, hit_hops = decided >> hop_bits, decided & hop_mask
                hops[hit_runs] = self.links.ravel().take(current.take(hit_runs) * self.width + hit_hops)
                going = hops.take(runs) < 0
                level, pages = level[going], pages[going]
            # expand every page of the level (all remembered, no link missing from memory): its links
            base = level ^ (pages << hop_bits)  # run and first hop
            if table is not None:
                level = (base[:, None] | table.take(pages, axis=0)).ravel()  # padding: reached
            else:
                degree = self.search_degrees.take(pages)
                level = base.repeat(degree) | (self._links_of(pages, degree).astype(dtype) << hop_bits)
            level = self._level(level, seen)
        for keys in reached:
            seen[keys] = False
        return hops.take(rows)

    def _links_of(self, pages: np.ndarray, degree: np.ndarray) -> np.ndarray:
        """The own links of ``pages`` (``degree`` each), one after the other (from the CSR lists)."""
        ends = np.cumsum(degree)
        total = int(ends[-1]) if len(ends) else 0
        at = np.arange(total) + (self.indptr.take(pages) - ends + degree).repeat(degree)
        return self.indices.take(at)

    def _missing_a_link(
        self, runs: np.ndarray, pages: np.ndarray, memory_base: np.ndarray, unknown: np.ndarray,
        current: np.ndarray | None,
    ) -> np.ndarray:  # fmt: skip
        """Whether each page has an own link to a page missing from its run's memory (read off its
        links; ``current``: each run's page, never counted as missing)."""
        if self.search_table is not None:
            links = self.search_table.take(pages, axis=0)
            missing = unknown.take(memory_base.take(runs)[:, None] + links)
            if current is not None:
                missing &= links != current.take(runs)[:, None]
            return missing.any(1)
        degree = self.search_degrees.take(pages)
        links = self._links_of(pages, degree)
        missing = unknown.take(memory_base.take(runs).repeat(degree) + links)
        if current is not None:
            missing &= links != current.take(runs).repeat(degree)
        boundary = np.zeros(len(pages), dtype=bool)
        boundary[np.arange(len(pages)).repeat(degree)[missing]] = True
        return boundary

    def _level(self, packed: np.ndarray, seen: np.ndarray | None) -> np.ndarray:
        """The entries whose key (``packed >> hop_bits``) is not ``seen`` yet (then marked seen),
        one per key, the one with the smallest first hop, sorted."""
        hop_bits = self.hop_bits
        if seen is not None:
            new = seen.take(packed >> hop_bits)
            np.logical_not(new, out=new)
            packed = packed[new]
        packed.sort()  # by key, then first hop (a plain sort: np.unique's hashing is slower here)
        keys = packed >> hop_bits
        first = np.empty(len(keys), dtype=bool)
        first[:1] = True
        np.not_equal(keys[1:], keys[:-1], out=first[1:])
        packed = packed[first]
        if seen is not None:
            keys = keys[first]
            seen[keys] = True
            self._reached.append(keys)
        return packed

    def _move(self, to: np.ndarray, t: int) -> None:
        """Step ``t``: every run arrives on its page of ``to``, then writes it to memory."""
        flat = self.memory_rows + to  # each run's cell of its page in ``unseen`` and ``unknown``
        if self.standing is not None:  # the scores kept while memories hold still (standing.py)
            self._standing_writes(flat)
        self._arrive(to, flat, t)
        self._write(to, flat, t)

    def _arrive(self, to: np.ndarray, flat: np.ndarray, t: int) -> None:
        """The runs' paths, pages seen and bugs found (with the tokens spent when each was found)."""
        self.page[:] = to
        if t >= len(self.paths.buf):
            self.paths.ensure(t)
        if self.ids_in_order:  # the batch holds every run, in order: the step's row at once
            self.paths.buf[t] = to
        else:
            self.paths.buf[t, self.ids] = to
        unseen = self.unseen.ravel()
        new = unseen.take(flat)
        self.pages_seen += new
        unseen[flat] = False
        new_bug = self.is_bug.take(to)
        new_bug &= new
        if self.start_is_bug:
            back_home = to == self.site.start
            new_bug |= back_home & self.start_bug_pending
            self.start_bug_pending &= ~back_home
        if np.count_nonzero(new_bug):  # tokens spent so far, as the bug is reported
            self.bugs += new_bug
            self.bugs_found = True
            rows = new_bug.nonzero()[0]
            ids = self.ids[rows]
            spent = self.base[ids] * t + self.entry[ids] * self.size_sum[rows]
            bug_tokens = self.finals.bug_tokens
            for i, tokens in zip(ids.tolist(), spent.tolist(), strict=True):
                bug_tokens[i].append(tokens)

    def _write(self, to: np.ndarray, flat: np.ndarray, t: int) -> None:
        """Memory: a page not held is written (evicting the policy's victim from a full memory), a
        page held is touched (LRU) or met again by retrieval."""
        unknown = self.unknown.ravel()
        write = unknown.take(flat)
        if not self.any_full_possible:  # no memory ever fills: the order of entries never matters
            unknown[flat[write]] = False
            if self.missing_links is not None:
                self._recount(self.count_rows[write], to[write], -1)
            self.size += write
            return
        if self.ring:  # entries expire and memories never fill: the slots are a ring (expiry.py)
            self._write_to_ring(to, flat, write, t)
            return
        r = len(write)
        held = None
        if (self.any_touch or self.any_reads) and np.count_nonzero(write) < r:
            held = self._touch_held(to, t)
        full = write & (self.size >= self.capacity)
        evicting = np.count_nonzero(full)
        if evicting == r:  # every run writes to a full memory (a capped batch's usual step)
            at, written = self._slot_rows + self._victims(self.rows), to
            self._forget(at)
            unknown[flat] = False
            if self.missing_links is not None:
                self._recount(self.count_rows, to, -1)
        else:
            at, written = self._write_some(to, flat, write, full if evicting else None)
        self.slot_page.ravel()[at] = written
        self.slot_stamp.ravel()[at] = t
        if self.any_reads:  # retrieval meets the page it writes or finds again (scalar: Retrieval.met)
            self.slot_met.ravel()[at] = t
            if held is not None:
                np.copyto(self.slot_met, t, where=held & self.reads[:, None])

    def _touch_held(self, to: np.ndarray, t: int) -> np.ndarray:
        """The slot holding each run's page, where it holds it (a page not in memory is in no slot,
        and a run without slots holds only page n, which no run is ever on); touched if the run's
        policy touches on a revisit (LRU: a revisit is a use)."""
        held = self.slot_page == to[:, None]
        if self.any_touch:
            np.copyto(self.slot_stamp, t, where=held if self.all_touch else held & self.touch[:, None])
        return held

    def _forget(self, at: np.ndarray, rows: np.ndarray | None = None) -> None:
        """The entries in slots ``at`` (counted over every run's slots) of the runs ``rows`` (None:
        every run) leave memory (the slots are written next)."""
        gone = self.slot_page.ravel().take(at)
        self.unknown.ravel()[(self.memory_rows if rows is None else self.memory_rows.take(rows)) + gone] = (
            True
        )
        if self.missing_links is not None:
            self._recount(self.count_rows if rows is None else self.count_rows[rows], gone, 1)

    def _write_some(
        self, to: np.ndarray, flat: np.ndarray, write: np.ndarray, full: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """The runs of ``write`` write their page (those of ``full`` evict first). Returns the slots
        (counted over every run's slots) the runs that keep slots write to, and their pages."""
        if self.all_expire:  # a memory writes to its first empty slot (entries expire anywhere)
            slot = (self.slot_page == self.n).argmax(1)
        else:  # a memory with room writes to its next empty slot, or where entries expired its first one
            slot = self.size.copy()
            if self.any_expires:
                holes = (write & self.expires).nonzero()[0]
                slot[holes] = (self.slot_page[holes] == self.n).argmax(1)
        if full is not None:
            evict_rows = full.nonzero()[0]
            victims = self._victims(evict_rows)
            self._forget(self._slot_rows.take(evict_rows) + victims, evict_rows)
            slot[evict_rows] = victims
            self.size -= full
        self.unknown.ravel()[flat[write]] = False
        if self.missing_links is not None:
            self._recount(self.count_rows[write], to[write], -1)
        self.size += write
        written = write if self.all_slotted else write & self.slotted
        return (self._slot_rows + slot)[written], to[written]

    def _recount(self, bases: np.ndarray, pages: np.ndarray, change: int) -> None:
        """Each of ``pages`` entered (``change`` -1) or left (+1) the memory of the run whose row
        starts at the same entry of ``bases``: the pages linking to it have one link more or less
        missing from that memory (page n, the padding, takes what the padding adds)."""
        tables = self.tables
        if tables.reverse_table is not None:
            at = (bases[:, None] + tables.reverse_table.take(pages, axis=0)).ravel()
        else:
            degree = tables.in_degrees.take(pages)
            ends = np.cumsum(degree)
            total = int(ends[-1]) if len(ends) else 0
            at = np.arange(total) + (tables.reverse_indptr.take(pages) - ends + degree).repeat(degree)
            at = bases.repeat(degree) + tables.reverse_indices.take(at)
        # a page may link to another more than once; a typed change: a Python int takes a slow path
        np.add.at(self.missing_links.ravel(), at, np.int16(change))

    def _victims(self, rows: np.ndarray) -> np.ndarray:
        """The slot each full memory forgets, as its policy's kernel picks it from the stamps of its
        slots (the pages it holds; the kernel sees columns of slots, never the site's pages)."""
        if len(self.kernels) == 1:
            if len(rows) == len(self.ids):  # every run evicts (rows: sorted, distinct): no rows to pick
                return self.kernels[0].victims(self._slot_stamps(rows), self.size, self._draw_all)
            return self.kernels[0].victims(
                self._slot_stamps(rows), self.size.take(rows), lambda: self._draw(rows)
            )
        victims = np.empty(len(rows), dtype=np.int64)
        kinds = self.kernel[rows]
        for k, kernel in enumerate(self.kernels):
            mine = kinds == k
            if mine.any():
                sub = rows[mine]
                victims[mine] = kernel.victims(
                    self._slot_stamps(sub), self.size[sub], lambda sub=sub: self._draw(sub)
                )
        return victims

    def _slot_stamps(self, rows: np.ndarray) -> np.ndarray:
        """The stamps of these runs' memory slots, as many columns as the largest of their memories
        (an empty slot's stamp is that of a page not in memory). Every run's: a view, read-only."""
        if len(rows) == len(self.ids):
            stamps = self.slot_stamp[:, : self.widest_memory].view()
            stamps.flags.writeable = False  # the batch's own stamps, lent to the policy's kernel
            return stamps
        stamps = self.slot_stamp.take(rows, axis=0)
        width = int(self.capacity.take(rows).max())
        return stamps if width >= self.slots else stamps[:, :width]

    def _finish(self, done: np.ndarray, reasons: np.ndarray, t: int) -> None:
        """Record the runs in ``done`` after ``t`` steps (and a call more if they stopped choosing)."""
        finals = self.finals
        ids = self.ids[done]
        calls = t + (reasons >= _DEAD_END)
        finals.steps[ids] = t
        finals.pages_seen[ids] = self.pages_seen[done]
        finals.bugs[ids] = self.bugs[done]
        finals.reports[ids] = self.bugs[done]
        finals.tokens[ids] = self.base[ids] * calls + self.entry[ids] * self.size_sum[done]
        for i, reason in zip(ids.tolist(), reasons.tolist(), strict=True):
            finals.reason[i] = _REASONS[reason]
        self.finished_since_poll += len(ids)
        if self.any_twins:
            self._finish_twins(done, t)
        self._drop(~done)

    def _drop(self, keep: np.ndarray) -> None:
        """Only the runs in ``keep`` go on in the batch."""
        self.ids, self.seeds, self.draws = self.ids[keep], self.seeds[keep], self.draws[keep]
        self.twin = self.twin[keep]
        self.ints, self.flags = self.ints[:, keep], self.flags[:, keep]
        self.unknown, self.unseen, self.slotted = self.unknown[keep], self.unseen[keep], self.slotted[keep]
        self.slot_page, self.slot_stamp = self.slot_page[keep], self.slot_stamp[keep]
        self.slot_met = self.slot_met[keep]
        if self.missing_links is not None:
            self.missing_links = self.missing_links[keep]
        self._bind()

    def _finish_scalar(self) -> None:
        """The last few runs cost less from scratch in the scalar engine than as a batch of a few."""
        if self.poll is not None and self.finished_since_poll:
            self.poll(self.finished_since_poll)
        self.finished_since_poll = 0
        ids = self.ids.tolist() + self.twin[self.twin >= 0].tolist()  # twins run on their own there
        for i, result in zip(
            ids, _run_scalar(self.site, [self.configs[i] for i in ids], self.poll), strict=True
        ):
            self.scalar[i] = result
        self.ids = self.ids[:0]
