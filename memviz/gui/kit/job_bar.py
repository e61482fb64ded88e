"""The analysis views' job bar (the running job's progress, Cancel, how long the last one took) and
their headline. (Moved out of plots.py, which had grown past 700 lines.)"""

from __future__ import annotations

from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    Qt,
    QWidget,
    Signal,
)
from memviz.wording import common as common_words
from memviz.wording import kit as kit_words
from memviz.wording.words import Words


class JobBar(QWidget):
    """Progress of the running job and its Cancel button; idle, it says how long the last job took."""

    cancel_requested = Signal()

    def __init__(self, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.language = language
        self.progress = QProgressBar()
        self.progress.setObjectName("job_progress")
        self.progress.setMinimumWidth(160)
        self.progress.setMaximumWidth(320)
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("job_cancel")
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.status = QLabel()
        self.status.setObjectName("job_status")
        self.status.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        # Hidden when idle but still holding their place, so starting a job does not re-lay out
        # (and repaint) the whole view.
        for widget in (self.progress, self.cancel_button):
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel_button)
        layout.addWidget(self.status)
        self._running = False
        self._status: tuple[Words, dict] = (Words("", ""), {})
        self.set_idle()
        self._on_language_change()
        # "took 2.10 s" in the language in force (it stayed "用时 2.10 秒" after View → Language)
        language.changed.connect(self._on_language_change)

    def set_running(self) -> None:
        self._running = True
        self.progress.setRange(0, 0)  # busy until the first progress report says how much
        self.progress.setVisible(True)
        self.cancel_button.setVisible(True)
        self.cancel_button.setEnabled(True)
        self.set_status(common_words.COMPUTING)

    def set_progress(self, done: int, total: int) -> None:
        if not self._running:
            return
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(min(done, total))

    def set_idle(self) -> None:
        self._running = False
        self.progress.setVisible(False)
        self.cancel_button.setVisible(False)

    def clear_status(self) -> None:
        self.set_status(Words("", ""))

    def set_status(self, words: Words, **fields: object) -> None:
        """Say ``words`` (its fields filled in), again in the other language when it changes."""
        self._status = (words, fields)
        self.status.setText(self.language.tr(words, **fields))
        self.status.setToolTip(self.status.text())  # the whole, wherever the row cuts it

    @property
    def running(self) -> bool:
        return self._running

    def _on_language_change(self, *_: object) -> None:
        tr = self.language.tr
        self.cancel_button.setText(tr(kit_words.CANCEL))
        self.progress.setFormat(tr(kit_words.V_M_RUNS))
        words, fields = self._status
        self.status.setText(tr(words, **fields))
        self.status.setToolTip(self.status.text())


def headline_label() -> QLabel:
    label = QLabel()
    label.setObjectName("headline")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    style.set_ui_font(label, 1.45)  # follows the zoom (a label's own font otherwise stays put)
    return label
