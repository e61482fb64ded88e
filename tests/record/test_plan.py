"""The recording plan, without Qt: settings checked before any frame, steps counted, frame times."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from memviz.core.engine import Exploration, RunConfig
from memviz.record.plan import (
    DEFAULT_FPS,
    check_settings,
    drawing_scale,
    output_format,
    plan_recording,
)

CONFIG = RunConfig(strategy="frontier", seed=1000, capacity=3, policy="fifo")


def test_the_plan_and_the_encoders_load_without_qt():
    import subprocess

    code = "import sys, memviz.record.plan, memviz.record.encoders, memviz.cli.commands; print('PySide6' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_small_explore_video_is_drawn_larger_and_scaled_down():
    # The window's layout cannot shrink to 640x360: it is drawn at 1280x720 and scaled, not cropped.
    assert drawing_scale((640, 360), "explore") == 2
    assert drawing_scale((960, 540), "explore") == 2
    assert drawing_scale((1280, 720), "explore") == 1
    assert drawing_scale((1920, 1080), "explore") == 1
    assert drawing_scale((480, 320), "graph") == 1


def test_whole_run_records_every_model_call(tmp_path, chapter_site):
    config = CONFIG.with_(budget=3)
    plan = plan_recording(tmp_path / "run.gif", config, chapter_site, None, (480, 320), 5, view="graph")
    calls = Exploration(chapter_site, config).run_to_end().steps
    assert plan.steps == calls == 3
    assert plan.frames == (3 + 2) * 5  # GIF default step: 1 s at 5 fps
    too_many = plan_recording(tmp_path / "run.gif", config, chapter_site, 50, (480, 320), 5, view="graph")
    assert too_many.steps == 3


@pytest.mark.parametrize(
    ("out", "size", "fps", "step_seconds", "expected"),
    [
        ("a.mp4", (1920, 1080), None, 1.0, ("mp4", 30, 30)),
        ("a.GIF", (480, 320), None, 1.0, ("gif", 10, 10)),
        ("a.gif", (480, 320), 5, 0.4, ("gif", 5, 2)),
        ("a.mp4", (640, 360), 60, 10.0, ("mp4", 60, 600)),
    ],
)
def test_settings_give_the_format_rate_and_frames_per_step(out, size, fps, step_seconds, expected):
    assert check_settings(Path(out), size, fps, "en", "graph", step_seconds, None) == expected


@pytest.mark.parametrize(
    ("out", "size", "fps", "step_seconds", "message"),
    [
        ("a.webm", (640, 360), None, 1.0, "out: the file name must end in .mp4 or .gif, got 'a.webm'"),
        ("a.mp4", (641, 360), None, 1.0, "size: an MP4 (H.264, 4:2:0) needs an even width and height"),
        ("a.mp4", (319, 240), None, 1.0, "size: must be between 320x240 and 7680x4320, got 319x240"),
        ("a.gif", (480, 320), 30, 1.0, "fps: a GIF plays true only at 1, 2, 4, 5, 10, 20, 25, 50"),
        ("a.mp4", (640, 360), 61, 1.0, "fps: must be between 1 and 60, got 61"),
        ("a.mp4", (640, 360), 30, float("nan"), "step seconds: must be between 0.1 and 10, got nan"),
        ("a.gif", (480, 320), 1, 0.1, "step seconds: 0.1 s at 1 fps is less than one frame"),
    ],
)
def test_bad_settings_are_one_line_naming_the_setting(out, size, fps, step_seconds, message):
    with pytest.raises(ValueError) as info:
        check_settings(Path(out), size, fps, "en", "graph", step_seconds, None)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_frame_times_come_from_the_frame_number_alone(tmp_path, chapter_site):
    plan = plan_recording(tmp_path / "a.mp4", CONFIG, chapter_site, 1, (640, 360), 30, view="graph")
    assert [plan.frame_ms(n) for n in (0, 1, 2, 3, 30, 31)] == [0, 33, 67, 100, 1000, 1033]
    assert output_format(Path("x.Mp4")) == "mp4" and DEFAULT_FPS == {"mp4": 30, "gif": 10}
