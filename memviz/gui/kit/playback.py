"""Playback along a run, the same on every tab that plays something: the bar (reset, back,
play/pause, step, speed, timeline) and the keys.

It drives any transport model (Explore's, Compare's, a scenario's): the bar only calls the model and
follows its signals.
"""

from __future__ import annotations

from memviz.gui import qt
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.media_icons import SHAPES, media_icon
from memviz.gui.kit.paint_cache import ShapeCache
from memviz.gui.qt import (
    QEvent,
    QFont,
    QHBoxLayout,
    QLabel,
    QPainter,
    QPalette,
    QPen,
    QPointF,
    QPushButton,
    QRect,
    QRectF,
    QSignalBlocker,
    QSlider,
    Qt,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.models.transport import SPEEDS
from memviz.wording import kit as kit_words


def _speed_text(speed: float) -> str:
    return f"{speed:g}"


def transport_shortcuts(owner: QWidget, model, extra: tuple = ()) -> list:
    """The playing keys, the same on every tab that plays something: Space plays or pauses, → steps,
    ← steps back, Home starts over, + and − change the speed. They work while ``owner`` is shown,
    whatever widget has the focus (a text field keeps the keys it types). QKeySequence and QShortcut
    are named here, not as the module loads: the window makes its keys once it has painted (issue 41)."""
    QKeySequence, QShortcut = qt.QKeySequence, qt.QShortcut  # noqa: N806 - Qt's class names
    shortcuts = []
    for keys, slot in (
        (("Space",), model.toggle_play),
        (("Right",), model.step),
        (("Left",), model.back),
        (("Home",), model.reset),
        (("+", "=", "Ctrl++"), model.faster),
        (("-", "_", "−"), model.slower),
        *extra,
    ):
        for key in keys:
            shortcut = QShortcut(QKeySequence(key), owner)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(slot)
            shortcuts.append(shortcut)
    return shortcuts


# Sent to a widget whose screen's pixel ratio changed; Qt 6.6 and later (PySide6 6.5 has none).
_PIXEL_RATIO_CHANGE = getattr(QEvent.Type, "DevicePixelRatioChange", None)


class PlaybackBar(QWidget):
    """Reset, back, play/pause, step, speed and the timeline."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self._icons_for: tuple | None = None  # the colour, size and pixel ratio the icons were drawn for
        self.setObjectName("explore_playback")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.reset_button = QPushButton()
        self.back_button = QPushButton()
        self.play_button = QPushButton()
        self.step_button = QPushButton()
        for name, button in (
            ("reset", self.reset_button),
            ("back", self.back_button),
            ("play", self.play_button),
            ("step", self.step_button),
        ):
            button.setObjectName(name)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space belongs to play/pause, not to a button
            style.set_ui_font(button, 1.05, bold=name in ("play", "step"))
        self._set_play_width()
        self._showing_pause = False
        self._set_icons()
        self.speed_label = QLabel()
        self.speed = FlatSlider(Qt.Orientation.Horizontal)
        self.speed.setObjectName("speed")
        self.speed.setRange(0, len(SPEEDS) - 1)
        self.speed.setPageStep(1)
        self.speed.setFixedWidth(120)
        self.speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_value = QLabel()
        self.speed_value.setObjectName("speed_value")
        self.timeline_label = QLabel()
        self.timeline = FlatSlider(Qt.Orientation.Horizontal)
        self.timeline.setObjectName("timeline")
        self.timeline.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.timeline.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.position_label = QLabel()
        self.position_label.setObjectName("timeline_position")
        # Both change on every step: filling their own background spares Qt painting every widget
        # underneath them (the bar, the view, the tabs, the window) first.
        for widget in (self.timeline, self.position_label):
            widget.setAutoFillBackground(True)
        style.set_ui_font(self.position_label, 1.05, bold=True)
        self._position_sized_for: tuple[int, QFont] | None = None

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for button in (self.reset_button, self.back_button, self.play_button, self.step_button):
            layout.addWidget(button)
        layout.addSpacing(14)
        layout.addWidget(self.speed_label)
        layout.addWidget(self.speed)
        layout.addWidget(self.speed_value)
        layout.addSpacing(14)
        layout.addWidget(self.timeline_label)
        layout.addWidget(self.timeline, 1)
        layout.addWidget(self.position_label)

        self.reset_button.clicked.connect(model.reset)
        self.back_button.clicked.connect(model.back)
        self.play_button.clicked.connect(model.toggle_play)
        self.step_button.clicked.connect(model.step)
        self.speed.valueChanged.connect(model.set_speed_index)
        self.timeline.valueChanged.connect(self._on_timeline_change)
        model.stepped.connect(self._on_model_change)
        model.replayed.connect(self._on_model_change)
        model.restarted.connect(self._on_model_change)
        model.playing_changed.connect(self._on_model_change)
        model.speed_changed.connect(self._on_model_change)
        language.changed.connect(self._on_language_change)
        self._set_texts()

    def _set_icons(self) -> None:
        """Draw the buttons' icons in the bar's button-text colour, for its pixel ratio."""
        colour = self.palette().color(QPalette.ColorRole.ButtonText)
        size, ratio = self.play_button.iconSize().height(), self.devicePixelRatioF()
        if self._icons_for == (colour.rgba(), size, ratio):
            return
        self._icons_for = (colour.rgba(), size, ratio)
        self._icons = {kind: media_icon(kind, colour, size, ratio) for kind in SHAPES}
        self.reset_button.setIcon(self._icons["first"])
        self.back_button.setIcon(self._icons["back"])
        self.step_button.setIcon(self._icons["forward"])
        self.play_button.setIcon(self._icons["pause" if self._showing_pause else "play"])

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._icons_for is not None:
            self._set_icons()  # a theme switch: the icons take its colour
        super().changeEvent(event)

    def event(self, event) -> bool:
        if event.type() == _PIXEL_RATIO_CHANGE and self._icons_for is not None:
            self._set_icons()  # moved to a sharper or a softer screen
        return super().event(event)

    def _set_play_width(self) -> None:
        # Wide enough that Play / Pause / Replay do not resize the bar; 120 px at the 1080p type size.
        self.play_button.setMinimumWidth(round(7.5 * style.app_pixel_size()))

    def _on_timeline_change(self, value: int) -> None:
        if value != self.model.position:
            self.model.jump(value)

    def _set_state(self) -> None:
        model = self.model
        tr = self.language.tr
        with QSignalBlocker(self.timeline):
            if self.timeline.maximum() != model.total:
                self.timeline.setRange(0, max(model.total, 0))
                self.timeline.setTickInterval(5 if model.total <= 60 else max(5, model.total // 12))
            self.timeline.setValue(model.position)
        with QSignalBlocker(self.speed):
            self.speed.setValue(model.speed_index)
        digits = len(str(model.total))
        label = self.position_label
        if self._position_sized_for != (digits, label.font()):
            # A fixed size: a new number then repaints the label without relayouting the window.
            # Measured from the type, not from sizeHint(): a QLabel's hint grows to its minimum size,
            # the size fixed here last, so a label fixed at 150 % kept that height at 100 % (issue 40).
            self._position_sized_for = (digits, label.font())
            metrics, widest = label.fontMetrics(), "8" * digits + " / " + "8" * digits
            height = metrics.boundingRect(QRect(0, 0, 10_000, 1_000), 0, widest).height()  # as QLabel's
            label.setFixedSize(metrics.horizontalAdvance(widest) + 6, height)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        speed = _speed_text(model.speed)
        self.speed_value.setText(
            tr(kit_words.STEP_S_N, speed=speed) if model.speed == 1 else tr(kit_words.STEPS_S_N, speed=speed)
        )
        self.position_label.setText(f"{model.position} / {model.total}")
        self.back_button.setEnabled(model.position > 0)
        self.step_button.setEnabled(not model.finished)
        if model.playing != self._showing_pause:
            self._showing_pause = model.playing
            self.play_button.setIcon(self._icons["pause" if model.playing else "play"])
        if model.playing:
            self.play_button.setText(tr(kit_words.PAUSE))
        else:
            self.play_button.setText(tr(kit_words.REPLAY) if model.finished else tr(kit_words.PLAY))

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.reset_button.setText(tr(kit_words.RESET))
        self.reset_button.setToolTip(tr(kit_words.BACK_TO_STEP_0_HOME))
        self.back_button.setText(tr(kit_words.BACK))
        self.back_button.setToolTip(tr(kit_words.ONE_STEP_BACK_REPLAYS_THE_SEED))
        self.step_button.setText(tr(kit_words.STEP))
        self.step_button.setToolTip(tr(kit_words.ONE_STEP))
        self.play_button.setToolTip(tr(kit_words.PLAY_PAUSE_SPACE))
        self.speed_label.setText(tr(kit_words.SPEED))
        self.speed.setToolTip(tr(kit_words.FASTER_SLOWER))
        self.timeline_label.setText(tr(kit_words.TIMELINE))
        self.timeline.setToolTip(tr(kit_words.DRAG_TO_JUMP_TO_ANY_STEP))
        self._set_state()

    def _on_model_change(self, *_args) -> None:
        self._set_state()

    def _on_app_font_change(self) -> None:
        self._set_play_width()
        self._set_state()

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()


# Fusion's slider handle at 96 dpi, in logical pixels: its length along the track and its thickness.
HANDLE_PX = 15
TICKS_BELOW_RAISE = 3.5  # with ticks below, the handle and track sit this far above the middle


def position_from_value(minimum: int, maximum: int, value: int, span: int) -> int:
    """Pixels from the track's start to the handle's for ``value``: QStyle.sliderPositionFromValue's
    rule (rounded to the nearest pixel), written out so that painting a slider names no QStyle."""
    if span <= 0 or value < minimum or maximum <= minimum:
        return 0
    if value > maximum:
        return span
    value_range, p = maximum - minimum, value - minimum
    if value_range > span:
        return (2 * p * span + value_range) // (2 * value_range)
    per, rest = divmod(span, value_range)
    return p * per + (2 * p * rest + value_range) // (2 * value_range)


def value_from_position(minimum: int, maximum: int, position: int, span: int) -> int:
    """The value whose handle sits ``position`` pixels along: QStyle.sliderValueFromPosition's rule."""
    if span <= 0 or position <= 0:
        return minimum
    if position >= span:
        return maximum
    value_range = maximum - minimum
    if span > value_range:
        return minimum + (2 * position * value_range + span) // (2 * span)
    per, rest = divmod(value_range, span)
    return minimum + position * per + (2 * position * rest + span) // (2 * span)


class FlatSlider(QSlider):
    """A horizontal slider drawn flat: a track, the part before the handle filled, ticks, a round
    handle.

    The timeline moves on every step, and Fusion's groove gradients and ticks cost half a
    millisecond to paint; this draws the track and ticks once into a picture and copies it. It
    places the handle itself, where Fusion would (HANDLE_PX, position_from_value), and takes the
    mouse itself, so that what it paints is what a press finds: a press on the handle drags it, a
    press beside it jumps there (a QSlider would page towards it). Wheel and keys are a QSlider's.
    """

    def __init__(self, orientation: Qt.Orientation, parent=None) -> None:
        super().__init__(orientation, parent)
        self._track = ShapeCache()
        self._grab: float | None = None  # while dragging: the press's distance from the handle's centre

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.EnabledChange):
            self._track.clear()
        super().changeEvent(event)

    def handle_centre(self) -> QPointF:
        """Where the handle's centre is drawn for the slider's position."""
        span = self.width() - HANDLE_PX
        x = position_from_value(self.minimum(), self.maximum(), self.sliderPosition(), span) + HANDLE_PX / 2
        ticks_below = self.tickPosition() == QSlider.TickPosition.TicksBelow
        return QPointF(x, self.height() / 2 - (TICKS_BELOW_RAISE if ticks_below else 0))

    def value_at(self, x: float) -> int:
        """The value whose handle centre is nearest ``x``."""
        span = self.width() - HANDLE_PX
        return value_from_position(self.minimum(), self.maximum(), round(x - HANDLE_PX / 2), span)

    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self.maximum() <= self.minimum():
            event.ignore()
            return
        x = event.position().x()
        centre = self.handle_centre().x()
        self._grab = x - centre if abs(x - centre) <= HANDLE_PX / 2 else 0.0
        self.setSliderDown(True)
        self.setSliderPosition(self.value_at(x - self._grab))
        event.accept()

    def mouseMoveEvent(self, event) -> None:
        if self._grab is None:
            event.ignore()
            return
        self.setSliderPosition(self.value_at(event.position().x() - self._grab))
        event.accept()

    def mouseReleaseEvent(self, event) -> None:
        if self._grab is None or event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._grab = None
        self.setSliderDown(False)
        event.accept()

    def paintEvent(self, _event) -> None:
        centre = self.handle_centre()
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = centre.y()
        # As large as Fusion's handle, but whole inside the widget (its pen included).
        radius = max(4.0, min(y - 1.5, self.height() / 2 - 2, HANDLE_PX / 2 + 1))
        track_h = max(4.0, radius * 0.6)
        handle_x = min(max(centre.x(), radius + 1.5), self.width() - radius - 1.5)
        track = QRectF(radius / 2, y - track_h / 2, self.width() - radius, track_h)
        ticks = self._tick_positions()
        tick_y = (y + track_h / 2 + 2, min(self.height() - 0.5, y + radius + 3))

        def paint_track(p: QPainter, box: QRectF) -> None:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(palette.color(QPalette.ColorRole.Mid))
            p.drawRoundedRect(QRectF(box.left(), box.top(), box.width(), track_h), track_h / 2, track_h / 2)
            p.setPen(QPen(palette.color(QPalette.ColorRole.Dark), 1.2))
            dy = box.top() - track.top()
            for x in ticks:
                p.drawLine(
                    QPointF(x - track.left() + box.left(), tick_y[0] + dy),
                    QPointF(x - track.left() + box.left(), tick_y[1] + dy),
                )

        picture = QRectF(track.left(), track.top(), track.width(), max(track_h, tick_y[1] - track.top() + 1))
        key = ("track", tuple(ticks), track_h, tick_y)
        self._track.draw(painter, picture, key, paint_track, 1, self.devicePixelRatioF())
        accent = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(accent)
        painter.drawRoundedRect(
            QRectF(track.left(), track.top(), handle_x - track.left(), track_h),
            track_h / 2,
            track_h / 2,
        )
        painter.setPen(QPen(accent, 2))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawEllipse(QPointF(handle_x, y), radius, radius)
        painter.end()

    def _tick_positions(self) -> list[float]:
        if self.tickPosition() == QSlider.TickPosition.NoTicks or self.maximum() <= self.minimum():
            return []
        interval = self.tickInterval() or self.pageStep() or 1
        span = self.width() - HANDLE_PX
        return [
            HANDLE_PX / 2 + position_from_value(self.minimum(), self.maximum(), value, span)
            for value in range(self.minimum(), self.maximum() + 1, interval)
        ]
