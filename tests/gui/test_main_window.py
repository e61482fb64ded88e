"""The classroom side of the main window: zoom, themes, full screen, pictures, remembered settings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel

from memviz.core.engine import RunConfig
from memviz.gui.kit.language import Language
from memviz.gui.kit.preferences import Preferences, store_at
from memviz.gui.main_window import MainWindow
from memviz.models.settings import RunSettings


def test_zoom_steps_include_125_and_150_percent():
    from memviz.gui.kit.zoom import ZOOM_STEPS, least_text_px, set_current, zoom_in, zoom_out

    steps, zoom = [], 1.0
    for _ in range(4):
        zoom = zoom_in(zoom)
        steps.append(zoom)
    assert steps == [1.1, 1.25, 1.5, 1.75]
    assert zoom_out(1.0) == 0.9 and zoom_out(ZOOM_STEPS[0]) == ZOOM_STEPS[0]
    assert zoom_in(1.3225) == 1.5 and zoom_out(1.3225) == 1.25  # a zoom kept from the old 1.15 steps
    set_current(1.25)
    try:
        assert least_text_px() == 15.0  # 12 px at 100 %, times the zoom
    finally:
        set_current(1.0)


def test_zoom_scales_the_whole_ui_and_resets(make_window, qtbot):
    window = make_window()
    base = QApplication.font().pointSizeF()
    label = window.findChild(QLabel, "status_hint")
    before = label.font().pointSizeF()
    for _ in range(3):  # 110, 125, 150 %: the steps a teacher asks for by name
        qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.font().pointSizeF() == pytest.approx(base * 1.5)
    QApplication.processEvents()  # the font change reaches widgets as an event
    assert label.font().pointSizeF() > before * 1.3
    assert window.zoom_label.text() == "150%"  # shown beside the hints, not over them
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert base < QApplication.font().pointSizeF() < base * 1.3
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.font().pointSizeF() == base
    assert window.zoom == 1.0 and window.zoom_label.text() == ""


def test_zoom_is_bounded(make_window):
    window = make_window()
    base = window._base_point_size
    window.set_zoom(99)
    assert window.zoom == 3.0 and QApplication.font().pointSizeF() == base * 3.0
    window.set_zoom(0.01)
    assert window.zoom == 0.5
    window.set_zoom(1.0)


def test_themes_change_the_palette(make_window):
    window = make_window()
    try:
        window.set_theme("dark")
        assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 80
        window.set_theme("projector")
        palette = QApplication.palette()
        assert palette.color(QPalette.ColorRole.Window).name() == "#ffffff"
        assert palette.color(QPalette.ColorRole.Text).name() == "#000000"
        assert window.theme_actions["projector"].isChecked()
    finally:
        window.set_theme("light")


def test_f11_enters_full_screen_and_escape_leaves(make_window, qtbot):
    window = make_window()
    window.full_screen_action.trigger()
    assert window.isFullScreen() or window.windowState() & Qt.WindowState.WindowFullScreen
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.isFullScreen()
    assert not window.full_screen_action.isChecked()


def test_the_current_view_can_be_copied_as_a_picture(make_window):
    window = make_window()
    window.select_view("info")
    window.copy_view_image()
    image = QApplication.clipboard().image()
    assert (image.width(), image.height()) == (window.info.width(), window.info.height())


def test_preferences_are_restored_in_a_new_window(app, qtbot, site, tmp_path):
    path = tmp_path / "memviz.ini"

    def open_window():
        window = MainWindow(RunSettings(site=site), Language("zh"), preferences=Preferences(store_at(path)))
        qtbot.addWidget(window)
        window.restore_preferences()
        return window

    first = open_window()
    first.language.set_code("en")
    first.set_theme("projector")
    first.set_zoom(1.25)
    first.settings.update(strategy="frontier", capacity=3, policy="lru", seed=77)
    first.select_view("sweep")
    first.close()

    second = open_window()
    try:
        assert second.language.code == "en"
        assert second.theme == "projector" and second.zoom == 1.25
        assert second.settings.config == RunConfig(strategy="frontier", capacity=3, policy="lru", seed=77)
        assert second.current_view().objectName() == "sweep"
        second._on_reset_preferences()
        assert second.settings.config == RunConfig() and second.theme == "light" and second.zoom == 1.0
    finally:
        second.set_theme("light")
        second.set_zoom(1.0)


def test_settling_the_collector_freezes_what_start_up_built():
    import gc

    from memviz.gui.app import settle_garbage_collector

    gc.unfreeze()  # whatever earlier tests froze: count only what this test builds
    built = [[] for _ in range(20_000)]  # stands for the modules and widgets start-up built
    try:
        settle_garbage_collector()
        assert gc.get_freeze_count() >= len(built)
    finally:
        gc.unfreeze()


def test_the_type_follows_the_window_not_the_screen(make_window, qtbot):
    """A 1280×720 window takes the type of 720 lines whatever the screen (the offscreen one is
    800×800 here, a classroom's 1080p); the zoom multiplies it; a dragged edge changes the type only
    where the size crosses a step, once the drag settles."""
    from PySide6.QtCore import QEvent, QObject

    from memviz.gui.kit.fonts import point_size_for_window

    window = make_window(size=(1920, 1080))
    assert QApplication.font().pointSizeF() == point_size_for_window(1920, 1080) == 12.0
    window.set_zoom(1.3)
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: QApplication.font().pointSizeF() == pytest.approx(10.0 * 1.3))
    assert window.zoom == 1.3

    class FontChanges(QObject):
        count = 0

        def eventFilter(self, watched, event):
            if watched is QApplication.instance() and event.type() == QEvent.Type.ApplicationFontChange:
                self.count += 1
            return False

    changes = FontChanges()
    QApplication.instance().installEventFilter(changes)
    try:
        for height in range(720, 1081, 8):  # a drag from 720 to 1080 lines, one resize an event
            window.resize(height * 16 // 9, height)
            QApplication.sendPostedEvents()
        qtbot.waitUntil(lambda: QApplication.font().pointSizeF() == pytest.approx(12.0 * 1.3))
        assert changes.count == 1
        window.resize(1280, 1000)  # as narrow as 720p: 720p's type
        qtbot.waitUntil(lambda: QApplication.font().pointSizeF() == pytest.approx(10.0 * 1.3))
    finally:
        QApplication.instance().removeEventFilter(changes)
        window.set_zoom(1.0)


def _combo_boxes(window: MainWindow) -> dict[str, tuple[int | None, int]]:
    """Explore's combo boxes by name: (the width of one shown, else None; the least width)."""
    from PySide6.QtWidgets import QComboBox

    return {
        c.objectName(): (c.width() if c.isVisible() else None, c.minimumSizeHint().width())
        for c in window.explore.findChildren(QComboBox)
    }


@pytest.mark.parametrize(("first", "then"), (("zh", "en"), ("en", "zh")))
def test_a_language_switch_measures_the_combo_boxes_as_a_window_built_in_it(make_window, first, then):
    """QComboBox keeps the size its first texts needed: switched from Chinese to English, "where the
    agent goes" showed in a box sized for "Agent 去哪" (as did a start in a remembered language other
    than the system's, once the type was no longer fitted again before the first picture, issue 41).
    After a switch every combo box has the width and least width of the same window built in that
    language, and shows its whole text."""
    from PySide6.QtWidgets import QComboBox

    switched = make_window(lang=first)
    switched.language.set_code(then)
    QApplication.processEvents()
    built = make_window(lang=then)
    assert _combo_boxes(switched) == _combo_boxes(built)
    for box in switched.explore.findChildren(QComboBox):
        if box.isVisible():
            assert box.width() > box.fontMetrics().horizontalAdvance(box.currentText()), box.objectName()
