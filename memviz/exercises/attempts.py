"""The learning loop of an exercise: a wrong answer earns a hint and another try; after
REVEAL_AFTER wrong answers the answer may be shown, with the reason; an answer shown never counts
as right, whatever is typed after it.

Qt-free: the Exercises view keeps one :class:`Attempts` per exercise and asks :func:`respond` what
to say; the hint is computed from the exercise and the answer, never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memviz.exercises.answers.compute import solve
from memviz.exercises.answers.parse import parse_number
from memviz.exercises.schema import Exercise
from memviz.wording import t

REVEAL_AFTER = 2  # wrong answers before the answer may be shown

RIGHT = "right"  # right, and it counts
RIGHT_AFTER_REVEAL = "right_after_reveal"  # right, but the answer had been shown: it does not count
HINT = "hint"  # wrong: a hint and another try, the answer kept back
REVEALED = "revealed"  # the answer is shown (asked for, or answered again after it was)


@dataclass
class Attempts:
    """One exercise's tries in this session."""

    wrong: int = 0  # wrong answers so far
    revealed: bool = False  # the answer has been shown
    solved: bool = False  # answered right before the answer was shown

    @property
    def may_reveal(self) -> bool:
        return not self.solved and not self.revealed and self.wrong >= REVEAL_AFTER


def respond(attempts: Attempts, correct: bool) -> str:
    """Record one graded answer; returns what to show: RIGHT, RIGHT_AFTER_REVEAL, HINT or REVEALED."""
    if attempts.revealed:
        return RIGHT_AFTER_REVEAL if correct else REVEALED
    if correct:
        attempts.solved = True
        return RIGHT
    attempts.wrong += 1
    return HINT


def reveal(attempts: Attempts) -> None:
    attempts.revealed = True


def hint(ex: Exercise, answer: Any, attempts: Attempts, lang: str) -> str:
    """What to think about after a wrong answer, without giving the answer away."""
    if ex.answer_type == "number":
        expected = float(solve(ex).expected)
        direction = (
            t(lang, "偏大了", "That is too high")
            if parse_number(answer) > expected
            else t(lang, "偏小了", "That is too low")
        )
    else:
        direction = t(lang, "不是这一项", "Not that one")
    if ex.single_run is not None:
        where = t(
            lang,
            "在「探索」里把这次运行一步一步走一遍，看看发生了什么。",
            "Step through this run in the Explore view and watch what happens.",
        )
    else:
        where = t(
            lang,
            "题目说的是很多次运行的平均：想想规则在每一步做了什么，或在「批量」「扫描」里算一算。",
            "The question is about many runs: think about what the rule does at each step, or compute"
            " it in the Batch or Sweep view.",
        )
    more = (
        t(lang, "再试一次；也可以看答案。", "Try again, or show the answer.")
        if attempts.may_reveal
        else t(lang, "再试一次。", "Try again.")
    )
    return f"{direction}. {where} {more}" if lang == "en" else f"{direction}。{where}{more}"
