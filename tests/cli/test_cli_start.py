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
