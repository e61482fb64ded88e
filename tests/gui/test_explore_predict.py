"""Predict, then reveal in the Explore view: a step that forgets waits for the class's guess."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.predict import eviction_question

CONFIG = RunConfig(strategy="frontier", capacity=3, policy="fifo")


def test_a_step_that_forgets_waits_for_a_guess_then_reveals_and_steps(make_window, qtbot, site):
    window = make_window(CONFIG, lang="en")
    model, bar = window.explore.model, window.explore.predict
    assert not bar.choices.isVisibleTo(window)
    qtbot.mouseClick(bar.switch, Qt.MouseButton.LeftButton)
    assert model.step_gate is not None
    first = next(k for k in range(30) if eviction_question(site, CONFIG, k) is not None)
    for _ in range(first + 3):  # the steps before the eviction go; then it waits
        model.step()
    assert model.position == first
    question = bar.question
    assert question is not None and bar.choices.isVisibleTo(window)
    assert [b.text() for b in bar.buttons] == [
        f"{i + 1}  {site.page_name(p, 'en')}" for i, p in enumerate(question.candidates)
    ]
    assert f"Step {first + 1}: memory is full. Which entry will FIFO forget?" == bar.prompt.text()
    wrong = next(i for i, p in enumerate(question.candidates) if p != question.answer)
    qtbot.mouseClick(bar.buttons[wrong], Qt.MouseButton.LeftButton)
    assert model.position == first + 1  # the guess made the step
    assert model.last_event.memory_evicted == question.answer
    assert bar.tally_label.text() == "0 of 1 right"
    assert site.page_name(question.answer, "en") in bar.result.text()
    assert not bar.choices.isVisibleTo(window)


def test_autoplay_pauses_at_the_question_and_the_switch_lets_it_go(make_window, site):
    window = make_window(CONFIG)
    model, bar = window.explore.model, window.explore.predict
    bar.set_predicting(True)
    model.play()
    while model.playing:
        model.step()  # what the timer does
    assert bar.question is not None and model.position == bar.question.call - 1
    model.back()  # going back clears the question
    assert bar.question is None
    bar.set_predicting(False)
    assert model.step_gate is None
    model.jump(model.total)
    assert model.finished


def test_a_new_run_starts_a_new_tally(make_window):
    window = make_window(CONFIG)
    model, bar = window.explore.model, window.explore.predict
    bar.set_predicting(True)
    while bar.question is None:
        model.step()
    bar.pick(bar.question.answer)
    assert bar.tally.right == 1
    model.reset()
    assert bar.tally.asked == 0 and bar.tally_label.text() == ""


def test_where_the_agent_goes_waits_before_each_click(make_window, qtbot, site):
    """The other question: every click that has a choice waits; a button per link of the page; the
    reveal says why the agent went there; a run without memory offers only this question."""
    from memviz.gui.kit.predict_bar import EVICT, MOVE
    from memviz.predict import MoveQuestions

    window = make_window(RunConfig(strategy="random"), lang="en")
    model, bar = window.explore.model, window.explore.predict
    assert bar.switch_box.isVisibleTo(window) and bar.mode == MOVE  # no memory: nothing is ever forgotten
    assert not bar.mode_box.model().item(bar.MODES.index(EVICT)).isEnabled()
    bar.set_predicting(True)
    expected = MoveQuestions(site, model.config)
    for _ in range(3):
        while bar.question is None:
            model.step()  # a click with no choice goes; one with a choice waits
        question = bar.question
        assert question == expected.before(model.position)
        assert bar.prompt.text() == f"Step {question.call}: which link will the agent click?"
        assert [b.text() for b in bar.buttons] == [
            f"{i + 1}  {site.page_name(p, 'en')}" for i, p in enumerate(question.candidates)
        ]
        qtbot.mouseClick(bar.buttons[question.candidates.index(question.answer)], Qt.MouseButton.LeftButton)
        assert model.last_event.to_page == question.answer and model.position == question.call
        assert "no memory: it clicks one of the page's links at random" in bar.result.text()
    assert bar.tally_label.text() == "3 of 3 right"
    assert "guess which link the agent follows" in bar.switch.toolTip()
    bar.set_mode(MOVE)  # (no change: the tally goes on)
    assert bar.tally_label.text() == "3 of 3 right"
    window.explore.model.settings.update(strategy="frontier", capacity=3)  # a memory that forgets
    assert bar.mode_box.model().item(bar.MODES.index(EVICT)).isEnabled()
    assert bar.mode == MOVE and bar.tally.asked == 0  # a new run: a new tally, the same question
    while bar.question is None:
        model.step()
    bar.pick(bar.question.answer)
    assert bar.tally_label.text() == "1 of 1 right" and bar.result.isVisibleTo(window)
    bar.set_mode(EVICT)  # the other question: its own tally, no reveal of the other kind's left
    assert bar.tally_label.text() == "" and not bar.result.isVisibleTo(window)
    assert "guess which one goes" in bar.switch.toolTip()
    while bar.question is None:
        model.step()
    assert bar.prompt.text() == f"Step {model.position + 1}: memory is full. Which entry will FIFO forget?"
    assert bar.question == eviction_question(site, model.config, model.position)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_graph_stands_still_while_the_class_guesses_where_it_goes(screen_window, lang):
    """Issue 15 (every frame a clean picture): asking and telling in turn, the strip under the graph
    keeps one height from its first question on, so the graph is not laid out again between a
    question and its answer (its cards had jumped at every step); the strip's texts fit in it."""
    from memviz.gui.kit.predict_bar import MOVE

    window = screen_window(RunConfig(strategy="frontier", capacity=3, seed=1002), size=(1280, 720), lang=lang)
    model, bar, graph = window.explore.model, window.explore.predict, window.explore.graph
    bar.set_mode(MOVE)
    bar.set_predicting(True)
    QApplication.processEvents()
    pictures = []  # (graph size, where the start page's card is): one per question and per answer

    def look():
        QApplication.processEvents()
        pictures.append((graph.viewport().size().toTuple(), graph.center_of(model.site.start).toTuple()))
        for label in (bar.prompt, bar.result):
            if label.isVisible():
                assert label.height() >= label.heightForWidth(label.width()), label.text()
        for button in bar.buttons:
            assert button.width() >= button.sizeHint().width(), button.text()

    assert not bar.isVisible()  # nothing to say yet
    for k in range(12):
        while bar.question is None:
            model.step()
        look()
        question = bar.question
        bar.pick(question.answer if k % 2 else next(p for p in question.candidates if p != question.answer))
        look()
    assert len(set(pictures)) == 1, sorted(set(pictures))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_open_question_gives_nothing_away_and_keeps_the_graph_readable(screen_window, lang):
    """Issue 22: while the class guesses which entry goes, the memory list does not mark the "next to
    go" row (it names the answer); the strip takes the narration's place, not the graph's, so the
    page names keep their size (at 1280×720 they had shrunk below the readable 12 px, the site
    shown on a bigger canvas); a wrong pick is told it was wrong."""
    from memviz.gui.explore.graph_items import min_px

    window = screen_window(CONFIG, size=(1280, 720), lang=lang)
    model, bar, graph = window.explore.model, window.explore.predict, window.explore.graph
    memory = window.explore.memory.list
    QApplication.processEvents()
    before = (graph._px, graph.magnify, graph.viewport().size().toTuple())
    bar.set_predicting(True)
    questions = 0
    for _ in range(4):
        while bar.question is None:
            model.step()
            QApplication.processEvents()
            if memory.full and bar.question is None:
                assert any(key[3] for key in memory._row_keys().values())  # no question: it says
        QApplication.processEvents()
        assert bar.isVisibleTo(window) and not window.explore.narration.isVisibleTo(window)
        assert not any(key[3] for key in memory._row_keys().values())  # no "next to go" now
        assert (graph._px, graph.magnify, graph.viewport().size().toTuple()) == before
        assert graph._px >= min_px() and graph.magnify == 1.0
        question = bar.question
        wrong = next(p for p in question.candidates if p != question.answer)
        bar.pick(wrong)
        QApplication.processEvents()
        assert bar.result.text().startswith("Wrong: " if lang == "en" else "猜错了：")
        assert bar.result.isVisibleTo(window)  # the reveal, under the graph
        questions += 1
    model.step()
    QApplication.processEvents()
    if bar.question is None:  # a step with nothing asked: the narration is back
        assert window.explore.narration.isVisibleTo(window)
    assert questions == 4
