"""Reading what a learner typed: a number (full-width digits, separators, % are fine) or a choice."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import Any

from memviz.exercises.schema import AnswerError, Choice
from memviz.wording import exercises as exercises_words


def _read_commas(text: str) -> str:
    """A lone comma not followed by exactly three digits is a decimal comma ("50,0" is 50.0, not 500);
    commas grouping thousands ("105,359", "1,388,108") are dropped later. A comma next to a point
    ("1,234.5") could mean either, so the learner is asked for a plain number."""
    if "," in text and "." in text:
        raise AnswerError(*exercises_words.PLEASE_ENTER_A_PLAIN_NUMBER_WITHOUT)
    head, comma, tail = text.partition(",")
    digits_after = len(tail) - len(tail.lstrip("0123456789"))
    if comma and "," not in tail and digits_after != 3:
        return f"{head}.{tail}"
    return text


def parse_number(answer: Any) -> float:
    """A number typed by a learner: full-width digits, thousands separators, % and a sign are fine."""
    if isinstance(answer, bool):
        raise AnswerError(*exercises_words.PLEASE_ENTER_A_NUMBER)
    if isinstance(answer, int | float):
        value = float(answer)
    else:
        text = _read_commas(unicodedata.normalize("NFKC", str(answer)).strip())
        for junk in (",", " ", "_", "'", "%", "\u00a0", "\u2009", "\u202f", "、"):
            text = text.replace(junk, "")
        text = text.replace("−", "-").replace("＋", "+")
        if text.endswith("个百分点"):
            text = text[: -len("个百分点")]
        try:
            value = float(text)
        except ValueError:
            raise AnswerError(*exercises_words.PLEASE_ENTER_A_NUMBER_SUCH_AS) from None
    if not math.isfinite(value):
        raise AnswerError(*exercises_words.PLEASE_ENTER_A_FINITE_NUMBER)
    return value


def parse_choice(answer: Any, choices: Sequence[Choice]) -> str:
    key = str(answer).strip()
    if key in {c.key for c in choices}:
        return key
    raise AnswerError(*exercises_words.PLEASE_PICK_ONE_OF_THE_OPTIONS)
