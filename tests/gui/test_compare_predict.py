"""Predict, then reveal in the Compare view: a step on which a lane forgets waits for the class's
guess about that lane, then every lane steps on together."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget

from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig
from memviz.predict import lane_question
from memviz.presentation.divergence import divergence_reason

LANES = [LaneConfig("frontier", 3, "fifo"), LaneConfig("frontier", 3, "random")]


def compare_view(make_window, qtbot, lang="en"):
    window = make_window(RunConfig(seed=1001), lang=lang)
    view = window.select_view("compare")
    view = getattr(view, "view", view)  # a tab is built on its first show
    qtbot.waitUntil(view.isVisible)  # (it is shown once its tab has been laid out)
    view.model.set_configs(LANES)
    return window, view


def test_a_lanes_eviction_waits_for_a_guess_then_every_lane_steps(make_window, qtbot, site):
    window, view = compare_view(make_window, qtbot)
    model, bar = view.model, view.predict
    assert bar.switch_box.isVisibleTo(window) and not bar.isVisibleTo(window)  # no question yet
    qtbot.mouseClick(bar.switch, Qt.MouseButton.LeftButton)
    first = next(k for k in range(model.total) if lane_question(model.comparison, k) is not None)
    lane, question = lane_question(model.comparison, first)
    for _ in range(first + 3):
        model.step()
    assert model.position == first and bar.question == question and bar.lane == lane
    name = ("FIFO", "Random")[lane]
    assert bar.prompt.text() == (
        f"Step {first + 1}: lane {lane + 1} ({name}) is full. Which entry will it forget?"
    )
    assert [b.text() for b in bar.buttons] == [
        f"{i + 1}  {site.page_name(p, 'en')}" for i, p in enumerate(question.candidates)
    ]
    qtbot.mouseClick(bar.buttons[question.candidates.index(question.answer)], Qt.MouseButton.LeftButton)
    assert model.position == first + 1  # the guess made the step, for every lane
    assert model.comparison.lanes[lane].steps[first].evicted == question.answer
    assert bar.tally_label.text() == "1 of 1 right"
    assert (
        bar.result.text().startswith("Right!") and site.page_name(question.answer, "en") in bar.result.text()
    )


def test_autoplay_pauses_at_each_question_and_new_lanes_start_a_new_tally(make_window, qtbot):
    _window, view = compare_view(make_window, qtbot, lang="zh")
    model, bar = view.model, view.predict
    bar.set_predicting(True)
    model.play()
    while model.playing:
        model.step()  # what the timer does
    assert bar.question is not None and model.position == bar.question.call - 1
    assert "道" in bar.prompt.text()
    bar.pick(bar.question.candidates[-1])
    assert bar.tally.asked == 1
    model.set_configs([LaneConfig("frontier", 3, "lru")])
    assert bar.tally.asked == 0 and bar.question is None


def test_lanes_without_memory_offer_no_prediction(make_window, qtbot):
    window, view = compare_view(make_window, qtbot)
    view.model.set_configs([LaneConfig("random"), LaneConfig("visited")])  # unlimited memory forgets nothing
    assert not view.predict.switch_box.isVisibleTo(window)
    view.model.set_configs([LaneConfig("random"), LaneConfig("frontier", 3, "fifo")])
    assert view.predict.switch_box.isVisibleTo(window)


def test_the_question_strip_fits_above_the_lanes_at_720p(make_window, qtbot):
    """Twelve candidates at 1280×720: every button whole (its text not cut), none over another, and
    the strip gone again once the answer is said and the class moves on."""
    window = make_window(RunConfig(seed=1000), lang="en", size=(1280, 720))
    view = window.select_view("compare")
    view = getattr(view, "view", view)
    qtbot.waitUntil(view.isVisible)
    view.model.set_config_texts(["frontier/12/fifo", "frontier/12/random"])
    bar = view.predict
    assert not bar.isVisible()  # nothing to ask yet: the lanes keep their height
    bar.set_predicting(True)
    while bar.question is None:
        view.model.step()
    qtbot.waitUntil(lambda: bar.buttons[-1].isVisible())
    assert len(bar.buttons) == 12
    rects = [b.geometry() for b in bar.buttons]
    for i, (button, rect) in enumerate(zip(bar.buttons, rects, strict=True)):
        assert button.fontMetrics().horizontalAdvance(button.text()) + 8 <= rect.width(), button.text()
        assert not any(rect.intersects(other) for other in rects[i + 1 :])
    assert bar.geometry().bottom() < view.lanes_box.mapTo(view, view.lanes_box.rect().topLeft()).y()
    bar.pick(bar.question.answer)
    view.model.jump(0)  # moving on clears the question; the reveal stays until the next one
    assert bar.question is None


def test_the_side_panel_and_the_lanes_never_overlap_their_parts(make_window, qtbot):
    """At the window's least size and at 720p, with a question above the lanes or not: the side
    panel's titles, plots and legend stand one under another (it scrolls instead), and each lane
    holds its graph and table whole (the lanes scroll instead)."""
    for size in ((960, 600), (1280, 720)):
        window = make_window(RunConfig(seed=1000), lang="en", size=size)
        view = window.select_view("compare")
        view = getattr(view, "view", view)
        qtbot.waitUntil(view.isVisible)
        view.regret.compute_blocking()
        for asking in (False, True):
            if asking:
                view.predict.set_predicting(True)
                while view.predict.question is None:
                    view.model.step()
            # Settled: a scroll bar that comes or goes lays the lanes out once more.
            for _ in range(3):
                QApplication.processEvents()
            parts = [
                w for w in view.regret.findChildren(QWidget) if w.parent() is view.regret and w.isVisible()
            ]
            parts.sort(key=lambda w: w.geometry().top())
            for upper, lower in itertools.pairwise(parts):
                assert upper.geometry().bottom() < lower.geometry().top(), (size, upper, lower)
            for lane in view.lanes:
                inside = lane.contentsRect()
                for part in (lane.graph, lane.table):
                    rect = QRect(part.mapTo(lane, QPoint(0, 0)), part.size())
                    assert inside.contains(rect.topLeft()) and inside.contains(rect.bottomRight()), (
                        size,
                        part,
                    )
        window.close()


def test_the_header_does_not_name_the_answer_while_the_class_guesses(make_window, qtbot, site):
    """Issue 22: the header's "why" names what a lane forgot ("step 15: FIFO forgot Home"): while a
    question is open it is withheld, and comes back with the reveal."""
    _window, view = compare_view(make_window, qtbot)
    model, bar = view.model, view.predict
    said = view.divergence.text()
    d = model.comparison.first_divergence
    reason = divergence_reason(model.comparison, "en")
    assert reason in said
    bar.set_predicting(True)
    while bar.question is None:
        model.step()
    shown = view.divergence.text()
    assert reason not in shown and f"step {d.step}" not in shown
    assert site.page_name(bar.question.answer, "en") not in shown
    bar.pick(bar.question.answer)
    assert view.divergence.text() == said
