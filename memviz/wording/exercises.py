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
