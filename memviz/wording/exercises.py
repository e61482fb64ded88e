"""The words of the Exercises tab, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

NOT_ANSWERED_YET = Words("还没做", "not answered yet")
ANSWERED_RIGHT = Words("答对了", "answered right")
ANSWERED_WRONG = Words("答错了", "answered wrong")
ANSWER_SHOWN_DOES_NOT_COUNT = Words("看过答案（不算分）", "answer shown (does not count)")
CLEAR_PROGRESS = Words("清空进度", "Clear progress")
FORGET_EVERY_ANSWER_GIVEN_SO_FAR = Words("清空所有练习的作答记录？", "Forget every answer given so far?")
EXERCISES = Words("练习", "Exercises")
SHOW_THE_ANSWER = Words("看答案", "Show the answer")
NEXT = Words("下一题", "Next")
A_NUMBER = Words("填一个数", "a number")
SOME_EXERCISE_FILES_COULD_NOT_BE = Words(
    "有些练习文件读不了，已跳过：\n", "Some exercise files could not be read and were left out:\n"
)
RIGHT_N = Words("{done} / {total} 答对", "{done} / {total} right")
OPEN_THIS_RUN_IN_EXPLORE = Words("在「探索」里打开这次运行", "Open this run in Explore")
NO_EXERCISES = Words("没有练习", "No exercises")
NO_EXERCISE_FILES_FOUND_RESOURCES = Words(
    "没有找到练习文件（resources/exercises/*.json）。",
    "No exercise files found (resources/exercises/*.json).",
)
ONE_RUN = Words("单次运行", "one run")
A_BATCH_OF_RUNS_COMPUTED_WHEN = Words("批量运行，检查时计算", "a batch of runs, computed when checked")
CHOOSE_ONE = Words("选择题", "choose one")
ENTER_A_NUMBER = Words("填数", "enter a number")
THIS_EXERCISE_CANNOT_BE_ASKED_N = Words("这道题的设置有问题：{exc}", "This exercise cannot be asked: {exc}")
THIS_EXERCISE_CANNOT_BE_GRADED_N = Words("这道题的设置有问题：{exc}", "This exercise cannot be graded: {exc}")
RIGHT = Words("答对了", "right")
WRONG = Words("答错了", "wrong")
LAST_TIME_TRY_AGAIN_N = Words("上次的回答：{verdict}。再试一次。", "Last time: {verdict}. Try again.")
NOT_QUITE = Words("还不对。", "Not quite.")
THE_ANSWER = Words("正确答案：", "The answer: ")
RIGHT_BUT_THE_ANSWER_WAS_SHOWN = Words(
    "对，不过答案已经看过了，这题不算分。", "Right, but the answer was shown: it does not count."
)

RUN_THIS_EXPERIMENT_IN_BATCH = Words("在「批量」里算这个实验", "Run this experiment in Batch")
RUN_THIS_EXPERIMENT_IN_SWEEP = Words("在「扫描」里算这个实验", "Run this experiment in Sweep")
RUN_THIS_EXPERIMENT_IN_COST = Words("在「成本」里算这个实验", "Run this experiment in Cost")
PLAY_THIS_SCENARIO_IN_SCENARIOS = Words("在「记忆场景」里看这个场景", "Play this scenario in Scenarios")
PICK_AN_OPTION_OR_ENTER_A = Words("请先选一个选项或填一个数。", "Pick an option or enter a number first.")
WORKING_OUT_THE_ANSWER = Words("正在计算答案……", "Working out the answer…")
CANCELLED_THE_ANSWER_WAS_NOT_WORKED = Words(
    "已取消，答案没有算完。", "Cancelled: the answer was not worked out."
)

THE_STEP_BUDGET_RAN_OUT = Words("步数预算用完了", "the step budget ran out")
MEMORY_HOLDS_NO_PAGE_LEFT_TO = Words(
    "记忆里已经没有没去过的页面，Agent 认为探索完了，自己停下",
    "memory holds no page left to visit, so the agent believes it is done and stops",
)
THE_CURRENT_PAGE_HAS_NO_LINK = Words("当前页面没有可点的链接", "the current page has no link to click")
EVERY_BUG_HAS_BEEN_FOUND = Words("所有 Bug 都找到了", "every bug has been found")
IT_REACHED_THE_STEP_LIMIT_FOR = Words("到了找 Bug 的步数上限", "it reached the step limit for finding bugs")
FORGETS_THE_ENTRY_USED_REVISITED_LONGEST_N = Words(
    "{name} 忘掉最久没被用到（没再访问）的那条", "{name} forgets the entry used (revisited) longest ago"
)
FORGETS_THE_ENTRY_WRITTEN_LONGEST_AGO_N = Words(
    "{name} 忘掉最早写入的那条", "{name} forgets the entry written longest ago"
)
THAT_IS_TOO_HIGH = Words("偏大了", "That is too high")
THAT_IS_TOO_LOW = Words("偏小了", "That is too low")
NOT_THAT_ONE = Words("不是这一项", "Not that one")
STEP_THROUGH_THIS_RUN_IN_THE = Words(
    "在「探索」里把这次运行一步一步走一遍，看看发生了什么。",
    "Step through this run in the Explore view and watch what happens.",
)
THE_QUESTION_IS_ABOUT_MANY_RUNS = Words(
    "题目说的是很多次运行的平均：想想规则在每一步做了什么，或在「批量」「扫描」里算一算。",
    "The question is about many runs: think about what the rule does at each step, or compute it in the Batch or Sweep view.",
)
TRY_AGAIN_OR_SHOW_THE_ANSWER = Words("再试一次；也可以看答案。", "Try again, or show the answer.")
TRY_AGAIN = Words("再试一次。", "Try again.")
POINTS = Words("个百分点", "points")
MEAN_COVERAGE = Words("平均覆盖率", "mean coverage")
MEAN_BUGS_FOUND = Words("平均找到的 Bug 数", "mean bugs found")
MEAN_DUPLICATE_REPORTS = Words("平均重复报告数", "mean duplicate reports")
MEAN_REPEAT_VISIT_RATE = Words("平均重复访问率", "mean repeat-visit rate")
MEAN_TOKENS_TO_FIND_EVERY_BUG = Words("找全 Bug 的平均 token", "mean tokens to find every bug")
MEAN_STEPS_TO_FIND_EVERY_BUG = Words("找全 Bug 的平均步数", "mean steps to find every bug")
THEY_ARE_EXACTLY_AS_GOOD = Words("一样好，没有差别", "They are exactly as good")
EXACT_TOLERANCE = Words("须完全一致", "exact")
WITHIN_TOLERANCE = Words("容差 ", "within ")
OR_SEPARATOR = Words(" 或 ", " or ")
NO_MEMORY = Words("（无记忆）", "(no memory)")
LAST_USED_AT_STEP_N = Words("（第 {at} 步最后用到）", " (last used at step {at})")
WRITTEN_AT_STEP_N = Words("（第 {at} 步写入）", " (written at step {at})")
PAGES_VISITED = Words("去过的页面数", "pages visited")
PAGES_UNIT = Words("个页面", "pages")
REPEAT_VISITS = Words("重复访问", "repeat visits")
TIMES_UNIT = Words("次", "times")
DISTINCT_BUGS_FOUND = Words("找到的不同 Bug 数", "distinct bugs found")
BUGS_UNIT = Words("个", "bugs")
BUG_REPORTS = Words("Bug 报告", "bug reports")
REPORTS_UNIT = Words("份", "reports")
DUPLICATE_REPORTS = Words("重复报告", "duplicate reports")
ESTIMATED_TOKENS = Words("估算 token", "estimated tokens")
STEPS_CLICKED = Words("点击步数", "steps clicked")
STEPS_UNIT = Words("步", "steps")
THE_STEP_OF_THE_FIRST_COMPACTION = Words("第一次压缩上下文的那一步", "the step of the first compaction")
STEP_UNIT = Words("步", "step")
RETURNS_TO_THE_PAGE = Words("回到该页的次数", "returns to the page")
VISITS_TO_THE_PAGE = Words("到达该页的次数", "visits to the page")
PLEASE_ENTER_A_PLAIN_NUMBER_WITHOUT = Words(
    "请输入不带逗号的数，例如 1234.5。", "Please enter a plain number without commas, such as 1234.5."
)
PLEASE_ENTER_A_NUMBER = Words("请输入一个数。", "Please enter a number.")
PLEASE_ENTER_A_NUMBER_SUCH_AS = Words("请输入一个数，例如 12.5。", "Please enter a number, such as 12.5.")
PLEASE_ENTER_A_FINITE_NUMBER = Words("请输入一个有限的数。", "Please enter a finite number.")
PLEASE_PICK_ONE_OF_THE_OPTIONS = Words("请选择一个选项。", "Please pick one of the options.")
