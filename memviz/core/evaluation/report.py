"""An evaluation as data: the ``--json`` shape of issue 26, shared by ``memviz eval`` and the Evaluate
tab's JSON export (issue 37 adds the run counts, t's degrees of freedom, Kish's deft and deff, the
sign-flip p-value and the sample size's variance). NaN (a figure too few tasks or repeats leave undefined) is written as null."""

from __future__ import annotations

import math
from dataclasses import asdict

from memviz.core.compare import LaneConfig
from memviz.core.evaluation.bugs import bug_tables, simulated_bug_tables
from memviz.core.evaluation.runs import AblationRow, Evaluation
from memviz.core.evaluation.settings import default_delta
from memviz.core.evaluation.stats import TaskPaired
from memviz.core.evaluation.traces import TraceEvaluation


def _num(x: float | None) -> float | None:
    """A figure for JSON: NaN (too few tasks or repeats to define it) is null."""
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x


def _pair(ci: tuple[float, float]) -> list[float | None]:
    return [_num(ci[0]), _num(ci[1])]


def paired_dict(task_ids: list[str], paired: TaskPaired, metric: str) -> dict:
    """The ``--json`` shape for one metric over tasks ``task_ids``."""
    per_task = [
        {"task": task, "a": a, "b": b, "diff": d, "runs_a": ra, "runs_b": rb}
        for task, a, b, d, ra, rb in zip(
            task_ids, paired.a, paired.b, paired.diff, paired.runs_a, paired.runs_b, strict=True
        )
    ]
    return {
        "metric": metric, "tasks": paired.tasks, "repeats": paired.repeats,
        "runs": {"a": sum(paired.runs_a), "b": sum(paired.runs_b)}, "per_task": per_task,
        "mean_diff": _num(paired.mean_diff), "se_task": _num(paired.se_task), "df": paired.df,
        "ci_task": _pair(paired.ci_task), "mean_flat": _num(paired.mean_flat), "se_flat": _num(paired.se_flat),
        "ci_flat": _pair(paired.ci_flat), "deft": _num(paired.deft), "deff": _num(paired.deff),
        "bootstrap_ci": _pair(paired.bootstrap_ci), "permutation_p": _num(paired.permutation_p),
        "permutation_exact": paired.permutation_exact, "delta": paired.delta,
        "delta_default": paired.delta == default_delta(metric), "variance": _num(paired.variance),
        "omega2": _num(paired.omega2), "within": _num(paired.within), "tasks_needed": paired.tasks_needed,
        "sd2_at": {str(k): _num(v) for k, v in paired.sd2_at.items()},
        "tasks_needed_at": {str(k): v for k, v in paired.tasks_needed_at.items()},
    }  # fmt: skip


def eval_dict(evaluation: Evaluation, paired: TaskPaired, metric: str) -> dict:
    """The issue's ``--json`` shape; with --until-all-bugs also the censored runs of each side; per bug,
    the paired found/not-found table with its exact McNemar p (the Evaluate tab's Bugs page)."""
    out = paired_dict([task.id for task in evaluation.tasks], paired, metric)
    if evaluation.until_all_bugs:
        censored = {arm: evaluation.censored_counts(arm) for arm in ("a", "b")}
        for i, row in enumerate(out["per_task"]):
            row["censored_a"], row["censored_b"] = censored["a"][i], censored["b"][i]
        out["censored"] = {arm: sum(counts) for arm, counts in censored.items()}
    out["bugs"] = [asdict(table) for table in simulated_bug_tables(evaluation)]  # as --traces' "bugs"
    return out


def traces_dict(evaluation: TraceEvaluation, paired: TaskPaired, metric: str) -> dict:
    """``memviz eval --traces``: the same shape, the tasks left out (never silently) and, per bug, the
    paired found/not-found table with its exact McNemar p (null when the traces do not name bugs)."""
    out = paired_dict(list(evaluation.tasks), paired, metric)
    out["missing"] = [
        {"task": task, "has": "baseline" if side == "a" else "treatment"}
        for task, side in evaluation.missing.items()
    ]
    tables = bug_tables(evaluation)
    out["bugs"] = None if tables is None else [asdict(table) for table in tables]
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
