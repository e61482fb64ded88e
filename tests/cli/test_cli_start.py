"""`memviz --version` and `memviz --help` answer without loading what they do not show (issue 29):
--version nothing of the core but its signal holding, --help no numpy (the batch engine), read with
``python -X importtime``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(*args: str) -> tuple[str, set[str]]:
    """What ``python -m memviz ARGS`` prints, and every module it imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "memviz", *args], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0, out.stderr
    modules = {
        line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")
    }
    return out.stdout, modules


def test_the_version_is_answered_without_the_core_or_numpy():
    printed, modules = imported("--version")
    assert printed == "memviz " + __import__("memviz").__version__ + "\n"
    assert "memviz" in modules and "memviz.launch" in modules
    # Of the core, only its signal holding (standard library only), which memviz.stopping builds on
    # and loads first of all; the core's package itself loads its names lazily (PEP 562).
    loaded = {m for m in modules if m.startswith(("memviz.core", "memviz.cli", "numpy"))}
    assert loaded <= {"memviz.core", "memviz.core.signals"}
    # the same words as argparse's own --version (asked with another option first)
    assert imported("--lang", "en", "--version")[0] == printed


def test_the_help_is_answered_without_numpy():
    printed, modules = imported("--help")
    assert printed.startswith("usage: memviz") and "scenario" in printed and "frontier" in printed
    assert not {m for m in modules if m.split(".")[0] == "numpy"}
    assert "memviz.core.lockstep" not in modules


def test_the_report_loads_no_plugin_scan_no_qt_and_no_other_command():
    # Issue 41: `memviz report` loads what the report needs. Installed plugins are looked for only
    # when a name is not a built-in one (importlib.metadata), and the other commands' families (the
    # web server, the traces, the agent, the scenarios, recording) are loaded when they run.
    printed, modules = imported("report", "--json", "--lang", "en")
    assert '"cap12_random_minus_fifo"' in printed
    assert "importlib.metadata" not in modules
    assert not {m for m in modules if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph")}
    others = (
        "memviz.cli.",
        "memviz.web",
        "memviz.agent",
        "memviz.record",
        "memviz.gui",
        "memviz.core.scenarios",
    )
    assert {m for m in modules if m.startswith(others)} <= {
        f"memviz.cli.{m}" for m in ("commands", "output", "parser", "progress")
    }


def test_the_window_opens_without_any_commands_options_or_modules(tmp_path):
    """Issue 41: `memviz` with no command (the window) parsed its line with the whole command line, every
    command's options built and their modules loaded (the scenarios, the web server, the traces,
    recording, the agent): 0.35 G instructions before the window code began, 60 % of a bare PySide6
    window's whole start. Only the main parser is built now; the window opens (its first picture,
    MEMVIZ_FIRST_PAINT_PNG) on the run its options give."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
        "MEMVIZ_FIRST_PAINT_PNG": str(tmp_path / "first.png"),
    }
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "memviz", "--lang", "en", "--capacity", "3"],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "first.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    modules = {
        line.rsplit("|", 1)[-1].strip() for line in out.stderr.splitlines() if line.startswith("import time:")
    }
    others = (
        "memviz.cli.",
        "memviz.web",
        "memviz.agent",
        "memviz.record",
        "memviz.core.scenarios",
        "memviz.core.trace",
    )
    assert {m for m in modules if m.startswith(others)} == {
        f"memviz.cli.{m}" for m in ("commands", "output", "parser", "progress")
    }


def test_a_window_line_that_cannot_be_read_is_told_as_the_whole_command_line_tells_it():
    """Without a command only the main parser is built; a line it cannot read gets the words the whole
    command line gave before (argparse's own, through memviz's error line), status 2, no window."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    told = [
        (
            ("--capcity", "3"),
            "memviz: error: argument command: invalid choice: '3' (choose from 'run', 'batch',",
        ),
        (("--capacity", "x"), 'memviz: error: argument --capacity: capacity must be a whole number, got "x"'),
        (("--capacity", "3", "--bogus"), "memviz: error: unrecognized arguments: --bogus"),
        (("--lang", "xx"), "memviz: error: argument --lang: invalid choice: 'xx' (choose from 'zh', 'en')"),
    ]
    for args, line in told:
        out = subprocess.run([sys.executable, "-m", "memviz", *args], env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=60)  # fmt: skip
        assert (out.returncode, out.stdout) == (2, ""), args
        assert out.stderr.startswith(line) and len(out.stderr.splitlines()) == 1, out.stderr


def test_the_window_starts_with_the_collector_off(monkeypatch):
    """Issue 41: the cyclic collector's 17 passes while the window's modules were imported freed
    nothing (13 M instructions of the first paint). `memviz` turns it off before it loads the window;
    the window's own collector (memviz.gui.collector) takes over after the first picture."""
    import gc

    import memviz.gui.app as app_module
    from memviz.cli import commands

    seen = []
    monkeypatch.setattr(app_module, "run_app", lambda **_options: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(commands, "window_problem", lambda: None)
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        assert commands.main(["--lang", "en"]) == 0
        assert seen == [False] and gc.isenabled()  # off while the window ran, as it was after
    finally:
        (gc.enable if was_enabled else gc.disable)()


def test_the_command_line_is_read_with_the_collector_off_and_its_command_runs_with_it(monkeypatch):
    """Issue 41: the collector's passes while the command line loaded its modules and built its parser
    freed nothing (7 M instructions of the window's first paint). `memviz.cli.main` turns it off
    until the command runs: a command runs with it on, the window with it off, and it is as it was
    after either, or after a line that could not be read."""
    import gc

    import memviz.cli
    import memviz.gui.app as app_module
    from memviz.cli import commands

    seen = []
    parse = commands.parser_for

    def parser_for(argv):
        seen.append(("parse", gc.isenabled()))
        return parse(argv)

    monkeypatch.setattr(commands, "parser_for", parser_for)
    monkeypatch.setitem(commands.COMMANDS, "run", lambda _args: seen.append(("run", gc.isenabled())) or 0)
    monkeypatch.setattr(
        app_module, "run_app", lambda **_options: seen.append(("window", gc.isenabled())) or 0
    )
    monkeypatch.setattr(commands, "window_problem", lambda: None)
    was_enabled = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            seen.clear()
            assert memviz.cli.main(["run", "--lang", "en"]) == 0
            assert memviz.cli.main(["--lang", "en"]) == 0
            assert memviz.cli.main(["--capacity", "x"]) == 2
            assert seen == [
                ("parse", False),
                ("run", enabled),
                ("parse", False),
                ("window", False),
                ("parse", False),
            ]
            assert gc.isenabled() == enabled
    finally:
        (gc.enable if was_enabled else gc.disable)()
