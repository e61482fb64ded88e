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
FORGOTTEN_REVISITS_PER_RUN = Words("忘了又回/次", "forgotten revisits per run")
EVICTIONS_PER_RUN = Words("淘汰/次", "evictions per run")
LANE = Words("第几条", "lane")
REUSE_DISTANCE = Words("复用距离", "reuse distance")
REVISITS = Words("回访次数", "revisits")
COMPUTING_SEEDS_N = Words("正在计算 seed {seeds}…", "Computing seeds {seeds}…")
SEEDS_RUNS_N = Words("seed {seeds}，共 {runs} 次", "seeds {seeds}, {runs} runs")
WHY_THE_COST_OVER_MANY_SEEDS = Words("为什么？多个 seed 上的代价", "Why? The cost over many seeds")
PER_RUN_FORGOTTEN_REVISITS_SOLID = Words(
    "每次运行：忘了又回（实心）、淘汰（浅色）", "Per run: forgotten revisits (solid), evictions (light)"
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
REVISITS_COLUMN = Words("回访", "revisits")
REUSE_DISTANCE_OF_REVISITS_LINE = Words(
    "回访的复用距离（两次访问之间去过的不同页面数）：",
    "Reuse distance of revisits (distinct pages visited between the two visits):",
)
DISTANCE = Words("距离", "distance")
