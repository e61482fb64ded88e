"""The words every front end shares: names of strategies and policies, a config in one line, counts.

Qt-free, so the text report, the exercises and the window say the same thing. Strings are
``t(lang, "中文", "English")`` pairs; the chapter's terms are the Chinese ones and English follows
them (the strategy that keeps links is "visited set + link table" / "已访问集合 + 链接表" everywhere).
"""

from __future__ import annotations

import math

from memviz.core.engine import RunConfig
from memviz.core.policies import POLICIES
from memviz.core.registry import BrokenPlugin
from memviz.core.strategies import HOW_FALLBACK, HOW_FRESH, HOW_PLAN, HOW_RANDOM, STRATEGIES, uses_memory


def t(lang: str, zh: str, en: str) -> str:
    """The text in the language asked for: Chinese for "zh", English otherwise."""
    return zh if lang == "zh" else en


def capitalized(text: str) -> str:
    """A name that stands alone (a menu entry, a choice) starts with a capital; Chinese is unchanged."""
    return text[:1].upper() + text[1:]


# The names of strategies and policies, and each policy's rule, live on their registered objects
# (memviz.core.strategies, memviz.core.policies): one name, one place, and a new one is named here too.


def strategy_name(strategy: str, lang: str, capital: bool = False) -> str:
    """The chapter's name of a strategy; ``capital`` for a name that stands alone."""
    registered = STRATEGIES.get(strategy)
    name = t(lang, registered.zh, registered.en)
    return capitalized(name) if capital else name


def policy_name(policy: str, lang: str, capital: bool = False) -> str:
    registered = POLICIES.get(policy)
    name = t(lang, registered.zh, registered.en)
    return capitalized(name) if capital else name


def policy_rule(policy: str, lang: str) -> str:
    return POLICIES.get(policy).rule_in(lang)


def capacity_text(capacity: int | None, lang: str) -> str:
    return t(lang, "不限", "unlimited") if capacity is None else str(capacity)


def whole(x: float) -> str:
    """A count with thousands separators, rounding halves up like the chapter (105,358.6 → 105,359)."""
    return f"{math.floor(x + 0.5):,}"


def config_summary(
    config: RunConfig,
    lang: str,
    *,
    memory: bool = True,
    seed: bool = True,
    budget: bool = True,
    tokens: bool = False,
    capital: bool = False,
) -> str:
    """A run's settings in one line: the strategy, its memory (unlimited, or its capacity and eviction
    policy; left out with ``memory=False``, e.g. where a sweep varies them), then as asked the seed, the budget (or the step limit when running until every bug
    is found) and the token prices."""
    parts = [strategy_name(config.strategy, lang, capital)]
    if memory and uses_memory(config.strategy):
        if config.capacity is None:
            parts.append(t(lang, "记忆不限容量", "unlimited memory"))
        else:
            parts.append(t(lang, f"容量 {config.capacity}", f"capacity {config.capacity}"))
            parts.append(t(lang, "淘汰 ", "eviction ") + policy_name(config.policy, lang))
        if POLICIES.get(config.policy).takes_ttl:  # forgetting by time acts without a full memory
            parts.append(
                t(
                    lang,
                    f"{config.time_to_live} 步没访问就忘",
                    f"forgotten {config.time_to_live} steps after a visit",
                )
            )
    if memory and uses_memory(config.strategy) != config.keeps_bug_list:  # the ablation's switch
        parts.append(
            t(lang, "有 Bug 清单", "with a bug list")
            if config.keeps_bug_list
            else t(lang, "没有 Bug 清单", "no bug list")
        )
    if seed:
        parts.append(f"seed {config.seed}")
    if budget:
        if config.until_all_bugs:
            parts.append(
                t(
                    lang,
                    f"直到找全 Bug（上限 {config.max_steps} 步）",
                    f"until all bugs (max {config.max_steps} steps)",
                )
            )
        else:
            parts.append(t(lang, f"预算 {config.budget} 步", f"budget {config.budget} steps"))
    if tokens:
        parts.append(
            t(
                lang,
                f"每步 {config.base_tokens:,} token + 每条记忆 {config.entry_tokens}",
                f"tokens per step: {config.base_tokens:,} + {config.entry_tokens} per memory entry",
            )
        )
    return t(lang, "，", ", ").join(parts)


# Forgetting by time (policy ttl): the sweep over T, in `memviz scenario ttl` and the Sweep view.


def plugin_skipped(broken: BrokenPlugin, lang: str) -> str:
    """The one line that reports a plugin left out."""
    if lang == "zh":
        return (
            f"memviz：插件 {broken.field} {broken.name!r}（{broken.origin}）无法加载，已跳过：{broken.error}"
        )
    return broken.line()


def ttl_steps(lang: str) -> str:
    """T as a column or an axis: the time to live, in steps."""
    return t(lang, "T（步）", "T (steps)")


def ttl_axis(lang: str) -> str:
    """The T axis of a sweep, named after the policy: "Time to live T (steps)"."""
    return f"{policy_name('ttl', lang, capital=True)} {ttl_steps(lang)}"


def ttl_axis_choice(lang: str) -> str:
    """The T axis as a choice beside the capacity: "Time to live T"."""
    return f"{policy_name('ttl', lang, capital=True)} T"


def ttl_dropped(lang: str, narrow: bool = False) -> str:
    """Memory entries dropped for age, per run; ``narrow``: on two lines, for a narrow column."""
    return (
        t(lang, "每次\n过期删除", "Dropped\nper run")
        if narrow
        else t(lang, "每次过期删除", "dropped per run")
    )


def ttl_nothing_expires(lang: str) -> str:
    """What T at least the budget means (an entry's age never exceeds the budget)."""
    return t(lang, "T ≥ 预算：没有条目过期", "T ≥ budget: nothing expires")


# The Compare view.


def lane_numbers(lang: str) -> list[tuple[str, str]]:
    """The names of a Compare lane's live numbers, in order (coverage, repeats, forgotten revisits,
    evictions, bugs, tokens), each with a short form for a lane too narrow for the names in full
    ("" where there is none; Chinese needs none). A forgotten revisit is the frame table's miss."""
    return [
        (t(lang, "覆盖率", "coverage"), t(lang, "", "cov.")),
        (t(lang, "重复", "repeats"), t(lang, "", "rep.")),
        (t(lang, "忘了又回", "forgotten revisits"), t(lang, "", "misses")),
        (t(lang, "淘汰", "evictions"), t(lang, "", "evict.")),
        ("Bug", ""),
        ("token", ""),
    ]


def forgotten_at(step: int, lang: str, short: bool = False) -> str:
    """What a clicked miss's page says on a lane's graph; ``short`` where the whole does not fit."""
    if short:
        return t(lang, f"第 {step} 步", f"step {step}")
    return t(lang, f"第 {step} 步忘了它", f"forgotten at step {step}")


# Why the agent clicked the link it did, by StepEvent.how (the exercises' answers, predict-then-reveal).
HOW_TEXTS = {
    HOW_RANDOM: (
        "没有记忆：在本页的链接里随机点一个",
        "no memory: it clicks one of the page's links at random",
    ),
    HOW_FRESH: (
        "本页有记忆里没有的链接，它从这些链接里随机挑一个",
        "the page links to pages not in memory, and it picks one of those at random",
    ),
    HOW_FALLBACK: (
        "本页的链接都在记忆里，它只好随便点一个",
        "every link on the page is in memory, so it clicks any link at random",
    ),
    HOW_PLAN: (
        "本页的链接都在记忆里；它在记住的链接表里广度优先找最近的、记忆里没有的页面，走这条路的第一步",
        "every link on the page is in memory; it searches the link table it remembers breadth-first "
        "for the nearest page not in memory and takes the first hop of that route",
    ),
}


# Predict, then reveal: the "where does the agent go" question's verdict (memviz.predict).


def move_verdict(lang: str, picked: str, right: bool, draw: int | None, allowed: bool) -> str:
    """How the class's pick ``picked`` went: right (lucky, when the rule drew among ``draw``
    links), one the rule ``allowed`` that the draw passed over, or one the rule ruled out."""
    if right:
        if draw is None:
            return t(lang, "猜对了！", "Right!")
        return t(
            lang,
            f"猜对了！（从 {draw} 个里随机抽，猜中靠运气）",
            f"Right! (a draw among {draw}: a lucky guess)",
        )
    if allowed and draw is not None:
        return t(
            lang,
            f"你猜的是{picked}：规则也允许，只是从 {draw} 个里抽中了别的。",
            f"You picked {picked}: the rule allows it too, but the draw among {draw} fell on another.",
        )
    return t(lang, f"你猜的是{picked}。", f"You picked {picked}.")


def move_towards(lang: str, target: str) -> str:
    """After a planned hop: the page further on that the route through memory leads to."""
    return t(lang, f"（去{target}的第一步）", f", the first step towards {target}")
