"""The Scenarios tab: pick one of the chapter's memory test cases, a way to run it and a seed, and
play it step by step: pages coloured by state, the timeline with the scenario's markers, memory with
its tags (a poisoned entry in red with its source, entries read back from disk, pages to retest),
reports merged or not, the lesson in a few lines, and an exercise the core grades.

Every frame, marker and answer comes from :mod:`memviz.core.scenarios` (the exercises are data in
``resources/exercises/scenarios/``, graded through :mod:`memviz.exercises`); this view only draws them.
"""

from __future__ import annotations

from memviz import exercises
from memviz.core.scenarios import playback as pb
from memviz.core.scenarios.catalog import SCENARIOS, parse_choice, play, scenario_site
from memviz.exercises import scenario_exercises
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.playback import PlaybackBar, transport_shortcuts
from memviz.gui.kit.qt_clock import QtClock
from memviz.gui.qt import (
    QColor,
    QComboBox,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSignalBlocker,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    Qt,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from memviz.gui.scenarios.canvas import MARKER_COLOURS, POISONED, RETEST, STALE, PagesCanvas, Timeline, bold
from memviz.models.scenario import ScenarioModel
from memviz.models.settings import RunSettings
from memviz.wording import common as common_words
from memviz.wording import scenarios as scenarios_words

TAG_TEXT = {
    pb.POISONED: scenarios_words.POISONED_FROM_THE_COMMENT_ON_N,
    "disk": scenarios_words.READ_BACK_FROM_THE_MEMORY_FILE,
    pb.STALE: scenarios_words.TESTED_ON_V1_PAGE_CHANGED_SINCE,
}


class ScenariosView(QWidget):
    def __init__(self, settings: RunSettings, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenarios")
        self.settings, self.language = settings, language
        self.site = scenario_site()
        # The shared transport: the playback bar, keys and the recorder drive it as Explore's.
        self.model = ScenarioModel(QtClock(self))
        self._build()
        # A method, not a lambda: Qt held the lambda, and with it the view, for the language's life.
        self.language.changed.connect(self._on_language_change)
        self._retranslate()
        self._load()

    # -- layout ----------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.scenario_box = QComboBox(objectName="scenario_choice")
        self.mode_box = QComboBox(objectName="scenario_mode")
        self.seed_box = QSpinBox(objectName="scenario_seed")
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setValue(1000)
        self.seed_label = QLabel()
        for box in (self.scenario_box, self.mode_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.playback_bar = PlaybackBar(self.model, self.language)
        self.step_label = QLabel(objectName="scenario_step")
        style.set_ui_font(self.step_label, 1.05, bold=True)
        top = QHBoxLayout()
        for w in (self.scenario_box, self.mode_box, self.seed_label, self.seed_box):
            top.addWidget(w)
        top.addStretch(1)
        top.addWidget(self.step_label)

        self.pages = PagesCanvas()
        self.timeline = Timeline()
        self.narration = QLabel(objectName="scenario_narration")
        self.narration.setWordWrap(True)
        style.set_ui_font(self.narration, 1.1)
        self.events = QListWidget(objectName="scenario_events")
        self.figures = QPlainTextEdit(objectName="scenario_figures")
        self.figures.setReadOnly(True)
        self.figures.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.figures_button = QPushButton(objectName="scenario_figures_button")
        figures_page = QWidget()
        figures_layout = QVBoxLayout(figures_page)
        figures_layout.setContentsMargins(0, 0, 0, 0)
        figures_layout.addWidget(self.figures_button, 0, Qt.AlignmentFlag.AlignLeft)
        figures_layout.addWidget(self.figures, 1)
        self.lower = QTabWidget(objectName="scenario_lower")
        self.lower.addTab(self.events, "")
        self.lower.addTab(figures_page, "")
        self.lower.setMaximumHeight(190)
        self.job = None
        self._running: set = set()  # jobs still computing: kept alive until they end
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.pages, 1)
        left_layout.addWidget(self.timeline)
        left_layout.addWidget(self.narration)
        left_layout.addWidget(self.lower)

        self.lesson = QLabel(objectName="scenario_lesson")
        self.lesson.setWordWrap(True)
        self.summary = QLabel(objectName="scenario_summary")
        self.summary.setWordWrap(True)
        style.set_ui_font(self.summary, 1.0, bold=True)
        self.memory_title, self.reports_title = QLabel(), QLabel()
        self.memory = QListWidget(objectName="scenario_memory")
        self.reports = QListWidget(objectName="scenario_reports")
        for listing in (self.events, self.memory, self.reports):
            # Long lines (a poisoned comment, a refused path) wrap: scrolled sideways, their point is cut.
            listing.setWordWrap(True)
            listing.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            listing.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.exercise_title, self.question, self.feedback = (
            QLabel(),
            QLabel(objectName="scenario_question"),
            QLabel(),
        )
        self.question.setWordWrap(True)
        self.feedback.setWordWrap(True)
        # the explanation after a check is long: it wraps to the column, never widens it
        self.feedback.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.answer = QLineEdit(objectName="scenario_answer")
        self.check_button = QPushButton(objectName="scenario_check")
        answer_row = QHBoxLayout()
        answer_row.addWidget(self.answer, 1)
        answer_row.addWidget(self.check_button)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.lesson, self.summary, self.memory_title, self.memory, self.reports_title, self.reports,
                  self.exercise_title, self.question):  # fmt: skip
            right_layout.addWidget(w, 1 if isinstance(w, QListWidget) else 0)
        right_layout.addLayout(answer_row)
        right_layout.addWidget(self.feedback)
        self._fit_lists()

        right_scroll = QScrollArea(objectName="scenario_side_scroll")  # the lesson keeps every line
        right_scroll.setWidgetResizable(True)
        right_scroll.setFrameShape(QFrame.Shape.NoFrame)
        right_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        right_scroll.setWidget(right)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(right_scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.playback_bar)
        # A short window zoomed (720p at 150 %) scrolls the pages and the lesson rather than cut
        # them: the grid keeps the height its names need (PagesCanvas.least_height)
        scroll = QScrollArea(objectName="scenario_scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(splitter)
        layout.addWidget(scroll, 1)
        self._shortcuts = transport_shortcuts(self, self.model)

        for name in SCENARIOS:
            self.scenario_box.addItem("", name)
        self.scenario_box.currentIndexChanged.connect(self._on_scenario)
        self.mode_box.currentIndexChanged.connect(lambda _i: self._load())
        self.seed_box.valueChanged.connect(lambda _v: self._load())
        for signal in (self.model.stepped, self.model.replayed, self.model.restarted):
            signal.connect(self._on_position)
        self.timeline.frame_clicked.connect(self.model.jump)
        self.check_button.clicked.connect(self.check_answer)
        self.figures_button.clicked.connect(self.compute_figures)
        self.answer.returnPressed.connect(self.check_answer)

    # -- what to play ------------------------------------------------------------------------------------

    @property
    def scenario(self) -> str:
        return self.scenario_box.currentData()

    @property
    def mode(self) -> str:
        return self.mode_box.currentData()

    def select(self, scenario: str, mode: str | None = None, seed: int | None = None) -> None:
        """Show ``scenario`` played ``mode`` for ``seed`` (defaults: the scenario's own)."""
        with QSignalBlocker(self.scenario_box):
            self.scenario_box.setCurrentIndex(SCENARIOS.names().index(scenario))
        self._fill_modes(mode)
        with QSignalBlocker(self.seed_box):
            self.seed_box.setValue(SCENARIOS.get(scenario).default_seed if seed is None else seed)
        self._load()

    def _fit_lists(self) -> None:
        """The memory and bug lists may shrink to two lines (Qt's least, 70 px, is more at 720p):
        in a short window the lesson above them keeps its last line."""
        least = round(self.memory.fontMetrics().lineSpacing() * 2 + 2 * self.memory.frameWidth() + 4)
        for listing in (self.memory, self.reports):
            listing.setMinimumHeight(least)

    def resizeEvent(self, event) -> None:
        # In a short window the page grid keeps its height and the events box under it gives way
        # (its list scrolls): at 720p and 130 % the grid's names were cut to leave the box 190 px;
        # zoomed to 125 % and more (names at least 15 px, issue 40) the box keeps about three lines.
        lines = self.lower.fontMetrics().lineSpacing()
        self.lower.setMaximumHeight(max(round(lines * 4), min(190, event.size().height() // 7)))
        super().resizeEvent(event)

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._fit_lists()
        super().changeEvent(event)

    def show_for_snapshot(self, detail: str, steps: int | None) -> None:
        """``--view scenarios/NAME[/MODE[/SEED]]`` (snapshot, record) after ``steps`` frames (None: the
        last); an empty ``detail`` keeps the scenario shown. Raises ValueError naming a bad part."""
        if detail:
            self.select(*parse_choice(detail))
        if steps is None:
            self.jump_to_end()
        else:
            self.model.jump(steps)

    def _on_scenario(self, _index: int) -> None:
        self.select(self.scenario)

    def _fill_modes(self, mode: str | None = None) -> None:
        scenario = SCENARIOS.get(self.scenario)
        with QSignalBlocker(self.mode_box):
            self.mode_box.clear()
            for m in scenario.modes:
                self.mode_box.addItem(scenario.mode_label(m, self.language.code), m)
            self.mode_box.setCurrentIndex(scenario.modes.index(mode or scenario.first_mode))

    def _load(self) -> None:
        if self.mode_box.count() == 0:
            self._fill_modes()
        playback = play(self.scenario, self.site, self.seed_box.value(), self.mode, self.language.code)
        self.timeline.set_playback(playback.frames, playback.markers)
        self.feedback.clear()
        self.model.set_playback(playback)  # shows frame 0
        self._set_static_texts()
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.figures.clear()

    # -- playing -------------------------------------------------------------------------------------------

    @property
    def playback(self) -> pb.Playback | None:
        return self.model.playback

    @property
    def index(self) -> int:
        """The frame shown."""
        return self.model.position

    def _on_position(self, *_args) -> None:
        self.show_frame(self.model.position)

    def jump_to_end(self) -> None:
        self.model.jump(self.model.total)

    def show_frame(self, index: int) -> None:
        if self.playback is None:
            return
        index = max(0, min(index, len(self.playback.frames) - 1))
        frame = self.playback.frames[index]
        lang, tr = self.language.code, self.language.tr
        self.pages.show_frame(self.site, frame, lang)
        self.timeline.set_current(index)
        self.step_label.setText(tr(scenarios_words.SESSION_STEP_N, session=frame.session, step=frame.step))
        self.narration.setText(frame.note(lang))
        self.events.clear()
        for marker in self.playback.markers:
            if marker.frame <= index:
                item = QListWidgetItem(f"[{self.playback.frames[marker.frame].step}] {marker.text(lang)}")
                item.setForeground(MARKER_COLOURS.get(marker.kind, style.colors().ink))
                if marker.frame == index:
                    item.setFont(bold(item.font()))
                self.events.addItem(item)
        self.events.scrollToBottom()
        self._show_memory(frame)
        self._show_reports(frame)

    def _show_memory(self, frame: pb.Frame) -> None:
        lang = self.language.code
        self.memory.clear()
        for k, line in enumerate(frame.memory):
            text = f"{k + 1}. {self.site.page_name(line.page, lang)}"
            if line.tag in TAG_TEXT:
                source = self.site.page_name(line.source, lang) if line.source is not None else ""
                text += "  ← " + self.language.tr(*TAG_TEXT[line.tag]).format(source=source)
            item = QListWidgetItem(text)
            colour = {pb.POISONED: POISONED, pb.STALE: STALE, pb.RETEST: RETEST}.get(line.tag)
            if colour is not None:
                item.setForeground(colour)
                item.setFont(bold(item.font()))
            self.memory.addItem(item)
        first_tagged = next((k for k, line in enumerate(frame.memory) if line.tag), None)
        if first_tagged is not None:  # what the lesson is about, in view
            self.memory.scrollToItem(self.memory.item(first_tagged))
        for page, state in enumerate(frame.states):
            if state == pb.RETEST:
                item = QListWidgetItem(
                    f"—  {self.site.page_name(page, lang)}  " + self.language.tr(scenarios_words.TO_RETEST)
                )
                item.setForeground(RETEST)
                self.memory.addItem(item)

    def _show_reports(self, frame: pb.Frame) -> None:
        self.reports.clear()
        lang = self.language.code
        if frame.reports:
            for k, line in enumerate(frame.reports):
                if line.merged_into is None:
                    text = f"#{k + 1} {line.title}  [{line.fingerprint}]"
                else:
                    text = (
                        f"#{k + 1} {line.title}  → "
                        + self.language.tr(scenarios_words.MERGED_INTO)
                        + f" #{self._kept_number(frame, line.merged_into)}"
                    )
                item = QListWidgetItem(text)
                if line.merged_into is None:
                    item.setFont(bold(item.font()))
                else:
                    wrong = frame.reports[self._kept_position(frame, line.merged_into)].bug != line.bug
                    item.setForeground(QColor("#D55E00") if wrong else style.colors().muted)
                self.reports.addItem(item)
        elif frame.bug_states:  # a new version: each entry with its state, stale ones marked
            fixed = set(self.site.versions[0].fixed) if self.site.versions else set()
            for page, state in frame.bug_states:
                item = QListWidgetItem(f"{pb.bug_name(self.site, page, lang)} — {self._bug_state(state)}")
                if page in fixed and state.startswith("open"):
                    item.setForeground(STALE)
                    item.setText(
                        item.text() + self.language.tr(scenarios_words.STALE_FIXED_IN_THE_NEW_VERSION)
                    )
                self.reports.addItem(item)
        else:
            for page in frame.bugs_found:
                self.reports.addItem(pb.bug_name(self.site, page, lang))

    def _bug_state(self, state: str) -> str:
        _, _, version = state.partition(" in ") if state.startswith("fixed") else state.partition(" ")
        if state.startswith("fixed"):
            return self.language.tr(scenarios_words.FIXED_IN_N, version=version)
        return self.language.tr(scenarios_words.OPEN_N, version=version)

    def _kept_position(self, frame: pb.Frame, kept: int) -> int:
        """The report list position of the ``kept``-th kept report."""
        positions = [k for k, line in enumerate(frame.reports) if line.merged_into is None]
        return positions[kept] if kept < len(positions) else 0

    def _kept_number(self, frame: pb.Frame, kept: int) -> int:
        return self._kept_position(frame, kept) + 1

    # -- figures over the seeds (as ``memviz scenario NAME`` prints them), off the GUI thread ---------

    def compute_figures(self) -> None:
        from memviz.core.scenarios.catalog import scenario_figures
        from memviz.gui.kit.worker import Job

        if self.job is not None:
            self.job.cancel()
        name, lang, site = self.scenario, self.language.code, self.site
        options = {"lang": lang} if SCENARIOS.get(name).worded else {}
        self.figures.setPlainText(self.language.tr(common_words.COMPUTING))
        self.job = job = Job(lambda _context: scenario_figures(name, site, **options))
        job.signals.finished.connect(lambda figures: self._show_figures(job, name, lang, figures))
        job.signals.failed.connect(self.figures.setPlainText)
        for signal in (job.signals.finished, job.signals.failed, job.signals.cancelled):
            signal.connect(lambda *_: self._running.discard(job))
        self._running.add(job)
        job.start()

    def _show_figures(self, job, name: str, lang: str, figures: dict) -> None:
        import argparse

        from memviz.text.scenario import scenario_text

        if job is not self.job:
            return  # an older computation, overtaken
        defaults = {a.dest: a.default for a in SCENARIOS.get(name).arguments}  # as the command line's
        args = argparse.Namespace(runs=200, seed0=1000, **defaults)
        self.figures.setPlainText("\n".join(scenario_text(name, figures, args, lang)[3:]))

    # -- the exercise ---------------------------------------------------------------------------------------

    def check_answer(self) -> None:
        """Grade the answer typed with the core's figure (memviz.exercises), then say why."""
        exercise = scenario_exercises().get(self.scenario)
        if exercise is None:  # a scenario with no exercise shows no answer box
            return
        lang, tr = self.language.code, self.language.tr
        try:
            right = exercises.check(exercise, self.answer.text())
        except exercises.AnswerError as exc:
            self.feedback.setText(exc.message(lang))
            return
        shown = exercises.solve(exercise).expected_text[lang]
        verdict = (
            tr(common_words.RIGHT) if right else tr(scenarios_words.NOT_QUITE_THE_ANSWER_IS_N, shown=shown)
        )
        self.feedback.setText(
            verdict + tr(scenarios_words.SENTENCE_GAP) + exercises.explanation(exercise, lang)
        )
        self.feedback.setStyleSheet("color: #009E73;" if right else "color: #D55E00;")

    # -- texts -------------------------------------------------------------------------------------------------

    def _set_static_texts(self) -> None:
        lang, tr = self.language.code, self.language.tr
        scenario = SCENARIOS.get(self.scenario)
        self.lesson.setText(f"<b>{scenario.title(lang)}</b><br>{scenario.lesson(lang)}")
        self.summary.setText(self.playback.summary(lang) if self.playback else "")
        exercise = scenario_exercises().get(self.scenario)
        for widget in (self.exercise_title, self.question, self.answer, self.check_button, self.feedback):
            widget.setVisible(exercise is not None)
        self.question.setText(exercises.question(exercise, lang) if exercise is not None else "")
        self.memory_title.setText(tr(scenarios_words.MEMORY_EVICTION_ORDER))
        self.reports_title.setText(tr(*scenario.list_title))

    def _on_language_change(self, _code: str) -> None:
        self._retranslate()

    def _retranslate(self) -> None:
        tr = self.language.tr
        for i, scenario in enumerate(SCENARIOS.values()):
            self.scenario_box.setItemText(i, scenario.title(self.language.code))
        shown = SCENARIOS.get(self.scenario)
        for i in range(self.mode_box.count()):
            self.mode_box.setItemText(i, shown.mode_label(self.mode_box.itemData(i), self.language.code))
        self.seed_label.setText("seed")
        self.exercise_title.setText(tr(scenarios_words.EXERCISE_GRADED_AUTOMATICALLY))
        self.check_button.setText(tr(common_words.CHECK))
        self.lower.setTabText(0, tr(scenarios_words.EVENTS))
        self.lower.setTabText(1, tr(scenarios_words.FIGURES_OVER_200_SEEDS))
        self.figures_button.setText(tr(scenarios_words.COMPUTE_THE_FIGURES_OVER_SEEDS_1000))
        self.answer.setPlaceholderText(tr(scenarios_words.YOUR_ANSWER))
        if self.playback is not None:
            if shown.worded:  # e.g. report titles are worded in the language
                index = self.index
                self._load()
                self.model.jump(index)
                return
            self._set_static_texts()
            self.show_frame(self.index)
