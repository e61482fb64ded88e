"""Issue 23's messages: the reader that stops early ends memviz quietly, help that cannot be written
is said, and an error is one line whatever the names in it hold (newlines, terminal escape codes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memviz.cli import main

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}


def _memviz(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memviz", *argv], env=ENV, timeout=120, **kwargs)


def test_record_progress_into_a_reader_that_stops_ends_quietly(tmp_path):
    """`record --progress | head -1` said "Broken pipe", exit 2."""
    shell = (
        f"{sys.executable} -m memviz record --out {tmp_path / 'clip.gif'} --size 320x240 --fps 1 "
        "--budget 12 --progress | head -1; echo status ${PIPESTATUS[0]}"
    )
    done = subprocess.run(["bash", "-c", shell], env=ENV, capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "status 141", done
    assert done.stderr == ""
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".memviz-")]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["--help"], ["run", "--help"], ["--version"]])
def test_help_that_cannot_be_written_is_said(argv):
    """`--help > /dev/full` and `--help >&-` exited 0."""
    with open("/dev/full", "w") as full:
        done = _memviz(*argv, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 1 and done.stderr.decode().count("\n") == 1, done
    closed = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m memviz {' '.join(argv)} >&-"],
        env=ENV,
        capture_output=True,
        timeout=60,
    )
    assert closed.returncode == 1 and closed.stderr.decode().count("\n") == 1, closed


@pytest.mark.parametrize(
    "name", ["a\nb.json", "\x1b[31mred\x1b[0m.json", "tab\there.json", "bell\x07.json", "\u202egnp.json"]
)
def test_an_error_is_one_line_with_the_names_control_characters_escaped(capsys, tmp_path, name):
    code = main(["run", "--site", str(tmp_path / name)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert not any(c in err[:-1] for c in "\n\r\t\x1b\x07\u202e"), repr(err)
    assert "site file not found" in err


def _nasty_site(tmp_path: Path) -> Path:
    import json

    names = ["\x1b[31mred\x1b[0m", "a\rb", "\x1b]0;title\x07", "\u202eevil", "<b>X</b>"]
    pages = [{"zh": n, "en": n, "links": [(k + 1) % len(names)]} for k, n in enumerate(names)]
    site = {"format": "memviz-site/1", "name": "s\x1b[5m", "start": 0, "nav": [], "pages": pages,
            "bugs": [{"page": 1, "zh": "\x1b[2Jbug", "en": "\x1b[2Jbug"}]}  # fmt: skip
    path = tmp_path / "nasty.json"
    path.write_text(json.dumps(site), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "argv",
    [["run"], ["run", "--until-all-bugs"], ["compare", "frontier/2/fifo", "random"], ["report"],
     ["scenario", "ablation", "--runs", "3"]],
)  # fmt: skip
def test_names_in_a_result_reach_the_terminal_escaped(capsys, tmp_path, argv):
    """A page or bug named with terminal escape codes (clear the screen, set the title, a
    right-to-left override, a carriage return over the line) was printed raw in the result."""
    code = main([*argv, "--site", str(_nasty_site(tmp_path)), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    assert not any(c in out for c in "\r\x1b\x07\u202e"), repr(out)
    if argv[0] in ("run", "compare"):  # the names are there, escaped; markup is not the terminal's
        assert "\\x1b[31mred\\x1b[0m" in out and "a\\rb" in out
    if argv == ["run"]:
        assert "<b>X</b>" in out and "\\u202eevil" in out
