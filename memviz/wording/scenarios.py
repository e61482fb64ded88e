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
