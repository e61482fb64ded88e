"""The Qt application: name, fonts, and opening the main window."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from pathlib import Path

from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.gui import collector, plain_imports
from memviz.gui.kit import themes
from memviz.gui.kit.first_paint import when_painted
from memviz.gui.kit.fonts import apply_app_font, point_size_for, point_size_for_window
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QApplication,
    QGuiApplication,
    QIcon,
    QSize,
    Qt,
    QtMsgType,
    QWidget,
    qInstallMessageHandler,
)

APP_NAME = "memviz"


# Said by Qt's offscreen platform for every shown window (snapshots, recordings); it says nothing
# about memviz and would only alarm someone reading the command's output.
PLATFORM_NOISE = ("This plugin does not support propagateSizeHints()",)


def _qt_message(kind: QtMsgType, _context, message: str) -> None:
    # A windowed start (the bundle's memviz.exe, a .app from Finder) has no stderr at all: None.
    if kind == QtMsgType.QtDebugMsg or message.startswith(PLATFORM_NOISE) or sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):  # a closed or full stderr is no reason to stop
        sys.stderr.write(f"Qt: {message}\n")


def png_size(path: Path) -> tuple[int, int] | None:
    """A PNG file's (width, height), read from its header; None if it is not a readable PNG."""
    try:
        with open(path, "rb") as file:
            head = file.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def create_app(argv: list[str] | None = None, height: int | None = None) -> QApplication:
    """The running QApplication, created if needed, with memviz's name and fonts set.

    ``height`` is the window height the type is sized for (default: the primary screen's, a first
    guess the main window corrects to its own size once it is shown).
    """
    app = QApplication.instance()
    if app is None:
        qInstallMessageHandler(_qt_message)
        args = list(argv) if argv is not None else sys.argv[:1]
        app = QApplication([*args, "-style", themes.STYLE])  # the style, from the start
        themes.started_in_style()
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    icon = resource_path("icons", "memviz.png")  # tools/make_icons.py draws it
    size = png_size(icon)
    if size is not None:
        # Added with its size, the picture is read when a window first shows it (a platform's title
        # bar; never offscreen). Without, Qt opened it at once to learn its size, after looking
        # through its image-format plugins: a millisecond or two before the first paint.
        window_icon = QIcon()
        window_icon.addFile(str(icon), QSize(*size))
        app.setWindowIcon(window_icon)
    if height is None:
        screen = QGuiApplication.primaryScreen()
        height = screen.availableGeometry().height() if screen is not None else 1080
    apply_app_font(app, point_size_for(height))
    collector.install(app)  # cyclic garbage is collected in this thread only
    return app


# Set to a PNG path, the window saves its first painted picture there and quits: how CI proves that a
# bundle's window (memviz.exe without a console, the .app) really opens, with the offscreen platform.
FIRST_PAINT_SHOT = "MEMVIZ_FIRST_PAINT_PNG"


def _save_and_quit(window, path: Path) -> None:
    QApplication.processEvents()  # the tab's own first paint after the window's
    saved = window.grab().save(str(path), "PNG")
    QApplication.exit(0 if saved else 1)


CLOSING_WAIT_MS = 1_500  # after the window closes: jobs' time to stop before the process just ends


def run_app(
    argv: list[str] | None = None,
    lang: str | None = None,
    site: Site | None = None,
    site_path: Path | None = None,
    run: dict | None = None,
    trace_path: Path | None = None,
) -> int:
    """Open the main window on the Explore view and run until it closes; returns the exit code.

    ``site`` (read from ``site_path``) and ``run`` (RunConfig fields) come from the command line
    (``memviz --site FILE --capacity 3``) and win over the remembered settings, as ``lang`` does.
    """
    app = create_app(argv)
    window, maximized = main_window_as_opened(lang)
    if lang is not None:  # --lang on the command line wins over the remembered language
        window.language.set_code(lang)
    if site is not None:
        window.settings.set_site(site, site_path)
    if run:
        window.settings.update(**run)
    if trace_path is not None:  # memviz --trace T.jsonl: checked before the window (memviz.cli)
        window.open_trace(trace_path)
    if maximized:
        window.showMaximized()
    else:
        window.show()
    when_painted(window, lambda: settle_garbage_collector())  # as the module names it then (tests)
    shot = os.environ.get(FIRST_PAINT_SHOT)
    if shot:  # the bundles' smoke test: the real window's first picture, then quit
        when_painted(window, lambda: _save_and_quit(window, Path(shot)))
    code = app.exec()
    worker = sys.modules.get("memviz.gui.kit.worker")  # imported only if an analysis view was opened
    if worker is not None and not worker.stop_all(CLOSING_WAIT_MS):
        # A job cancelled on close is still inside a lock-step chunk (a 20,000-run sweep kept the
        # process 43 s after its window had gone, growing to 1.3 GB): nothing of it is wanted, the
        # preferences are saved (closeEvent), so the process ends now.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    return code


def main_window_as_opened(lang: str | None = None):
    """The main window as `memviz` opens it, not shown yet, and whether to show it maximized: the
    user's preferences read, the window built in the type of the size it opens at and sized so (a
    remembered window then takes its own place and size), what was remembered applied."""
    with plain_imports():
        from memviz.gui.kit.preferences import Preferences
        from memviz.gui.main_window import MainWindow  # after the app exists: views read its font

    preferences = Preferences()
    screen = QGuiApplication.primaryScreen()
    area = screen.availableGeometry() if screen is not None else None
    first = first_window_size(area.width(), area.height()) if area is not None else None
    geometry = preferences.window_state()[0]  # the remembered window's, restored with the rest
    opening = opening_size(geometry, first)
    if opening is not None:
        # Built in the type of the size it opens at (fonts.point_size_for_window, as it fits its type
        # once shown): built in the screen's type, a 1600x960 window on a 1080p screen set every
        # widget's font again and laid itself out anew before its first picture (issue 41).
        apply_app_font(QApplication.instance(), point_size_for_window(*opening))
    window = MainWindow(language=Language(lang), preferences=preferences)
    if first is not None:
        window.resize(first[0], first[1])
    window.restore_preferences()
    return window, first is not None and first[2] and geometry is None  # a remembered one keeps its size


def opening_size(geometry, first: tuple[int, int, bool] | None) -> tuple[int, int] | None:
    """The size the main window opens at: the remembered ``geometry``'s (QWidget.saveGeometry; the
    whole screen if it was maximized), else the ``first`` window's (first_window_size); None
    without a screen."""
    if first is None:
        return None
    if geometry is not None:
        probe = QWidget()  # reads the remembered geometry as the window will (restoreGeometry)
        if probe.restoreGeometry(geometry):
            if probe.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
                available = probe.screen().availableGeometry()
                return available.width(), available.height()
            return probe.width(), probe.height()
    return first[0], first[1]


# The window's comfortable size: on a screen with less room than this, every pixel counts (a 720p
# projector, a small laptop), and the first window takes the whole screen rather than 90% of it.
COMFORTABLE_SIZE = (1600, 960)


def first_window_size(available_width: int, available_height: int) -> tuple[int, int, bool]:
    """The first window's (width, height, maximized) for a screen's available area."""
    comfortable_w, comfortable_h = COMFORTABLE_SIZE
    if available_width < comfortable_w or available_height < comfortable_h:
        return available_width, available_height, True
    return comfortable_w, comfortable_h, False


def settle_garbage_collector() -> None:
    """Move everything built so far (modules, the window's widgets) out of the collector's sight.

    A full collection walks every object Python tracks, about 100,000 once the window is up: 80 ms
    here, five frames of autoplay lost whenever it happens to fall. Frozen, the start-up objects are
    never walked again; what the run allocates later is still collected as usual. Done once the
    window has painted, so that the first picture does not wait for it.
    """
    gc.collect()
    gc.freeze()
    app = QApplication.instance()
    if app is not None:
        collector.install(app).start()
