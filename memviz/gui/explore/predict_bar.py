"""Predict, then reveal, in the Explore view: with the box ticked, a step on which memory will forget
an entry waits; the class picks the entry it expects to go (one button per entry, next to go first,
numbered as the memory list numbers them); then the rule's own choice is said in words, the step is
made and shown, and the tally counts. The questions and words come from :mod:`memviz.predict`."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from memviz.core.policies import POLICIES
from memviz.core.strategies import uses_memory
from memviz.gui.explore import style
from memviz.gui.language import Language
from memviz.models.explore import ExploreModel
from memviz.predict import EvictionQuestion, EvictionQuestions, Tally, reveal_text


class PredictBar(QWidget):
    """The switch, the question with a button per memory entry, the reveal and the tally."""

    OBJECT_NAME = "explore_predict"
    COLUMNS = 3  # candidate buttons per row

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(self.OBJECT_NAME)
        self.model = model
        self.language = language
        self.question: EvictionQuestion | None = None
        self._questions: EvictionQuestions | None = None  # the run's, made when first asked
        self.answered_call: int | None = None  # the call whose eviction was predicted: it may go
        self.tally = Tally()
        self.reveal_words: tuple[str, str] | None = None  # (zh, en) of the last reveal

        self.switch = QCheckBox()
        self.switch.setObjectName("predict_switch")
        self.switch.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.switch.toggled.connect(self.set_predicting)
        self.tally_label = QLabel()
        self.tally_label.setObjectName("predict_tally")
        self.prompt = QLabel()
        self.prompt.setObjectName("predict_prompt")
        self.prompt.setWordWrap(True)
        style.set_ui_font(self.prompt, 1.05, bold=True)
        self.result = QLabel()
        self.result.setObjectName("predict_result")
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.choices = QWidget()
        self.grid = QGridLayout(self.choices)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(4)
        self.buttons: list[QPushButton] = []

        top = self.header = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.switch)
        top.addStretch(1)
        top.addWidget(self.tally_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.prompt)
        layout.addWidget(self.choices)
        layout.addWidget(self.result)

        model.restarted.connect(self._on_restart)
        model.replayed.connect(self._on_replay)
        language.changed.connect(lambda _code: self._set_texts())
        self._set_texts()
        self._on_restart()

    # -- the loop -------------------------------------------------------------------------------------

    def set_predicting(self, on: bool) -> None:
        if self.switch.isChecked() != on:
            self.switch.setChecked(on)  # comes back here through toggled
            return
        self.model.step_gate = self._gate if on else None
        if not on:
            self._show_question(None)
            self.reveal_words = None
        self._set_texts()

    def _gate(self) -> bool:
        """Before each step: hold it if it will forget an entry nobody has predicted yet."""
        calls = self.model.position
        if self.answered_call == calls + 1:
            return True
        question = self._next_question(calls)
        self._show_question(question)
        return question is None

    def _next_question(self, calls: int) -> EvictionQuestion | None:
        """The question before call ``calls + 1`` (None: that step forgets nothing)."""
        if self._questions is None:
            self._questions = EvictionQuestions(self.model.site, self.model.config)
        return self._questions.before(calls)

    def _reveal(self, question: EvictionQuestion, page: int, lang: str) -> str:
        return reveal_text(question, page, self.model.site, self.model.config, self.model.events, lang)

    def _prompt(self, question: EvictionQuestion, lang: str) -> str:
        name = POLICIES.get(self.model.config.policy).label_in(lang)
        return self.language.tr(
            f"第 {question.call} 步：记忆满了。{name} 会忘掉哪一条？",
            f"Step {question.call}: memory is full. Which entry will {name} forget?",
        )

    def _page_name(self, page: int, lang: str) -> str:
        return self.model.site.page_name(page, lang)

    def _shown(self) -> bool:
        """Whether the bar is offered at all: only a memory with a capacity has evictions to guess."""
        config = self.model.config
        return uses_memory(config.strategy) and config.capacity is not None

    def pick(self, page: int) -> None:
        """The class's answer: say the rule's choice, count it, and make the step."""
        question = self.question
        if question is None:
            return
        self.tally.record(page == question.answer)
        self.reveal_words = tuple(self._reveal(question, page, lang) for lang in ("zh", "en"))
        self.answered_call = question.call
        self._show_question(None)
        self._set_texts()
        self.model.step()

    # -- drawing --------------------------------------------------------------------------------------

    def _show_question(self, question: EvictionQuestion | None) -> None:
        self.question = question
        for button in self.buttons:
            self.grid.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        if question is not None:
            for i, page in enumerate(question.candidates):
                button = QPushButton()  # its text: _set_texts, in the language in force
                button.setObjectName(f"predict_{page}")
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.clicked.connect(lambda _checked=False, page=page: self.pick(page))
                self.grid.addWidget(button, i // self.COLUMNS, i % self.COLUMNS)
                self.buttons.append(button)
        self.choices.setVisible(question is not None)
        self._set_texts()

    def _set_texts(self) -> None:
        tr, lang = self.language.tr, self.language.code
        self.switch.setText(tr("先猜再揭晓：每次忘掉之前先猜", "Predict, then reveal: guess each eviction"))
        self.switch.setToolTip(
            tr(
                "勾上以后，记忆要忘掉一条的那一步会先停下，让大家猜忘掉哪一条，再揭晓规则的选择。",
                "When ticked, a step that forgets an entry waits for the class to guess which one"
                " goes, then shows the rule's choice.",
            )
        )
        predicting = self.switch.isChecked()
        self.tally_label.setText(self.tally.text(lang) if predicting and self.tally.asked else "")
        question = self.question
        if question is not None:
            self.prompt.setText(self._prompt(question, lang))
            for i, (button, page) in enumerate(zip(self.buttons, question.candidates, strict=True)):
                button.setText(f"{i + 1}  {self._page_name(page, lang)}")
        self.prompt.setVisible(question is not None)
        words = self.reveal_words
        self.result.setText("" if words is None else words[0] if lang == "zh" else words[1])
        self.result.setVisible(predicting and words is not None and question is None)

    # -- model ----------------------------------------------------------------------------------------

    def _on_restart(self) -> None:
        self.setVisible(self._shown())
        self._questions = None  # a new run, or new settings
        self.tally = Tally()
        self.answered_call = None
        self.reveal_words = None
        self._show_question(None)

    def _on_replay(self) -> None:
        self.answered_call = None
        self._show_question(None)
