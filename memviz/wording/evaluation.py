"""The words of the task-level evaluation (issues 26, 37), shared by ``memviz eval`` and the Evaluate tab.

Qt-free. Strings are ``t(lang, "中文", "English")`` pairs, as in :mod:`memviz.wording`.
"""

from __future__ import annotations

import math

from memviz.core.evaluation.settings import PROPORTIONS, default_delta
from memviz.core.scenarios.forgetting import ABLATION_NAMES
from memviz.core.text import counted, spaced
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


def deft_words(paired, lang: str) -> str:
    """Kish's deft (task-level SE / flattened SE) and deff = deft² in a sentence, or why there is none."""
    deft, deff = paired.deft, paired.deff
    if paired.tasks < 2:
        return ONE_TASK_NO_DEFT.pick(lang)
    if not math.isfinite(deft):
        return EVERY_RUN_ALIKE_NO_DEFT.pick(lang)
    runs = sum(paired.runs_a) + sum(paired.runs_b)
    if deft > 1.05:
        return DEFT_WIDER_N.pick(lang, deft=f"{deft:.2f}", deff=f"{deff:.2f}", runs=runs)
    if deft < 0.95:
        return DEFT_NARROWER_N.pick(lang, deft=f"{deft:.2f}", deff=f"{deff:.2f}")
    return DEFT_ABOUT_N.pick(lang, deft=f"{deft:.2f}", deff=f"{deff:.2f}")


def delta_words(metric: str, delta: float, lang: str) -> str:
    """δ in the metric's unit (points for a proportion), saying when it is the metric's default."""
    if metric in PROPORTIONS:
        amount = POINTS_N.pick(lang, points=f"{100 * delta:.1f}")
    else:
        amount = f"{value(metric, delta)} {metric_name(metric, lang)}"
    if delta == default_delta(metric):
        return spaced(DELTA_DEFAULT_N.pick(lang, amount=amount, metric=metric_name(metric, lang)))
    return amount


def bootstrap_words(tasks: int, lang: str, short: bool = False) -> str:
    """Why no bootstrap interval is shown below BOOTSTRAP_FROM_TASKS tasks (``short``: the tab's)."""
    from memviz.core.evaluation.stats import BOOTSTRAP_FROM_TASKS, distinct_resamples  # numpy: when used

    words = NO_BOOTSTRAP_SHORT_N if short else NO_BOOTSTRAP_BELOW_N
    return words.pick(
        lang, least=BOOTSTRAP_FROM_TASKS, tasks=tasks, resamples=f"{distinct_resamples(tasks):,}"
    )


def sign_flip_p(paired) -> str:
    """The sign-flip p-value alone, as a headline says it."""
    p = paired.permutation_p
    if not math.isfinite(p):
        return "—"
    return f"{p:.4f}" if p >= 0.0001 else f"{p:.1e}"


def permutation_words(paired, lang: str) -> str:
    from memviz.core.evaluation.stats import PERMUTATION_DRAWS  # numpy: when used

    p = paired.permutation_p
    if not math.isfinite(p):
        return "—"
    shown = f"{p:.4f}" if p >= 0.0001 else f"{p:.1e}"
    if not paired.permutation_exact:
        return PERMUTATION_DRAWN_N.pick(lang, p=shown, flips=f"{PERMUTATION_DRAWS:,}")
    text = PERMUTATION_EXACT_N.pick(lang, p=shown, flips=f"{2**paired.tasks:,}")
    smallest = 2 / 2**paired.tasks  # the observed signs and their mirror image
    if smallest > 0.05:
        text += SMALLEST_P_N.pick(lang, tasks=paired.tasks, smallest=f"{smallest:.3g}")
    return text


def runs_words(paired, lang: str) -> str:
    """How many runs: K a task, or each side's total and the range per task when unbalanced."""
    tasks = counted(paired.tasks, lang, "个任务", "task")
    if paired.repeats is not None:
        return TASKS_K_RUNS_N.pick(lang, tasks=tasks, k=paired.repeats)
    counts = paired.runs_a + paired.runs_b
    return TASKS_UNBALANCED_N.pick(lang, tasks=tasks, a=sum(paired.runs_a), b=sum(paired.runs_b),
                                   least=min(counts), most=max(counts))  # fmt: skip


def verdict(mean_diff: float, ci: tuple[float, float], lang: str) -> str:
    """Whether the task-level interval leaves out zero."""
    lo, hi = ci
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return ONE_TASK_NO_INTERVAL.pick(lang)
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
TASK_NAMED_CLICK_N = Words(
    "任务“{task}”：点 A 或 B 的值，在探索视图里打开那次运行。",
    'Task "{task}": click an A or B value to open that run in Explore.',
)
TRACES_IN_N = Words("{folder} 里的运行记录：{runs}。", "traces in {folder}: {runs}. ")
TASKS_WITH_ONE_SIDE_ONLY_LEFT_N = Words(
    "只有一边有运行、没算进去的任务：{names}。", "Tasks with one side only, left out: {names}. "
)
TASK_CLICK_AN_A_OR_B_N = Words(
    "任务“{task}”：点 A 或 B 的值，在探索视图里重放那次记录。",
    'Task "{task}": click an A or B value to replay that recording in Explore.',
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
    "<b>{metric}</b>：B − A 平均 <b>{mean}</b>，按任务的 95% 区间 {ci}，符号翻转检验 p {p}",
    "<b>{metric}</b>: B − A averages <b>{mean}</b>, task-level 95% interval {ci}, sign-flip p {p}",
)
D_T_N = Words("d_t（{unit}）", "d_t ({unit})")
B_A_N = Words("B − A（{unit}）", "B − A ({unit})")
A_TASK_N = Words("每个任务 {k}", "{k} a task")
DIFFERENCE_TO_DETECT_N = Words("要测出的差 δ（{unit}）", "difference to detect δ ({unit})")
TO_DETECT_0_05_POWER_0_N = Words(
    "α 0.05、功效 0.8 下测出 {delta} 的差：每个任务 {repeats} 次要 {tasks}（{at}）。同一任务多跑几次只能压掉任务内的噪声，任务之间的差别要靠更多任务。",
    "To detect {delta} (α 0.05, power 0.8): {tasks} at {repeats} runs a task ({at_en}). More runs of a task remove only the noise within it; the spread between tasks needs more tasks.",
)
TO_DETECT_AS_MADE_N = Words(
    "α 0.05、功效 0.8 下测出 {delta} 的差：照这次各任务的运行次数要 {tasks}（{at}）。同一任务多跑几次只能压掉任务内的噪声，任务之间的差别要靠更多任务。",
    "To detect {delta} (α 0.05, power 0.8): {tasks} with the runs a task as made ({at_en}). More runs of a task remove only the noise within it; the spread between tasks needs more tasks.",
)
AS_RUN = Words("这次的运行次数", "as run")
THE_MEMORY_OF_TAKEN_APART_THE_N = Words(
    "记忆“{memory}”拆开来看：同一批任务和 seed，每一行都按任务和无记忆配对。",
    'The memory "{memory}" taken apart: the same tasks and seeds, each row paired with no memory by task.',
)

A_AND_B_PER_TASK = Words("每个任务的 A 和 B", "A and B per task")
DIFFERENCE_PER_TASK = Words("每个任务的差", "Difference per task")
THE_THREE_INTERVALS = Words("三种区间", "The three intervals")
DISTRIBUTION_OF_D_T = Words("d_t 的分布", "Distribution of d_t")

# -- issue 37: statistics that hold at a few tasks and with unbalanced runs -------------------------------
ONE_TASK_NO_INTERVAL = Words(
    "只有 1 个任务：没有区间。任务之间的差别至少要 2 个任务才看得出来。",
    "1 task: no interval. The spread between tasks needs at least 2 tasks.",
)
ONE_TASK_NO_DEFT = Words(
    "只有 1 个任务：没有 deft，也算不出要多少个任务。", "1 task: no deft and no sample size."
)
EVERY_RUN_ALIKE_NO_DEFT = Words(
    "所有运行的值都一样：摊平的区间宽度为 0，没有 deft。",
    "Every run has the same value: the flattened interval has no width and there is no deft.",
)
DEFT_WIDER_N = Words(
    "Kish 的 deft {deft}（deff = deft² = {deff}）：按任务的区间比把 {runs} 次运行摊平的区间宽 {deft} 倍。"
    "同一个任务的运行彼此相像，摊平就把它们当成了独立样本，区间窄得骗人。",
    "Kish's deft {deft} (deff = deft² = {deff}): the task-level interval is {deft} times as wide as the one "
    "that flattens all {runs} runs. Runs of a task resemble each other, so flattening counts them as "
    "independent samples and the interval looks narrower than it is.",
)
DEFT_NARROWER_N = Words(
    "Kish 的 deft {deft}（deff = deft² = {deff}）：这次任务之间的差别比同一任务内运行之间的差别还小，"
    "摊平的区间反而更宽；抽样单位仍然是任务。",
    "Kish's deft {deft} (deff = deft² = {deff}): here tasks differ less than runs of one task do, so the "
    "flattened interval is the wider one; the unit that is sampled is still the task.",
)
DEFT_ABOUT_N = Words(
    "Kish 的 deft {deft}（deff = deft² = {deff}）：两种区间差不多宽，这次任务之间没有多出来的差别。",
    "Kish's deft {deft} (deff = deft² = {deff}): the two intervals are about as wide; tasks add no spread "
    "of their own here.",
)
POINTS_N = Words("{points} 个百分点", "{points} points")
DELTA_DEFAULT_N = Words(
    "{amount}（{metric}的默认值，--delta 可改）", "{amount} (the default for {metric}; --delta sets another)"
)
NO_BOOTSTRAP_BELOW_N = Words(
    "任务 bootstrap：不到 {least} 个任务不给（{tasks} 个任务只有 {resamples} 种不同的重抽，区间会窄得骗人）",
    "task bootstrap: not shown below {least} tasks ({tasks} tasks have only {resamples} distinct resamples; "
    "its interval comes out too narrow)",
)
NO_BOOTSTRAP_SHORT_N = Words(
    "bootstrap：不到 {least} 个任务不画（{tasks} 个任务只有 {resamples} 种重抽）",
    "bootstrap: not drawn below {least} tasks ({tasks} tasks: {resamples} distinct resamples)",
)
PERMUTATION_EXACT_N = Words("{p}（精确：{flips} 种符号翻转全部算过）", "{p} (exact: all {flips} sign flips)")
SMALLEST_P_N = Words(
    "；{tasks} 个任务能给出的最小 p 是 {smallest}", "; the smallest p {tasks} tasks can give is {smallest}"
)
PERMUTATION_DRAWN_N = Words("{p}（随机抽 {flips} 种符号翻转）", "{p} ({flips} random sign flips)")
TASKS_K_RUNS_N = Words("{tasks} × 每个 {k} 次", "{tasks} × {k} runs each")
TASKS_UNBALANCED_N = Words(
    "{tasks}，A 共 {a} 次、B 共 {b} 次运行（每个任务每边 {least}～{most} 次，全部用上）",
    "{tasks}, {a} runs of A and {b} of B ({least}–{most} a side of a task, every run used)",
)
TASK_LEVEL_CI_N = Words(
    "  按任务的 95% 区间（t，自由度 {df}）{ci}", "  task-level 95% interval (t, {df} df) {ci}"
)
TASK_BOOTSTRAP_N = Words("  任务 bootstrap 区间         {ci}", "  task bootstrap interval       {ci}")
FLATTENED_N = Words("  摊平运行的区间（错误）       {ci}", "  flattened runs (wrong)        {ci}")
SIGN_FLIP_N = Words("  按任务的符号翻转置换检验 p = {p}", "  sign-flip permutation test over tasks: p = {p}")
MEAN_DIFF_N = Words(
    "平均差 {mean}（每个任务一样重：各任务平均值的平均）",
    "mean difference {mean} (every task weighs the same: the mean of the task means)",
)
TO_DETECT_N = Words(
    "要测出的差：{delta}。α 0.05、功效 0.8、按任务做 t 检验，照这次的运行次数要 {tasks}",
    "Difference to detect: {delta}. At α 0.05 and power 0.8, a t test over tasks, with the runs as made: {tasks}",
)
AT_K_RUNS_N = Words("  每个任务每边跑 {k} 次：{tasks}", "  runs a side of every task = {k}: {tasks}")
RUNS_A_B = Words("运行 A/B", "runs A/B")
BUGS_PAIRED_TITLE = Words(
    "每个 Bug 在同一批任务上找到没有（过半运行找到算找到；McNemar 精确检验）：",
    "Each bug, found or not on the same tasks (found: in at least half of a side's runs; exact McNemar test):",
)
BUGS_UNKNOWN = Words(
    "每个 Bug 的配对表：没有（有的运行记录没写站点的 Bug 在哪些页面，或没记下报告）。",
    "Per-bug paired table: none (some traces do not name their site's bug pages, or record no reports).",
)
BUG_PAGE = Words("Bug 所在页", "bug page")
BOTH = Words("都找到", "both")
A_ONLY = Words("只有 A", "A only")
B_ONLY = Words("只有 B", "B only")
NEITHER = Words("都没找到", "neither")
PAGE_N = Words("第 {page} 页", "page {page}")


# -- said to a class beside the figures (issue 40): what a task is, why runs are paired, what the
# two intervals mean; a projector has no hover
TASK_EXAMPLE_N = Words("{site} {version}，从「{page}」开始", "{site} {version}, starting on {page}")
TASK_EXPLAINED_N = Words(
    "任务 = 网站的一个版本 + 起始页面，比如“{example}”。A 和 B 在同一任务上用同样的 seed 跑，"
    "差 d_t = B − A 抵消了任务本身的难易：所以按任务配对。",
    'A task = a site version + the agent\'s start page, e.g. "{example}". A and B run a task on the '
    "same seeds, so its d_t = B − A cancels how hard the task is: runs are paired by task.",
)
INTERVALS_EXPLAINED = Words(
    "“按任务”的区间以任务为样本；“摊平（错误）”把每次运行当作独立的，可同一任务的运行很像，它显得过于确定。",
    '"By task" takes the tasks as the sample; "flattened (wrong)" counts every run as independent, '
    "but a task's runs are alike, so it looks surer than it is.",
)


# -- the Evaluate tab's Bugs page (issue 37's per-bug McNemar, said for a class; issue 40)
BUGS = Words("每个 Bug", "Bugs")
BUGS_CAPTION = Words(
    "每个 Bug：有它的任务数，其中几个只有 A 找到、几个只有 B 找到（一边在某个任务上过半的运行找到了它，算这一边在这个任务上找到）。",
    "Each bug: the tasks that have it, on how many only A found it and on how many only B (a side found it on a task when "
    "at least half of its runs there did).",
)
BUG_NAME = Words("Bug 名称", "Bug name")
EXACT_P = Words("精确 p", "exact p")
BUGS_EXPLAINED = Words(
    "两边都找到或都没找到的任务分不出谁好，只有一边找到、另一边没找到的任务才算数。要是 A 和 B 一样好，"
    "这些任务归 A 还是归 B 就像抛硬币；p 是抛硬币分得至少这么偏的概率（McNemar 精确检验）。p 小于 0.05，就不太像是碰巧。",
    "Tasks where both sides or neither found a bug cannot tell A and B apart; only tasks where one side "
    "found it and the other did not count. If A and B were equally good, each such task would go to A or "
    "to B like a coin toss; p is the chance that coin tosses split at least this unevenly (McNemar's "
    "exact test). Under 0.05, chance is an unlikely explanation.",
)
BUG_CLEAR_N = Words(
    "最明显的是“{bug}”：只有 {better} 找到它的任务 {more} 个，只有 {worse} 找到的 {fewer} 个，{p}："
    "{better} 更常找到它，不太像是碰巧。",
    'The clearest is "{bug}": only {better} found it on {more} tasks, only {worse} on {fewer}; {p}: '
    "{better} finds it more often, and chance is an unlikely explanation.",
)
BUG_UNCLEAR_N = Words(
    "最明显的是“{bug}”：只有 {better} 找到它的任务 {more} 个，只有 {worse} 找到的 {fewer} 个，{p}："
    "这点差别可能只是碰巧。",
    'The clearest is "{bug}": only {better} found it on {more} tasks, only {worse} on {fewer}; {p}: '
    "the difference could be chance.",
)
BUGS_ALL_ALIKE = Words(
    "每个 Bug 在每个任务上都是两边都找到或都没找到：没有能分出 A 和 B 的任务，p 都是 1。",
    "On every task each bug was found by both sides or by neither: no task tells A and B apart, every p is 1.",
)
BUGS_MANY_TESTS_N = Words(
    "{n} 个 Bug 就是 {n} 次检验：只凭碰巧，其中一个低于 0.05 也不算少见。",
    "{n} bugs are {n} tests: one of them under 0.05 by chance alone is not rare.",
)

# memviz eval's tables (cli/evaluate.py)
TRACES_IN_FOLDER_N = Words("{traces} 里的运行记录", "traces in {traces}")
TASKS_WITH_RUNS_ON_ONE_SIDE = Words(
    "只有一边有运行、没算进去的任务：", "Tasks with runs on one side only, left out:"
)
BASELINE_ONLY = Words("只有基线", "baseline only")
TREATMENT_ONLY = Words("只有改动", "treatment only")
TASKS_COLUMN = Words("任务", "tasks")
BUILT_IN_TASK_SET = Words("内置任务集", "built-in task set")
SEEDS_FROM_N = Words("{name}，seed 从 {seed0} 起", "{name}, seeds from {seed0}")
RUNS_THAT_STOPPED_BEFORE_EVERY_BUG_N = Words(
    "未找全所有 Bug 的运行：A {a_runs} 次，B {b_runs} 次（它们的步数和 token 只是下限）",
    "Runs that stopped before every bug was found: A {a_runs}, B {b_runs} (their steps and tokens are lower bounds)",
)
METRIC_N = Words("{source}：{runs}；指标：{name}", "{source}: {runs}; metric: {name}")
A_IS_BASELINE_B_IS_TREATMENT_N = Words(
    "A（基线）= {baseline}，B（改动）= {treatment}", "A (baseline) = {baseline}, B (treatment) = {treatment}"
)
TASK = Words("任务", "task")
DIFF_B_A = Words("差 B−A", "diff B−A")
CENSORED_A_B = Words("未找全 A/B", "censored A/B")
ABLATION_TASKS_RUNS_EACH_SAME_TASKS_N = Words(
    "消融：{n} 个任务 × 每个 {k} 次，同一批任务和 seed",
    "Ablation: {n} tasks × {k} runs each, same tasks and seeds",
)
VS_NONE_N = Words("{name} 比无记忆", "{name} vs none")
