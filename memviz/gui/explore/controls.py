"""The Explore view's controls: the run's settings (playback is the kit's :mod:`memviz.gui.kit.playback`).

Settings go to the shared RunSettings (which the model follows); a value the core rejects never
replaces the one in force: the control snaps back and a message says what was wrong.
"""

from __future__ import annotations

import re

from memviz.core.engine import ConfigError, RunConfig
from memviz.core.limits import bounds
from memviz.core.policies import POLICIES
from memviz.core.rng import SEED_MAX, SEED_MIN
from memviz.core.strategies import STRATEGIES, uses_memory
from memviz.gui.explore.context_box import DEFAULT_WINDOW, ContextBox
from memviz.gui.kit import style
from memviz.gui.kit.flow_layout import FlowLayout, together
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSignalBlocker,
    QSizePolicy,
    QSpinBox,
    Qt,
    QTimer,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.wording import capitalized, policy_name, strategy_name, term
from memviz.wording import common as common_words
from memviz.wording import explore as explore_words
from memviz.wording import traces as trace_words

# The core's own limit (memviz --budget takes it too): a smaller box showed 1000 for a run of 2500.
MAX_BUDGET = bounds("budget")[1]
_SEED_PATTERN = re.compile(r"\s*(\d{1,12})\s*")
MESSAGE_MS = 8000  # how long a rejected-input message stays


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
        # The names known now (built-in and registered ones); installed plugins' are added once the
        # window has painted (_add_plugin_choices): looking for them costs a scan of the installed
        # packages, a tenth of the first paint (issue 41).
        for key in STRATEGIES.choices():
            self.strategy.addItem("", key)
        self.capacity_label = QLabel()
        self.capacity = QSpinBox()
        self.capacity.setObjectName("capacity")
        self.capacity.setKeyboardTracking(False)
        self.capacity.setAccelerated(True)
        self.policy_label = QLabel()
        self.policy = QComboBox()
        self.policy.setObjectName("policy")
        for key in POLICIES.choices():
            self.policy.addItem("", key)
        self._plugins_listed = False
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

        self.context_box = ContextBox(self.settings, language, self.show_message)  # issue 38

        # The row wraps rather than squeeze a control below its size (FlowLayout); a label stays
        # with its field.
        layout = FlowLayout(self, spacing=14)
        for parts in (
            (self.strategy_label, self.strategy),
            (self.capacity_label, self.capacity),
            (self.policy_label, self.policy),
            (self.seed_label, self.seed, self.seed_next),
            (self.ttl_label, self.ttl),
            (self.budget_label, self.budget),
            (self.nav_edges,),
            self.context_box.parts,
            (self.message,),
        ):
            group = together(*parts)
            layout.add(group, stretch=self.message in parts)
            if self.ttl in parts:
                self.ttl_group = group
            if self.context_box.window in parts:
                self.context_box.set_group(group)

        self.strategy.currentIndexChanged.connect(self._on_strategy_change)
        self.capacity.valueChanged.connect(self._on_capacity_change)
        self.policy.currentIndexChanged.connect(self._on_policy_change)
        self.ttl.valueChanged.connect(self._on_ttl_change)
        self.seed.editingFinished.connect(self._on_seed_change)
        self.seed_next.clicked.connect(self._on_seed_next)
        self.budget.valueChanged.connect(self._on_budget_change)
        self.settings.config_changed.connect(self._on_config_change)
        self.settings.site_changed.connect(self._on_site_change)
        # A recording is as long as it was: no budget to set (the rest is its what-if memory).
        self.settings.recorded_changed.connect(self._on_recorded_change)
        language.changed.connect(self._on_language_change)
        self._set_texts()
        self._show_config(self.settings.config)
        self._on_theme_change()

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._plugins_listed:
            self._plugins_listed = True
            QTimer.singleShot(0, self._add_plugin_choices)

    def _add_plugin_choices(self) -> None:
        """Installed plugins' strategies and policies, after the first paint (see __init__)."""
        added = False
        for registry, combo in ((STRATEGIES, self.strategy), (POLICIES, self.policy)):
            registry.discover()
            for key in registry.choices():
                if combo.findData(key) < 0:
                    with QSignalBlocker(combo):
                        combo.addItem("", key)
                    added = True
        if added:
            self._set_texts()

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
            "seed": tr(explore_words.THE_SEED_MUST_BE_A_WHOLE_N, SEED_MIN=SEED_MIN, SEED_MAX=SEED_MAX),
            "capacity": tr(explore_words.MEMORY_CAPACITY_MUST_BE_AT_LEAST),
            "budget": tr(explore_words.THE_BUDGET_CANNOT_BE_NEGATIVE),
        }
        return known.get(field, str(exc))

    def _on_strategy_change(self, _index: int) -> None:
        strategy = self.strategy.currentData()
        if STRATEGIES.get(strategy).needs_context and self.settings.config.context is None:
            # the context alone, with the context off, knows nothing: open it on a window at once
            self.apply(strategy=strategy, context=DEFAULT_WINDOW)
            return
        self.apply(strategy=strategy)

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
            typed = text.strip()
            self.show_message(
                tr(
                    explore_words.THE_SEED_MUST_BE_A_WHOLE_N_2,
                    SEED_MIN=SEED_MIN,
                    SEED_MAX=SEED_MAX,
                    typed=typed,
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
        self.ttl_group.setVisible(uses_ttl)  # no gap left where it was
        self.budget.setEnabled(not config.until_all_bugs)
        self._set_tooltips()

    def _on_recorded_change(self, recorded) -> None:
        self.budget.setEnabled(recorded is None)
        self._set_texts()

    def _set_texts(self) -> None:
        tr = self.language.tr
        lang = self.language.code
        if self.settings.recorded is None:
            self.strategy_label.setText(tr(common_words.STRATEGY))
            self.strategy_label.setToolTip("")
        else:  # the path is the recording's; the strategy and memory beside are a what-if overlay
            self.strategy_label.setText(tr(trace_words.RECORDED_RUN_WHAT_IF))
            self.strategy_label.setToolTip(tr(trace_words.RECORDED_RUN_TIP))
        for i in range(self.strategy.count()):
            self.strategy.setItemText(i, strategy_name(self.strategy.itemData(i), lang, capital=True))
        self.capacity_label.setText(tr(explore_words.MEMORY_CAPACITY))
        self.capacity.setSpecialValueText(tr(common_words.UNLIMITED))
        self.capacity.setSuffix(tr(explore_words.ENTRIES))
        self.policy_label.setText(term("policy_setting", lang))
        for i in range(self.policy.count()):
            self.policy.setItemText(i, policy_name(self.policy.itemData(i), lang, capital=True))
        self.seed_label.setText(term("seed", lang) if lang == "zh" else capitalized(term("seed", lang)))
        self.seed_next.setToolTip(tr(explore_words.NEXT_SEED))
        self.ttl.setSuffix(tr(explore_words.STEPS))
        self.ttl.setToolTip(tr(explore_words.TIME_TO_LIVE_AN_ENTRY_NOT))
        self.budget_label.setText(tr(explore_words.BUDGET))
        self.budget.setSuffix(tr(explore_words.STEPS))
        self.nav_edges.setText(tr(explore_words.SHOW_NAV_LINKS))
        self._set_widths()
        self._set_tooltips()

    def _set_widths(self) -> None:
        self.seed.setFixedWidth(self.seed.fontMetrics().horizontalAdvance("4294967295") + 24)
        self.seed_next.setFixedWidth(self.seed_next.fontMetrics().horizontalAdvance("+1") + 28)

    def _set_tooltips(self) -> None:
        tr = self.language.tr
        self.capacity.setToolTip(
            tr(explore_words.N0_UNLIMITED_WHEN_FULL_THE_EVICTION)
            if self.capacity.isEnabled()
            else tr(explore_words.THE_NO_MEMORY_STRATEGY_HAS_NO)
        )
        self.policy.setToolTip(
            tr(explore_words.WHICH_ENTRY_TO_FORGET_WHEN_MEMORY)
            if self.policy.isEnabled()
            else tr(explore_words.UNLIMITED_MEMORY_NEVER_FORGETS_SO_NO)
        )
        self.seed.setToolTip(tr(explore_words.TO_PRESS_ENTER_N, SEED_MIN=SEED_MIN, SEED_MAX=SEED_MAX))

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
