"""The memory panel: the memory list (:mod:`memory_list`) under its title, rule and gauge."""

from __future__ import annotations

from memviz.core.engine import StepEvent
from memviz.core.policies import POLICIES, takes_ttl
from memviz.core.strategies import STRATEGIES
from memviz.gui.explore.memory_list import EVICTED, NEW, NORMAL, TOUCHED, MemoryList, MemoryRow
from memviz.gui.explore.read_mode_box import ReadModeBox
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.viewport import scroll_viewport
from memviz.gui.qt import (
    QEvent,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPainter,
    QPen,
    QRectF,
    QScrollArea,
    QSize,
    QSizePolicy,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.explore import ExploreModel
from memviz.wording import context as context_words
from memviz.wording import explore as explore_words
from memviz.wording import policy_name, policy_rule, read_rule, strategy_name
from memviz.wording import traces as trace_words


class Gauge(QWidget):
    """used / capacity as a bar with its text; painted, so a step costs one small repaint."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.used = 0
        self.capacity = 1
        self.full = False
        self._text = ""
        self.thin = False  # a very short window: the bar keeps only a little room around its text
        style.set_ui_font(self, 1.0, bold=True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # it fills its corners itself

    def text(self) -> str:
        return self._text

    def set_state(self, used: int, capacity: int, full: bool, text: str) -> None:
        if (used, capacity, full, text) != (self.used, self.capacity, self.full, self._text):
            self.used, self.capacity, self.full, self._text = used, max(capacity, 1), full, text
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(200, int(self.fontMetrics().height() * (1.15 if self.thin else 1.7)))

    def set_thin(self, thin: bool) -> None:
        if thin != self.thin:
            self.thin = thin
            self.updateGeometry()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        style.fill(painter, self.rect(), self.palette().window())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        radius = box.height() / 2.6
        c = style.colors()
        painter.setPen(QPen(c.gauge_edge, style.line_width()))
        painter.setBrush(c.gauge_track)
        painter.drawRoundedRect(box, radius, radius)
        share = min(1.0, self.used / self.capacity)
        if share > 0:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(c.gauge_full if self.full else c.gauge_fill)
            painter.drawRoundedRect(
                QRectF(box.left(), box.top(), box.width() * share, box.height()), radius, radius
            )
        painter.setPen(c.on_accent if share > 0.55 else c.ink)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self._text)
        painter.end()


class MemoryPanel(QWidget):
    """Title, eviction rule, a used/capacity gauge and the list of entries."""

    def __init__(self, model: ExploreModel, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("explore_memory")
        style.follow_presentation(self)
        self.model = model
        self.language = language
        self.title = QLabel()
        self.title.setObjectName("memory_title")
        style.set_ui_font(self.title, 1.15, bold=True)
        self.rule = QLabel()
        self.rule.setObjectName("memory_rule")
        self.rule.setWordWrap(True)
        style.set_ui_font(
            self.rule, 1.0
        )  # a label with a style sheet keeps its font: set it, to follow the zoom
        self.gauge = Gauge()
        self.gauge.setObjectName("memory_gauge")
        self.empty = QLabel()
        self.empty.setObjectName("memory_empty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        style.set_ui_font(self.empty, 1.05)
        self.list = MemoryList(model, language)
        self.scroll = QScrollArea()
        scroll_viewport(self.scroll)  # not Qt's own: PySide would set up every widget class (issue 41)
        self.scroll.setWidget(self.list)
        # The list paints every pixel it exposes: Qt need not fill it first, nor paint what is under it.
        self.list.setAutoFillBackground(False)
        self.list.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        # Rows hang from the top: growing by a row exposes only the new strip (the list resizes each
        # time a new entry does not fit; without this every visible row would be painted again).
        self.list.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        title_row = QHBoxLayout()  # the title, and how memory is read (issue 27) at its right
        title_row.addWidget(self.title, 1)
        title_row.addWidget(ReadModeBox(model.settings, language))
        layout.addLayout(title_row)
        layout.addWidget(self.rule)
        layout.addWidget(self.gauge)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.empty, 1)
        self.evicted_page: int | None = None  # the entry marked as forgotten on this step
        self.scroll.viewport().installEventFilter(self)  # the list fits itself to the room it has
        self.list.least_room_changed.connect(self._keep_least_room)
        self._keep_least_room()
        model.stepped.connect(self._on_model_step)
        model.replayed.connect(self._on_model_replay)
        model.restarted.connect(self._on_model_replay)
        language.changed.connect(self._on_language_change)
        self._sync(animate=False)
        self._set_texts()
        self._on_theme_change()

    def _keep_least_room(self) -> None:
        self.scroll.setMinimumHeight(self.list.least_room())

    def displayed_rows(self) -> list[tuple[int, str]]:
        """(page, mark) for every row shown, top to bottom: for tests and for reading the state."""
        return [(row.page, row.mark) for row in sorted(self.list.rows, key=lambda r: r.slot)]

    # -- drawing --------------------------------------------------------------------------------------

    def _sync(self, animate: bool) -> None:
        exploration = self.model.exploration
        has_memory = exploration.has_memory
        self.scroll.setVisible(has_memory)
        self.gauge.setVisible(has_memory)
        self.rule.setVisible(has_memory and not style.short_window(self, style.VERY_SHORT_WINDOW_EMS))
        self.empty.setVisible(not has_memory)
        event = self.model.last_event
        if not has_memory:
            self.evicted_page = None
            self.list.set_rows([], False, 0)
            return
        order = exploration.memory_order()
        previous = {row.page: row.slot for row in self.list.rows if row.mark != EVICTED} if animate else {}
        rows = self._rows(order, event, previous)
        self.evicted_page = event.memory_evicted if event is not None else None
        scores = event.read_scores if event is not None else None
        self.list.scores = {s.page: s for s in scores} if scores else {}
        capacity = exploration.config.capacity
        full = capacity is not None and len(order) >= capacity
        self.list.set_rows(rows, full, self.model.animation_ms if animate else 0)
        self._set_gauge()
        if rows:
            last = rows[-1] if rows[-1].mark != EVICTED or len(rows) == 1 else rows[-2]
            self.scroll.ensureVisible(0, int(self.list.slot_y(last.slot) + self.list.row_height()), 0, 0)

    @staticmethod
    def _rows(order: tuple[int, ...], event: StepEvent | None, previous: dict[int, int]) -> list[MemoryRow]:
        """The rows of memory ``order`` after ``event``, each moving from where it was drawn before
        (``previous``: page -> slot, empty when not animated; a new entry comes in where it lands),
        else the entry the step used from where it was (touched_from, LRU), else staying put."""
        marks = {}
        if event is not None:
            if event.memory_written is not None:
                marks[event.memory_written] = NEW
            if event.memory_touched is not None:
                marks[event.memory_touched] = TOUCHED
        pages = list(order)
        evicted = event.memory_evicted if event is not None else None
        if evicted is not None:
            # The forgotten entry keeps its old place for this step (FIFO and LRU: the top).
            pages.insert(min(event.evicted_slot, len(pages)), evicted)
        touched = event.memory_touched if event is not None else None
        rows = []
        for slot, page in enumerate(pages):
            mark = EVICTED if page == evicted else marks.get(page, NORMAL)
            from_slot = event.touched_from if page == touched else slot
            if page in previous and mark != NEW:
                from_slot = previous[page]
            rows.append(MemoryRow(page=page, mark=mark, slot=slot, from_slot=from_slot))
        return rows

    def _set_gauge(self) -> None:
        exploration = self.model.exploration
        if not exploration.has_memory:
            return
        used = len(exploration.memory_order())
        capacity = exploration.config.capacity
        tr = self.language.tr
        if capacity is None:
            text = tr(explore_words.ENTRIES_USED_UNLIMITED_N, used=used)
            self.gauge.set_state(used, self.model.site.n_pages, False, text)
        else:
            text = tr(explore_words.USED_N, used=used, capacity=capacity)
            self.gauge.set_state(used, capacity, used >= capacity, text)

    def _set_texts(self) -> None:
        tr = self.language.tr
        lang = self.language.code
        config = self.model.config
        memory = explore_words.MEMORY if self.model.recorded is None else trace_words.WHAT_IF_MEMORY
        self.title.setText(tr(memory) + " · " + strategy_name(config.strategy, lang, capital=True))
        if self.model.exploration.has_memory:
            capacity, policy = config.capacity, config.policy
            name, rule = policy_name(policy, lang, capital=True), policy_rule(policy, lang)
            nav = tr(explore_words.NAV_N_MEANS)
            which_goes = POLICIES.get(policy).which_goes_in(lang)  # the policy's own word on it
            if which_goes:
                which_goes += "。" if lang == "zh" else ". "
            if takes_ttl(policy):  # forgetting by time: whatever the capacity
                size = (
                    tr(explore_words.UNLIMITED)
                    if capacity is None
                    else tr(explore_words.CAPACITY_N, capacity=capacity)
                )
                t = config.time_to_live
                self.rule.setText(
                    tr(
                        explore_words.FORGOTTEN_STEPS_AFTER_ITS_LAST_VISIT_N,
                        size=size,
                        name=name,
                        t=t,
                        which_goes=which_goes,
                        nav=nav,
                    )
                )
            elif capacity is None:
                self.rule.setText(tr(explore_words.UNLIMITED_EVERY_VISITED_PAGE_STAYS_TOP, nav=nav))
            else:
                self.rule.setText(
                    tr(
                        explore_words.CAPACITY_RULE_N,
                        capacity=capacity,
                        name=name,
                        rule=rule,
                        which_goes=which_goes,
                        nav=nav,
                    )
                )
        self.title.setToolTip(self.rule.text() if self.model.exploration.has_memory else "")
        if self.model.exploration.has_memory and config.read_top is not None:
            self.rule.setText(read_rule(config.read_top, lang))  # how to read the rows, in place of the order
        if config.context is not None and STRATEGIES.get(config.strategy).reads_context:
            self.empty.setText(tr(context_words.NO_MEMORY_BUT_CONTEXT))  # issue 38: its context is above
        else:
            self.empty.setText(tr(explore_words.NO_MEMORY_EACH_STEP_THE_AGENT))
        self._set_gauge()
        self.list.update_all()

    def _fit_height(self) -> None:
        """In a short window the rule is the title's tooltip, and its lines go to the rows."""
        very_short = style.short_window(self, style.VERY_SHORT_WINDOW_EMS)
        self.gauge.set_thin(very_short)  # its room goes to the rows
        shown = self.model.exploration.has_memory and not very_short
        if shown != self.rule.isVisibleTo(self):
            self.rule.setVisible(shown)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _on_app_font_change(self) -> None:
        self._fit_height()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.scroll.viewport() and event.type() == QEvent.Type.Resize:
            self.list.set_room(event.size().height())
        return super().eventFilter(watched, event)

    # -- handlers -------------------------------------------------------------------------------------

    def _on_model_step(self, _event: StepEvent) -> None:
        self._sync(animate=True)

    def _on_model_replay(self) -> None:
        self._sync(animate=False)
        self._set_texts()

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_theme_change(self) -> None:
        muted = style.colors().muted.name()
        self.rule.setStyleSheet(f"color: {muted};")
        self.empty.setStyleSheet(f"color: {muted}; padding: 16px;")
        self.scroll.verticalScrollBar().setStyleSheet(style.scroll_bar_sheet())
