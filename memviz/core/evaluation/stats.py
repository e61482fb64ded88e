"""Task-paired statistics of one metric, baseline A against treatment B (issue 26's definitions).

Runs of one task are not independent samples of the config: they share the task's site, version
and start page, so they agree with each other more than with runs of another task. The unit that is
sampled is the task: each task's K runs are averaged first (``a_t``, ``b_t``, ``d_t = b_t − a_t``),
and intervals come from the spread of ``d_t`` across tasks. The *flattened* interval, which treats
all n·K run differences as independent, is computed only to be shown beside it: its ratio to the
task interval is the design effect, how much too narrow flattening makes the interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memviz.core.evaluation.settings import DEFAULT_DELTA

Z_975 = 1.959964  # two-sided 95 %
Z_POWER = 0.841621  # power 0.8
BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 26  # the bootstrap's own numpy stream, apart from every run's mulberry32 stream
REPEATS_SHOWN = (1, 3, 10)  # sd2_at: how the spread of d_t would be with K' repeats a task
NAN = float("nan")


@dataclass(frozen=True)
class TaskPaired:
    """Every figure of one metric's evaluation; NaN where too few tasks or repeats define it."""

    tasks: int  # n
    repeats: int  # K
    a: tuple[float, ...]  # a_t: task means of the baseline
    b: tuple[float, ...]
    diff: tuple[float, ...]  # d_t
    mean_diff: float
    se_task: float
    ci_task: tuple[float, float]
    se_flat: float
    ci_flat: tuple[float, float]
    design_effect: float
    bootstrap_ci: tuple[float, float]
    sd_diff: float  # sd(d_t), ddof 1
    delta: float
    tasks_needed: int | None
    within: float  # mean over tasks of the variance of e_tr across its repeats
    omega2: float  # the part of var(d_t) that more repeats would not remove
    sd2_at: dict[int, float]
    tasks_needed_at: dict[int, int | None]
    spread: tuple[tuple[float, float], ...]  # per task: lowest and highest e_tr (the run spread)

    def needed_for(self, delta: float, repeats: int | None = None) -> int | None:
        """Tasks needed to detect ``delta`` (α 0.05, power 0.8), with the repeats run (None) or K'."""
        var = self.sd_diff**2 if repeats is None else self.omega2 + self.within / repeats
        return tasks_needed(var, delta)


def tasks_needed(variance: float, delta: float) -> int | None:
    if not math.isfinite(variance) or delta <= 0:
        return None
    return math.ceil((Z_975 + Z_POWER) ** 2 * variance / delta**2)


def _sd(x: np.ndarray) -> float:
    return float(np.std(x, ddof=1)) if x.size > 1 else NAN


def _ci(mean: float, se: float) -> tuple[float, float]:
    return (mean - Z_975 * se, mean + Z_975 * se)


def bootstrap_ci(
    diffs: Sequence[float], resamples: int = BOOTSTRAP_RESAMPLES, seed: int = BOOTSTRAP_SEED
) -> tuple[float, float]:
    """Percentile interval of the mean of ``diffs`` over ``resamples`` resamples of the tasks.

    The draws: ``numpy.random.default_rng(seed).integers(0, n, size=(resamples, n))`` (row b is
    resample b), drawn in blocks of rows, which draws the same numbers. The bounds are the sorted
    means' order statistics ceil(0.025·B) and ceil(0.975·B) (1-based), as the chapter's script takes.
    """
    x = np.asarray(diffs, dtype=float)
    n = len(x)
    if n == 0:
        return (NAN, NAN)
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    rows = max(1, 400_000 // n)
    for start in range(0, resamples, rows):
        stop = min(resamples, start + rows)
        means[start:stop] = x[rng.integers(0, n, size=(stop - start, n))].sum(axis=1) / n
    means.sort()
    return float(means[math.ceil(0.025 * resamples) - 1]), float(means[math.ceil(0.975 * resamples) - 1])


def task_paired(
    a_runs: np.ndarray, b_runs: np.ndarray, delta: float = DEFAULT_DELTA, bootstrap_seed: int = BOOTSTRAP_SEED
) -> TaskPaired:
    """The statistics of run values ``a_runs[t, r]`` (baseline) and ``b_runs[t, r]`` (treatment)."""
    a_runs = np.asarray(a_runs, dtype=float)
    b_runs = np.asarray(b_runs, dtype=float)
    if a_runs.shape != b_runs.shape or a_runs.ndim != 2 or 0 in a_runs.shape:
        raise ValueError("task_paired: both configs need the same tasks × repeats of values")
    n, k = a_runs.shape
    a_t = a_runs.mean(axis=1)
    b_t = b_runs.mean(axis=1)
    d_t = b_t - a_t
    e = b_runs - a_runs
    mean_diff = float(d_t.mean())
    sd_diff = _sd(d_t)
    se_task = sd_diff / math.sqrt(n)
    se_flat = _sd(e.ravel()) / math.sqrt(n * k)
    # Run differences all equal (up to rounding) leave no spread to compare: no design effect.
    scale = max(1.0, float(np.abs(e).max()))
    design = se_task / se_flat if se_flat > 1e-12 * scale else NAN
    within = float(np.var(e, axis=1, ddof=1).mean()) if k > 1 else NAN
    omega2 = max(0.0, sd_diff**2 - within / k) if math.isfinite(within) else NAN
    sd2_at = {kk: omega2 + within / kk for kk in REPEATS_SHOWN}
    return TaskPaired(
        tasks=n, repeats=k, a=tuple(a_t.tolist()), b=tuple(b_t.tolist()), diff=tuple(d_t.tolist()),
        mean_diff=mean_diff, se_task=se_task, ci_task=_ci(mean_diff, se_task), se_flat=se_flat,
        ci_flat=_ci(mean_diff, se_flat), design_effect=design,
        bootstrap_ci=bootstrap_ci(d_t, seed=bootstrap_seed), sd_diff=sd_diff, delta=delta,
        tasks_needed=tasks_needed(sd_diff**2, delta), within=within, omega2=omega2, sd2_at=sd2_at,
        tasks_needed_at={kk: tasks_needed(v, delta) for kk, v in sd2_at.items()},
        spread=tuple(zip(e.min(axis=1).tolist(), e.max(axis=1).tolist(), strict=True)),
    )  # fmt: skip
