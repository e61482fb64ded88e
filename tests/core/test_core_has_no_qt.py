"""The core must import and run with Qt and pyqtgraph absent: the CLI and tests stand on it alone."""

import subprocess
import sys

BLOCKER = """
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "pyqtgraph", "shiboken6", "PyQt5", "PyQt6"):
            raise ImportError(f"blocked: {name}")
        return None

sys.meta_path.insert(0, Block())
import memviz.core, memviz.core.report, memviz.core.experiments, memviz.text.report, memviz.cli.commands
import memviz.wording, memviz.exercises
from memviz.core import load_site, run, RunConfig
assert run(load_site(), RunConfig(strategy="frontier")).steps == 30
assert not any(m.split(".")[0] in ("PySide6", "pyqtgraph", "shiboken6") for m in sys.modules)
print("ok")
"""


def test_core_imports_and_runs_with_qt_blocked():
    done = subprocess.run([sys.executable, "-c", BLOCKER], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
