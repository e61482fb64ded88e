"""The words of the session context (issue 38), zh and en: its settings as a label, the compaction
modes, the narration's sentences, the gauge's and the strip's labels, the report's table."""

from __future__ import annotations

from memviz.core.context import UNLIMITED, compaction_name
from memviz.core.strategies import STRATEGIES
from memviz.wording.words import Words

CONTEXT_OFF_KNOWS_NOTHING = Words(
    "上下文关闭：它什么也不知道，走法和无记忆一样（给 --context W）",
    "context off: it knows nothing and walks as no memory does (give --context W)",
)
WINDOW_TOKENS = Words("上下文 {window} token", "context {window} tokens")
WINDOW_UNLIMITED = Words("上下文不限", "unlimited context")
TURN_TOKENS = Words("每轮 {tokens}", "{tokens} a turn")
SUMMARY_NAMES = Words("摘要留 {names} 个页名", "summary keeps {names} names")

# The narration (a step's sentences after what the agent did; "step 19: " comes first)
COMPACT_TRUNCATE = Words(
    "上下文满了（{before:,} > {window:,}），丢掉最早的 {dropped} 轮",
    "the context was full ({before:,} > {window:,}): the oldest {dropped} turns dropped",
)
COMPACT_TRUNCATE_ONE = Words(
    "上下文满了（{before:,} > {window:,}），丢掉最早的 1 轮",
    "the context was full ({before:,} > {window:,}): the oldest turn dropped",
)
COMPACT_SUMMARY = Words(
    "上下文满了，前 {summarized} 轮压成摘要；链接表丢了，只留下 {names} 个页名",
    "the context was full: the first {summarized} turns became a summary; their links are gone, "
    "{names} page names kept",
)
COMPACT_SUMMARY_DROPPED = Words("，又丢掉 {dropped} 轮", ", and {dropped} more turns dropped")
COMPACT_MEMGPT = Words(
    "上下文满了（刷新阈值），{moved} 轮挤出到 recall storage，并写进递归摘要（{names} 个页名）",
    "the context passed the flush threshold: {moved} turns evicted to recall storage and into the "
    "recursive summary ({names} page names)",
)
PRESSURE = Words(
    "内存压力警告（提示 {before:,} 超过窗口的 {share}%）",
    "memory-pressure warning (prompt {before:,} past {share}% of the window)",
)
PRESSURE_MOVED = Words(
    "，把 {bugs} 个已报 Bug 存进工作上下文", ": {bugs} reported bugs saved to working context"
)
RECALL_FOUND = Words(
    "查了一次 recall storage（{tokens} token），找回 {found} 个去过的页面",
    "one recall search ({tokens} tokens) found {found} visited pages",
)
RECALL_NOTHING = Words(
    "查了一次 recall storage（{tokens} token），没找到", "one recall search ({tokens} tokens) found nothing"
)
FORGOTTEN_BY_COMPACTION = Words(
    "又回到去过的页面：上下文在第 {call} 次调用时把它压缩掉了",
    "back on a page it had seen: the context lost it at call {call}",
)
FORGOTTEN_BY_COMPACTION_UNKNOWN = Words(
    "又回到去过的页面：上下文里已经没有它了", "back on a page it had seen: the context no longer held it"
)

# The panel
PANEL_TITLE = Words("上下文窗口", "Context window")
GAUGE_USED = Words("{used:,} / {window:,} token", "{used:,} / {window:,} tokens")
GAUGE_UNLIMITED = Words("{used:,} token（窗口不限）", "{used:,} tokens (no limit)")
WARN_LINE = Words("70%", "70%")
TURNS = Words("历史（旧 → 新）：{turns} 轮", "History (oldest → newest): {turns} turns")
SUMMARY = Words("摘要：{names}", "Summary: {names}")
SUMMARY_BUGS = Words("摘要里的 Bug：{bugs}", "Bugs in the summary: {bugs}")
SUMMARY_NONE = Words("摘要：（还没有）", "Summary: (none yet)")
WORKING = Words("工作上下文：{bugs}", "Working context: {bugs}")
RECALL = Words("recall storage：{turns} 轮", "Recall storage: {turns} turns")
NAMED_ONLY = Words("只知道名字的页面（没有链接）", "Known by name only (links lost)")
OFF = Words("上下文关闭（--context 没给）", "Context off (no --context)")

# memviz run's line
RUN_LINE = Words(
    "上下文：{label}；压缩 {compactions} 次，内存压力警告 {warnings} 次，recall 检索 {searches} 次；"
    "结束时历史 {turns} 轮，摘要 {names} 个页名，recall storage {recall} 轮",
    "context: {label}; {compactions} compactions, {warnings} pressure warnings, {searches} recall searches; "
    "at the end {turns} turns, {names} names in the summary, {recall} turns in recall storage",
)

NO_MEMORY_BUT_CONTEXT = Words(
    "没有外部记忆：Agent 只知道上下文窗口里还留着的历史（上面），压缩掉的就不知道了。",
    "No external memory: the agent knows only the history still in its context window (above); "
    "what compaction took, it no longer knows.",
)

# Explore's setting
CONTEXT_LABEL = Words("上下文", "Context")
UNLIMITED_SHORT = Words("不限", "unlimited")
OFF_SHORT = Words("关", "off")  # 关闭 is the window's Close: one Chinese per English
WINDOW_TIP = Words(
    "会话上下文窗口（token）：关闭时和本章一样不算历史；开了以后每步的历史都要重发，满了就压缩",
    "The session context window (tokens): off, as the chapter (no history counted); on, every step's "
    "history is sent again, and compacted when the window is full",
)
COMPACTION_TIP = Words(
    "满了怎么办：截断（丢最早的轮）、摘要（前一半压成页名和 Bug）、MemGPT（70% 警告，满了挤出一半到 recall storage）",
    "When full: truncate (drop the oldest turns), summary (the first half becomes names and bugs), "
    "MemGPT (a warning at 70 %, a flush of half the turns to recall storage)",
)

# The graph's legend and badge
LEGEND_LINKED = Words("上下文或记忆里有（知道链接）", "in context or memory (links known)")
LEGEND_NAMED = Words("只知道名字（摘要里，链接丢了）", "known by name only (summary, links lost)")
LEGEND_LOST = Words("去过，上下文里已经没有了", "visited, lost from the context")
COMPACTED_BADGE = Words("↺ 第 {step} 步被压缩掉", "↺ compacted at step {step}")

# The Sweep view's context axis
AXIS_CHOICE = Words("上下文窗口", "Context window")
SWEEP_AXIS = Words("上下文窗口（token）", "context window (tokens)")
SWEEP_TITLE = Words("会话内记忆：覆盖率随上下文窗口", "Context only: coverage by window size")
SWEEP_BUTTON = Words("扫描窗口大小", "Sweep the window")
SWEEP_TIP = Words(
    "每个窗口大小 × 每种压缩方式都跑这些 seed（会话内记忆策略），再跑无记忆和“已访问集合 + 链接表”两端",
    "Run these seeds for every window size and compaction (the context-only strategy), and the two "
    "ends: no memory and visited set + link table",
)
SWEEP_PRESS = Words(
    "按“{run_text}”：每个窗口大小、每种压缩方式各跑一遍",
    "Press “{run_text}”: every window size with every compaction",
)
FLOOR = Words("无记忆（下限）{coverage}%", "no memory (floor) {coverage}%")
CEILING = Words("已访问集合 + 链接表（上限）{coverage}%", "visited set + link table (ceiling) {coverage}%")
PER_CALL_PLOT_TITLE = Words("每次调用的 token（窗口 {window}）", "Tokens per call (window {window})")
PER_CALL_EXPORT = Words("每次调用的 token", "Tokens per call")
PER_CALL_TITLE = Words("每次调用的 token（窗口 12,000）", "Tokens per call (window 12,000)")
PER_CALL_NOTE = Words(
    "每轮重发全部历史：token 随调用次数线性涨，总数按平方涨；注入记忆的“已访问集合 + 链接表”几乎是平的。",
    "Resending the whole history: each call costs more than the last, the total grows with the square; "
    "injected memory (visited set + link table) stays almost flat.",
)
CALL_AXIS = Words("第几次调用", "call")
TOKENS_AXIS = Words("token（千）", "tokens (k)")
WHOLE_HISTORY = Words("全部历史（不限窗口）", "whole history (unlimited)")
COL_COVERAGE = Words("覆盖率 %", "coverage %")
COL_DUPLICATES = Words("重复报 Bug", "dup. reports")
COL_TOKENS = Words("token", "tokens")
SWEEP_HEADLINE = Words(
    "窗口 {window} 时，{budget} 步重发全部历史要 <b>{whole}</b> token，注入记忆只要 <b>{frontier}</b>；"
    "窗口不限时覆盖率 {inf}%，和“已访问集合 + 链接表”一样",
    "At a window of {window}, {budget} steps resending the whole history cost <b>{whole}</b> tokens, injected "
    "memory <b>{frontier}</b>; with no limit coverage is {inf}%, as visited set + link table",
)
SWEEP_CONTEXT = Words(
    "每个点：{seeds} 的平均覆盖率；{summary}", "Each point: mean coverage over {seeds}; {summary}"
)

# The report's table (memviz report --context W)
REPORT_TITLE = Words(
    "会话上下文：{window}（seed {first}–{last}，{runs} 次运行，每次 {budget} 步）",
    "Session context: {window} (seeds {first}–{last}, {runs} runs of {budget} steps)",
)
REPORT_HEAD = Words(
    "策略 | 压缩 | 覆盖率 % | 重复报 Bug | token | 压缩次数",
    "strategy | compaction | coverage % | duplicate reports | tokens | compactions",
)
CONTEXT_OFF_SHORT = Words("上下文关闭（注入记忆）", "context off (memory injected)")


def window_words(window: float | None, lang: str) -> str:
    if window == UNLIMITED:
        return WINDOW_UNLIMITED.pick(lang)
    return WINDOW_TOKENS.pick(lang, window=f"{int(window):,}")


def context_label(config, lang: str) -> str:
    """A config's context for people ("context 12,000 tokens · summary"), or "" with the context off;
    settings left at their defaults are not said."""
    if config.context is None:
        if STRATEGIES.get(config.strategy).needs_context:  # it would know nothing: say so
            return CONTEXT_OFF_KNOWS_NOTHING.pick(lang)
        return ""
    parts = [window_words(config.context, lang), compaction_name(config.compaction, lang)]
    if config.turn_tokens != 500:
        parts.append(TURN_TOKENS.pick(lang, tokens=config.turn_tokens))
    if config.compaction != "truncate" and config.summary_names != 8:
        parts.append(SUMMARY_NAMES.pick(lang, names=config.summary_names))
    return " · ".join(parts)
