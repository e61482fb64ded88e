"""Reading what a learner typed: a number (full-width digits, separators, % are fine) or a choice."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import Any

from memviz.exercises.schema import AnswerError, Choice


def parse_number(answer: Any) -> float:
    """A number typed by a learner: full-width digits, thousands separators, % and a sign are fine."""
    if isinstance(answer, bool):
        raise AnswerError("请输入一个数。", "Please enter a number.")
    if isinstance(answer, int | float):
        value = float(answer)
    else:
        text = unicodedata.normalize("NFKC", str(answer)).strip()
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
