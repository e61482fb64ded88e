"""An evaluation as data: the ``--json`` shape of issue 26, shared by ``memviz eval`` and the Evaluate
tab's JSON export. NaN (a figure too few tasks or repeats leave undefined) is written as null."""

from __future__ import annotations

import math

from memviz.core.compare import LaneConfig
from memviz.core.evaluation.runs import AblationRow, Evaluation
from memviz.core.evaluation.stats import TaskPaired
from memviz.core.evaluation.traces import TraceEvaluation


def _num(x: float | None) -> float | None:
    """A figure for JSON: NaN (too few tasks or repeats to define it) is null."""
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


def _pair(ci: tuple[float, float]) -> list[float | None]:
    return [_num(ci[0]), _num(ci[1])]


def paired_dict(task_ids: list[str], paired: TaskPaired, metric: str) -> dict:
    """The issue's ``--json`` shape for one metric over tasks ``task_ids``."""
    per_task = [
        {"task": task, "a": a, "b": b, "diff": d}
        for task, a, b, d in zip(task_ids, paired.a, paired.b, paired.diff, strict=True)
    ]
    return {
        "metric": metric, "tasks": paired.tasks, "repeats": paired.repeats, "per_task": per_task,
        "mean_diff": _num(paired.mean_diff), "se_task": _num(paired.se_task), "ci_task": _pair(paired.ci_task),
        "se_flat": _num(paired.se_flat), "ci_flat": _pair(paired.ci_flat),
        "design_effect": _num(paired.design_effect), "bootstrap_ci": _pair(paired.bootstrap_ci),
        "tasks_needed": paired.tasks_needed,
        "sd2_at": {str(k): _num(v) for k, v in paired.sd2_at.items()},
    }  # fmt: skip


def eval_dict(evaluation: Evaluation, paired: TaskPaired, metric: str) -> dict:
    """The issue's ``--json`` shape; with --until-all-bugs also the censored runs of each side."""
    out = paired_dict([task.id for task in evaluation.tasks], paired, metric)
    if evaluation.until_all_bugs:
        censored = {arm: evaluation.censored_counts(arm) for arm in ("a", "b")}
        for i, row in enumerate(out["per_task"]):
            row["censored_a"], row["censored_b"] = censored["a"][i], censored["b"][i]
        out["censored"] = {arm: sum(counts) for arm, counts in censored.items()}
    return out


def traces_dict(evaluation: TraceEvaluation, paired: TaskPaired, metric: str) -> dict:
    """``memviz eval --traces``: the same shape, and the tasks and runs left out (never silently)."""
    out = paired_dict(list(evaluation.tasks), paired, metric)
    out["missing"] = [
        {"task": task, "has": "baseline" if side == "a" else "treatment"}
        for task, side in evaluation.missing.items()
    ]
    out["left_out_runs"] = evaluation.left_out
    return out


def ablation_dict(evaluation: Evaluation, rows: list[AblationRow], metric: str) -> dict:
    return {
        "metric": metric, "tasks": len(evaluation.tasks), "repeats": evaluation.repeats,
        "rows": [
            {"row": row.row, "config": LaneConfig(row.config.strategy, row.config.capacity, row.config.policy).text(),
             "bug_list": row.config.keeps_bug_list, "means": row.means,
             "vs_none": None if row.vs_none is None else {
                 "mean_diff": _num(row.vs_none.mean_diff), "ci_task": _pair(row.vs_none.ci_task),
                 "bootstrap_ci": _pair(row.vs_none.bootstrap_ci)}}
            for row in rows
        ],
    }  # fmt: skip
