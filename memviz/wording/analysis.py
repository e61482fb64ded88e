"""The words of the Batch, Sweep and Cost tabs, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

RUN_SEEDS_N = Words("批量跑 {runs} 次", "Run {runs} seeds")
RUN_THESE_SEEDS_WITH_THE_CURRENT = Words(
    "用当前设置和无记忆基线各跑一遍这些 seed，按 seed 配对比较",
    "Run these seeds with the current settings and with the no-memory baseline, paired by seed",
)
COVERAGE = Words("覆盖率（%）", "Coverage (%)")
COVERAGE_DIFFERENCE_PERCENTAGE_POINTS = Words(
    "覆盖率差值（百分点）", "Coverage difference (percentage points)"
)
COVERAGE_OF_EACH_RUN_A_DOT = Words(
    "每次运行的覆盖率（一个点一次运行）", "Coverage of each run (a dot per run)"
)
PAIRED_DIFFERENCES_SAME_SEED = Words("配对差值（同一个 seed）", "Paired differences (same seed)")
THE_CURRENT_STRATEGY_IS_NO_MEMORY = Words(
    "当前策略就是无记忆：和基线完全相同，差值为 0。在设置里选一种记忆策略再批量跑。",
    "The current strategy is no memory, the baseline itself: the difference is 0. Choose a memory strategy in the settings and run the batch again.",
)
HIGHER_N = Words("{name} 更高（{wins} 次）", "{name} higher ({wins})")
DIFFERENCE = Words("差值", "Difference")
COST_OF_FINDING_EVERY_BUG = Words("算找全 Bug 的成本", "Cost of finding every bug")
RUN_THESE_SEEDS_WITH_EACH_STRATEGY = Words(
    "三种策略各跑这些 seed，一直跑到找全所有 Bug（或到步数上限）",
    "Run these seeds with each strategy until every bug is found (or the step limit)",
)
STEPS_LOG_SCALE = Words("步数（对数刻度）", "Steps (log scale)")
TOKENS_LOG_SCALE = Words("token（对数刻度）", "Tokens (log scale)")
TOKENS_SPENT_LOG = Words("已花的 token（对数刻度）", "Tokens spent (log)")
BUGS_FOUND_MEAN_COUNT = Words("已找到的 Bug（平均个数）", "Bugs found (mean count)")
MEAN_STEPS = Words("平均步数", "Mean steps")
MEAN_TOKENS = Words("平均 token", "Mean tokens")
TOKENS_PER_STEP = Words("每步 token", "Tokens per step")
TOKENS_PER_BUG = Words("每个 Bug 的 token", "Tokens per bug")
RUNS_THAT_FOUND_ALL = Words("找全的次数", "Runs that\nfound all")
TOKENS_VS_NO_MEMORY = Words("token 占无记忆", "Tokens vs\nno memory")
STEPS_TO_FIND_EVERY_BUG = Words("每次运行找全 Bug 的步数", "Steps to find every bug")
TOKENS_TO_FIND_EVERY_BUG = Words("每次运行找全 Bug 的 token", "Tokens to find every bug")
BUGS_FOUND_AS_TOKENS_ARE_SPENT = Words("找到的 Bug 随花掉的 token", "Bugs found as tokens are spent")
NO_STEP_WAS_TAKEN_TOKENS_PER_N = Words(
    "没有走任何一步：每步 token 没有值（{NO_VALUE}）。",
    "No step was taken: tokens per step have no value ({NO_VALUE}).",
)
VISITED_SET_AND_VISITED_SET_LINK = Words(
    " 已访问集合和加上链接表的两行一模一样：链接表只在当前页每个链接都已记住时才用得上，这样的记忆下从没发生过，所以每一步的选择都一样。",
    " Visited set and visited set + link table made the very same runs: the link table is used only on a page whose every link is remembered, which never happened with this memory, so every choice was the same.",
)
MEAN_N = Words("均值\n{short}", "mean\n{short}")
ALL_MEAN_TOKENS_N = Words("全部 {n_bugs} 个 ▼ = 平均 token", "all {n_bugs} ▼ = mean tokens")
A_REAL_MODEL_MISUSES_MEMORY_IT = Words(
    "真实模型会误用记忆：忽略它（随便点）、漏写，或只检索最相关的 K 条",
    "A real model misuses memory: it ignores it (a random click), skips writes, or reads only the K entries retrieval ranks best",
)
THE_SIMULATION_ASSUMES_MEMORY_IS_ALWAYS = Words(
    "模拟假设记忆总被正确使用；这里让模型以概率 P 误用它，或每步只注入检索打分最高的 K 条。",
    "The simulation assumes memory is always used right; here the model misuses it with chance P, or each call carries only the K entries retrieval scores best.",
)
MEAN_COVERAGE = Words("覆盖率\n均值 %", "Mean\ncoverage %")
N95_INTERVAL = Words("95% 区间", "95%\ninterval")
SWEEP_K = Words("扫描 K", "Sweep K")
SWEEP_P = Words("扫描 P", "Sweep P")
RUN_THESE_SEEDS_FOR_EVERY_VALUE = Words(
    "每个取值各跑这些 seed，外加无记忆和正确使用记忆两条线",
    "Run these seeds for every value, and for the no-memory and memory-used-right lines",
)
PRESS_HOW_MUCH_COVERAGE_IS_LEFT_N = Words(
    "点「{run_text}」：看记忆被误用或只检索一部分时，覆盖率还剩多少。",
    "Press “{run_text}”: how much coverage is left when memory is misused or only partly read.",
)
READING_ONLY_K_ENTRIES_COVERAGE_B_N = Words(
    "只检索 K 条：K = {first} 时覆盖率 <b>{a}%</b>，K = {last} 时 <b>{b}%</b>；无记忆 {floor}%",
    "Reading only K entries: coverage <b>{a}%</b> at K = {first}, <b>{b}%</b> at K = {last}; no memory {floor}%",
)
THE_REALITY_GAP_COVERAGE_B_B_N = Words(
    "现实差距：P = 0 时覆盖率 <b>{a}%</b>，P = 1 时 <b>{b}%</b>；无记忆 {floor}%",
    "The reality gap: coverage <b>{a}%</b> at P = 0, <b>{b}%</b> at P = 1; no memory {floor}%",
)
EACH_POINT_MEAN_COVERAGE_OVER_WITH_N = Words(
    "每个点：{seeds}的覆盖率均值，带 95% 区间；虚线是无记忆的智能体。设置：{summary}",
    "Each point: mean coverage over {seeds}, with its 95% interval; the dashed line is the agent without memory. Settings: {summary}",
)
TIME_TO_LIVE_T_AN_ENTRY = Words(
    "存活时间 T：条目超过 T 步没被访问就忘掉",
    "Time to live T: an entry is forgotten T steps after its last visit",
)
COVERAGE_AT_EACH_T = Words("每个 T 的覆盖率", "Coverage at each T")
SWEEP_T = Words("扫描 T", "Sweep T")
RUN_THESE_SEEDS_FOR_EVERY_T = Words(
    "每个 T（限时遗忘，记忆不限容量）各跑这些 seed",
    "Run these seeds for every T (time to live, unlimited memory)",
)
COVERAGE_BY_TIME_TO_LIVE_T = Words("覆盖率随存活时间 T", "Coverage by time to live T")
PRESS_EVERY_T_IN_TURN_TO_N = Words(
    "点「{run_text}」：每个 T 各跑一遍，看记忆只按时间遗忘时能覆盖多少页面。",
    "Press “{run_text}”: every T in turn, to see how much is covered when memory forgets by time alone.",
)
TIME_TO_LIVE_UNLIMITED_MEMORY = Words("限时遗忘，记忆不限容量", "time to live, unlimited memory")
COVERAGE_BY_TIME_TO_LIVE_T_N = Words("覆盖率随存活时间 T：{name}", "Coverage by time to live T: {name}")
FORGETTING_BY_TIME_COVERAGE_B_B_N = Words(
    "限时遗忘：T = {first} 时覆盖率 <b>{a}%</b>，T = {last} 时 <b>{b}%</b>",
    "Forgetting by time: coverage <b>{a}%</b> at T = {first}, <b>{b}%</b> at T = {last}",
)
EACH_POINT_MEAN_COVERAGE_OVER_WITH_N_2 = Words(
    "每个点：{seeds}的覆盖率均值，带 95% 区间；记忆不限容量。设置：{summary}",
    "Each point: mean coverage over {seeds}, with its 95% interval; unlimited memory. Settings: {summary}",
)
T_N = Words("（T = {time_to_live}）", " (T = {time_to_live})")
SWEEP_CAPACITY = Words("扫描容量", "Sweep capacity")
RUN_THESE_SEEDS_FOR_EVERY_CAPACITY = Words(
    "每个容量 × 每种淘汰策略，各跑这些 seed", "Run these seeds for every capacity × eviction policy"
)
WHAT_TO_SWEEP_MEMORY_CAPACITY_A = Words(
    "扫描什么：记忆容量（每种淘汰策略一条线），存活时间 T（按时间遗忘），或误用记忆的概率 P / 检索条数 K",
    "What to sweep: memory capacity (a line per eviction policy), the time to live T (forgetting by time), or the chance P of misusing memory / the entries K read by retrieval",
)
COMPARE_TWO_EVICTION_POLICIES_PAIRED = Words("配对比较两种淘汰策略", "Compare two eviction policies, paired")
MEMORY_CAPACITY_ENTRIES = Words("记忆容量（条）", "Memory capacity (entries)")
MEAN_COVERAGE_2 = Words("覆盖率均值（%）", "Mean coverage (%)")
DRAG_TO_COMPARE_THE_POLICIES_AT = Words(
    "拖动：换一个容量做配对比较", "Drag to compare the policies at another capacity"
)
COVERAGE_BY_MEMORY_CAPACITY = Words("覆盖率随记忆容量", "Coverage by memory capacity")
CAPACITY_PAGES_NOTHING_EVICTED = Words("容量 = 页面数（不会淘汰）", "capacity = pages (nothing evicted)")
COVERAGE_BY_MEMORY_CAPACITY_N = Words("覆盖率随记忆容量：{name}", "Coverage by memory capacity: {name}")
CHOOSE_TWO_DIFFERENT_POLICIES = Words("选两种不同的淘汰策略。", "Choose two different policies.")
AT_CAPACITY_EVICTION_COVERAGE_B_B_N = Words(
    "容量 {capacity} 时，{name_a}淘汰 − {name_b}：覆盖率 <b>{figure}</b> 个百分点（配对）",
    "At capacity {capacity}, {name_a} − {name_b} eviction: coverage <b>{figure}</b> points (paired)",
)

EVICTION_N = Words("{entries}（{policy} 淘汰）", "{entries} ({policy} eviction)")

PRESS_THE_CURRENT_SETTINGS_AND_NO_N = Words(
    "点「{button}」：当前设置和无记忆各跑一遍，按 seed 配对比较覆盖率。",
    "Press “{button}”: the current settings and no memory run on the same seeds, compared pair by pair.",
)
B_B_NO_MEMORY_COVERAGE_B_N = Words(
    "<b>{name}</b> − 无记忆：覆盖率 <b>{figure}</b> 个百分点，{wins}",
    "<b>{name}</b> − no memory: coverage <b>{figure}</b> points, {wins}",
)
PAIRED_BY_SEED_95_INTERVALS_NORMAL_N = Words(
    "{seeds}，同一个 seed 配对。95% 区间：正态 [{lo}, {hi}]，配对 bootstrap（{DEFAULT_BOOTSTRAP} 次重抽）[{boot_lo}, {boot_hi}]。设置：{settings}",
    "{seeds}, paired by seed. 95% intervals: normal [{lo}, {hi}], paired bootstrap ({DEFAULT_BOOTSTRAP} resamples) [{boot_lo}, {boot_hi}]. Settings: {settings}",
)
N95_HALF_WIDTH_PAIRED_B_B_N = Words(
    "95% 区间半宽：配对 <b>{paired}</b> 个百分点，不配对 <b>{unpaired}</b>（配对收窄 {narrower}%）。",
    "95% half-width: paired <b>{paired}</b> points, unpaired <b>{unpaired}</b> (pairing narrows it by {narrower}%).",
)
MEAN_N_2 = Words("均值\n{share}%", "mean\n{share}%")
MEAN_N_3 = Words("均值 {mean}", "mean {mean}")
N95_INTERVAL_N = Words("95% 区间 [{lo}, {hi}]", "95% interval [{lo}, {hi}]")
NOT_HIGHER_N = Words("不更高（{not_higher} 次）", "not higher ({not_higher})")
PAIRED_DIFFERENCES_N = Words("配对差值：{interval}，{wins}", "Paired differences: {interval}, {wins}")
PRESS_EACH_STRATEGY_RUNS_UNTIL_ALL_N = Words(
    "点「{button}」：每种策略一直跑到找全 {n} 个 Bug，比每个 Bug 花多少，不比每步。",
    "Press “{button}”: each strategy runs until all {n} bugs are found; compare the cost per bug, not per step.",
)
THIS_SITE_HAS_TOKENS_PER_BUG_N = Words(
    "{none_found}（这个站点有 {bugs}）：每个 Bug 的 token 没有值（{NO_VALUE}）。",
    "{none_found} (this site has {bugs}): tokens per bug have no value ({NO_VALUE}).",
)
# the Cost headline: no memory's tokens "only" so much (只有), or "as much" (是); English needs neither
ONLY_ZH = Words("只有", "")
AS_MUCH_AS_ZH = Words("是", "")
DEARER = Words("贵", "more")
CHEAPER = Words("便宜", "less")
FINDING_ALL_BUGS_B_B_SPENDS_N = Words(
    "找全 {n_bugs} 个 Bug：<b>{name}</b> 平均 {mean_tokens} token，{only}无记忆（{base_tokens}）的 <b>{part}%</b>；它每步{dearer} {step_premium}%。",
    "Finding all {n_bugs} bugs: <b>{name}</b> spends {mean_tokens} tokens on average, <b>{part}%</b> of no memory's ({base_tokens}), though each of its steps costs {step_premium}% {dearer}.",
)
LIST_SEPARATOR = Words("，", ", ")
RUNS_THAT_HAD_NOT_FOUND_EVERY_N = Words(
    " 在 {limit} 步内没找全的次数：{listed}。",
    " Runs that had not found every bug after {limit} steps: {listed}.",
)
EACH_STRATEGY_UNTIL_EVERY_BUG_IS_N = Words(
    "{seeds}，每种策略跑到找全为止（上限 {limit} 步）。记忆容量 {capacity}；每步 {base_tokens:,} token + 每条记忆 {entry_tokens}。{note}",
    "{seeds}, each strategy until every bug is found (at most {limit} steps). Memory capacity {capacity}; {base_tokens:,} tokens per step + {entry_tokens} per memory entry.{note}",
)
OF_N = Words("{all_found} / {runs}", "{all_found} of {runs}")
UNLIMITED_MEMORY_AN_ENTRY_NOT_VISITED_N = Words(
    "记忆不限容量，{ttl}：条目超过 T 步没被访问就删掉。",
    "Unlimited memory, {ttl}: an entry not visited for more than T steps is dropped.",
)
PRESS_EVERY_CAPACITY_WITH_EVERY_EVICTION_N = Words(
    "点「{button}」：每个容量、每种淘汰策略各跑一遍，看记忆不够用时该忘掉谁。",
    "Press “{button}”: every capacity with every eviction policy, to see what to forget when memory is short.",
)
EACH_POINT_MEAN_COVERAGE_OVER_WITH_N_3 = Words(
    "每个点：{seeds}的覆盖率均值，带 95% 区间。设置：{settings}",
    "Each point: mean coverage over {seeds}, with its 95% interval. Settings: {settings}",
)
CAPACITY_B_B_POINTS_PAIRED_PAIRS_N = Words(
    "容量 {capacity}：{name_a} − {name_b} = <b>{figure}</b> 个百分点（配对，{n} 对）<br><span style='font-size:small'>bootstrap [{boot_lo}, {boot_hi}]；{name_a} 更高 {wins} 次，不更高 {ties} 次；半宽：配对 {paired}，不配对 {unpaired}</span>",
    "Capacity {capacity}: {name_a} − {name_b} = <b>{figure}</b> points (paired, {n} pairs)<br><span style='font-size:small'>bootstrap [{boot_lo}, {boot_hi}]; {name_a} higher in {wins}, not higher in {ties}; half-width: paired {paired}, unpaired {unpaired}</span>",
)

REPEAT_RATE = Words("重复访问率 %", "Repeat rate %")
BUGS_FOUND = Words("找到 Bug", "Bugs found")
REPORTS = Words("报告数", "Reports")
# a table column: two lines, as the window-fit test wants it at 720p and 130 %
DUPLICATE_REPORTS_COLUMN = Words("重复报告", "Duplicate\nreports")
COVERAGE_PER_RUN = Words("每次运行的覆盖率", "Coverage per run")
PAIRED_DIFFERENCES = Words("配对差值", "Paired differences")
BUGS_FOUND_BY_TOKENS_SPENT = Words("Bug 随 token", "Bugs found by tokens spent")
BUG = Words("个 Bug", "bug")
COVERAGE_BY_CAPACITY = Words("覆盖率随容量", "Coverage by capacity")
# a run's dot under the pointer (Batch), its value filled in
COVERAGE_OF_A_RUN_N = Words("覆盖率 {y:.1f}%", "coverage {y:.1f}%")
DIFFERENCE_OF_A_RUN_N = Words("差值 {x:+.1f} 个百分点", "difference {x:+.1f} points")
# a run under the pointer (Cost)
N_STEPS = Words("{value} 步", "{value} steps")
N_TOKENS = Words("{value} token", "{value} token")
