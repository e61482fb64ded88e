"""`memviz --site FILE --capacity 3 …`: the window opens on that site and run (run_app)."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.core.site import load_site


def test_the_window_opens_on_the_site_and_run_from_the_command_line(app, tmp_path, monkeypatch):
    from memviz.gui import app as app_module
    from memviz.gui.kit import preferences
    from memviz.gui.main_window import MainWindow

    path = tmp_path / "mine.json"
    path.write_text(
        json.dumps(
            {"format": "memviz-site/1", "pages": [{"zh": "首页", "en": "Home", "links": [1]}, {"zh": "关于"}]}
        ),
        encoding="utf-8",
    )
    remembered = preferences.Preferences(preferences.store_at(tmp_path / "settings.ini"))
    remembered.set_run_config(RunConfig(strategy="visited", seed=5, capacity=4, budget=20))
    remembered.sync()
    monkeypatch.setattr(preferences, "Preferences", lambda: remembered)
    seen = []

    def exec_and_look():  # instead of running the event loop: look at the window, then close it
        (window,) = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        seen.append((window.settings.site, window.settings.site_path, window.settings.config))
        window.close()
        window.deleteLater()
        return 0

    monkeypatch.setattr(app, "exec", exec_and_look)
    monkeypatch.setattr(app_module, "settle_garbage_collector", lambda: None)  # gc.freeze: not in tests
    site = load_site(path)
    assert app_module.run_app(lang="en", site=site, site_path=path, run={"capacity": 3, "policy": "lru"}) == 0
    ((shown_site, shown_path, config),) = seen
    assert shown_site is site and shown_path == path
    # What the command line gives wins; the rest is what was remembered.
    assert (config.strategy, config.seed, config.capacity, config.policy, config.budget) == (
        "visited", 5, 3, "lru", 20,
    )  # fmt: skip


def test_the_window_saves_its_first_picture_and_quits_when_asked(tmp_path):
    """MEMVIZ_FIRST_PAINT_PNG: how CI shows that a bundle's window opens (packaging/smoke_test.py)."""
    import os
    import struct
    import subprocess
    import sys

    shot = tmp_path / "first.png"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    env["MEMVIZ_FIRST_PAINT_PNG"] = str(shot)
    done = subprocess.run(
        [sys.executable, "-m", "memviz", "--lang", "zh"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 640 and height >= 360  # the whole window, not a blank icon-sized grab


def test_qt_messages_are_dropped_where_there_is_no_stderr(monkeypatch):
    """The windowed memviz.exe starts with sys.stderr None: a Qt warning must not raise there."""
    import sys

    from PySide6.QtCore import QtMsgType

    from memviz.gui import app as app_module

    monkeypatch.setattr(sys, "stderr", None)
    app_module._qt_message(QtMsgType.QtWarningMsg, None, "a warning")  # no AttributeError


def test_the_window_icon_is_the_bundled_picture_read_when_first_shown(app, tmp_path):
    """The app's icon is memviz.png at its own size, whole (read lazily: its size comes from the
    file's header); a file that is not a PNG gives no size."""
    from memviz.core.resources import resource_path
    from memviz.gui.app import png_size
    from memviz.gui.qt import QImage, QSize

    path = resource_path("icons", "memviz.png")
    picture = QImage(str(path))
    assert png_size(path) == (picture.width(), picture.height())
    icon = app.windowIcon()
    assert icon.availableSizes() == [QSize(picture.width(), picture.height())]
    shown = icon.pixmap(picture.width(), picture.height()).toImage().convertToFormat(picture.format())
    assert shown == picture
    (tmp_path / "not.png").write_bytes(b"GIF89a" + bytes(40))
    assert png_size(tmp_path / "not.png") is None
    assert png_size(tmp_path / "missing.png") is None


def test_the_window_is_built_in_the_type_of_the_size_it_opens_at(app, qtbot, tmp_path, monkeypatch):
    """run_app builds the window in the type it takes for the size it opens at (issue 41): built in
    the screen's type and fitted only as it showed, every widget's font was set again and the window
    laid out anew before its first picture (5 % of a start on a 1080p screen). Here the offscreen
    screen is 800x800, so the first window opens maximized at 10 pt; the session's type is 12 pt."""
    from memviz.gui import app as app_module
    from memviz.gui.kit import preferences, style
    from memviz.gui.kit.fonts import point_size_for_window

    fresh = preferences.Preferences(preferences.store_at(tmp_path / "settings.ini"))
    monkeypatch.setattr(preferences, "Preferences", lambda: fresh)
    assert app.font().pointSizeF() == 12.0
    refits = []
    monkeypatch.setattr(style, "refresh_fonts", lambda root: refits.append(root))
    window, maximized = app_module.main_window_as_opened("en")
    qtbot.addWidget(window)
    assert maximized and app.font().pointSizeF() == point_size_for_window(800, 800) == 10.0
    window.showMaximized()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert refits == []  # the type the window has is the type it fits to its size: nothing set again
    assert window.explore.playback.font().pointSizeF() == 10.0


def test_the_opening_size_is_the_remembered_windows_else_the_first(app, qtbot):
    """opening_size reads a remembered geometry as restoreGeometry does (a maximized one takes the
    screen's room); without one, the first window's size; without a screen, nothing."""
    from PySide6.QtWidgets import QWidget

    from memviz.gui.app import opening_size

    remembered = QWidget()
    qtbot.addWidget(remembered)
    remembered.resize(700, 500)
    geometry = remembered.saveGeometry()
    assert opening_size(geometry, (800, 800, True)) == (700, 500)
    assert opening_size(None, (1600, 960, False)) == (1600, 960)
    assert opening_size(geometry, None) is None
    remembered.showMaximized()
    qtbot.waitExposed(remembered)
    available = remembered.screen().availableGeometry()
    assert opening_size(remembered.saveGeometry(), (1600, 960, False)) == (
        available.width(),
        available.height(),
    )
