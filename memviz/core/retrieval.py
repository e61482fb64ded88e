"""How memory is read back into a model call (issue 27): all of it, or the K entries retrieval ranks best.

``--read all`` (the chapter, the default) injects every entry into every call. ``--read top:K``
retrieves, as Generative Agents do: before each choice, at step ``s`` (links clicked so far), each
entry ``e`` gets three scores,

- recency ``0.995^(s - last_e)``, ``last_e`` the latest step at which a write (not skipped) met
  ``e`` (a new entry or a revisit) or at which ``e`` was injected;
- importance 10 for a page with a bug, else ``min(9, 1 + its own links not in the nav)``;
- relevance, the cosine of the link sets of the current page and of ``e``: ``|L∩L'|/√(|L||L'|)``,
  0 if either is empty;

each min-max normalised over the entries (all equal: 0.5), and the score is their sum. The ``K``
best (ties: earlier in eviction order first) are injected: the choice sees only them as memory,
their ``last_e`` becomes ``s``, and the call costs ``base + entry·(entries injected)`` tokens.
Writes still go to the whole store.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import math
import re
import threading
from typing import NamedTuple

from memviz.core.registry import ConfigError
from memviz.core.site import Site

RECENCY_DECAY = 0.995  # per step, as Generative Agents' recency
BUG_IMPORTANCE = 10  # a page with a bug
MAX_LINK_IMPORTANCE = 9  # a page without one: 1 + its own links, at most this


class EntryScore(NamedTuple):
    """One entry's scores at a step, each normalised to 0..1 over the entries, and whether it was injected."""

    page: int
    recency: float
    importance: float
    relevance: float
    score: float  # recency + importance + relevance
    injected: bool


_READ_MODE = re.compile(r"all|top:(?P<count>[0-9]{1,30})", re.ASCII)


def read_mode(text: str) -> int | None:
    """``all`` → None (inject every entry); ``top:K`` → K (K ≥ 1, ASCII digits), lowercase as
    docs/read-modes.md writes them; ValueError saying the problem otherwise (the caller names it)."""
    match = _READ_MODE.fullmatch(text)
    if match is not None and (match["count"] is None or int(match["count"]) >= 1):
        return None if match["count"] is None else int(match["count"])
    raise ValueError(f"expected all or top:K with K a whole number at least 1, got {text[:40]!r}")


def parse_read_mode(text: str) -> int | None:
    """:func:`read_mode`, its problem a ConfigError naming ``read``."""
    try:
        return read_mode(text)
    except ValueError as exc:
        raise ConfigError(f"read: {exc}") from None


def read_mode_text(read_top: int | None) -> str:
    """Back to the words :func:`parse_read_mode` reads."""
    return "all" if read_top is None else f"top:{read_top}"


def _normalised(values: list[float]) -> list[float]:
    low, high = min(values), max(values)
    if low == high:
        return [0.5] * len(values)
    span = high - low
    return [(v - low) / span for v in values]


class _SiteTables:
    """What scoring needs of a site, worked out once per site and shared by its runs: each page's
    importance and link set, and the relevance of each pair of pages met so far (the usual entry
    holds its page's own links, so a pair's cosine never changes)."""

    __slots__ = ("clickable", "importance", "link_sets", "relevance")

    def __init__(self, site: Site) -> None:
        nav = set(site.nav)
        bugs = site.bug_by_page
        self.importance = [
            float(BUG_IMPORTANCE if p in bugs
                  else min(MAX_LINK_IMPORTANCE, 1 + sum(1 for q in page.links if q not in nav)))
            for p, page in enumerate(site.pages)
        ]  # fmt: skip
        self.clickable = site.clickable
        self.link_sets = [frozenset(links) for links in site.clickable]
        self.relevance: dict[tuple[int, int], float] = {}


def _cosine(a: frozenset[int], b: frozenset[int]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / math.sqrt(len(a) * len(b))


_TABLES: dict[int, tuple[Site, _SiteTables]] = {}  # by id(site), the site kept alive with them
_TABLES_KEPT = 4
_TABLES_LOCK = threading.Lock()  # the window may run two jobs at once, in two threads


def _tables(site: Site) -> _SiteTables:
    with _TABLES_LOCK:
        kept = _TABLES.get(id(site))
        if kept is None:
            if len(_TABLES) >= _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]
            kept = _TABLES[id(site)] = (site, _SiteTables(site))
    return kept[1]


_decay = [1.0]  # RECENCY_DECAY ** d at index d, grown as runs need


def _recency(d: int) -> float:
    while len(_decay) <= d:
        _decay.extend([RECENCY_DECAY**k for k in range(len(_decay), 2 * len(_decay) + 1)])
    return _decay[d]


class Retrieval:
    """One run's retrieval state: when each entry was last met (the per-site tables are shared)."""

    __slots__ = ("_tables", "k", "last_met")

    def __init__(self, site: Site, k: int) -> None:
        self.k = k
        self.last_met: dict[int, int] = {}  # page -> step
        self._tables = _tables(site)

    def copy(self) -> "Retrieval":
        twin = object.__new__(Retrieval)
        twin.k, twin._tables, twin.last_met = self.k, self._tables, dict(self.last_met)
        return twin

    def met(self, page: int, step: int) -> None:
        """A write (new entry or revisit, not skipped) met ``page`` at ``step``."""
        self.last_met[page] = step

    def inject(
        self, entries: dict[int, tuple[int, ...]], page: int, step: int, report: bool = True
    ) -> tuple[dict[int, tuple[int, ...]], tuple[EntryScore, ...] | None]:
        """The entries injected into the call made on ``page`` at ``step`` (in eviction order), and,
        if ``report``, every entry's scores (in eviction order). The injected entries are met at ``step``."""
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the scores of every entry in one
        # pass, in the float operations and order the lock-step reading repeats bit for bit
        # (lockstep/reading.py).
        pages = list(entries)
        if not pages:
            return {}, (() if report else None)
        last_met, tables = self.last_met, self._tables
        importance, clickable, link_sets, pairs = (
            tables.importance,
            tables.clickable,
            tables.link_sets,
            tables.relevance,
        )
        here = link_sets[page]
        recency = [_recency(step - last_met[e]) for e in pages]
        weight = [importance[e] for e in pages]
        relevance = []
        for e in pages:
            links = entries[e]
            if links is clickable[e]:  # the usual entry: its page's own links, a pair seen before
                value = pairs.get((page, e))
                if value is None:
                    value = pairs[page, e] = _cosine(here, link_sets[e])
            else:  # an entry believed from a note holds other links (none)
                value = _cosine(here, frozenset(links))
            relevance.append(value)
        recency, weight, relevance = _normalised(recency), _normalised(weight), _normalised(relevance)
        scores = [r + w + v for r, w, v in zip(recency, weight, relevance, strict=True)]
        k = self.k
        if len(pages) <= k:
            injected = dict(entries)
            chosen = None
        else:
            # sorted() is stable: equal scores keep eviction order, earlier first
            order = sorted(range(len(pages)), key=[-x for x in scores].__getitem__)
            chosen = set(order[:k])
            injected = {e: entries[e] for i, e in enumerate(pages) if i in chosen}
        for e in injected:
            last_met[e] = step
        if not report:
            return injected, None
        return injected, tuple(
            EntryScore(e, recency[i], weight[i], relevance[i], scores[i], chosen is None or i in chosen)
            for i, e in enumerate(pages)
        )


class InjectedMemory:
    """What a strategy's chooser is shown in top:K mode: the injected entries as its memory."""

    __slots__ = ("entries",)

    def __init__(self, entries: dict[int, tuple[int, ...]]) -> None:
        self.entries = entries
