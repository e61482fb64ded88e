"""Buttons that open a menu keep their text clear of the menu's arrow, at every zoom."""

from __future__ import annotations

import pytest

from memviz.gui.kit.menu_button import MenuButton
from memviz.gui.qt import QFontMetricsF, QStyle, QToolButton

CLEAR_PX = 4  # between the text's end and the arrow: less and they read as one ("32" and the arrow)


def arrow_left(button: QToolButton) -> float:
    """Where QCommonStyle starts an InstantPopup button's arrow: ``mbi - 5`` px left of its right edge."""
    mbi = button.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, button)
    return button.width() - (mbi - 5)


def text_right(button: QToolButton) -> float:
    """The right end of the button's text, drawn centred."""
    advance = QFontMetricsF(button.font()).horizontalAdvance(button.text())
    return (button.width() + advance) / 2


def test_a_plain_tool_button_puts_its_arrow_on_its_text(qtbot):
    """What MenuButton is for: Qt's own button at its size hint has the two all but meet."""
    button = QToolButton()
    qtbot.addWidget(button)
    button.setText("Tasks: built-in 32")
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    button.resize(button.sizeHint())
    assert text_right(button) > arrow_left(button) - CLEAR_PX


@pytest.mark.parametrize("text", ("Export", "Tasks: built-in 32", "任务：内置 32 个", "Config"))
@pytest.mark.parametrize("point_size", (9.0, 13.5))
def test_the_text_ends_left_of_the_arrow(qtbot, text, point_size):
    button = MenuButton()
    qtbot.addWidget(button)
    font = button.font()
    font.setPointSizeF(point_size)
    button.setFont(font)
    button.setText(text)
    for size in (button.sizeHint(), button.minimumSizeHint()):
        button.resize(size)
        assert text_right(button) <= arrow_left(button) - CLEAR_PX


def test_every_menu_button_in_the_window_is_one(make_window):
    """Each tab's buttons that open a menu (Export, Tasks, a lane's Config) are MenuButtons."""
    window = make_window(size=(1280, 720), lang="en")
    for name in ("compare", "batch", "evaluate"):
        view = window.select_view(name)
        getattr(view, "view", view)  # a LazyView is built when asked
    popups = [
        b
        for b in window.findChildren(QToolButton)
        if b.menu() is not None
        and b.popupMode() == QToolButton.ToolButtonPopupMode.InstantPopup
        and not b.objectName().startswith("qt_")  # Qt's own (the menu bar's overflow button)
    ]
    assert len(popups) >= 4
    assert [b.objectName() for b in popups if not isinstance(b, MenuButton)] == []
