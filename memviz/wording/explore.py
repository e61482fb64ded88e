"""The words of the Explore tab, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

THE_SEED_MUST_BE_A_WHOLE_N = Words(
    "seed 要是 {SEED_MIN} 到 {SEED_MAX} 之间的整数，已保留原来的值",
    "The seed must be a whole number from {SEED_MIN} to {SEED_MAX}; kept the previous one",
)
MEMORY_CAPACITY_MUST_BE_AT_LEAST = Words(
    "记忆容量至少 1 条（或不限）", "Memory capacity must be at least 1 (or unlimited)"
)
THE_BUDGET_CANNOT_BE_NEGATIVE = Words("步数预算不能是负数", "The budget cannot be negative")
MEMORY_CAPACITY = Words("记忆容量", "Memory capacity")
ENTRIES = Words(" 条", " entries")
NEXT_SEED = Words("换下一个 seed", "Next seed")
STEPS = Words(" 步", " steps")
TIME_TO_LIVE_AN_ENTRY_NOT = Words(
    "限时遗忘：超过 T 步没访问的条目被忘掉",
    "Time to live: an entry not visited for more than T steps is forgotten",
)
BUDGET = Words("步数预算", "Budget")
SHOW_NAV_LINKS = Words("显示导航链接", "Show nav links")
N0_UNLIMITED_WHEN_FULL_THE_EVICTION = Words(
    "0 = 不限容量；满了以后按淘汰策略忘掉一条", "0 = unlimited; when full, the eviction policy forgets one"
)
THE_NO_MEMORY_STRATEGY_HAS_NO = Words(
    "无记忆策略没有记忆可以设容量", "The no-memory strategy has no memory to size"
)
WHICH_ENTRY_TO_FORGET_WHEN_MEMORY = Words("记忆满了忘掉哪一条", "Which entry to forget when memory is full")
UNLIMITED_MEMORY_NEVER_FORGETS_SO_NO = Words(
    "容量不限时不会忘，淘汰策略用不上", "Unlimited memory never forgets, so no policy applies"
)
TO_PRESS_ENTER_N = Words("{SEED_MIN} 到 {SEED_MAX}，按回车生效", "{SEED_MIN} to {SEED_MAX}; press Enter")
FOLLOW_THE_AGENT_ON = Words("跟随智能体：开", "follow the agent: on")
FOLLOW_OFF = Words("跟随：关", "follow: off")
DRAG_TO_PAN_DOUBLE_CLICK_WHOLE_N = Words(
    "{zoom:.0%} · 拖动平移 · 双击看全图 · F {follow}",
    "{zoom:.0%} · drag to pan · double-click: whole site · F {follow}",
)
NAV_BAR_ON_TOP_OF_EVERY = Words(
    "导航栏：每个页面顶部都有，任何一页都能一步点到这几页",
    "Nav bar: on top of every page, so these pages are one click from anywhere",
)
NOT_VISITED = Words("没去过", "not visited")
VISITED_NOT_REMEMBERED = Words("去过（但不记得）", "visited (not remembered)")
IN_MEMORY = Words("在记忆里", "in memory")
VISITED_THEN_FORGOTTEN = Words("去过但已忘记", "visited, then forgotten")
AGENT_IS_HERE = Words("Agent 所在页", "agent is here")
LAST_MOVES = Words("最近几步走过的路", "last moves")
ROUTE_PLANNED_FROM_MEMORY = Words("按记忆规划的路线", "route planned from memory")
JUST_FORGOTTEN = Words("这一步刚被忘掉", "just forgotten")
HIDES_A_BUG_FILLED_FOUND = Words("藏着 Bug（实心 = 已发现）", "hides a bug (filled = found)")
BADGE_VISITS = Words("角标 = 访问次数", "badge = visits")
DUPLICATE_REPORTS_N = Words("重复报告 ×{duplicates}", "duplicate reports ×{duplicates}")
NEW = Words("新写入", "new")
USED_MOVED_TO_NEWEST = Words("刚用过，挪到最新", "used: moved to newest")
FORGOTTEN = Words("被忘掉", "forgotten")
NEXT_TO_GO = Words("下一个被忘", "next to go")
NAV_N = Words("+{n_nav} 个导航链接", "+{n_nav} nav links")
# What "+N nav" at a row's end means, said under the memory's title (a projector has no hover)
NAV_N_MEANS = Words(
    "+N 个导航链接：也记着的导航栏页面链接", "+N nav links: the nav bar's pages it links to, held too"
)
ENTRIES_USED_UNLIMITED_N = Words("已用 {used} 条 / 不限容量", "{used} entries used / unlimited")
USED_N = Words("已用 {used} / {capacity} 条", "{used} / {capacity} used")
MEMORY = Words("记忆", "Memory")
UNLIMITED = Words("不限容量", "Unlimited")
CAPACITY_N = Words("容量 {capacity}", "Capacity {capacity}")
UNLIMITED_EVERY_VISITED_PAGE_STAYS_TOP = Words(
    "不限容量：去过的页面都记着。从上到下：最早写入 → 最新；绿色下划线链接 = 还不在记忆里；{nav}",
    "Unlimited: every visited page stays. Top to bottom: oldest → newest; green underlined links = not in memory yet; {nav}",
)
NO_MEMORY_EACH_STEP_THE_AGENT = Words(
    "无记忆：Agent 每一步只看得到当前页面，\n不记得去过哪里，也不记得报过哪些 Bug。",
    "No memory: each step the agent sees only the current page;\nit does not know where it has been or which bugs it reported.",
)
THE_AGENT_BELIEVES_IT_IS_DONE = Words("Agent 认为探索完成，停下", "the agent believes it is done")
BUDGET_USED_UP = Words("预算用完", "budget used up")
THIS_CALL_N = Words("本次调用 {tokens:,}", "this call {tokens:,}")
REPORTED_AT_LEAST_ONCE = Words("首次报告的 Bug", "reported at least once")
DUPLICATES_INCLUDED = Words("含重复", "duplicates included")
SAME_BUG_REPORTED_AGAIN = Words("同一个 Bug 又报一遍", "same bug reported again")
STEPS_BUDGET = Words("步数 / 预算", "Steps / budget")
PAGES_COVERED = Words("覆盖页面", "Pages covered")
REPEAT_VISITS = Words("重复访问", "Repeat visits")
TOKENS_SO_FAR_EST = Words("累计 token（估）", "Tokens so far (est.)")
BUGS_FOUND = Words("找到 Bug", "Bugs found")
BUG_REPORTS = Words("Bug 报告", "Bug reports")
DUPLICATE_REPORTS = Words("重复报告", "Duplicate reports")
COVERAGE = Words("覆盖率 %", "Coverage %")
INJECT_ALL = Words("全部注入", "inject all")
HOW_MEMORY_IS_READ_ALL_OF = Words(
    "记忆怎么读：每轮全部注入（模拟的假设），只检索打分最高的 K 条，或模型有一定概率不看记忆、漏写",
    "How memory is read: all of it every call (the simulation's assumption), only the K best-scored entries, or a model that ignores it or skips writes on a share of its steps",
)
NARRATION_WHAT_EACH_STEP_DID = Words("旁白：每一步发生了什么", "Narration: what each step did")
LIVE_NUMBERS = Words("实时数字", "Live numbers")
COMPARE_THIS_RUN_WITH = Words("对比这次运行…", "Compare this run with…")

TOKENS_SO_FAR_K = Words("累计 token（千）", "Tokens so far (k)")

THE_SEED_MUST_BE_A_WHOLE_N_2 = Words(
    "seed 要是 {SEED_MIN} 到 {SEED_MAX} 之间的整数（收到「{typed}」），已保留原来的值",
    "The seed must be a whole number from {SEED_MIN} to {SEED_MAX} (got “{typed}”); kept the previous one",
)
# A fold in the memory list says which rows it holds (their numbers) and that none changed this step
FOLDED_ROWS_N = Words("⋯ 第 {first}–{last} 条（{n} 条，未变）", "⋯ entries {first}–{last} ({n}, unchanged)")
FOLDED_ROW_N = Words("⋯ 第 {first} 条（未变）", "⋯ entry {first} (unchanged)")
FORGOTTEN_STEPS_AFTER_ITS_LAST_VISIT_N = Words(
    "{size}，{name}：超过 {t} 步没访问就忘。{which_goes}绿色链接 = 还不在记忆里；{nav}",
    "{size}, {name}: forgotten {t} steps after its last visit. {which_goes}Green links = not in memory yet; {nav}",
)
# {which_goes}: the policy's own sentence on which row goes ("The top entry goes first. "), or nothing
CAPACITY_RULE_N = Words(
    "容量 {capacity}，{name}：{rule}。{which_goes}绿色下划线链接 = 还不在记忆里；{nav}",
    "Capacity {capacity}, {name}: {rule}. {which_goes}Green underlined links = not in memory yet; {nav}",
)
LEFT_N = Words("还剩 {left} 步", "{left} left")
OF_STEPS_N = Words("占步数 {repeat_share}%", "{repeat_share}% of steps")

NONE = Words("没有", "none")
RECORDED_RUN_STARTS_ON_WHAT_IF_N = Words(
    "录下的运行（{agent}）开始：在「{start}」。假如的记忆：{memory}",
    "Recorded run ({agent}) starts on {start}. What-if memory: {memory}",
)
START_THE_AGENT_IS_ON_STRATEGY_N = Words(
    "开始：Agent 在「{start}」。策略：{settings}", "Start: the agent is on {start}. Strategy: {settings}"
)
CALL_EVERY_REMEMBERED_PAGE_HAS_BEEN_N = Words(
    "第 {call} 次调用：记得的页面都去过了，Agent 认为探索完成，停在「{here}」",
    "Call {call}: every remembered page has been visited; the agent believes it is done and stops on {here}",
)
CALL_HAS_NO_LINK_TO_CLICK_N = Words(
    "第 {call} 次调用：「{here}」没有链接可点，停下",
    "Call {call}: {here} has no link to click; the agent stops",
)
CALL_THE_AGENT_STOPS_N = Words("第 {call} 次调用：停下", "Call {call}: the agent stops")
NEW_PAGE = Words("（新页面）", " (new page)")
VISITED_BEFORE_BUT_FORGOTTEN = Words("（来过，但记忆里已经忘了）", " (visited before, but forgotten)")
EVERY_LINK_HERE_IS_REMEMBERED_SO = Words(
    "，这页的链接全都记得，只好随便点一个", ", every link here is remembered, so it clicks any one"
)
BUT_THE_MODEL_IGNORED_ITS_MEMORY = Words(
    "，但模型没看记忆，随手点了一个", ", but the model ignored its memory: a random click"
)
AND_WROTE_NOTHING_TO_MEMORY = Words("，这一步没写进记忆", ", and wrote nothing to memory")
THE_BUG_LIST_WAS_NOT_READ = Words("，没查 Bug 清单", ": the bug list was not read")
THE_WHAT_IF_MEMORY_STILL_HELD = Words(
    "；假如有这份记忆，它会提醒 Agent：这里来过",
    "; the what-if memory still held it: it would have told the agent it had been here",
)
END_OF_THE_RECORDING = Words("。录下的运行到此结束", ". End of the recording")
BUDGET_USED_UP_2 = Words("。预算用完", ". Budget used up")
STEP_N = Words("第 {step} 步：", "Step {step}: ")
WHAT_IF_MEMORY_N = Words("\u3000假如的记忆：{evicted}", "    What-if memory: {evicted}")
MEMORY_FULL_FORGETS_THE_OLDEST_ENTRY_N = Words(
    "\u3000记忆已满，按 {zh} 忘掉最早写入的：{forgotten}",
    "    Memory full, {en} forgets the oldest entry: {forgotten}",
)
MEMORY_FULL_FORGETS_THE_LEAST_RECENTLY_N = Words(
    "\u3000记忆已满，按 {zh} 忘掉最久没用的：{forgotten}",
    "    Memory full, {en} forgets the least recently used: {forgotten}",
)
MEMORY_FULL_EVICTION_FORGETS_N = Words(
    "\u3000记忆已满，{zh}忘掉一条：{forgotten}", "    Memory full, {en} eviction forgets: {forgotten}"
)
MEMORY_FULL_FORGETS_N = Words(
    "\u3000记忆已满，按 {zh}（{rule_zh}）忘掉：{forgotten}",
    "    Memory full, {en} ({rule_en}) forgets: {forgotten}",
)
COLON = Words("：", ": ")  # after a name, before what it says
WRITTEN_AT_THE_START = Words("（出发时写入）", ", written at the start")
WRITTEN_AT_STEP_N = Words("（第 {step} 步写入）", ", written at step {step}")
LAST_USED_AT_STEP_N = Words("（上次用到是第 {step} 步）", ", last used at step {step}")
OF_RIGHT_N = Words("猜对 {right} / {asked}", "{right} of {asked} right")

STEP_FROM_TO_N = Words("第 {steps} 步：{start}", "Step {steps}: {start}")
VISIT_N = Words("（第 {visits} 次来）", " (visit {visits})")
PLANNED_THROUGH_REMEMBERED_LINKS_N = Words(
    "，按记忆里的链接规划：{route}", ", planned through remembered links: {route}"
)
OF_ENTRIES_READ_N = Words("，检索注入了 {shown}/{held} 条记忆", ", {shown} of {held} entries read")
CONTEXT_CLAUSE_N = Words("，{clause}", "; {clause}")  # what the context did during the call
FOUND_BUG_N = Words("，发现 Bug：{bug}", ", found bug: {bug}")
REPORTED_BUG_AGAIN_DUPLICATE_REPORT_N = Words(
    "，又报了一遍 Bug：{bug}（重复报告）", ", reported bug again: {bug} (duplicate report)"
)
REMEMBERS_BUG_ALREADY_REPORTED_NO_NEW_N = Words(
    "，记得已经报过 Bug：{bug}，不再报", ", remembers bug already reported: {bug}, no new report"
)
ALL_BUGS_FOUND_THE_AGENT_STOPS_N = Words(
    "。{n_bugs} 个 Bug 全部找到，停下", ". All {n_bugs} bugs found; the agent stops"
)
CALL_THE_AGENT_STOPS_ON_END_N = Words(
    "第 {call} 次调用：Agent 在「{here}」停下。录下的运行到此结束",
    "Call {call}: the agent stops on {here}. End of the recording",
)
REPORTED_BUG_N = Words("，报告了 Bug：{bug}", ", reported bug: {bug}")
REPORTED_AGAIN_DUPLICATE_REPORT_N = Words(
    "，又报了一遍：{bug}（重复报告）", ", reported again: {bug} (duplicate report)"
)
REPORTED_N = Words("，报告了：{errors}", ", reported: {errors}")
A_BUG_PAGE_NOT_REPORTED_N = Words(
    "，这页藏着 Bug（{hidden}），没有报告", ", a bug page ({hidden}), not reported"
)
WHAT_IF_MEMORY_IT_HAD_FORGOTTEN = Words(
    "；假如的记忆：已经忘了这页", "; what-if memory: it had forgotten this page"
)
WHAT_IF_MEMORY_STILL_HELD_IT = Words(
    "；假如的记忆：还记得，会提醒 Agent 这里来过",
    "; what-if memory: still held it, it would have told the agent it had been here",
)
