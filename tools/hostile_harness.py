"""What the hostile-input campaign runs where memviz has no command of its own to run.

``python3 tools/hostile_harness.py window notice|quiet``: the window as ``memviz`` opens it (its
preferences from ``$XDG_CONFIG_HOME``), shown, then closed as a user closes it (saving its settings).
Prints the start-up notice on stdout; ``notice`` requires one, ``quiet`` requires none (status 3
otherwise).

``python3 tools/hostile_harness.py exercises FOLDER``: a teacher's exercise folder as the window's
Exercises tab loads it (problems reported, never raised), every exercise's question, choices and
explanation worked out by the core (what Check does). Prints one line per exercise or problem.

``python3 tools/hostile_harness.py window-exercises FOLDER``: the window's Exercises tab on that
folder, each exercise selected and checked (off the window's thread), the window closed mid-check.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _window(expect: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from memviz.gui import app as app_module
    from memviz.gui.qt import QTimer

    notices: list[str | None] = []
    painted = app_module.when_painted

    def close_after_paint(window, callback) -> None:
        def closing() -> None:
            callback()
            notices.append(getattr(window, "settings_notice", None))
            QTimer.singleShot(50, window.close)

        painted(window, closing)

    app_module.when_painted = close_after_paint
    code = app_module.run_app([])
    notice = notices[0] if notices else None
    print(f"notice: {notice}")
    if (expect == "notice") != bool(notice):
        print(f"expected {expect}, got {notice!r}", file=sys.stderr)
        return 3
    return code


def _exercises(folder: str) -> int:
    from memviz import exercises

    found, problems = exercises.collect_exercises([Path(folder)])
    for problem in problems:
        print(f"problem: {problem!r}")
    for ex in found:
        try:
            question = exercises.question(ex, "en")
            exercises.choices(ex)
            explanation = exercises.explanation(ex, "zh")
        except exercises.ExerciseError as exc:
            print(f"{ex.id!r}: cannot be graded: {exc!r}")
        else:
            print(f"{ex.id!r}: {question[:60]!r} … {explanation[:60]!r}")
    return 0


def _window_exercises(folder: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["MEMVIZ_EXERCISES"] = folder
    from memviz.gui import app as app_module
    from memviz.gui.qt import QTimer

    painted = app_module.when_painted

    def exercise_then_close(window, callback) -> None:
        def go() -> None:
            callback()
            view = window.select_view("exercises")
            for row in range(len(view.exercises)):
                view.list.setCurrentRow(row)
                view.set_answer("1")
                view.check()
            print(
                f"exercises: {len(view.exercises)}, problems: {len(view.problems)}, checking: {view.checking}"
            )
            QTimer.singleShot(300, window.close)

        painted(window, go)

    app_module.when_painted = exercise_then_close
    return app_module.run_app([])


def main(argv: list[str]) -> int:
    what, arg = argv[0], argv[1]
    if what == "window":
        return _window(arg)
    if what == "exercises":
        return _exercises(arg)
    if what == "window-exercises":
        return _window_exercises(arg)
    raise SystemExit(f"unknown harness {what!r}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
