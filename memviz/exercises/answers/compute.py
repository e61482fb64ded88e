"""Asking, solving and grading: the answer is worked out by the core, with the exercise's own settings,
when it is first needed (and kept per exercise); neither a file nor this module says what it is."""

from __future__ import annotations

import weakref
from typing import Any

from memviz.core.engine import ConfigError
from memviz.core.experiments import Runner
from memviz.exercises.answers.kind import by_lang
from memviz.exercises.answers.parse import parse_choice, parse_number
from memviz.exercises.answers.registry import KINDS
from memviz.exercises.schema import Choice, Exercise, ExerciseError, Grade, Prompt, Solution
from memviz.wording import exercises as exercises_words

_solutions: weakref.WeakKeyDictionary[Exercise, tuple[Solution, tuple[Choice, ...]]] = (
    weakref.WeakKeyDictionary()
)


def _solve_cached(ex: Exercise, runner: Runner | None = None) -> tuple[Solution, tuple[Choice, ...]]:
    cached = _solutions.get(ex)
    if cached is None:
        kind = KINDS[ex.kind]
        try:
            expected, text, fields_by_lang, choices = kind.solve(ex, runner)
        except ConfigError as exc:  # a setting only the run itself finds wrong
            raise ExerciseError(f"{ex.source}: exercise {ex.id!r}: settings.{exc}") from None
        if kind.answer == "number":
            tol, rel = tolerances(ex)
            tolerance = max(tol, rel * abs(float(expected)))
        else:
            tolerance = 0.0
        cached = (Solution(expected, text, fields_by_lang, tolerance), choices)
        _solutions[ex] = cached
    return cached


def solve(ex: Exercise, runner: Runner | None = None) -> Solution:
    """Run the core with the exercise's settings and work out the answer (cached per exercise).

    ``runner``: where a heavy kind's batches run, reporting progress and obeying its ``cancelled``
    (:class:`~memviz.core.experiments.Cancelled` is raised, nothing is cached)."""
    return _solve_cached(ex, runner)[0]


def is_solved(ex: Exercise) -> bool:
    """Whether the answer is already computed (so asking for it is instant)."""
    return ex in _solutions


def prompt(ex: Exercise) -> Prompt:
    """What the question needs; cheap for batch kinds, which do not run anything to ask."""
    kind = KINDS[ex.kind]
    if kind.heavy:
        fields_by_lang = by_lang(lambda lang: kind.prompt_fields(ex, lang))
        choices = kind.prompt_choices(ex)
    else:
        solution, choices = _solve_cached(ex)
        fields_by_lang = solution.fields
    return Prompt(fields_by_lang, choices, kind.unit(ex))


def question(ex: Exercise, lang: str) -> str:
    return ex.text("question", lang).format_map(prompt(ex).fields[lang])


def choices(ex: Exercise) -> tuple[Choice, ...]:
    return prompt(ex).choices


def explanation(ex: Exercise, lang: str) -> str:
    return ex.text("explanation", lang).format_map(solve(ex).fields[lang])


def check(ex: Exercise, answer: Any) -> bool:
    """Whether ``answer`` is right; raises :class:`AnswerError` when it cannot be read."""
    solution, options = _solve_cached(ex)
    if ex.answer_type == "number":
        value = parse_number(answer)
        return abs(value - float(solution.expected)) <= solution.tolerance + 1e-9
    return parse_choice(answer, options) == solution.expected


def grade(ex: Exercise, answer: Any) -> Grade:
    """Grade an answer: a choice key (see :func:`choices`) or a number (text is fine: "29.3%")."""
    correct = check(ex, answer)
    solution = solve(ex)
    return Grade(
        correct=correct,
        expected=solution.expected,
        explanation_zh=explanation(ex, "zh"),
        explanation_en=explanation(ex, "en"),
        expected_zh=solution.expected_text["zh"],
        expected_en=solution.expected_text["en"],
    )


def unit(ex: Exercise, lang: str) -> str:
    return prompt(ex).unit.get(lang, "")


def tolerances(ex: Exercise) -> tuple[float, float]:
    """(absolute, relative) tolerance of a numeric answer: the exercise's own, else the kind's."""
    kind_tol, kind_rel = KINDS[ex.kind].tolerances(ex)
    tol = ex.tolerance if ex.tolerance is not None else kind_tol
    rel = ex.rel_tolerance if ex.rel_tolerance is not None else kind_rel
    return tol, rel


def tolerance_text(ex: Exercise, lang: str) -> str:
    """How close a numeric answer must be, in words ("" for choices)."""
    if ex.answer_type != "number":
        return ""
    tol, rel = tolerances(ex)
    parts = [f"±{tol:g}"] if tol else []
    if rel:
        parts.append(f"±{rel * 100:g}%")
    if not parts:
        return exercises_words.EXACT_TOLERANCE.pick(lang)
    return exercises_words.WITHIN_TOLERANCE.pick(lang) + exercises_words.OR_SEPARATOR.pick(lang).join(parts)
