"""One lane of the Compare view: its config (editable), its live numbers, its graph and its frame table."""

from __future__ import annotations

from memviz.core.compare import Lane, LaneConfig
from memviz.core.policies import POLICIES
from memviz.core.reading import READING_CHOICES
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import STRATEGIES
from memviz.gui.compare.frame_table import FrameTable
from memviz.gui.compare.lane_graph import LaneGraph
from memviz.gui.compare.numbers import Number, NumbersStrip
from memviz.gui.kit import style
from memviz.gui.kit.language import Language
from memviz.gui.kit.menu_button import MenuButton
from memviz.gui.qt import (
    QColor,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSplitter,
    Qt,
    QToolButton,
    QVBoxLayout,
    Signal,
)
from memviz.text.report import whole
from memviz.wording import NO_VALUE, lane_numbers, term
from memviz.wording import common as common_words
from memviz.wording import compare as compare_words
from memviz.wording.reading import lane_label, reading_label

CAPACITY_CHOICES = (1, 2, 3, 4, 6, 8, 10, 12, 16, 20, None)


class LaneWidget(QFrame):
    """Header (colour, config, live numbers, the config menu, remove), then graph | frame table."""

    config_edited = Signal(int, object)  # lane index, LaneConfig
    remove_requested = Signal(int)
    miss_clicked = Signal(int, int)  # lane index, step

    def __init__(self, index: int, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName(f"lane_{index}")
        self.index = index
        self.language = language
        self.lane: Lane | None = None
        self.swatch = QLabel()
        self.swatch.setFixedSize(14, 14)
        self.title = QLabel()
        self.title.setObjectName("lane_title")
        style.set_ui_font(self.title, 1.1, bold=True)
        self.edit = MenuButton()
        self.edit.setObjectName("lane_config")
        self.edit_menu = QMenu(self)
        self.edit.setMenu(self.edit_menu)
        self.edit_menu.aboutToShow.connect(self._fill_menu)
        self.remove = QToolButton()
        self.remove.setObjectName("lane_remove")
        self.remove.setText("✕")
        for widget in (self.edit, self.remove):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            style.set_ui_font(widget)  # follows the zoom (a tool button kept its first type)
        self.numbers = NumbersStrip()
        self.graph = LaneGraph()
        self.table = FrameTable()

        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.setSpacing(8)
        header.addWidget(self.swatch)
        header.addWidget(self.title)
        header.addWidget(self.numbers, 1)
        header.addWidget(self.edit)
        header.addWidget(self.remove)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.graph)
        body.addWidget(self.table)
        body.setStretchFactor(0, 1)
        body.setStretchFactor(1, 3)
        body.setChildrenCollapsible(False)
        self.body = body
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(header)
        layout.addWidget(body, 1)

        self.remove.clicked.connect(lambda: self.remove_requested.emit(self.index))
        self.table.miss_clicked.connect(lambda step: self.miss_clicked.emit(self.index, step))
        self._set_texts()

    def _fill_menu(self) -> None:
        """Strategy, capacity and policy, each a choice in a submenu; the lane's own are checked."""
        menu = self.edit_menu
        menu.clear()
        if self.lane is None:
            return
        tr = self.language.tr
        lang = self.language.code
        config = self.lane.config
        strategies = menu.addMenu(tr(common_words.STRATEGY))
        for s in STRATEGIES.values():
            action = strategies.addAction(s.label_in(lang))
            action.setCheckable(True)
            action.setChecked(s.name == config.strategy)
            action.triggered.connect(lambda _=False, n=s.name: self._edit(strategy=n))
        capacities = menu.addMenu(tr(common_words.CAPACITY))
        for capacity in CAPACITY_CHOICES:
            action = capacities.addAction(tr(common_words.UNLIMITED) if capacity is None else str(capacity))
            action.setCheckable(True)
            action.setChecked(capacity == config.capacity)
            action.triggered.connect(lambda _=False, c=capacity: self._edit(capacity=c))
        policies = menu.addMenu(term("policy_setting", lang))
        for policy in POLICIES.values():
            action = policies.addAction(f"{policy.label_in(lang)} — {policy.rule_in(lang)}")
            action.setCheckable(True)
            action.setChecked(policy.name == config.policy)
            action.setEnabled(config.recorded is None or not policy.simulates)  # opt plays a rule
            action.triggered.connect(lambda _=False, n=policy.name: self._edit(policy=n))
        readings = menu.addMenu(tr(compare_words.READ_MODE))  # issue 27: memory misused or retrieved
        for reading in READING_CHOICES:
            label = reading_label(reading, lang) or tr(compare_words.INJECT_ALL_ALWAYS_USED_RIGHT)
            action = readings.addAction(label)
            action.setCheckable(True)
            action.setChecked(reading == config.reading)
            action.triggered.connect(lambda _=False, r=reading: self._edit(reading=r))
        for submenu in (capacities, policies, readings):
            submenu.setEnabled(config.uses_memory)

    def _edit(self, **changes) -> None:
        config = self.lane.config
        values = {
            "strategy": config.strategy,
            "capacity": config.capacity,
            "policy": config.policy,
            "reading": config.reading,
            "recorded": config.recorded,
            **changes,
        }
        self.config_edited.emit(self.index, LaneConfig(**values))

    def set_lane(self, lane: Lane, site: Site, colour: QColor, columns, removable: bool) -> None:
        self.lane = lane
        lang = self.language.code
        config = lane.config
        self.remove.setEnabled(removable)
        self.swatch.setStyleSheet(f"background: {colour.name()}; border-radius: 3px;")
        self.title.setText(lane_label(config, lang))
        self.title.setToolTip(POLICIES.get(config.policy).rule_in(lang) if config.uses_memory else "")
        self.graph.set_lane(lane, site, colour, lang)
        self.table.set_columns(columns, site, lang)

    def set_position(self, position: int) -> None:
        lane = self.lane
        if lane is None:
            return
        self.numbers.set_items(self._numbers(position), widest=self._numbers(len(lane.steps)))
        self.graph.set_position(position)
        self.table.set_position(position)

    def _numbers(self, position: int) -> list[Number]:
        """The live numbers after ``position`` steps, named as :func:`memviz.wording.lane_numbers` says."""
        totals = self.lane.totals(position)
        site_bugs = self.table.site.n_bugs if self.table.site is not None else 0
        values = [
            (f"{pct(totals.coverage)}%", False),
            (str(totals.repeats), False),
            (str(totals.forgotten_revisits), totals.forgotten_revisits > 0),
            (str(totals.evictions), False),
            (f"{totals.bugs}/{site_bugs}", False),
            (whole(totals.tokens), False),
        ]
        recorded = self.lane.config.recorded
        if recorded is not None:  # a recording's own figures: what its trace does not say is unknown, not 0
            if not recorded.reports_known:
                values[4] = (NO_VALUE, False)
            if not recorded.tokens_known:
                values[5] = (NO_VALUE, False)
        names = lane_numbers(self.language.code)
        return [Number(label, value, alarming, give_way)
                for (label, give_way), (value, alarming) in zip(names, values, strict=True)]  # fmt: skip

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.edit.setText(tr(compare_words.CONFIG))
        self.edit.setToolTip(tr(compare_words.CHANGE_THIS_LANE_S_STRATEGY_CAPACITY))
        self.remove.setToolTip(tr(compare_words.REMOVE_THIS_LANE))

    def set_language(self) -> None:
        self._set_texts()
        if self.lane is not None:
            lang = self.language.code
            self.title.setText(lane_label(self.lane.config, lang))
            self.graph.set_language(lang)
            self.table.set_language(lang)
            self.set_position(self.table.position)
