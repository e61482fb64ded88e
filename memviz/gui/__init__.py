"""memviz's desktop GUI (PySide6 + pyqtgraph). The only package that imports Qt."""

from __future__ import annotations

import builtins
import contextlib
import sys
from collections.abc import Iterator

# Python's own import statement, as it is before PySide6 (imported just below) puts its __feature__
# hook in front of it (see _answer_feature_scan_for_memviz and plain_imports).
_PLAIN_IMPORT = builtins.__import__


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


# Top-level packages whose modules never use PySide6's __feature__ (nor import PySide6 at all).
_NEVER_PYSIDE = frozenset({"memviz", *sys.stdlib_module_names})


def _answer_feature_scan_for_memviz() -> None:
    """Spare PySide6 reading the source of each of memviz's and the standard library's modules.

    PySide6 hooks every import after its own: shibokensupport.feature asks ``_mod_uses_pyside``,
    which reads the importing module's whole source (inspect.getsource) for "PySide6", to know
    whether the module may later switch on ``from __feature__ import snake_case``. memviz never
    uses __feature__, nor does the standard library, so their ~140 modules are answered by name,
    unread: 3 % of the window's first paint (the tax napari#8584 found). Any other module is asked
    as before; a PySide6 without this private hook is left alone. Installed here, as PySide6 is
    first imported (the guard above), before the GUI imports the core.
    """
    feature = sys.modules.get("shibokensupport.feature")
    scan = getattr(feature, "_mod_uses_pyside", None)
    if not callable(scan) or getattr(scan, "answers_memviz", False):
        return

    def uses_pyside(module) -> bool:
        if getattr(module, "__name__", "").partition(".")[0] in _NEVER_PYSIDE:
            return False  # "no feature switching here": what an unused __feature__ means anyway
        return scan(module)

    uses_pyside.answers_memviz = True
    feature._mod_uses_pyside = uses_pyside


_answer_feature_scan_for_memviz()


@contextlib.contextmanager
def plain_imports() -> Iterator[None]:
    """Python's own import statement while the block runs: for memviz's GUI modules as the window loads.

    Once imported, PySide6 answers every import statement itself (builtins.__import__), to let a
    module switch on ``from __feature__ import snake_case``: a Python call per statement even when
    the module is answered by name (_answer_feature_scan_for_memviz), ~500 statements as the window
    loads, 5 M instructions of its first paint (issue 41). memviz never uses __feature__, so the
    window's modules are imported past it; PySide6's hook is back after the block. Nothing changes
    where PySide6 was imported before memviz.gui (the plain import is then not known) or without
    the hook."""
    hooked = builtins.__import__
    if hooked is _PLAIN_IMPORT:
        yield
        return
    builtins.__import__ = _PLAIN_IMPORT
    try:
        yield
    finally:
        builtins.__import__ = hooked
