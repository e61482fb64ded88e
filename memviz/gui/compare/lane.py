"""One lane of the Compare view: its config (editable), its live numbers, its graph and its frame table."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from memviz.core.compare import Lane, LaneConfig
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.core.strategies import STRATEGIES
from memviz.gui.compare.frame_table import FrameTable
from memviz.gui.compare.lane_graph import LaneGraph
from memviz.gui.explore import style
from memviz.gui.language import Language
from memviz.textreport import whole


class NumbersStrip(QWidget):
    """The lane's live numbers, painted (a step changes them without a relayout); on one line, or
    on two when the lane is too narrow for one (a 720p screen with three lanes)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("lane_numbers")
        self.items: list[tuple[str, str, bool]] = []  # (label, value, alarming)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(1)  # the header's buttons keep their room; the numbers wrap instead
        style.follow_presentation(self)
        self._on_app_font_change()

    def set_items(self, items: list[tuple[str, str, bool]]) -> None:
        if items != self.items:
            self.items = items
            self._fit_height()
            self.update()

    def text(self) -> str:
        return "  ".join(f"{label} {value}" for label, value, _ in self.items)

    def _fonts(self):
        return style.ui_font(scale=0.9), style.ui_font(scale=1.05, bold=True)

    def lines(self, width: float | None = None) -> list[list[tuple[str, str, bool, float, float]]]:
        """The items as placed: lines of (label, value, alarming, label width, value width)."""
        width = self.width() if width is None else width
        label_font, value_font = self._fonts()
        label_m, value_m = QFontMetricsF(label_font), QFontMetricsF(value_font)
        gap = style.app_pixel_size() * 1.2
        lines: list[list] = [[]]
        x = 4.0
        for label, value, alarming in self.items:
            lw, vw = label_m.horizontalAdvance(label + " "), value_m.horizontalAdvance(value)
            if lines[-1] and x + lw + vw > width:
                lines.append([])
                x = 4.0
            lines[-1].append((label, value, alarming, lw, vw))
            x += lw + vw + gap
        return lines

    def _line_height(self) -> float:
        return style.app_pixel_size() * 1.6

    def _fit_height(self) -> None:
        n = len(self.lines())
        self.setFixedHeight(round(self._line_height() * n + style.app_pixel_size() * 0.2))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        c = style.colors()
        p.fillRect(self.rect(), c.paper)
        label_font, value_font = self._fonts()
        gap = style.app_pixel_size() * 1.2
        h = self._line_height()
        for row, line in enumerate(self.lines()):
            x, y = 4.0, row * h
            for label, value, alarming, lw, vw in line:
                p.setFont(label_font)
                p.setPen(c.muted)
                p.drawText(QRectF(x, y, lw + 2, h), Qt.AlignmentFlag.AlignVCenter, label)
                x += lw
                p.setFont(value_font)
                p.setPen(c.evict_text if alarming else c.ink)
                p.drawText(QRectF(x, y, vw + 2, h), Qt.AlignmentFlag.AlignVCenter, value)
                x += vw + gap
        p.end()

    def _on_app_font_change(self) -> None:
        self._fit_height()
        self.update()

    def _on_theme_change(self) -> None:
        self.update()


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
        self.edit = QToolButton()
        self.edit.setObjectName("lane_config")
        self.edit.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.edit_menu = QMenu(self)
        self.edit.setMenu(self.edit_menu)
        self.edit_menu.aboutToShow.connect(self._fill_menu)
        self.remove = QToolButton()
        self.remove.setObjectName("lane_remove")
        self.remove.setText("✕")
        for widget in (self.edit, self.remove):
            widget.setFocusPolicy(Qt.FocusPolicy.NoFocus)
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
        strategies = menu.addMenu(tr("策略", "Strategy"))
        for s in STRATEGIES.values():
            action = strategies.addAction(s.label_in(lang))
            action.setCheckable(True)
            action.setChecked(s.name == config.strategy)
            action.triggered.connect(lambda _=False, n=s.name: self._edit(strategy=n))
        capacities = menu.addMenu(tr("容量", "Capacity"))
        for capacity in CAPACITY_CHOICES:
            action = capacities.addAction(tr("不限", "unlimited") if capacity is None else str(capacity))
            action.setCheckable(True)
            action.setChecked(capacity == config.capacity)
            action.triggered.connect(lambda _=False, c=capacity: self._edit(capacity=c))
        policies = menu.addMenu(tr("淘汰策略", "Eviction policy"))
        for policy in POLICIES.values():
            action = policies.addAction(f"{policy.label_in(lang)} — {policy.rule_in(lang)}")
            action.setCheckable(True)
            action.setChecked(policy.name == config.policy)
            action.triggered.connect(lambda _=False, n=policy.name: self._edit(policy=n))
        for submenu in (capacities, policies):
            submenu.setEnabled(config.uses_memory)

    def _edit(self, **changes) -> None:
        config = self.lane.config
        values = {
            "strategy": config.strategy,
            "capacity": config.capacity,
            "policy": config.policy,
            **changes,
        }
        self.config_edited.emit(self.index, LaneConfig(**values))

    def set_lane(self, lane: Lane, site: Site, colour: QColor, columns, removable: bool) -> None:
        self.lane = lane
        lang = self.language.code
        config = lane.config
        self.remove.setEnabled(removable)
        self.swatch.setStyleSheet(f"background: {colour.name()}; border-radius: 3px;")
        self.title.setText(config.label(lang))
        self.title.setToolTip(POLICIES.get(config.policy).rule_in(lang) if config.uses_memory else "")
        self.graph.set_lane(lane, site, colour, lang)
        self.table.set_columns(columns, site, lang)

    def set_position(self, position: int) -> None:
        lane = self.lane
        if lane is None:
            return
        tr = self.language.tr
        totals = lane.totals(position)
        site_bugs = self.table.site.n_bugs if self.table.site is not None else 0
        self.numbers.set_items([
            (tr("覆盖率", "coverage"), f"{pct(totals.coverage)}%", False),
            (tr("重复", "repeats"), str(totals.repeats), False),
            (tr("忘了又回", "forgotten revisits"), str(totals.forgotten_revisits), totals.forgotten_revisits > 0),
            (tr("淘汰", "evictions"), str(totals.evictions), False),
            ("Bug", f"{totals.bugs}/{site_bugs}", False),
            ("token", whole(totals.tokens), False),
        ])  # fmt: skip
        self.graph.set_position(position)
        self.table.set_position(position)

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.edit.setText(tr("换配置", "Config"))
        self.edit.setToolTip(
            tr("换这一条的策略、容量或淘汰策略", "Change this lane's strategy, capacity or policy")
        )
        self.remove.setToolTip(tr("去掉这一条", "Remove this lane"))

    def set_language(self) -> None:
        self._set_texts()
        if self.lane is not None:
            lang = self.language.code
            self.title.setText(self.lane.config.label(lang))
            self.graph.set_language(lang)
            self.table.set_language(lang)
            self.set_position(self.table.position)
