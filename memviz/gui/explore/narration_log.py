"""The narration log: the run told one line per step, in the UI language."""

from __future__ import annotations

from memviz.core.engine import StepEvent
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.plain_text import escaped
from memviz.gui.qt import QPlainTextEdit, Qt
from memviz.models.explore import ExploreModel
from memviz.presentation.narration import (
    KIND_BUG,
    KIND_CONTEXT,
    KIND_DUPLICATE,
    KIND_EVICT,
    KIND_MISUSE,
    KIND_NEW,
    KIND_PLAN,
    KIND_REPEAT,
    KIND_START,
    KIND_STOP,
    NarrationLine,
    narrate_run,
    narrate_step,
)

# Each kind of line in one of the theme's text colours (style.ExploreColors' field names).
_COLORS = {
    KIND_START: "muted",
    KIND_NEW: "ink",
    KIND_REPEAT: "repeat_text",
    KIND_PLAN: "plan_text",
    KIND_MISUSE: "evict_text",  # what went wrong, in the colour of forgetting
    KIND_BUG: "bug_text",
    KIND_DUPLICATE: "duplicate_text",
    KIND_EVICT: "evict_text",
    KIND_CONTEXT: "evict_text",  # the context lost something: the colour of forgetting
    KIND_STOP: "ink",
}
_BOLD = frozenset({KIND_BUG, KIND_DUPLICATE, KIND_STOP})


class NarrationLog(QPlainTextEdit):
    """Read-only text, one block per line: appending a step costs one block, not a relayout of all."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_narration")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.setReadOnly(True)
        style.set_ui_font(self, 1.0)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setUndoRedoEnabled(False)
        self._set_colors()
        # Keep the newest line in view when the log's size or type changes, unless the reader has
        # scrolled back to an older one.
        self._following = True
        self._appending = False  # lines being added scroll to the end once, when all are in
        self._line_count = 0
        self._step_start = 0  # the block where the newest step's lines begin
        self.verticalScrollBar().valueChanged.connect(self._on_scroll_change)
        self.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_change)
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._on_model_replay()

    def lines(self) -> list[str]:
        return self.toPlainText().split("\n")

    def _set_colors(self) -> None:
        c = style.colors()
        self.setStyleSheet(
            f"QPlainTextEdit {{ background: {c.paper.name()}; color: {c.ink.name()};"
            f" border: {round(style.line_width())}px solid {c.border.name()}; border-radius: 8px; padding: 4px; }}"
            + " "
            + style.scroll_bar_sheet()
        )

    def _add(self, lines: list[NarrationLine]) -> None:
        # A block per line in its kind's colour, all the lines appended as one piece of HTML: a
        # replay of 2,000 lines took 0.10 s as text with a QTextCharFormat a line, 0.03 s so
        # (measured), and Python never names the text classes (QTextCharFormat, QTextCursor,
        # QTextDocument), whose enum types PySide6 builds as they are first named: 20 M
        # instructions, 1.6 % of the window's first paint (issue 41).
        if not lines:
            return
        c = style.colors()
        paragraphs = []
        for line in lines:
            text = escaped(line.text)
            if line.kind in _BOLD:
                text = f"<b>{text}</b>"
            colour = getattr(c, _COLORS.get(line.kind, "ink")).name()
            paragraphs.append(f'<p style="margin:0; color:{colour}; white-space:pre-wrap">{text}</p>')
        self._appending = True
        try:
            self.appendHtml("".join(paragraphs))
        finally:
            self._appending = False
        self._line_count += len(lines)

    def _scroll_to_end(self) -> None:
        """The newest step in view: all its lines if they fit, else its sentence from the start.

        Scrolled to the end alone, a short box showed the last lines only, and those can be the
        wrapped tail of the step's sentence ("forgotten). Budget used up")."""
        bar = self.verticalScrollBar()
        if bar.maximum() > 0:  # else every line is in view (and the document need not be asked)
            bar.setValue(min(bar.maximum(), self._step_top()))
        self._following = True

    def _step_top(self) -> int:
        """The scroll value that puts the newest step's first line at the top: the document's
        lines less those of the step's blocks (counted from the end: a step costs its own lines)."""
        document = self.document()
        after = 0
        block = document.lastBlock()
        while block.isValid() and block.blockNumber() >= self._step_start:
            after += max(1, block.lineCount())
            block = block.previous()
        return max(0, document.lineCount() - after)

    def _on_scroll_change(self, value: int) -> None:
        if not self._appending:
            maximum = self.verticalScrollBar().maximum()
            self._following = maximum == 0 or value >= min(maximum, self._step_top())

    def _on_scroll_range_change(self, _minimum: int, _maximum: int) -> None:
        if self._following and not self._appending:
            self._scroll_to_end()

    def _on_model_step(self, event: StepEvent) -> None:
        self._step_start = self._line_count
        self._add(
            narrate_step(event, self.model.site, self.model.config, self.language.code, self.model.recorded)
        )
        self._scroll_to_end()

    def _on_model_replay(self) -> None:
        self.clear()
        self._line_count = 0
        site, config, lang, recorded = (
            self.model.site,
            self.model.config,
            self.language.code,
            self.model.recorded,
        )
        lines = narrate_run(self.model.events, site, config, lang, recorded)
        newest = (
            narrate_step(self.model.events[-1], site, config, lang, recorded) if self.model.events else []
        )
        self._step_start = len(lines) - len(newest)  # where the newest step's lines begin
        self._add(lines)
        self._scroll_to_end()

    def _on_language_change(self, _code: str) -> None:
        self._on_model_replay()

    def _on_theme_change(self) -> None:
        self._set_colors()
        self._on_model_replay()  # the lines carry their colours
