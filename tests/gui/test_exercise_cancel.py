"""A teacher's many-run exercise is checked off the window's thread and can be stopped (issue 23):
the Cancel button, another exercise or closing the window stop the work itself, because the job's
Runner is passed through to the batches the answer needs."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, Qt

from memviz import exercises as core
from memviz.gui.exercises.view import ExercisesView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

# 50,000 paired runs: within `memviz batch`'s bound (checked at load), seconds of work to stop.
LONG = {
    "id": "teacher-long",
    "kind": "batch_diff",
    "settings": {"strategy": "frontier"},
    "params": {"runs": 50_000, "compare_with": {"strategy": "random"}},
    "title": {"zh": "长题", "en": "A long one"},
    "question": {"zh": "差多少？", "en": "How far apart?"},
    "explanation": {"zh": "{answer}", "en": "{answer}"},
}
SHORT = {
    "id": "teacher-short",
    "kind": "run_metric",
    "settings": {"strategy": "random", "seed": 1002},
    "params": {"metric": "pages_seen"},
    "title": {"zh": "短题", "en": "A short one"},
    "question": {"zh": "几页？", "en": "Pages?"},
    "explanation": {"zh": "{answer}", "en": "{answer}"},
}


@pytest.fixture
def teacher_folder(tmp_path):
    folder = tmp_path / "teacher"
    folder.mkdir()
    document = {"format": "memviz-exercises/1", "exercises": [LONG, SHORT]}
    (folder / "long.json").write_text(json.dumps(document), encoding="utf-8")
    return folder


@pytest.fixture
def view(qtbot, chapter_site, tmp_path, teacher_folder):
    store = QSettings(str(tmp_path / "memviz.ini"), QSettings.Format.IniFormat)
    view = ExercisesView(RunSettings(site=chapter_site), Language("en"), store, sources=[teacher_folder])
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def start_long_check(qtbot, view):
    """Check the long exercise and wait until its batches are under way (progress reported)."""
    view.select("teacher-long")
    view.number_edit.setText("45")
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    assert view.checking
    job = view._solving
    qtbot.waitUntil(lambda: job.context is not None and job.context.runner.done > 0, timeout=9_000)
    return job


def test_cancel_stops_the_work_and_grades_nothing(qtbot, view):
    job = start_long_check(qtbot, view)
    assert view.cancel_button.isVisibleTo(view) and view.cancel_button.text() == "Cancel"
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert not view.checking and view.check_button.isEnabled() and not view.cancel_button.isVisibleTo(view)
    assert "Cancelled" in view.feedback_label.text()
    assert job.done.wait(5), "the batches went on after Cancel"
    assert job.outcome == "cancelled"
    assert not core.is_solved(view.current)  # nothing half-worked is kept as the answer
    assert view.last_grade is None


def test_another_exercise_stops_the_work(qtbot, view):
    job = start_long_check(qtbot, view)
    view.select("teacher-short")
    assert job.done.wait(5), "the batches went on for an exercise no longer shown"
    assert job.outcome == "cancelled"
    assert not view.checking and view.check_button.isEnabled()


def test_closing_the_window_stops_the_work(qtbot, make_window, monkeypatch, teacher_folder):
    monkeypatch.setenv("MEMVIZ_EXERCISES", str(teacher_folder))
    window = make_window(lang="en")
    view = window.select_view("exercises").view  # the tab's real view, built when first shown
    job = start_long_check(qtbot, view)
    window.close()
    assert job.done.wait(5), "the batches went on after the window closed"
    assert job.outcome == "cancelled"


def test_a_cancelled_answer_is_worked_out_when_checked_again(qtbot, view, monkeypatch):
    """Cancel leaves nothing behind: the next Check starts the work afresh (here made short)."""
    job = start_long_check(qtbot, view)
    qtbot.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert job.done.wait(5)
    solved = []
    monkeypatch.setattr(core, "solve", lambda ex, runner=None: solved.append(runner) or (_ for _ in ()).throw(
        core.ExerciseError("made short")))  # fmt: skip
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.checking, timeout=5_000)
    assert solved and solved[0] is not None  # the job's Runner, passed through
    assert "made short" in view.feedback_label.text()
