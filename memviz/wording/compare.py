"""The words of the Compare tab, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

READ_MODE = Words("读取方式", "Read mode")
INJECT_ALL_ALWAYS_USED_RIGHT = Words("全部注入，总被正确使用", "inject all, always used right")
CONFIG = Words("换配置", "Config")
CHANGE_THIS_LANE_S_STRATEGY_CAPACITY = Words(
    "换这一条的策略、容量或淘汰策略", "Change this lane's strategy, capacity or policy"
)
REMOVE_THIS_LANE = Words("去掉这一条", "Remove this lane")
PREDICT_THEN_REVEAL = Words("先猜再揭晓", "Predict, then reveal")
# {forgotten_revisits}, {evictions}: the terms (memviz.wording.term), said the one way
FORGOTTEN_REVISITS_PER_RUN = Words("{forgotten_revisits}/次", "{forgotten_revisits} per run")
EVICTIONS_PER_RUN = Words("{evictions}/次", "{evictions} per run")
LANE = Words("第几条", "lane")
REUSE_DISTANCE = Words("复用距离", "reuse distance")
REVISITS = Words("回访次数", "revisits")
COMPUTING_SEEDS_N = Words("正在计算 seed {seeds}…", "Computing seeds {seeds}…")
SEEDS_RUNS_N = Words("seed {seeds}，共 {runs} 次", "seeds {seeds}, {runs} runs")
WHY_THE_COST_OVER_MANY_SEEDS = Words("为什么？多个 seed 上的代价", "Why? The cost over many seeds")
PER_RUN_FORGOTTEN_REVISITS_SOLID = Words(
    "每次运行：{forgotten_revisits}（实心）、{evictions}（浅色）",
    "Per run: {forgotten_revisits} (solid), {evictions} (light)",
)
REUSE_DISTANCE_OF_REVISITS_DISTINCT = Words(
    "回访的复用距离：两次访问之间去过几个不同页面（虚线：容量）",
    "Reuse distance of revisits: distinct pages visited in between (dashed: capacity)",
)
THE_PATHS_NEVER_PART = Words("各条路径从头到尾都一样。", "The paths never part.")
ADD_LANE = Words("＋ 加一条", "+ Add lane")
THE_VIEW_PNG = Words("整个视图（PNG）…", "The view (PNG)…")
THE_VIEW_SVG = Words("整个视图（SVG）…", "The view (SVG)…")
FRAME_TABLES_CSV = Words("帧表（CSV）…", "Frame tables (CSV)…")

STEP_LANE_IS_FULL_WHICH_ENTRY_N = Words(
    "第 {call} 步：第 {lane} 道（{name}）记忆满了，会忘掉哪一条？",
    "Step {call}: lane {lane} ({name}) is full. Which entry will it forget?",
)

SEED_BUDGET_STEPS_N = Words("seed {seed}，预算 {budget} 步", "seed {seed}, budget {budget} steps")
CONFIG_COLUMN = Words("配置", "config")
REPEATS = Words("重复", "repeats")
THE_PATHS_PART_AT_STEP_WHY_N = Words("路径在第 {step} 步分开。原因：", "The paths part at step {step}. Why: ")
LANE_FORGOTTEN_REVISITS_N = Words(
    "{label}：{forgotten_revisits} {count} 次", "{label}: {count} {forgotten_revisits}"
)
STEP_BACK_ON_FORGOTTEN_AT_STEP_N = Words(
    "  第 {step} 步回到{name}，它在第 {evicted_at} 步被忘掉",
    "  step {step}: back on {name}, forgotten at step {evicted_at}",
)
SEED_RANGE_RUNS_N = Words("seed {first}～{last}，共 {runs} 次", "seeds {first}-{last}, {runs} runs")
FORGOTTEN_REVISITS_PER_RUN_N = Words("{forgotten_revisits}/次", "{forgotten_revisits}/run")
EVICTIONS_PER_RUN_N = Words("{evictions}/次", "{evictions}/run")
REUSE_DISTANCE_OF_REVISITS_LINE = Words(
    "回访的复用距离（两次访问之间去过的不同页面数）：",
    "Reuse distance of revisits (distinct pages visited between the two visits):",
)
DISTANCE = Words("距离", "distance")

# Why two lanes part (memviz.presentation.divergence): the core's cause, said in a line.
WENT_TO_OTHER_WENT_TO_N = Words(
    "第 {step} 步：{who}去了{page}，{other}去了{other_page}",
    "step {step}: {who} went to {page}, {other} to {other_page}",
)
THE_RECORDED_AGENT = Words("录下的 Agent ", "the recorded agent")
THE_RULE = Words("规则", "the rule")
STOPPED = Words("（停下）", "(stopped)")  # a lane that stopped where the other moved on
STEP_LEADS_N = Words("第 {step} 步：", "step {step}: ")
AND = Words("和", " and ")
PICK_LINKS_BY_DIFFERENT_RULES = Words("选链接的规则不同", " pick links by different rules ")
PAGE_AND_PAGE_N = Words("（{page} / {other}）", "({page} / {other})")
STEP_CLAUSES_N = Words("第 {step} 步：{clauses}", "step {step}: {clauses}")
CLAUSE_SEPARATOR = Words("；", "; ")
THE_LANES_CHOSE_DIFFERENTLY_N = Words(
    "第 {step} 步：两条路在这里分开", "step {step}: the lanes chose differently here"
)
LANE_N = Words("第 {number} 条", "lane {number}")
LANE_READING_N = Words("第 {number} 条（{reading}）", "lane {number} ({reading})")
STEP_LANE_WHAT_N = Words("第 {step} 步：{who}：{what}", "step {step}: {who}: {what}")
THE_MODEL_IGNORED_ITS_MEMORY = Words(
    "模型没看记忆，随手点了一个", "the model ignored its memory: a random click"
)
NOTHING_WAS_WRITTEN_TO_MEMORY = Words("这一步没写进记忆", "nothing was written to memory")
ONLY_SOME_ENTRIES_WERE_READ_N = Words(
    "只检索注入了 {shown}/{held} 条记忆", "only {shown} of {held} entries were read"
)
LANE_DID_N = Words("{who}{what}", "{who} {what}")  # a lane, then what its context did
HAS_NO_CONTEXT_LAYER = Words("没有上下文层", "has no context layer")
A_MEMGPT_FLUSH = Words("MemGPT 刷新，", "a MemGPT flush: ")
TURNS_BECAME_A_SUMMARY_N = Words(
    "前 {turns} 轮压成摘要（只留 {names} 个页名）",
    "the first {turns} turns became a summary ({names} page names kept)",
)
TRUNCATED_ONE_TURN = Words("截断，丢掉最早的 1 轮", "truncated: dropped its oldest turn")
TRUNCATED_N = Words("截断，丢掉最早的 {n} 轮", "truncated: dropped its oldest {n} turns")
SEARCHED_RECALL_STORAGE_N = Words(
    "查 recall storage 找回 {hits} 个页面", "searched recall storage and found {hits} pages"
)
COMPACTED_NOTHING = Words("什么也没压缩", "compacted nothing")
POLICY_EVICTION_N = Words("{policy}淘汰", "{policy} eviction")
WHO_WITH_CAPACITY_N = Words("{who}（容量 {capacity}）", "{who} (capacity {capacity})")
FORGOT_NOTHING = Words("什么也没忘", " forgot nothing")
DREW_A_RANDOM_NUMBER_AND = Words("抽了一个随机数，", " drew a random number and")
LOOKED_AHEAD_AND = Words("看了未来，", " looked ahead and")
FORGOT = Words("忘了", " forgot ")

# The frame table (Compare's memory, slot by slot)
FORGOTTEN_REVISIT_FORGOTTEN_AT_N = Words(
    "（{forgotten_revisit}：第 {step} 步被忘掉）", " ({forgotten_revisit}: forgotten at step {step})"
)
NO_MEMORY_NOTHING_TO_TABULATE = Words("没有记忆：没有可画的表", "No memory: nothing to tabulate")
SLOT_N = Words("槽 {row}", "slot {row}")
PAGE_ROW = Words("页面", "page")
EMPTY = Words("空", "empty")
# {plural}: "s" for more than one slot (English only)
SLOTS_EMPTY_N = Words("槽 {slots} 空", "slot{plural} {slots} empty")
SLOTS_UNCHANGED_N = Words("槽 {slots} 未变：{held}", "slot{plural} {slots} unchanged: {held}")
