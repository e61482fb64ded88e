"""A one-line label that elides its words with "…" where its room is too narrow, the whole in its
tooltip (the status bar's key hint in a 1280×720 window at 150 %: "… · Hom" was cut mid-word)."""

from __future__ import annotations

from memviz.gui.qt import QLabel, QResizeEvent, QSize, Qt


class ElidedLabel(QLabel):
    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._whole = ""

    def set_whole_text(self, text: str) -> None:
        self._whole = text
        self._fit()

    def whole_text(self) -> str:
        return self._whole

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        hint.setWidth(self.fontMetrics().horizontalAdvance("…") * 4)  # it gives way to its neighbours
        return hint

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        hint.setWidth(self.fontMetrics().horizontalAdvance(self._whole) + 8)
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, max(room, 0))
        if shown != self.text():
            super().setText(shown)
        self.setToolTip(self._whole if shown != self._whole else "")
