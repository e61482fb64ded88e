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

from __future__ import annotations

import math
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


def parse_read_mode(text: str) -> int | None:
    """``all`` → None (inject every entry); ``top:K`` → K (K ≥ 1). Raises ConfigError otherwise."""
    words = text.strip().lower()
    if words == "all":
        return None
    head, _, count = words.partition(":")
    if head == "top" and count.isdigit() and int(count) >= 1:
        return int(count)
    raise ConfigError(f"read: expected all or top:K with K a whole number at least 1, got {text!r}")


def read_mode_text(read_top: int | None) -> str:
    """Back to the words :func:`parse_read_mode` reads."""
    return "all" if read_top is None else f"top:{read_top}"


def _normalised(values: list[float]) -> list[float]:
    low, high = min(values), max(values)
    if low == high:
        return [0.5] * len(values)
    span = high - low
    return [(v - low) / span for v in values]


class Retrieval:
    """One run's retrieval state: when each entry was last met, and the per-page constants."""

    __slots__ = ("_clickable", "_importance", "_link_sets", "k", "last_met")

    def __init__(self, site: Site, k: int, last_met: dict[int, int] | None = None) -> None:
        self.k = k
        self.last_met: dict[int, int] = {} if last_met is None else last_met  # page -> step
        nav = set(site.nav)
        bugs = site.bug_by_page
        self._importance = [
            BUG_IMPORTANCE if p in bugs
            else min(MAX_LINK_IMPORTANCE, 1 + sum(1 for q in page.links if q not in nav))
            for p, page in enumerate(site.pages)
        ]  # fmt: skip
        self._clickable = site.clickable
        self._link_sets = [frozenset(links) for links in site.clickable]

    def copy(self) -> Retrieval:
        twin = object.__new__(Retrieval)
        twin.k, twin._importance, twin._link_sets = self.k, self._importance, self._link_sets
        twin._clickable = self._clickable
        twin.last_met = dict(self.last_met)
        return twin

    def met(self, page: int, step: int) -> None:
        """A write (new entry or revisit, not skipped) met ``page`` at ``step``."""
        self.last_met[page] = step

    def inject(
        self, entries: dict[int, tuple[int, ...]], page: int, step: int
    ) -> tuple[dict[int, tuple[int, ...]], tuple[EntryScore, ...]]:
        """The entries injected into the call made on ``page`` at ``step`` (in eviction order), and
        every entry's scores (in eviction order). The injected entries are met at ``step``."""
        pages = list(entries)
        if not pages:
            return {}, ()
        last_met, link_sets, importance = self.last_met, self._link_sets, self._importance
        clickable = self._clickable
        here = link_sets[page]
        recency, weight, relevance = [], [], []
        for e in pages:
            recency.append(RECENCY_DECAY ** (step - last_met[e]))
            weight.append(float(importance[e]))
            links = entries[e]
            # the usual entry holds the page's own links; one believed from a note holds none
            theirs = link_sets[e] if links is clickable[e] else frozenset(links)
            if here and theirs:
                relevance.append(len(here & theirs) / math.sqrt(len(here) * len(theirs)))
            else:
                relevance.append(0.0)
        recency, weight, relevance = _normalised(recency), _normalised(weight), _normalised(relevance)
        scores = [r + w + v for r, w, v in zip(recency, weight, relevance, strict=True)]
        if len(pages) <= self.k:
            chosen = set(range(len(pages)))
        else:
            chosen = set(sorted(range(len(pages)), key=lambda i: (-scores[i], i))[: self.k])
        injected = {}
        report = []
        for i, e in enumerate(pages):
            hit = i in chosen
            if hit:
                injected[e] = entries[e]
                last_met[e] = step
            report.append(EntryScore(e, recency[i], weight[i], relevance[i], scores[i], hit))
        return injected, tuple(report)


class InjectedMemory:
    """What a strategy's chooser is shown in top:K mode: the injected entries as its memory."""

    __slots__ = ("entries",)

    def __init__(self, entries: dict[int, tuple[int, ...]]) -> None:
        self.entries = entries
