"""Reading what a learner typed: a number (full-width digits, separators, % are fine) or a choice."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import Any

from memviz.exercises.schema import AnswerError, Choice


def _read_commas(text: str) -> str:
    """A lone comma not followed by exactly three digits is a decimal comma ("50,0" is 50.0, not 500);
    commas grouping thousands ("105,359", "1,388,108") are dropped later. A comma next to a point
    ("1,234.5") could mean either, so the learner is asked for a plain number."""
    if "," in text and "." in text:
        raise AnswerError(
            "请输入不带逗号的数，例如 1234.5。", "Please enter a plain number without commas, such as 1234.5."
        )
    head, comma, tail = text.partition(",")
    digits_after = len(tail) - len(tail.lstrip("0123456789"))
    if comma and "," not in tail and digits_after != 3:
        return f"{head}.{tail}"
    return text


def parse_number(answer: Any) -> float:
    """A number typed by a learner: full-width digits, thousands separators, % and a sign are fine."""
    if isinstance(answer, bool):
        raise AnswerError("请输入一个数。", "Please enter a number.")
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
            raise AnswerError("请输入一个数，例如 12.5。", "Please enter a number, such as 12.5.") from None
    if not math.isfinite(value):
        raise AnswerError("请输入一个有限的数。", "Please enter a finite number.")
    return value


def parse_choice(answer: Any, choices: Sequence[Choice]) -> str:
    key = str(answer).strip()
    if key in {c.key for c in choices}:
        return key
    raise AnswerError("请选择一个选项。", "Please pick one of the options.")
