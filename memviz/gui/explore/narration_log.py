"""The narration log: the run told one line per step, in the UI language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem

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


class NarrationLog(QListWidget):
    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_narration")
        self.model = model
        self.language = language
        self.setFont(style.ui_font(scale=1.0))
        self.setWordWrap(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setUniformItemSizes(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setStyleSheet(
            "QListWidget { background: white; border: 1px solid #dde2e8; border-radius: 8px; padding: 4px; }"
            "QListWidget::item { padding: 2px 4px; }"
        )
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._on_model_replay()

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]

    def _add(self, lines: list[NarrationLine]) -> None:
        for line in lines:
            item = QListWidgetItem(line.text)
            item.setForeground(QBrush(_COLORS.get(line.kind, style.INK)))
            if line.kind in (KIND_BUG, KIND_DUPLICATE, KIND_STOP):
                font = style.ui_font(scale=1.0, bold=True)
                item.setFont(font)
            self.addItem(item)

    def _on_model_step(self, event: StepEvent) -> None:
        visits = self.model.exploration.visits[event.to_page] if event.moved else None
        self._add(narrate_step(event, self.model.site, self.model.config, self.language.code, visits))
        self.scrollToBottom()

    def _on_model_replay(self) -> None:
        self.setUpdatesEnabled(False)
        self.clear()
        self._add(narrate_run(self.model.events, self.model.site, self.model.config, self.language.code))
        self.setUpdatesEnabled(True)
        self.scrollToBottom()

    def _on_language_change(self, _code: str) -> None:
        self._on_model_replay()
