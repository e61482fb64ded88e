"""Keep a PySide6 6.12 reference-count slip from aborting Python 3.11.

PySide6 6.12.0's ``Signal.emit()`` returns ``True`` without taking a reference to it (measured:
every emit from Python drops one reference to True). pyqtgraph emits on every repaint, so after a
few thousand repaints True's count reaches zero and Python 3.11 aborts with "bool_dealloc:
deallocating True or False". From Python 3.12 on, True, False and None are immortal and the slip is
harmless. On 3.11 this gives them a reserve of references no session can use up.
"""

from __future__ import annotations

import ctypes
import sys

RESERVE = 1 << 40  # a million emits a second would take 35 years to spend it
_applied = False


def guard_singleton_refcounts() -> bool:
    """Give True, False and None the reserve once (CPython before 3.12 only); True if applied now."""
    global _applied
    if _applied or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    for singleton in (True, False, None):
        # ob_refcnt is the first field of every CPython object.
        ctypes.c_ssize_t.from_address(id(singleton)).value += RESERVE
    _applied = True
    return True
