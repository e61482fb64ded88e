"""The Explore model: steps, back, jumps and autoplay give exactly the core's run.

Qt-free: no QApplication here; autoplay runs on a fake clock, so it cannot be late on a busy machine.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from memviz.core.engine import Exploration, RunConfig
from memviz.core.site import load_site
from memviz.core.stepping import step_until
from memviz.models.clock import ManualClock
from memviz.models.explore import ExploreModel
from memviz.models.settings import RunSettings
from memviz.models.transport import SPEEDS

CONFIGS = [
    RunConfig(),
    RunConfig(strategy="visited", seed=7),
    RunConfig(strategy="frontier", capacity=3, policy="fifo"),
    RunConfig(strategy="frontier", capacity=3, policy="lru", seed=1001),
    RunConfig(strategy="visited", capacity=5, policy="random", seed=4294967295),
]


def core_events(site, config, n):
    return step_until(Exploration(site, config), limit=n)


@pytest.fixture(scope="module")
def site():
    return load_site()


@pytest.fixture
def model_for(site):
    def make(config):
        return ExploreModel(RunSettings(site=site, config=config), ManualClock())

    return make


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.strategy}-{c.capacity}-{c.policy}-{c.seed}")
def test_steps_are_the_core_events(model_for, site, config):
    model = model_for(config)
    seen = []
    model.stepped.connect(seen.append)
    for _ in range(30):
        model.step()
    assert model.events == core_events(site, config, 30)
    assert seen == model.events
    assert model.finished and model.position == model.total == 30
    assert model.step() is None  # nothing after the end


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.strategy}-{c.capacity}-{c.policy}-{c.seed}")
def test_back_then_step_returns_the_same_state(model_for, config):
    model = model_for(config)
    for _ in range(9):
        model.step()
    events = list(model.events)
    visits = list(model.exploration.visits)
    order = model.exploration.memory_order()
    model.back()
    assert model.position == 8 and model.events == events[:8]
    model.step()
    assert model.events == events
    assert model.exploration.visits == visits
    assert model.exploration.memory_order() == order


def test_jump_equals_stepping(model_for, site):
    config = RunConfig(strategy="frontier", capacity=4, policy="lru")
    model = model_for(config)
    for target in (17, 3, 30, 0, 12):
        model.jump(target)
        assert model.events == core_events(site, config, target)
        reference = Exploration(site, config)
        step_until(reference, limit=target)
        assert model.exploration.visits == reference.visits
        assert model.exploration.memory.order() == reference.memory.order()
    model.jump(99)  # past the end: clamped
    assert model.position == model.total == 30


def test_a_run_that_stops_early_has_the_stop_call_on_its_timeline(model_for, site):
    config = RunConfig(strategy="frontier", budget=200)  # unlimited memory: done before the budget
    result = Exploration(site, config).run_to_end()
    assert result.stop_reason == "done"
    model = model_for(config)
    assert model.total == result.steps + 1
    model.jump(model.total)
    assert model.finished and model.last_event.stopped and not model.last_event.moved


def test_reset_and_config_change_restart(model_for, site):
    model = model_for(RunConfig())
    restarts = []
    model.restarted.connect(lambda: restarts.append(model.position))
    for _ in range(5):
        model.step()
    model.reset()
    assert model.position == 0 and restarts == [0]
    model.settings.update(strategy="visited")
    assert restarts == [0, 0] and model.config.strategy == "visited"
    assert model.total == 30


def test_autoplay_steps_on_the_clock_and_stops_at_the_end(model_for):
    model = model_for(RunConfig(budget=6))
    clock = model.clock
    model.set_speed_index(SPEEDS.index(2.0))  # one step every 500 ms
    playing = []
    model.playing_changed.connect(playing.append)
    model.play()
    assert model.playing and playing == [True]
    clock.advance(499)
    assert model.position == 0  # not due yet
    clock.advance(1)
    assert model.position == 1
    model.set_speed_index(SPEEDS.index(5.0))  # faster while playing: every 200 ms from now on
    clock.advance(400)
    assert model.position == 3
    clock.advance(10_000)
    assert model.finished and model.position == 6
    assert not model.playing and playing == [True, False] and not clock.running
    model.play()  # at the end, play starts over
    assert model.position == 0 and model.playing
    model.pause()
    assert not model.playing and not clock.running
    clock.advance(10_000)
    assert model.position == 0


def test_a_closed_step_gate_holds_the_step_and_pauses(model_for):
    model = model_for(RunConfig())
    model.step_gate = lambda: False
    model.play()
    model.clock.advance(5_000)
    assert model.position == 0 and not model.playing
    assert model.step() is None
    model.step_gate = None
    assert model.step() is not None and model.position == 1


def test_the_models_run_without_qt():
    """The recorder and scripts drive the models with no QApplication: nothing here imports Qt."""
    code = (
        "import sys\n"
        "from memviz.core.engine import RunConfig\n"
        "from memviz.models.clock import ManualClock\n"
        "from memviz.models.compare import CompareModel\n"
        "from memviz.models.explore import ExploreModel\n"
        "from memviz.models.settings import RunSettings\n"
        "settings = RunSettings(config=RunConfig(capacity=3))\n"
        "explore, compare = ExploreModel(settings, ManualClock()), CompareModel(settings, ManualClock())\n"
        "explore.play(); explore.clock.advance(60_000); compare.jump(7)\n"
        "assert explore.position == 30 and compare.position == 7\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'PySide6', 'pyqtgraph', 'shiboken6'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_speed_and_animation_settings(model_for):
    model = model_for(RunConfig())
    model.set_speed_index(0)
    model.slower()
    assert model.speed_index == 0
    model.faster()
    assert model.speed == SPEEDS[1]
    assert 0 < model.animation_ms <= 600
    model.set_animated(False)
    assert model.animation_ms == 0
