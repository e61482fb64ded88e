"""The narration log: the run told one line per step, in the UI language."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QPlainTextEdit

from memviz.core.engine import StepEvent
from memviz.gui.explore import style
from memviz.gui.explore.model import ExploreModel
from memviz.gui.explore.narration import (
    KIND_BUG,
    KIND_DUPLICATE,
    KIND_EVICT,
    KIND_NEW,
    KIND_PLAN,
    KIND_REPEAT,
    KIND_START,
    KIND_STOP,
    NarrationLine,
    narrate_run,
    narrate_step,
)
from memviz.gui.language import Language

_COLORS = {
    KIND_START: style.MUTED,
    KIND_NEW: style.INK,
    KIND_REPEAT: QColor("#8a5a00"),
    KIND_PLAN: style.PLAN.darker(120),
    KIND_BUG: style.BUG,
    KIND_DUPLICATE: style.DUPLICATE.darker(125),
    KIND_EVICT: style.EVICT.darker(110),
    KIND_STOP: style.INK,
}


class NarrationLog(QPlainTextEdit):
    """Read-only text, one block per line: appending a step costs one block, not a relayout of all."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_narration")
        self.model = model
        self.language = language
        self.setReadOnly(True)
        self.setFont(style.ui_font(scale=1.0))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setUndoRedoEnabled(False)
        self.setStyleSheet(
            "QPlainTextEdit { background: white; border: 1px solid #dde2e8; border-radius: 8px; padding: 4px; }"
        )
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._on_model_replay()

    def lines(self) -> list[str]:
        return self.toPlainText().split("\n")

    def _add(self, lines: list[NarrationLine]) -> None:
        for line in lines:
            color = _COLORS.get(line.kind, style.INK).name()
            weight = "bold" if line.kind in (KIND_BUG, KIND_DUPLICATE, KIND_STOP) else "normal"
            self.appendHtml(
                f'<span style="color:{color}; font-weight:{weight}; white-space:pre-wrap">'
                f"{html.escape(line.text)}</span>"
            )

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _on_model_step(self, event: StepEvent) -> None:
        visits = self.model.exploration.visits[event.to_page] if event.moved else None
        self._add(narrate_step(event, self.model.site, self.model.config, self.language.code, visits))
        self._scroll_to_end()

    def _on_model_replay(self) -> None:
        self.clear()
        self._add(narrate_run(self.model.events, self.model.site, self.model.config, self.language.code))
        self._scroll_to_end()

    def _on_language_change(self, _code: str) -> None:
        self._on_model_replay()
