"""Can a window open here? Asked before Qt is loaded, so a missing display is one clear line.

Without a display, Qt's xcb plugin aborts the process (SIGABRT) with a message about xcb-cursor
that does not say what to do. Asked first, memviz can say it: no display, or which system
libraries Qt's X11 plugin needs, and that the headless commands work anyway.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# The system libraries PySide6's wheels link against, as library -> the Debian package that has it
# (Ubuntu's names too; trixie's and noble's 64-bit-time renames, libglib2.0-0t64, provide the old
# names). Read with readelf from the NEEDED entries of QtCore, QtGui, QtWidgets, QtOpenGL, QtDBus, the
# xcb and offscreen platform plugins and the xcb GL integrations, leaving out what every Debian has
# (libc, libstdc++, zlib, zstd). README.md's apt-get line names exactly these packages (a test holds
# the two together), and tools/bare_machine_check.sh showed that line enough on a bare Debian.
QT_LIBRARIES = {  # QtGui loads these even without a window: `memviz snapshot` needs them too
    "EGL": "libegl1",
    "GL": "libgl1",
    "fontconfig": "libfontconfig1",
    "freetype": "libfreetype6",
    "glib-2.0": "libglib2.0-0",
    "dbus-1": "libdbus-1-3",
    "X11": "libx11-6",
    "xkbcommon": "libxkbcommon0",
}
X11_WINDOW_LIBRARIES = {  # Qt's X11 plugin (libqxcb, libQt6XcbQpa) and its GL integrations
    "X11-xcb": "libx11-xcb1",
    "xcb": "libxcb1",
    "xcb-cursor": "libxcb-cursor0",  # opened by name since Qt 6.5, so no linker names it
    "xcb-icccm": "libxcb-icccm4",
    "xcb-util": "libxcb-util1",
    "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-randr": "libxcb-randr0",
    "xcb-render": "libxcb-render0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-shm": "libxcb-shm0",
    "xcb-sync": "libxcb-sync1",
    "xcb-xfixes": "libxcb-xfixes0",
    "xcb-xkb": "libxcb-xkb1",
    "xcb-glx": "libxcb-glx0",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}
SYSTEM_LIBRARIES = {**QT_LIBRARIES, **X11_WINDOW_LIBRARIES}

HEADLESS_HINT = "`memviz snapshot --out shot.png` and `memviz record --out run.mp4` work without one"


def bundle_folder() -> Path | None:
    """The folder a frozen bundle (PyInstaller) unpacked its libraries to, or None when not frozen."""
    if not getattr(sys, "frozen", False):
        return None
    folder = getattr(sys, "_MEIPASS", None)
    return Path(folder) if folder else Path(sys.executable).resolve().parent


def libraries_in(folder: Path) -> frozenset[str]:
    """The names a library in ``folder`` (or below it) answers to, as ``find_library`` takes them:
    ``libxcb-cursor.so.0`` -> ``xcb-cursor``."""
    names = set()
    for path in folder.rglob("lib*.so*"):
        stem = path.name[3:].split(".so", 1)[0]
        if stem:
            names.add(stem)
    return frozenset(names)


LD_SO_CACHE = Path("/etc/ld.so.cache")  # glibc's cache of the system's libraries (ldconfig writes it)


def system_library_finder(cache: Path = LD_SO_CACHE) -> Callable[[str], str | None]:
    """``ctypes.util.find_library`` for many names at once. On Linux it reads glibc's cache of the
    system's libraries itself, once: find_library runs ``ldconfig -p`` to print that file, once for
    each name, and for the 25 names above that was 25 processes and 34 ms of every start on X11
    (issue 41; one process still took 9 ms with its imports). A library in the cache is there by its
    path; a name the cache lacks (or no cache: musl, NixOS) is asked of find_library, which then looks
    further (gcc, ld). Unlike ldconfig, the cache is not read by word size: a 32-bit copy alone
    counts as there (Qt's own message then says what is missing, as it did before this check)."""
    try:
        listing = cache.read_bytes() if sys.platform.startswith("linux") else b""
    except OSError:
        listing = b""

    def find(name: str) -> str | None:
        # Its entries, as the cache's string table holds them: each library's path, ending in its name
        # ("/lib/x86_64-linux-gnu/libxcb.so.1"); a numbered one first, as ldconfig lists them.
        names = re.findall(rb"/(lib" + re.escape(os.fsencode(name)) + rb"\.so[^\x00/]*)\x00", listing)
        if names:
            return os.fsdecode(max(names, key=lambda found: (not found.endswith(b".so"), found)))
        import ctypes.util  # (loaded only for a name the cache does not hold)

        return ctypes.util.find_library(name)

    return find


def library_finder(
    bundle: Path | None = None, system: Callable[[str], str | None] | None = None
) -> Callable[[str], str | None]:
    """``find_library`` that looks in the bundle's own folder first: a frozen memviz carries Qt's X
    libraries in ``_internal/``, where ``ctypes.util.find_library`` (the system's search) never
    looks, so without this the bundle asked the teacher to install what it already has."""
    bundled = libraries_in(bundle) if bundle is not None and bundle.is_dir() else frozenset()
    system = system or system_library_finder()

    def find(name: str) -> str | None:
        return f"lib{name}.so (bundled)" if name in bundled else system(name)

    return find


def window_problem(
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
    find_library: Callable[[str], str | None] | None = None,
) -> str | None:
    """Why a window cannot open here, in one line, or None if nothing is known to stop it.

    Only Linux and the BSDs need a display server named in the environment; a platform chosen with
    QT_QPA_PLATFORM (offscreen, vnc, wayland, ...) is the user's decision and is not second-guessed,
    except X11's own (``xcb``, what runs anyway): asked for by name, its libraries are checked all
    the same (Qt's own abort names xcb-cursor alone, whichever of them is missing). Libraries are
    looked for in a frozen bundle's own folder first, then the system's.
    """
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen and chosen.split(":", 1)[0] != "xcb":
        return None
    if environ.get("WAYLAND_DISPLAY") and not chosen:
        return None  # PySide6 ships Qt's Wayland plugin
    if not environ.get("DISPLAY"):
        return f"no display found (DISPLAY and WAYLAND_DISPLAY are not set), so no window can open; {HEADLESS_HINT}"
    find_library = find_library or library_finder(bundle_folder())
    qt_missing = [package for library, package in QT_LIBRARIES.items() if find_library(library) is None]
    window_missing = [p for library, p in X11_WINDOW_LIBRARIES.items() if find_library(library) is None]
    if qt_missing:  # the headless commands need these too: no hint that they would work
        return (
            "Qt needs system libraries that are missing; on Debian or Ubuntu: "
            f"sudo apt-get install {' '.join(qt_missing + window_missing)}"
        )
    if window_missing:
        return (
            "Qt's window needs system libraries that are missing; on Debian or Ubuntu: "
            f"sudo apt-get install {' '.join(window_missing)} (meanwhile, {HEADLESS_HINT})"
        )
    return None
