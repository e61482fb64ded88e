"""Predict, then reveal, in the Explore view: with the box ticked, a step on which memory will forget
an entry waits; the class picks the entry it expects to go (one button per entry, next to go first,
numbered as the memory list numbers them); then the rule's own choice is said in words, the step is
made and shown, and the tally counts. Or, the other question, every click waits: the class picks the
link the agent will follow, and the reveal says why it went where it did. The questions and words
come from :mod:`memviz.predict`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from memviz.core.policies import POLICIES
from memviz.core.strategies import uses_memory
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from memviz.models.explore import ExploreModel
from memviz.wording import kit as kit_words

if TYPE_CHECKING:
    from memviz.predict import EvictionQuestion, EvictionQuestions, MoveQuestion, MoveQuestions, Tally

# memviz.predict (and the core's comparison it imports) is loaded when the class is first asked, or
# the tally first counted: nothing of it is on the first screen, which waits for its imports.

EVICT, MOVE = "evict", "move"  # which entry is forgotten; where the agent goes
QWIDGETSIZE_MAX = (1 << 24) - 1  # Qt's largest widget size
MOST_HELD_ROWS = 3  # rows of answers the strip keeps room for from its first question


class PredictBar(QWidget):
    """Two parts the view places: ``switch_box`` (the switch, which question, the tally), and the
    bar itself, a strip with the question, a button per answer and the reveal, shown only while
    there is something to say. In Explore the strip sits under the graph, where the class looks
    (in the side column, eight or twelve answers squeezed the live numbers at 720p)."""

    asking = Signal(bool)  # a question is open (True) or not: what names its answer hides meanwhile
    OBJECT_NAME = "explore_predict"
    COLUMNS = 6  # answer buttons per row: a strip as wide as the graph
    MODES: tuple[str, ...] = (EVICT, MOVE)

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(self.OBJECT_NAME)
        self.switch_box = QWidget()
        self.switch_box.setObjectName(f"{self.OBJECT_NAME}_switch")
        self.model = model
        self.language = language
        self.question: EvictionQuestion | None = None
        self._questions: EvictionQuestions | None = None  # the run's, made when first asked
        self._moves: MoveQuestions | None = None
        self.answered_call: int | None = None  # the call whose eviction was predicted: it may go
        self._tally: Tally | None = None  # made when first counted (see tally)
        self.reveal_words: tuple[str, str] | None = None  # (zh, en) of the last reveal
        self._held = 0  # the strip's height while shown (it only grows: see _fit)
        self._most: int | None = None  # the most answers a question of this run can offer

        self.switch = QCheckBox()
        self.switch.setObjectName("predict_switch")
        self.switch.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.switch.toggled.connect(self.set_predicting)
        self.mode_box = QComboBox()
        self.mode_box.setObjectName("predict_mode")
        self.mode_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for mode in self.MODES:
            self.mode_box.addItem("", mode)
        self.mode_box.setVisible(len(self.MODES) > 1)
        self.mode_box.currentIndexChanged.connect(self._on_mode_change)
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
        self._probe = QPushButton("1", self.choices)  # never shown: an answer button's height
        self._probe.hide()

        top = QHBoxLayout(self.switch_box)
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.switch)
        top.addWidget(self.mode_box)
        top.addStretch(1)
        top.addWidget(self.tally_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.prompt)
        layout.addWidget(self.choices)
        layout.addWidget(self.result)
        layout.addStretch(1)  # held taller than its texts (see _fit): they sit at the top

        model.restarted.connect(self._on_restart)
        model.replayed.connect(self._on_replay)
        # A method, not a lambda: Qt held the lambda, and with it the bar, for the language's life.
        language.changed.connect(self._on_language_change)
        self._set_texts()
        self._on_restart()

    @property
    def tally(self) -> Tally:
        """Predictions made and right this run (a new run, or the other question: a new tally)."""
        if self._tally is None:
            from memviz.predict import Tally

            self._tally = Tally()
        return self._tally

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

    @property
    def mode(self) -> str:
        return self.mode_box.currentData() or self.MODES[0]

    def set_mode(self, mode: str) -> None:
        self.mode_box.setCurrentIndex(self.MODES.index(mode))

    def _next_question(self, calls: int) -> EvictionQuestion | MoveQuestion | None:
        """The question before call ``calls + 1`` (None: nothing to ask before it)."""
        from memviz.predict import EvictionQuestions, MoveQuestions

        if self.mode == MOVE:
            if self._moves is None:
                self._moves = MoveQuestions(self.model.site, self.model.config)
            return self._moves.before(calls)
        if self._questions is None:
            self._questions = EvictionQuestions(self.model.site, self.model.config)
        return self._questions.before(calls)

    def _reveal(self, question: EvictionQuestion | MoveQuestion, page: int, lang: str) -> str:
        from memviz.predict import MoveQuestion, move_reveal_text, reveal_text

        if isinstance(question, MoveQuestion):
            return move_reveal_text(question, page, self.model.site, self.model.config, lang)
        return reveal_text(question, page, self.model.site, self.model.config, self.model.events, lang)

    def _prompt(self, question: EvictionQuestion | MoveQuestion, lang: str) -> str:
        from memviz.predict import MoveQuestion

        if isinstance(question, MoveQuestion):
            return self.language.tr(kit_words.STEP_WHICH_LINK_WILL_THE_AGENT_N, call=question.call)
        name = POLICIES.get(self.model.config.policy).label_in(lang)
        return self.language.tr(kit_words.STEP_MEMORY_IS_FULL_WHICH_ENTRY_N, call=question.call, name=name)

    def _page_name(self, page: int, lang: str) -> str:
        return self.model.site.page_name(page, lang)

    def _forgets(self) -> bool:
        """Only a memory with a capacity has evictions to guess."""
        config = self.model.config
        return uses_memory(config.strategy) and config.capacity is not None

    def _recorded(self) -> bool:
        """Whether the model plays a recorded run (Explore's can; Compare's lanes are simulated)."""
        return getattr(self.model, "recorded", None) is not None

    def _shown(self) -> bool:
        """Whether the bar is offered at all: any run has clicks to guess, but a recorded one (the
        real agent followed no rule the class could reason from)."""
        if self._recorded():
            return False
        return MOVE in self.MODES or self._forgets()

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
            button.hide()  # at once: deleteLater waits for the event loop
            button.deleteLater()
        self.buttons = []
        if question is not None:
            for i, page in enumerate(question.candidates):
                button = QPushButton()  # its text: _set_texts, in the language in force
                button.setObjectName(f"predict_{page}")
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                # A method, not a lambda: a lambda would hold the bar's Python object for as long
                # as Qt keeps the button (the pattern behind the record dialog's double delete).
                button.clicked.connect(self._on_choice_clicked)
                self.grid.addWidget(button, i // self.COLUMNS, i % self.COLUMNS)
                self.buttons.append(button)
        self.choices.setVisible(question is not None)
        self._set_texts()
        self.asking.emit(question is not None)

    def _on_choice_clicked(self) -> None:
        if self.question is not None and self.sender() in self.buttons:
            self.pick(self.question.candidates[self.buttons.index(self.sender())])

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _set_texts(self) -> None:
        tr, lang = self.language.tr, self.language.code
        if len(self.MODES) > 1:
            self.switch.setText(tr(kit_words.PREDICT_THEN_REVEAL))
            for i, (zh, en) in enumerate(
                (kit_words.WHICH_ENTRY_IS_FORGOTTEN, kit_words.WHERE_THE_AGENT_GOES)
            ):
                self.mode_box.setItemText(i, tr(zh, en))
        else:
            self.switch.setText(tr(kit_words.PREDICT_THEN_REVEAL_GUESS_EACH_EVICTION))
        self.switch.setToolTip(
            tr(kit_words.WHEN_TICKED_EACH_CLICK_WITH_A)
            if self.mode == MOVE
            else tr(kit_words.WHEN_TICKED_A_STEP_THAT_FORGETS)
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
        self._fit()

    # -- model ----------------------------------------------------------------------------------------

    def _on_mode_change(self, _index: int) -> None:
        """The other question: a new game (its own tally; the last reveal was the other kind's)."""
        self._questions = self._moves = None
        self._most = None
        self.answered_call = None
        self._tally = None
        self.reveal_words = None
        self._show_question(None)

    def _fit(self) -> None:
        """The switch where a run has something to guess; the strip while there is something to say,
        at one height: room for the question and the most answer rows a question of this run can
        have, or for whatever its texts have needed if more, so what is beside it keeps its size (the
        graph is not laid out again at every question and answer)."""
        self.switch_box.setVisible(self._shown())
        shown = self.switch.isChecked() and (self.question is not None or self.reveal_words is not None)
        self.setVisible(shown)
        if not shown:
            self._held = 0
            self.setMinimumHeight(0)
            self.setMaximumHeight(QWIDGETSIZE_MAX)
            return
        layout, width = self.layout(), self.width() or self.sizeHint().width()
        need = (
            layout.totalHeightForWidth(width)
            if layout.hasHeightForWidth()
            else layout.totalSizeHint().height()
        )
        if self._most is None:
            self._most = self._most_answers()
        rows = min(MOST_HELD_ROWS, math.ceil(self._most / self.COLUMNS))
        row = self._probe.sizeHint().height() + self.grid.spacing()
        need = max(need, self.prompt.heightForWidth(width) + layout.spacing() + rows * row)
        if need > self._held:
            self._held = need
            self.setFixedHeight(need)

    def _most_answers(self) -> int:
        """The most answers a question of this run can offer (the buttons' rows to keep room for)."""
        if self.mode == MOVE:
            return max(map(len, self.model.site.clickable), default=0)
        return self.model.config.capacity or 0

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._held = 0  # the texts wrap anew
            self._fit()

    def _on_restart(self) -> None:
        if self._recorded() and self.switch.isChecked():
            self.switch.setChecked(False)  # no questions on a recorded run (see _shown)
        if len(self.MODES) > 1:  # a run that never forgets has only the other question
            forgets = self._forgets()
            self.mode_box.model().item(self.MODES.index(EVICT)).setEnabled(forgets)
            if not forgets and self.mode == EVICT:
                self.set_mode(MOVE)
        self._questions = self._moves = None  # a new run, or new settings
        self._most = None
        self._tally = None
        self.answered_call = None
        self.reveal_words = None
        self._show_question(None)

    def _on_replay(self) -> None:
        self.answered_call = None
        self._show_question(None)
