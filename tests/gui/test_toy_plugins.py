"""docs/extending.md's toy policy and toy scenario, registered at run time, in the window: the Batch
tab and a Compare lane run the toy policy as the core does, and the Scenarios tab offers and plays
the toy scenario (no change to the GUI)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig, run
from memviz.core.scenarios.catalog import SCENARIOS, play, scenario_figures, scenario_site
from memviz.gui.analysis import BatchView
from memviz.gui.compare.view import CompareView
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings
from tests.gui.test_compare_view import check_lane, expected_columns
from tests.test_plugins import plugin_dir, toy  # noqa: F401  (fixtures: the doc's files, registered)


@pytest.fixture
def dispose_later(toy):  # noqa: F811
    """Views built on the toys are deleted before the toys go (after pytest-qt closed them): a live
    view would redraw them on the next theme or language change."""
    views = []
    yield views.append
    for view in views:
        view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_batch_tab_runs_the_toy_policy(dispose_later, keep_analysis_view, site):
    config = RunConfig(strategy="frontier", capacity=4, policy="toy")
    view = keep_analysis_view(BatchView(RunSettings(site, config), Language("en"), auto_run=False))
    dispose_later(view)
    view.compute_blocking()
    scalar = [run(site, config.with_(seed=s)) for s in range(1000, 1200)]  # the reference engine, run by run
    assert [r.coverage for r in view.result.current] == [r.coverage for r in scalar]
    assert len(view.coverage_dots["current"].data) == 200


def test_a_compare_lane_runs_the_toy_policy(dispose_later, qtbot, site):
    view = CompareView(RunSettings(site, RunConfig(seed=1000, budget=30)), Language("en"))
    qtbot.addWidget(view)
    dispose_later(view)
    view.model.set_config_texts(["frontier/3/fifo", "frontier/3/toy"])
    assert view.model.configs == [LaneConfig("frontier", 3, "fifo"), LaneConfig("frontier", 3, "toy")]
    assert len(view.lanes) == 2
    lane = view.model.comparison.lanes[1]
    check_lane(view.model.frames[1], expected_columns(site, lane.run_config))
    assert lane.run_config.policy == "toy" and lane.result.path != view.model.comparison.lanes[0].result.path
    view.compute_blocking()  # the batch side too: no job left running on the toy policy


def test_the_scenarios_tab_offers_and_plays_the_toy_scenario(dispose_later, make_window, qtbot):
    window = make_window(lang="en")
    dispose_later(window)
    scenarios = window.select_view("scenarios")
    box = scenarios.scenario_box
    assert [box.itemData(i) for i in range(box.count())] == list(SCENARIOS.names())
    assert box.itemText(box.count() - 1) == "A small memory"
    scenarios.select("toy", "2")
    assert [scenarios.mode_box.itemText(i) for i in range(scenarios.mode_box.count())] == [
        "capacity 2",
        "capacity 6",
    ]
    expected = play("toy", scenario_site(), 1000, "2", "en")
    scenarios.jump_to_end()
    assert scenarios.model.total == len(expected.frames) - 1
    assert scenarios.pages.frame == expected.frames[-1]
    assert scenarios.narration.text() == expected.frames[-1].note_en
    assert "A small memory" in scenarios.lesson.text()
    assert scenarios.answer.isHidden() and scenarios.question.isHidden()  # no exercise for it
    scenarios.figures_button.click()  # its figures over seeds 1000..1199, as `memviz scenario toy` prints them
    figures = scenario_figures("toy", scenario_site())
    qtbot.waitUntil(lambda: f"{figures['6']:.3f}" in scenarios.figures.toPlainText(), timeout=60_000)
    assert f"{figures['2']:.3f}" in scenarios.figures.toPlainText()
    scenarios.select("ttl")  # a scenario with an exercise shows its answer box again
    assert not scenarios.answer.isHidden()
