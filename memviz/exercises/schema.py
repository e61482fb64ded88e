"""What an exercise is, as read from a file, and what asking and grading it give back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.site import Site

EXERCISES_FORMAT = "memviz-exercises/1"
LANGS = ("zh", "en")

Texts = Mapping[str, str]  # language -> text


class ExerciseError(ValueError):
    """An exercise that cannot be used; the message names the source, the exercise and the field."""


class AnswerError(ValueError):
    """An answer that cannot be graded (not a number, not one of the choices); says so in both languages."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh = zh
        self.en = en

    def message(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


# -- what a file holds ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    key: str
    zh: str
    en: str

    def label(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: solutions are cached per object
class Exercise:
    id: str
    kind: str
    title: Texts
    question: Texts
    explanation: Texts
    config: RunConfig
    params: Mapping[str, Any]
    tolerance: float | None  # absolute, in the answer's units; None: the kind's default
    rel_tolerance: float | None  # relative to the expected value; None: the kind's default
    site: Site
    site_path: Path | None  # None: the chapter's site
    source: str
    answer_type: str  # "choice" (pick one of the prompt's choices) or "number": the kind's
    about_one_run: bool  # the kind asks about one run (else about batches of runs)
    view: str = "explore"  # the window's view whose experiment it is about (explore, batch, sweep, cost)

    @property
    def single_run(self) -> RunConfig | None:
        """The one run the exercise is about (to open in the Explore view), or None for batches."""
        return self.config if self.about_one_run else None

    def text(self, part: str, lang: str) -> str:
        texts = getattr(self, part)
        return texts.get(lang) or next(texts[other] for other in LANGS if texts.get(other))


@dataclass(frozen=True)
class Prompt:
    """What is needed to ask the question: its fields, the choices (if any) and the answer's unit."""

    fields: Mapping[str, Mapping[str, str]]  # language -> field -> text
    choices: tuple[Choice, ...]
    unit: Texts


@dataclass(frozen=True)
class Solution:
    expected: str | float  # a choice key, or a number in the answer's units
    expected_text: Texts
    fields: Mapping[str, Mapping[str, str]]  # language -> field -> text, for the explanation
    tolerance: float  # how far a number may be off and still count (0 for choices)


@dataclass(frozen=True)
class Grade:
    correct: bool
    expected: str | float
    explanation_zh: str
    explanation_en: str
    expected_zh: str
    expected_en: str

    def explanation(self, lang: str) -> str:
        return self.explanation_zh if lang == "zh" else self.explanation_en

    def expected_text(self, lang: str) -> str:
        return self.expected_zh if lang == "zh" else self.expected_en
