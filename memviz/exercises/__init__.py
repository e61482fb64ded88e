"""Exercises: questions about runs, answered by the core when they are asked.

An exercise is data: a kind, the run settings it uses and question / explanation templates in
Chinese and English, read from JSON files (format ``memviz-exercises/1``, see
``resources/exercises/README.md``). Neither a file nor this package says what any answer is:
:func:`solve` runs the core with the exercise's own settings, :func:`grade` compares an answer with
that, and the explanation is the template filled with the figures just computed.

Kinds are generic, so a teacher writes a new exercise by picking a kind and settings:

- ``next_page``: which page the agent opens at step k+1 (choose among the page's links);
- ``next_eviction``: which memory entry goes at the next eviction after step k (FIFO or LRU);
- ``run_metric``: a number read off one run (coverage, duplicate reports, returns to a page, tokens…);
- ``stop_reason``: why one run ended;
- ``policy_winner``: the eviction policy with the highest mean coverage at a capacity, over a batch;
- ``batch_diff``: the paired coverage difference of two configs over a batch, in points;
- ``paired_vs_unpaired``: what pairing on the seed does to the interval (decided by the half-widths);
- ``cost_per_bug``: tokens per bug when running until every bug is found;
- ``cost_ratio``: tokens to find every bug, as a percentage of another config's;
- ``choose_strategy``: which strategy does best on a measure, over a batch;
- ``scenario``: a figure of one of the chapter's memory scenarios (the Scenarios tab's exercises,
  ``resources/exercises/scenarios/``, read by :func:`scenario_exercises`).

Layout: :mod:`~memviz.exercises.schema` (what an exercise is), :mod:`~memviz.exercises.loading`
(reading files), :mod:`~memviz.exercises.params` (checking a file's fields),
:mod:`~memviz.exercises.answers` (the kinds, and solving and grading with the core) and
:mod:`~memviz.exercises.wording` (the words of questions and explanations). Qt-free.
"""

from memviz.exercises.answers.compute import (
    check,
    choices,
    explanation,
    grade,
    is_solved,
    prompt,
    question,
    solve,
    tolerance_text,
    tolerances,
    unit,
)
from memviz.exercises.answers.parse import parse_choice, parse_number
from memviz.exercises.answers.registry import KINDS
from memviz.exercises.loading import (
    collect_exercises,
    default_sources,
    exercise_files,
    exercise_from_dict,
    exercises_from_document,
    load_exercises,
    read_exercise_file,
    scenario_exercises,
)
from memviz.exercises.schema import (
    EXERCISES_FORMAT,
    AnswerError,
    Choice,
    Exercise,
    ExerciseError,
    Grade,
    Prompt,
    Solution,
)

__all__ = [
    "EXERCISES_FORMAT",
    "KINDS",
    "AnswerError",
    "Choice",
    "Exercise",
    "ExerciseError",
    "Grade",
    "Prompt",
    "Solution",
    "check",
    "choices",
    "collect_exercises",
    "default_sources",
    "exercise_files",
    "exercise_from_dict",
    "exercises_from_document",
    "explanation",
    "grade",
    "is_solved",
    "load_exercises",
    "parse_choice",
    "parse_number",
    "prompt",
    "question",
    "read_exercise_file",
    "scenario_exercises",
    "solve",
    "tolerance_text",
    "tolerances",
    "unit",
]
