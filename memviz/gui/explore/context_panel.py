"""The session context (issue 38) as Explore shows it: a window gauge (tokens of the last call of W,
the warning line at 70 % and the window's end), the turns in the history as a strip (oldest →
newest, the current page's turn marked, a turn that filed a bug report in the bug colour), the
summary's page names and bugs, working context and recall storage's size.

Painted from the step's ``ContextStep`` as the core reports it; hidden while the context is off.
"""

from __future__ import annotations

from memviz.core.context import UNLIMITED, ContextStep, compaction_name
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.qt import QEvent, QPainter, QPen, QRectF, QSize, QSizePolicy, Qt, QWidget
from memviz.models.explore import ExploreModel
from memviz.presentation.context_narration import before_call, during_call
from memviz.wording import context as words
from memviz.wording.context import window_words


class ContextPanel(QWidget):
    """What the agent's context holds after the step shown, and how full the last call was."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_context")
        self.model = model
        self.language = language
        style.set_ui_font(self, 0.95)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        model.stepped.connect(self._on_model_change)
        model.replayed.connect(self._on_model_change)
        model.restarted.connect(self._on_model_change)
        language.changed.connect(self._on_model_change)
        self._on_model_change()

    # -- what is shown ---------------------------------------------------------------------------

    @property
    def context(self) -> ContextStep | None:
        event = self.model.last_event
        return event.context if event is not None else None

    def lines(self) -> list[str]:
        """The panel's text lines below the gauge and the strip (also what tests read)."""
        context, lang, site = self.context, self.language.code, self.model.site
        if context is None:
            return []
        name = lambda p: site.page_name(p, lang)  # noqa: E731 - a local shorthand
        out = [words.TURNS.pick(lang, turns=len(context.turns))]
        if context.summary_names or context.summary_bugs:
            out.append(
                words.SUMMARY.pick(lang, names=" · ".join(name(p) for p in context.summary_names) or "—")
            )
            if context.summary_bugs:
                out.append(
                    words.SUMMARY_BUGS.pick(lang, bugs=" · ".join(name(p) for p in context.summary_bugs))
                )
        else:
            out.append(words.SUMMARY_NONE.pick(lang))
        tail = []
        if self.model.config.compaction == "memgpt":
            tail.append(words.RECALL.pick(lang, turns=context.recall_size))
            if context.working_bugs:
                tail.append(words.WORKING.pick(lang, bugs=" · ".join(name(p) for p in context.working_bugs)))
        if tail:
            out.append("   ".join(tail))
        return out

    def step_note(self) -> str:
        """What the context did on the step shown (a compaction, a warning, a recall search), from
        the narration's own sentences, or ""."""
        context, lang = self.context, self.language.code
        if context is None:
            return ""
        return (
            "；".join(before_call(context, lang) + during_call(context, lang))
            if lang == "zh"
            else "; ".join(before_call(context, lang) + during_call(context, lang))
        )

    def heading(self) -> str:
        config, lang = self.model.config, self.language.code
        context = self.context
        head = words.PANEL_TITLE.pick(lang)
        mode = compaction_name(config.compaction, lang) if config.context != UNLIMITED else ""
        if context is None:
            return f"{head} · {window_words(config.context, lang)}" + (f" · {mode}" if mode else "")
        if context.window == UNLIMITED:
            used = words.GAUGE_UNLIMITED.pick(lang, used=context.prompt_tokens)
        else:
            used = words.GAUGE_USED.pick(lang, used=context.prompt_tokens, window=int(context.window))
        return f"{head} · {used}" + (f" · {mode}" if mode else "")

    # -- painting --------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        line = self.fontMetrics().height()
        return QSize(300, int(line * (2.2 + 1.0 + 1.1 + (1 + max(1, len(self.lines()))) * 1.05) + 8))

    def _on_model_change(self, *_args) -> None:
        self.setVisible(self.model.config.context is not None)
        self.updateGeometry()
        self.update()

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self.updateGeometry()
        super().changeEvent(event)

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        c = style.colors()
        style.fill(painter, self.rect(), self.palette().window())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = self.fontMetrics()
        line = metrics.height()
        width = self.width() - 2
        y = 0.0
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(c.ink)
        painter.drawText(QRectF(1, y, width, line * 1.2), Qt.AlignmentFlag.AlignVCenter, self.heading())
        painter.setFont(self.font())
        y += line * 1.25
        context = self.context
        self._paint_gauge(painter, QRectF(1, y, width, line * 0.8), context)
        y += line * 1.15
        self._paint_turns(painter, QRectF(1, y, width, line * 0.9), context)
        y += line * 1.2
        note = self.step_note()  # the step's own event, in the colour of what the context lost
        painter.setPen(c.evict_text)
        painter.drawText(
            QRectF(1, y, width, line),
            Qt.AlignmentFlag.AlignVCenter,
            metrics.elidedText(note, Qt.TextElideMode.ElideRight, int(width)),
        )
        y += line * 1.05
        painter.setPen(c.ink)
        for text in self.lines():
            elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, int(width))
            painter.drawText(QRectF(1, y, width, line), Qt.AlignmentFlag.AlignVCenter, elided)
            y += line * 1.05
        painter.end()

    def _paint_gauge(self, painter: QPainter, box: QRectF, context: ContextStep | None) -> None:
        """The last call's prompt against W, the 70 % warning line and the window's end; a call past
        the window (its prompt before compaction) shows as the part beyond the end line."""
        c = style.colors()
        window = self.model.config.context
        # the bar spans 0 .. 1.25·W, so a prompt before compaction can be seen passing the window
        span = 1.25
        painter.setPen(QPen(c.gauge_edge, style.line_width()))
        painter.setBrush(c.gauge_track)
        painter.drawRoundedRect(box, 3, 3)
        if context is not None and window not in (None, UNLIMITED):
            before = min(span, context.prompt_before / window)
            sent = min(span, context.prompt_tokens / window)
            painter.setPen(Qt.PenStyle.NoPen)
            if before > sent:  # what compaction took away before the call
                painter.setBrush(c.evicted_fill)
                painter.drawRect(QRectF(box.left(), box.top(), box.width() * before / span, box.height()))
            painter.setBrush(c.gauge_full if sent > 0.7 else c.gauge_fill)
            painter.drawRect(QRectF(box.left(), box.top(), box.width() * sent / span, box.height()))
        elif context is not None:  # unlimited: no end to draw against; the bar says nothing of a share
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(c.gauge_fill)
            painter.drawRect(box.adjusted(0, 0, -box.width() * 0.2, 0))
        if window not in (None, UNLIMITED):
            warn = self.model.config.warn_at if self.model.config.compaction == "memgpt" else 0.7
            for share, colour in ((warn, c.muted), (1.0, c.evict)):
                x = box.left() + box.width() * share / span
                painter.setPen(QPen(colour, style.line_width() * 2))
                painter.drawLine(int(x), int(box.top() - 2), int(x), int(box.bottom() + 2))

    def _paint_turns(self, painter: QPainter, box: QRectF, context: ContextStep | None) -> None:
        """One cell per turn in the history, oldest on the left; the newest (the current page) ringed."""
        c = style.colors()
        if context is None or not context.turns:
            return
        turns = context.turns
        gap = 2.0
        cell = min(box.height(), (box.width() - gap * (len(turns) - 1)) / max(1, len(turns)))
        cell = max(2.0, cell)
        x = box.left()
        for i, turn in enumerate(turns):
            rect = QRectF(x, box.top() + (box.height() - cell) / 2, cell, cell)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(c.bug if turn.reported else c.remembered_fill)
            painter.drawRect(rect)
            if i == len(turns) - 1:
                painter.setPen(QPen(c.agent, style.line_width() * 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect.adjusted(-1.5, -1.5, 1.5, 1.5))
            x += cell + gap
            if x > box.right():
                break
