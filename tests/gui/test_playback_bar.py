"""The playback bar draws its own: the sliders place their handle by QStyle's rule and take the
mouse where they paint it; the buttons' icons are drawn in the theme's text colour."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memviz.gui.kit import themes
from memviz.gui.kit.media_icons import SHAPES, media_icon
from memviz.gui.kit.playback import HANDLE_PX, FlatSlider, position_from_value, value_from_position
from memviz.gui.qt import QColor, QPalette, QPoint, QSize, QStyle, Qt

# QStyle's rule switches to floating point past INT_MAX / 4096 values; a timeline never comes near.
values = st.integers(-1_000, 1_000)
ranges = st.integers(1, 100_000)
spans = st.integers(-5, 4_000)


@given(minimum=values, size=ranges, offset=st.integers(-10, 100_010), span=spans)
def test_the_handles_place_is_qstyles(minimum, size, offset, span):
    maximum, value = minimum + size, minimum + offset
    assert position_from_value(minimum, maximum, value, span) == QStyle.sliderPositionFromValue(
        minimum, maximum, value, span
    )


@given(minimum=values, size=ranges, position=st.integers(-10, 4_010), span=spans)
def test_the_value_under_a_place_is_qstyles(minimum, size, position, span):
    maximum = minimum + size
    assert value_from_position(minimum, maximum, position, span) == QStyle.sliderValueFromPosition(
        minimum, maximum, position, span
    )


def _timeline(qtbot, maximum=30, width=400) -> FlatSlider:
    slider = FlatSlider(Qt.Orientation.Horizontal)
    qtbot.addWidget(slider)
    slider.setRange(0, maximum)
    slider.setTickPosition(FlatSlider.TickPosition.TicksBelow)
    slider.resize(width, 20)
    slider.show()
    qtbot.waitExposed(slider)
    return slider


def test_a_press_beside_the_handle_jumps_to_the_step_under_it(app, qtbot):
    slider = _timeline(qtbot)
    moved = []
    slider.valueChanged.connect(moved.append)
    x = HANDLE_PX / 2 + (400 - HANDLE_PX) * 20 / 30  # where step 20's handle is drawn
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(round(x), 6))
    assert slider.value() == 20
    assert moved == [20]
    assert not slider.isSliderDown()


def test_dragging_the_handle_follows_the_mouse_from_where_it_was_taken(app, qtbot):
    slider = _timeline(qtbot)
    slider.setValue(10)
    centre = slider.handle_centre()
    assert centre.x() == HANDLE_PX / 2 + position_from_value(0, 30, 10, 400 - HANDLE_PX)
    step = (400 - HANDLE_PX) / 30
    grab = QPoint(round(centre.x()) + 4, 6)  # off the handle's centre, on the handle
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=grab)
    assert slider.value() == 10 and slider.isSliderDown()  # taking the handle does not move it
    qtbot.mouseMove(slider, QPoint(grab.x() + round(5 * step), 6))
    assert slider.value() == 15
    qtbot.mouseRelease(slider, Qt.MouseButton.LeftButton, pos=QPoint(grab.x() + round(5 * step), 6))
    assert slider.value() == 15 and not slider.isSliderDown()
    # Past either end the handle stops there.
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=QPoint(round(slider.handle_centre().x()), 6))
    qtbot.mouseMove(slider, QPoint(395, 6))
    qtbot.mouseRelease(slider, Qt.MouseButton.LeftButton, pos=QPoint(395, 6))
    assert slider.value() == 30


def test_each_icon_is_its_own_picture_in_the_colour_asked_for(app):
    colour = QColor("#123456")
    pictures = {}
    for kind in SHAPES:
        icon = media_icon(kind, colour, 16, 1.0)
        image = icon.pixmap(16, 16).toImage()
        opaque = [
            QColor.fromRgba(image.pixel(x, y))
            for x in range(16)
            for y in range(16)
            if image.pixelColor(x, y).alpha()
        ]
        assert len(opaque) > 30, kind  # a shape, not a speck
        full = [c for c in opaque if c.alpha() == 255]
        assert full and all(c.rgb() == colour.rgb() for c in full), kind
        pictures[kind] = bytes(image.constBits())
    assert len(set(pictures.values())) == len(SHAPES)  # no two alike


def test_a_sharper_screen_gets_sharper_icons(app):
    pixmap = media_icon("play", QColor("black"), 16, 2.0).pixmap(QSize(16, 16), 2.0)
    assert pixmap.devicePixelRatio() == 2.0
    assert (pixmap.width(), pixmap.height()) == (32, 32)


def test_the_bar_draws_its_icons_again_in_a_new_themes_colour(make_window, qtbot):
    window = make_window(lang="en")
    bar = window.explore.playback

    def icon_colours():
        image = bar.play_button.icon().pixmap(16, 16).toImage()
        return {
            image.pixelColor(x, y).rgb()
            for x in range(16)
            for y in range(16)
            if image.pixelColor(x, y).alpha() == 255
        }

    text = bar.play_button.palette().color(QPalette.ColorRole.ButtonText)
    assert icon_colours() == {text.rgb()}
    themes.manager().apply("dark")  # the widgets hear of the new palette from the event loop
    new_text = themes.palette_for(themes.DARK).color(QPalette.ColorRole.ButtonText)
    assert new_text.rgb() != text.rgb()
    qtbot.waitUntil(lambda: icon_colours() == {new_text.rgb()})
    # Play and pause trade places as the run plays.
    still = bytes(bar.play_button.icon().pixmap(16, 16).toImage().constBits())
    window.explore.model.toggle_play()
    assert bytes(bar.play_button.icon().pixmap(16, 16).toImage().constBits()) != still
    window.explore.model.toggle_play()
