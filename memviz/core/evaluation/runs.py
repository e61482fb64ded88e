"""Running two configs (or the ablation's four) on a task set, and the metrics of each run.

Seeds: the i-th task (0-based, in task order) with repeat r (0…K−1) runs with seed
``seed0 + i·K + r`` under every config, so runs are paired within a task and no two tasks share a
seed. Task ``v1/0`` of the built-in set with K = 200 is therefore the chapter's batch (seeds
1000…1199 on the blog from its home page).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from memviz.core.engine import RunConfig, RunResult
from memviz.core.evaluation.settings import DEFAULT_REPEATS, DEFAULT_SEED0, METRICS, default_delta
from memviz.core.evaluation.stats import TaskPaired, task_paired
from memviz.core.evaluation.tasks import Task, TaskSet
from memviz.core.experiments import Runner
from memviz.core.registry import ConfigError
from memviz.core.rng import SEED_MAX
from memviz.core.scenarios.forgetting import ABLATION_ROWS
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES

MOST_RUNS = 200_000  # runs of one config over the whole task set


class EvalError(ConfigError):
    """Settings an evaluation cannot run with (a ConfigError: one line for the user, exit status 2)."""


def task_seeds(seed0: int, task_index: int, repeats: int) -> range:
    start = seed0 + task_index * repeats
    return range(start, start + repeats)


def metric_value(result: RunResult, metric: str, n_bugs: int) -> float:
    """One run's value of ``metric``: proportions, not percent. A version without bugs has nothing
    left to find: its bug recall is 1."""
    if metric == "bug_recall":
        return result.bugs / n_bugs if n_bugs else 1.0
    if metric not in METRICS:
        raise EvalError(f"metric: expected one of {', '.join(METRICS)}, got {metric!r}")
    return float(getattr(result, metric))


def censored(result: RunResult, until_all_bugs: bool) -> bool:
    """A run that was to go on until every bug was found and stopped before (a lower bound)."""
    return until_all_bugs and result.stop_reason != "all_bugs"


@dataclass
class ArmRuns:
    """One config's runs over the task set: ``runs[t][r]``."""

    config: RunConfig
    runs: list[list[RunResult]] = field(repr=False)


@dataclass
class Evaluation:
    """The runs of configs on a task set, paired by task and seed."""

    task_set: TaskSet
    repeats: int
    seed0: int
    until_all_bugs: bool
    arms: dict[str, ArmRuns]  # "a" and "b", or the ablation's rows
    n_bugs: tuple[int, ...] = field(repr=False)  # per task: the bugs of its version

    @property
    def tasks(self) -> tuple[Task, ...]:
        return self.task_set.tasks

    def values(self, arm: str, metric: str) -> np.ndarray:
        """``values[t, r]``: ``metric`` of repeat r of task t."""
        runs = self.arms[arm].runs
        return np.array(
            [[metric_value(r, metric, nb) for r in row] for row, nb in zip(runs, self.n_bugs, strict=True)],
            dtype=float,
        ).reshape(len(runs), self.repeats)

    def censored_counts(self, arm: str) -> list[int]:
        return [sum(censored(r, self.until_all_bugs) for r in row) for row in self.arms[arm].runs]

    def paired(self, metric: str, base: str = "a", treatment: str = "b", delta: float | None = None):
        """Task-level statistics of ``metric``; δ (the difference to detect) the metric's default."""
        delta = default_delta(metric) if delta is None else delta
        return task_paired(self.values(base, metric), self.values(treatment, metric), delta)

    def seeds(self, task_index: int) -> range:
        return task_seeds(self.seed0, task_index, self.repeats)

    def run_config(self, arm: str, task_index: int, repeat: int) -> tuple[Site, RunConfig]:
        """The site and config of one run, to be replayed step by step (Explore)."""
        task = self.tasks[task_index]
        config = self.arms[arm].config
        return self.task_set.site_of(task), _task_config(config, task, self.seeds(task_index)[repeat],
                                                         self.until_all_bugs)  # fmt: skip


def _task_config(config: RunConfig, task: Task, seed: int, until_all_bugs: bool) -> RunConfig:
    return config.with_(seed=seed, start=task.start, until_all_bugs=until_all_bugs or config.until_all_bugs)


def check_settings(task_set: TaskSet, repeats: int, seed0: int) -> None:
    if repeats < 1:
        raise EvalError(f"repeats: at least 1, got {repeats}")
    total = len(task_set.tasks) * repeats
    if total > MOST_RUNS:
        raise EvalError(f"repeats: {len(task_set.tasks)} tasks × {repeats} repeats is over {MOST_RUNS} runs")
    if seed0 < 0 or seed0 + total - 1 > SEED_MAX:
        raise EvalError(f"seed0: seeds {seed0}..{seed0 + total - 1} fall outside 0..{SEED_MAX}")


def evaluate(
    task_set: TaskSet,
    configs: dict[str, RunConfig],
    repeats: int = DEFAULT_REPEATS,
    seed0: int = DEFAULT_SEED0,
    until_all_bugs: bool = False,
    runner: Runner | None = None,
) -> Evaluation:
    """Run every config of ``configs`` (by arm name) on every task, ``repeats`` times, paired seeds."""
    check_settings(task_set, repeats, seed0)
    runner = runner or Runner()
    runner.plan(len(configs) * len(task_set.tasks) * repeats)
    sites: dict[str, Site] = {}  # one Site per version, so the runner's caches see one site
    arms = {name: ArmRuns(config, []) for name, config in configs.items()}
    n_bugs = []
    for i, task in enumerate(task_set.tasks):
        site = sites.get(task.version)
        if site is None:
            site = sites[task.version] = task_set.site_of(task)
        n_bugs.append(site.n_bugs)
        seeds = task_seeds(seed0, i, repeats)
        for arm in arms.values():
            arm.runs.append(
                runner.run_all(site, [_task_config(arm.config, task, s, until_all_bugs) for s in seeds])
            )
    return Evaluation(task_set, repeats, seed0, until_all_bugs, arms, tuple(n_bugs))


# -- ablation ----------------------------------------------------------------------------------------


def ablation_configs(memory: RunConfig) -> dict[str, RunConfig]:
    """The ablation's four rows for a memory config: no memory, its visited set without a bug list,
    a bug list without a visited set, and both (the config as it is)."""
    if not STRATEGIES.get(memory.strategy).uses_memory:
        raise EvalError(
            f"ablation: {memory.strategy!r} keeps no memory; give a memory config (frontier, visited)"
        )
    none = memory.with_(strategy="random", capacity=None, policy="fifo", ttl=None, bug_list=None)
    rows = {
        "none": none,
        "visited_only": memory.with_(bug_list=False),
        "bug_list_only": none.with_(bug_list=True),
        "both": memory.with_(bug_list=True),
    }
    assert tuple(rows) == ABLATION_ROWS
    return rows


@dataclass(frozen=True)
class AblationRow:
    row: str
    config: RunConfig
    means: dict[str, float]  # per metric: the mean over tasks of the task means
    vs_none: TaskPaired | None  # the metric's task-paired difference from "none" (None for "none")


def ablation_table(evaluation: Evaluation, metric: str, delta: float | None = None) -> list[AblationRow]:
    rows = []
    for row in ABLATION_ROWS:
        means = {m: float(evaluation.values(row, m).mean(axis=1).mean()) for m in METRICS}
        paired = None if row == "none" else evaluation.paired(metric, "none", row, delta)
        rows.append(AblationRow(row, evaluation.arms[row].config, means, paired))
    return rows


def ablation(
    task_set: TaskSet,
    memory: RunConfig,
    repeats: int = DEFAULT_REPEATS,
    seed0: int = DEFAULT_SEED0,
    until_all_bugs: bool = False,
    runner: Runner | None = None,
) -> Evaluation:
    return evaluate(task_set, ablation_configs(memory), repeats, seed0, until_all_bugs, runner)
