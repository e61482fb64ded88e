"""Reading runs that have settled (issue 41): walked to their limit as a chain of pages, not step by step.

A run reading top:K whose memory stops growing often falls into a loop it never leaves: the same
K - 1 entries ``F`` win every call, so they stay the most recent (an injected entry is met), the
page it stands on is the K-th, and the agent circles among the pages ``S`` whose links are, once
``F`` is left out, the only fresh ones. Most runs of a report read at top:8 settle so within a
hundred steps and then walk 5,000. Once it is proved that the call on every page ``q`` of ``S``
carries exactly ``F`` and ``q`` whatever the steps at which the other entries were last met, the
rest of the run is a random walk on ``S`` (a draw per step picks among ``q``'s fresh links, as the
batch picks), its memory never changes, no page is new, no bug is found, and every call carries K
entries: the run is taken out of the batch and walked to its limit over a table of those links.

The proof, at step ``t`` on page ``p`` (``prev`` the page before), the entries ``E`` in eviction
order, each entry's distance ``d = t - last met``:

- ``F``: the entries met at ``t - 1`` but ``prev``; there must be K - 1 of them. Every call met
  them, and ``p`` was met at ``t``; every other entry has ``d ≥ 1``.
- ``S``: the pages reached from ``p`` through fresh links (links not in ``F``, not the page
  itself); each must have one, and each must be in memory (no write, no new page). Then at every
  later step the agent is on a page ``q`` of ``S`` with ``F`` at ``d = 1``, ``q`` at 0, the other
  pages of ``S`` at ``d ≥ 1``, and the rest ``D`` of the entries never met again: their recency only
  falls (below its value now, ``x_u``), and the lowest recency, which normalises all of them, stays
  at most ``m0 = min(0.995, x_u over D)``.
- For each ``q`` in ``S``, each ``f`` in ``F ∪ {q}`` beats each other entry ``u`` in every such
  state: recency normalised is ``1`` for ``q``, at least ``(0.995 - m0) / (1 - m0)`` for ``f`` in
  ``F``, at most ``x_u`` for ``u`` in ``D``, and never more for ``u`` in ``S`` than for ``f``. So ``f``
  beats ``u`` if its sum of importance and relevance (normalised over ``E``, fixed while ``E`` is)
  plus the least recency it can have exceeds ``u``'s plus the most ``u`` can have by a margin far
  above rounding, or if ``f``'s importance and relevance are each at least ``u``'s and ``f`` comes
  first in eviction order (every sum of ``f`` is then at least ``u``'s, float for float, and a tie
  goes to the earlier entry, as ``sorted`` breaks it).

Runs whose entries expire or are touched on a revisit are never taken out (their order or their
memory would change). A run that fails the proof is looked at again later, less and less often, and
a run with fewer than :data:`WORTH_A_LOOK` steps left is not looked at (walking it apart saves less
than a look costs).
"""

from __future__ import annotations

import numpy as np

from memviz.core.retrieval import _normalised  # the scalar rule's own, to the last bit
from memviz.core.rng import _GOLDEN_STEP, _MASK, mulberry32_rows

MARGIN = 1e-9  # far above the rounding of sums of three numbers at most 1 (~1e-15), far below any real gap
CHECK_EVERY = 4  # steps between looks for settled runs (a look is a few array operations)
FIRST_GAP, LONGEST_GAP = 8, 4096  # steps before a run that failed the proof is looked at again
# (a long gap at most: a few dozen runs cost about the same per step whatever their number, so a run
# that settles late saves little, and a report read at top:8 spent 0.04 s CPU looking every 512 steps
# at its runs that never settle)
# Steps a run must have left for a look to pay: a look costs tens of microseconds of Python per run,
# a step of the batch well under one per run (a report's capacity sweep, 4,800 runs of 30 steps read
# at top:8, spent half its time looking before this)
WORTH_A_LOOK = 64
_NEVER = np.iinfo(np.int64).max  # the step of a look a run never has


def settled_walk(
    clickable: tuple[tuple[int, ...], ...], importance: list[float], relevance: np.ndarray, decay: np.ndarray,
    entries: list[int], met: list[int], page: int, prev: int, t: int, k: int,
) -> dict[int, list[int]] | None:  # fmt: skip
    """The fresh links of each page of ``S`` if the run has settled (see the module), else None.
    ``entries`` in eviction order, ``met`` the step each was last met."""
    if len(entries) <= k:
        return None
    fixed = {e for e, m in zip(entries, met, strict=True) if m == t - 1 and e != prev}
    if len(fixed) != k - 1 or page in fixed:
        return None
    fresh_of = _circle(clickable, set(entries), fixed, page)
    if fresh_of is None:
        return None
    one = float(decay[1])
    # the entries never met again (D) and the most recency each may have from now on
    most = {
        e: float(decay[t - m])
        for e, m in zip(entries, met, strict=True)
        if e not in fixed and e not in fresh_of
    }
    low = min([one, *most.values()])
    fixed_least = (one - low) / (1 - low)  # the least recency an entry of F may have from now on
    weight = _normalised([importance[e] for e in entries])
    for q in fresh_of:
        if not _page_settled(q, entries, fixed, fixed_least, most, weight, importance, relevance):
            return None
    return fresh_of


def _page_settled(
    q: int, entries: list[int], fixed: set[int], fixed_least: float, most: dict[int, float],
    weight: list[float], importance: list[float], relevance: np.ndarray,
) -> bool:  # fmt: skip
    """Whether every call on page ``q`` to come carries F and ``q`` (see the module)."""
    cosine = relevance[q].take(entries).tolist()
    score = [w + v for w, v in zip(weight, _normalised(cosine), strict=True)]
    return all(
        _beats_the_rest(i, 1.0 if f == q else fixed_least, entries, fixed, q, most, score, importance, cosine)
        for i, f in enumerate(entries)
        if f in fixed or f == q
    )


def _circle(
    clickable: tuple[tuple[int, ...], ...], held: set[int], fixed: set[int], page: int
) -> dict[int, list[int]] | None:
    """The fresh links of each page reached from ``page`` through fresh links, ``fixed`` and the page
    itself left out; None if a page has none, or one not in memory."""
    fresh_of: dict[int, list[int]] = {}
    todo = [page]
    while todo:
        q = todo.pop()
        fresh = [x for x in clickable[q] if x not in fixed and x != q]
        if not fresh or not held.issuperset(fresh):
            return None
        fresh_of[q] = fresh
        todo.extend(x for x in dict.fromkeys(fresh) if x not in fresh_of and x not in todo)
    return fresh_of


def _beats_the_rest(
    i: int, least: float, entries: list[int], fixed: set[int], q: int, most: dict[int, float],
    score: list[float], importance: list[float], cosine: list[float],
) -> bool:  # fmt: skip
    """Whether entry ``i`` (of F, or ``q``, recency at least ``least``) is ranked before every entry
    outside F and ``q`` in every state to come, on page ``q`` (see the module)."""
    f = entries[i]
    for j, u in enumerate(entries):
        if u in fixed or u == q:
            continue
        # u in D: its recency is at most most[u]; in S: never above i's
        gain = least - most[u] if u in most else 0.0
        clear = score[i] + gain - MARGIN > score[j]
        if not (clear or (importance[f] >= importance[u] and cosine[i] >= cosine[j] and i < j)):
            return False
    return True


class SettledRows:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` does with settled runs (see the module)."""

    def _set_up_settling(self) -> None:
        self.settle_at[:] = 0
        self.settle_gap[:] = FIRST_GAP
        # runs whose memory's order and content hold still while no page is new
        self.may_settle[:] = self.reads & ~self.expires & ~self.touch & (self.limit >= WORTH_A_LOOK)
        self.any_may_settle = bool(self.may_settle.any())
        # no run is looked at before this step: the earliest look due, a bound that holds as runs
        # finish or part (a parted twin's is its run's), so that most steps ask no array
        self.next_look = 0
        self.parked: list[tuple] = []  # (id, twin, t, page, fresh_of, limit, counter, tokens, done state)

    def _settle(self, t: int) -> bool:
        """At step ``t``, before the call: take the runs that have settled out of the batch (every
        few steps). Whether the batch is left empty."""
        if not self.any_may_settle or t % CHECK_EVERY or t < self.next_look or t < 1:
            return False
        look = self.may_settle & (self.settle_at <= t) & (self.size > self.read_k)
        look &= self.limit - t >= WORTH_A_LOOK
        rows = np.flatnonzero(look)
        if len(rows):  # F and the page before: K entries met at the step before
            rows = rows[(self.slot_met[rows] == t - 1).sum(1) == self.read_k[rows]]
        if len(rows):
            self._settle_rows(t, rows)
        # the earliest look due now (rows looked at have theirs later; a row not looked at may be due)
        self.next_look = int(np.where(self.may_settle, self.settle_at, _NEVER).min(initial=_NEVER))
        return not len(self.ids)

    def _settle_rows(self, t: int, rows: np.ndarray) -> None:
        """Each of ``rows`` proved settled (parked) or not (looked at again later, less often)."""
        reading, clickable = self.reading, self.site.clickable
        decay = reading.decay_until(t)
        importance = reading.importance.tolist()
        prev = self.paths.buf[t - 1, self.ids[rows]].tolist()
        settled = []
        for row, before in zip(rows.tolist(), prev, strict=True):
            page = int(self.page[row])
            order = np.flatnonzero(self.slot_page[row] != self.n)
            if not self.slots_in_order:
                order = order[np.argsort(self.slot_stamp[row, order], kind="stable")]
            entries = self.slot_page[row, order].tolist()
            met = self.slot_met[row, order].tolist()
            fresh_of = settled_walk(
                clickable, importance, reading.relevance, decay, entries, met, page, before, t,
                int(self.read_k[row]),
            )  # fmt: skip
            if fresh_of is not None and self.start_bug_pending[row] and self.site.start in fresh_of:
                fresh_of = None  # a revisit of the start would find its bug
            if fresh_of is None:
                self.settle_at[row] = t + self.settle_gap[row]
                self.settle_gap[row] = min(2 * self.settle_gap[row], LONGEST_GAP)
            else:
                settled.append((row, fresh_of))
        if settled:
            self._park(t, settled)

    def _park(self, t: int, settled: list[tuple[int, dict[int, list[int]]]]) -> None:
        """Note the settled runs' state at step ``t`` and drop their rows from the batch."""
        done = np.zeros(len(self.ids), dtype=bool)
        for row, fresh_of in settled:
            done[row] = True
            run = int(self.ids[row])
            self.parked.append((
                run, int(self.twin[row]), t, int(self.page[row]), fresh_of, int(self.limit[row]),
                int(self.ctr[row]), int(self.size_sum[row]), int(self.read_k[row]),
                int(self.pages_seen[row]), int(self.bugs[row]), int(self.target[row]) >= 0,
            ))  # fmt: skip
        self._drop(~done)

    def _walk_parked(self) -> None:
        """Walk every parked run to its limit (all of them together, a step at a time) and record it."""
        if not self.parked:
            return
        parked, self.parked = self.parked, []
        n1, width = self.n1, self.width
        count = len(parked)
        # Each run from its own step on (row d of ``walked``: d steps after it parked), its draws from
        # its counter on. A run's state is a cell of one flat table, ``(run · n1 + page) · width``,
        # and its fresh links are the cells they lead to: a step is two look-ups and a product.
        lengths = [p[5] - p[2] for p in parked]
        longest = max(lengths)
        cells = np.arange(count, dtype=np.int64) * n1
        to_cell = np.zeros((count, n1, width), dtype=np.int64)  # the next state by link
        n_fresh = np.ones((count, n1, width), dtype=np.float64)  # the fresh links, at a cell's first
        for j, p in enumerate(parked):
            for q, links in p[4].items():
                to_cell[j, q, : len(links)] = (np.array(links, dtype=np.int64) + j * n1) * width
                n_fresh[j, q, 0] = len(links)
        to_cell, n_fresh = to_cell.ravel(), n_fresh.ravel()
        seeds = np.array([self.configs[p[0]].seed for p in parked], dtype=np.uint64) & np.uint64(_MASK)
        counters = (np.array([p[6] for p in parked], dtype=np.uint64) * np.uint64(_GOLDEN_STEP)) & np.uint64(
            _MASK
        )
        draws = np.ascontiguousarray(mulberry32_rows((seeds + counters) & np.uint64(_MASK), longest).T)
        walked = np.empty((longest + 1, count), dtype=np.int64)
        state = walked[0] = (cells + np.array([p[3] for p in parked], dtype=np.int64)) * width
        for d in range(longest):
            # the k-th fresh link, k = draw · count rounded down, as the batch picks
            pick = (draws[d] * n_fresh.take(state)).astype(np.int64)
            pick += state
            state = walked[d + 1]
            to_cell.take(pick, out=state)
        walked //= width
        walked -= cells
        self.paths.ensure(max(p[5] for p in parked))
        self._record_parked(parked, walked)

    def _record_parked(self, parked: list[tuple], walked: np.ndarray) -> None:
        finals, buf = self.finals, self.paths.buf
        for j, (run, twin, t, _page, _fresh, limit, _ctr, size_sum, k, seen, bugs, until) in enumerate(
            parked
        ):
            buf[t + 1 : limit + 1, run] = walked[1 : limit - t + 1, j]
            finals.steps[run] = limit
            finals.pages_seen[run] = seen
            finals.bugs[run] = finals.reports[run] = bugs
            # every call from step t on carries K entries
            finals.tokens[run] = self.base[run] * limit + self.entry[run] * (size_sum + k * (limit - t))
            finals.reason[run] = "max_steps" if until else "budget"
            self.finished_since_poll += 1
            if twin >= 0:  # its twin never parts from it: no page lacks a fresh link
                buf[: limit + 1, twin] = buf[: limit + 1, run]
                finals.bug_tokens[twin] = list(finals.bug_tokens[run])
                for values in (finals.steps, finals.pages_seen, finals.bugs, finals.reports, finals.tokens):
                    values[twin] = values[run]
                finals.reason[twin] = finals.reason[run]
                self.finished_since_poll += 1
