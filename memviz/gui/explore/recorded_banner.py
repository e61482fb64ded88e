"""The line over a recorded run in Explore: labelled as a recording, with what its "what if" memory says.

Shown only while a recording is replayed (``memviz --trace T.jsonl``, File → Open trace). Its counts
are the core's: the replay's events (``was_forgotten``) and :func:`memviz.core.replay.told_revisits`.
"""

from __future__ import annotations

from memviz.core.strategies import uses_memory
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import QFrame, QHBoxLayout, QLabel, QPushButton, Qt
from memviz.models.explore import ExploreModel
from memviz.wording.traces import close_recording, recorded_banner


class RecordedBanner(QFrame):
    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("recorded_banner")
        self.model = model
        self.language = language
        self.label = QLabel()
        self.label.setObjectName("recorded_label")
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # a file's name is text, never HTML
        self.label.setWordWrap(True)
        style.set_ui_font(self.label, 1.0, bold=True)
        self.close_button = QPushButton()
        self.close_button.setObjectName("close_recording")
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(lambda: model.settings.set_recorded(None))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 4, 6, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button)
        style.follow_presentation(self)
        for signal in (model.stepped, model.replayed, model.restarted):
            signal.connect(self._update)
        language.changed.connect(self._on_language_change)  # a lambda kept the banner for the language's life
        self._on_theme_change()
        self._update()

    def _on_language_change(self, _code: str) -> None:
        self._update()

    def _update(self) -> None:
        recorded = self.model.recorded
        self.setVisible(recorded is not None)
        if recorded is None:
            return
        from memviz.core.replay import told_revisits, what_if_text  # loaded with the first recording

        events = self.model.events
        lang = self.language.code
        self.label.setText(
            recorded_banner(
                lang,
                recorded.agent,
                recorded.source,
                recorded.steps,
                recorded.off_site,
                what_if_text(self.model.config) if uses_memory(self.model.config.strategy) else None,
                sum(e.was_forgotten for e in events),
                len(told_revisits(events)),
            )
        )
        self.close_button.setText(close_recording(lang))

    def _on_theme_change(self) -> None:
        c = style.colors()
        self.setStyleSheet(
            f"QFrame#recorded_banner {{ border: {round(style.line_width())}px solid {c.plan.name()};"
            f" border-radius: 6px; background: {c.paper.name()}; }}"
            f" QLabel#recorded_label {{ color: {c.ink.name()}; }}"
        )
