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
from memviz.wording import exercises as exercises_words

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
            exercises_words.THAT_IS_TOO_HIGH.pick(lang)
            if parse_number(answer) > expected
            else exercises_words.THAT_IS_TOO_LOW.pick(lang)
        )
    else:
        direction = exercises_words.NOT_THAT_ONE.pick(lang)
    if ex.single_run is not None:
        where = exercises_words.STEP_THROUGH_THIS_RUN_IN_THE.pick(lang)
    else:
        where = exercises_words.THE_QUESTION_IS_ABOUT_MANY_RUNS.pick(lang)
    more = (
        exercises_words.TRY_AGAIN_OR_SHOW_THE_ANSWER.pick(lang)
        if attempts.may_reveal
        else exercises_words.TRY_AGAIN.pick(lang)
    )
    return f"{direction}. {where} {more}" if lang == "en" else f"{direction}。{where}{more}"
