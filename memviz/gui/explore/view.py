"""The Explore view: watch the agent walk the site, and watch its memory fill and forget.

Controls on top; the site graph and the narration on the left; the numbers, the little plots and
the memory on the right. Every panel subscribes to one ExploreModel.
"""

from __future__ import annotations

from memviz.gui.explore.context_panel import ContextPanel
from memviz.gui.explore.controls import ConfigBar
from memviz.gui.explore.graph_view import SiteGraphView
from memviz.gui.explore.memory_panel import MemoryPanel
from memviz.gui.explore.narration_log import NarrationLog
from memviz.gui.explore.numbers_panel import NumbersPanel
from memviz.gui.explore.progress_plot import ProgressPlot
from memviz.gui.explore.recorded_banner import RecordedBanner
from memviz.gui.kit import style, themes
from memviz.gui.kit.language import Language
from memviz.gui.kit.playback import PlaybackBar, transport_shortcuts
from memviz.gui.kit.predict_bar import PredictBar
from memviz.gui.kit.qt_clock import QtClock
from memviz.gui.qt import (
    QApplication,
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.models.settings import RunSettings
from memviz.wording import explore as explore_words


class ExploreView(QWidget):
    def __init__(self, settings: RunSettings, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore")
        self.language = language
        self.model = ExploreModel(settings, QtClock(self))
        self.config_bar = ConfigBar(self.model, language)
        self.playback = PlaybackBar(self.model, language)
        self.graph = SiteGraphView(self.model, language)
        self.narration = NarrationLog(self.model, language)
        self.numbers = NumbersPanel(self.model, language)
        self.progress = ProgressPlot(self.model, language)
        self.memory = MemoryPanel(self.model, language)
        self.context = ContextPanel(self.model, language)  # issue 38: shown only with a context
        self.predict = PredictBar(self.model, language)
        self.narration_title = QLabel()
        self.narration_title.setObjectName("narration_title")
        style.set_ui_font(self.narration_title, 1.15, bold=True)
        self.numbers_title = QLabel()
        self.numbers_title.setObjectName("numbers_title")
        style.set_ui_font(self.numbers_title, 1.15, bold=True)
        self.config_bar.nav_edges.toggled.connect(self.graph.set_show_nav_edges)
        self.predict.asking.connect(self.memory.list.hide_answer)  # no "next to go" while the class guesses
        self.predict.asking.connect(self._show_under_graph)
        self.model.stepped.connect(self._show_under_graph)
        self.model.replayed.connect(self._show_under_graph)

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(_titled(self.narration_title, self.narration))
        bottom.addWidget(self.progress)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        left = QSplitter(Qt.Orientation.Vertical)
        self.graph_frame = _framed(self.graph)
        # The predict strip asks under the graph, where the class looks, in the narration's place
        # while its question is open and its answer new: taking the graph's height instead shrank
        # the page names below a readable size at 1280×720 (issue 22); the graph never moves for it.
        question = QWidget()
        question_layout = QVBoxLayout(question)
        question_layout.setContentsMargins(0, 0, 0, 0)
        question_layout.addWidget(self.predict)
        question_layout.addStretch(1)
        self.under_graph = QStackedWidget()
        self.under_graph.addWidget(bottom)
        self.under_graph.addWidget(question)
        left.addWidget(self.graph_frame)
        left.addWidget(self.under_graph)
        left.setStretchFactor(0, 4)
        left.setStretchFactor(1, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.setSpacing(8)
        right_layout.addWidget(self.numbers_title)
        right_layout.addWidget(self.numbers)
        right_layout.addSpacing(4)
        right_layout.addWidget(self.context)
        right_layout.addWidget(self.memory, 1)
        right_layout.addWidget(self.predict.switch_box)
        main = QSplitter(Qt.Orientation.Horizontal)
        main.addWidget(left)
        main.addWidget(right)
        main.setStretchFactor(0, 3)
        main.setStretchFactor(1, 2)
        for splitter in (bottom, left, main):
            splitter.setChildrenCollapsible(False)
            splitter.setHandleWidth(8)
            splitter.splitterMoved.connect(self._on_splitter_move)
        self.splitters = (main, left, bottom)
        self.presenter = False  # presenter mode (set_presenter): the graph and memory fill the view
        self._user_sized = False
        self._fields: tuple[QWidget, ...] = ()  # number fields whose keys the view watches (below)
        main.installEventFilter(self)  # balance the panels once the splitter knows its size

        # Opaque panels: a step repaints parts of them, and Qt paints a part's non-opaque ancestors
        # under it first (here, up to the tabs and the window). Filled with the window's colour,
        # they look the same and stop that chain.
        for panel in (self, right, bottom.widget(0)):
            panel.setAutoFillBackground(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(8)
        layout.addWidget(self.config_bar)
        self.recorded_banner = RecordedBanner(self.model, language)
        layout.addWidget(self.recorded_banner)
        self.compare_button = QPushButton()  # "compare this run with…" (the Compare view, issue 12)
        self.compare_button.setObjectName("compare_with")
        self.compare_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.compare_button.clicked.connect(lambda: settings.compare_run(self.model.config))
        transport = QHBoxLayout()
        transport.addWidget(self.playback, 1)
        transport.addWidget(self.compare_button)
        layout.addLayout(transport)
        layout.addWidget(main, 1)

        self._shortcuts: list = []  # make_keys, once the window has painted
        # A click anywhere in the view that is not on a control takes the focus from a field being
        # typed in (which commits it), so the keys above work again; so does Enter in the field.
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._fields = (
            self.config_bar.capacity, self.config_bar.budget, self.config_bar.seed,
        )  # fmt: skip
        for field in self._fields:
            field.installEventFilter(self)

        language.changed.connect(self._on_language_change)
        themes.manager().changed.connect(self._on_theme_change)
        self._set_texts()
        self._set_colors()
        self.graph.setFocus()

    def set_presenter(self, on: bool) -> None:
        """Presenter mode: the graph and the memory panel take the view; the settings, the live
        numbers and the narration with its charts fold away (a question to the class still asks
        under the graph). The window sets the type a step larger."""
        self.presenter = on
        self.config_bar.setVisible(not on)
        # The memory's title may take two lines, so the panel can give the graph its room.
        self.memory.title.setWordWrap(on)
        self._balance()
        self._fit_height()
        self._show_under_graph()

    def _balance(self) -> None:
        """Share the window between the panels for its size, until the user drags a splitter."""
        if self._user_sized:
            return
        main, left, bottom = self.splitters
        width, height = main.width(), main.height()
        if width <= 0 or height <= 0:
            return
        right = max(440, min(int(width * 0.37), 760))
        if self.presenter:
            # The graph first: at 1280×720 and the type a step up, 37 % for memory left the site too
            # wide for the graph's share, shown zoomed in with pages off its edges (issue 40).
            right = max(360, min(int(width * 0.3), 640))
        main.setSizes([width - right, right])
        log = max(120, min(int(height * 0.22), 240))
        left.setSizes([height - log, log])
        plot = max(260, int((width - right) * 0.4))
        bottom.setSizes([width - right - plot, plot])

    def _show_under_graph(self, *_args) -> None:
        """The question strip while a question is open or its answer was the last step, else the
        narration and the plots."""
        bar = self.predict
        asking = bar.question is not None or (
            bar.reveal_words is not None and bar.answered_call == self.model.position
        )
        question = asking and bar.switch.isChecked()
        self.under_graph.setCurrentIndex(1 if question else 0)
        self.under_graph.setVisible(not self.presenter or question)

    def _on_splitter_move(self, _pos: int, _index: int) -> None:
        self._user_sized = True

    def eventFilter(self, watched, event) -> bool:
        if watched is self.splitters[0] and event.type() == QEvent.Type.Resize:
            self._balance()
        elif watched in self._fields and event.type() == QEvent.Type.KeyPress:
            return self._field_key(watched, event)
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event) -> None:
        """Escape in any other box of the view (a list, a choice) hands the keys back to the run too;
        with the run's keys already there, it goes on to the window (which leaves full screen)."""
        focus = QApplication.focusWidget()
        if (
            event.key() == Qt.Key.Key_Escape
            and focus is not None
            and focus is not self.graph
            and self.isAncestorOf(focus)
        ):
            self.graph.setFocus(Qt.FocusReason.OtherFocusReason)
            event.accept()
            return
        super().keyPressEvent(event)

    def _field_key(self, field: QWidget, event) -> bool:
        """Keys typed into a number field: Enter or Escape hands the keys back to the run; Space (never part
        of a number) plays or pauses; → at the end of the number steps, ← at its start steps back."""
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.graph.setFocus(Qt.FocusReason.OtherFocusReason)  # the field commits as it loses focus
            return False
        if key == Qt.Key.Key_Escape:  # as a click beside the field: the keys go back to the run
            self.graph.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        edit = field if isinstance(field, QLineEdit) else field.findChild(QLineEdit)
        suffix = len(field.suffix()) if isinstance(field, QSpinBox) else 0
        if edit.hasSelectedText():
            return False
        if key == Qt.Key.Key_Space:
            self.model.toggle_play()
            return True
        if key == Qt.Key.Key_Right and edit.cursorPosition() >= len(edit.text()) - suffix:
            self.model.step()
            return True
        if key == Qt.Key.Key_Left and edit.cursorPosition() == 0:
            self.model.back()
            return True
        return False

    def make_keys(self) -> None:
        """The playing keys and F (follow the agent): made by the window once it has painted."""
        if not self._shortcuts:
            self._shortcuts = transport_shortcuts(
                self, self.model, ((("F",), self.graph.camera.toggle_follow),)
            )

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.narration_title.setText(tr(explore_words.NARRATION_WHAT_EACH_STEP_DID))
        self.numbers_title.setText(tr(explore_words.LIVE_NUMBERS))
        self.compare_button.setText(tr(explore_words.COMPARE_THIS_RUN_WITH))

    def _set_colors(self) -> None:
        c = style.colors()
        self.graph_frame.setStyleSheet(
            f"QFrame#graph_frame {{ border: {round(style.line_width())}px solid {c.border.name()};"
            f" border-radius: 8px; background: {c.backdrop.name()}; }}"
        )

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_theme_change(self, _theme) -> None:
        self._set_colors()
        style.refresh_colors(self)

    def changeEvent(self, event) -> None:
        # The app font reaches this view as a FontChange after its children's own; fonts set
        # explicitly (titles, buttons, painted text) are scaled from it here.
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            style.refresh_fonts(self)
            self._fit_height()
        super().changeEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        """In a short window (style.short_window) the cards speak for themselves: their title's
        line goes to the memory rows, as do the cards' detail lines and the memory's rule."""
        numbers = not self.presenter and not style.short_window(self, style.NUMBERS_FOLD_EMS)
        if numbers != self.numbers.isVisibleTo(self):
            self.numbers.setVisible(numbers)
        shown = not style.short_window(self) and not self.presenter
        if shown != self.numbers_title.isVisibleTo(self):
            self.numbers_title.setVisible(shown)


def _framed(widget: QWidget) -> QFrame:
    frame = QFrame()
    frame.setObjectName("graph_frame")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(1, 1, 1, 1)
    layout.addWidget(widget)
    return frame


def _titled(title: QLabel, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(4)
    layout.addWidget(title)
    layout.addWidget(widget, 1)
    return box
