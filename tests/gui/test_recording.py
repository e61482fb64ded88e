"""`memviz record`: frame count and size, the same frames whatever the speed, cancel, bad settings."""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

import av
import numpy as np
import pytest

from memviz.core.engine import Exploration, RunConfig
from memviz.core.experiments import Cancelled
from memviz.gui.recording import RecordDialog, drawing_scale, plan_recording, record, record_command
from memviz.record_cli import main as record_main

# Small and quick: 2 steps, 5 frames a step, so (2 + 2) * 5 = 20 frames.
CONFIG = RunConfig(strategy="frontier", seed=1000, capacity=3, policy="fifo")
QUICK = {"fps": 10, "step_seconds": 0.5}


def decode(path: Path) -> tuple[list[np.ndarray], av.video.stream.VideoStream]:
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = [frame.to_ndarray(format="rgb24") for frame in container.decode(stream)]
        return frames, stream


def test_mp4_has_the_planned_frames_at_the_asked_size(tmp_path, chapter_site):
    out = record(tmp_path / "run.mp4", CONFIG, chapter_site, 2, size=(640, 360), view="explore", **QUICK)
    frames, stream = decode(out)
    assert out == tmp_path / "run.mp4"
    assert len(frames) == (2 + 2) * 5
    assert frames[0].shape == (360, 640, 3)
    assert stream.codec_context.name == "h264"
    assert stream.average_rate == 10
    assert not (tmp_path / "run.mp4.part").exists()


def test_a_small_explore_video_is_drawn_larger_and_scaled_down():
    # The window's layout cannot shrink to 640x360: it is drawn at 1280x720 and scaled, not cropped.
    assert drawing_scale((640, 360), "explore") == 2
    assert drawing_scale((960, 540), "explore") == 2
    assert drawing_scale((1280, 720), "explore") == 1
    assert drawing_scale((1920, 1080), "explore") == 1
    assert drawing_scale((480, 320), "graph") == 1


def test_gif_has_the_planned_frames_at_the_asked_size(tmp_path, chapter_site):
    out = record(tmp_path / "run.gif", CONFIG, chapter_site, 2, size=(480, 320), view="graph", **QUICK)
    frames, stream = decode(out)
    assert out.read_bytes()[:6] == b"GIF89a"
    assert len(frames) == 20
    assert frames[0].shape == (320, 480, 3)
    assert stream.codec_context.name == "gif"


def test_whole_run_records_every_model_call(tmp_path, chapter_site):
    config = CONFIG.with_(budget=3)
    plan = plan_recording(tmp_path / "run.gif", config, chapter_site, None, (480, 320), 5, view="graph")
    calls = Exploration(chapter_site, config).run_to_end().steps
    assert plan.steps == calls == 3
    assert plan.frames == (3 + 2) * 5  # GIF default step: 1 s at 5 fps
    too_many = plan_recording(tmp_path / "run.gif", config, chapter_site, 50, (480, 320), 5, view="graph")
    assert too_many.steps == 3


def test_same_settings_give_the_same_frames_however_slow_the_machine(tmp_path, chapter_site):
    fast: list[str] = []
    slow: list[str] = []
    record(tmp_path / "a.mp4", CONFIG, chapter_site, 2, (480, 320), view="graph", frame_hashes=fast, **QUICK)

    def crawl(_done, _total):  # a machine far slower than this one: wall time must not matter
        time.sleep(0.04)

    record(
        tmp_path / "b.mp4", CONFIG, chapter_site, 2, (480, 320), view="graph",
        frame_hashes=slow, progress=crawl, **QUICK,
    )  # fmt: skip
    assert len(fast) == len(slow) == 20
    assert fast == slow
    # Compared by digest: a failure then prints two hashes, not a byte diff of the whole video.
    digests = [hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() for name in ("a.mp4", "b.mp4")]
    assert digests[0] == digests[1]
    # The frames do move: the opening still, then the agent walking the first link.
    first_step = fast[5:10]
    assert fast[0] == fast[4]
    assert fast[5] != fast[4]
    assert len(set(first_step)) >= 3


def test_animation_progress_is_set_by_the_frame_clock(tmp_path, chapter_site):
    # At 1 s a step the walk takes 600 ms: frames 0..5 of a step move, the rest hold still.
    hashes: list[str] = []
    record(
        tmp_path / "c.gif", CONFIG, chapter_site, 1, (480, 320), fps=10, view="graph",
        step_seconds=1.0, frame_hashes=hashes,
    )  # fmt: skip
    step = hashes[10:20]
    assert len(set(hashes[:10])) == 1  # the opening still
    assert len(set(step[:7])) == 7  # 0, 100, … 600 ms: every frame a new position (600 = arrival)
    assert len(set(step[6:])) == 1  # arrived: the rest of the step holds
    assert hashes[20:] == [step[-1]] * 10  # the closing still


def test_cancel_stops_and_leaves_no_file(tmp_path, chapter_site):
    seen: list[int] = []

    def progress(done, _total):
        seen.append(done)

    with pytest.raises(Cancelled):
        record(
            tmp_path / "x.mp4", CONFIG, chapter_site, None, (480, 320), view="graph",
            progress=progress, cancelled=lambda: len(seen) >= 3, **QUICK,
        )  # fmt: skip
    assert seen == [1, 2, 3]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("name", "kwargs", "message"),
    [
        ("run.avi", {}, "must end in .mp4 or .gif"),
        ("run.mp4", {"size": (641, 360)}, "even width and height"),
        ("run.mp4", {"size": (100, 100)}, "between 320x240"),
        ("run.gif", {"fps": 30}, "GIF plays true only at"),
        ("run.mp4", {"fps": 0}, "between 1 and 60"),
        ("run.mp4", {"view": "sweep"}, "view: expected one of explore, graph"),
        ("run.mp4", {"lang": "fr"}, "lang: expected zh or en"),
        ("run.mp4", {"step_seconds": 0.0}, "step seconds"),
    ],
)
def test_bad_settings_raise_one_line_value_errors(tmp_path, chapter_site, name, kwargs, message):
    with pytest.raises(ValueError, match=message) as info:
        record(tmp_path / name, CONFIG, chapter_site, 2, **kwargs)
    assert "\n" not in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_record_command_line(tmp_path, capsys):
    out = tmp_path / "cli.gif"
    code = record_main(
        ["--out", str(out), "--strategy", "visited", "--steps", "1", "--size", "400x300", "--fps", "5",
         "--step-seconds", "0.4", "--view", "graph", "--lang", "en", "--progress"]
    )  # fmt: skip
    printed = capsys.readouterr().out.splitlines()
    assert code == 0
    assert printed[-1] == str(out)
    assert printed[-2] == "frame 6/6"  # (1 + 2) steps * 2 frames
    frames, _stream = decode(out)
    assert len(frames) == 6
    assert frames[0].shape == (300, 400, 3)


def test_record_command_line_errors_are_one_line(tmp_path, capsys):
    assert record_main(["--out", str(tmp_path / "a.webm")]) == 2
    assert capsys.readouterr().err.strip() == (
        "memviz: error: out: the file name must end in .mp4 or .gif, got 'a.webm'"
    )
    assert record_main(["--out", str(tmp_path / "a.mp4"), "--size", "big"]) == 2
    assert "size must look like 1920x1080" in capsys.readouterr().err


def test_record_command_repeats_the_window_settings(qtbot, tmp_path, chapter_site):
    from memviz.gui.models import RunSettings

    settings = RunSettings(chapter_site, RunConfig(strategy="visited", seed=7, capacity=None, budget=12))
    command = record_command(settings, tmp_path / "v.mp4", "en", None, (1280, 720), 30, "explore", 1.5)
    args = command[command.index("--out") :]
    assert args == [
        "--out", str(tmp_path / "v.mp4"), "--strategy", "visited", "--seed", "7", "--capacity", "unlimited",
        "--policy", "fifo", "--budget", "12", "--size", "1280x720", "--view", "explore", "--lang", "en",
        "--fps", "30", "--step-seconds", "1.5", "--progress",
    ]  # fmt: skip


def _dialog(qtbot, tmp_path, chapter_site, name: str):
    from memviz.gui.language import Language
    from memviz.gui.models import RunSettings

    settings = RunSettings(chapter_site, CONFIG.with_(budget=4))
    dialog = RecordDialog(settings, Language("en"))
    qtbot.addWidget(dialog)
    dialog.out_edit.setText(str(tmp_path / name))
    dialog.size_box.setCurrentIndex(dialog.size_box.count() - 1)  # the smallest
    dialog.fps_box.setValue(5)
    dialog.step_seconds_box.setValue(0.2)
    dialog.view_box.setCurrentIndex(dialog.view_box.findData("graph"))
    return dialog


def test_dialog_records_with_progress(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "d.mp4")
    dialog.steps_box.setValue(2)
    dialog.start()
    assert dialog.recording
    assert not dialog.record_button.isEnabled()
    qtbot.waitUntil(lambda: not dialog.recording, timeout=90_000)
    assert dialog.status.text() == f"Saved: {tmp_path / 'd.mp4'}", dialog.status.text()
    assert dialog.progress_bar.value() == dialog.progress_bar.maximum() == 1
    frames, _stream = decode(tmp_path / "d.mp4")
    assert len(frames) == (2 + 2) * 1
    assert dialog.record_button.isEnabled()


def test_dialog_cancel_stops_the_recording(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "c.mp4")
    dialog.fps_box.setValue(30)
    dialog.step_seconds_box.setValue(5.0)  # 150 frames a step: far longer than the test waits
    dialog.start()
    qtbot.waitUntil(lambda: dialog.progress_bar.maximum() > 1, timeout=90_000)
    dialog.cancel()
    qtbot.waitUntil(lambda: not dialog.recording, timeout=10_000)
    assert dialog.status.text() == "Cancelled."
    assert not (tmp_path / "c.mp4").exists()
    assert dialog.cancel_button.text() == "Close"


def test_dialog_names_the_run_it_records_and_follows_changes(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "n.mp4")
    assert dialog.run_label.text().startswith(
        "Records the run in force: Visited set + link table · capacity 3 · FIFO · seed 1000 · budget 4"
    )
    dialog.settings.update(strategy="random", seed=7)
    assert dialog.run_label.text().startswith("Records the run in force: No memory · seed 7 · budget 4")
    dialog.language.set_code("zh")
    assert dialog.run_label.text().startswith("录制当前的运行：无记忆 · 种子 7 · 预算 4 步")
    assert dialog.record_button.text() == "开始录制"


def test_dialog_refuses_bad_settings_without_starting(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "c.mov")
    dialog.start()
    assert not dialog.recording
    assert dialog.status.text().startswith("Check the settings: out: the file name must end in .mp4 or .gif")


@pytest.mark.skipif(sys.platform == "win32", reason="stirs the heap through the C library's malloc")
def test_the_same_frames_give_the_same_bytes_whatever_the_heap_held(tmp_path, chapter_site):
    """x264's settings make the file a function of the frames alone.

    Between frames the heap is filled with different garbage in each recording; with x264's
    default settings (macroblock-tree rate control) this gave 3 different files in 8 recordings.
    """
    import ctypes

    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    sizes = np.random.default_rng(7).integers(1_000, 300_000, 30).tolist()

    def record_with_garbage(name: str, garbage: int) -> str:
        def stir(_done, _total):
            for size in sizes:
                block = libc.malloc(size)
                ctypes.memset(block, garbage, size)
                libc.free(block)

        out = record(
            tmp_path / name, CONFIG, chapter_site, 2, (480, 320), view="graph", progress=stir, **QUICK
        )
        return hashlib.sha256(out.read_bytes()).hexdigest()

    digests = {record_with_garbage(f"{g}.mp4", g) for g in (0x11, 0x5A, 0xA5, 0xFF, 0x00, 0x77)}
    assert len(digests) == 1, digests
