"""Task-paired evaluation (issue 26): task sets, paired runs, the statistics of the chapter's recipe.

The names below load their module when first used (PEP 562): the statistics need numpy, and the
command line reads only the defaults (``settings``) to build its options.
"""

from importlib import import_module

_HOMES = {
    "DEFAULT_REPEATS": "settings", "DEFAULT_SEED0": "settings", "METRICS": "settings", "DEFAULT_DELTA": "settings",
    "EvalError": "runs", "Evaluation": "runs", "ablation": "runs", "ablation_table": "runs", "evaluate": "runs",
    "task_seeds": "runs", "TaskPaired": "stats", "task_paired": "stats", "Task": "tasks", "TaskError": "tasks",
    "TaskSet": "tasks", "builtin_tasks": "tasks", "load_tasks": "tasks",
}  # fmt: skip

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
