"""The words of the exercises' questions and explanations: page lists, rounded figures, why a step
went where it went, why a run stopped, what a policy forgets. Names and config lines come from
:mod:`memviz.wording`, shared with the window and the report."""

from __future__ import annotations

import math
from collections.abc import Sequence

from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.wording import common as common_words
from memviz.wording import exercises as exercises_words
from memviz.wording import t

NONE_MARK = "—"


def page_list(site: Site, pages: Sequence[int], lang: str, sep: str | None = None) -> str:
    if not pages:
        return NONE_MARK
    return (sep if sep is not None else common_words.NAME_SEPARATOR.pick(lang)).join(
        site.page_name(p, lang) for p in pages
    )


def page_route(site: Site, pages: Sequence[int], lang: str) -> str:
    return page_list(site, pages, lang, " → ")


def points(x: float, sign: bool = False) -> str:
    """A proportion as percentage points, one decimal (the chapter's rounding)."""
    return pct(x, sign)


def half_width(x: float) -> str:
    """A half-width in points with two decimals, as the chapter quotes them (1.30 vs 1.39)."""
    return f"{math.floor(x * 10000 + 1e-9 + 0.5) / 100:.2f}"


def decimal(x: float, places: int) -> str:
    scale = 10**places
    return f"{math.floor(x * scale + 1e-9 + 0.5) / scale:.{places}f}"


STOP_TEXTS = {
    "budget": exercises_words.THE_STEP_BUDGET_RAN_OUT,
    "done": exercises_words.MEMORY_HOLDS_NO_PAGE_LEFT_TO,
    "dead_end": exercises_words.THE_CURRENT_PAGE_HAS_NO_LINK,
    "all_bugs": exercises_words.EVERY_BUG_HAS_BEEN_FOUND,
    "max_steps": exercises_words.IT_REACHED_THE_STEP_LIMIT_FOR,
}


def eviction_rule(policy, lang: str) -> str:
    """A foreseeable policy's rule (``Policy.foreseeable``: it forgets its first entry), by what
    orders its memory: writing, or (``touches_on_revisit``) last use."""
    name = t(lang, policy.zh, policy.en)  # the registered entry's own name, as written there
    if policy.touches_on_revisit:
        return exercises_words.FORGETS_THE_ENTRY_USED_REVISITED_LONGEST_N.pick(lang, name=name)
    return exercises_words.FORGETS_THE_ENTRY_WRITTEN_LONGEST_AGO_N.pick(lang, name=name)
