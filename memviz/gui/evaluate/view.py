"""The Evaluate tab (评测): two configs on a task set, paired by task (issue 26, the chapter's
"真实评测怎么设计").

The job (off the GUI thread, with progress and cancel, as every analysis view) runs A and B on
every task K times with paired seeds, and the ablation's four rows on the same tasks. The view then
draws what :mod:`memviz.core.evaluation` reports for the metric chosen: the forest plot (a click on
a task lists its runs; a click on a run opens it in Explore), the distribution of d_t, the three
intervals with the design effect in words, the sample-size curve and the ablation table.
"""

from __future__ import annotations

import math
from pathlib import Path

from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig
from memviz.core.evaluation import (
    DEFAULT_DELTA,
    DEFAULT_REPEATS,
    METRICS,
    TaskPaired,
    ablation,
    ablation_table,
    evaluate,
    load_tasks,
)
from memviz.core.evaluation.bugs import bug_tables, simulated_bug_tables
from memviz.core.evaluation.settings import default_delta
from memviz.core.evaluation.traces import evaluate_traces, read_traces
from memviz.core.registry import ConfigError
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES
from memviz.gui.evaluate import plots
from memviz.gui.evaluate.body import EvaluateBody
from memviz.gui.evaluate.bugs_page import BugsPage
from memviz.gui.evaluate.choices import ConfigChoice, config_name
from memviz.gui.evaluate.sources import Recorded, Simulated
from memviz.gui.kit import notices
from memviz.gui.kit.computed_view import AnalysisView
from memviz.gui.kit.menu_button import MenuButton
from memviz.gui.kit.plots import fill_table, make_plot, make_table, set_axis_label
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSignalBlocker,
    QSplitter,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from memviz.paths import dialog_start
from memviz.wording import common as common_words
from memviz.wording import counted
from memviz.wording import evaluation as evaluation_words
from memviz.wording import kit as kit_words
from memviz.wording.evaluation import (
    ablation_name,
    bootstrap_words,
    deft_words,
    interval,
    metric_name,
    needed,
    sign_flip_p,
    value,
    verdict,
)

MAX_REPEATS = 200
RUNS_PAGE = 3  # the right-hand page that lists a clicked task's runs


class EvaluateView(AnalysisView):
    object_name = "evaluate"

    def __init__(self, settings, language, parent=None, auto_run: bool = True) -> None:
        self.tasks_path: Path | None = None
        self.traces_path: Path | None = None  # recorded runs instead of tasks
        self.chosen_metric = "coverage"
        self.delta = DEFAULT_DELTA
        self.selected: int | None = None
        self._paired: dict[tuple[str, float], TaskPaired] = {}
        super().__init__(settings, language, parent, auto_run)
        self.runs_spin.setRange(2, MAX_REPEATS)
        self.runs_spin.setSingleStep(1)
        self.runs_spin.setValue(DEFAULT_REPEATS)
        self._set_delta_range()

    # --- parameters -------------------------------------------------------------------------------

    def _parameter_widgets(self) -> list[QWidget]:
        self.a_label, self.b_label, self.metric_label = QLabel(), QLabel(), QLabel()
        self.a_combo = ConfigChoice("config_a", "random", self.language.code)
        self.b_combo = ConfigChoice("config_b", "frontier", self.language.code)
        self.metric_combo = QComboBox()
        self.metric_combo.setObjectName("metric")
        self.metric_combo.currentIndexChanged.connect(self._on_metric_change)
        self.tasks_button = MenuButton()
        self.tasks_button.setObjectName("tasks")
        self.tasks_menu = QMenu(self.tasks_button)
        self.tasks_button.setMenu(self.tasks_menu)
        self.builtin_action = self.tasks_menu.addAction("", lambda: self.set_tasks(None))
        self.task_file_action = self.tasks_menu.addAction("", self._ask_tasks)
        self.traces_action = self.tasks_menu.addAction("", self._ask_traces)
        return [self.a_label, self.a_combo, self.b_label, self.b_combo, self.metric_label, self.metric_combo,
                self.tasks_button]  # fmt: skip

    def configs(self) -> tuple[RunConfig, RunConfig, tuple[str, str]]:
        """A and B as typed (``memviz compare``'s grammar), with the budget of the settings in force."""
        base = RunConfig(budget=self.settings.config.budget)
        typed = tuple(combo.config() for combo in (self.a_combo, self.b_combo))
        lanes = [LaneConfig.parse(text) for text in typed]
        return lanes[0].run_config(base), lanes[1].run_config(base), typed

    def set_configs(self, a: str, b: str) -> None:
        self.a_combo.set_config(a)
        self.b_combo.set_config(b)

    def set_tasks(self, path: Path | None) -> None:
        """Simulated runs on the task file ``path`` (None: the built-in 32 tasks)."""
        load_tasks(path)  # a bad file is refused here, with the field named
        self.tasks_path, self.traces_path = path, None
        self._on_source_change()

    def set_traces(self, folder: Path) -> None:
        """Recorded runs: the ``memviz-trace/1`` files in ``folder``; A and B name their labels."""
        read_traces(folder)  # a folder without traces, or a bad one, is refused here
        self.traces_path = folder
        self._on_source_change()

    def _on_source_change(self) -> None:
        recorded = self.traces_path is not None
        for widget in (self.runs_spin, self.seed0_spin):
            widget.setEnabled(not recorded)  # the recordings have their own runs and seeds
        self._retranslate()

    def _ask_tasks(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.language.tr(evaluation_words.TASK_FILE), dialog_start(), "memviz-tasks/1 (*.json)"
        )
        if path:
            self._trying(lambda: self.set_tasks(Path(path)))

    def _ask_traces(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.language.tr(evaluation_words.FOLDER_OF_TRACES), dialog_start()
        )
        if folder:
            self._trying(lambda: self.set_traces(Path(folder)))

    def _trying(self, action) -> None:
        try:
            action()
        except (ConfigError, OSError) as exc:
            notices.show_error(self, self.language.tr(evaluation_words.CANNOT_OPEN), str(exc))

    # --- body -------------------------------------------------------------------------------------

    def _build_body(self) -> QWidget:
        self.forest_means, self.forest_diffs, self.task_axis = plots.forest_plots()
        forest = QSplitter(Qt.Orientation.Horizontal)
        forest.addWidget(self.forest_means)
        forest.addWidget(self.forest_diffs)
        forest.setChildrenCollapsible(False)
        self.runs_caption = QLabel()
        self.runs_caption.setObjectName("runs_caption")
        self.runs_caption.setWordWrap(True)
        self.runs_table = QTableWidget(0, 5)
        self.runs_table.setObjectName("task_runs")
        self.runs_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.runs_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.runs_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # a seed, or two trace files' names
        self.runs_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.runs_table.verticalHeader().setVisible(False)
        self.runs_table.cellClicked.connect(self._on_run_cell)
        runs_page = QWidget()
        page = QVBoxLayout(runs_page)
        page.setContentsMargins(4, 4, 4, 4)
        page.addWidget(self.runs_caption)
        page.addWidget(self.runs_table, 1)

        self.interval_plot, self.interval_axis = plots.interval_plot()
        self.design_label = QLabel()
        self.design_label.setObjectName("design_effect")
        self.design_label.setWordWrap(True)
        self.histogram = make_plot()
        self.histogram.setObjectName("diff_distribution")
        self.histogram.setMinimumSize(240, 150)
        intervals_page = QWidget()
        page = QVBoxLayout(intervals_page)
        page.setContentsMargins(4, 4, 4, 4)
        page.addWidget(self.interval_plot, 3)
        page.addWidget(self.design_label)
        page.addWidget(self.histogram, 3)

        self.sample_plot = plots.sample_plot()
        self.delta_label = QLabel()
        self.delta_spin = QDoubleSpinBox()
        self.delta_spin.setObjectName("delta")
        self.delta_spin.valueChanged.connect(self._on_delta_change)
        self.needed_label = QLabel()
        self.needed_label.setObjectName("tasks_needed")
        self.needed_label.setWordWrap(True)
        delta_row = QHBoxLayout()
        delta_row.addWidget(self.delta_label)
        delta_row.addWidget(self.delta_spin)
        delta_row.addStretch(1)
        sample_page = QWidget()
        page = QVBoxLayout(sample_page)
        page.setContentsMargins(4, 4, 4, 4)
        page.addLayout(delta_row)
        page.addWidget(self.sample_plot, 1)
        page.addWidget(self.needed_label)

        self.ablation_caption = QLabel()
        self.ablation_caption.setObjectName("ablation_caption")
        self.ablation_caption.setWordWrap(True)
        self.ablation_grid = make_table(4, 4, "ablation_table")
        self.ablation_grid.verticalHeader().setVisible(False)
        ablation_page = QWidget()
        page = QVBoxLayout(ablation_page)
        page.setContentsMargins(4, 4, 4, 4)
        page.addWidget(self.ablation_caption)
        page.addWidget(self.ablation_grid)
        page.addStretch(1)

        self.pages = QTabWidget()
        self.pages.setObjectName("evaluate_pages")
        # Every page's tab whole: its titles are the page's only names (at 720p and 130 %, scroll
        # arrows hid "Task runs").
        self.pages.setUsesScrollButtons(False)
        self.pages.addTab(intervals_page, "")
        self.pages.addTab(sample_page, "")
        self.pages.addTab(ablation_page, "")
        self.pages.addTab(runs_page, "")
        self.bugs_page = BugsPage()
        self.pages.addTab(self.bugs_page, "")

        # beside the pages, or above them where the row is too narrow (1280×720 at 150 %)
        self.evaluate_body = EvaluateBody(
            forest, self.forest_means, self.forest_diffs, self.task_axis, self.pages,
            [self.interval_plot, self.histogram, self.sample_plot],
        )  # fmt: skip
        return self.evaluate_body

    def choose_for_snapshot(self, detail: str) -> None:
        """``--view evaluate[/PAGE[/METRIC]]``: the right-hand page (intervals, sample, ablation, runs)
        and the metric (coverage, bug_recall, repeat, dups, tokens, steps)."""
        page, _, metric = detail.partition("/")
        names = {"": 0, "intervals": 0, "sample": 1, "ablation": 2, "runs": 3, "bugs": 4}
        if page not in names:
            raise ValueError(f"--view evaluate/{detail}: expected intervals, sample, ablation, runs or bugs")
        if metric and metric not in METRICS:
            raise ValueError(f"--view evaluate/{detail}: the metric is one of {', '.join(METRICS)}")
        self.pages.setCurrentIndex(names[page])
        if metric:
            self.metric_combo.setCurrentIndex(METRICS.index(metric))
        if page == "runs":
            self.selected = 0

    def prepare_snapshot(self, _steps: int | None, compare: list[str] | None) -> None:
        """``memviz snapshot --view evaluate --compare A B``: the two configs evaluated."""
        if compare:
            if len(compare) != 2:
                raise ValueError(
                    f"--compare: the Evaluate view takes two configs, A and B, got {len(compare)}"
                )
            self.set_configs(*compare)
            self.configs()  # a bad config: one line, before any run

    # --- running --------------------------------------------------------------------------------

    def _job_function(self):
        if self.traces_path is not None:
            return self._traces_job()
        a, b, labels = self.configs()
        task_set = load_tasks(self.tasks_path)
        repeats, seed0 = self.runs, self.seed0
        memory = next((c for c in (b, a) if STRATEGIES.get(c.strategy).uses_memory), None)
        runs = len(task_set.tasks) * repeats * (2 + (4 if memory is not None else 0))

        def compute(context) -> Simulated:
            context.expect(runs)
            evaluation = evaluate(task_set, {"a": a, "b": b}, repeats, seed0, runner=context.runner)
            rows = (
                None if memory is None else ablation(task_set, memory, repeats, seed0, runner=context.runner)
            )
            return Simulated(evaluation, rows, labels, simulated_bug_tables(evaluation))

        return compute, runs

    def _traces_job(self):
        """Recorded runs: the A and B boxes name the baseline's and the treatment's label."""
        folder, site = self.traces_path, self.settings.site
        baseline, treatment = (combo.config() for combo in (self.a_combo, self.b_combo))

        def compute(context) -> Recorded:
            traces = read_traces(folder)
            context.check()
            evaluation = evaluate_traces(traces, baseline, treatment)
            return Recorded(evaluation, folder, bug_tables(evaluation), site)

        return compute, 0

    def _depends_on(self, site: Site, config: RunConfig) -> tuple:
        return (config.budget,)  # the task set names its own site; only the budget comes from settings

    def start(self):
        try:
            if self.traces_path is None:
                self.configs()
        except ConfigError as exc:
            self.job_bar.set_status(kit_words.FAILED_N, message=exc)
            return None
        if self.result is not None:
            self.selected = None  # a new result: its tasks may be others
        return super().start()

    def _give_way(self) -> None:
        if hasattr(self, "evaluate_body"):
            self.evaluate_body.give_way()

    def _accept(self, result, key, config, seconds) -> None:
        self._paired.clear()
        super()._accept(result, key, config, seconds)

    def paired(self) -> TaskPaired:
        """The statistics of the metric chosen, at the δ chosen (computed once per pair)."""
        key = (self.chosen_metric, self.delta)
        if key not in self._paired:
            self._paired[key] = self.result.paired(self.chosen_metric, self.delta)
        return self._paired[key]

    # --- interaction --------------------------------------------------------------------------------

    def _on_metric_change(self, index: int) -> None:
        if 0 <= index < len(METRICS):
            self.chosen_metric = METRICS[index]
            self._set_delta_range()
            if self.result is not None:
                self._draw()

    def _set_delta_range(self) -> None:
        proportion = self.chosen_metric in plots.PROPORTIONS
        spin = self.delta_spin
        with QSignalBlocker(spin):
            if proportion:
                spin.setRange(0.1, 100.0)
                spin.setDecimals(1)
                spin.setSuffix(" %")
                spin.setValue(default_delta(self.chosen_metric) * 100)
            else:
                spin.setRange(0.01, 1_000_000.0)
                spin.setDecimals(2)
                spin.setSuffix("")
                spin.setValue(default_delta(self.chosen_metric))
        self.delta = spin.value() / plots.scale(self.chosen_metric)

    def _on_delta_change(self, shown: float) -> None:
        self.delta = shown / plots.scale(self.chosen_metric)
        if self.result is not None:
            self._draw_sample_size(self.paired())

    def select_task(self, index: int | None) -> None:
        """List the runs of task ``index`` under the forest plot (None: none)."""
        self.selected = index
        if self.result is not None:
            self._draw_forest(self.paired())
            self._fill_runs()
            if index is not None:
                self.pages.setCurrentIndex(RUNS_PAGE)

    def _on_run_cell(self, row: int, column: int) -> None:
        arm = {2: "a", 3: "b"}.get(column)  # the A and B value cells open their run
        if arm is not None and self.selected is not None and self.result is not None:
            self.open_task_run(arm, self.selected, row)

    def open_task_run(self, arm: str, task_index: int, repeat: int) -> None:
        """Open one run of the result in Explore: a simulated run on its task's version and start
        page, or a recording replayed."""
        try:
            self.result.open_run(self.settings, arm, task_index, repeat)
        except (ValueError, OSError) as exc:  # a trace gone or changed since: one line, in the window
            notices.show_error(self, self.language.tr(evaluation_words.CANNOT_OPEN_THIS_RUN), str(exc))

    # --- drawing ------------------------------------------------------------------------------------

    def _clear(self) -> None:
        self.headline.setText("")
        self.context_label.setText(self.language.tr(common_words.COMPUTING))

    def _draw(self) -> None:
        result = self.result
        tr = self.language.tr
        lang = self.language.code
        paired = self.paired()
        m = self.chosen_metric
        a_text, b_text = result.labels
        metric, mean = metric_name(m, lang), value(m, paired.mean_diff, True)
        ci = interval(m, paired.ci_task)
        self.headline.setText(
            tr(evaluation_words.B_B_B_A_AVERAGES_B_N, metric=metric, mean=mean, ci=ci, p=sign_flip_p(paired))
        )  # fmt: skip
        # as every tab says them (a recording's label that is no config, "human", stays as it is)
        a_text, b_text = config_name(a_text, lang), config_name(b_text, lang)
        explained = ""
        if hasattr(result, "task_example"):  # simulated tasks (recorded runs have no start page)
            explained = "\n" + tr(evaluation_words.TASK_EXPLAINED_N, example=result.task_example(lang))
            explained += " " + tr(evaluation_words.INTERVALS_EXPLAINED)
        self.context_label.setText(
            tr(evaluation_words.A_BASELINE_B_TREATMENT_N, a_text=a_text, b_text=b_text)
            + result.source_text(paired, lang)
            + verdict(paired.mean_diff, paired.ci_task, lang)
            + explained
        )
        self._draw_forest(paired)
        self._fill_runs()
        unit = self._unit()
        plots.draw_histogram(
            self.histogram, paired, m, tr(evaluation_words.D_T_ACROSS_TASKS),
            tr(evaluation_words.D_T_N, unit=unit), tr(evaluation_words.TASKS),
        )  # fmt: skip
        plots.draw_intervals(
            self.interval_plot, self.interval_axis, paired, m,
            [tr(evaluation_words.BY_TASK), tr(evaluation_words.BOOTSTRAP), tr(evaluation_words.FLATTENED_WRONG)],
            tr(evaluation_words.N95_INTERVALS_OF_B_A), tr(evaluation_words.B_A_N, unit=unit),
        )  # fmt: skip
        lines = [deft_words(paired, lang)]
        if paired.tasks > 1 and not math.isfinite(paired.bootstrap_ci[0]):  # fewer than 10 tasks
            lines.append(bootstrap_words(paired.tasks, lang, short=True))
        self.design_label.setText("\n".join(lines))
        self._draw_sample_size(paired)
        self._fill_ablation()
        self.bugs_page.show_tables(result.bugs, result.bug_name, lang)
        self.evaluate_body.fit_pages_height()  # for the sentences' new lines

    def _unit(self) -> str:
        return (
            "%"
            if self.chosen_metric in plots.PROPORTIONS
            else metric_name(self.chosen_metric, self.language.code)
        )

    def _draw_forest(self, paired: TaskPaired) -> None:
        tr = self.language.tr
        lang = self.language.code
        has_names = hasattr(self.result, "task_names")
        ids = self.result.task_names(lang) if has_names else self.result.task_ids()
        plots.draw_forest(
            self.forest_means, self.forest_diffs, self.task_axis, ids, paired, self.chosen_metric, self.selected,
            (tr(evaluation_words.EACH_TASK_A_AND_B),
             tr(evaluation_words.DIFFERENCE_D_T_AND_ITS_RUNS)),
            self.select_task,
        )  # fmt: skip
        name = metric_name(self.chosen_metric, self.language.code)
        unit = f"（{self._unit()}）" if self.language.code == "zh" else f" ({self._unit()})"
        set_axis_label(
            self.forest_means, "bottom", name + unit if self.chosen_metric in plots.PROPORTIONS else name
        )
        set_axis_label(self.forest_diffs, "bottom", "B − A" + unit)
        self.evaluate_body.give_way()  # a line for each task's name, room for the names beside the plots

    def _fill_runs(self) -> None:
        tr = self.language.tr
        table = self.runs_table
        table.setHorizontalHeaderLabels(
            [tr(evaluation_words.RUN), self._run_name_header(), "A", "B", "B − A"]
        )
        if self.selected is None or self.result is None:
            table.setRowCount(0)
            self.runs_caption.setText(tr(evaluation_words.CLICK_A_TASK_A_ROW_ON))
            return
        i = self.selected
        m = self.chosen_metric
        self.runs_caption.setText(self.result.task_text(i, self.language.code))
        runs = self.result.runs_of(i, m)
        table.setRowCount(len(runs))
        for r, run in enumerate(runs):
            paired_run = run.paired and run.a is not None and run.b is not None
            cells = [str(r + 1), run.name, value(m, run.a), value(m, run.b),
                     value(m, run.b - run.a, True) if paired_run else "—"]  # fmt: skip
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if c in (2, 3):
                    item.setToolTip(tr(evaluation_words.CLICK_TO_OPEN_IT_IN_EXPLORE))
                if c == 1:
                    item.setToolTip(text)
                table.setItem(r, c, item)

    def _draw_sample_size(self, paired: TaskPaired) -> None:
        tr = self.language.tr
        lang = self.language.code
        m = self.chosen_metric
        unit = self._unit()
        runs = [counted(k, lang, *common_words.RUN) for k in plots.REPEATS_SHOWN]
        plots.draw_sample_size(
            self.sample_plot, paired, m,
            [tr(evaluation_words.A_TASK_N, k=k) for k in runs],
            tr(evaluation_words.TASKS_NEEDED),
            tr(evaluation_words.DIFFERENCE_TO_DETECT_N, unit=unit),
            tr(evaluation_words.TASKS_LOG_SCALE),
            tr(evaluation_words.AS_RUN_A_TASK_N, repeats=paired.repeats)
            if paired.repeats is not None else tr(evaluation_words.AS_RUN),
        )  # fmt: skip
        at = "，".join(f"{k} 次 {needed(n, lang)}" for k, n in paired.tasks_needed_at.items())
        at_en = ", ".join(f"{k} a task: {needed(n, lang)}" for k, n in paired.tasks_needed_at.items())
        delta, tasks = value(m, paired.delta), needed(paired.tasks_needed, lang)
        if paired.repeats is None:  # unbalanced recorded runs: the runs a task as they were made
            text = tr(evaluation_words.TO_DETECT_AS_MADE_N, delta=delta, tasks=tasks, at=at, at_en=at_en)
        else:
            text = tr(
                evaluation_words.TO_DETECT_0_05_POWER_0_N,
                delta=delta,
                repeats=paired.repeats,
                tasks=tasks,
                at=at,
                at_en=at_en,
            )
        self.needed_label.setText(text)  # fmt: skip

    def _fill_ablation(self) -> None:
        tr = self.language.tr
        lang = self.language.code
        result = self.result
        table = self.ablation_grid
        m = self.chosen_metric
        table.setHorizontalHeaderLabels(
            [
                tr(evaluation_words.MEMORY),
                metric_name(m, lang),
                tr(evaluation_words.VS_NONE),
                tr(evaluation_words.N95_INTERVAL),
            ]
        )
        if result.ablation is None:
            self.ablation_caption.setText(
                tr(evaluation_words.RECORDED_RUNS_HAVE_NO_ABLATION_IT)
                if isinstance(result, Recorded)
                else tr(evaluation_words.NEITHER_A_NOR_B_KEEPS_MEMORY)
            )
            fill_table(table, [[""] * 4 for _ in range(4)])
            return
        memory = config_name(config_text(result.ablation.arms["both"].config), lang)
        self.ablation_caption.setText(
            tr(evaluation_words.THE_MEMORY_OF_TAKEN_APART_THE_N, memory=memory)
        )  # fmt: skip
        rows = ablation_table(result.ablation, m, self.delta)
        texts = [
            [ablation_name(row.row, lang), value(m, row.means[m]),
             "" if row.vs_none is None else value(m, row.vs_none.mean_diff, True),
             "" if row.vs_none is None else interval(m, row.vs_none.ci_task)]
            for row in rows
        ]  # fmt: skip
        fill_table(table, texts)
        for r, row in enumerate(rows):  # every metric's mean, in the row's tooltip
            tip = "\n".join(f"{metric_name(x, lang)}: {value(x, row.means[x])}" for x in METRICS)
            for c in range(4):
                table.item(r, c).setToolTip(tip)

    def _retranslate(self) -> None:
        tr = self.language.tr
        self.a_label.setText("A")
        self.b_label.setText("B")
        for combo in (self.a_combo, self.b_combo):
            combo.set_language(self.language.code)
        self.a_combo.setToolTip(tr(evaluation_words.BASELINE_CONFIG_E_G_RANDOM_FRONTIER))
        self.b_combo.setToolTip(tr(evaluation_words.TREATMENT_CONFIG))
        self.metric_label.setText(tr(evaluation_words.METRIC))
        with QSignalBlocker(self.metric_combo):
            self._fill_metric_combo()
        if self.traces_path is not None:
            text = tr(evaluation_words.TRACES_N, name=self.traces_path.name)
        elif self.tasks_path is not None:
            text = tr(evaluation_words.TASKS_N, name=self.tasks_path.name)
        else:
            text = tr(evaluation_words.TASKS_BUILT_IN_32)
        self.tasks_button.setText(text)
        self.tasks_button.setToolTip(
            tr(evaluation_words.WHAT_TO_EVALUATE_THE_BUILT_IN)
        )  # fmt: skip
        self.builtin_action.setText(tr(evaluation_words.BUILT_IN_32_TASKS))
        self.task_file_action.setText(tr(evaluation_words.TASK_FILE_2))
        self.traces_action.setText(tr(evaluation_words.FOLDER_OF_TRACES_2))
        self.runs_label.setText(tr(evaluation_words.RUNS_A_TASK))
        self.runs_spin.setToolTip(tr(evaluation_words.RUNS_OF_EACH_CONFIG_ON_EACH))
        self.pages.setTabText(0, tr(evaluation_words.INTERVALS))
        self.pages.setTabText(1, tr(evaluation_words.SAMPLE_SIZE))
        self.pages.setTabText(2, tr(evaluation_words.ABLATION))
        self.pages.setTabText(3, tr(evaluation_words.TASK_RUNS))
        self.pages.setTabText(4, tr(evaluation_words.BUGS))
        self.delta_label.setText(tr(evaluation_words.DIFFERENCE_TO_DETECT))
        self.runs_table.setHorizontalHeaderLabels(
            [tr(evaluation_words.RUN), self._run_name_header(), "A", "B", "B − A"]
        )

    def _run_name_header(self) -> str:
        return self.language.tr(evaluation_words.TRACES_A_B) if self.traces_path is not None else "seed"

    def _fill_metric_combo(self) -> None:
        lang = self.language.code
        self.metric_combo.clear()
        self.metric_combo.addItems([metric_name(m, lang) for m in METRICS])
        self.metric_combo.setCurrentIndex(METRICS.index(self.chosen_metric))

    def _retranslate_run_button(self) -> None:
        self.run_button.setText(self.language.tr(common_words.EVALUATE))

    # --- export -------------------------------------------------------------------------------------

    def plots(self) -> list[tuple[str, str, str, pg.PlotWidget]]:
        if not hasattr(self, "forest_means"):
            return []
        return [
            ("forest-means", *evaluation_words.A_AND_B_PER_TASK, self.forest_means),
            ("forest-diffs", *evaluation_words.DIFFERENCE_PER_TASK, self.forest_diffs),
            ("intervals", *evaluation_words.THE_THREE_INTERVALS, self.interval_plot),
            ("distribution", *evaluation_words.DISTRIBUTION_OF_D_T, self.histogram),
            ("sample-size", *evaluation_words.SAMPLE_SIZE, self.sample_plot),
        ]

    def export_rows(self) -> list[dict]:
        return self.result.export_rows()

    def export_data(self) -> dict:
        data = self.result.export_data(self.paired(), self.chosen_metric)
        data["delta"] = self.delta
        data["tasks_needed_at"] = {str(k): n for k, n in self.paired().tasks_needed_at.items()}
        return data


def config_text(config: RunConfig) -> str:
    """A config as ``memviz compare`` reads it, in its shortest form (``frontier``, ``frontier/12/lru``)."""
    if config.capacity is None and config.policy == "fifo":
        return config.strategy
    return LaneConfig(config.strategy, config.capacity, config.policy).text()
