"""The words of the text reports (``memviz report``, ``run``, ``batch``), zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

RANDOM_COVERAGE_POINTS_N = Words(
    "{s:9} − random 覆盖率差 {mean} 个百分点 {rest}", "{s:9} − random coverage {mean} points {rest}"
)
ALL_BUGS_FOUND = Words("Bug 全部找到", "all bugs found")
STEP_LIMIT_REACHED = Words("达到步数上限", "step limit reached")
NOTHING_LEFT_IT_REMEMBERS_STOPPED = Words(
    "记得的页面都去过了，主动停止", "nothing left it remembers: stopped"
)
PAGE_HAS_NO_LINK_TO_CLICK = Words("页面没有可点的链接", "page has no link to click")
STRATEGY_LEADS_A_LINE = Words("策略 ", "strategy ")
REPEAT_RATE = Words("重复访问率", "repeat rate")
BUGS_FOUND = Words("找到 Bug", "bugs found")
BUG_REPORTS = Words("Bug 报告", "bug reports")
DUPLICATES = Words("，其中重复 ", ", duplicates ")
ESTIMATED_TOKENS = Words("估算 token", "estimated tokens")
STEPS = Words("步数", "steps")
PATH = Words("路径：", "path: ")
REPEAT_RATE_PERCENT = Words("重复访问率 %", "repeat rate %")
DUPLICATE_REPORTS = Words("重复报告", "duplicate reports")
STRATEGY_COLUMN = Words("策略", "strategy")
BASELINE = Words("（基线）", " (baseline)")
PAIRED_COVERAGE_DIFFERENCE_CURRENT_NO = Words(
    "覆盖率配对差值（当前 − 无记忆）：", "paired coverage difference (current − no memory): "
)
POINTS = Words(" 个百分点", " points")
HIGHER_IN_OF_RUNS_N = Words("  {runs} 次里 {wins} 次更高", "  higher in {wins} of {runs} runs")
BOOTSTRAP_INTERVAL_RESAMPLES_N = Words(
    "  bootstrap 区间（{bootstrap_resamples} 次重抽）：",
    "  bootstrap interval ({bootstrap_resamples} resamples): ",
)
HALF_WIDTH_PAIRED = Words("  半宽：配对 ", "  half-width: paired ")
UNPAIRED = Words("，不配对 ", ", unpaired ")
EVERY_RUN_S_MEMORY_N = Words("每次运行的记忆读取方式：{reading}", "Every run's memory: {reading}")
THREE_STRATEGIES_SEEDS_UNLIMITED_MEMORY_N = Words(
    "## 三种策略（seed {first}～{last}，记忆不限容量，预算 30 步）",
    "## Three strategies (seeds {first}–{last}, unlimited memory, budget 30 steps)",
)
PAIRED_DIFFERENCES_SAME_SEED_MEMORY_NO = Words(
    "## 配对差值（同一个 seed，有记忆 − 无记忆，覆盖率，百分点）",
    "## Paired differences (same seed, memory − no memory, coverage, points)",
)
MEAN_95_NORMAL = Words("均值 [95% 正态区间]", "mean [95% normal]")
BOOTSTRAP = Words("bootstrap 区间", "bootstrap")
WINS = Words("更高的次数", "wins")
PAIRED_HALF = Words("配对半宽", "paired half")
UNPAIRED_HALF = Words("不配对半宽", "unpaired half")
PAIRING_BARELY_NARROWS_THE_INTERVAL_IT = Words(
    "配对几乎没有收窄区间：区间远离 0 是因为效果大，不是因为配对。",
    "Pairing barely narrows the interval: it is far from 0 because the effect is large.",
)
COST_TOTAL_TOKENS_OVER_A_30 = Words(
    "## 成本：预算 30 步的总 token", "## Cost: total tokens over a 30-step budget"
)
WHAT_IT_COSTS_TO_FIND_ALL = Words(
    "## 找全 {n_bugs} 个 Bug 要花多少（上限 5000 步）", "## What it costs to find all bugs (max 5000 steps)"
)
MEAN_STEPS = Words("平均步数", "mean steps")
TOKENS_STEP = Words("每步 token", "tokens/step")
TOKENS_BUG = Words("每个 Bug 的 token", "tokens/bug")
VS_NO_MEMORY = Words("相对无记忆", "vs no memory")
ALL_FOUND = Words("找全的次数", "all found")
LIMITED_CAPACITY_VISITED_SET_LINK_TABLE = Words(
    "## 容量有限：已访问集合 + 链接表，覆盖率均值 % [95% 区间]",
    "## Limited capacity: visited set + link table, mean coverage % [95% interval]",
)
CAPACITY = Words("容量", "capacity")
CAPACITY_12_RANDOM_FIFO_PAIRED = Words(
    "容量 12 时，随机淘汰 − FIFO（配对）：", "Capacity 12, random − FIFO (paired): "
)
THE_NO_MEMORY_RUN_ON_SEED = Words("## seed 1000 的无记忆运行", "## The no-memory run on seed 1000")
FULL_STOP = Words("。", ".")

SEEDS_RUNS_N = Words("；seed {first}～{last}，共 {runs} 次", "; seeds {first}–{last}, {runs} runs")
TOKENS_PER_BUG_HAVE_NO_VALUE_N = Words(
    "{none_found}：每个 Bug 的 token 没有值（{NO_VALUE}）。",
    "{none_found}: tokens per bug have no value ({NO_VALUE}).",
)
MEMORY_WITH_A_LINK_TABLE_COSTS_N = Words(
    "加链接表的记忆每步贵约 {premium}%，找全 Bug 的总 token 却只有无记忆的约 {share_pct}%。",
    "Memory with a link table costs about {premium}% more per step, yet finds every bug for about {share_pct}% of the no-memory tokens.",
)
AFTER_30_STEPS_OF_PAGES_SEEN_N = Words(
    "30 步之后：{n_pages} 个页面只去过 {pages_seen} 个，",
    "After 30 steps: {pages_seen} of {n_pages} pages seen, ",
)
BACK_TO_MORE_TIMES_N = Words(
    "又回到{start_page} {home_returns} 次", "back to {start_page} {home_returns} more times"
)
TO_MY_PROFILE_MORE_TIMES_N = Words(
    "、回到“我的主页” {profile_returns} 次", ", to My profile {profile_returns} more times"
)
DELETE_ACCOUNT_VISITED_TIMES_N = Words(
    "“注销账号”去过 {delete_account_visits} 次。", "Delete account visited {delete_account_visits} times."
)
BUG_REPORTS_OF_THEM_DUPLICATES_N = Words(
    "报了 {reports} 次 Bug，其中 {dups} 次是重复报告（{dup_names}）。",
    "{reports} bug reports, {dups} of them duplicates ({dup_names}).",
)
