"""Retrieval read (``--read top:K``, issue 27) for many memory runs at once: the K entries each run's
scores rank best, as :meth:`memviz.core.retrieval.Retrieval.inject` picks them, bit for bit.

The scalar engine scores a run's entries one call at a time (recency, importance, relevance, each
min-max normalised over the entries, summed); a report read at top:8 made 2.1 million such calls,
a minute of work. Here one numpy pass scores the entries of every reading run in the batch: each
run's memory is already held in slots (the page a slot holds and its order stamp, see
:class:`memviz.core.lockstep.memory_walk._MemoryBatch`), and a slot's last meeting with
retrieval is one more column. The numbers are the scalar engine's: the same decay table, the same
importance and cosine values (computed by :mod:`memviz.core.retrieval` itself, once per site), the
same float operations in the same order, and ties broken as ``sorted`` breaks them, by eviction
order, which the slots' stamps are.

Relevance is a table of every pair of pages, so the batch engine takes reading runs on sites of at
most :data:`READ_MAX_PAGES` pages (the router sends the others to the scalar engine).
"""

from __future__ import annotations

import numpy as np

from memviz.core.retrieval import _cosine, _recency, _tables
from memviz.core.site import Site

READ_MAX_PAGES = 512  # the relevance table is pages² floats: 2 MB at 512


class ReadingSite:
    """What scoring needs of a site, as arrays indexed by page (page ``n``, an empty slot, scores 0)."""

    def __init__(self, site: Site) -> None:
        n = site.n_pages
        tables = _tables(site)  # the scalar engine's own values, so that every float is its float
        self.importance = np.array([*tables.importance, 0.0], dtype=np.float64)
        self.relevance = np.zeros((n + 1, n + 1), dtype=np.float64)
        sets = tables.link_sets
        for p in range(n):
            for q in range(n):
                self.relevance[p, q] = _cosine(sets[p], sets[q])
        self.n1 = n + 1
        self.relevance_flat = self.relevance.ravel()
        self.decay = np.array([1.0], dtype=np.float64)

    def decay_until(self, distance: int) -> np.ndarray:
        """``0.995 ** d`` for d = 0..distance at least, the scalar engine's table (grown as it grows)."""
        if len(self.decay) <= distance:
            _recency(distance)
            from memviz.core.retrieval import _decay

            self.decay = np.array(_decay, dtype=np.float64)
        return self.decay


def _normalised(values: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Each run's values of each score (``values``: scores × slots × runs) min-max normalised over
    the run's valid slots, as the scalar ``_normalised``: all equal gives 0.5. Invalid slots give
    anything (they are never ranked). Slots on the middle axis: numpy reduces across contiguous
    rows many times faster than along short ones."""
    masked = values.copy()
    masked[:, ~valid] = np.inf
    low = masked.min(1, keepdims=True)
    masked[:, ~valid] = -np.inf
    high = masked.max(1, keepdims=True)
    span = high - low
    flat = span == 0
    span[flat] = 1.0
    out = values - low
    out /= span
    if flat.any():
        np.copyto(out, 0.5, where=np.broadcast_to(flat, out.shape))
    return out


def injected_slots(
    tables: ReadingSite,
    step: int,
    pages: np.ndarray,
    stamps: np.ndarray | None,
    met: np.ndarray,
    here: np.ndarray,
    sizes: np.ndarray,
    k: np.ndarray,
    n: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Which slots each run injects into the call it makes at ``step`` on page ``here``, and which
    slots hold an entry.

    ``pages``, ``stamps`` and ``met`` (runs × slots): the runs' slots (page ``n``: empty), their
    eviction-order stamps (None: the slots are in eviction order, as when no entry was ever
    evicted, touched or expired) and the step each was last met; ``sizes`` the entries held, ``k``
    each run's K. A run holding at most K entries injects them all; the others their K best by score,
    ties to the earlier in eviction order (the smaller stamp).
    """
    # A report's long runs call this 5,000 times with a few dozen runs: its cost is numpy's per call,
    # so the main path (every run over K) makes as few calls as it can (issue 41).
    over = sizes > k
    ranking = np.count_nonzero(over)
    empty = pages == n
    valid = ~empty
    if not ranking:  # no run holds more than its K (or no run is asked): every entry is carried
        return valid, valid
    if ranking == len(over):  # every run ranks: no rows picked out
        return _best(_keys(tables, step, pages, met, empty, here), stamps, k), valid
    rows = np.flatnonzero(over)
    pages_o, met_o, empty_o = pages[rows], met[rows], empty[rows]
    # Only the slots up to the last one any of these runs holds: a long run's slots past its
    # memory's size are empty and need no score.
    used = ~empty_o.all(0)
    width = len(used) - int(used[::-1].argmax())
    pages_o, met_o, empty_o = pages_o[:, :width], met_o[:, :width], empty_o[:, :width]
    stamps_o = None if stamps is None else stamps[rows, :width]
    picked = _best(_keys(tables, step, pages_o, met_o, empty_o, here[rows]), stamps_o, k[rows])
    chosen = valid.copy()
    chosen[rows, :width] = picked
    chosen[rows, width:] = False
    return chosen, valid


def injected_in_order(
    tables: ReadingSite, step: int, pages: np.ndarray, met: np.ndarray, here: np.ndarray, k: int, n: int
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`injected_slots` where every run holds more than K entries (one K for all) in slots in
    eviction order (the first one held): which slots each run injects, and which entries it leaves
    out. ``pages`` and ``met``: runs × slots. The few calls a report's long runs make a step."""
    pages_t, met_t = np.ascontiguousarray(pages.T), np.ascontiguousarray(met.T)
    empty_t = pages_t == n
    key = _padded_keys(tables, step, pages_t, met_t, empty_t, here).T
    chosen = _picked(key.argsort(1, kind="stable"), k)
    left_out = chosen | empty_t.T
    return chosen, np.logical_not(left_out, out=left_out)


def _best(key: np.ndarray, stamps: np.ndarray | None, k: np.ndarray) -> np.ndarray:
    """Each run's K smallest keys (``key``: runs × slots, a view of slots × runs), ties to the smaller
    stamp, as a mask (runs × slots). Every run holds more than its K entries, and empty slots' keys
    are ``inf``: the K picked are all entries."""
    # Where every run's slots are already in eviction order (a memory that never evicted or
    # touched), one stable sort of the keys is enough (sorted() is stable); otherwise the two keys.
    width = key.shape[1]
    if stamps is None or width < 2 or not np.count_nonzero(stamps[:, 1:] < stamps[:, :-1]):
        order = key.argsort(1, kind="stable")
    else:
        order = np.lexsort((stamps, key), axis=1)
    k0 = int(k[0])
    return _picked(order, k0 if not np.count_nonzero(k != k0) else k)


def _picked(order: np.ndarray, k: int | np.ndarray) -> np.ndarray:
    """The first ``k`` slots of each run's ``order`` (runs × slots), as a mask of the slots."""
    count, width = order.shape
    picked = np.zeros(count * width, dtype=bool)
    at = order + np.arange(0, count * width, width)[:, None]  # flat positions
    if isinstance(k, int):  # every run's K the same (a report's runs): the first K columns
        picked[at[:, :k]] = True
    else:
        picked[at[np.arange(width)[None, :] < k[:, None]]] = True
    return picked.reshape(count, width)


def _keys(
    tables: ReadingSite, step: int, pages: np.ndarray, met: np.ndarray, empty: np.ndarray, here: np.ndarray
) -> np.ndarray:
    """Each slot's key (runs × slots, a view of slots × runs): minus its score, the sum of its three
    normalised scores in the scalar engine's order, ``inf`` for an empty slot (ranked last)."""
    # Slots × runs, contiguous: numpy reduces across contiguous rows many times faster than along short
    # ones, and works on contiguous arrays several times faster than on views of slots transposed.
    pages, met, empty = (np.ascontiguousarray(a.T) for a in (pages, met, empty))
    if np.count_nonzero(empty[0]):  # a run whose first slot is empty (entries expired)
        return _masked_keys(tables, step, pages, met, ~empty, here).T
    return _padded_keys(tables, step, pages, met, empty, here).T


def _padded_keys(
    tables: ReadingSite, step: int, pages: np.ndarray, met: np.ndarray, empty: np.ndarray, here: np.ndarray
) -> np.ndarray:
    """:func:`_keys` where every run's first slot holds an entry, slots × runs (contiguous) in and out."""
    # Empty slots take the first slot's page and step, so that plain minima and maxima are those of
    # the entries (a value repeated changes neither), without a masked copy per score.
    pages = np.where(empty, pages[0], pages)
    met = np.where(empty, met[0], met)
    scores = np.empty((3, *pages.shape))
    np.subtract(step, met, out=met)
    tables.decay_until(step).take(met, out=scores[0])  # a distance is at most the step
    tables.importance.take(pages, out=scores[1])
    # cosine(here, entry): symmetric, exactly; the table flat, a row per page
    pages += here * tables.n1
    tables.relevance_flat.take(pages, out=scores[2])
    # Negated, normalised: the sum is minus the score, the key, with no negation.
    negated_normalised(scores, 1, out=scores)
    key = scores[0] + scores[1]  # (r + w) + v, the scalar engine's order
    key += scores[2]
    np.copyto(key, np.inf, where=empty)  # empty slots last
    return key


def negated_normalised(values: np.ndarray, axis: int, out: np.ndarray | None = None) -> np.ndarray:
    """Minus each value min-max normalised along ``axis`` (all equal: minus 0.5), into ``out`` (which
    may be ``values``). The scalar ``_normalised``'s float operations, ``(v - low) / span``, each
    negated, which is exact: ``low - v`` is ``-(v - low)``, a quotient and a sum of negated values the
    negated quotient and sum."""
    low = values.min(axis, keepdims=True)
    span = values.max(axis, keepdims=True)
    span -= low
    flat = span == 0
    span += flat  # 1 where all are equal (their values become 0, then 0.5)
    out = np.subtract(low, values, out=out)
    out /= span
    if np.count_nonzero(flat):
        np.copyto(out, -0.5, where=flat)
    return out


def _masked_keys(
    tables: ReadingSite, step: int, pages: np.ndarray, met: np.ndarray, valid: np.ndarray, here: np.ndarray
) -> np.ndarray:
    """:func:`_keys` where some run's first slot is empty (``pages``, ``met``, ``valid``: slots × runs):
    each score's minimum and maximum over the entries of a masked copy. Runs × slots back."""
    distance = step - met
    distance[~valid] = 0
    scores = np.empty((3, *pages.shape))
    tables.decay_until(step).take(distance, out=scores[0])
    tables.importance.take(pages, out=scores[1])
    tables.relevance_flat.take(pages + here * tables.n1, out=scores[2])
    recency, importance, relevance = _normalised(scores, valid)
    key = recency + importance  # (r + w) + v, the scalar engine's order
    key += relevance
    np.negative(key, out=key)
    key[~valid] = np.inf  # empty slots last
    return key
