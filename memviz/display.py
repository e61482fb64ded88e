"""Can a window open here? Asked before Qt is loaded, so a missing display is one clear line.

Without a display, Qt's xcb plugin aborts the process (SIGABRT) with a message about xcb-cursor
that does not say what to do. Asked first, memviz can say it: no display, or which system
libraries Qt's X11 plugin needs, and that the headless commands work anyway.
"""

from __future__ import annotations

import ctypes.util
import os
import sys
from collections.abc import Callable, Mapping

# What Qt 6's X11 plugin (libqxcb, libQt6XcbQpa) loads beyond the basics, as library -> the Debian
# package that has it (the names Ubuntu uses too). Measured with ldd on PySide6's plugin.
XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-image": "libxcb-image0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-randr": "libxcb-randr0",
    "xcb-xkb": "libxcb-xkb1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}

HEADLESS_HINT = "`memviz snapshot --out shot.png` and `memviz record --out run.mp4` work without one"


def window_problem(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    find_library: Callable[[str], str | None] = ctypes.util.find_library,
) -> str | None:
    """Why a window cannot open here, in one line, or None if nothing is known to stop it.

    Only Linux and the BSDs need a display server named in the environment; a platform chosen with
    QT_QPA_PLATFORM (offscreen, vnc, wayland, ...) is the user's decision and is not second-guessed.
    """
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if environ.get("QT_QPA_PLATFORM"):
        return None
    if environ.get("WAYLAND_DISPLAY"):
        return None  # PySide6 ships Qt's Wayland plugin
    if not environ.get("DISPLAY"):
        return f"no display found (DISPLAY and WAYLAND_DISPLAY are not set), so no window can open; {HEADLESS_HINT}"
    missing = [package for library, package in XCB_LIBRARIES.items() if find_library(library) is None]
    if missing:
        return (
            "Qt's X11 plugin needs system libraries that are missing; on Debian or Ubuntu: "
            f"sudo apt-get install {' '.join(missing)} (meanwhile, {HEADLESS_HINT})"
        )
    return None
