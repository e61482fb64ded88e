"""How the run's memory is read (issue 27), chosen beside the memory panel's title: every entry
injected and always used right (the chapter), retrieval of the K best entries, or a model that
ignores its memory or skips writes on a share of its steps. The choices are Compare's lane menu's
(:data:`memviz.core.reading.READING_CHOICES`); a reading set on the command line that is not one of
them is shown as an extra item."""

from __future__ import annotations

from memviz.core.engine import ConfigError, RunConfig
from memviz.core.reading import READING_CHOICES, reading_overrides
from memviz.core.strategies import uses_memory
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import QComboBox, QSignalBlocker, QSizePolicy
from memviz.models.settings import RunSettings
from memviz.wording import explore as explore_words
from memviz.wording.reading import reading_label

CHAPTER = {"ignore": 0.0, "skip_write": 0.0, "read_top": None}  # the fields a reading sets


class ReadModeBox(QComboBox):
    def __init__(self, settings: RunSettings, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("read_mode")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        # As tall as the title beside it, no taller: at 720p every pixel of height is the memory list's.
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Ignored)
        style.set_ui_font(self, 0.92)
        self.settings = settings
        self.language = language
        self.currentIndexChanged.connect(self._on_choice)
        settings.config_changed.connect(self._show)
        language.changed.connect(self._on_language_change)  # a lambda kept the box for the language's life
        self._show(settings.config)

    @property
    def reading(self):
        return self.currentData()

    def _on_language_change(self, _code: str) -> None:
        self._show(self.settings.config)

    def _show(self, config: RunConfig) -> None:
        tr, lang = self.language.tr, self.language.code
        current = reading_overrides(config.ignore, config.skip_write, config.read_top)
        choices = READING_CHOICES if current in READING_CHOICES else (*READING_CHOICES, current)
        with QSignalBlocker(self):
            self.clear()
            for reading in choices:
                self.addItem(reading_label(reading, lang) or tr(explore_words.INJECT_ALL), reading)
            self.setCurrentIndex(choices.index(current))
        self.setEnabled(uses_memory(config.strategy))
        self.setToolTip(tr(explore_words.HOW_MEMORY_IS_READ_ALL_OF))

    def _on_choice(self, index: int) -> None:
        if index < 0:
            return
        try:
            self.settings.update(**{**CHAPTER, **dict(self.itemData(index))})
        except ConfigError:  # not reachable from these choices; keep the run as it is
            self._show(self.settings.config)
