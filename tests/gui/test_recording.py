"""`memviz record`: frame count and size, the same frames whatever the speed, cancel, bad settings."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

import av
import numpy as np
import pytest

from memviz.cli.commands import main
from memviz.core.engine import Exploration, RunConfig
from memviz.core.experiments import Cancelled
from memviz.gui.kit.language import Language
from memviz.gui.record_dialog import RecordDialog, record_command
from memviz.gui.recording import AnimationClock, Stage, cut_in_video, record
from memviz.models.settings import RunSettings


def record_main(argv: list[str]) -> int:
    return main(["record", *argv])


# Small and quick: 2 steps, 5 frames a step, so (2 + 2) * 5 = 20 frames.
CONFIG = RunConfig(strategy="frontier", seed=1000, capacity=3, policy="fifo")
QUICK = {"fps": 10, "step_seconds": 0.5}


class StreamFacts(NamedTuple):
    codec: str
    average_rate: Fraction | None


def decode(path: Path) -> tuple[list[np.ndarray], StreamFacts]:
    """The frames and what the stream says of itself, read while the file is open (PyAV 19 refuses
    to answer for a stream whose container is closed)."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = [frame.to_ndarray(format="rgb24") for frame in container.decode(stream)]
        return frames, StreamFacts(stream.codec_context.name, stream.average_rate)


def test_mp4_has_the_planned_frames_at_the_asked_size(tmp_path, chapter_site):
    out = record(tmp_path / "run.mp4", CONFIG, chapter_site, 2, size=(640, 360), view="explore", **QUICK)
    frames, stream = decode(out)
    assert out == tmp_path / "run.mp4"
    assert len(frames) == (2 + 2) * 5
    assert frames[0].shape == (360, 640, 3)
    assert stream.codec == "h264"
    assert stream.average_rate == 10
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left beside it


def test_gif_has_the_planned_frames_at_the_asked_size(tmp_path, chapter_site):
    out = record(tmp_path / "run.gif", CONFIG, chapter_site, 2, size=(480, 320), view="graph", **QUICK)
    frames, stream = decode(out)
    assert out.read_bytes()[:6] == b"GIF89a"
    assert len(frames) == 20
    assert frames[0].shape == (320, 480, 3)
    assert stream.codec == "gif"


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
    assert len(set(step[:7])) >= 4  # the walk moves (the dot is hidden under a card at its ends)
    assert len(set(step[6:])) == 1  # arrived at 600 ms: the rest of the step holds
    assert hashes[20:] == [step[-1]] * 10  # the closing still


def _stage(chapter_site, view: str, config=CONFIG, size=(640, 360)):
    from memviz.gui.app import create_app
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

    create_app(height=size[1])
    stage = Stage(RunSettings(chapter_site, config), Language("en"), size, view)
    stage.set_step_seconds(1.0)
    return stage


def test_the_walk_is_where_the_frame_clock_says(chapter_site):
    stage = _stage(chapter_site, "graph")
    try:
        graph = stage.graph
        clock = AnimationClock(stage.widget, cut=cut_in_video)
        stage.model.step()
        seen = []
        for ms in range(0, 1000, 100):
            clock.capture(ms)
            clock.advance(ms)
            seen.append((graph.agent_position.x(), graph.agent_position.y()))
        assert len(set(seen[:7])) == 7  # 0, 100, … 600 ms: every frame a new position (600 = arrival)
        assert seen[6:] == [seen[6]] * 4  # arrived: the rest of the step holds
        assert seen[6] == (graph.center_of(stage.model.exploration.page).x(),
                           graph.center_of(stage.model.exploration.page).y())  # fmt: skip
    finally:
        stage.close()


def test_the_agent_walks_under_the_cards_never_over_a_name(chapter_site):
    stage = _stage(chapter_site, "graph")
    try:
        graph = stage.graph
        assert graph._agent.zValue() < min(item.zValue() for item in graph.pages)
    finally:
        stage.close()


def test_memory_rows_cut_to_their_new_order_on_the_steps_first_frame(chapter_site):
    """In the window the rows slide and fade (two texts on top of each other mid-step); a video shows
    the step's rows at once, so any frame is a clean picture."""
    from memviz.gui.explore.memory_list import MemoryList

    config = RunConfig(strategy="visited", seed=1000, capacity=3, policy="fifo")
    events = Exploration(chapter_site, config)
    evicted_at = next(n for n in range(1, 30) if events.step().memory_evicted is not None)
    assert evicted_at == 3  # a row fades out, struck through, and the new one fades in
    stage = _stage(chapter_site, "explore", config, (1280, 720))
    try:
        memory = stage.widget.findChild(MemoryList)
        clock = AnimationClock(stage.widget, cut=cut_in_video)
        for _ in range(evicted_at):
            stage.model.step()
            clock.capture(0)
            first = memory.grab().toImage()
            for ms in range(100, 1100, 100):
                clock.capture(ms)
                clock.advance(ms)
            assert memory.grab().toImage() == first
        assert not clock.busy
        # Without the cut, the same step's first frame is mid-slide: the cut is what makes it clean.
        stage.model.back()
        stage.model.step()
        AnimationClock(stage.widget).capture(0)
        assert memory.grab().toImage() != first
    finally:
        stage.close()


def test_the_graph_video_has_a_caption_with_step_narration_and_memory(chapter_site):
    stage = _stage(chapter_site, "graph")
    try:
        assert stage.caption.lines()[0] == "Step 0 / 30"
        assert stage.caption.lines()[1].startswith("Start: the agent is on Home.")
        assert stage.caption.lines()[2] == "Memory 1/3: Home"  # the start page is written at once
        stage.model.step()
        head, story, memory = stage.caption.lines()
        first = stage.model.last_event
        assert head == "Step 1 / 30"
        assert story.startswith(f"Step 1: Home → {chapter_site.page_name(first.to_page, 'en')}")
        names = [chapter_site.page_name(p, "en") for p in stage.model.exploration.memory_order()]
        assert memory == "Memory 2/3: " + " · ".join(names) and len(names) == 2
        assert stage.caption.isVisible() and stage.caption.height() >= stage.caption.sizeHint().height()
    finally:
        stage.close()


def test_a_no_memory_caption_says_so(chapter_site):
    stage = _stage(chapter_site, "graph", RunConfig(strategy="random"))
    try:
        assert stage.caption.lines()[2] == "Memory: none (remembers no page)"
    finally:
        stage.close()


@pytest.mark.parametrize("view", ["explore", "graph"])
def test_record_takes_a_theme(tmp_path, chapter_site, view):
    from memviz.gui.kit import themes

    before = themes.current().name
    dark = record(tmp_path / "d.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view=view, theme="dark")
    light = record(tmp_path / "l.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view=view)
    assert themes.current().name == before
    lightness = [decode(path)[0][0].mean() / 255 for path in (dark, light)]
    assert lightness[0] < 0.4 < 0.7 < lightness[1]
    with pytest.raises(ValueError, match="theme: expected one of light, dark, projector"):
        record(tmp_path / "x.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view=view, theme="sepia")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.gif", "l.gif"]


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
    from memviz.models.settings import RunSettings

    settings = RunSettings(chapter_site, RunConfig(strategy="visited", seed=7, capacity=None, budget=12))
    command = record_command(settings, tmp_path / "v.mp4", "en", None, (1280, 720), 30, "explore", 1.5)
    args = command[command.index("--out") :]
    assert args == [
        "--out", str(tmp_path / "v.mp4"), "--strategy", "visited", "--seed", "7", "--capacity", "unlimited",
        "--policy", "fifo", "--budget", "12", "--size", "1280x720", "--view", "explore", "--lang", "en",
        "--fps", "30", "--step-seconds", "1.5", "--theme", "light", "--progress",
    ]  # fmt: skip
    assert command[: command.index("--out")] == [sys.executable, "-m", "memviz", "record"]


def _dialog(qtbot, tmp_path, chapter_site, name: str):
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

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
    assert list(tmp_path.iterdir()) == []  # the child's own temporary file is gone with it
    assert dialog.cancel_button.text() == "Close"


def test_a_dialog_let_go_before_its_ended_process_is_deleted_goes_quietly(tmp_path, chapter_site):
    """The suite's segfault: the record process's `started` slot held the dialog, so when the ended
    process (deleteLater()'d) was deleted after the test had let the dialog go, the process's
    destructor dropped the dialog's last reference, deleting the dialog and with it, a second time,
    the process. Here the process ends (its deleteLater still waiting), the dialog is let go, then
    the deferred deletes are delivered: the process and the dialog go, nothing crashes."""
    import gc
    import weakref

    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    dialog = RecordDialog(RunSettings(chapter_site, CONFIG.with_(budget=4)), Language("en"))
    dialog.out_edit.setText(str(tmp_path / "quick.mp4"))
    dialog.command = lambda force=False: [sys.executable, "-c", "pass"]  # a child that ends at once
    dialog.start()
    process = dialog.process
    assert process is not None and process.waitForFinished(30_000)  # `finished` runs _on_finish here
    assert not dialog.recording
    dialog_gone = weakref.ref(dialog)
    del dialog, process
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # the ended process's delete
    gc.collect()
    assert dialog_gone() is None


def test_dialog_names_the_run_it_records_and_follows_changes(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "n.mp4")
    assert dialog.run_label.text().startswith(
        "Records the run in force: Visited set + link table, capacity 3, eviction FIFO, seed 1000, budget 4 steps"
    )
    dialog.settings.update(strategy="random", seed=7)
    assert dialog.run_label.text().startswith("Records the run in force: No memory, seed 7, budget 4 steps")
    dialog.language.set_code("zh")
    assert dialog.run_label.text().startswith("录制当前的运行：无记忆，seed 7，预算 4 步")
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


# -- files: written whole or not at all, and never a file memviz did not make ---------------------------


def test_an_existing_video_is_replaced_only_with_force(tmp_path, chapter_site):
    out = tmp_path / "old.gif"
    out.write_bytes(b"precious")
    with pytest.raises(FileExistsError, match=r"already exists \(add --force to replace it\)"):
        record(out, CONFIG, chapter_site, 0, (480, 320), fps=5, view="graph")
    assert out.read_bytes() == b"precious"
    record(out, CONFIG, chapter_site, 0, (480, 320), fps=5, view="graph", force=True)
    assert out.read_bytes()[:6] == b"GIF89a"
    assert [p.name for p in tmp_path.iterdir()] == ["old.gif"]


def test_the_users_part_file_is_never_touched(tmp_path, chapter_site):
    mine = tmp_path / "clip.gif.part"
    mine.write_bytes(b"the user's own")
    record(tmp_path / "clip.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view="graph")
    with pytest.raises(Cancelled):
        record(
            tmp_path / "clip2.gif", CONFIG, chapter_site, 2, (480, 320), fps=5, view="graph",
            cancelled=lambda: True,
        )  # fmt: skip
    assert mine.read_bytes() == b"the user's own"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clip.gif", "clip.gif.part"]


def test_the_temporary_file_is_memvizs_own_and_beside_the_target(tmp_path, chapter_site):
    seen: list[Path] = []
    record(tmp_path / "v.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view="graph", started=seen.append)
    (partial,) = seen
    assert partial.parent == tmp_path and partial.name.startswith(".memviz-") and partial.suffix == ".gif"
    assert not partial.exists()


@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="needs a folder this user cannot write")  # fmt: skip
def test_an_unwritable_folder_is_named(tmp_path, chapter_site):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(OSError) as info:
            record(locked / "v.gif", CONFIG, chapter_site, 0, (480, 320), fps=5, view="graph")
    finally:
        locked.chmod(0o700)
    assert str(info.value).startswith(f"out: cannot write in {locked}: ") and "\n" not in str(info.value)
    assert list(locked.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    ("sent", "status", "said"),
    [(signal.SIGINT, 130, "memviz: interrupted\n"), (signal.SIGTERM, 143, "memviz: stopped (terminated)\n")],
    ids=["ctrl-c", "sigterm"],
)
def test_a_stopped_recording_is_one_line_and_leaves_no_file(tmp_path, sent, status, said):
    out = tmp_path / "long.mp4"
    child = subprocess.Popen(
        [sys.executable, "-m", "memviz", "record", "--out", str(out), "--size", "480x320", "--view", "graph",
         "--step-seconds", "10", "--progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    try:
        for line in child.stdout:  # the first frame is written: the recording is under way
            if line.startswith("frame "):
                break
        child.send_signal(sent)
        _out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == status
    assert err == said
    assert list(tmp_path.iterdir()) == []


def test_dialog_asks_before_replacing_a_file(qtbot, tmp_path, chapter_site, monkeypatch):
    out = tmp_path / "old.mp4"
    out.write_bytes(b"precious")
    dialog = _dialog(qtbot, tmp_path, chapter_site, "old.mp4")
    dialog.steps_box.setValue(1)
    asked = []
    monkeypatch.setattr(dialog, "confirm_replace", lambda path: asked.append(path) or False)
    dialog.start()
    assert asked == [out] and not dialog.recording
    assert dialog.status.text() == f"Not recorded: the file exists. {out}"
    assert out.read_bytes() == b"precious"
    monkeypatch.setattr(dialog, "confirm_replace", lambda path: True)
    assert "--force" in dialog.command(force=True) and "--force" not in dialog.command()
    dialog.start()
    qtbot.waitUntil(lambda: not dialog.recording, timeout=90_000)
    assert dialog.status.text() == f"Saved: {out}", dialog.status.text()
    assert len(decode(out)[0]) == (1 + 2) * 1
    assert [p.name for p in tmp_path.iterdir()] == ["old.mp4"]


def test_closing_the_dialog_while_recording_stops_it_and_leaves_nothing(qtbot, tmp_path, chapter_site):
    dialog = _dialog(qtbot, tmp_path, chapter_site, "closed.mp4")
    dialog.fps_box.setValue(30)
    dialog.step_seconds_box.setValue(5.0)  # far longer than the test waits
    dialog.start()
    qtbot.waitUntil(lambda: dialog.progress_bar.maximum() > 1, timeout=90_000)
    dialog.reject()
    assert not dialog.recording and dialog.status.text() == "Cancelled."
    assert list(tmp_path.iterdir()) == []


def test_decoded_mid_step_frames_show_one_clean_memory_list(tmp_path, chapter_site):
    """Every frame of a step shows the memory list as it ends that step: no two rows' texts blended."""
    from PySide6.QtCore import QPoint

    from memviz.gui.explore.memory_list import MemoryList

    config = RunConfig(strategy="visited", seed=1000, capacity=3, policy="fifo")  # step 3 evicts
    out = record(tmp_path / "m.gif", config, chapter_site, 3, (1280, 720), fps=5, lang="en", view="explore")
    frames, _stream = decode(out)
    stage = _stage(chapter_site, "explore", config, (1280, 720))
    try:
        memory = stage.widget.findChild(MemoryList)
        corner = memory.mapTo(stage.widget, QPoint(0, 0))
        visible = memory.visibleRegion().boundingRect()
        top, left = corner.y() + visible.top(), corner.x() + visible.left()
        bottom, right = top + visible.height(), left + visible.width()
    finally:
        stage.close()
    assert bottom - top > 60 and right - left > 200

    def rows(frame: int) -> np.ndarray:
        return frames[frame][top:bottom, left:right]

    per_step = 5
    for step in (1, 2, 3):
        first = step * per_step  # frame 0 is the still opening; segment `step` starts here
        for frame in range(first + 1, first + per_step):
            assert np.array_equal(rows(frame), rows(first)), (step, frame)
        assert not np.array_equal(rows(first), rows(first - 1))  # the step did change the list


def test_decoded_frames_never_show_the_agent_over_another_pages_card(tmp_path, chapter_site):
    """While the agent walks a link, every card it passes keeps its picture: names stay readable."""
    from PySide6.QtCore import QPoint, QRectF

    out = record(tmp_path / "w.gif", CONFIG, chapter_site, 1, (1280, 720), fps=10, lang="en", view="graph")
    frames, _stream = decode(out)
    stage = _stage(chapter_site, "graph", CONFIG, (1280, 720))
    try:
        graph = stage.graph
        event = Exploration(chapter_site, CONFIG).step()
        boxes = {}
        for item in graph.pages:
            if item.page in (event.from_page, event.to_page):
                continue
            center = graph.center_of(item.page)  # the card's inside, where its name is
            inside = QRectF(center.x() - item.width * 0.4, center.y() - item.height * 0.35,
                            item.width * 0.8, item.height * 0.7)  # fmt: skip
            box = (
                graph.mapFromScene(inside).boundingRect().translated(graph.mapTo(stage.widget, QPoint(0, 0)))
            )
            boxes[item.page] = (box.top(), box.bottom(), box.left(), box.right())
    finally:
        stage.close()
    walk = frames[10:17]  # step 1: 0 … 600 ms, the walk

    def changed(page: int) -> bool:
        top, bottom, left, right = boxes[page]
        return any(
            not np.array_equal(f[top:bottom, left:right], walk[0][top:bottom, left:right]) for f in walk
        )

    assert [page for page in boxes if changed(page)] == []
    # The walk does pass between cards: the dot is drawn in these frames, under them.
    assert any(not np.array_equal(f, walk[0]) for f in walk[1:])


def test_browse_leaves_the_replace_question_to_record(qtbot, tmp_path, chapter_site, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    dialog = _dialog(qtbot, tmp_path, chapter_site, "a.mp4")
    asked = []

    def choose(*args, **kwargs):
        asked.append(kwargs.get("options"))
        return str(tmp_path / "chosen.gif"), "GIF (*.gif)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
    dialog._on_browse()
    assert dialog.out_edit.text() == str(tmp_path / "chosen.gif")
    assert asked == [QFileDialog.Option.DontConfirmOverwrite]  # asked once, by Record, not twice
    assert dialog.fps_box.value() in (1, 2, 4, 5, 10, 20, 25, 50)  # a GIF's rate


def test_a_folder_as_the_target_is_said_without_starting(qtbot, tmp_path, chapter_site):
    (tmp_path / "folder.mp4").mkdir()
    dialog = _dialog(qtbot, tmp_path, chapter_site, "folder.mp4")
    dialog.start()
    assert not dialog.recording
    assert dialog.status.text() == f"Not recorded: that is a folder. {tmp_path / 'folder.mp4'}"


def test_a_5000_page_site_is_drawn_not_refused(tmp_path):
    """Issue 16: `record` refused a 5,000-page site; it draws it (about 5 s here, the whole window)."""
    from memviz.cli.site import write_site
    from memviz.core.site import load_site
    from memviz.core.sitegen import generate_site

    write_site(generate_site("hub", 5000, 6, 3), tmp_path / "big.json")
    big = load_site(tmp_path / "big.json")
    out = record(tmp_path / "big.mp4", RunConfig(strategy="visited"), big, 1, (640, 360), fps=2, lang="en")
    frames, _stream = decode(out)
    assert len(frames) == (1 + 2) * 2 and frames[0].shape == (360, 640, 3)
    assert frames[0].std() > 10  # a picture, not a blank frame


def test_the_dialog_records_in_the_windows_theme(qtbot, tmp_path, chapter_site):
    from memviz.gui.kit import themes

    dialog = _dialog(qtbot, tmp_path, chapter_site, "t.mp4")
    themes.manager().apply("projector")  # (the fixture puts the light theme back for the next test)
    command = dialog.command()
    assert command[command.index("--theme") + 1] == "projector"


def test_a_compare_video_races_its_lanes_on_one_timeline(tmp_path, chapter_site):
    """`record --view compare`: the lanes asked for, stepped together, a frame per step here."""
    lanes = ["frontier/12/fifo", "frontier/12/random"]
    hashes: list[str] = []
    out = record(
        tmp_path / "race.gif", CONFIG, chapter_site, 3, size=(640, 360), view="compare",
        fps=2, step_seconds=0.5, compare=lanes, frame_hashes=hashes,
    )  # fmt: skip
    frames, _ = decode(out)
    assert len(frames) == (3 + 2) * 1
    assert frames[0].shape == (360, 640, 3)
    assert len(set(hashes[1:4])) == 3  # each step draws something new
    stage = Stage(
        RunSettings(site=chapter_site, config=CONFIG), Language("en"), (1280, 720), "compare", compare=lanes
    )
    try:
        assert [c.text() for c in stage.model.configs] == lanes
        stage.model.step()
        assert stage.model.position == 1
    finally:
        stage.close()


def test_record_compare_lanes_are_checked_before_any_frame(tmp_path, capsys):
    out = str(tmp_path / "a.gif")
    assert record_main(["--out", out, "--compare", "frontier/12/fifo"]) == 2
    assert capsys.readouterr().err.strip() == "memviz: error: --compare: only with --view compare"
    assert record_main(["--out", out, "--view", "compare", "--compare", "frontier/12/nope"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("memviz: error:") and "nope" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "a.gif").exists()


def test_a_scenario_video_plays_the_scenarios_frames(tmp_path):
    """`record --view scenarios/NAME/MODE/SEED`: the scenario's frames from frame 0, one per step."""
    from memviz.core.scenarios.catalog import play, scenario_site

    expected = play("resume", scenario_site(), 1000, "step", "en")
    hashes: list[str] = []
    out = record(
        tmp_path / "resume.gif", CONFIG, scenario_site(), 4, size=(640, 360), view="scenarios/resume/step/1000",
        fps=2, step_seconds=0.5, lang="en", frame_hashes=hashes,
    )  # fmt: skip
    frames, _ = decode(out)
    assert len(frames) == 4 + 2 and len(set(hashes[1:5])) == 4  # each frame draws something new
    stage = Stage(RunSettings(config=CONFIG), Language("en"), (1280, 720), "scenarios/resume/step/1000")
    try:
        assert stage.model.playback.frames == expected.frames and stage.model.position == 0
        stage.model.step()
        assert stage.model.frame == expected.frames[1]
    finally:
        stage.close()


def test_record_scenario_views_are_checked_before_any_frame(tmp_path, capsys):
    out = str(tmp_path / "a.gif")
    for view, words in (
        ("scenarios/nope", "unknown scenario 'nope'"),
        ("scenarios/ttl/3", "ttl plays 2, 4, 8, 16, 30, not '3'"),
        ("scenarios/ttl/4/x", "seed is a whole number"),
        ("explore/ttl", "expected one of"),
    ):
        assert record_main(["--out", out, "--view", view]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("memviz: error: view:") and words in err and len(err.splitlines()) == 1
    assert not (tmp_path / "a.gif").exists()
