"""Explore's session context setting (issue 38): the window (off, a few sizes, unlimited) and how it is
compacted. A window given on the command line that is not one of the sizes is offered as it is."""

from __future__ import annotations

from memviz.core.context import COMPACTIONS, UNLIMITED, compaction_name
from memviz.core.engine import ConfigError
from memviz.gui.kit.language import Language
from memviz.gui.qt import QComboBox, QLabel, QSignalBlocker, QSizePolicy, QWidget
from memviz.models.settings import RunSettings
from memviz.wording import context as words

WINDOWS = (None, 4_000, 8_000, 12_000, 16_000, 32_000, UNLIMITED)
DEFAULT_WINDOW = 12_000  # what choosing "context only" with the context off turns on


class ContextBox:
    """A label, the window's choice and the compaction's (``parts``, kept together in the config bar)."""

    def __init__(self, settings: RunSettings, language: Language, on_error) -> None:
        self.settings = settings
        self.language = language
        self.on_error = on_error  # the bar's message line, for a value the core refuses
        self.label = QLabel()
        self.window = QComboBox()
        self.window.setObjectName("context_window")
        self.compaction = QComboBox()
        self.compaction.setObjectName("compaction")
        for mode in COMPACTIONS:
            self.compaction.addItem("", mode)
        for box in (self.window, self.compaction):  # as wide as their words, not the row's spare room
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.parts: tuple[QWidget, ...] = (self.label, self.window, self.compaction)
        self.group: QWidget | None = None
        self.window.currentIndexChanged.connect(self._on_window_change)
        self.compaction.currentIndexChanged.connect(self._on_compaction_change)
        settings.config_changed.connect(self._on_config_change)
        language.changed.connect(self._on_language_change)
        self.show_config(settings.config)

    def set_group(self, group: QWidget) -> None:
        """The bar's group holding ``parts``: shown only while the context is on (choosing "context
        only" turns it on), so the chapter's row keeps its one line at 1280×720."""
        self.group = group
        group.setVisible(self.settings.config.context is not None)

    def show_config(self, config) -> None:
        lang = self.language.code
        blockers = [QSignalBlocker(self.window), QSignalBlocker(self.compaction)]
        self.label.setText(words.CONTEXT_LABEL.pick(lang))
        self.window.clear()
        choices = list(WINDOWS) if config.context in WINDOWS else [*WINDOWS, config.context]
        for window in choices:
            text = words.OFF_SHORT.pick(lang) if window is None else _short(window, lang)
            self.window.addItem(text, window)
        self.window.setCurrentIndex(choices.index(config.context))
        for i in range(self.compaction.count()):
            self.compaction.setItemText(i, compaction_name(self.compaction.itemData(i), lang))
        self.compaction.setCurrentIndex(self.compaction.findData(config.compaction))
        self.compaction.setVisible(config.context not in (None, UNLIMITED))
        if self.group is not None:
            self.group.setVisible(config.context is not None)
        self.window.setToolTip(words.WINDOW_TIP.pick(lang))
        self.compaction.setToolTip(words.COMPACTION_TIP.pick(lang))
        del blockers

    def _apply(self, **changes) -> None:
        try:
            self.settings.update(**changes)
        except ConfigError as exc:
            self.on_error(str(exc))
            self.show_config(self.settings.config)

    def _on_window_change(self, _index: int) -> None:
        self._apply(context=self.window.currentData())

    def _on_compaction_change(self, _index: int) -> None:
        self._apply(compaction=self.compaction.currentData())

    def _on_config_change(self, config) -> None:
        self.show_config(config)

    def _on_language_change(self, _code: str) -> None:
        self.show_config(self.settings.config)


def _short(window: float, lang: str) -> str:
    if window == UNLIMITED:
        return words.UNLIMITED_SHORT.pick(lang)
    return f"{int(window):,}"
