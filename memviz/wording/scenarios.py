"""The words of the Scenarios tab, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

SESSION_STEP_N = Words("会话 {session} · 第 {step} 步", "session {session} · step {step}")
TO_RETEST = Words("待复测", "to retest")
MERGED_INTO = Words("并入", "merged into")
STALE_FIXED_IN_THE_NEW_VERSION = Words("（已过期：新版本已修复）", " (stale: fixed in the new version)")
FIXED_IN_N = Words("{version} 已修复", "fixed in {version}")
OPEN_N = Words("未修复（{version}）", "open ({version})")
NOT_QUITE_THE_ANSWER_IS_N = Words("不对，答案是 {shown}。", "Not quite: the answer is {shown}.")
SENTENCE_GAP = Words("", " ")  # between two sentences: none in Chinese, a space in English
MEMORY_EVICTION_ORDER = Words("记忆（按淘汰顺序）", "Memory (eviction order)")
EXERCISE_GRADED_AUTOMATICALLY = Words("练习（自动判分）", "Exercise (graded automatically)")
EVENTS = Words("事件", "Events")
FIGURES_OVER_200_SEEDS = Words("200 个 seed 的数字", "Figures over 200 seeds")
COMPUTE_THE_FIGURES_OVER_SEEDS_1000 = Words(
    "计算 seed 1000–1199 的数字", "Compute the figures over seeds 1000–1199"
)
YOUR_ANSWER = Words("你的答案", "your answer")

BUG_REPORTED = Words("Bug 已报告", "bug reported")
NOT_VISITED = Words("没去过", "not visited")
VISITED_FORGOTTEN = Words("去过但已忘记", "visited, then forgotten")  # as Explore's key says it
VISITED_NO_MEMORY = Words("去过（无记忆）", "visited (no memory)")
STALE_TESTED = Words("过期的「已测」", "stale “tested”")
POISONED = Words("投毒写入", "poisoned")
POISONED_FROM_THE_COMMENT_ON_N = Words(
    "投毒：来自「{source}」的评论", "poisoned: from the comment on {source}"
)
READ_BACK_FROM_THE_MEMORY_FILE = Words("从记忆文件读回", "read back from the memory file")
TESTED_ON_V1_PAGE_CHANGED_SINCE = Words("已测（v1），页面已改", "tested on v1, page changed since")

FIGURE = Words("数字", "figure")
VALUE = Words("值", "value")
N95_CI = Words("95% 区间", "95% CI")
STRATEGY_N = Words("策略：{strategy}", "strategy: {strategy}")
TOP_N = Words("检索前 {k} 条", "top:{k}")
READ_MODE = Words("读取方式", "read mode")
BUGS = Words("Bug", "bugs")
REPORTS = Words("报告数", "reports")
DUPLICATE_REPORTS = Words("重复报告", "duplicate reports")
COVERAGE_NONE_POINTS_PAIRED_95 = Words("覆盖率差（百分点，配对 95%）", "coverage − none (points, paired 95%)")
DUPLICATES_NONE_PAIRED_95 = Words("重复报告差（配对 95%）", "duplicates − none (paired 95%)")
PERSIST = Words("持久化", "persist")
DUPLICATE_REPORTS_A_RUN = Words("每次重复报告", "duplicate reports a run")
REPEAT_RATE = Words("重复访问率", "repeat rate")
SESSION_1_INTERRUPTED_AFTER_STEP_N = Words("会话 1 在第 {k} 步后中断", "session 1 interrupted after step {k}")
MEMORY_AT_THE_SWITCH = Words("切换版本时的记忆", "memory at the switch")
NEW_BUGS_FOUND = Words("新 Bug 找到", "new bugs found")
STEPS_TO_FIND_ONE = Words("找到所用步数", "steps to find one")
STALE_ENTRIES = Words("过期条目", "stale entries")
OLD_BUGS_REPORTED_AGAIN = Words("旧 Bug 重复报告", "old bugs reported again")
MEMORY_WRITTEN_AS = Words("记忆怎么写", "memory written as")
RUNS_POISONED = Words("中毒的运行", "runs poisoned")
PAGES_SKIPPED = Words("跳过的页面", "pages skipped")
BUGS_MISSED = Words("漏掉的 Bug", "bugs missed")
TRAVERSAL_WRITES_REFUSED = Words("被拒绝的穿越写入", "traversal writes refused")
NOTES_DROPPED = Words("清洗掉的笔记", "notes dropped")
A_NOTE_IS_BELIEVED_WITH_PROBABILITY_N = Words(
    "笔记被相信的概率 {believe:g}；代价按同一 seed 的结构化运行比较",
    "a note is believed with probability {believe:g}; costs against the same seed's structured run",
)
DEDUP_BY = Words("去重方式", "dedup by")
REPORTS_KEPT = Words("留下的报告", "reports kept")
WRONGLY_MERGED_REPORTS = Words("错误合并的报告", "wrongly merged reports")
DISTINCT_BUGS_LOST = Words("丢失的不同 Bug", "distinct bugs lost")
RUNS_LOSING_A_BUG = Words("丢了 Bug 的运行", "runs losing a bug")

SEEDS_RUNS_N = Words("seed {seed0}..{last}，共 {runs} 次", "seeds {seed0}..{last}, {runs} runs")
IGNORE_N = Words("忽略记忆 {chance:g}", "ignore {chance:g}")
NAVIGATION_N = Words("导航策略：{navigation}", "navigation: {navigation}")
A_RUN_FILES_REPORTS_ON_DISTINCT_N = Words(
    "每次运行平均 {reports:.2f} 份报告，{bugs:.2f} 个不同的 Bug",
    "a run files {reports:.2f} reports on {bugs:.2f} distinct bugs on average",
)

# memviz scenario resume --memory-dir: the two sessions, told
SESSION_1_INTERRUPTED_PERSIST_N = Words(
    "会话 1 在第 {step} 步中断，持久化 {persist}",
    "session 1 interrupted after step {step}, persist {persist}",
)
SESSION_2_READ_BACK_N = Words("会话 2 从磁盘读回：{loaded}", "session 2 read back from disk: {loaded}")
RESUMED_FIGURES_N = Words(
    "覆盖率 {coverage:.1f}%，重复报告 {dups}，Bug {bugs}",
    "coverage {coverage:.1f}%, duplicate reports {dups}, bugs {bugs}",
)
SESSION_N = Words("会话 {session}：", "session {session}: ")
NOTHING_READ_BACK = Words("什么也没有", "nothing")
THE_STATE_AFTER_STEP_N = Words(
    "第 {step} 步后的状态（记忆 {entries} 条，Bug {bugs} 个）",
    "the state after step {step} ({entries} memory entries, {bugs} bugs)",
)
