"""memviz's desktop GUI (PySide6 + pyqtgraph). The only package that imports Qt."""

from __future__ import annotations

import sys


def _guard_pyside_6_12_refcounts() -> None:
    """Keep PySide6 6.12 on CPython < 3.12 from aborting the app.

    PySide6 6.12.0 drops a reference to None on every call of a C++ method that returns void, and
    one to True on every signal emit; after a few thousand, Python 3.11 aborts ("none_dealloc").
    pyproject.toml excludes 6.12 on Python < 3.12, so this acts only where an environment has it
    anyway: it gives the three singletons the huge count that makes them immortal in 3.12+.
    """
    import PySide6

    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return
    if not PySide6.__version__.startswith("6.12."):
        return
    import ctypes

    for singleton in (None, True, False):
        ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 40  # ob_refcnt: first field


_guard_pyside_6_12_refcounts()
