"""The learning loop, read plainly: hint and retry, the answer only after REVEAL_AFTER wrong answers,
and an answer shown never counts as right."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memviz.exercises import attempts as loop
from memviz.exercises import load_exercises, solve

BY_ID = {ex.id: ex for ex in load_exercises()}


def test_wrong_wrong_reveal_then_right_does_not_count():
    tries = loop.Attempts()
    assert loop.respond(tries, False) == loop.HINT and not tries.may_reveal
    assert loop.respond(tries, False) == loop.HINT and tries.may_reveal
    loop.reveal(tries)
    assert loop.respond(tries, True) == loop.RIGHT_AFTER_REVEAL
    assert loop.respond(tries, False) == loop.REVEALED


@given(st.lists(st.booleans(), max_size=12))
def test_a_right_answer_counts_only_if_no_answer_was_shown_before_it(answers):
    """Against a plain reading: the answer may be shown after REVEAL_AFTER wrong answers; shown
    whenever offered here, every later right answer is RIGHT_AFTER_REVEAL."""
    tries = loop.Attempts()
    wrong, shown = 0, False
    for correct in answers:
        outcome = loop.respond(tries, correct)
        if shown:
            assert outcome == (loop.RIGHT_AFTER_REVEAL if correct else loop.REVEALED)
        elif correct:
            assert outcome == loop.RIGHT
        else:
            wrong += 1
            assert outcome == loop.HINT
        if not shown and tries.may_reveal:
            assert wrong >= loop.REVEAL_AFTER
            loop.reveal(tries)
            shown = True


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_numeric_hint_says_which_way_and_never_the_answer(lang):
    ex = BY_ID["seed1000-home-returns"]
    expected = float(solve(ex).expected)
    high = loop.hint(ex, str(expected + 3), loop.Attempts(), lang)
    low = loop.hint(ex, str(expected - 3), loop.Attempts(), lang)
    assert ("偏大了" if lang == "zh" else "too high") in high
    assert ("偏小了" if lang == "zh" else "too low") in low
    assert f"{expected:g}" not in high and f"{expected:g}" not in low
