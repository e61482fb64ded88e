"""`python -m memviz report`, `record` and `snapshot` end their process without the interpreter's
teardown, the exit callbacks run first, and only when no thread the interpreter would wait for runs
(memviz.cli.end_now_if_done; issues 41 and 23)."""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading

import pytest

import memviz.cli as cli


class Ended(Exception):  # noqa: N818 (os._exit, caught: the test's process goes on)
    pass


@pytest.fixture
def ending(monkeypatch):
    """os._exit recorded instead of done, and the exit callbacks' run (pytest's own must not run);
    the threads already running (pytest-xdist's worker has its own) not counted."""
    statuses: list[object] = []
    real_enumerate, theirs = threading.enumerate, set(threading.enumerate()) - {threading.main_thread()}
    monkeypatch.setattr(threading, "enumerate", lambda: [t for t in real_enumerate() if t not in theirs])

    def exit_now(status: int) -> None:
        statuses.append(status)
        raise Ended

    monkeypatch.setattr("os._exit", exit_now)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: statuses.append("exit callbacks"))
    monkeypatch.setattr(cli, "_kept_until_the_end", None)
    return statuses


def test_the_process_ends_at_once_only_when_the_command_said_it_may(ending):
    cli.end_now_if_done(0)  # no command said so: the usual end
    assert ending == []
    runs = object()
    cli.may_end_at_once(runs)
    assert cli._kept_until_the_end == (runs,)  # kept, not freed, until the end
    with pytest.raises(Ended):
        cli.end_now_if_done(3)
    assert ending == ["exit callbacks", 3]  # the callbacks first, as the interpreter runs them


def _running(daemon: bool):
    release = threading.Event()
    other = threading.Thread(target=release.wait, daemon=daemon)
    other.start()
    return release, other


def test_a_thread_the_interpreter_would_wait_for_means_the_usual_end(ending):
    cli.may_end_at_once()
    release, other = _running(daemon=False)
    try:
        cli.end_now_if_done(0)
    finally:
        release.set()
        other.join()
    assert ending == []  # not even the callbacks: the interpreter runs them once the thread ends


def test_a_daemon_thread_does_not_keep_the_process(ending):
    cli.may_end_at_once()  # as memviz record's signal thread: the interpreter never waits for it
    release, other = _running(daemon=True)
    try:
        with pytest.raises(Ended):
            cli.end_now_if_done(0)
    finally:
        release.set()
        other.join()
    assert ending == ["exit callbacks", 0]


def test_an_output_that_cannot_be_flushed_means_the_usual_end(ending, monkeypatch):
    class Full:
        def flush(self):
            raise OSError(28, "No space left on device")

    cli.may_end_at_once()
    monkeypatch.setattr(sys, "stdout", Full())
    cli.end_now_if_done(0)
    assert ending == ["exit callbacks"]  # run and cleared; the interpreter's flush then says it


def test_a_report_ended_at_once_has_written_all_of_its_output(tmp_path):
    out = tmp_path / "report.json"
    with out.open("w") as stdout:
        done = subprocess.run(
            [sys.executable, "-m", "memviz", "report", "--json", "--lang", "en"],
            stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300,
        )  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    text = out.read_text(encoding="utf-8")
    assert text.endswith("}\n") and '"cap12_random_minus_fifo"' in text  # the last table, then the end


def test_the_collector_stays_off_after_a_report_only_in_its_own_process():
    import gc

    from memviz import process_ends_with_the_command
    from memviz.cli.commands import collector_paused

    assert not process_ends_with_the_command()  # pytest's process: the collector comes back
    was_enabled = gc.isenabled()
    try:
        gc.enable()
        with collector_paused(resume=False):  # python -m memviz report's: it ends with the command
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        if was_enabled:
            gc.enable()
