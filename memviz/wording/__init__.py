"""The words every front end shares: names of strategies and policies, a config in one line, counts.

Qt-free, so the text report, the exercises and the window say the same thing. Strings are
``t(lang, "中文", "English")`` pairs; the chapter's terms are the Chinese ones and English follows
them (the strategy that keeps links is "visited set + link table" / "已访问集合 + 链接表" everywhere).
"""

from __future__ import annotations

import math

from memviz.core.engine import RunConfig
from memviz.core.policies import POLICIES
from memviz.core.reading import reading_overrides
from memviz.core.registry import BrokenPlugin
from memviz.core.strategies import (
    HOW_FALLBACK,
    HOW_FRESH,
    HOW_PLAN,
    HOW_RANDOM,
    HOW_RECORDED,
    STRATEGIES,
    uses_memory,
)
from memviz.core.text import counted, spaced  # noqa: F401 - the shared words' helpers, here too
from memviz.wording.context import context_label
from memviz.wording.reading import reading_label


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


# A figure that has no value (tokens per bug when no bug was found, per step when no step was taken):
# said so, never "nan" (issue 23)
NO_VALUE = "—"


def whole(x: float | None) -> str:
    """A count with thousands separators, rounding halves up like the chapter (105,358.6 → 105,359);
    :data:`NO_VALUE` for a figure that has none (None, NaN)."""
    if x is None or not math.isfinite(x):
        return NO_VALUE
    return f"{math.floor(x + 0.5):,}"


def no_bug_found(lang: str) -> str:
    return t(lang, "没有找到 Bug", "no bug found")


def ratio(numerator: float, denominator: float) -> float | None:
    """numerator / denominator, or None when the denominator is 0 (a figure with no value)."""
    return numerator / denominator if denominator else None


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
    reading = reading_label(reading_overrides(config.ignore, config.skip_write, config.read_top), lang)
    if reading:  # issue 27: memory misused or read by retrieval
        parts.append(reading)
    context = context_label(config, lang)
    if context:  # issue 38: the session context and its compaction
        parts.append(context)
    if seed:
        parts.append(f"seed {config.seed}")
    if config.start is not None:  # a task's run (the Evaluate tab opens one in Explore)
        parts.append(t(lang, f"从第 {config.start} 页开始", f"starting on page {config.start}"))
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


# The reality gap (issue 27): memory misused, or read by retrieval.

# kind -> (zh, en): what the Sweep's third axis varies
GAP_KINDS = {
    "ignore": ("忽略记忆的概率 P", "chance P of ignoring memory"),
    "skip_write": ("漏写记忆的概率 P", "chance P of skipping a write"),
    "read_top": ("检索注入的条数 K", "entries K read by retrieval"),
}


def read_rule(k: int, lang: str) -> str:
    """The memory panel's rule in --read top:K mode (how to read the rows)."""
    return t(
        lang,
        f"检索 top:{k}：每步只注入打分最高的 {k} 条（亮的；小柱 = 新近度、重要度、相关度），其余变暗",
        f"Retrieval top:{k}: each call carries only the {k} best-scored entries (bright; bars: "
        "recency, importance, relevance); the rest are dimmed",
    )


def gap_axis_choice(lang: str) -> str:
    """The third axis as a choice beside capacity and T: "Misuse / read K"."""
    return t(lang, "误用 / 检索 K", "Misuse / read K")


def gap_kind(kind: str, lang: str, capital: bool = False) -> str:
    zh, en = GAP_KINDS[kind]
    return zh if lang == "zh" else (en[0].upper() + en[1:] if capital else en)


def gap_no_memory(lang: str) -> str:
    return t(lang, "无记忆", "no memory")


def gap_perfect(kind: str, lang: str) -> str:
    """The line of memory used right: every entry injected (for K) or never misused (for P)."""
    if kind == "read_top":
        return t(lang, "全部注入", "inject all")
    return t(lang, "记忆总被正确使用", "memory always used right")


def gap_title(kind: str, lang: str) -> str:
    if kind == "read_top":
        return t(lang, "覆盖率随检索条数 K", "Coverage by entries read (top:K)")
    return t(lang, "现实差距：覆盖率随误用概率 P", "The reality gap: coverage by misuse chance P")


# One word per idea, in every view, size and language (issue 22). The chapter's Chinese terms lead:
# 淘汰策略 (the chapter's body says it; 遗忘策略 only in its summary), and "seed" as the chapter
# writes it in Chinese too ("seed 1000～1199"). A policy's rule never repeats the policy's name.
TERMS: dict[str, tuple[str, str]] = {
    "forgotten_revisit": ("忘了又回", "forgotten revisit"),
    "forgotten_revisits": ("忘了又回", "forgotten revisits"),
    "eviction": ("淘汰", "eviction"),
    "evictions": ("淘汰", "evictions"),
    "seed": ("seed", "seed"),
    "seeds": ("seed", "seeds"),
    "policy_setting": ("淘汰策略", "Eviction policy"),
}

# Words the shared terms replace: a test scans the sources for them.
RETIRED_WORDS = ("遗忘策略", "种子", "misses", "evict.", "cov.")


def term(name: str, lang: str) -> str:
    """The one wording of a shared idea (:data:`TERMS`)."""
    zh, en = TERMS[name]
    return t(lang, zh, en)


# The colour words of the keys, by the theme's colour role they name (the role's hue, in every theme).
COLOUR_WORDS: dict[str, tuple[str, str]] = {
    "remembered_fill": ("蓝", "blue"),
    "evict": ("橙", "orange"),
    "forgotten_edge": ("橙", "orange"),  # a forgotten page's dashed ring
    "plan": ("绿", "green"),
    "new_entry": ("黄", "yellow"),
}


def colour_word(role: str, lang: str) -> str:
    zh, en = COLOUR_WORDS[role]
    return t(lang, zh, en)


# The Compare view.


def lane_numbers(lang: str) -> list[tuple[str, int]]:
    """The names of a Compare lane's live numbers, in order (coverage, repeats, forgotten revisits,
    evictions, bugs, tokens), each the one term for it in every size, and when a lane too narrow for
    them all leaves it out (the strip's tooltip still gives it): 1 first (tokens), then repeats,
    bugs, coverage; 0 never: forgotten revisits and evictions are what Compare is about. A
    forgotten revisit is the frame table's ✗."""
    return [
        (t(lang, "覆盖率", "coverage"), 4),
        (t(lang, "重复", "repeats"), 2),
        (term("forgotten_revisits", lang), 0),
        (term("evictions", lang), 0),
        ("Bug", 3),
        ("token", 1),
    ]


def lanes_left_out_line(labels: list[str], budget: int, lang: str) -> str:
    """Compare's header when a lane asked for is past the work bound (the CLI's): which, and how to
    bring it back. ``labels``: the lanes' labels in ``lang``."""
    names = "、".join(labels) if lang == "zh" else "; ".join(labels)
    return t(
        lang,
        f"未显示 {names}：预算 {budget} 步时它的前瞻计算量超出上限。调小预算，它就会回来。",
        f"Left out: {names}. At a budget of {budget} steps its look-ahead is past the work bound; "
        "a smaller budget brings it back.",
    )


def regret_refused_line(budget: int, runs: int, lang: str) -> str:
    """Compare's side panel when its seeds are past the work bound (`memviz regret`'s)."""
    return t(
        lang,
        f"没有计算：{runs} 个 seed、预算 {budget} 步超出计算量上限（与 memviz regret 相同）。调小预算即可。",
        f"Not computed: {runs} seeds at a budget of {budget} steps is past the work bound (as for "
        "memviz regret); a smaller budget brings it back.",
    )


def divergence_line(step: int, reason: str, lang: str) -> str:
    """The Compare header: where the lanes' paths part (its column's dashes) and why (the cause's)."""
    green, orange = colour_word("plan", lang), colour_word("evict", lang)
    return (
        t(
            lang,
            f"路径在第 {step} 步分开（{green}色虚线那列）。原因（{orange}色点线那列）：",
            f"The paths part at step {step} (the column in {green} dashes). Why (the one in {orange} dots): ",
        )
        + reason
    )


def answer_withheld(lang: str) -> str:
    """The Compare header while a predict question is open: its "why" would name the answer."""
    return t(
        lang,
        "先猜：路径在哪里分开、为什么，揭晓之后再说。",
        "Guess first: where the paths part, and why, comes after the reveal.",
    )


def compare_key(lang: str) -> str:
    """The Compare view's key: each mark as drawn, in the colour words of :data:`COLOUR_WORDS`."""
    blue, orange, yellow = (colour_word(role, lang) for role in ("remembered_fill", "evict", "new_entry"))
    ring = colour_word("forgotten_edge", lang)
    revisit = term("forgotten_revisit", lang)
    return t(
        lang,
        f"图：{blue} = 在记忆里，{ring}色虚线圈 = 去过但已忘记，白 = 没去过，粗圈 = Agent，"
        f"↺ = {revisit}的页面。表：每列一步，每行一个记忆槽，数字是页面（悬停看名字）；{yellow}底 = 新写入，"
        f"{orange}框里划掉的 = 这一步被淘汰，下划线 = LRU 用了一次，✗ = {revisit}（点它：看是哪一步忘的），"
        "⋯ = 没变的槽。",
        f"Graph: {blue} = in memory, {ring} dashed ring = visited but forgotten, white = never visited, "
        f"thick ring = the agent, ↺ = a {revisit}. Table: a column per step, a row per memory slot, numbers "
        f"are pages (hover: the name); {yellow} = new entry, struck out in an {orange} box = evicted "
        f"at this step, underline = an LRU touch, ✗ = {revisit} (click it: the step that forgot it), "
        "⋯ = slots unchanged.",
    )


def revisit_badge(step: int, lang: str, short: bool = False) -> str:
    """The badge on the page a forgotten revisit came back to: "↺ forgotten at step 15"."""
    return "↺ " + forgotten_at(step, lang, short)


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
    HOW_RECORDED: (
        "录下的运行：真实的 Agent 就是去了这一页",
        "a recorded run: the real agent went to this page",
    ),
    HOW_PLAN: (
        "本页的链接都在记忆里；它在记住的链接表里广度优先找最近的、记忆里没有的页面，走这条路的第一步",
        "every link on the page is in memory; it searches the link table it remembers breadth-first "
        "for the nearest page not in memory and takes the first hop of that route",
    ),
}


# Predict, then reveal: the "where does the agent go" question's verdict (memviz.predict).


def right_guess(lang: str) -> str:
    """A class's guess was right (either question; an exercise's answer says 答对了)."""
    return t(lang, "猜对了！", "Right!")


def move_verdict(lang: str, picked: str, right: bool, draw: int | None, allowed: bool) -> str:
    """How the class's pick ``picked`` went: right (lucky, when the rule drew among ``draw``
    links), one the rule ``allowed`` that the draw passed over, or one the rule ruled out."""
    if right:
        if draw is None:
            return right_guess(lang)
        return t(
            lang,
            f"猜对了！（从 {draw} 个里随机抽，猜中靠运气）",
            f"Right! (a draw among {draw}: a lucky guess)",
        )
    if allowed and draw is not None:
        return t(
            lang,
            f"没猜中：你猜的是{picked}，规则也允许，只是从 {draw} 个里抽中了别的。",
            f"Not this time: you picked {picked}; the rule allows it too, but the draw among {draw} fell on another.",
        )
    return wrong_pick(lang, picked)


def wrong_pick(lang: str, picked: str) -> str:
    """A pick that was not the answer says so, first (issue 22): then the rule's own choice follows."""
    return t(lang, f"猜错了：你猜的是{picked}。", f"Wrong: you picked {picked}.")


def move_towards(lang: str, target: str) -> str:
    """After a planned hop: the page further on that the route through memory leads to."""
    return t(lang, f"（去{target}的第一步）", f", the first step towards {target}")
