"""What the Evaluate tab evaluated: simulated runs (:class:`Simulated`) or recorded ones
(:class:`Recorded`, ``memviz-trace/1`` files in a folder). Each says, in the same terms, which tasks
it has, the figures of a metric, a task's runs, how one of them opens in Explore, and what is
exported; the view draws either without knowing which it holds."""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from pathlib import Path

from memviz.core.evaluation import Evaluation, TaskPaired
from memviz.core.evaluation.bugs import BugTable
from memviz.core.evaluation.report import eval_dict, traces_dict
from memviz.core.evaluation.runs import metric_value
from memviz.core.evaluation.tasks import BUILTIN_NAME, BUILTIN_TASK_SITE, builtin_site, version_names
from memviz.core.evaluation.traces import TraceEvaluation, run_metric
from memviz.core.replay import load_recorded
from memviz.core.site import Site
from memviz.gui.kit import export
from memviz.models.settings import RunSettings
from memviz.wording import evaluation as evaluation_words


@dataclass
class TaskRun:
    """One row of a task's runs: what names it (a seed, or the two trace files) and both values
    (None: that side has fewer runs of the task; recorded runs are not paired inside a task)."""

    name: str
    a: float | None
    b: float | None
    paired: bool = True  # a simulated task's runs share seeds; recorded runs are side by side only


@dataclass
class Simulated:
    evaluation: Evaluation
    ablation: Evaluation | None  # the ablation's four rows; None when neither config keeps memory
    labels: tuple[str, str]
    bugs: list[BugTable] | None = None  # per bug, the core's paired table (made with the runs)

    def task_ids(self) -> list[str]:
        return [task.id for task in self.evaluation.tasks]

    def task_names(self, lang: str) -> list[str]:
        """Each task as a class reads it: its version and start page ("v1 · Sign in"), not "v1/2"."""
        task_set = self.evaluation.task_set
        return [
            f"{t.version} · {task_set.site_of(t).page_name(t.start, lang)}" for t in self.evaluation.tasks
        ]

    def task_example(self, lang: str, i: int = 0) -> str:
        """Task ``i`` in words: "blog v1, starting on Sign in"."""
        task_set = self.evaluation.task_set
        task = self.evaluation.tasks[i]
        site = task_set.site_of(task)
        return evaluation_words.TASK_EXAMPLE_N.pick(
            lang, site=site.name(lang), version=task.version, page=site.page_name(task.start, lang)
        )

    def bug_name(self, page: int, lang: str) -> str:
        """A bug by its name on the first task's version that has it."""
        task_set = self.evaluation.task_set
        for task in self.evaluation.tasks:
            site = task_set.site_of(task)
            if page in site.bug_by_page:
                return site.bug_name(page, lang)
        return evaluation_words.PAGE_N.pick(lang, page=page)

    def paired(self, metric: str, delta: float) -> TaskPaired:
        return self.evaluation.paired(metric, delta=delta)

    def source_text(self, paired: TaskPaired, lang: str) -> str:
        tasks, repeats = paired.tasks, self.evaluation.repeats
        name = self.evaluation.task_set.name
        if name == BUILTIN_NAME:
            name = evaluation_words.BUILT_IN.pick(lang)
        first = self.evaluation.seed0
        last = first + tasks * repeats - 1
        return evaluation_words.TASK_SET_TASKS_RUNS_SEEDS_N.pick(lang, name=name, tasks=tasks, repeats=repeats, first=first, last=last)  # fmt: skip

    def task_text(self, i: int, lang: str) -> str:
        return evaluation_words.TASK_NAMED_CLICK_N.pick(lang, task=self.task_example(lang, i))

    def runs_of(self, i: int, metric: str) -> list[TaskRun]:
        evaluation = self.evaluation
        nb = evaluation.n_bugs[i]
        arms = evaluation.arms
        return [
            TaskRun(str(seed), metric_value(arms["a"].runs[i][r], metric, nb), metric_value(arms["b"].runs[i][r], metric, nb))
            for r, seed in enumerate(evaluation.seeds(i))
        ]  # fmt: skip

    def open_run(self, settings: RunSettings, arm: str, i: int, r: int) -> None:
        """The run in Explore: the task's version of the site, started on its page."""
        site, config = self.evaluation.run_config(arm, i, r)
        if site != settings.site:
            settings.set_site(site)
        settings.open_run(config)

    def export_rows(self) -> list[dict]:
        evaluation = self.evaluation
        rows = []
        for i, task in enumerate(evaluation.tasks):
            for arm in evaluation.arms:
                for r, result in enumerate(evaluation.arms[arm].runs[i]):
                    _site, config = evaluation.run_config(arm, i, r)
                    row = export.run_row(
                        config, result, task=task.id, version=task.version, arm=arm, repeat=r
                    )
                    row["bug_recall"] = metric_value(result, "bug_recall", evaluation.n_bugs[i])
                    rows.append(row)
        return rows

    def export_data(self, paired: TaskPaired, metric: str) -> dict:
        evaluation = self.evaluation
        data = {"configs": {"a": self.labels[0], "b": self.labels[1]}, "task_set": evaluation.task_set.name,
                "seed0": evaluation.seed0, **eval_dict(evaluation, paired, metric)}  # fmt: skip
        # the Bugs page's tables, in eval --traces' shape ("route" null: a simulated run files none)
        data["bugs"] = None if self.bugs is None else [asdict(table) for table in self.bugs]
        return data


@functools.cache
def _task_site() -> Site:
    """The built-in blog in two versions (the built-in tasks' site), read once."""
    return builtin_site(BUILTIN_TASK_SITE)


@dataclass
class Recorded:
    evaluation: TraceEvaluation
    folder: Path
    bugs: list[BugTable] | None = None  # per bug, the core's paired table; None: the traces cannot say
    site: Site | None = None  # the site in force when evaluated: the pages' names of the tasks' start
    ablation = None  # recordings carry no ablation

    def task_names(self, lang: str) -> list[str]:
        """Each task as a class reads it ("v1 · Sign in") where its recordings say their version and
        start page on a site memviz knows, else its id (a label given to real runs, "login")."""
        return [
            self._named(i, lang, "{version} · {page}") or task for i, task in enumerate(self.evaluation.tasks)
        ]

    def _named(self, i: int, lang: str, form: str) -> str | None:
        traces = [
            self.evaluation.traces.get(name) for arm in ("a", "b") for name, _ in self.evaluation.runs[arm][i]
        ]
        if not traces or any(t is None or t.header.site is None or not t.steps for t in traces):
            return None
        starts = {t.steps[0].page for t in traces}
        versions = {t.header.version for t in traces}
        sites = {(t.header.site.name, t.header.site.pages) for t in traces}
        if len(starts) != 1 or len(versions) != 1 or len(sites) != 1 or None in starts:
            return None
        (start,), (version,), ((name, pages),) = starts, versions, sites
        for site in (self.site, _task_site()):
            if site is not None and site.name("en") == name and site.n_pages == pages:
                page = site.page_name(start, lang)
                return form.format(version=version or site.version, page=page, site=site.name(lang))
        return None

    def bug_name(self, page: int, lang: str) -> str:
        """A bug by its page and, when a report was filed on it, the report's route."""
        route = next((table.route for table in self.bugs or () if table.page == page), None)
        return evaluation_words.PAGE_N.pick(lang, page=page) + (f" {route}" if route else "")

    @property
    def labels(self) -> tuple[str, str]:
        return (self.evaluation.baseline, self.evaluation.treatment)

    def task_ids(self) -> list[str]:
        return list(self.evaluation.tasks)

    def paired(self, metric: str, delta: float) -> TaskPaired:
        return self.evaluation.paired(metric, delta)

    def source_text(self, paired: TaskPaired, lang: str) -> str:
        text = evaluation_words.TRACES_IN_N.pick(lang, folder=self.folder, runs=evaluation_words.runs_words(paired, lang))  # fmt: skip
        missing = self.evaluation.missing
        if missing:
            names = ", ".join(sorted(missing))
            text += evaluation_words.TASKS_WITH_ONE_SIDE_ONLY_LEFT_N.pick(lang, names=names)
        return text

    def task_text(self, i: int, lang: str) -> str:
        example = evaluation_words.TASK_EXAMPLE_N.pick(
            lang, site="{site}", version="{version}", page="{page}"
        )
        task = self._named(i, lang, example) or self.evaluation.tasks[i]
        return evaluation_words.TASK_CLICK_AN_A_OR_B_N.pick(lang, task=task)

    def runs_of(self, i: int, metric: str) -> list[TaskRun]:
        """Row r: the r-th run of each side, by file name (side by side, not paired)."""
        a_runs, b_runs = self.evaluation.runs["a"][i], self.evaluation.runs["b"][i]
        rows = []
        for r in range(max(len(a_runs), len(b_runs))):
            a = a_runs[r] if r < len(a_runs) else None
            b = b_runs[r] if r < len(b_runs) else None
            name = " · ".join(side[0] if side else "—" for side in (a, b))
            rows.append(
                TaskRun(name, a and run_metric(a[1], metric), b and run_metric(b[1], metric), paired=False)
            )
        return rows

    def open_run(self, settings: RunSettings, arm: str, i: int, r: int) -> None:
        """The recording replayed in Explore, on the site in force at the trace's version (the
        built-in blog in two versions when the site in force is its v1 and the trace was made on v2)."""
        if r >= len(self.evaluation.runs[arm][i]):
            return  # that side has fewer runs of the task: an empty cell
        name, _stats = self.evaluation.runs[arm][i][r]
        path = self.folder / name
        version = self.evaluation.versions.get(name)
        site = settings.site
        if version is not None and version != site.version:
            if version not in version_names(site):  # e.g. the blog's v1 open: its versions know v2
                versions = builtin_site(BUILTIN_TASK_SITE)
                if versions.n_pages == site.n_pages and version in version_names(versions):
                    site = versions
            if version in version_names(site):
                settings.set_site(site.at_version(version))
        recorded = load_recorded(path, settings.site)  # TraceError/ReplayError: one line, the caller says it
        settings.set_config(settings.config.with_(start=None))  # the recording says where it starts
        settings.set_recorded(recorded)
        settings.open_view("explore", settings.config)

    def export_rows(self) -> list[dict]:
        rows = []
        metrics = ("coverage", "bug_recall", "repeat", "dups", "tokens", "steps")
        for i, task in enumerate(self.evaluation.tasks):
            for arm in ("a", "b"):
                for r, (name, stats) in enumerate(self.evaluation.runs[arm][i]):
                    row = {"task": task, "arm": arm, "repeat": r, "trace": name, "agent": stats.agent}
                    for metric in metrics:
                        known = run_metric(stats, metric)
                        row[metric] = "" if known is None else known
                    rows.append(row)
        return rows

    def export_data(self, paired: TaskPaired, metric: str) -> dict:
        return {"configs": {"a": self.labels[0], "b": self.labels[1]}, "traces": str(self.folder),
                **traces_dict(self.evaluation, paired, metric)}  # fmt: skip
