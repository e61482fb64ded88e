"""The Explore view's controls: the run's settings, and playback along the run.

Settings go to the shared RunSettings (which the model follows); a value the core rejects never
replaces the one in force: the control snaps back and a message says what was wrong.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QPointF, QRectF, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QFont, QKeySequence, QPainter, QPalette, QPen, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QStyle,
    QStyleOptionSlider,
    QWidget,
)

from memviz.core.engine import ConfigError, RunConfig
from memviz.core.limits import bounds
from memviz.core.policies import POLICIES
from memviz.core.rng import SEED_MAX, SEED_MIN
from memviz.core.strategies import STRATEGIES, uses_memory
from memviz.gui.explore import style
from memviz.gui.explore.paint_cache import ShapeCache
from memviz.gui.language import Language
from memviz.models.explore import ExploreModel
from memviz.models.transport import SPEEDS
from memviz.wording import policy_name, strategy_name

# The core's own limit (memviz --budget takes it too): a smaller box showed 1000 for a run of 2500.
MAX_BUDGET = bounds("budget")[1]
_SEED_PATTERN = re.compile(r"\s*(\d{1,12})\s*")
MESSAGE_MS = 8000  # how long a rejected-input message stays


def _speed_text(speed: float) -> str:
    return f"{speed:g}"


class ConfigBar(QWidget):
    """Strategy, memory capacity, eviction policy, seed and budget."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_config")
        style.follow_presentation(self)
        self.model = model
        self.settings = model.settings
        self.language = language

        self.strategy_label = QLabel()
        self.strategy = QComboBox()
        self.strategy.setObjectName("strategy")
        for key in STRATEGIES:
            self.strategy.addItem("", key)
        self.capacity_label = QLabel()
        self.capacity = QSpinBox()
        self.capacity.setObjectName("capacity")
        self.capacity.setKeyboardTracking(False)
        self.capacity.setAccelerated(True)
        self.policy_label = QLabel()
        self.policy = QComboBox()
        self.policy.setObjectName("policy")
        for key in POLICIES:
            self.policy.addItem("", key)
        # the time to live of policy ttl: shown only with that policy, the one it means something to
        self.ttl_label = QLabel("T")
        self.ttl = QSpinBox()
        self.ttl.setObjectName("ttl")
        self.ttl.setRange(1, MAX_BUDGET)
        self.ttl.setKeyboardTracking(False)
        self.seed_label = QLabel()
        self.seed = QLineEdit()
        self.seed.setObjectName("seed")
        self.seed.setMaxLength(12)
        self.seed.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.seed_next = QPushButton("+1")
        self.seed_next.setObjectName("seed_next")
        self.seed_next.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.budget_label = QLabel()
        self.budget = QSpinBox()
        self.budget.setObjectName("budget")
        self.budget.setRange(1, MAX_BUDGET)
        self.budget.setKeyboardTracking(False)
        self.nav_edges = QCheckBox()
        self.nav_edges.setObjectName("show_nav_edges")
        self.nav_edges.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.message = QLabel()
        self.message.setObjectName("config_message")
        self.message.setWordWrap(True)
        style.set_ui_font(self.message, 1.0, bold=True)  # a label with a style sheet keeps its font
        self.message.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self.message.clear)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        for label, widget in (
            (self.strategy_label, self.strategy),
            (self.capacity_label, self.capacity),
            (self.policy_label, self.policy),
            (self.seed_label, self.seed),
        ):
            layout.addWidget(label)
            layout.addWidget(widget)
            if widget is not self.seed:
                layout.addSpacing(10)
        layout.addWidget(self.seed_next)
        layout.addSpacing(10)
        layout.addWidget(self.ttl_label)
        layout.addWidget(self.ttl)
        layout.addWidget(self.budget_label)
        layout.addWidget(self.budget)
        layout.addSpacing(14)
        layout.addWidget(self.nav_edges)
        layout.addSpacing(10)
        layout.addWidget(self.message, 1)

        self.strategy.currentIndexChanged.connect(self._on_strategy_change)
        self.capacity.valueChanged.connect(self._on_capacity_change)
        self.policy.currentIndexChanged.connect(self._on_policy_change)
        self.ttl.valueChanged.connect(self._on_ttl_change)
        self.seed.editingFinished.connect(self._on_seed_change)
        self.seed_next.clicked.connect(self._on_seed_next)
        self.budget.valueChanged.connect(self._on_budget_change)
        self.settings.config_changed.connect(self._on_config_change)
        self.settings.site_changed.connect(self._on_site_change)
        language.changed.connect(self._on_language_change)
        self._set_texts()
        self._show_config(self.settings.config)
        self._on_theme_change()

    # -- applying -------------------------------------------------------------------------------------

    def apply(self, **changes) -> bool:
        """Ask for new settings; on a rejected value keep the config in force and say why."""
        try:
            self.settings.update(**changes)
        except ConfigError as exc:
            self.show_message(self._explain(exc))
            self._show_config(self.settings.config)
            return False
        self.message.clear()
        return True

    def show_message(self, text: str) -> None:
        self.message.setText(text)
        self._message_timer.start(MESSAGE_MS)

    def _explain(self, exc: ConfigError) -> str:
        tr = self.language.tr
        field = str(exc).split(":", 1)[0]
        known = {
            "seed": tr(
                f"种子要是 {SEED_MIN} 到 {SEED_MAX} 之间的整数，已保留原来的值",
                f"The seed must be a whole number from {SEED_MIN} to {SEED_MAX}; kept the previous one",
            ),
            "capacity": tr(
                "记忆容量至少 1 条（或不限）", "Memory capacity must be at least 1 (or unlimited)"
            ),
            "budget": tr("步数预算不能是负数", "The budget cannot be negative"),
        }
        return known.get(field, str(exc))

    def _on_strategy_change(self, _index: int) -> None:
        self.apply(strategy=self.strategy.currentData())

    def _on_capacity_change(self, value: int) -> None:
        self.apply(capacity=None if value == 0 else value)

    def _on_policy_change(self, _index: int) -> None:
        self.apply(policy=self.policy.currentData())

    def _on_ttl_change(self, value: int) -> None:
        self.apply(ttl=value)

    def _on_seed_change(self) -> None:
        text = self.seed.text()
        match = _SEED_PATTERN.fullmatch(text)
        tr = self.language.tr
        if match is None:
            self.show_message(
                tr(
                    f"种子要是 {SEED_MIN} 到 {SEED_MAX} 之间的整数（收到「{text.strip()}」），已保留原来的值",
                    f"The seed must be a whole number from {SEED_MIN} to {SEED_MAX} "
                    f"(got “{text.strip()}”); kept the previous one",
                )
            )
            self._show_config(self.settings.config)
            return
        seed = int(match.group(1))
        if seed == self.settings.config.seed:
            self._show_config(self.settings.config)
            return
        self.apply(seed=seed)

    def _on_seed_next(self) -> None:
        seed = self.settings.config.seed
        self.apply(seed=seed + 1 if seed < SEED_MAX else SEED_MIN)

    def _on_budget_change(self, value: int) -> None:
        self.apply(budget=value)

    # -- showing --------------------------------------------------------------------------------------

    def _show_config(self, config: RunConfig) -> None:
        blockers = [
            QSignalBlocker(w)
            for w in (self.strategy, self.capacity, self.policy, self.ttl, self.seed, self.budget)
        ]
        self.strategy.setCurrentIndex(self.strategy.findData(config.strategy))
        self.capacity.setRange(0, max(1, self.model.site.n_pages))
        self.capacity.setValue(
            0 if config.capacity is None else min(config.capacity, self.capacity.maximum())
        )
        self.policy.setCurrentIndex(self.policy.findData(config.policy))
        self.ttl.setValue(config.time_to_live)
        self.seed.setText(str(config.seed))
        self.budget.setValue(max(self.budget.minimum(), min(config.step_limit, MAX_BUDGET)))
        del blockers
        has_memory = uses_memory(config.strategy)
        self.capacity.setEnabled(has_memory)
        self.capacity_label.setEnabled(has_memory)
        # a policy acts on a full memory, or (ttl) whatever the capacity
        bounded = has_memory and (
            config.capacity is not None or not POLICIES.get(config.policy).acts_only_when_full
        )
        self.policy.setEnabled(bounded)
        self.policy_label.setEnabled(bounded)
        uses_ttl = has_memory and POLICIES.get(config.policy).takes_ttl
        self.ttl.setVisible(uses_ttl)
        self.ttl_label.setVisible(uses_ttl)
        self.budget.setEnabled(not config.until_all_bugs)
        self._set_tooltips()

    def _set_texts(self) -> None:
        tr = self.language.tr
        lang = self.language.code
        self.strategy_label.setText(tr("策略", "Strategy"))
        for i in range(self.strategy.count()):
            self.strategy.setItemText(i, strategy_name(self.strategy.itemData(i), lang, capital=True))
        self.capacity_label.setText(tr("记忆容量", "Memory capacity"))
        self.capacity.setSpecialValueText(tr("不限", "unlimited"))
        self.capacity.setSuffix(tr(" 条", " entries"))
        self.policy_label.setText(tr("遗忘策略", "Eviction"))
        for i in range(self.policy.count()):
            self.policy.setItemText(i, policy_name(self.policy.itemData(i), lang, capital=True))
        self.seed_label.setText(tr("随机种子", "Seed"))
        self.seed_next.setToolTip(tr("换下一个种子", "Next seed"))
        self.ttl.setSuffix(tr(" 步", " steps"))
        self.ttl.setToolTip(
            tr(
                "限时遗忘：超过 T 步没访问的条目被忘掉",
                "Time to live: an entry not visited for more than T steps is forgotten",
            )
        )
        self.budget_label.setText(tr("步数预算", "Budget"))
        self.budget.setSuffix(tr(" 步", " steps"))
        self.nav_edges.setText(tr("显示导航链接", "Show nav links"))
        self._set_widths()
        self._set_tooltips()

    def _set_widths(self) -> None:
        self.seed.setFixedWidth(self.seed.fontMetrics().horizontalAdvance("4294967295") + 24)
        self.seed_next.setFixedWidth(self.seed_next.fontMetrics().horizontalAdvance("+1") + 28)

    def _set_tooltips(self) -> None:
        tr = self.language.tr
        self.capacity.setToolTip(
            tr(
                "0 = 不限容量；满了以后按遗忘策略忘掉一条",
                "0 = unlimited; when full, the eviction policy forgets one",
            )
            if self.capacity.isEnabled()
            else tr("无记忆策略没有记忆可以设容量", "The no-memory strategy has no memory to size")
        )
        self.policy.setToolTip(
            tr("记忆满了忘掉哪一条", "Which entry to forget when memory is full")
            if self.policy.isEnabled()
            else tr(
                "容量不限时不会忘，遗忘策略用不上", "Unlimited memory never forgets, so no policy applies"
            )
        )
        self.seed.setToolTip(
            tr(f"{SEED_MIN} 到 {SEED_MAX}，按回车生效", f"{SEED_MIN} to {SEED_MAX}; press Enter")
        )

    # -- handlers -------------------------------------------------------------------------------------

    def _on_config_change(self, config: RunConfig) -> None:
        self._show_config(config)

    def _on_site_change(self, _site) -> None:
        self._show_config(self.settings.config)

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()
        self._show_config(self.settings.config)
        if self.message.text():
            self.message.clear()

    def _on_app_font_change(self) -> None:
        self._set_widths()

    def _on_theme_change(self) -> None:
        self.message.setStyleSheet(f"color: {style.colors().evict_text.name()};")


def transport_shortcuts(owner: QWidget, model, extra: tuple = ()) -> list[QShortcut]:
    """The playing keys, the same on every tab that plays something: Space plays or pauses, → steps,
    ← steps back, Home starts over, + and − change the speed. They work while ``owner`` is shown,
    whatever widget has the focus (a text field keeps the keys it types)."""
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


class PlaybackBar(QWidget):
    """Reset, back, play/pause, step, speed and the timeline."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_playback")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        icons = self.style()
        self.reset_button = QPushButton(icons.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward), "")
        self.back_button = QPushButton(icons.standardIcon(QStyle.StandardPixmap.SP_MediaSeekBackward), "")
        self.play_button = QPushButton()
        self.step_button = QPushButton(icons.standardIcon(QStyle.StandardPixmap.SP_MediaSeekForward), "")
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
        self._play_icon = icons.standardIcon(QStyle.StandardPixmap.SP_MediaPlay)
        self._pause_icon = icons.standardIcon(QStyle.StandardPixmap.SP_MediaPause)
        self.play_button.setIcon(self._play_icon)
        self._showing_pause = False
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
            self._position_sized_for = (digits, label.font())
            width = label.fontMetrics().horizontalAdvance("8" * digits + " / " + "8" * digits) + 6
            label.setFixedSize(width, label.sizeHint().height())
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.speed_value.setText(
            tr(
                f"{_speed_text(model.speed)} 步/秒",
                f"{_speed_text(model.speed)} step{'' if model.speed == 1 else 's'}/s",
            )
        )
        self.position_label.setText(f"{model.position} / {model.total}")
        self.back_button.setEnabled(model.position > 0)
        self.step_button.setEnabled(not model.finished)
        if model.playing != self._showing_pause:
            self._showing_pause = model.playing
            self.play_button.setIcon(self._pause_icon if model.playing else self._play_icon)
        if model.playing:
            self.play_button.setText(tr("暂停", "Pause"))
        else:
            self.play_button.setText(tr("重播", "Replay") if model.finished else tr("播放", "Play"))

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.reset_button.setText(tr("重来", "Reset"))
        self.reset_button.setToolTip(tr("回到第 0 步（Home）", "Back to step 0 (Home)"))
        self.back_button.setText(tr("上一步", "Back"))
        self.back_button.setToolTip(
            tr("退回一步（←）：从头重放同一个种子", "One step back (←): replays the seed")
        )
        self.step_button.setText(tr("下一步", "Step"))
        self.step_button.setToolTip(tr("走一步（→）", "One step (→)"))
        self.play_button.setToolTip(tr("自动播放 / 暂停（空格）", "Play / pause (Space)"))
        self.speed_label.setText(tr("速度", "Speed"))
        self.speed.setToolTip(tr("加快 +，减慢 −", "Faster +, slower −"))
        self.timeline_label.setText(tr("进度", "Timeline"))
        self.timeline.setToolTip(tr("拖动跳到任意一步", "Drag to jump to any step"))
        self._set_state()

    def _on_model_change(self, *_args) -> None:
        self._set_state()

    def _on_app_font_change(self) -> None:
        self._set_play_width()
        self._set_state()

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()


class FlatSlider(QSlider):
    """A slider drawn flat: a track, the part before the handle filled, ticks, a round handle.

    The timeline moves on every step, and Fusion's groove gradients and ticks cost half a
    millisecond to paint; this draws the track and ticks once into a picture and copies it. Mouse
    and keys behave as a QSlider's: the handle is drawn where the style places it.
    """

    def __init__(self, orientation: Qt.Orientation, parent=None) -> None:
        super().__init__(orientation, parent)
        self._track = ShapeCache()

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.EnabledChange):
            self._track.clear()
        super().changeEvent(event)

    def paintEvent(self, _event) -> None:
        option = QStyleOptionSlider()
        self.initStyleOption(option)
        qt_style = self.style()
        groove = qt_style.subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderGroove, self
        )
        handle = qt_style.subControlRect(
            QStyle.ComplexControl.CC_Slider, option, QStyle.SubControl.SC_SliderHandle, self
        )
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = handle.center().y() + 0.5
        # As large as the style's handle, but whole inside the widget (its pen included).
        radius = max(4.0, min(y - 1.5, self.height() / 2 - 2, max(handle.width(), handle.height()) / 2 + 1))
        track_h = max(4.0, radius * 0.6)
        handle_x = min(max(handle.center().x() + 0.5, radius + 1.5), self.width() - radius - 1.5)
        track = QRectF(groove.left() + radius / 2, y - track_h / 2, groove.width() - radius, track_h)
        ticks = self._tick_positions(groove, handle)
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

    def _tick_positions(self, groove, handle) -> list[float]:
        if self.tickPosition() == QSlider.TickPosition.NoTicks or self.maximum() <= self.minimum():
            return []
        interval = self.tickInterval() or self.pageStep() or 1
        span = groove.width() - handle.width()
        offset = groove.left() + handle.width() / 2
        return [
            offset + QStyle.sliderPositionFromValue(self.minimum(), self.maximum(), value, span)
            for value in range(self.minimum(), self.maximum() + 1, interval)
        ]
