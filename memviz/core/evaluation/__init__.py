"""Task-paired evaluation (issue 26): task sets, paired runs, the statistics of the chapter's recipe."""

from memviz.core.evaluation.runs import (
    DEFAULT_REPEATS,
    DEFAULT_SEED0,
    METRICS,
    EvalError,
    Evaluation,
    ablation,
    ablation_table,
    evaluate,
    task_seeds,
)
from memviz.core.evaluation.stats import DEFAULT_DELTA, TaskPaired, task_paired
from memviz.core.evaluation.tasks import Task, TaskError, TaskSet, builtin_tasks, load_tasks

__all__ = [
    "DEFAULT_DELTA", "DEFAULT_REPEATS", "DEFAULT_SEED0", "METRICS", "EvalError", "Evaluation", "Task",
    "TaskError", "TaskPaired", "TaskSet", "ablation", "ablation_table", "builtin_tasks", "evaluate",
    "load_tasks", "task_paired", "task_seeds",
]  # fmt: skip
