"""The words of the task-paired evaluation (issue 26), shared by ``memviz eval`` and the Evaluate tab.

Qt-free. Strings are ``t(lang, "中文", "English")`` pairs, as in :mod:`memviz.wording`.
"""

from __future__ import annotations

import math

from memviz.core.scenarios.forgetting import ABLATION_NAMES
from memviz.wording import t

METRIC_NAMES = {
    "coverage": ("覆盖率", "coverage"),
    "bug_recall": ("Bug 召回", "bug recall"),
    "repeat": ("重复访问率", "repeat rate"),
    "dups": ("重复报 Bug", "duplicate reports"),
    "tokens": ("token", "tokens"),
    "steps": ("步数", "steps"),
}
PROPORTIONS = ("coverage", "bug_recall", "repeat")  # shown as percent; the rest as counts


def metric_name(metric: str, lang: str) -> str:
    return t(lang, *METRIC_NAMES[metric])


def ablation_name(row: str, lang: str) -> str:
    return t(lang, *ABLATION_NAMES[row])


def value(metric: str, x: float, sign: bool = False) -> str:
    """A metric's value as people read it: proportions in percent (one decimal), counts with two."""
    if x is None or not math.isfinite(x):
        return "—"
    if metric in PROPORTIONS:
        return f"{100 * x:+.1f}%" if sign else f"{100 * x:.1f}%"
    if metric in ("tokens", "steps") and abs(x) >= 100:
        return f"{x:+,.0f}" if sign else f"{x:,.0f}"
    return f"{x:+.2f}" if sign else f"{x:.2f}"


def interval(metric: str, ci: tuple[float, float]) -> str:
    return f"[{value(metric, ci[0], True)}, {value(metric, ci[1], True)}]"


def needed(n: int | None, lang: str) -> str:
    return "—" if n is None else t(lang, f"{n:,} 个任务", f"{n:,} tasks")


def design_effect_words(design_effect: float, tasks: int, repeats: int, lang: str) -> str:
    """The design effect in a sentence: how much narrower flattening makes the interval, and why."""
    if not math.isfinite(design_effect):
        return t(lang, "所有运行的差都一样：区间宽度为 0，没有设计效应可言。",
                 "Every run difference is the same: the intervals have no width and no design effect.")  # fmt: skip
    runs = tasks * repeats
    if design_effect > 1.05:
        return t(
            lang,
            f"设计效应 {design_effect:.2f}：按任务配对的区间比摊平 {runs} 次运行的区间宽 {design_effect:.2f} 倍。"
            f"同一个任务的 {repeats} 次运行彼此相像，摊平就把它们当成了 {runs} 个独立样本，区间窄得骗人。",
            f"Design effect {design_effect:.2f}: the task-paired interval is {design_effect:.2f} times as wide "
            f"as the one that flattens all {runs} runs. The {repeats} runs of a task resemble each other, so "
            f"flattening counts them as {runs} independent samples and the interval looks narrower than it is.",
        )
    if design_effect < 0.95:
        return t(
            lang,
            f"设计效应 {design_effect:.2f}：这次任务之间的差别比同一任务内运行之间的差别还小，"
            f"摊平的区间反而更宽；配对单位仍然是任务。",
            f"Design effect {design_effect:.2f}: here tasks differ less than runs of one task do, so the "
            f"flattened interval is the wider one; the unit that is sampled is still the task.",
        )
    return t(
        lang,
        f"设计效应 {design_effect:.2f}：两种区间差不多宽，这次任务之间没有多出来的差别。",
        f"Design effect {design_effect:.2f}: the two intervals are about as wide; tasks add no spread of "
        f"their own here.",
    )


def verdict(mean_diff: float, ci: tuple[float, float], lang: str) -> str:
    """Whether the task-paired interval leaves out zero."""
    lo, hi = ci
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return t(lang, "任务太少，算不出区间。", "Too few tasks for an interval.")
    if lo > 0:
        return t(lang, "区间不含 0：B 比 A 高。", "The interval leaves out 0: B is higher than A.")
    if hi < 0:
        return t(lang, "区间不含 0：B 比 A 低。", "The interval leaves out 0: B is lower than A.")
    return t(lang, "区间含 0：分不出 A 和 B。", "The interval holds 0: A and B cannot be told apart.")
