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
        self.decay = np.array([1.0], dtype=np.float64)

    def decay_until(self, distance: int) -> np.ndarray:
        """``0.995 ** d`` for d = 0..distance at least, the scalar engine's table (grown as it grows)."""
        if len(self.decay) <= distance:
            _recency(distance)
            from memviz.core.retrieval import _decay

            self.decay = np.array(_decay, dtype=np.float64)
        return self.decay


def _normalised(values: np.ndarray, valid: np.ndarray, all_valid: bool) -> np.ndarray:
    """Each run's values of each score (``values``: scores × slots × runs) min-max normalised over
    the run's valid slots, as the scalar ``_normalised``: all equal gives 0.5. Invalid slots give
    anything (they are never ranked). Slots on the middle axis: numpy reduces across contiguous
    rows many times faster than along short ones, and a step's cost is these calls."""
    if all_valid:
        low, high = values.min(1, keepdims=True), values.max(1, keepdims=True)
    else:
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
    stamps: np.ndarray,
    met: np.ndarray,
    here: np.ndarray,
    sizes: np.ndarray,
    k: np.ndarray,
    n: int,
) -> np.ndarray:
    """Which slots each run injects into the call it makes at ``step`` on page ``here``.

    ``pages``, ``stamps`` and ``met`` (runs × slots): the runs' slots (page ``n``: empty), their
    eviction-order stamps and the step each was last met; ``sizes`` the entries held, ``k`` each
    run's K. A run holding at most K entries injects them all; the others their K best by score,
    ties to the earlier in eviction order (the smaller stamp).
    """
    valid = pages != n
    over = sizes > k
    if not over.any():
        return valid
    rows = np.flatnonzero(over)
    # slots × runs from here on (see _normalised)
    pages_t, stamps_t, valid_t = pages[rows].T.copy(), stamps[rows].T.copy(), valid[rows].T.copy()
    all_valid = bool(valid_t.all())
    distance = step - met[rows].T
    if not all_valid:
        distance[~valid_t] = 0
    decay = tables.decay_until(int(distance.max(initial=0)))
    scores = np.empty((3, *pages_t.shape))
    decay.take(distance, out=scores[0])
    tables.importance.take(pages_t, out=scores[1])
    scores[2] = tables.relevance[pages_t, here[rows][None, :]]  # cosine(here, entry): symmetric, exactly
    recency, importance, relevance = _normalised(scores, valid_t, all_valid)
    key = recency + importance  # (r + w) + v, the scalar engine's order
    key += relevance
    np.negative(key, out=key)
    if not all_valid:
        key[~valid_t] = np.inf  # empty slots last
    # Sorted by -score, ties in eviction order (the smaller stamp first), as sorted() is stable.
    # Where every run's slots are already in eviction order (a memory that never evicted or
    # touched), one stable sort of the keys is enough; otherwise the two keys together.
    if stamps_t.shape[0] < 2 or bool((stamps_t[1:] >= stamps_t[:-1]).all()):  # empty slots: equal stamps
        order = np.argsort(key, axis=0, kind="stable")
    else:
        order = np.lexsort((stamps_t, key), axis=0)
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.broadcast_to(np.arange(order.shape[0])[:, None], order.shape), axis=0)
    picked = rank < k[rows][None, :]
    picked &= valid_t
    chosen = valid.copy()
    chosen[rows] = picked.T
    return chosen
