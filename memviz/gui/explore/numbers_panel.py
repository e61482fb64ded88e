"""The run's numbers, live: every figure is read from the latest step event, none is recomputed."""

from __future__ import annotations

from collections.abc import Callable

from memviz.core.engine import StepEvent
from memviz.core.stats import pct
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.paint_cache import ShapeCache, StaticTexts
from memviz.gui.kit.palette import OKABE_ITO
from memviz.gui.qt import (
    QColor,
    QFontMetricsF,
    QGridLayout,
    QPainter,
    QPen,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.wording import NO_VALUE
from memviz.wording import explore as explore_words
from memviz.wording import traces as trace_words

STATS = ("steps", "coverage", "repeats", "tokens", "bugs", "reports", "duplicates")
MAX_COLUMNS, MIN_COLUMNS = 4, 3  # two columns would leave the memory list no room
GRID_SPACING = 6


class CardText:
    """One text of a card, set like a label's; the card repaints when it changes."""

    def __init__(self, card: StatCard, kind: int) -> None:
        self._card = card
        self._kind = kind  # which of the card's fonts it is drawn in
        self._text = ""
        self._width: float | None = None  # measured when asked, until the text or the type changes

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text != self._text:
            self._text = text
            self._width = None
            self._card.update()

    def width(self) -> float:
        if self._width is None:
            self._width = self._card.metrics[self._kind].horizontalAdvance(self._text)
        return self._width

    def forget_width(self) -> None:
        self._width = None


class StatCard(QWidget):
    """A caption, a big number and a detail line on a card, all painted: a step's new number is one
    small repaint, with no layout pass (labels would relayout the whole window on every change)."""

    def __init__(self, key: str, accent: str | None, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(f"stat_{key}")
        style.follow_presentation(self)
        self.accent = QColor(accent) if accent is not None else None  # None: the theme's ink
        self.caption = CardText(self, 0)
        self.value = CardText(self, 1)
        self.detail = CardText(self, 2)
        # In a short window (style.short_window) no detail line (it stays in the tooltip) and a
        # smaller number: 103 → 70 px a card at 13 pt.
        self.compact = False
        self._set_fonts()
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # A card repaints on most steps; it fills its corners with the window's colour itself, so Qt
        # need not paint the panels underneath it first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def _set_fonts(self) -> None:
        self.fonts = (
            style.ui_font(scale=0.92),
            style.ui_font(scale=1.4 if self.compact else 1.75, bold=True),
            style.ui_font(scale=0.85),
        )
        self.metrics = tuple(QFontMetricsF(font) for font in self.fonts)
        for text in (self.caption, self.value, self.detail):
            text.forget_width()

    def _on_app_font_change(self) -> None:
        _forget_pictures()
        self._set_fonts()
        self.updateGeometry()
        self.update()

    def set_compact(self, on: bool) -> None:
        if on != self.compact:
            self.compact = on
            self._on_app_font_change()

    def _on_theme_change(self) -> None:
        _forget_pictures()
        self.update()

    def texts(self) -> list[str]:
        return [self.caption.text(), self.value.text(), self.detail.text()]

    def _lines(self) -> list[tuple[str, int, QColor]]:
        c = style.colors()
        lines = [(self.caption.text(), 0, c.muted), (self.value.text(), 1, c.ink)]
        return lines if self.compact else [*lines, (self.detail.text(), 2, c.muted)]

    def text_width(self) -> float:
        """The width the card needs to show its texts whole."""
        return max(self.caption.width(), self.value.width(), self.detail.width()) + 22

    def sizeHint(self) -> QSize:
        height = sum(m.height() for m in self.metrics[: 2 if self.compact else 3]) + 15
        return QSize(120, int(height))

    def minimumSizeHint(self) -> QSize:
        return QSize(80, self.sizeHint().height())

    def _paint_card(self, accent: QColor) -> Callable[[QPainter, QRectF], None]:
        c = style.colors()
        lw = style.line_width()

        def paint(painter: QPainter, box: QRectF) -> None:
            painter.setPen(QPen(c.border, lw))
            painter.setBrush(c.paper)
            painter.drawRoundedRect(box, 8, 8)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(accent)
            painter.drawRoundedRect(QRectF(box.left(), box.top(), box.width(), 4 * lw), 2, 2)

        return paint

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        style.fill(painter, self.rect(), self.palette().window())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        c = style.colors()
        lw = style.line_width()
        box = box.adjusted(lw / 2 - 0.5, lw / 2 - 0.5, 0.5 - lw / 2, 0.5 - lw / 2)  # keep the border inside
        accent = self.accent if self.accent is not None else c.ink
        key = ("card", accent.rgba(), c.border.rgba(), c.paper.rgba(), lw)
        _shapes.draw(painter, box, key, self._paint_card(accent), lw, self.devicePixelRatioF())
        y = box.top() + 4 * lw + 3
        inner = box.width() - 20
        for (text, kind, color), card_text in zip(
            self._lines(), (self.caption, self.value, self.detail), strict=False
        ):
            font, metrics = self.fonts[kind], self.metrics[kind]
            painter.setFont(font)
            painter.setPen(color)
            if card_text.width() > inner:
                text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, inner)
            _texts.draw(painter, box.left() + 10, y + metrics.height() / 2, text, font, metrics)
            y += metrics.height()
        painter.end()


# Shared by all cards: the card boxes come in a few sizes and colours, the texts are short numbers.
_shapes = ShapeCache()
_texts = StaticTexts()


def _forget_pictures() -> None:
    """Type size or theme changed: the cards' boxes and texts are drawn again."""
    _shapes.clear()
    _texts.clear()


class NumbersPanel(QWidget):
    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_numbers")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        accents = {
            "steps": None,
            "coverage": OKABE_ITO["green"],
            "repeats": OKABE_ITO["orange"],
            "tokens": OKABE_ITO["blue"],
            # Bugs are purple everywhere in Explore (the beetles, their names); vermillion means
            # forgetting, and only that.
            "bugs": OKABE_ITO["purple"],
            "reports": OKABE_ITO["purple"],
            "duplicates": "#7b3f9e",
        }
        self.cards = {key: StatCard(key, accents[key]) for key in STATS}
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(GRID_SPACING)
        self.columns = 0
        self._arrange(MAX_COLUMNS)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        layout.addLayout(self.grid)
        layout.addStretch(1)
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._on_model_replay()

    # -- layout ---------------------------------------------------------------------------------------

    def _arrange(self, columns: int) -> None:
        """Cards in rows of ``columns``: fewer, wider cards when the texts would not fit (zoom, a
        narrow window)."""
        if columns == self.columns:
            return
        for card in self.cards.values():
            self.grid.removeWidget(card)
        for i, key in enumerate(STATS):
            self.grid.addWidget(self.cards[key], i // columns, i % columns)
        for column in range(MAX_COLUMNS):
            self.grid.setColumnStretch(column, 1 if column < columns else 0)
        self.columns = columns

    def _fit_columns(self, may_widen: bool = True) -> None:
        width = self.width()
        if width <= 0:
            return
        need = max(card.text_width() for card in self.cards.values())
        columns = MIN_COLUMNS
        for k in range(MAX_COLUMNS, MIN_COLUMNS, -1):
            if (width - GRID_SPACING * (k - 1)) / k >= need:
                columns = k
                break
        if may_widen or columns < self.columns:  # during a run, never back and forth between steps
            self._arrange(columns)

    def _fit_height(self) -> None:
        """Compact cards in a window short for its type."""
        compact = style.short_window(self)
        for card in self.cards.values():
            card.set_compact(compact)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()
        self._fit_columns()

    def _on_app_font_change(self) -> None:
        self._fit_height()
        self._fit_columns()

    # -- what is shown --------------------------------------------------------------------------------

    def shown_values(self) -> dict[str, str]:
        return {key: card.value.text() for key, card in self.cards.items()}

    def shown_details(self) -> dict[str, str]:
        return {key: card.detail.text() for key, card in self.cards.items()}

    def _set_numbers(self) -> None:
        event = self.model.last_event
        site, config = self.model.site, self.model.config
        tr = self.language.tr
        if event is None:  # before the first call: the agent stands on the start page
            steps = repeats = bugs = reports = duplicates = tokens_total = tokens = 0
            seen = 1
        else:
            steps, seen, repeats = event.steps, event.pages_seen, event.repeats
            bugs, reports, duplicates = event.bugs_found, event.reports, event.duplicates
            tokens_total, tokens = event.tokens_total, event.tokens
        n = site.n_pages
        values = {
            "steps": f"{steps} / {config.step_limit}",
            "coverage": f"{seen} / {n}",
            "repeats": f"{repeats}",
            "tokens": f"{tokens_total:,}",
            "bugs": f"{bugs} / {site.n_bugs}",
            "reports": f"{reports}",
            "duplicates": f"{duplicates}",
        }
        if event is not None and event.stopped:
            steps_detail = tr(explore_words.THE_AGENT_BELIEVES_IT_IS_DONE)
        elif event is not None and event.finished:
            steps_detail = tr(explore_words.BUDGET_USED_UP)
        else:
            left = config.step_limit - steps
            steps_detail = tr(explore_words.LEFT_N, left=left)
        repeat_share = pct(repeats / max(steps, 1))
        details = {
            "steps": steps_detail,
            "coverage": f"{pct(seen / n)}%",
            "repeats": tr(explore_words.OF_STEPS_N, repeat_share=repeat_share),
            "tokens": tr(explore_words.THIS_CALL_N, tokens=tokens),
            "bugs": tr(explore_words.REPORTED_AT_LEAST_ONCE),
            "reports": tr(explore_words.DUPLICATES_INCLUDED),
            "duplicates": tr(explore_words.SAME_BUG_REPORTED_AGAIN),
        }
        self._recorded_numbers(values, details, event)
        for key, card in self.cards.items():
            card.value.setText(values[key])
            card.detail.setText(details[key])
            # The whole caption and the detail line, which a narrow card elides, a compact one drops.
            card.setToolTip(f"{card.caption.text()}\n{details[key]}")

    def _recorded_numbers(
        self, values: dict[str, str], details: dict[str, str], event: StepEvent | None
    ) -> None:
        """A recording replayed: its own figures (memviz.core.replay), "—" where the trace does not say."""
        figures = self.model.recorded_figures
        if figures is None:
            return
        tr = self.language.tr
        unknown = tr(trace_words.NOT_IN_THE_TRACE)
        if event is not None and event.finished and not event.stopped:
            details["steps"] = tr(trace_words.END_OF_THE_RECORDING)
        recorded = self.model.recorded  # what the whole trace knows (none so far is 0, not unknown)
        if not recorded.tokens_known:
            values["tokens"], details["tokens"] = NO_VALUE, unknown
        else:
            values["tokens"] = f"{figures.tokens_total or 0:,}"
        if not recorded.reports_known:
            for key in ("bugs", "reports", "duplicates"):
                values[key], details[key] = NO_VALUE, unknown
        else:
            values["bugs"] = f"{figures.bugs_total or 0} / {self.model.site.n_bugs}"
            values["reports"] = f"{figures.reports_total or 0}"
            values["duplicates"] = f"{figures.duplicates_total or 0}"

    def _set_texts(self) -> None:
        tr = self.language.tr
        captions = {
            "steps": tr(explore_words.STEPS_BUDGET),
            "coverage": tr(explore_words.PAGES_COVERED),
            "repeats": tr(explore_words.REPEAT_VISITS),
            "tokens": tr(
                explore_words.TOKENS_SO_FAR_EST
                if self.model.recorded is None
                else trace_words.TOKENS_SO_FAR_RECORDED
            ),
            "bugs": tr(explore_words.BUGS_FOUND),
            "reports": tr(explore_words.BUG_REPORTS),
            "duplicates": tr(explore_words.DUPLICATE_REPORTS),
        }
        for key, card in self.cards.items():
            card.caption.setText(captions[key])
        self._set_numbers()

    # -- handlers -------------------------------------------------------------------------------------

    def _on_model_step(self, _event: StepEvent) -> None:
        self._set_numbers()
        self._fit_columns(may_widen=False)

    def _on_model_replay(self) -> None:
        self._set_texts()
        self._fit_columns()

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()
        self._fit_columns()
