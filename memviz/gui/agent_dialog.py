"""File → Run a model…: a real model explores the site in force, watched live (docs/agent.md).

The run is :class:`memviz.agent.live.LiveRun` (the same harness as ``memviz agent``) in a thread of
its own. Each step it finishes is in its trace at once; the window replays that trace in Explore
(the graph, the memory panel and the numbers, with the run's memory as the "what if" memory, which
is the memory the model was given: the same class, capacity and policy along the same path), and
this dialog's "What the model saw" panel shows the step's prompt, the injected memory block
highlighted, and the model's reply. Cancel ends the run at once (the call in flight is abandoned);
the trace keeps every finished step.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from memviz.agent.memory import MODES
from memviz.agent.run import AgentSettings, RunOutcome, StepRecord
from memviz.core.context import COMPACTIONS, compaction_name
from memviz.core.policies import POLICIES
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QObject,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    Signal,
    is_alive,
)
from memviz.models.settings import RunSettings
from memviz.web.crawler import normalise
from memviz.wording import agent as words
from memviz.wording import context as context_words
from memviz.wording import explore as explore_words
from memviz.wording import kit as kit_words
from memviz.wording import policy_name, strategy_name, term
from memviz.wording import window as window_words
from memviz.wording.common import CAPACITY

STRATEGY_OF = {"none": "random", "visited": "visited", "frontier": "frontier"}  # the same memory, simulated
MEMORY_COLOUR = "#fff3b0"  # the memory block's highlight (light and dark themes: dark text is kept on it)
DEFAULT_FOLDER = Path.home() / "memviz-agent-traces"


class _Bridge(QObject):
    """The run's thread hands its steps and its end to the GUI thread (queued signals)."""

    stepped = Signal(object, object)  # StepRecord, Path
    ended = Signal(object, object, object)  # RunOutcome | None, Exception | None, Path


class AgentDialog(QDialog):
    def __init__(
        self,
        settings: RunSettings,
        language: Language,
        parent=None,
        show: Callable[[Path], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("agent_dialog")
        self.settings, self.language = settings, language
        self.show_trace = show or (lambda path: None)
        self.run = None
        self.settings_in_run: AgentSettings | None = None
        self.steps: list[StepRecord] = []
        self.bridge = _Bridge(self)
        self.bridge.stepped.connect(self._on_step)
        self.bridge.ended.connect(self._on_end)

        self.endpoint = QLineEdit("http://127.0.0.1:11434/v1")
        self.model = QLineEdit()
        self.key_variable = QLineEdit()
        self.memory = QComboBox()
        self.capacity = QSpinBox()
        self.capacity.setRange(0, 10_000)  # 0: unlimited
        self.policy = QComboBox()
        for name in POLICIES.choices():
            if name != "opt":
                self.policy.addItem("", name)
        self.budget = QSpinBox()
        self.budget.setRange(1, 1000)
        self.budget.setValue(30)
        self.context = QSpinBox()  # tokens; 0: off (no history sent)
        self.context.setRange(0, 1_000_000)
        self.context.setSingleStep(1000)
        self.compaction = QComboBox()
        for mode in COMPACTIONS:
            self.compaction.addItem("", mode)
        self.folder = QLineEdit(str(DEFAULT_FOLDER))
        form = QFormLayout()
        self.labels = [QLabel() for _ in range(10)]
        for label, field in zip(
            self.labels,
            (self.endpoint, self.model, self.key_variable, self.memory, self.capacity, self.policy, self.context,
             self.compaction, self.budget, self.folder),
            strict=True,
        ):  # fmt: skip
            form.addRow(label, field)
        self.run_button = QPushButton()
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.setEnabled(False)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.saw_title = QLabel()
        self.saw_title.setObjectName("what_the_model_saw")
        self.mark = QLabel()
        self.saw = QTextBrowser()
        self.saw.setObjectName("prompt_view")
        self.reply_title = QLabel()
        self.reply = QTextBrowser()
        self.reply.setObjectName("reply_view")
        self.reply.setMaximumHeight(90)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        title_row = QHBoxLayout()
        title_row.addWidget(self.saw_title)
        title_row.addStretch(1)
        title_row.addWidget(self.mark)
        layout.addLayout(title_row)
        layout.addWidget(self.saw, 1)
        layout.addWidget(self.reply_title)
        layout.addWidget(self.reply)
        self.resize(860, 820)
        language.changed.connect(self._on_language_change)
        self._set_texts()

    # -- words ----------------------------------------------------------------------------------------

    def _set_texts(self) -> None:
        tr, lang = self.language.tr, self.language.code
        self.setWindowTitle(tr(words.LIVE_AGENT))
        names = (
            words.ENDPOINT, words.MODEL, words.KEY_VARIABLE, words.INJECTED_MEMORY, CAPACITY, None,
            context_words.PANEL_TITLE, words.COMPACTION_SETTING, explore_words.BUDGET, words.TRACE_FOLDER,
        )  # fmt: skip
        for label, name in zip(self.labels, names, strict=True):
            label.setText(term("policy_setting", lang) if name is None else tr(name))
        self.key_variable.setPlaceholderText(tr(words.KEY_PLACEHOLDER))
        chosen = self.memory.currentData() or "frontier"
        self.memory.clear()
        for mode in MODES:
            self.memory.addItem(strategy_name(STRATEGY_OF[mode], lang, capital=True), mode)
        self.memory.setCurrentIndex(MODES.index(chosen))
        self.capacity.setSpecialValueText(tr(explore_words.UNLIMITED))
        self.context.setSpecialValueText(tr(words.CONTEXT_OFF))
        for k in range(self.compaction.count()):
            self.compaction.setItemText(k, compaction_name(self.compaction.itemData(k), lang))
        for k in range(self.policy.count()):
            self.policy.setItemText(k, policy_name(self.policy.itemData(k), lang, capital=True))
        self.run_button.setText(tr(words.RUN))
        self.cancel_button.setText(tr(kit_words.CANCEL))
        self.close_button.setText(tr(window_words.CLOSE))
        self.saw_title.setText(f"<b>{html.escape(tr(words.WHAT_THE_MODEL_SAW))}</b>")
        self.mark.setText(
            f'<span style="background:{MEMORY_COLOUR};color:#222">&nbsp;{html.escape(tr(words.MEMORY_MARK))}&nbsp;</span>'
        )
        self.reply_title.setText(f"<b>{html.escape(tr(words.THE_REPLY))}</b>")
        if not self.steps and self.run is None:
            self.status.setText(tr(words.NO_STEP_YET))

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()
        if self.steps:
            self._show_step(self.steps[-1])

    # -- the run --------------------------------------------------------------------------------------

    def agent_settings(self) -> AgentSettings | None:
        endpoint, model = self.endpoint.text().strip(), self.model.text().strip()
        if normalise(endpoint) is None or not model:
            return None
        mode = self.memory.currentData()
        capacity = self.capacity.value() or None
        return AgentSettings(
            model, endpoint, mode, None if mode == "none" else capacity,
            "fifo" if mode == "none" else self.policy.currentData(), None, self.budget.value(),
            0.0, self.language.code, self.context.value() or None, self.compaction.currentData(),
        )  # fmt: skip

    def start(self) -> None:
        from memviz.agent.live import LiveRun

        settings = self.agent_settings()
        if settings is None:
            self.status.setText(self.language.tr(words.NEEDS_ENDPOINT))
            return
        # The window's what-if memory is the model's: the same strategy's memory, capacity and policy.
        self.settings.update(
            strategy=STRATEGY_OF[settings.memory],
            capacity=settings.capacity,
            policy=settings.policy,
            ttl=None,
        )
        self.settings_in_run, self.steps = settings, []
        bridge = self.bridge

        def on_step(record, path):
            if is_alive(bridge):
                bridge.stepped.emit(record, path)

        def on_end(outcome, error, path):
            if is_alive(bridge):
                bridge.ended.emit(outcome, error, path)

        self.run = LiveRun(
            settings, self.settings.site, Path(self.folder.text().strip() or DEFAULT_FOLDER),
            api_key_env=self.key_variable.text().strip() or None, on_step=on_step, on_end=on_end,
        )  # fmt: skip
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(self.language.tr(words.STARTING))
        self.saw.clear()
        self.reply.clear()
        self.run.start()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText(self.language.tr(words.CANCELLING))

    def closeEvent(self, event) -> None:
        self.cancel()  # the run ends now; its trace keeps every finished step
        super().closeEvent(event)

    def _on_step(self, record: StepRecord, path: Path) -> None:
        self.steps.append(record)
        self.show_trace(path)
        if record.prompt is not None:
            self._show_step(record)
        tokens = sum((s.tokens_in or 0) + (s.tokens_out or 0) for s in self.steps)
        pages = len({s.page for s in self.steps if s.action != "stop" and s.page is not None})
        if self.run is not None and not self.run.cancelled.is_set():
            status = self.language.tr(
                words.LIVE_STATUS, step=record.index, budget=self.settings_in_run.budget, pages=pages,
                tokens=f"{tokens:,}", path=path,
            )  # fmt: skip
            self.status.setText(status)

    def _show_step(self, record: StepRecord) -> None:
        prompt = record.prompt
        parts = [f'<pre style="color:#777;white-space:pre-wrap">{html.escape(prompt.system)}</pre>']
        if prompt.history:  # --context: the earlier turns went first, as messages of their own
            turns = self.language.tr(words.EARLIER_TURNS, turns=len(prompt.history) // 2)
            parts.append(f'<p style="color:#777">{html.escape(turns)}</p>')
        if prompt.memory:
            parts.append('<a name="memory"></a>')  # scrolled to: the block the class looks for
            parts.append(
                f'<pre style="background:{MEMORY_COLOUR};color:#222;white-space:pre-wrap">{html.escape(prompt.memory)}</pre>'
            )
        if prompt.context:
            parts.append(f'<pre style="white-space:pre-wrap">{html.escape(prompt.context)}</pre>')
        parts.append(f'<pre style="white-space:pre-wrap">{html.escape(prompt.page)}</pre>')
        self.saw.setHtml("".join(parts))
        self.saw.scrollToAnchor("memory" if prompt.memory else "")
        reply = record.reply or "—"
        if record.invalid:
            reply += f"\n({record.invalid})"
        self.reply.setPlainText(reply)

    def _on_end(self, outcome: RunOutcome | None, error: Exception | None, path: Path) -> None:
        tr = self.language.tr
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.run = None
        if error is not None:
            self.status.setText(tr(words.LIVE_FAILED, why=_why(error, self.language.code), path=path))
        else:
            reason = outcome.stop_reason if outcome is not None else "cancelled"
            steps = max(len(outcome.steps) - 1, 0) if outcome is not None else 0
            self.status.setText(
                tr(
                    words.LIVE_DONE,
                    reason=words.stop_reason(reason, self.language.code),
                    steps=steps,
                    path=path,
                )
            )


def _why(error: Exception, lang: str) -> str:
    """One line for a fault of the endpoint or the site, in the user's language."""
    from memviz.agent.client import EndpointError
    from memviz.agent.page import FetchError

    if isinstance(error, EndpointError):
        return words.FAULTS[error.kind].pick(lang, **{"tries": 1, **error.fields})
    if isinstance(error, FetchError):
        return words.SITE_FAULTS[error.kind].pick(lang, **error.fields)
    return str(error)
