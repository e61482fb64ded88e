"""The bundled exercises, loaded once for every exercise test, and answers that must be graded wrong."""

from __future__ import annotations

from memviz.exercises import choices, load_exercises, solve

BUNDLED = load_exercises()
BY_ID = {ex.id: ex for ex in BUNDLED}


def wrong_answers(ex):
    """Answers that must be graded wrong: every other choice, or numbers just outside the tolerance."""
    solution = solve(ex)
    if ex.answer_type == "choice":
        return [c.key for c in choices(ex) if c.key != solution.expected]
    step = max(solution.tolerance, 0.05)
    return [float(solution.expected) + 2 * step + 0.5, float(solution.expected) - 2 * step - 0.5]
