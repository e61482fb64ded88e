"""The words of the exercises' questions and explanations: page lists, rounded figures, why a step
went where it went, why a run stopped, what a policy forgets. Names and config lines come from
:mod:`memviz.wording`, shared with the window and the report."""

from __future__ import annotations

import math
from collections.abc import Sequence

from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.wording import t

NONE_MARK = "—"


def page_list(site: Site, pages: Sequence[int], lang: str, sep: str | None = None) -> str:
    if not pages:
        return NONE_MARK
    return (sep if sep is not None else t(lang, "、", ", ")).join(site.page_name(p, lang) for p in pages)


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
    "budget": ("步数预算用完了", "the step budget ran out"),
    "done": (
        "记忆里已经没有没去过的页面，Agent 认为探索完了，自己停下",
        "memory holds no page left to visit, so the agent believes it is done and stops",
    ),
    "dead_end": ("当前页面没有可点的链接", "the current page has no link to click"),
    "all_bugs": ("所有 Bug 都找到了", "every bug has been found"),
    "max_steps": ("到了找 Bug 的步数上限", "it reached the step limit for finding bugs"),
}


def eviction_rule(policy, lang: str) -> str:
    """A foreseeable policy's rule (``Policy.foreseeable``: it forgets its first entry), by what
    orders its memory: writing, or (``touches_on_revisit``) last use."""
    if policy.touches_on_revisit:
        return t(lang, f"{policy.zh} 忘掉最久没被用到（没再访问）的那条",
                 f"{policy.en} forgets the entry used (revisited) longest ago")  # fmt: skip
    return t(lang, f"{policy.zh} 忘掉最早写入的那条", f"{policy.en} forgets the entry written longest ago")
