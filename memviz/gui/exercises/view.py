"""The Exercises view: questions about runs, graded at once, with an explanation from the core's figures.

The view only asks and shows; :mod:`memviz.exercises` computes every answer from the
exercise's own settings when it is checked. Progress (last answer, right or wrong) is kept in the
settings store under the group "exercises", so it survives a restart and a "reset to defaults".
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from memviz import exercises
from memviz.exercises import AnswerError, Exercise, ExerciseError, Grade
from memviz.exercises import attempts as loop
from memviz.exercises.answers.registry import KINDS
from memviz.gui.exercises.progress import ProgressStore, Record
from memviz.gui.exercises.widgets import OPEN_COLOR, RIGHT_COLOR, WRONG_COLOR, ChoiceRow, mark_icon
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QButtonGroup,
    QColor,
    QEvent,
    QFont,
    QFontMetrics,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSettings,
    QSize,
    QSplitter,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.settings import RunSettings
from memviz.wording import common as common_words
from memviz.wording import exercises as exercises_words
from memviz.wording import kit as kit_words

# The button that opens a batch exercise's experiment, by the view it is in.
OPEN_VIEW_TEXTS = {
    "batch": exercises_words.RUN_THIS_EXPERIMENT_IN_BATCH,
    "sweep": exercises_words.RUN_THIS_EXPERIMENT_IN_SWEEP,
    "cost": exercises_words.RUN_THIS_EXPERIMENT_IN_COST,
    "scenarios": exercises_words.PLAY_THIS_SCENARIO_IN_SCENARIOS,  # kind "scenario"
}
MAX_COLUMN_EM = 52  # the exercise column's widest line, in Chinese characters of the answer font


class ExercisesView(QWidget):
    """A list of exercises on the left; the chosen one, its answer field and the feedback on the right."""

    def __init__(
        self,
        settings: RunSettings,
        language: Language,
        store: QSettings | None = None,
        sources: Sequence[str | Path] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("exercises")
        self.settings = settings
        self.language = language
        if store is None:
            from memviz.gui.kit.preferences import default_store

            store = default_store()
        self.progress_store = ProgressStore(store)
        self.exercises, self.problems = exercises.collect_exercises(sources)
        self.records = self.progress_store.load([ex.id for ex in self.exercises])
        self._solving = None  # the Job working out an answer off the GUI thread, if any
        self.attempts: dict[str, loop.Attempts] = {  # this session's tries; shown answers are kept
            ident: loop.Attempts(revealed=record.revealed, solved=record.correct)
            for ident, record in self.records.items()
        }
        self.outcome: str | None = None  # what the last grade means in the learning loop (loop.RIGHT…)
        self._hint: tuple[str, str] = ("", "")  # (zh, en) after a wrong answer
        self.current: Exercise | None = None
        self.last_grade: Grade | None = None
        self.message: tuple[str, str] | None = None  # a note in place of a grade: (zh, en)
        self.choice_rows: list[ChoiceRow] = []
        self._icons = {state: mark_icon(state) for state in ("open", "right", "wrong")}

        self._build()
        self._apply_fonts()
        self._fill_list()
        self.language.changed.connect(self._on_language_change)
        self._set_texts()
        if self.exercises:
            self.list.setCurrentRow(self._first_unsolved_row())
        else:
            self._on_current_row_change(-1)

    # -- building ---------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.progress_label = QLabel()
        self.progress_label.setObjectName("progress")
        self.reset_button = QPushButton()
        self.reset_button.setObjectName("reset_progress")
        self.reset_button.clicked.connect(self._on_reset_click)
        top = QHBoxLayout()
        top.addWidget(self.heading)
        top.addStretch(1)
        top.addWidget(self.progress_label)
        top.addSpacing(12)
        top.addWidget(self.reset_button)

        self.problems_label = QLabel()
        self.problems_label.setObjectName("problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_label.setStyleSheet(_card_style("problems", WRONG_COLOR))

        self.list = QListWidget()
        self.list.setObjectName("exercise_list")
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.currentRowChanged.connect(self._on_current_row_change)

        self.title_label = QLabel()
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text, shown as written
        self.title_label.setObjectName("title")
        self.title_label.setWordWrap(True)
        self.kind_label = QLabel()
        self.kind_label.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text, shown as written
        self.kind_label.setObjectName("kind")
        self.question_label = QLabel()
        self.question_label.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text, shown as written
        self.question_label.setObjectName("question")
        self.question_label.setWordWrap(True)
        self.question_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.choices_box = QWidget()
        self.choices_box.setObjectName("choices")
        self.choices_layout = QVBoxLayout(self.choices_box)
        self.choices_layout.setContentsMargins(0, 0, 0, 0)
        self.choice_group = QButtonGroup(self)

        self.number_box = QWidget()
        self.number_edit = QLineEdit()
        self.number_edit.setObjectName("number")
        self.number_edit.returnPressed.connect(self.check)
        self.unit_label = QLabel()
        self.unit_label.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text, shown as written
        self.unit_label.setObjectName("unit")
        self.tolerance_label = QLabel()
        self.tolerance_label.setObjectName("tolerance")
        number_layout = QHBoxLayout(self.number_box)
        number_layout.setContentsMargins(0, 0, 0, 0)
        number_layout.addWidget(self.number_edit)
        number_layout.addWidget(self.unit_label)
        number_layout.addSpacing(12)
        number_layout.addWidget(self.tolerance_label)
        number_layout.addStretch(1)

        self.check_button = QPushButton()
        self.check_button.setObjectName("check")
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.check)
        self.explore_button = QPushButton()
        self.explore_button.setObjectName("show_in_explore")
        self.explore_button.clicked.connect(self._on_explore_click)
        self.next_button = QPushButton()
        self.next_button.setObjectName("next")
        self.next_button.clicked.connect(self._on_next_click)
        self.reveal_button = QPushButton()  # offered after loop.REVEAL_AFTER wrong answers
        self.reveal_button.setObjectName("reveal")
        self.reveal_button.clicked.connect(self.reveal)
        self.reveal_button.setVisible(False)
        self.cancel_button = QPushButton()  # while an answer is worked out in the background
        self.cancel_button.setObjectName("cancel-check")
        self.cancel_button.clicked.connect(self.cancel_check)
        self.cancel_button.setVisible(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.reveal_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.explore_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)

        self.feedback_label = QLabel()
        self.feedback_label.setObjectName("feedback")
        self.feedback_label.setWordWrap(True)
        self.feedback_label.setTextFormat(Qt.TextFormat.RichText)
        self.feedback_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.explanation_label = QLabel()
        self.explanation_label.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text, shown as written
        self.explanation_label.setObjectName("explanation")
        self.explanation_label.setWordWrap(True)
        self.explanation_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        page = QWidget()
        page.setObjectName("exercise_page")
        column = QVBoxLayout(page)
        column.setContentsMargins(24, 16, 24, 16)
        column.setSpacing(14)
        column.addWidget(self.title_label)
        column.addWidget(self.kind_label)
        column.addWidget(self.question_label)
        column.addWidget(self.choices_box)
        column.addWidget(self.number_box)
        column.addLayout(buttons)
        column.addWidget(self.feedback_label)
        column.addWidget(self.explanation_label)
        column.addStretch(1)
        self.page = page
        # The exercise keeps to a column of readable width: long lines are hard to follow on a wide screen.
        centre = QWidget()
        centring = QHBoxLayout(centre)
        centring.setContentsMargins(0, 0, 0, 0)
        centring.addWidget(page, 100)
        centring.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("exercise_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(centre)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setObjectName("exercises_splitter")
        splitter.addWidget(self.list)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([320, 960])
        splitter.setChildrenCollapsible(False)
        self.splitter = splitter

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.addLayout(top)
        layout.addWidget(self.problems_label)
        layout.addWidget(splitter, 1)

    # -- fonts: sized from the view's own font, so a whole-UI zoom scales them too -------------------------

    def _scaled(self, factor: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        size = font.pointSizeF() if font.pointSizeF() > 0 else 10.0
        font.setPointSizeF(size * factor)
        font.setBold(bold)
        return font

    def _apply_fonts(self) -> None:
        self.heading.setFont(self._scaled(1.25, bold=True))
        self.progress_label.setFont(self._scaled(1.15, bold=True))
        self.title_label.setFont(self._scaled(1.7, bold=True))
        self.kind_label.setFont(self._scaled(1.05))
        self.question_label.setFont(self._scaled(1.35))
        self.list.setFont(self._scaled(1.15))
        for widget in (self.number_edit, self.unit_label, self.choices_box):
            widget.setFont(self._scaled(1.3))
        for row in self.choice_rows:
            row.set_font(self._scaled(1.3))
        self.tolerance_label.setFont(self._scaled(1.1))
        self.check_button.setFont(self._scaled(1.2, bold=True))
        for button in (self.explore_button, self.next_button, self.reveal_button, self.cancel_button):
            button.setFont(self._scaled(1.15))
        self.feedback_label.setFont(self._scaled(1.3))
        self.explanation_label.setFont(self._scaled(1.3))
        self.number_edit.setMinimumWidth(self.fontMetrics().horizontalAdvance("0") * 16)
        size = max(16, round(self.fontMetrics().height() * 1.3))
        self.list.setIconSize(QSize(size, size))
        self.page.setMaximumWidth(QFontMetrics(self._scaled(1.3)).horizontalAdvance("中") * MAX_COLUMN_EM)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.ApplicationFontChange,
            QEvent.Type.PaletteChange,
        ):
            self._apply_fonts()  # the choices' radios are drawn in the theme's colours too
        super().changeEvent(event)

    # -- the list ---------------------------------------------------------------------------------------

    def _fill_list(self) -> None:
        self.list.clear()
        for ex in self.exercises:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, ex.id)
            self.list.addItem(item)
        self._refresh_list()

    def _refresh_list(self) -> None:
        lang = self.language.code
        for row, ex in enumerate(self.exercises):
            item = self.list.item(row)
            item.setText(f"{row + 1}. {ex.text('title', lang)}")
            record = self.records.get(ex.id)
            state = "open" if record is None else ("right" if record.correct else "wrong")
            item.setIcon(self._icons[state])
            status = {
                "open": self.language.tr(exercises_words.NOT_ANSWERED_YET),
                "right": self.language.tr(exercises_words.ANSWERED_RIGHT),
                "wrong": self.language.tr(exercises_words.ANSWERED_WRONG),
            }[state]
            if record is not None and record.revealed:
                status = self.language.tr(exercises_words.ANSWER_SHOWN_DOES_NOT_COUNT)
            item.setToolTip(status)
            item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, status)

    def _first_unsolved_row(self) -> int:
        for row, ex in enumerate(self.exercises):
            record = self.records.get(ex.id)
            if record is None or not record.correct:
                return row
        return 0

    def correct_count(self) -> int:
        return sum(1 for ex in self.exercises if (r := self.records.get(ex.id)) is not None and r.correct)

    # -- choosing an exercise ---------------------------------------------------------------------------

    def select(self, ident: str) -> None:
        """Show the exercise with this id."""
        for row, ex in enumerate(self.exercises):
            if ex.id == ident:
                self.list.setCurrentRow(row)
                return
        raise KeyError(f"no exercise {ident!r}")

    def _on_current_row_change(self, row: int) -> None:
        self.current = self.exercises[row] if 0 <= row < len(self.exercises) else None
        self.last_grade = None
        self.message = None
        self.outcome = None
        if self._solving is not None:  # moved on: the work for the exercise left is stopped
            self._stop_solving()
        self._build_answer_input()
        record = self.records.get(self.current.id) if self.current is not None else None
        if record is not None:
            self._restore_answer(record.answer)
            # Right, or the answer shown: show it again (instant when already solved). A wrong answer
            # is not graded again: that would show the answer the learner is still looking for.
            if (record.correct or record.revealed) and exercises.is_solved(self.current):
                self._grade_and_show(record.answer, save=False)
        self._set_exercise_texts()

    def _build_answer_input(self) -> None:
        for row in self.choice_rows:
            self.choice_group.removeButton(row.radio)
            row.deleteLater()
        self.choice_rows = []
        self.number_edit.clear()
        ex = self.current
        self.choices_box.setVisible(False)
        self.number_box.setVisible(False)
        self.check_button.setEnabled(ex is not None)
        self.explore_button.setVisible(ex is not None)
        if ex is None:
            return
        try:
            options = exercises.choices(ex)
        except ExerciseError as exc:
            self.check_button.setEnabled(False)
            self.message = (str(exc), str(exc))
            return
        if ex.answer_type == "number":
            self.number_box.setVisible(True)
            return
        for choice in options:
            row = ChoiceRow(choice.key)
            row.set_font(self._scaled(1.3))
            self.choice_group.addButton(row.radio)
            self.choices_layout.addWidget(row)
            self.choice_rows.append(row)
        self.choices_box.setVisible(True)

    def _restore_answer(self, answer: str) -> None:
        if self.current is not None and self.current.answer_type == "number":
            self.number_edit.setText(answer)
        for row in self.choice_rows:
            row.radio.setChecked(row.key == answer)

    # -- answering --------------------------------------------------------------------------------------

    def set_answer(self, answer: str | float) -> None:
        """Fill in an answer as a learner would (pick the choice with this key, or type the number)."""
        self._restore_answer(str(answer))

    def current_answer(self) -> str | None:
        if self.current is None:
            return None
        if self.current.answer_type == "number":
            text = self.number_edit.text().strip()
            return text or None
        return next((row.key for row in self.choice_rows if row.radio.isChecked()), None)

    def check(self) -> None:
        """Grade the answer given, remember it and show the feedback."""
        if self.current is None or not self.check_button.isEnabled():
            return
        answer = self.current_answer()
        if answer is None:
            self.last_grade = None
            self.message = exercises_words.PICK_AN_OPTION_OR_ENTER_A
            self._set_feedback_texts()
            return
        if KINDS[self.current.kind].heavy and not exercises.is_solved(self.current):
            self._solve_in_background(self.current, answer)  # many runs: off the window's thread
            return
        self._grade_and_show(answer, save=True)

    def _solve_in_background(self, ex: Exercise, answer: str) -> None:
        """Work out a many-run answer in a pool thread (a teacher's exercise may take seconds, within
        the work bound every exercise is loaded with); the window keeps answering meanwhile, and
        a learner who moves on to another exercise drops the wait (the answer is kept for later)."""
        from memviz.gui.kit.worker import Job

        # The job's Runner goes through to the batches: Cancel, another exercise or closing the window
        # stops the work itself at its next check (within milliseconds), not only the wait for it.
        job = Job(lambda context: exercises.solve(ex, context.runner))
        self._solving = job
        self.check_button.setEnabled(False)
        self.cancel_button.setVisible(True)
        self.last_grade = None
        self.message = exercises_words.WORKING_OUT_THE_ANSWER
        self._set_feedback_texts()
        job.signals.finished.connect(lambda _solution: self._on_solved(job, ex, answer))
        job.signals.failed.connect(lambda message: self._on_solved(job, ex, answer, message))
        job.start()

    def cancel_check(self) -> None:
        """Stop working out the answer (the Cancel button); the answer given is not graded."""
        if self._solving is None:
            return
        self._stop_solving()
        self.last_grade = None
        self.message = exercises_words.CANCELLED_THE_ANSWER_WAS_NOT_WORKED
        self._set_feedback_texts()

    def _stop_solving(self) -> None:
        self._solving.cancel()
        self._solving = None
        self.check_button.setEnabled(self.current is not None)
        self.cancel_button.setVisible(False)

    def _on_solved(self, job, ex: Exercise, answer: str, failure: str | None = None) -> None:
        if job is not self._solving:
            return  # an earlier wait, dropped
        self._solving = None
        self.check_button.setEnabled(True)
        self.cancel_button.setVisible(False)
        if self.current is not ex:
            return
        if failure is not None:
            self.last_grade = None
            self.message = exercises_words.THIS_EXERCISE_CANNOT_BE_GRADED_N.filled(exc=failure)
            self._set_feedback_texts()
            return
        self._grade_and_show(answer, save=True)

    @property
    def checking(self) -> bool:
        """An answer is being worked out in the background."""
        return self._solving is not None

    def _grade_and_show(self, answer: str, save: bool) -> None:
        ex = self.current
        try:
            grade = exercises.grade(ex, answer)
        except AnswerError as exc:
            self.last_grade = None
            self.message = (exc.zh, exc.en)
        except ExerciseError as exc:
            self.last_grade = None
            self.message = exercises_words.THIS_EXERCISE_CANNOT_BE_GRADED_N.filled(exc=exc)
        else:
            self.last_grade = grade
            self.message = None
            tries = self._attempts()
            if save:
                self.outcome = loop.respond(tries, grade.correct)
                self._hint = loop.hint(ex, answer, tries, "zh"), loop.hint(ex, answer, tries, "en")
                self._save(Record(answer, self.outcome == loop.RIGHT, tries.revealed))
            else:
                self.outcome = loop.RIGHT if grade.correct and not tries.revealed else loop.REVEALED
        self._set_feedback_texts()

    def _attempts(self) -> loop.Attempts:
        return self.attempts.setdefault(self.current.id, loop.Attempts())

    def _save(self, record: Record) -> None:
        self.records[self.current.id] = record
        self.progress_store.save(self.current.id, record)
        self._refresh_list()
        self._set_progress_text()

    def reveal(self) -> None:
        """Show the answer and why (offered after loop.REVEAL_AFTER wrong answers); from now on it
        does not count as right."""
        ex = self.current
        if ex is None or not self._attempts().may_reveal:
            return
        loop.reveal(self._attempts())
        self._save(Record(self.current_answer() or "", False, True))
        self.last_grade = self._grade_any(ex)  # what is shown: the answer's text and its reason
        self.outcome = loop.REVEALED
        self._set_feedback_texts()

    @staticmethod
    def _grade_any(ex: Exercise) -> Grade:
        """The grade of the expected answer itself: its text and explanation, for showing them."""
        return exercises.grade(ex, exercises.solve(ex).expected)

    def _on_explore_click(self) -> None:
        """Open what the exercise is about: its run in Explore, or its experiment in its view."""
        ex = self.current
        if ex is None:
            return
        if ex.site != self.settings.site:
            self.settings.set_site(ex.site, ex.site_path)
        if ex.single_run is not None:
            self.settings.open_run(ex.single_run)
        else:
            self.settings.open_view(ex.view, ex.config)

    def _on_next_click(self) -> None:
        if self.exercises:
            self.list.setCurrentRow((self.list.currentRow() + 1) % len(self.exercises))

    def _on_reset_click(self) -> None:
        tr = self.language.tr
        answer = QMessageBox.question(
            self,
            tr(exercises_words.CLEAR_PROGRESS),
            tr(exercises_words.FORGET_EVERY_ANSWER_GIVEN_SO_FAR),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.reset_progress()

    def reset_progress(self) -> None:
        self.progress_store.clear()
        self.records = {}
        self.attempts = {}
        self._refresh_list()
        self._set_progress_text()
        self.list.setCurrentRow(0)
        self._on_current_row_change(0)

    # -- texts ------------------------------------------------------------------------------------------

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.heading.setText(tr(exercises_words.EXERCISES))
        self.reset_button.setText(tr(exercises_words.CLEAR_PROGRESS))
        self.check_button.setText(tr(common_words.CHECK))
        self._set_open_text()
        self.reveal_button.setText(tr(exercises_words.SHOW_THE_ANSWER))
        self.cancel_button.setText(tr(kit_words.CANCEL))
        self.next_button.setText(tr(exercises_words.NEXT))
        self.number_edit.setPlaceholderText(tr(exercises_words.A_NUMBER))
        if self.problems:
            self.problems_label.setText(
                tr(exercises_words.SOME_EXERCISE_FILES_COULD_NOT_BE) + "\n".join(self.problems)
            )
        self.problems_label.setVisible(bool(self.problems))
        self._set_progress_text()
        self._refresh_list()
        self._set_exercise_texts()

    def _set_progress_text(self) -> None:
        done, total = self.correct_count(), len(self.exercises)
        self.progress_label.setText(self.language.tr(exercises_words.RIGHT_N, done=done, total=total))

    def _set_open_text(self) -> None:
        ex, tr = self.current, self.language.tr
        if ex is None or ex.single_run is not None:
            self.explore_button.setText(tr(exercises_words.OPEN_THIS_RUN_IN_EXPLORE))
            return
        zh, en = OPEN_VIEW_TEXTS.get(ex.view, OPEN_VIEW_TEXTS["batch"])
        self.explore_button.setText(tr(zh, en))

    def _set_exercise_texts(self) -> None:
        self._set_open_text()
        ex, lang, tr = self.current, self.language.code, self.language.tr
        if ex is None:
            self.title_label.setText(tr(exercises_words.NO_EXERCISES))
            self.kind_label.clear()
            self.question_label.setText(tr(exercises_words.NO_EXERCISE_FILES_FOUND_RESOURCES))
            self._set_feedback_texts()
            return
        row = self.exercises.index(ex)
        self.title_label.setText(f"{row + 1}. {ex.text('title', lang)}")
        single = ex.single_run is not None
        kind = tr(exercises_words.ONE_RUN) if single else tr(exercises_words.A_BATCH_OF_RUNS_COMPUTED_WHEN)
        answer = (
            tr(exercises_words.CHOOSE_ONE)
            if ex.answer_type == "choice"
            else tr(exercises_words.ENTER_A_NUMBER)
        )
        self.kind_label.setText(f"{answer} · {kind}")
        try:
            self.question_label.setText(exercises.question(ex, lang))
        except ExerciseError as exc:
            self.question_label.setText(tr(exercises_words.THIS_EXERCISE_CANNOT_BE_ASKED_N, exc=exc))
            self.check_button.setEnabled(False)
        if ex.answer_type == "number":
            try:
                self.unit_label.setText(exercises.unit(ex, lang))
            except ExerciseError:
                self.unit_label.clear()
            self.tolerance_label.setText(exercises.tolerance_text(ex, lang))
        else:
            try:
                labels = {c.key: c.label(lang) for c in exercises.choices(ex)}
            except ExerciseError:
                labels = {}
            for choice_row in self.choice_rows:
                choice_row.set_text(labels.get(choice_row.key, choice_row.key))
        self._set_feedback_texts()

    def _set_feedback_texts(self) -> None:
        lang, tr = self.language.code, self.language.tr
        grade = self.last_grade
        if grade is None:
            if self.message is not None:
                self.feedback_label.setText(_escape(self.message[0] if lang == "zh" else self.message[1]))
                self.feedback_label.setStyleSheet(_card_style("feedback", OPEN_COLOR))
                self.feedback_label.setVisible(True)
            else:
                record = self.records.get(self.current.id) if self.current is not None else None
                if record is not None:
                    verdict = tr(exercises_words.RIGHT) if record.correct else tr(exercises_words.WRONG)
                    self.feedback_label.setText(
                        _escape(tr(exercises_words.LAST_TIME_TRY_AGAIN_N, verdict=verdict))
                    )
                    self.feedback_label.setStyleSheet(_card_style("feedback", OPEN_COLOR))
                    self.feedback_label.setVisible(True)
                else:
                    self.feedback_label.clear()
                    self.feedback_label.setVisible(False)
            self.explanation_label.clear()
            self.explanation_label.setVisible(False)
            return
        tries = self._attempts()
        self.reveal_button.setVisible(tries.may_reveal)
        if self.outcome == loop.HINT:  # wrong: a hint and another try, the answer kept back
            hint = self._hint[0] if lang == "zh" else self._hint[1]
            verdict = tr(exercises_words.NOT_QUITE)
            self.feedback_label.setText(
                f"<b style='color:{WRONG_COLOR}'>{_escape(verdict)}</b> {_escape(hint)}"
            )
            self.feedback_label.setStyleSheet(_card_style("feedback", WRONG_COLOR))
            self.feedback_label.setVisible(True)
            self.explanation_label.clear()
            self.explanation_label.setVisible(False)
            return
        expected = tr(exercises_words.THE_ANSWER) + grade.expected_text(lang)
        if self.outcome == loop.RIGHT:
            color, verdict = RIGHT_COLOR, tr(common_words.RIGHT)
        elif self.outcome == loop.RIGHT_AFTER_REVEAL:
            color = OPEN_COLOR
            verdict = tr(exercises_words.RIGHT_BUT_THE_ANSWER_WAS_SHOWN)
        else:  # shown: the answer and why, no verdict
            color, verdict, expected = OPEN_COLOR, expected, ""
        # the words in the theme's ink when the card's colour is the grey of "no verdict"
        text_colour = self.palette().windowText().color().name() if color == OPEN_COLOR else color
        self.feedback_label.setText(
            f"<b style='color:{text_colour}'>{_escape(verdict)}</b> {_escape(expected)}"
        )
        self.feedback_label.setStyleSheet(_card_style("feedback", color))
        self.feedback_label.setVisible(True)
        self.explanation_label.setText(grade.explanation(lang))
        self.explanation_label.setVisible(True)


def _card_style(name: str, color: str) -> str:
    """A coloured bar on the left and a faint tint of the same colour: readable on every theme."""
    tint = QColor(color)
    return (
        f"QLabel#{name} {{ border: none; border-left: 6px solid {color}; padding: 10px 12px; "
        f"background: rgba({tint.red()}, {tint.green()}, {tint.blue()}, 36); }}"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
