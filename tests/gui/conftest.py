"""GUI tests run offscreen: no display is needed, and windows never flash up on a desktop.

The Explore and snapshot tests also fail on any Qt warning they did not expect.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported anywhere

import pytest
from PySide6.QtCore import QtMsgType
from PySide6.QtWidgets import QApplication

import memviz.gui  # noqa: F401 - its import guards against the PySide6 6.12 refcount bug
from memviz.core.engine import RunConfig
from memviz.core.site import load_site

# Messages the offscreen platform plugin itself prints for any shown top-level window; they say
# nothing about memviz.
# A combo box's popup asks to be raised and to grab the keyboard, which offscreen cannot do.
PLATFORM_NOISE = (
    "This plugin does not support propagateSizeHints()",
    "This plugin does not support raise()",
    "This plugin does not support grabbing the keyboard",
)


@pytest.fixture(scope="session", autouse=True)
def own_settings_folder(tmp_path_factory):
    """Qt's user settings go to a folder of the test run's own: a window made without a store (the
    monkey's, a snapshot's) must never write the progress and settings of whoever runs the tests."""
    from PySide6.QtCore import QSettings

    folder = tmp_path_factory.mktemp("user-settings")
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    yield folder


@pytest.fixture(scope="session")
def site():
    return load_site()


@pytest.fixture(scope="session")
def app(qapp):
    from memviz.gui.app import create_app

    return create_app(height=1080)


@pytest.fixture(autouse=True)
def process_wide_look(app):
    """Every GUI test starts from the same type size and theme, whatever ran before it.

    Both belong to the process, not to a window: a recording sizes the app's font for its frames,
    a snapshot applies its theme. Tests run in random order, so each starts from the same look.
    """
    from PySide6.QtCore import QEvent

    from memviz.gui.kit import themes
    from memviz.gui.kit.fonts import apply_app_font, point_size_for
    from memviz.gui.kit.worker import job_pool

    # The windows earlier tests closed are only deleteLater()'d (pytest-qt), and nothing here runs an
    # event loop that deletes them: thousands of widgets piled up, each new font, palette and style
    # walked them all, and a test's setup and teardown grew past a second. Delete them first, once
    # the jobs those windows started have ended and told them so (as a user's window outlives its jobs).
    if job_pool().waitForDone(30_000):
        app.processEvents()
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    apply_app_font(app, point_size_for(1080))
    themes.manager().apply("light")
    yield


STRICT_MODULES = ("test_explore", "test_snapshot", "test_monkey")


@pytest.fixture(autouse=True)
def no_qt_warnings(request, qtlog):
    yield
    if not request.module.__name__.rpartition(".")[2].startswith(STRICT_MODULES):
        return
    bad = [
        record.message
        for record in qtlog.records
        if record.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        and not record.message.startswith(PLATFORM_NOISE)
    ]
    assert bad == [], f"Qt warnings: {bad}"


@pytest.fixture
def make_window(app, qtbot, site):
    """A main window on a config, animations off, shown at 1600x960."""
    from memviz.gui.kit.fonts import apply_app_font, point_size_for_window
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    def make(config: RunConfig | None = None, lang: str = "zh", size=(1600, 960), on_site=None):
        # Built in the type the window takes for its size (MainWindow.fit_type_to_window), as a
        # window is on a screen of its size: the views are laid out once, not again after show.
        apply_app_font(app, point_size_for_window(*size))
        settings = RunSettings(site=on_site or site, config=config or RunConfig())
        window = MainWindow(settings, Language(lang))
        qtbot.addWidget(window)
        window.explore.model.set_animated(False)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        QApplication.processEvents()
        # ready as a user finds it: its keys are made in the loop's turn after its first frame
        qtbot.waitUntil(lambda: window.keys_made)
        return window

    return make


@pytest.fixture
def screen_window(make_window):
    """A window of a screen's size, with that screen's type (as `memviz` and `memviz snapshot` pick
    it for a screen of that height); the app font and the theme are put back afterwards."""
    from PySide6.QtGui import QFont

    from memviz.gui.kit.fonts import point_size_for

    app = QApplication.instance()
    saved = QFont(app.font())
    opened = []

    def open_(config: RunConfig, size=(1280, 720), lang="en", zoom=1.0):
        font = QFont(app.font())
        font.setPointSizeF(point_size_for(size[1]))
        app.setFont(font)
        window = make_window(config, lang=lang, size=size)
        window._base_point_size = point_size_for(size[1])
        if zoom != 1.0:
            window.set_zoom(zoom)
        QApplication.processEvents()
        opened.append(window)
        return window

    yield open_
    for window in opened:
        window.set_zoom(1.0)
        window.set_theme("light")
    app.setFont(saved)
    QApplication.processEvents()


@pytest.fixture
def keep_analysis_view(qtbot):
    """Registers an analysis view with the test; at teardown its job is cancelled and the pool drained,
    so no worker outlives the test that started it."""
    from memviz.gui.kit.worker import job_pool

    kept = []

    def keep(view):
        qtbot.addWidget(view)
        kept.append(view)
        return view

    yield keep
    for view in kept:
        view.cancel()
    job_pool().waitForDone(10000)


@pytest.fixture
def shown_and_computed(qtbot):
    """An analysis view shown at a size, its experiment computed and drawn: for layout tests."""

    def show(view, size):
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
        view.compute_blocking()
        QApplication.processEvents()
        return view

    return show
