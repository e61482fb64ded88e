"""Many runs advanced together with numpy: the batch engine behind every table and sweep.

Why two implementations of a run
--------------------------------
:class:`memviz.core.engine.Exploration` is the reference and defines the rules: one run, one step
at a time, a :class:`~memviz.core.engine.StepEvent` per step for the window to draw. It is plain
Python and a step costs a few microseconds, as in the chapter's own script; the chapter's whole
table is about 290,000 steps, so no tuning of that loop makes the report several times faster than
the script. This module computes the same results (:class:`~memviz.core.engine.RunResult`) for a whole
batch of runs at once: state is held in arrays with one entry per run, and one pass of the loop
advances every unfinished run by one step, so the interpreter's cost of a step is paid once per
batch instead of once per run. :class:`~memviz.core.experiments.Runner` (every batch, sweep, cost
table and the report) uses this module; the window's step-by-step view uses ``Exploration``.

It is possible because mulberry32 is counter-based (draw ``k`` of a seed mixes only
``seed + k·0x6D2B79F5``): each run keeps its own draw counter, and the draws of every run for many
steps are mixed in one numpy call (:func:`memviz.core.rng.mulberry32_rows`,
:func:`~memviz.core.rng.mulberry32_words`), bit for bit the scalar generator's. Everything else a
result depends on is integer bookkeeping (pages seen, bugs found, memory as membership plus an
order stamp: FIFO when written, LRU when last used; random eviction takes the k-th member in
writing order, as :meth:`Memory.write` does with ``list(entries)``); float work is limited to
``floor(draw · n)`` and the final divisions, with the same IEEE operations as the scalar engine.

How the two are held equal
--------------------------
``tests/core/test_lockstep.py`` runs random sites (1–30 pages, dead ends, empty nav, no bugs, a bug
on the start page) under random configs through both engines and asserts that every field of
every result is equal; it checks each special path (interval codes, random eviction, the tables
left out for huge sites) and the chapter's golden figures through ``Runner``. A change to the
rules of a run must be made in both places: the property test fails until it is.

Which runs it takes
-------------------
A strategy is batched when its registered ``kernel`` names one of :data:`STRATEGY_KERNELS`, and a
memory run's eviction policy when it carries a :class:`~memviz.core.policies.PolicyKernel`.
:func:`supports` says so per config; :func:`run_batch` sends every other config to the scalar
engine, so a policy registered without a kernel is right everywhere, only slower in batches.

Two engines
-----------
- :func:`run_random_batch`, for the no-memory strategy: a run draws exactly once per step, so a
  block of steps' draws is mixed up front and each draw reduced to an interval code, exactly (see
  :class:`_RandomWalkSite`); a step of the whole batch is then one table look-up,
  ``NEXT[code, page]``. Stops (all bugs found, step limit, dead end) are read off each block.
- :func:`run_memory_batch`, for ``visited`` and ``frontier``: a run draws once per fresh or fallback
  pick and once per random eviction, so each run advances its own counter. Frontier's plan through
  memory draws nothing; it is computed for the runs that need it in a step, all at once (see
  :meth:`_MemoryBatch._plan_first_hops`). When only a few runs are left, the scalar engine finishes
  them from scratch: a step of a batch of a few costs as much as a step of a batch of thousands.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence

import numpy as np

from memviz.core.engine import RunConfig, RunResult, run
from memviz.core.policies import NOT_IN_MEMORY, POLICIES, PolicyKernel
from memviz.core.rng import _GOLDEN_STEP, _MASK, _TWO_POW_32, mulberry32_rows, mulberry32_words
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES

Poll = Callable[[int], None]  # called now and then with how many runs finished since the last call

POLL_EVERY = 4  # steps between polls: even a 5000-run batch of 30-step runs sees cancel within ~0.1 s
RANDOM_BLOCK = 128  # steps mixed at once for no-memory runs that go on until every bug is found
_NEXT_TABLE_LIMIT = 1 << 21  # entries; beyond it (huge sites) no-memory runs index links per step
_BIG = NOT_IN_MEMORY  # also "not in memory" in the stamps policies' kernels read
SCALAR_TAIL = 16  # memory runs: when this few are left, the scalar engine finishes them sooner
SCALAR_MAX_STEPS = 20_000  # ...if none may go on longer (a scalar run cannot be cancelled midway)


# A strategy's ``kernel`` names its lock-step implementation: which batch engine runs it and how
# it picks when every link is remembered (``fresh_or_any``: any link; ``fresh_or_plan``: plan).
RANDOM_WALK = "random_walk"
STRATEGY_KERNELS = (RANDOM_WALK, "fresh_or_any", "fresh_or_plan")


def supports(config: RunConfig) -> bool:
    """Whether the lock-step engine runs ``config`` (its strategy and, with memory, its eviction
    policy have batch kernels). An unknown name raises ConfigError."""
    strategy = STRATEGIES.get(config.strategy)
    if strategy.kernel not in STRATEGY_KERNELS:
        return False
    return not strategy.uses_memory or POLICIES.get(config.policy).kernel is not None


def route(config: RunConfig) -> str:
    """The engine a batch sends ``config`` to: "random" or "memory" (lock-step kernels), or
    "scalar" when its strategy or policy has no batch kernel. ``opt`` is scalar by design: at each
    eviction it plays the rest of the run once per entry, which is branching scalar work."""
    if not supports(config):
        return "scalar"
    return "random" if STRATEGIES.get(config.strategy).kernel == RANDOM_WALK else "memory"


def run_batch(
    site: Site, configs: Sequence[RunConfig], poll: Poll | None = None, scalar_tail: int = SCALAR_TAIL
) -> list[RunResult]:
    """The result of every config, in order, equal to ``memviz.core.engine.run(site, config)``.

    Configs the lock-step engine does not :func:`support <supports>` run in the scalar engine.
    ``poll(finished)`` is called every few steps with the number of runs finished since its last
    call (it may raise to cancel). Memory runs hand their last ``scalar_tail`` runs to the scalar
    engine, and groups that small run there from the start, unless a run may take more than
    :data:`SCALAR_MAX_STEPS` steps; ``scalar_tail=0`` keeps every run in the lock-step arrays.
    """
    results: list[RunResult | None] = [None] * len(configs)
    groups: dict[str, list[int]] = {"scalar": [], "random": [], "memory": []}
    engine_of: dict[tuple[str, str], str] = {}  # by (strategy, policy): asked once per pair
    for i, config in enumerate(configs):
        key = (config.strategy, config.policy)
        engine = engine_of.get(key)
        if engine is None:
            engine = engine_of[key] = route(config)
        groups[engine].append(i)
    for engine, indices in groups.items():
        if not indices:
            continue
        group = [configs[i] for i in indices]
        if engine == "scalar" or (
            len(group) <= scalar_tail and max(c.step_limit for c in group) <= SCALAR_MAX_STEPS
        ):
            batch = _run_scalar(site, group, poll)
        elif engine == "random":
            batch = run_random_batch(site, group, poll)
        else:
            batch = run_memory_batch(site, group, poll, scalar_tail)
        for i, result in zip(indices, batch, strict=True):
            results[i] = result
    return results  # type: ignore[return-value]


# -- shared pieces ---------------------------------------------------------------------------------


def _run_scalar(site: Site, configs: Sequence[RunConfig], poll: Poll | None) -> list[RunResult]:
    """A few runs, one after the other, in the reference engine."""
    results = []
    for config in configs:
        results.append(run(site, config))
        if poll is not None:
            poll(1)
    return results


class _Finals:
    """Per-run totals, filled in as runs stop, turned into RunResults at the end."""

    def __init__(self, count: int) -> None:
        self.steps = np.zeros(count, dtype=np.int64)
        self.pages_seen = np.zeros(count, dtype=np.int64)
        self.bugs = np.zeros(count, dtype=np.int64)
        self.reports = np.zeros(count, dtype=np.int64)
        self.tokens = np.zeros(count, dtype=np.int64)
        self.reason: list[str] = [""] * count
        self.bug_tokens: list[list[int]] = [[] for _ in range(count)]  # at each bug's first report

    def results(self, n_pages: int, paths: list[list[int]]) -> list[RunResult]:
        make = _new_result
        return [
            make(seen / n_pages, (steps - (seen - 1)) / max(steps, 1), bugs, reports, reports - bugs,
                 tokens, steps, path, reason, bug_tokens)  # every step goes to a new page or is a repeat
            for steps, seen, bugs, reports, tokens, reason, path, bug_tokens in zip(
                self.steps.tolist(), self.pages_seen.tolist(), self.bugs.tolist(), self.reports.tolist(),
                self.tokens.tolist(), self.reason, paths, self.bug_tokens, strict=True,
            )
        ]  # fmt: skip


def _new_result(
    coverage, repeat, bugs, reports, dups, tokens, steps, path, stop_reason, bug_tokens
) -> RunResult:
    """``RunResult(...)``, built the way its frozen ``__init__`` builds it, less the per-field calls.

    A batch makes thousands of results and the generated ``__init__`` (one ``object.__setattr__``
    per field) is most of that cost. The instance is the same: same class, same ``__dict__``; the
    equality tests against the scalar engine compare every field.
    """
    result = _bare_result(RunResult)
    result.__dict__.update(coverage=coverage, repeat=repeat, bugs=bugs, reports=reports, dups=dups,
                           tokens=tokens, steps=steps, path=path, stop_reason=stop_reason,
                           bug_tokens=bug_tokens)  # fmt: skip
    return result


_bare_result = object.__new__
if set(RunResult.__dataclass_fields__) != set(_new_result.__code__.co_varnames[:10]) or hasattr(
    RunResult, "__slots__"
):  # RunResult changed shape: build it the checked way
    _new_result = RunResult


class _Paths:
    """Pages visited, one row per step (time-major, so a step writes one row), grown as needed."""

    def __init__(self, count: int, start: int, rows: int) -> None:
        rows = max(1, min(rows, max(64, (1 << 22) // max(count, 1))))  # empty pages cost nothing
        self.buf = np.empty((rows + 1, count), dtype=np.int32)
        self.buf[0] = start

    def ensure(self, last_row: int) -> None:
        if last_row >= len(self.buf):
            grown = np.empty((max(last_row + 1, 2 * len(self.buf)), self.buf.shape[1]), dtype=np.int32)
            grown[: len(self.buf)] = self.buf
            self.buf = grown

    def lists(self, steps: np.ndarray) -> list[list[int]]:
        """Each run's path (its start page and every page it moved to) as a list."""
        if not len(steps):
            return []
        longest = int(steps.max())
        by_run = np.ascontiguousarray(self.buf[: longest + 1].T)
        if 4 * int(steps.mean()) < 3 * longest:  # mostly short rows: convert only what each run walked
            return [row[: s + 1].tolist() for row, s in zip(by_run, steps.tolist(), strict=True)]
        paths = by_run.tolist()
        for i in np.flatnonzero(steps < longest).tolist():
            del paths[i][int(steps[i]) + 1 :]
        return paths


def _stop_reason(until: bool) -> str:
    return "max_steps" if until else "budget"


def _seed_states(configs: Sequence[RunConfig]) -> np.ndarray:
    return np.array([c.seed for c in configs], dtype=np.uint64) & np.uint64(_MASK)


def _advance(states: np.ndarray, draws: int) -> np.ndarray:
    """The counter of each state after ``draws`` more draws."""
    return (states + np.uint64(draws * _GOLDEN_STEP & _MASK)) & np.uint64(_MASK)


_TABLES: dict[tuple[int, type], tuple[Site, object]] = {}
_TABLES_KEPT = 8
_TABLES_LOCK = threading.Lock()


def _site_tables(site: Site, kind: type):
    """``kind(site)``, kept for the last few sites: a report runs many batches on one site.

    The cache holds the site itself, so its id cannot be reused by another site while cached.
    """
    key = (id(site), kind)
    with _TABLES_LOCK:  # the window may run two jobs at once, in two threads
        kept = _TABLES.get(key)
        if kept is None:
            if len(_TABLES) >= _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]
            kept = _TABLES[key] = (site, kind(site))
    return kept[1]


# -- no memory -------------------------------------------------------------------------------------


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


# -- with memory -----------------------------------------------------------------------------------


def run_memory_batch(
    site: Site, configs: Sequence[RunConfig], poll: Poll | None = None, scalar_tail: int = SCALAR_TAIL
) -> list[RunResult]:
    """Memory runs the lock-step engine supports (any capacity, policy with a kernel, limits and
    token prices, per run)."""
    for c in {(c.strategy, c.policy): c for c in configs}.values():  # each pair once
        if STRATEGIES.get(c.strategy).kernel == RANDOM_WALK:
            raise ValueError("run_memory_batch: no-memory runs go to run_random_batch")
        if not supports(c):
            raise ValueError(
                f"run_memory_batch: {c.strategy}/{c.policy} has no batch kernel (run_batch routes it)"
            )
    return _MemoryBatch(site, configs, poll, scalar_tail).run()


class _MemorySite:
    """The site as arrays for memory runs (column/row ``n`` is the padding of short link lists)."""

    def __init__(self, site: Site) -> None:
        n = site.n_pages
        self.n = n
        self.width = width = max(1, max(len(links) for links in site.clickable))
        self.links_t = np.full((width, n), n, dtype=np.int64)  # links_t[j, p]: page p's j-th link
        for p, page_links in enumerate(site.clickable):
            self.links_t[: len(page_links), p] = page_links
        self.degrees = np.array([len(links) for links in site.clickable], dtype=np.int64)
        self.dead_ends = bool((self.degrees == 0).any())
        adjacency = np.zeros((n + 1, n + 1), dtype=np.float32)
        for p, page_links in enumerate(site.clickable):
            adjacency[p, list(page_links)] = 1.0
        self.adjacency_t = np.ascontiguousarray(adjacency.T)
        self.is_bug = np.zeros(n + 1, dtype=bool)
        self.is_bug[list(site.bug_by_page)] = True
        # ones on and below the diagonal: prefix @ fresh counts fresh links (too big for huge pages)
        self.prefix = np.tril(np.ones((width, width), dtype=np.float32)) if width <= 64 else None


_REASONS = ("", "all_bugs", "max_steps", "budget", "dead_end", "done")
_ALL_BUGS, _MAX_STEPS, _BUDGET, _DEAD_END, _DONE = range(1, 6)


class _MemoryBatch:
    """State of the unfinished runs, one column (or row) each; finished runs are dropped.

    Memory is ``unknown`` (one boolean row per run, True for pages not in memory; column ``n``
    stands for the padding of short link lists and is never unknown, so padding is never a fresh
    link) and ``stamp``, each entry's order: the step it was written at, or for a policy whose
    kernel ``touches_on_revisit`` (LRU) the step it was last used at; the policy's kernel picks a
    full memory's victim from the stamps. ``unseen`` marks pages never visited. With memory the
    agent reports a bug the first time it reaches its page and never again, so bugs found are the
    bug pages first reached by a move (the start page's bug when the agent first comes back to it).
    """

    # rows of ``ints``, the per-run integers, and of ``flags``, the per-run booleans
    _INTS = (
        "page", "size", "size_sum", "pages_seen", "bugs", "ctr", "limit", "target", "capacity", "kernel",
    )  # fmt: skip
    _FLAGS = ("touch", "visited_only", "start_bug_pending")

    def __init__(self, site: Site, configs: Sequence[RunConfig], poll: Poll | None, scalar_tail: int) -> None:
        self.site, self.configs, self.poll, self.scalar_tail = site, configs, poll, scalar_tail
        tables = _site_tables(site, _MemorySite)
        self.n, self.n1, self.width = tables.n, tables.n + 1, tables.width
        self.links_t, self.degrees, self.dead_ends = tables.links_t, tables.degrees, tables.dead_ends
        self.adjacency_t, self.is_bug = tables.adjacency_t, tables.is_bug
        self.start_is_bug = site.start in site.bug_by_page
        self.prefix = tables.prefix
        self.scalar: dict[int, RunResult] = {}

    def _bind(self, first: bool = False) -> None:
        """Name the rows of the stacked per-run arrays (views: updating one updates the stack)."""
        for i, name in enumerate(self._INTS):
            setattr(self, name, self.ints[i])
        for i, name in enumerate(self._FLAGS):
            setattr(self, name, self.flags[i])
        r = len(self.ids)
        if first:  # row offsets for the batch's largest size; later sizes use their prefixes
            self._all_rows = np.arange(r)
            self._all_memory_rows = self._all_rows * self.n1
            self.min_limit = int(self.limit.min(initial=0))  # stays a lower bound as runs finish
            self.any_touch = bool(self.touch.any())
            self.any_full_possible = bool((self.capacity < self.n).any())
        self.rows = self._all_rows[:r]
        self.memory_rows = self._all_memory_rows[:r]
        self.draw_rows = self.rows * self.draws.shape[1]

    def run(self) -> list[RunResult]:
        site, configs, n, n1 = self.site, self.configs, self.n, self.n1
        count = len(configs)
        if count == 0:
            return []
        finals = self.finals = _Finals(count)
        limits = np.array([c.step_limit for c in configs], dtype=np.int64)
        self.base = np.array([c.base_tokens for c in configs], dtype=np.int64)
        self.entry = np.array([c.entry_tokens for c in configs], dtype=np.int64)
        self.paths = _Paths(count, site.start, int(limits.max()))
        for i in np.flatnonzero(limits <= 0).tolist():
            finals.reason[i] = _stop_reason(configs[i].until_all_bugs)
            finals.pages_seen[i] = 1

        ids = np.flatnonzero(limits > 0)
        rc = [configs[i] for i in ids.tolist()]
        r = len(ids)
        self.ids = ids
        self.ints = np.zeros((len(self._INTS), r), dtype=np.int64)
        self.flags = np.zeros((len(self._FLAGS), r), dtype=bool)
        self.seeds = _seed_states(rc)
        # The policies' kernels, each once; a run's ``kernel`` row indexes this list.
        kernel_of = {p: POLICIES.get(p).kernel for p in {c.policy for c in rc}}
        self.kernels: list[PolicyKernel] = list(dict.fromkeys(kernel_of.values()))
        kernel_index = {p: self.kernels.index(k) for p, k in kernel_of.items()}
        visited_only = {s: STRATEGIES.get(s).kernel == "fresh_or_any" for s in {c.strategy for c in rc}}
        # Enough draws for most runs' budgets (a pick per step, and the draws of an eviction per
        # step); more are mixed when a run needs them.
        self.max_draws = 1 + max(
            (kernel_of[c.policy].draws_per_eviction for c in rc if c.capacity is not None), default=0
        )
        self.draws = mulberry32_rows(self.seeds, self.max_draws * int(min(limits.max(), 32)) + 2)
        self._bind(first=True)
        self.page[:] = site.start
        self.size[:] = 1
        self.pages_seen[:] = 1
        self.limit[:] = limits[ids]
        # bugs to find before an until-all-bugs run stops; -1: never (a plain budget run)
        self.target[:] = [site.n_bugs if c.until_all_bugs else -1 for c in rc]
        self.capacity[:] = [c.capacity if c.capacity is not None else _BIG for c in rc]
        self.kernel[:] = [kernel_index[c.policy] for c in rc]
        self.touch[:] = [kernel_of[c.policy].touches_on_revisit for c in rc]
        self.visited_only[:] = [visited_only[c.strategy] for c in rc]
        self.start_bug_pending[:] = self.start_is_bug
        self.unknown = np.ones((r, n1), dtype=bool)
        self.unknown[:, n] = False
        self.unknown[:, site.start] = False
        self.stamp = np.full((r, n1), _BIG, dtype=np.int64)
        self.stamp[:, site.start] = 0
        self.unseen = np.ones((r, n1), dtype=bool)
        self.unseen[:, site.start] = False
        self._bind(first=True)

        t = 0
        self.finished_since_poll = count - r
        while len(self.ids):
            if len(self.ids) <= self.scalar_tail and int(self.limit.max()) <= SCALAR_MAX_STEPS:
                self._finish_scalar()
                break
            if int(self.ctr.max()) + self.max_draws > self.draws.shape[1]:  # a step's draws at most
                self._more_draws()
            self.size_sum += self.size  # a call's tokens: base + entry · (entries in memory)
            to, stopping, reasons = self._choose()
            if stopping is not None:
                self._finish(stopping, reasons, t)
                to = to[~stopping]
                if not len(self.ids):
                    break
            t += 1
            self._move(to, t)
            all_found = self.bugs == self.target
            if all_found.any() or t >= self.min_limit:
                done = all_found | (self.limit <= t)
                if done.any():
                    reasons = np.where(all_found, _ALL_BUGS, np.where(self.target >= 0, _MAX_STEPS, _BUDGET))
                    self._finish(done, reasons[done], t)
            if self.poll is not None and t % POLL_EVERY == 0:
                self.poll(self.finished_since_poll)
                self.finished_since_poll = 0
        if self.poll is not None and self.finished_since_poll:
            self.poll(self.finished_since_poll)
        results = finals.results(n, self.paths.lists(finals.steps))
        for i, result in self.scalar.items():
            results[i] = result
        return results

    def _more_draws(self) -> None:
        cols = self.draws.shape[1]
        more = mulberry32_rows(_advance(self.seeds, cols), cols)
        self.draws = np.concatenate((self.draws, more), axis=1)
        self.draw_rows = self.rows * self.draws.shape[1]

    def _choose(self) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
        """Each run's next page; runs that stop here (dead end, frontier done) are flagged."""
        page = self.page
        r = len(page)
        cand = self.links_t.take(page, axis=1)  # (width, r), padding n
        fresh = self.unknown.ravel().take(cand + self.memory_rows)
        # cumulative[j]: fresh links among the first j + 1. For a small batch a product with a triangle
        # of ones is one call, cheaper than numpy's cumsum over a short first axis or row-by-row sums;
        # for a wide one, row-by-row sums (and BLAS may go multi-threaded, which a busy machine punishes).
        if self.prefix is not None and r <= 256:
            cumulative = np.matmul(self.prefix, fresh, dtype=np.float32)  # small counts: exact
        else:
            cumulative = np.empty(fresh.shape, dtype=np.int16 if self.width < 30000 else np.int64)
            cumulative[0] = fresh[0]
            for j in range(1, self.width):
                np.add(cumulative[j - 1], fresh[j], out=cumulative[j])
        n_fresh = cumulative[-1]
        has_fresh = n_fresh > 0
        degree = self.degrees.take(page)
        u = self.draws.ravel().take(self.draw_rows + self.ctr)
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
        to = cand.ravel().take(pos * r + self.rows)
        if draws.all():
            return to, None, None
        if not self.dead_ends:
            has_links = np.ones(r, dtype=bool)
        plan = ~draws & has_links  # frontier, every link remembered
        stopping = ~has_links
        if plan.any():
            plan_rows = np.flatnonzero(plan)
            hops = self._plan_first_hops(plan_rows, cand[:, plan_rows])
            to[plan_rows] = hops
            stopping[plan_rows[hops < 0]] = True
        if not stopping.any():
            return to, None, None
        return to, stopping, np.where(has_links, _DONE, _DEAD_END)[stopping]

    def _plan_first_hops(self, rows: np.ndarray, cand: np.ndarray) -> np.ndarray:
        """Frontier's plan for runs whose every link is remembered: the first hop, or -1 (done).

        The scalar BFS returns the first page missing from memory that it discovers, expanding
        remembered pages' link lists. BFS discovers each level in order of the first hop, so the
        answer's first hop is the first link ``h`` (in link order) from which an unremembered page
        is reachable in the fewest steps. ``reach`` grows one step at a time the set of pages that
        reach an unremembered page through remembered ones; the first step at which one of the
        links is in it decides. (A shortest path never passes back through the current page.)
        """
        unremembered = self.unknown[rows]
        remembered = ~unremembered
        remembered[:, self.n] = False  # the padding column leads nowhere
        reach = unremembered
        hops = np.full(len(rows), -1, dtype=np.int64)
        open_rows = np.arange(len(rows))  # runs not decided yet, as indices into ``rows``
        for _ in range(self.n):
            grown = unremembered | (remembered & ((reach.astype(np.float32) @ self.adjacency_t) > 0))
            hit = grown[np.arange(len(open_rows)), cand]  # (width, open); padding never reaches
            found = hit.any(0)
            if found.any():
                cols = np.flatnonzero(found)
                hops[open_rows[cols]] = cand[hit.argmax(0)[cols], cols]
            undecided = ~found & (grown != reach).any(1)  # still growing: look one step further
            if not undecided.any():
                break
            open_rows, cand = open_rows[undecided], cand[:, undecided]
            remembered, unremembered = remembered[undecided], unremembered[undecided]
            reach = grown[undecided]
        return hops

    def _move(self, to: np.ndarray, t: int) -> None:
        self.page[:] = to
        if t >= len(self.paths.buf):
            self.paths.ensure(t)
        self.paths.buf[t, self.ids] = to
        flat = self.memory_rows + to
        unseen = self.unseen.ravel()
        new = unseen.take(flat)
        self.pages_seen += new
        unseen[flat] = False
        new_bug = self.is_bug.take(to) & new
        if self.start_is_bug:
            back_home = to == self.site.start
            new_bug |= back_home & self.start_bug_pending
            self.start_bug_pending &= ~back_home
        self.bugs += new_bug
        if new_bug.any():  # tokens spent so far, as the bug is reported
            rows = np.flatnonzero(new_bug)
            ids = self.ids[rows]
            spent = self.base[ids] * t + self.entry[ids] * self.size_sum[rows]
            bug_tokens = self.finals.bug_tokens
            for i, tokens in zip(ids.tolist(), spent.tolist(), strict=True):
                bug_tokens[i].append(tokens)

        unknown = self.unknown.ravel()
        stamp = self.stamp.ravel()
        write = unknown.take(flat)
        if self.any_touch:
            touch = ~write & self.touch  # LRU: a revisit is a use
            stamp[flat[touch]] = t
        if self.any_full_possible:
            full = write & (self.size >= self.capacity)
            if full.any():
                evict_rows = np.flatnonzero(full)
                gone = self.memory_rows[evict_rows] + self._victims(evict_rows)
                unknown[gone] = True
                stamp[gone] = _BIG
                self.size -= full
        written = flat[write]
        unknown[written] = False
        stamp[written] = t
        self.size += write

    def _victims(self, rows: np.ndarray) -> np.ndarray:
        """The page each full memory forgets, as its policy's kernel picks it from the stamps."""
        if len(self.kernels) == 1:
            return self.kernels[0].victims(self.stamp[rows], self.size[rows], lambda: self._draw(rows))
        victims = np.empty(len(rows), dtype=np.int64)
        kinds = self.kernel[rows]
        for k, kernel in enumerate(self.kernels):
            mine = kinds == k
            if mine.any():
                sub = rows[mine]
                victims[mine] = kernel.victims(
                    self.stamp[sub], self.size[sub], lambda sub=sub: self._draw(sub)
                )
        return victims

    def _draw(self, rows: np.ndarray) -> np.ndarray:
        """The next draw of each of these runs (their counters move on)."""
        u = self.draws.ravel().take(self.draw_rows[rows] + self.ctr[rows])
        self.ctr[rows] += 1
        return u

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
        keep = ~done
        self.ids, self.seeds, self.draws = self.ids[keep], self.seeds[keep], self.draws[keep]
        self.ints, self.flags = self.ints[:, keep], self.flags[:, keep]
        self.unknown, self.stamp, self.unseen = self.unknown[keep], self.stamp[keep], self.unseen[keep]
        self._bind()

    def _finish_scalar(self) -> None:
        """The last few runs cost less from scratch in the scalar engine than as a batch of a few."""
        if self.poll is not None and self.finished_since_poll:
            self.poll(self.finished_since_poll)
        self.finished_since_poll = 0
        ids = self.ids.tolist()
        for i, result in zip(
            ids, _run_scalar(self.site, [self.configs[i] for i in ids], self.poll), strict=True
        ):
            self.scalar[i] = result
        self.ids = self.ids[:0]
