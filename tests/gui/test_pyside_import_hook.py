"""memviz.gui.plain_imports (issue 41): the window's modules are imported past PySide6's __feature__
import hook, which is back afterwards. Run in a fresh interpreter: under pytest-qt PySide6 is loaded
before memviz.gui, and the block then leaves the import statement alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = r"""
import builtins, sys
sys.path.insert(0, sys.argv[1])
import memviz.gui
from memviz.gui import _PLAIN_IMPORT, plain_imports

hooked = builtins.__import__
assert hooked is not _PLAIN_IMPORT, "PySide6 put no hook in front of the import statement"
with plain_imports():
    assert builtins.__import__ is _PLAIN_IMPORT
    import memviz.gui.main_window  # the window's modules, as main_window_as_opened loads them
assert builtins.__import__ is hooked
try:
    with plain_imports():
        raise KeyError("inside")
except KeyError:
    pass
assert builtins.__import__ is hooked, "not put back after an error"
import snaky  # a module that switches on one of PySide6's features: the hook serves it again
assert snaky.NAME == "snake", snaky.NAME
print("OK")
"""

SNAKY = """
from __feature__ import snake_case  # noqa: F401
from PySide6.QtCore import QObject

o = QObject()
o.set_object_name("snake")
NAME = o.object_name()
"""


def test_the_windows_modules_are_imported_past_pysides_hook_and_the_hook_is_back(tmp_path):
    (tmp_path / "snaky.py").write_text(SNAKY, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", PROGRAM, str(tmp_path)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert out.returncode == 0 and out.stdout.strip() == "OK", out.stderr[-2000:]
