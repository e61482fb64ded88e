"""A computed view (the Batch, Sweep, Cost and Evaluate tabs): a row of controls, a job, a result, exports.

A view computes only when asked (its run button, or the first time it is shown), always off the
GUI thread; ``compute_blocking`` does the same work synchronously for headless snapshots. When the
settings change after a result was computed the view keeps the result, says that it is out of date,
and names the settings it was computed with.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0
from memviz.core.rng import SEED_MAX
from memviz.core.site import Site
from memviz.gui.kit import export, notices, style, themes
from memviz.gui.kit.flow_layout import FlowLayout, together
from memviz.gui.kit.job_bar import JobBar, headline_label
from memviz.gui.kit.language import Language
from memviz.gui.kit.menu_button import MenuButton
from memviz.gui.kit.plot_row import PlotRow
from memviz.gui.kit.plots import clicked_seed, rescale_text_items, style_plot
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.kit.worker import Job, JobContext
from memviz.gui.qt import (
    QAction,
    QEvent,
    QFileDialog,
    QFrame,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QShowEvent,
    QSignalBlocker,
    QSpinBox,
    Qt,
    QTimer,
    QVBoxLayout,
    QWidget,
)
from memviz.models.analysis import AnalysisModel
from memviz.models.settings import RunSettings
from memviz.paths import dialog_start
from memviz.wording import common as common_words
from memviz.wording import kit as kit_words

MAX_RUNS = 20000
SPIN_SEED_MAX = min(SEED_MAX, 2**31 - 1)  # a QSpinBox holds a signed 32-bit int


class AnalysisView(QWidget):
    """Base of the analysis views. Subclasses fill in the parameters, the body and the drawing."""

    object_name = ""
    min_runs = 2  # an interval needs at least two runs
    plot_min_width_ems = 30  # a row of plots narrower than this a plot (in least type sizes): a column

    def __init__(
        self,
        settings: RunSettings,
        language: Language,
        parent: QWidget | None = None,
        auto_run: bool = True,
        model: AnalysisModel | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(self.object_name)
        self.settings = settings
        self.language = language
        self.auto_run = auto_run
        # The result shown lives in the model, not on the widget: the view draws what it is told.
        self.model = model if model is not None else AnalysisModel()
        self.job: Job | None = None

        self.run_button = QPushButton()
        self.run_button.setObjectName("run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.runs_label = QLabel()
        self.runs_spin = QSpinBox()
        self.runs_spin.setObjectName("runs")
        self.runs_spin.setRange(self.min_runs, MAX_RUNS)
        self.runs_spin.setValue(DEFAULT_RUNS)
        self.runs_spin.setSingleStep(100)
        self.runs_spin.setAccelerated(True)
        self.seed0_label = QLabel()
        self.seed0_spin = QSpinBox()
        self.seed0_spin.setObjectName("seed0")
        self.runs_spin.valueChanged.connect(self._on_runs_change)
        self._on_runs_change(self.runs_spin.value())
        self.seed0_spin.setValue(DEFAULT_SEED0)
        self.job_bar = JobBar(language)
        self.job_bar.cancel_requested.connect(self.cancel)
        self.export_button = MenuButton()
        self.export_button.setObjectName("export")
        self.export_menu = QMenu(self.export_button)
        self.export_button.setMenu(self.export_menu)

        # One row that wraps where the window is too narrow (FlowLayout), a label with its field: a
        # squeezed row cut the strategy's name and drew the job's progress bar, Cancel and status
        # over each other.
        controls_row = QWidget()
        controls = FlowLayout(controls_row, spacing=8)
        controls.add(self.run_button)
        for group in _label_with_field([*self._parameter_widgets(), self.runs_label, self.runs_spin,
                                        self.seed0_label, self.seed0_spin]):  # fmt: skip
            controls.add(group)
        controls.add(self.job_bar, stretch=True)
        controls.add(self.export_button)

        self.headline = headline_label()
        self._curtains: dict[pg.PlotWidget, QLabel] = {}  # over each plot while a job runs
        self.context_label = QLabel()
        self.context_label.setObjectName("context")
        style.set_ui_font(self.context_label)  # it has a style sheet: its font would stay put
        style.follow_presentation(self)  # _on_app_font_change: the plots follow the zoom
        self.context_label.setWordWrap(True)
        self.context_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stale_label = QLabel()
        self.stale_label.setObjectName("stale")
        self.stale_label.setWordWrap(True)
        self.stale_label.setStyleSheet(
            "background: #FFF4D6; color: #5B4500; border: 1px solid #E6C770; border-radius: 4px; padding: 4px 8px;"
        )
        self.stale_label.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        layout.addWidget(controls_row)
        # Under the controls, what the type's size may push past a short window scrolls (a 720p
        # window at 150 %): plots keep the height their tick numbers need instead of being cut.
        content = QWidget()
        content.setObjectName("analysis_content")
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(6)
        inner.addWidget(self.headline)
        inner.addWidget(self.context_label)
        inner.addWidget(self.stale_label)
        inner.addWidget(self._build_body(), 1)
        self.content_scroll = QScrollArea()
        self.content_scroll.setObjectName("analysis_scroll")
        self.content_scroll.setWidgetResizable(True)
        self.content_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.content_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.content_scroll.setWidget(content)
        layout.addWidget(self.content_scroll, 1)

        settings.config_changed.connect(self._on_config_change)
        settings.site_changed.connect(self._on_site_change)
        language.changed.connect(self._on_language_change)
        themes.manager().changed.connect(self._on_theme_change)
        self.model.result_changed.connect(self._on_result_change)
        self._on_theme_change(themes.current())

    @property
    def result(self) -> Any:
        """The result shown (the model's)."""
        return self.model.result

    # --- what subclasses provide --------------------------------------------------------------

    def _parameter_widgets(self) -> list[QWidget]:
        return []

    def _build_body(self) -> QWidget:
        raise NotImplementedError

    def _job_function(self) -> tuple[Callable[[JobContext], Any], int]:
        """The computation for the parameters in force, and how many runs it makes."""
        raise NotImplementedError

    def _depends_on(self, site: Site, config: RunConfig) -> tuple:
        """The part of the settings the result depends on (a change elsewhere keeps it current)."""
        raise NotImplementedError

    def _draw(self) -> None:
        """Draw ``self.result`` (plots and texts, in the current language)."""
        raise NotImplementedError

    def _clear(self) -> None:
        """Empty plots and the texts that go with them, before the first result."""

    def _retranslate(self) -> None:
        """Re-set the view's own fixed texts (labels, axis titles, table headers)."""

    def plots(self) -> list[tuple[str, str, str, pg.PlotWidget]]:
        """(file stem, zh name, en name, plot) for every plot the view can export."""
        return []

    def export_rows(self) -> list[dict]:
        """One row per run of the result: seed, every setting, what the run measured."""
        return []

    def export_data(self) -> dict:
        return {}

    def export_stem(self) -> str:
        return f"memviz-{self.object_name}"

    def open_run(self, key: Hashable, seed: int) -> None:
        """Open in the Explore view the run of the result that a dot made by :meth:`run_dots` with
        this ``key`` stands for."""
        raise NotImplementedError

    def _plots_above(self, plots: list[tuple[pg.PlotWidget, int]], *below: QWidget) -> QWidget:
        """A body: plots side by side (each with its stretch factor), the widgets ``below`` under
        them; a column when the row is too narrow for them at the zoom in force (PlotRow)."""
        self.plot_row = PlotRow(plots, *below, min_width_ems=self.plot_min_width_ems)
        return self.plot_row

    # --- running --------------------------------------------------------------------------------

    @property
    def runs(self) -> int:
        return self.runs_spin.value()

    @property
    def seed0(self) -> int:
        return self.seed0_spin.value()

    def start(self) -> Job:
        """Start computing with the parameters in force (cancelling a computation still running)."""
        self.cancel()
        function, _runs = self._job_function()
        job = Job(function)
        self.job = job
        key = self._depends_on(self.settings.site, self.settings.config)
        config = self.settings.config
        job.signals.progress.connect(lambda done, total: self._on_job_progress(job, done, total))
        job.signals.finished.connect(lambda result: self._on_job_finished(job, result, key, config))
        job.signals.cancelled.connect(lambda: self._on_job_ended(job, "cancelled"))
        job.signals.failed.connect(lambda message: self._on_job_ended(job, "failed", message))
        self.job_bar.set_running()
        self.run_button.setEnabled(False)
        self._show_computing(0, 0)
        job.start()
        return job

    def _show_computing(self, done: int, total: int) -> None:
        """While a job runs, its progress in place of the headline and over each plot: the last
        result's plot and headline (or an empty plot's ticks and "press Sweep") said nothing true
        meanwhile (issue 40)."""
        tr = self.language.tr
        text = tr(kit_words.COMPUTING_N, done=done, total=total) if total else tr(common_words.COMPUTING)
        self.headline.setText(text)
        for _stem, _zh, _en, plot in self.plots():
            curtain = self._curtains.get(plot)
            if curtain is None:
                curtain = QLabel(plot)
                curtain.setObjectName("computing_curtain")
                curtain.setAlignment(Qt.AlignmentFlag.AlignCenter)
                curtain.setWordWrap(True)
                style.set_ui_font(curtain, 1.3, bold=True)
                plot.installEventFilter(self)
                self._curtains[plot] = curtain
            c = style.colors()
            curtain.setStyleSheet(f"background: {c.paper.name()}; color: {c.muted.name()};")
            curtain.setText(text)
            curtain.setGeometry(plot.rect())
            curtain.raise_()
            curtain.show()

    def _hide_computing(self) -> None:
        for curtain in self._curtains.values():
            curtain.hide()

    def eventFilter(self, watched, event) -> bool:
        curtain = self._curtains.get(watched) if hasattr(self, "_curtains") else None
        if curtain is not None and event.type() == QEvent.Type.Resize:
            curtain.setGeometry(watched.rect())
        return super().eventFilter(watched, event)

    def cancel(self) -> None:
        if self.job is not None and not self.job.done.is_set():
            self.job.cancel()
            self.job_bar.set_status(kit_words.CANCELLING)

    def compute_blocking(self) -> None:
        """Compute in this thread and draw the result (headless snapshots, benchmarks, tests)."""
        self.cancel()
        self.job = None
        function, _runs = self._job_function()
        job = Job(function)
        key = self._depends_on(self.settings.site, self.settings.config)
        result = job.compute()
        job.seconds = 0.0
        self._accept(result, key, self.settings.config, None)

    def _on_job_progress(self, job: Job, done: int, total: int) -> None:
        if job is self.job:
            self.job_bar.set_progress(done, total)
            self._show_computing(done, total)

    def _on_job_finished(self, job: Job, result: Any, key: tuple, config: RunConfig) -> None:
        if job is not self.job:
            return  # superseded by a later start
        self.job = None
        self._accept(result, key, config, job.seconds)

    def _on_job_ended(self, job: Job, outcome: str, message: str = "") -> None:
        if job is not self.job:
            return
        self.job = None
        self.job_bar.set_idle()
        self.run_button.setEnabled(True)
        if outcome == "cancelled":
            self.job_bar.set_status(kit_words.CANCELLED)
        else:
            self.job_bar.set_status(kit_words.FAILED_N, message=message)
        self._hide_computing()  # the last result again, or the empty plots' invitation
        if self.result is not None:
            self._draw()
        else:
            self._clear()

    def _accept(self, result: Any, key: tuple, config: RunConfig, seconds: float | None) -> None:
        self._hide_computing()
        self.job_bar.set_idle()
        self.run_button.setEnabled(True)
        if seconds is not None:
            self.job_bar.set_status(kit_words.TOOK_N_S, seconds=f"{seconds:.2f}")
        self.model.set_result(result, key, config, seconds)

    def _on_result_change(self, result: Any) -> None:
        """The model has another result (or none): say whether it is current, and draw it."""
        self._update_stale()
        if result is not None:
            self._draw()
        else:
            self._clear()
        self._give_way()

    # --- settings and language ------------------------------------------------------------------

    def _on_runs_change(self, runs: int) -> None:
        with QSignalBlocker(self.seed0_spin):
            self.seed0_spin.setRange(0, SPIN_SEED_MAX - runs + 1)
        self._retranslate_run_button()

    def _on_config_change(self, config: RunConfig) -> None:
        self._update_stale()

    def _on_site_change(self, site: Site) -> None:
        self._update_stale()

    @property
    def is_stale(self) -> bool:
        return self.model.is_stale(self._depends_on(self.settings.site, self.settings.config))

    def _update_stale(self) -> None:
        stale = self.is_stale
        self.stale_label.setVisible(stale)
        if stale:
            self.stale_label.setText(
                self.language.tr(kit_words.THE_SETTINGS_HAVE_CHANGED_THE_RESULTS_N).format(
                    self.run_button.text()
                )
            )

    def _retranslate_run_button(self) -> None:
        pass

    def _on_language_change(self, *_: object) -> None:
        tr = self.language.tr
        self.runs_label.setText(tr(kit_words.RUNS))
        self.seed0_label.setText(tr(kit_words.FIRST_SEED))
        self.runs_spin.setToolTip(tr(kit_words.RUNS_PER_CONFIGURATION_ONE_SEED_EACH))
        self.seed0_spin.setToolTip(tr(kit_words.THE_FIRST_SEED_EACH_FURTHER_RUN))
        self.export_button.setText(tr(common_words.EXPORT))
        self._retranslate_run_button()
        self._retranslate()
        self._rebuild_export_menu()
        self._update_stale()
        if self.result is not None:
            self._draw()
        else:
            self._clear()
        self._give_way()

    def _on_theme_change(self, theme: themes.Theme | None = None) -> None:
        theme = theme or themes.current()  # (style.refresh_colors calls it without one)
        self.context_label.setStyleSheet(f"color: {theme.muted};")
        for _stem, _zh, _en, plot in self.plots():
            style_plot(plot)
        self._on_language_change()  # every text and item again, in the theme's colours

    def changeEvent(self, event: QEvent) -> None:
        # The app's type changed (the window's size, the zoom): fonts given at a scale of it (the
        # tables of figures) are given anew.
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            style.refresh_fonts(self)
        super().changeEvent(event)

    def _give_way(self) -> None:
        """The plots' row or column and least heights for what they now show (PlotRow)."""
        if getattr(self, "plot_row", None) is not None:
            self.plot_row.give_way()

    def _on_app_font_change(self) -> None:
        """The zoom changed (MainWindow refreshes every follower): the plots' tick numbers and
        legends, and their own texts (plots.font, titles, axis names), at the new size."""
        for _stem, _zh, _en, plot in self.plots():
            style_plot(plot)
            rescale_text_items(plot)
        self._give_way()
        if self.result is not None:
            self._draw()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.auto_run and self.result is None and self.job is None:
            QTimer.singleShot(0, self._auto_start)

    def _auto_start(self) -> None:
        if self.result is None and self.job is None and self.isVisible():
            self.start()

    # --- runs under the pointer ---------------------------------------------------------------------

    def run_dots(
        self, key: Hashable, describe: Callable[[float, float], tuple[str, str]], **options: Any
    ) -> pg.ScatterPlotItem:
        """Dots that stand for runs, each point's data its seed: hovering one names its seed and what
        ``describe(x, y)`` says of it (zh, en); clicking one opens that run (:meth:`open_run`)."""
        dots = pg.ScatterPlotItem(
            hoverable=True, tip=lambda x, y, data: self._run_tip(data, *describe(x, y)), **options
        )
        dots.sigClicked.connect(lambda item, points, ev: self._on_dot_click(key, item, points, ev))
        return dots

    def _run_tip(self, seed: int, zh: str, en: str) -> str:
        return self.language.tr(kit_words.SEED_CLICK_TO_OPEN_IT_IN_N, seed=seed, zh=zh, en=en)

    def _on_dot_click(self, key: Hashable, item: pg.ScatterPlotItem, points, ev) -> None:
        seed = clicked_seed(item, points, ev)
        if seed is not None and self.result is not None:
            self.open_run(key, seed)

    def _set_click_hint(self, *plots: pg.PlotWidget) -> None:
        """Say on plots of run dots that a click opens a run."""
        for plot in plots:
            plot.setToolTip(self.language.tr(kit_words.CLICK_A_DOT_TO_OPEN_THAT))

    # --- export -----------------------------------------------------------------------------------

    def _export_context(self, config: RunConfig, seeds: range) -> dict:
        """What every exported result starts with: the site, the settings and the seeds."""
        return {
            "site": dict(self.settings.site.names),
            "config": export.setting_values(config),
            "seeds": {"seed0": seeds.start, "runs": len(seeds)},
        }

    def _rebuild_export_menu(self) -> None:
        tr = self.language.tr
        menu = self.export_menu
        menu.clear()
        for stem, zh, en, plot in self.plots():
            for suffix in ("png", "svg"):
                kind = suffix.upper()
                action = QAction(tr(kit_words.PLOT_N, zh=zh, kind=kind, en=en), menu)
                action.triggered.connect(
                    lambda _=False, s=stem, p=plot, x=suffix: self._ask_and_export_plot(s, p, x)
                )
                menu.addAction(action)
        menu.addSeparator()
        for suffix, zh, en in (("csv", *kit_words.RESULTS_ONE_ROW_PER_RUN_CSV),
                               ("json", *kit_words.RESULTS_JSON)):  # fmt: skip
            action = QAction(tr(zh, en), menu)
            action.triggered.connect(lambda _=False, x=suffix: self._ask_and_export_result(x))
            menu.addAction(action)
        menu.addSeparator()
        action = QAction(tr(kit_words.EXPORT_EVERYTHING_TO_A_FOLDER), menu)
        action.triggered.connect(self._ask_and_export_all)
        menu.addAction(action)

    def _need_result(self) -> bool:
        if self.result is None:
            QMessageBox.information(
                self,
                self.language.tr(kit_words.NO_RESULTS_YET),
                self.language.tr(kit_words.COMPUTE_FIRST_THEN_EXPORT),
            )
            return False
        return True

    def _ask_path(self, name: str, suffix: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.language.tr(common_words.EXPORT), dialog_start(name), f"{suffix.upper()} (*.{suffix})"
        )
        if not path:
            return None
        path = Path(path)
        return path if path.suffix else path.with_suffix("." + suffix)

    def _ask_and_export_plot(self, stem: str, plot: pg.PlotWidget, suffix: str) -> None:
        if self._need_result() and (path := self._ask_path(f"{self.export_stem()}-{stem}.{suffix}", suffix)):
            self._exporting(lambda: export.export_plot(plot, path))

    def _ask_and_export_result(self, suffix: str) -> None:
        if self._need_result() and (path := self._ask_path(f"{self.export_stem()}.{suffix}", suffix)):
            self._exporting(lambda: self.export_result(path))

    def _ask_and_export_all(self) -> None:
        if not self._need_result():
            return
        folder = QFileDialog.getExistingDirectory(
            self, self.language.tr(kit_words.EXPORT_TO_FOLDER), dialog_start()
        )
        if folder:
            self.export_all_asking(Path(folder))

    def export_all_asking(self, folder: Path) -> list[Path]:
        """:meth:`export_all`, after asking before replacing files already in ``folder``."""
        tr = self.language.tr
        there = [p for p in self.export_all_paths(folder) if p.exists()]
        files = len(there)
        if there and not notices.ask_replace(
            self,
            tr(kit_words.REPLACE_EXISTING_FILES),
            tr(kit_words.ALREADY_HOLDS_OF_THESE_FILES_REPLACE_N, folder=folder, files=files),
            there,
        ):
            return []
        return self._exporting(lambda: self.export_all(folder)) or []

    def _exporting(self, write: Callable[[], Any]) -> Any:
        """Run an export; a failure is told in the window (naming the file), not on stderr."""
        try:
            return write()
        except (OSError, ValueError) as exc:
            notices.show_error(self, self.language.tr(kit_words.EXPORT_FAILED), str(exc))
            return None

    def export_result(self, path: Path) -> Path:
        """Write the result to ``path``: CSV (one row per run) or JSON, by the file's suffix."""
        path = Path(path)
        if path.suffix.lower() == ".csv":
            export.write_csv(path, self.export_rows())
        else:
            export.write_json(path, self.export_data())
        return path

    def export_all_paths(self, folder: Path) -> list[Path]:
        """The files :meth:`export_all` writes into ``folder``."""
        folder, stem = Path(folder), self.export_stem()
        plots = [
            folder / f"{stem}-{plot_stem}.{suffix}"
            for plot_stem, *_ in self.plots()
            for suffix in ("png", "svg")
        ]
        return [*plots, folder / f"{stem}.csv", folder / f"{stem}.json"]

    def export_all(self, folder: Path) -> list[Path]:
        """Every plot as PNG and SVG, and the result as CSV and JSON, into ``folder``."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = iter(self.export_all_paths(folder))
        written = [
            export.export_plot(plot, next(paths)) for *_, plot in self.plots() for _suffix in ("png", "svg")
        ]
        written += [self.export_result(next(paths)), self.export_result(next(paths))]
        return written


def _label_with_field(widgets: list[QWidget]) -> list[QWidget]:
    """The widgets of a row, each label kept together with the field after it."""
    groups: list[QWidget] = []
    pending: QLabel | None = None
    for widget in widgets:
        if pending is not None:
            groups.append(together(pending, widget))
            pending = None
        elif isinstance(widget, QLabel):
            pending = widget
        else:
            groups.append(widget)
    if pending is not None:
        groups.append(pending)
    return groups
