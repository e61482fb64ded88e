"""The words of the task-paired evaluation (issue 26), shared by ``memviz eval`` and the Evaluate tab.

Qt-free. Strings are ``t(lang, "中文", "English")`` pairs, as in :mod:`memviz.wording`.
"""

from __future__ import annotations

import math

from memviz.core.scenarios.forgetting import ABLATION_NAMES
from memviz.wording import t
from memviz.wording.words import Words

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


BUILT_IN = Words("内置", "built-in")
TASK_SET_TASKS_RUNS_SEEDS_N = Words(
    "{name}任务集：{tasks} 个任务 × 每个 {repeats} 次，seed {first}～{last}。",
    "{name} task set: {tasks} tasks × {repeats} runs, seeds {first}–{last}. ",
)
TASK_VERSION_STARTING_ON_PAGE_CLICK_N = Words(
    "任务 {id}（版本 {version}，从第 {start} 页开始）：点 A 或 B 的值，在探索视图里打开那次运行。",
    "Task {id} (version {version}, starting on page {start}): click an A or B value to open that run in Explore.",
)
TRACES_IN_TASKS_RUNS_A_SIDE_N = Words(
    "{folder} 里的运行记录：{tasks} 个任务 × 每边 {repeats} 次。",
    "traces in {folder}: {tasks} tasks × {repeats} runs a side. ",
)
TASKS_WITH_ONE_SIDE_ONLY_LEFT_N = Words(
    "只有一边有运行、没算进去的任务：{names}。", "Tasks with one side only, left out: {names}. "
)
RUNS_WITHOUT_A_PAIR_LEFT_OUT_N = Words(
    "没有配对、没算进去的运行：{left_out} 次。", "Runs without a pair, left out: {left_out}. "
)
TASK_CLICK_AN_A_OR_B_N = Words(
    "任务 {task}：点 A 或 B 的值，在探索视图里重放那次记录。",
    "Task {task}: click an A or B value to replay that recording in Explore.",
)
TASK_FILE = Words("任务文件", "Task file")
FOLDER_OF_TRACES = Words("运行记录所在的文件夹", "Folder of traces")
CANNOT_OPEN = Words("打不开", "Cannot open")
CANNOT_OPEN_THIS_RUN = Words("打不开这次运行", "Cannot open this run")
A_BASELINE_B_TREATMENT_N = Words(
    "A（基线）{a_text}，B（改动）{b_text}；", "A (baseline) {a_text}, B (treatment) {b_text}; "
)
D_T_ACROSS_TASKS = Words("各任务的 d_t", "d_t across tasks")
TASKS = Words("任务数", "tasks")
BY_TASK = Words("按任务", "by task")
BOOTSTRAP = Words("bootstrap", "bootstrap")
FLATTENED_WRONG = Words("摊平（错）", "flattened (wrong)")
N95_INTERVALS_OF_B_A = Words("B − A 的 95% 区间", "95% intervals of B − A")
EACH_TASK_A_AND_B = Words("每个任务的 A ● 和 B ■", "Each task: A ● and B ■")
DIFFERENCE_D_T_AND_ITS_RUNS = Words("差 d_t ◆ 与它各次运行的范围", "Difference d_t ◆ and its runs' range")
RUN = Words("第几次", "run")
CLICK_A_TASK_A_ROW_ON = Words(
    "点一个任务（左图的一行）：列出它的各次运行。", "Click a task (a row on the left) to list its runs."
)
CLICK_TO_OPEN_IT_IN_EXPLORE = Words("点击：在探索视图里打开", "Click to open it in Explore")
TASKS_NEEDED = Words("要多少个任务", "Tasks needed")
TASKS_LOG_SCALE = Words("任务数（对数刻度）", "tasks (log scale)")
AS_RUN_A_TASK_N = Words("这次：每个任务 {repeats} 次", "as run: {repeats} a task")
MEMORY = Words("记忆", "memory")
VS_NONE = Words("比无记忆", "vs none")
N95_INTERVAL = Words("95% 区间", "95% interval")
RECORDED_RUNS_HAVE_NO_ABLATION_IT = Words(
    "运行记录没有消融：消融只在模拟运行上做。",
    "Recorded runs have no ablation: it is made on simulated runs.",
)
NEITHER_A_NOR_B_KEEPS_MEMORY = Words(
    "A 和 B 都没有记忆：没有可消融的记忆。", "Neither A nor B keeps memory: nothing to ablate."
)
BASELINE_CONFIG_E_G_RANDOM_FRONTIER = Words(
    "基线配置，例如 random、frontier/12/fifo", "Baseline config, e.g. random, frontier/12/fifo"
)
TREATMENT_CONFIG = Words("改动后的配置", "Treatment config")
METRIC = Words("指标", "Metric")
TRACES_N = Words("运行记录：{name}", "Traces: {name}")
TASKS_N = Words("任务：{name}", "Tasks: {name}")
TASKS_BUILT_IN_32 = Words("任务：内置 32 个", "Tasks: built-in 32")
WHAT_TO_EVALUATE_THE_BUILT_IN = Words(
    "评测什么：内置任务、一个 memviz-tasks/1 任务文件，或一个文件夹里的 memviz-trace/1 运行记录（A、B 填记录的配置或 agent 名）",
    "What to evaluate: the built-in tasks, a memviz-tasks/1 task file, or the memviz-trace/1 recordings in a folder (A and B then name the recordings' config or agent)",
)
BUILT_IN_32_TASKS = Words("内置 32 个任务", "Built-in 32 tasks")
TASK_FILE_2 = Words("任务文件…", "Task file…")
FOLDER_OF_TRACES_2 = Words("运行记录文件夹…", "Folder of traces…")
RUNS_A_TASK = Words("每任务次数", "Runs a task")
RUNS_OF_EACH_CONFIG_ON_EACH = Words("每个任务每种配置跑几次（K）", "Runs of each config on each task (K)")
INTERVALS = Words("区间", "Intervals")
SAMPLE_SIZE = Words("样本量", "Sample size")
ABLATION = Words("消融", "Ablation")
TASK_RUNS = Words("任务的运行", "Task runs")
DIFFERENCE_TO_DETECT = Words("要测出的差 δ", "Difference to detect δ")
TRACES_A_B = Words("记录 A · B", "traces A · B")

B_B_B_A_AVERAGES_B_N = Words(
    "<b>{metric}</b>：B − A 平均 <b>{mean}</b>，按任务配对的 95% 区间 {ci}",
    "<b>{metric}</b>: B − A averages <b>{mean}</b>, task-paired 95% interval {ci}",
)
D_T_N = Words("d_t（{unit}）", "d_t ({unit})")
B_A_N = Words("B − A（{unit}）", "B − A ({unit})")
A_TASK_N = Words("每个任务 {k}", "{k} a task")
DIFFERENCE_TO_DETECT_N = Words("要测出的差 δ（{unit}）", "difference to detect δ ({unit})")
TO_DETECT_0_05_POWER_0_N = Words(
    "α 0.05、功效 0.8 下测出 {delta} 的差：每个任务 {repeats} 次要 {tasks}（{at}）。同一任务多跑几次只能压掉任务内的噪声，任务之间的差别要靠更多任务。",
    "To detect {delta} (α 0.05, power 0.8): {tasks} at {repeats} runs a task ({at_en}). More runs of a task remove only the noise within it; the spread between tasks needs more tasks.",
)
THE_MEMORY_OF_TAKEN_APART_THE_N = Words(
    "记忆 {memory} 拆开来看：同一批任务和 seed，每一行都按任务和无记忆配对。",
    "The memory of {memory} taken apart: the same tasks and seeds, each row paired with no memory by task.",
)

A_AND_B_PER_TASK = Words("每个任务的 A 和 B", "A and B per task")
DIFFERENCE_PER_TASK = Words("每个任务的差", "Difference per task")
THE_THREE_INTERVALS = Words("三种区间", "The three intervals")
DISTRIBUTION_OF_D_T = Words("d_t 的分布", "Distribution of d_t")
