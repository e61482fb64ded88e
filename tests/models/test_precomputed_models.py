"""The Compare and scenario models move one position along what the core computed, on a fake clock.

Qt-free, like every model test: the recorder drives these models with no QApplication.
"""

from __future__ import annotations

import pytest

from memviz.core.compare import LaneConfig, compare_runs, frame_table
from memviz.core.engine import RunConfig
from memviz.core.scenarios.catalog import SCENARIOS, play, scenario_site
from memviz.core.site import load_site
from memviz.models.clock import ManualClock
from memviz.models.compare import CompareModel, lanes_for
from memviz.models.scenario import ScenarioModel
from memviz.models.settings import RunSettings
from memviz.models.transport import SPEEDS


@pytest.fixture(scope="module")
def site():
    return load_site()


def test_compare_lanes_are_the_cores_comparison(site):
    settings = RunSettings(site=site, config=RunConfig(seed=1003))
    model = CompareModel(settings, ManualClock())
    configs = [LaneConfig.parse(t) for t in ("frontier/3/fifo", "frontier/3/lru")]
    model.set_configs(configs)
    expected = compare_runs(site, configs, RunConfig(seed=1003))
    assert [lane.path for lane in model.comparison.lanes] == [lane.path for lane in expected.lanes]
    assert model.frames == [frame_table(lane) for lane in expected.lanes]
    assert model.total == expected.steps and model.position == 0
    settings.update(seed=1004)  # a new seed recomputes the lanes and starts over
    assert model.comparison.base.seed == 1004 and model.position == 0


def test_compare_autoplay_moves_one_column_a_tick_and_stops_at_the_end(site):
    model = CompareModel(RunSettings(site=site), ManualClock())
    model.set_speed_index(SPEEDS.index(1.0))
    seen = []
    model.stepped.connect(seen.append)
    model.play()
    model.clock.advance(3_000)
    assert seen == [1, 2, 3] and model.position == 3
    model.clock.advance(60_000)
    assert model.finished and not model.playing and model.position == model.total
    model.play()  # at the end, play starts over
    assert model.position == 0 and model.playing


def test_compare_leaves_an_opt_lane_out_past_the_work_bound_and_brings_it_back(site):
    """A 100,000-step comparison with an opt lane blocked the window for many minutes (a long GUI
    monkey run): the window's Compare is held to the CLI's bound, says so, and recovers. 6,000
    steps at capacity 3 are past it too (6000 × (133 links + 3 × 6000 / 20) > 5,000,000)."""
    settings = RunSettings(site=site, config=RunConfig(seed=1003))
    model = CompareModel(settings, ManualClock())
    asked = [LaneConfig.parse(t) for t in ("frontier/3/fifo", "frontier/3/opt", "frontier/3/lru")]
    model.set_configs(asked)
    assert model.configs == asked and model.left_out == [] and model.refusal is None
    restarts = []
    model.restarted.connect(lambda: restarts.append(model.configs))
    settings.update(budget=6_000)
    assert model.configs == [asked[0], asked[2]] and model.left_out == [asked[1]]
    assert "look-ahead" in model.refusal and "6000 steps" in model.refusal
    assert model.comparison.base.budget == 6_000 and len(model.comparison.lanes) == 2
    assert restarts == [[asked[0], asked[2]]]
    settings.update(budget=30)  # the lane asked for comes back with a budget that allows it
    assert model.configs == asked and model.left_out == [] and model.refusal is None
    model.set_configs([asked[1]])  # only opt asked for, past the bound: a default lane stands in
    settings.update(budget=6_000)
    assert model.configs == [LaneConfig.parse("frontier/12/fifo")] and model.left_out == [asked[1]]


def test_compare_this_run_puts_the_run_first():
    config = RunConfig(strategy="frontier", capacity=12, policy="lru")
    lanes = lanes_for(config)
    assert lanes[0] == LaneConfig("frontier", 12, "lru")
    assert len(set(lanes)) == len(lanes) == 3


@pytest.mark.parametrize("scenario", SCENARIOS.values(), ids=SCENARIOS.names())
def test_the_scenario_model_walks_the_cores_frames(scenario):
    playback = play(scenario.name, scenario_site(), scenario.default_seed, scenario.first_mode, "en")
    model = ScenarioModel(ManualClock())
    restarted = []
    model.restarted.connect(lambda: restarted.append(model.position))
    model.set_playback(playback)
    assert restarted == [0] and model.frame == playback.frames[0]
    assert model.total == len(playback.frames) - 1
    model.set_speed_index(SPEEDS.index(2.0))
    model.play()
    model.clock.advance(1_000)
    assert model.position == 2 and model.frame == playback.frames[2]
    model.jump(10**6)
    assert model.finished and not model.playing and model.frame == playback.frames[-1]
    model.back()
    assert model.frame == playback.frames[-2]
    model.reset()
    assert model.position == 0 and model.frame == playback.frames[0]


def test_an_empty_scenario_model_has_nothing_to_play():
    model = ScenarioModel(ManualClock())
    assert model.frame is None and model.total == 0 and model.finished
    model.step()
    assert model.position == 0
