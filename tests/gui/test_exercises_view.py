"""The Exercises view: answering, feedback, progress kept between starts, language, Explore."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, Qt

from memviz import exercises as core
from memviz.gui.exercises.view import ExercisesView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings


@pytest.fixture
def store(tmp_path):
    return QSettings(str(tmp_path / "memviz.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def settings(qtbot, chapter_site):
    return RunSettings(site=chapter_site)


def make_view(qtbot, settings, store, lang="zh", sources=None):
    view = ExercisesView(settings, Language(lang), store, sources=sources)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    return view


def answer_and_check(qtbot, view, answer):
    """Answer like a learner: click the radio button, or type into the box; then press Check."""
    if view.current.answer_type == "choice":
        row = next(r for r in view.choice_rows if r.key == str(answer))
        qtbot.mouseClick(row.radio, Qt.MouseButton.LeftButton)
    else:
        view.number_edit.clear()
        qtbot.keyClicks(view.number_edit, str(answer))
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)


def test_view_lists_every_bundled_exercise(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    assert view.objectName() == "exercises"
    bundled = core.load_exercises()
    assert view.list.count() == len(bundled) >= 8
    assert view.list.item(0).text() == "1. " + bundled[0].text("title", "zh")
    assert view.progress_label.text() == f"0 / {len(bundled)} 答对"
    assert not view.problems_label.isVisibleTo(view)


def test_a_right_choice_shows_right_with_the_explanation(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("fifo-cap3-next-eviction")
    assert view.choices_box.isVisibleTo(view) and not view.number_box.isVisibleTo(view)
    expected = core.solve(view.current).expected
    answer_and_check(qtbot, view, expected)
    assert "答对了" in view.feedback_label.text()
    assert view.explanation_label.text() == core.explanation(view.current, "zh")
    assert view.explanation_label.isVisibleTo(view)
    assert view.progress_label.text().startswith("1 / ")
    assert view.list.currentItem().toolTip() == "答对了"


def test_a_wrong_number_earns_a_hint_then_a_retry_then_the_answer(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("seed1000-home-returns")
    assert view.number_box.isVisibleTo(view) and not view.choices_box.isVisibleTo(view)
    assert view.unit_label.text() == "次"
    assert core.solve(view.current).expected == 6  # computed by the core
    answer_and_check(qtbot, view, "7")
    text = view.feedback_label.text()
    assert "还不对" in text and "偏大了" in text and "再试一次" in text
    assert "6" not in text and not view.explanation_label.isVisibleTo(view)  # the answer kept back
    assert not view.reveal_button.isVisibleTo(view)
    assert view.progress_label.text().startswith("0 / ")
    assert view.list.currentItem().toolTip() == "答错了"
    answer_and_check(qtbot, view, "5")
    assert "偏小了" in view.feedback_label.text()
    assert view.reveal_button.isVisibleTo(view)  # after two wrong answers the answer may be shown
    qtbot.mouseClick(view.reveal_button, Qt.MouseButton.LeftButton)
    assert "正确答案：6 次" in view.feedback_label.text()
    assert view.explanation_label.text() == core.explanation(view.current, "zh")
    assert view.list.currentItem().toolTip() == "看过答案（不算分）"
    answer_and_check(qtbot, view, "6")  # retyping the revealed answer does not count
    assert "不算分" in view.feedback_label.text()
    assert view.progress_label.text().startswith("0 / ")
    assert not view.records["seed1000-home-returns"].correct


def test_a_shown_answer_still_does_not_count_after_a_restart(qtbot, settings, store):
    first = make_view(qtbot, settings, store, lang="en")
    first.select("seed1000-home-returns")
    for wrong in ("2", "9"):
        answer_and_check(qtbot, first, wrong)
    first.reveal()
    first.close()
    second = make_view(qtbot, settings, store, lang="en")
    second.select("seed1000-home-returns")
    assert "The answer: 6" in second.feedback_label.text()  # shown again, as it was
    answer_and_check(qtbot, second, "6")
    assert "does not count" in second.feedback_label.text()
    assert second.correct_count() == 0


def test_a_wrong_choice_keeps_the_answer_back(qtbot, settings, store):
    view = make_view(qtbot, settings, store, lang="en")
    view.select("fifo-cap3-next-eviction")
    expected = core.solve(view.current).expected
    wrong = next(c.key for c in core.choices(view.current) if c.key != expected)
    answer_and_check(qtbot, view, wrong)
    assert "Not that one" in view.feedback_label.text() and "Explore" in view.feedback_label.text()
    assert "The answer" not in view.feedback_label.text()
    view.reveal()  # not offered yet: nothing happens
    assert "The answer" not in view.feedback_label.text()
    answer_and_check(qtbot, view, expected)  # the retry is right: it counts
    assert "Right!" in view.feedback_label.text()
    assert view.correct_count() == 1


def test_a_batch_exercise_is_computed_when_checked(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("frontier-vs-none-diff")
    assert view.explore_button.text() == "在「批量」里算这个实验"  # many runs: their experiment
    answer_and_check(qtbot, view, "+45.1")
    qtbot.waitUntil(lambda: not view.checking, timeout=60_000)  # worked out off the window's thread
    assert "答对了" in view.feedback_label.text()
    assert "[+44.0, +46.1]" in view.explanation_label.text()


def test_a_many_run_answer_is_worked_out_while_the_window_answers(qtbot, settings, store, monkeypatch):
    """Issue 23: a teacher's many-run exercise blocked the window's thread while it was checked.
    Proved by a handshake: the answer is not worked out until the GUI thread has answered a timer
    started after the check; a check on the GUI thread would wait for ever (here: fail)."""
    import threading

    from PySide6.QtCore import QTimer

    answered = threading.Event()
    solve = core.solve

    def solve_after_the_gui_answers(ex, runner=None):
        if threading.current_thread() is threading.main_thread():
            return solve(ex, runner)  # asked again, instantly, once solved
        assert answered.wait(30), "the GUI thread never answered while the answer was worked out"
        return solve(ex, runner)

    monkeypatch.setattr(core, "solve", solve_after_the_gui_answers)
    view = make_view(qtbot, settings, store, lang="en")
    view.select("frontier-vs-none-diff")
    answer_and_check(qtbot, view, "+45.1")
    assert view.checking and not view.check_button.isEnabled()
    assert "Working out the answer" in view.feedback_label.text()
    QTimer.singleShot(0, answered.set)  # runs only if the event loop turns while the answer is out
    qtbot.waitUntil(lambda: not view.checking, timeout=60_000)
    assert "Right" in view.feedback_label.text() and view.check_button.isEnabled()


def test_an_unreadable_number_is_not_counted(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("seed1000-coverage")
    answer_and_check(qtbot, view, "half")
    assert "请输入一个数" in view.feedback_label.text()
    assert "seed1000-coverage" not in view.records
    qtbot.mouseClick(view.check_button, Qt.MouseButton.LeftButton)  # nothing entered at all
    view.number_edit.clear()
    view.check()
    assert "请先选一个选项或填一个数" in view.feedback_label.text()


def test_progress_survives_a_new_view_on_the_same_store(qtbot, settings, store):
    first = make_view(qtbot, settings, store)
    first.select("seed1000-duplicates")
    answer_and_check(qtbot, first, core.solve(first.current).expected)
    first.select("frontier-next-page-plan")
    wrong = next(c.key for c in core.choices(first.current) if c.key != core.solve(first.current).expected)
    answer_and_check(qtbot, first, wrong)
    first.close()

    second = make_view(qtbot, settings, store)
    # A learner starts again on the first exercise not yet answered right.
    assert second.current.id == core.load_exercises()[0].id
    assert second.progress_label.text().startswith("1 / ")
    assert second.records["seed1000-duplicates"].correct
    assert not second.records["frontier-next-page-plan"].correct
    second.select("frontier-next-page-plan")
    checked = [r.key for r in second.choice_rows if r.radio.isChecked()]
    assert checked == [wrong]  # the last answer is filled in again
    assert "答错了" in second.feedback_label.text() and "再试一次" in second.feedback_label.text()
    assert not second.explanation_label.isVisibleTo(second)  # a wrong answer does not give it away


def test_clearing_progress_forgets_every_answer(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("seed1000-duplicates")
    answer_and_check(qtbot, view, "2")
    view.reset_progress()
    assert view.progress_label.text().startswith("0 / ")
    assert make_view(qtbot, settings, store).records == {}


def test_a_damaged_progress_entry_counts_as_unanswered(qtbot, settings, store):
    store.setValue("exercises/seed1000-duplicates/correct", "perhaps")
    store.setValue("exercises/seed1000-duplicates/answer", "2")
    store.setValue("exercises/seed1000-coverage/correct", True)  # no answer stored
    view = make_view(qtbot, settings, store)
    assert view.records == {}


def test_language_switch_resets_every_text(qtbot, settings, store):
    language = Language("zh")
    view = ExercisesView(settings, language, store)
    qtbot.addWidget(view)
    view.select("fifo-cap3-next-eviction")
    answer_and_check(qtbot, view, core.solve(view.current).expected)
    assert view.check_button.text() == "检查答案"
    language.set_code("en")
    ex = view.current
    assert view.check_button.text() == "Check"
    assert view.heading.text() == "Exercises"
    assert view.progress_label.text().endswith(" right")
    assert view.question_label.text() == core.question(ex, "en")
    assert view.title_label.text().endswith(ex.text("title", "en"))
    labels = {r.key: r.label.text() for r in view.choice_rows}
    assert labels == {c.key: c.en for c in core.choices(ex)}
    assert "Right!" in view.feedback_label.text()
    assert view.explanation_label.text() == core.explanation(ex, "en")
    assert view.list.item(0).text().endswith(core.load_exercises()[0].text("title", "en"))


def test_show_in_explore_opens_the_exercise_run(qtbot, settings, store):
    view = make_view(qtbot, settings, store)
    view.select("lru-cap5-next-eviction")
    assert view.explore_button.isVisibleTo(view)
    with qtbot.waitSignal(settings.open_run_requested) as signal:
        qtbot.mouseClick(view.explore_button, Qt.MouseButton.LeftButton)
    assert signal.args[0] == view.current.config
    assert settings.config.seed == 1070 and settings.config.policy == "lru" and settings.config.capacity == 5


@pytest.mark.parametrize(
    ("ident", "view_name", "text"),
    [
        ("frontier-vs-none-diff", "batch", "Run this experiment in Batch"),
        ("cap12-policy-winner", "sweep", "Run this experiment in Sweep"),
        ("cost-ratio-frontier", "cost", "Run this experiment in Cost"),
    ],
)
def test_a_batch_exercise_opens_its_experiment(qtbot, settings, store, ident, view_name, text):
    view = make_view(qtbot, settings, store, lang="en")
    view.select(ident)
    assert view.explore_button.text() == text
    with qtbot.waitSignal(settings.open_view_requested) as signal:
        qtbot.mouseClick(view.explore_button, Qt.MouseButton.LeftButton)
    assert signal.args == [view_name]
    assert settings.config == view.current.config  # the experiment's settings are in force


def test_a_teachers_scenario_exercise_opens_the_scenarios_tab(qtbot, settings, store, tmp_path):
    import json

    from memviz.exercises.loading import SCENARIO_EXERCISES
    from memviz.paths import resource_path

    (tmp_path / "scenarios.json").write_bytes(resource_path(*SCENARIO_EXERCISES).read_bytes())
    view = make_view(qtbot, settings, store, lang="en", sources=[tmp_path])
    first = json.loads((tmp_path / "scenarios.json").read_text(encoding="utf-8"))["exercises"][0]["id"]
    view.select(first)
    assert view.explore_button.text() == "Play this scenario in Scenarios"
    with qtbot.waitSignal(settings.open_view_requested) as signal:
        qtbot.mouseClick(view.explore_button, Qt.MouseButton.LeftButton)
    assert signal.args == ["scenarios"]


def test_the_main_window_shows_the_view_an_exercise_asks_for(make_window):
    window = make_window()
    window.settings.open_view("sweep", window.settings.config)
    assert window.current_view() is window.select_view("sweep")
    assert window.tabs.currentWidget() is not window.explore


def test_a_broken_teacher_file_is_reported_and_the_others_work(qtbot, settings, store, tmp_path):
    good = {
        "format": "memviz-exercises/1",
        "exercises": [
            {
                "id": "teacher-visits",
                "kind": "run_metric",
                "settings": {"strategy": "random", "seed": 1002},
                "params": {"metric": "pages_seen"},
                "title": {"zh": "去过几页？", "en": "Pages seen?"},
                "question": {"zh": "seed {seed}？", "en": "Seed {seed}?"},
                "explanation": {"zh": "{answer} 页", "en": "{answer} pages"},
            }
        ],
    }
    (tmp_path / "a.json").write_text(json.dumps(good), encoding="utf-8")
    (tmp_path / "b.json").write_text(
        '{"format": "memviz-exercises/1", "exercises": [{"id": 3}]}', encoding="utf-8"
    )
    view = make_view(qtbot, settings, store, sources=[tmp_path])
    assert view.list.count() == 1
    assert view.problems_label.isVisibleTo(view)
    assert "b.json" in view.problems_label.text()
    answer_and_check(qtbot, view, core.solve(view.current).expected)
    assert "答对了" in view.feedback_label.text()


def test_no_exercises_at_all_still_shows_a_view(qtbot, settings, store, tmp_path):
    view = make_view(qtbot, settings, store, sources=[tmp_path])
    assert view.list.count() == 0
    assert view.title_label.text() == "没有练习"
    assert not view.check_button.isEnabled()


def test_texts_grow_with_the_window_font(qtbot, settings, store):
    """A whole-UI zoom that enlarges the window's font enlarges the exercise texts in proportion."""
    view = make_view(qtbot, settings, store)
    view.select("fifo-cap3-next-eviction")
    before = view.question_label.font().pointSizeF(), view.choice_rows[0].label.font().pointSizeF()
    bigger = view.font()
    bigger.setPointSizeF(view.font().pointSizeF() * 2)
    view.setFont(bigger)
    after = view.question_label.font().pointSizeF(), view.choice_rows[0].label.font().pointSizeF()
    assert after == pytest.approx((2 * before[0], 2 * before[1]))


def test_a_choices_radio_is_as_big_as_its_text_in_the_themes_ink(qtbot, settings, store):
    from PySide6.QtGui import QFontMetrics

    from memviz.gui.kit import themes

    view = make_view(qtbot, settings, store)
    view.select("fifo-cap3-next-eviction")
    try:
        for theme in ("dark", "projector", "light"):
            themes.manager().apply(theme)
            for row in view.choice_rows:
                size = row.radio.property("indicator_px")
                assert size >= 0.8 * QFontMetrics(row.label.font()).capHeight() * 1.35 - 1
                assert size >= 12
                ink = row.palette().color(row.palette().ColorRole.Text).name()
                assert ink in row.radio.styleSheet()  # drawn in the theme's ink, visible on dark
    finally:
        themes.manager().apply("light")
