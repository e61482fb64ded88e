"""Issue 23: a memory folder (``--memory-dir``) holding what memviz did not put there.

memviz replaces or deletes only the files it wrote (``progress.json`` carries its mark), never follows
a symlink out of the folder, opens only regular files, and checks a file's size before reading it.
Every refusal is one line (a ValueError, exit status 2 on the command line), and leaves the user's
file as it was.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memviz.cli import main
from memviz.core.engine import RunConfig
from memviz.core.scenarios.catalog import scenario_figures, scenario_site
from memviz.core.scenarios.resume import PROGRESS_FILE, resumed_run
from memviz.core.scenarios.store import FILE_BYTES_MAX, MemoryStore
from tests.hypothesis_budget import examples

PERSISTS = ("none", "step", "milestone:5")
FOREIGN = (
    "precious notes, not JSON",
    '{"step": 3, "memory": [1, 2], "bugs": []}',  # looks like one, but memviz did not write it
    "",
)


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _resume(folder: Path, persist: str):
    return resumed_run(
        scenario_site(), RunConfig(strategy="frontier", seed=1000), 5, persist, MemoryStore(folder)
    )


@pytest.mark.parametrize("persist", PERSISTS)
@pytest.mark.parametrize("text", FOREIGN)
def test_a_progress_file_memviz_did_not_write_is_never_replaced_or_deleted(tmp_path, persist, text):
    (tmp_path / "progress.json").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"progress\.json was not written by memviz"):
        _resume(tmp_path, persist)
    assert (tmp_path / "progress.json").read_text(encoding="utf-8") == text
    assert os.listdir(tmp_path) == ["progress.json"]


@pytest.mark.parametrize("persist", PERSISTS)
def test_memvizs_own_progress_file_is_reused(tmp_path, persist):
    first = _resume(tmp_path, "step")
    assert json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))["step"] == 5
    again = _resume(tmp_path, persist)
    assert again.coverage > 0 and first.sessions[0] == again.sessions[0]
    assert (tmp_path / "progress.json").exists() == (persist != "none")


def test_the_cli_refuses_a_foreign_progress_file_in_one_line(capsys, tmp_path):
    (tmp_path / "progress.json").write_text("mine", encoding="utf-8")
    for persist in PERSISTS:
        argv = ["run", "--interrupt-at", "5", "--persist", persist, "--memory-dir", str(tmp_path)]
        code, out, err = run_cli(capsys, *argv)
        assert (code, out, err.count("\n")) == (2, "", 1) and "not written by memviz" in err
    assert (tmp_path / "progress.json").read_text(encoding="utf-8") == "mine"


def test_a_mode_folder_that_is_a_symlink_is_not_followed(capsys, tmp_path):
    elsewhere, memory = tmp_path / "elsewhere", tmp_path / "mem"
    elsewhere.mkdir()
    memory.mkdir()
    (memory / "step").symlink_to(elsewhere, target_is_directory=True)
    code, out, err = run_cli(capsys, "scenario", "resume", "--runs", "2", "--memory-dir", str(memory))
    assert (code, out, err.count("\n")) == (2, "", 1) and "symlink" in err and "step" in err
    assert os.listdir(elsewhere) == []


def test_a_memory_dir_that_is_itself_a_symlink_is_followed(capsys, tmp_path):
    """The folder the user names may be a link (kept on another disk): memviz follows it, writes
    its own folders and files there, and reuses them next time (docs/hostile-input.md). Only what
    it finds inside the folder is never followed."""
    real, link = tmp_path / "on-another-disk", tmp_path / "mem"
    real.mkdir()
    link.symlink_to(real, target_is_directory=True)
    for _ in range(2):  # the second run finds memviz's own files through the link and reuses them
        code, _out, err = run_cli(capsys, "scenario", "resume", "--runs", "2", "--memory-dir", str(link))
        assert (code, err) == (0, ""), err
    assert link.is_symlink() and {"step", "none"} <= set(os.listdir(real))
    code, _out, err = run_cli(
        capsys, "run", "--interrupt-at", "3", "--persist", "step", "--memory-dir", str(link)
    )
    assert (code, err) == (0, "") and (real / "progress.json").is_file()


@pytest.mark.parametrize("kind", ["file", "fifo"])
def test_a_mode_folder_that_is_not_a_folder_is_one_line(capsys, tmp_path, kind):
    made = tmp_path / "none"
    made.touch() if kind == "file" else os.mkfifo(made)
    code, out, err = run_cli(capsys, "scenario", "resume", "--runs", "2", "--memory-dir", str(tmp_path))
    assert (code, out, err.count("\n")) == (2, "", 1) and f"{made}" in err and "not a folder" in err
    assert os.listdir(tmp_path) == ["none"]


def _within(seconds: float, work):
    """``work()``'s exception or result, or a failure when it is still running after ``seconds``."""
    box: dict = {}

    def target():
        try:
            box["result"] = work()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    return thread.is_alive(), box


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("persist", PERSISTS)
def test_a_named_pipe_as_progress_file_is_refused_without_blocking(tmp_path, persist):
    os.mkfifo(tmp_path / "progress.json")
    hung, box = _within(5, lambda: _resume(tmp_path, persist))
    if hung:  # let the blocked open go, so the test ends
        fd = os.open(tmp_path / "progress.json", os.O_RDWR | os.O_NONBLOCK)
        os.close(fd)
    assert not hung, "memviz opened a named pipe and waited for a writer"
    assert isinstance(box.get("error"), ValueError) and "not a regular file" in str(box["error"])


def test_a_huge_progress_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "progress.json"
    with open(big, "wb") as file:  # sparse: 700 MB of size, no disk used
        file.truncate(700_000_000)
    with pytest.raises(ValueError, match=f"larger than {FILE_BYTES_MAX} bytes"):
        MemoryStore(tmp_path).read(PROGRESS_FILE)
    with pytest.raises(ValueError, match="larger than"):
        _resume(tmp_path, "step")
    assert big.stat().st_size == 700_000_000


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="Linux's /proc: a folder no file can be made in")
def test_a_folder_no_file_can_be_made_in_is_one_line(capsys):
    for argv in (
        ["run", "--interrupt-at", "5", "--persist", "step", "--memory-dir", "/proc/self"],
        ["scenario", "resume", "--runs", "2", "--memory-dir", "/proc/self"],
    ):
        code, out, err = run_cli(capsys, *argv)
        assert (code, out, err.count("\n")) == (2, "", 1), err
        assert "memory-dir" in err and "/proc/self" in err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_memory_folder_is_one_line(capsys, tmp_path):
    tmp_path.chmod(0o500)
    try:
        argv = ["run", "--interrupt-at", "5", "--persist", "step", "--memory-dir", str(tmp_path)]
        code, out, err = run_cli(capsys, *argv)
    finally:
        tmp_path.chmod(0o700)
    assert (code, out, err.count("\n")) == (2, "", 1) and "memory-dir" in err


def test_a_store_write_that_fails_is_a_value_error_naming_the_file(tmp_path, monkeypatch):
    """A read-only folder, as root cannot make one: the write itself fails."""
    import memviz.core.scenarios.store as store_module

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    store = MemoryStore(tmp_path)
    monkeypatch.setattr(store_module.os, "open", refuse)
    with pytest.raises(ValueError, match=r"memory-dir: cannot write .*progress\.json: Permission denied"):
        store.create(PROGRESS_FILE, "{}")


# -- the fuzz: whatever the folder holds, memviz refuses in one line or runs, and keeps the user's files


KINDS = ("absent", "foreign", "fifo", "symlink_out", "folder", "ours")


@settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(KINDS),
    persist=st.sampled_from(PERSISTS),
    text=st.text(max_size=40),
)
@example(kind="symlink_out", persist="none", text="\r")  # found on Debian 13: a lone CR in the user's file
def test_whatever_the_memory_folder_holds_no_user_file_is_lost(tmp_path_factory, kind, persist, text):
    folder = tmp_path_factory.mktemp("mem")
    outside = tmp_path_factory.mktemp("outside")
    target = folder / "progress.json"
    if kind == "foreign":
        target.write_text(text, encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink_out":
        (outside / "secret.json").write_bytes(text.encode("utf-8"))  # bytes: "\r" stays "\r"
        target.symlink_to(outside / "secret.json")
    elif kind == "folder":
        target.mkdir()
    elif kind == "ours":
        _resume(folder, "step")
    before = {
        p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None) for p in folder.iterdir()
    }
    hung, box = _within(10, lambda: _resume(folder, persist))
    if hung:
        os.close(os.open(target, os.O_RDWR | os.O_NONBLOCK))
    assert not hung
    error = box.get("error")
    assert error is None or isinstance(error, ValueError), repr(error)
    if kind in ("absent", "ours"):
        assert error is None
    else:  # refused, or (a folder in the way, nothing persisted) left alone
        assert error is not None or (kind == "folder" and persist == "none")
        after = {
            p.name: (p.read_bytes() if p.is_file() and not p.is_symlink() else None) for p in folder.iterdir()
        }
        assert after == before
    if kind == "symlink_out":
        assert (outside / "secret.json").read_bytes() == text.encode(
            "utf-8"
        )  # not read_text: it reads "\r" as "\n"


def test_scenario_figures_with_a_reused_folder_are_the_same(tmp_path):
    site = scenario_site()
    first = scenario_figures("resume", site, 3, 1000, None, interrupt_at=15, memory_dir=tmp_path)
    again = scenario_figures("resume", site, 3, 1000, None, interrupt_at=15, memory_dir=tmp_path)
    assert first == again
