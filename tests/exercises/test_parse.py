"""Reading what a learner typed, and how close a number must be."""

from __future__ import annotations

import pytest

from memviz.exercises import (
    AnswerError,
    grade,
    parse_number,
    solve,
)
from tests.exercises.bundled import BY_ID


def test_numbers_are_read_the_way_people_type_them():
    assert parse_number("１２.５％") == 12.5
    assert parse_number("105,359") == 105359
    assert parse_number("1,388,108") == 1388108
    assert parse_number("50,0") == 50.0  # a decimal comma, not 500
    assert parse_number("３，５") == 3.5  # full-width comma
    assert parse_number("12,25%") == 12.25
    with pytest.raises(AnswerError, match="plain number"):
        parse_number("1,234.5")
    assert parse_number(" +29.3 个百分点") == 29.3
    assert parse_number("−3.8") == -3.8
    assert parse_number(7) == 7.0
    for bad in ("", "abc", "1.2.3", True, "nan", "inf"):
        with pytest.raises(AnswerError) as info:
            parse_number(bad)
        assert info.value.message("zh") and info.value.message("en")


def test_tolerances():
    diff = BY_ID["frontier-vs-none-diff"]
    expected = solve(diff).expected  # 45.0625
    assert grade(diff, "45.1").correct and grade(diff, "45.0").correct and grade(diff, 45.16).correct
    assert not grade(diff, "45.2").correct and not grade(diff, "44.9").correct
    homes = BY_ID["seed1000-home-returns"]
    assert grade(homes, "6").correct and not grade(homes, "7").correct and not grade(homes, "5.5").correct
    cost = BY_ID["cost-per-bug-frontier"]
    target = solve(cost).expected
    assert grade(cost, target * 1.009).correct and not grade(cost, target * 1.011).correct
    assert expected == pytest.approx(45.0625)


def test_unreadable_answers_raise_instead_of_counting_wrong():
    with pytest.raises(AnswerError):
        grade(BY_ID["seed1000-coverage"], "half")
    with pytest.raises(AnswerError):
        grade(BY_ID["frontier-next-page-plan"], "999")
