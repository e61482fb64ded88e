"""The Compare view (对比): 2–4 configs on one seed and budget, on one timeline (issue 12).

Each lane is a config with its compact graph, its memory frame table and its live numbers; one
transport (the Explore view's playback bar and keys) drives them all. Above the lanes: where their
paths first part, and why, in one line. Beside them: what forgetting cost each config over the
batch seeds. Clicking a miss (a forgotten revisit) lights up the step its page was evicted at, in
that lane's table and graph. Everything drawn comes from the core's lanes and frame tables.
"""

from __future__ import annotations

import csv
from pathlib import Path

from memviz.core.compare import MAX_LANES, LaneConfig
from memviz.core.engine import RunConfig
from memviz.gui.compare.fit_scroll import FitWidthScroll
from memviz.gui.compare.lane import LaneWidget
from memviz.gui.compare.predict import ComparePredictBar
from memviz.gui.compare.regret_panel import RegretPanel
from memviz.gui.kit import style, themes
from memviz.gui.kit.language import Language
from memviz.gui.kit.menu_button import MenuButton
from memviz.gui.kit.palette import OKABE_ITO, policy_colour, strategy_colour
from memviz.gui.kit.plain_text import tooltip
from memviz.gui.kit.playback import PlaybackBar, transport_shortcuts
from memviz.gui.kit.qt_clock import QtClock
from memviz.gui.qt import (
    QColor,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPainter,
    QPushButton,
    QRectF,
    QSize,
    QSplitter,
    QSvgGenerator,
    Qt,
    QVBoxLayout,
    QWidget,
)
from memviz.models.compare import CompareModel, lanes_for
from memviz.models.settings import RunSettings
from memviz.presentation.divergence import divergence_reason
from memviz.wording import answer_withheld, compare_key, divergence_line, lanes_left_out_line
from memviz.wording import common as common_words
from memviz.wording import compare as compare_words
from memviz.wording.errors import translated
from memviz.wording.reading import lane_label

SPARE_COLOURS = (OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["green"], OKABE_ITO["vermillion"])


def lane_colours(configs: list[LaneConfig]) -> list[str]:
    """A colour per lane: its policy's (its strategy's without memory), unless two lanes would share
    one; then the lanes get distinct Okabe–Ito colours by position."""
    colours = [policy_colour(c.policy) if c.uses_memory else strategy_colour(c.strategy) for c in configs]
    if len(set(colours)) < len(colours):
        colours = [SPARE_COLOURS[i % len(SPARE_COLOURS)] for i in range(len(configs))]
    return colours


class CompareView(QWidget):
    def __init__(self, settings: RunSettings, language: Language, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("compare")
        self.settings = settings
        self.language = language
        self.model = CompareModel(settings, QtClock(self))
        self.playback = PlaybackBar(self.model, language)
        self.add_button = QPushButton()
        self.add_button.setObjectName("add_lane")
        self.export_button = MenuButton()
        self.export_button.setObjectName("compare_export")
        self.export_menu = QMenu(self)
        self.export_button.setMenu(self.export_menu)
        for button in (self.add_button, self.export_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.divergence = QLabel()
        self.divergence.setObjectName("divergence")
        self.divergence.setTextFormat(
            Qt.TextFormat.PlainText
        )  # it names pages: users' text, shown as written
        self.divergence.setWordWrap(True)
        style.set_ui_font(self.divergence, 1.15, bold=True)
        self.legend = QLabel()
        self.legend.setObjectName("compare_legend")
        self.legend.setWordWrap(True)
        style.set_ui_font(self.legend, 0.9)
        self.lanes: list[LaneWidget] = []
        self.asking = False  # a predict question is open
        self.lanes_box = QWidget()
        self.lanes_layout = QVBoxLayout(self.lanes_box)
        self.lanes_layout.setContentsMargins(0, 0, 0, 0)
        self.lanes_layout.setSpacing(6)
        self.regret = RegretPanel(language)
        self.predict = ComparePredictBar(self.model, language, self)  # predict, then reveal

        top = QHBoxLayout()
        top.setSpacing(10)
        top.addWidget(self.playback, 1)
        top.addWidget(self.add_button)
        top.addWidget(self.export_button)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.lanes_scroll = FitWidthScroll(self.lanes_box)  # three lanes under a question at 720p
        self.splitter.addWidget(self.lanes_scroll)
        # The side panel scrolls rather than squeeze: below its minimum (the window's least size) a
        # layout lays its parts over each other, the plots' axes over the titles beneath them.
        self.side = FitWidthScroll(self.regret)
        self.side.setObjectName("compare_side")
        self.splitter.addWidget(self.side)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.divergence)
        layout.addWidget(self.predict)
        layout.addWidget(self.splitter, 1)
        self.regret.layout().addWidget(self.legend)
        self.regret.layout().insertWidget(0, self.predict.switch_box)  # the top row has no room at 960 px
        self.setAutoFillBackground(True)

        self._shortcuts = transport_shortcuts(self, self.model)

        self.add_button.clicked.connect(self._on_add_lane)
        self.model.stepped.connect(self._on_position)
        self.model.replayed.connect(self._on_position)
        self.model.restarted.connect(self._rebuild)
        self.model.regret_selected.connect(self._on_regret_selected)
        self.predict.asking.connect(self._on_asking)
        language.changed.connect(self._on_language_change)
        themes.manager().changed.connect(self._on_theme_change)
        self._rebuild()
        self._set_texts()

    # -- commands -------------------------------------------------------------------------------------

    def compare_with(self, config: RunConfig) -> None:
        """ "Compare this run with…": the run's config first, then its natural rivals."""
        self.model.set_configs(lanes_for(config, self.model.settings.recorded))

    def prepare_snapshot(self, steps: int | None, configs: list[str] | None) -> None:
        """For ``memviz snapshot --view compare``: these lanes at this step, the batch side computed."""
        if configs:
            self.model.set_config_texts(configs)
        self.model.jump(self.model.total if steps is None else steps)
        self.regret.compute_blocking()

    def compute_blocking(self) -> None:
        self.regret.compute_blocking()

    # -- building -------------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        comparison = self.model.comparison
        configs = self.model.configs
        while len(self.lanes) < len(configs):
            lane = LaneWidget(len(self.lanes), self.language)
            lane.config_edited.connect(self._on_lane_edit)
            lane.remove_requested.connect(self._on_remove_lane)
            lane.miss_clicked.connect(self.model.select_regret)
            lane.numbers.fit_changed.connect(self._share_number_words)
            self.lanes.append(lane)
            self.lanes_layout.addWidget(lane, 1)
        while len(self.lanes) > len(configs):
            lane = self.lanes.pop()
            self.lanes_layout.removeWidget(lane)
            lane.blockSignals(True)  # gone now: a click still queued for it must not reach the model
            lane.hide()
            lane.deleteLater()
        colours = lane_colours(configs)
        d = comparison.first_divergence
        for i, lane in enumerate(self.lanes):
            lane.set_lane(comparison.lanes[i], comparison.site, QColor(colours[i]), self.model.frames[i],
                          removable=len(configs) > 2)  # fmt: skip
            lane.table.set_divergence(d.step if d else None, d.cause_step if d else None)
            lane.setStyleSheet(
                f"QFrame#{lane.objectName()} {{ border: {max(2, round(2 * style.line_width()))}px solid {colours[i]};"
                " border-radius: 6px; }"
            )
        self.add_button.setEnabled(len(configs) < MAX_LANES)
        self._set_divergence_text()
        self._on_position()
        self.regret.request(comparison.site, configs, comparison.base.budget, colours)

    def _on_asking(self, asking: bool) -> None:
        self.asking = asking
        self._set_divergence_text()

    def _set_divergence_text(self) -> None:
        """Where the lanes part, and why; while the class guesses an eviction, neither (the why names
        what a lane forgot: maybe the answer)."""
        tr = self.language.tr
        lang = self.language.code
        d = self.model.comparison.first_divergence
        if self.asking:
            text = answer_withheld(lang)
        elif d is None:
            text = tr(compare_words.THE_PATHS_NEVER_PART)
        else:
            text = divergence_line(d.step, divergence_reason(self.model.comparison, lang), lang)
        left_out = self.model.left_out
        if left_out:  # first: it says why a lane asked for is missing
            budget = self.model.comparison.base.budget
            text = lanes_left_out_line([lane_label(c, lang) for c in left_out], budget, lang) + "\n" + text
        self.divergence.setText(text)
        self.divergence.setToolTip(
            tooltip(translated(self.model.refusal, lang)) if self.model.refusal else ""
        )

    # -- handlers -------------------------------------------------------------------------------------

    def _on_position(self, *_args) -> None:
        position = self.model.position
        for lane in self.lanes:
            lane.set_position(position)

    def _share_number_words(self) -> None:
        """Every lane names its numbers alike: with the short names its narrowest lane needs."""
        left_out = max((lane.numbers.fit() for lane in self.lanes), default=0)
        for lane in self.lanes:
            lane.numbers.set_left_out(left_out)

    def _on_lane_edit(self, index: int, config: LaneConfig) -> None:
        self.model.set_lane(index, config)

    def _on_remove_lane(self, index: int) -> None:
        configs = self.model.configs
        if len(configs) > 2 and 0 <= index < len(configs):  # a lane removed twice in one turn
            del configs[index]
            self.model.set_configs(configs)

    def _on_add_lane(self) -> None:
        configs = self.model.configs
        if len(configs) < MAX_LANES:
            last = configs[-1]
            self.model.set_configs([*configs, LaneConfig(last.strategy, last.capacity, "lru")])

    def _on_regret_selected(self, selected) -> None:
        for i, lane in enumerate(self.lanes):
            if selected is not None and selected[0] == i:
                _, at, page = selected
                lane.table.set_selected((at, page))
                lane.graph.set_highlight((page, at))
            else:
                lane.table.set_selected(None)
                lane.graph.set_highlight(None)

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()
        for lane in self.lanes:
            lane.set_language()
        self.regret.set_language()
        self._set_divergence_text()

    def _on_theme_change(self, _theme) -> None:
        self._rebuild()
        style.refresh_colors(self)

    def changeEvent(self, event) -> None:
        from memviz.gui.qt import QEvent

        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            style.refresh_fonts(self)
        super().changeEvent(event)

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.add_button.setText(tr(compare_words.ADD_LANE))
        self.legend.setText(compare_key(self.language.code))
        self.export_button.setText(tr(common_words.EXPORT))
        self.export_menu.clear()
        for text, slot in (
            (tr(compare_words.THE_VIEW_PNG), lambda: self._ask_and_export("png")),
            (tr(compare_words.THE_VIEW_SVG), lambda: self._ask_and_export("svg")),
            (tr(compare_words.FRAME_TABLES_CSV), lambda: self._ask_and_export("csv")),
        ):
            self.export_menu.addAction(text).triggered.connect(slot)

    # -- export ---------------------------------------------------------------------------------------

    def _ask_and_export(self, suffix: str) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.language.tr(common_words.EXPORT),
            f"memviz-compare.{suffix}",
            f"{suffix.upper()} (*.{suffix})",
        )
        if path:
            path = Path(path)
            self.export(path if path.suffix else path.with_suffix("." + suffix))

    def export(self, path: Path) -> Path:
        """The view as PNG or SVG, or every lane's frame table as CSV, by the file's suffix."""
        path = Path(path)
        suffix = path.suffix.lower()
        if suffix == ".png":
            if not self.grab().save(str(path), "PNG"):
                raise OSError(f"cannot write {path}")
        elif suffix == ".svg":
            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(QSize(self.width(), self.height()))
            generator.setViewBox(QRectF(0, 0, self.width(), self.height()))
            generator.setTitle("memviz compare")
            painter = QPainter(generator)
            self.render(painter)
            painter.end()
        elif suffix == ".csv":
            with path.open("w", newline="", encoding="utf-8") as f:
                csv.writer(f).writerows(self.frame_table_rows())
        else:
            raise ValueError(
                f"path: the view is exported as .png, .svg or .csv, not {suffix or 'no suffix'!r}"
            )
        return path

    def frame_table_rows(self) -> list[list]:
        """The frame tables as rows: lane, config, row (page / slot k / miss / evicted), then steps 0…n."""
        total = self.model.total
        rows: list[list] = [["lane", "config", "row", *range(total + 1)]]
        for i, (lane, columns) in enumerate(zip(self.model.comparison.lanes, self.model.frames, strict=True)):
            name = lane.config.text()
            if not columns:
                rows.append([i + 1, name, "page", *lane.path])
                continue
            pad = [""] * (total + 1 - len(columns))
            rows.append([i + 1, name, "page", *("" if c.page is None else c.page for c in columns), *pad])
            for r in range(len(columns[0].frames)):
                cells = ["" if c.frames[r] is None else c.frames[r] for c in columns]
                rows.append([i + 1, name, f"slot {r + 1}", *cells, *pad])
            rows.append(
                [i + 1, name, "evicted", *(" ".join(str(p) for _, p in c.left) for c in columns), *pad]
            )
            rows.append([i + 1, name, "miss", *("x" if c.miss else "" for c in columns), *pad])
        return rows
