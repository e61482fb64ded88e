"""Ctrl+R on a recording records that recording: `memviz record --trace T.jsonl` replays it (its own
length, not the settings' budget), the window's Record dialog asks for it, and every frame says it
is a recorded run (the window's banner, the graph video's caption)."""

from __future__ import annotations

import sys

import pytest

from memviz.core.engine import RunConfig
from memviz.core.replay import load_recorded
from memviz.core.trace import trace_text
from memviz.core.trace_run import run_trace
from memviz.gui.kit.language import Language
from memviz.gui.record_dialog import record_command
from memviz.gui.recording import Stage
from memviz.models.settings import RunSettings
from tests.gui.test_recording import decode, record_main


@pytest.fixture
def recording(tmp_path, chapter_site):
    _result, trace = run_trace(chapter_site, RunConfig(strategy="frontier", capacity=3, seed=1000, budget=4))
    path = tmp_path / "four.jsonl"
    path.write_text(trace_text(trace), encoding="utf-8")
    return path


def test_the_dialog_records_the_replay_not_a_new_run(recording, chapter_site, tmp_path):
    settings = RunSettings(chapter_site, RunConfig(strategy="visited", capacity=2))
    settings.set_recorded(load_recorded(recording, chapter_site))
    command = record_command(settings, tmp_path / "v.gif", "en", None, (640, 360), 5, "graph", 0.4)
    assert command[command.index("--trace") + 1] == str(recording.resolve())
    assert command[: command.index("--out")] == [sys.executable, "-m", "memviz", "record"]


def test_the_dialog_names_the_recording_it_records(qtbot, recording, chapter_site):
    from memviz.gui.record_dialog import RecordDialog

    settings = RunSettings(chapter_site, RunConfig(strategy="visited", capacity=2))
    settings.set_recorded(load_recorded(recording, chapter_site))
    dialog = RecordDialog(settings, Language("en"))
    qtbot.addWidget(dialog)
    assert dialog.run_label.text().startswith(
        "Records the recorded run: memviz · four.jsonl (the figures are the trace's own) · visited/2/fifo"
    )


def test_record_trace_records_the_recording_at_its_own_length(recording, tmp_path, capsys):
    out = tmp_path / "replay.gif"
    code = record_main(
        ["--out", str(out), "--trace", str(recording), "--strategy", "visited", "--capacity", "2",
         "--size", "400x300", "--fps", "5", "--step-seconds", "0.4", "--view", "graph", "--lang", "en",
         "--progress"]
    )  # fmt: skip
    printed = capsys.readouterr().out.splitlines()
    assert code == 0 and printed[-1] == str(out)
    assert printed[-2] == "frame 12/12"  # (4 recorded steps + 2) * 2 frames, not the budget of 30
    assert len(decode(out)[0]) == 12
    assert (
        record_main(["--out", str(tmp_path / "c.gif"), "--trace", str(recording), "--view", "compare"]) == 2
    )
    assert "--trace" in capsys.readouterr().err


@pytest.mark.parametrize("view", ["graph", "explore"])
def test_every_frame_of_a_replay_says_it_is_a_recorded_run(recording, chapter_site, view):
    from memviz.gui.app import create_app

    create_app(height=360)
    settings = RunSettings(chapter_site, RunConfig(strategy="visited", capacity=2))
    settings.set_recorded(load_recorded(recording, chapter_site))
    stage = Stage(settings, Language("en"), (640, 360), view)
    try:
        for step in range(stage.model.total + 1):
            if view == "graph":
                head, _story, memory = stage.caption.lines()
                assert head == f"Recorded run: memviz · four.jsonl · Step {step} / 4"
                assert memory.startswith("What-if memory ")  # the memory shown is the overlay's
            else:
                banner = stage.widget.explore.recorded_banner
                assert banner.isVisibleTo(stage.widget) and banner.label.text().startswith(
                    "Recorded run: memviz"
                )
            stage.render()
            stage.model.step()
        assert stage.model.finished
    finally:
        stage.close()
