"""Task-level (clustered) statistics of one metric, baseline A against treatment B (issues 26, 37).

Runs of one task are not independent samples of a config: they share the task's site, version and
start page, so they agree with each other more than with runs of another task. The unit that is
sampled is the task. Each task's runs are averaged first, on each side and with every run the side
has (a task may have 3 runs of A and 1 of B: real agents crash and time out): ``a_t``, ``b_t``,
``d_t = b_t − a_t``. Every task weighs the same; the estimate is the mean of ``d_t``, and its
standard error is the clustered one (Miller, "Adding error bars to evals", 2024; Inspect's
``stderr(cluster=…)``) with those task weights, which is exactly ``sd(d_t) / √n``. Runs are never
paired inside a task (the seed or the file name means nothing for a real run).

Intervals use Student's t on n − 1 degrees of freedom (z is too narrow at a few tasks); one task
gives none. The percentile bootstrap over tasks is computed only from :data:`BOOTSTRAP_FROM_TASKS`
tasks up: below, it has few distinct resamples (3 tasks: 10) and is narrower than it should be.
The *flattened* interval, every run taken as an independent sample, is computed only to be shown
beside it: the ratio of the two standard errors is Kish's deft, and deff = deft².

The sample size comes from one variance, ``V(K')``, everywhere: ``ω² + σ²_w / K'`` with the
between-task variance ``ω²`` clipped at 0, and at the runs as made ``ω² + mean_t(noise_t)`` (equal to
``sd(d_t)²`` unless ω² was clipped, when the runs' own noise is the floor). Tasks needed is the
smallest n ≥ 2 with ``n ≥ (t_{.975, n−1} + t_{.8, n−1})² · V / δ²``: two-sided α 0.05, power 0.8,
for the t test the interval is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from memviz.core.stats import t_quantile

LEVEL = 0.95
POWER = 0.8
BOOTSTRAP_RESAMPLES = 10_000
BOOTSTRAP_SEED = 26  # the bootstrap's own numpy stream, apart from every run's mulberry32 stream
BOOTSTRAP_FROM_TASKS = 10  # fewer tasks have too few distinct resamples (C(2n − 1, n): 3 tasks, 10)
PERMUTATION_EXACT_UP_TO = 20  # tasks: 2ⁿ sign flips enumerated; above, PERMUTATION_DRAWS drawn
PERMUTATION_DRAWS = 10_000
PERMUTATION_SEED = 37  # the sign flips' own numpy stream
REPEATS_SHOWN = (1, 3, 10)  # sd2_at: the variance of d_t with K' runs a task
NAN = float("nan")


@dataclass(frozen=True)
class TaskPaired:
    """Every figure of one metric's evaluation; NaN where too few tasks or runs define it."""

    tasks: int  # n
    runs_a: tuple[int, ...]  # per task: the baseline's runs
    runs_b: tuple[int, ...]
    a: tuple[float, ...]  # a_t: task means of the baseline
    b: tuple[float, ...]
    diff: tuple[float, ...]  # d_t
    mean_diff: float
    se_task: float  # the clustered standard error, sd(d_t) / √n
    df: int  # n − 1
    ci_task: tuple[float, float]  # Student's t on n − 1 degrees of freedom
    mean_flat: float  # mean of every B run − mean of every A run
    se_flat: float  # √(s²_A / N_A + s²_B / N_B): every run an independent sample (the wrong one)
    ci_flat: tuple[float, float]  # t on N_A + N_B − 2 degrees of freedom
    deft: float  # Kish's deft, se_task / se_flat
    deff: float  # deft²
    bootstrap_ci: tuple[float, float]  # NaN below BOOTSTRAP_FROM_TASKS tasks
    permutation_p: float  # two-sided sign-flip p-value of the mean d_t over tasks
    permutation_exact: bool  # every sign flip enumerated (else PERMUTATION_DRAWS drawn)
    sd_diff: float  # sd(d_t), ddof 1
    delta: float
    within_a: float  # the pooled variance of A's runs around their task's mean
    within_b: float
    omega2: float  # the between-task variance of d_t, clipped at 0
    variance: float  # V as run: the variance of d_t the sample size is planned with
    tasks_needed: int | None
    sd2_at: dict[int, float]  # V(K') for K' in REPEATS_SHOWN
    tasks_needed_at: dict[int, int | None]
    spread: tuple[tuple[float, float], ...]  # per task: lowest and highest B run − A run

    @property
    def repeats(self) -> int | None:
        """K, when every task has the same runs on both sides; None for unbalanced runs."""
        counts = set(self.runs_a) | set(self.runs_b)
        return counts.pop() if len(counts) == 1 else None

    @property
    def within(self) -> float:
        """σ²_w: the run noise of one run on each side, which more runs of a task average away."""
        return self.within_a + self.within_b

    def variance_at(self, repeats: int | None = None) -> float:
        """V with the runs as made (None) or K' runs a side of every task."""
        return self.variance if repeats is None else self.omega2 + self.within / repeats

    def needed_for(self, delta: float, repeats: int | None = None) -> int | None:
        """Tasks needed to detect ``delta`` (α 0.05, power 0.8), with the runs as made or K' a task."""
        return tasks_needed(self.variance_at(repeats), delta)


def _needed_at(n: int, ratio: float) -> float:
    return (t_quantile(0.5 + LEVEL / 2, n - 1) + t_quantile(POWER, n - 1)) ** 2 * ratio


def tasks_needed(variance: float, delta: float) -> int | None:
    """The smallest n ≥ 2 with n ≥ (t_{.975, n−1} + t_{.8, n−1})² · variance / δ²."""
    if not (math.isfinite(variance) and variance >= 0) or not delta > 0:
        return None
    ratio = variance / delta**2
    normal = (NormalDist().inv_cdf(0.5 + LEVEL / 2) + NormalDist().inv_cdf(POWER)) ** 2 * ratio
    # Start near the answer (Guenther's correction adds z²/2 ≈ 1.9 to the normal figure), then walk:
    # the right side falls as n grows, so the n that satisfy it are every n from the answer up.
    n = max(2, math.ceil(normal + 1.92) - 1)
    while n < _needed_at(n, ratio):
        n += 1
    while n > 2 and n - 1 >= _needed_at(n - 1, ratio):
        n -= 1
    return n


def t_interval(mean: float, se: float, df: int) -> tuple[float, float]:
    if df < 1 or not math.isfinite(se):
        return (NAN, NAN)
    half = t_quantile(0.5 + LEVEL / 2, df) * se
    return (mean - half, mean + half)


def distinct_resamples(n: int) -> int:
    """How many different resamples (multisets) of n tasks a bootstrap can draw: C(2n − 1, n)."""
    return math.comb(2 * n - 1, n)


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


def sign_flip_p(diffs: Sequence[float], seed: int = PERMUTATION_SEED) -> tuple[float, bool]:
    """Two-sided p-value of mean d_t = 0 by flipping the sign of each task's difference.

    Under "A and B do the same", each d_t is as likely to be +d_t as −d_t. Up to
    :data:`PERMUTATION_EXACT_UP_TO` tasks every one of the 2ⁿ sign vectors is taken and p is the share
    whose |mean| reaches the observed one (the observed vector counts, so p ≥ 2⁻ⁿ⁺¹); above, signs
    ``numpy.random.default_rng(seed).integers(0, 2, size=(PERMUTATION_DRAWS, n))`` (1 is +, 0 is −)
    and p = (1 + hits) / (1 + draws). Returns (p, exact).
    """
    x = np.asarray(diffs, dtype=float)
    n = len(x)
    if n == 0:
        return NAN, True
    observed = abs(float(x.sum()))
    slack = 1e-9 * max(1.0, float(np.abs(x).sum()))  # sums taken in another order are still ties
    if n <= PERMUTATION_EXACT_UP_TO:
        sums = np.zeros(1)
        for value in x:
            sums = np.concatenate((sums + value, sums - value))
        return float(np.count_nonzero(np.abs(sums) >= observed - slack)) / sums.size, True
    signs = np.random.default_rng(seed).integers(0, 2, size=(PERMUTATION_DRAWS, n)) * 2 - 1
    hits = int(np.count_nonzero(np.abs(signs @ x) >= observed - slack))
    return (1 + hits) / (1 + PERMUTATION_DRAWS), False


def _rows(runs) -> list[np.ndarray]:
    return [np.asarray(row, dtype=float).ravel() for row in runs]


def _pooled_within(rows: list[np.ndarray]) -> float:
    """Σ_t Σ_r (x_tr − x̄_t)² / Σ_t (n_t − 1): NaN when no task has two runs."""
    dof = sum(len(row) - 1 for row in rows)
    if dof == 0:
        return NAN
    return float(sum(((row - row.mean()) ** 2).sum() for row in rows) / dof)


def _sd(x: np.ndarray) -> float:
    return float(np.std(x, ddof=1)) if x.size > 1 else NAN


def task_paired(a_runs, b_runs, delta: float, bootstrap_seed: int = BOOTSTRAP_SEED) -> TaskPaired:
    """The statistics of ``a_runs[t]`` (the baseline's run values on task t) and ``b_runs[t]``.

    Each is a sequence over tasks of that side's runs; tasks may have different numbers of runs, and
    the two sides of a task too (a 2-D array is K runs of every task). Every task needs a run on
    each side.
    """
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the chapter's recipe as one list of
    # formulas (task means, flat runs, the design effect, ω², the tasks needed), each a line of TaskPaired;
    # split, the same names would pass between helpers.
    a_rows, b_rows = _rows(a_runs), _rows(b_runs)
    if len(a_rows) != len(b_rows) or not a_rows or any(r.size == 0 for r in a_rows + b_rows):
        raise ValueError("task_paired: both configs need runs on the same tasks, at least one each")
    n = len(a_rows)
    a_t = np.array([row.mean() for row in a_rows])
    b_t = np.array([row.mean() for row in b_rows])
    d_t = b_t - a_t
    mean_diff = float(d_t.mean())
    sd_diff = _sd(d_t)
    se_task = sd_diff / math.sqrt(n)
    # flattened: every run an independent draw of its config
    a_all, b_all = np.concatenate(a_rows), np.concatenate(b_rows)
    mean_flat = float(b_all.mean() - a_all.mean())
    se_flat = math.sqrt(_sd(a_all) ** 2 / a_all.size + _sd(b_all) ** 2 / b_all.size)
    scale = max(1.0, float(np.abs(a_all).max()), float(np.abs(b_all).max()))
    deft = se_task / se_flat if se_flat > 1e-12 * scale else NAN  # all runs alike: nothing to compare
    within_a, within_b = _pooled_within(a_rows), _pooled_within(b_rows)
    within = within_a + within_b
    noise = float(
        np.mean([within_a / ra.size + within_b / rb.size for ra, rb in zip(a_rows, b_rows, strict=True)])
    )
    if math.isfinite(within) and math.isfinite(sd_diff):
        omega2 = max(0.0, sd_diff**2 - noise)
        variance = omega2 + noise  # = sd(d_t)² unless ω² was clipped at 0
    else:  # no task has two runs on a side: no split, only the spread of d_t itself
        omega2 = NAN
        variance = sd_diff**2
    sd2_at = {kk: omega2 + within / kk for kk in REPEATS_SHOWN}
    permutation_p, exact = sign_flip_p(d_t)
    return TaskPaired(
        tasks=n, runs_a=tuple(r.size for r in a_rows), runs_b=tuple(r.size for r in b_rows),
        a=tuple(a_t.tolist()), b=tuple(b_t.tolist()), diff=tuple(d_t.tolist()),
        mean_diff=mean_diff, se_task=se_task, df=n - 1, ci_task=t_interval(mean_diff, se_task, n - 1),
        mean_flat=mean_flat, se_flat=se_flat,
        ci_flat=t_interval(mean_flat, se_flat, a_all.size + b_all.size - 2), deft=deft, deff=deft**2,
        bootstrap_ci=bootstrap_ci(d_t, seed=bootstrap_seed) if n >= BOOTSTRAP_FROM_TASKS else (NAN, NAN),
        permutation_p=permutation_p, permutation_exact=exact, sd_diff=sd_diff, delta=delta,
        within_a=within_a, within_b=within_b, omega2=omega2, variance=variance,
        tasks_needed=tasks_needed(variance, delta), sd2_at=sd2_at,
        tasks_needed_at={kk: tasks_needed(v, delta) for kk, v in sd2_at.items()},
        spread=tuple((float(rb.min() - ra.max()), float(rb.max() - ra.min())) for ra, rb in zip(a_rows, b_rows, strict=True)),
    )  # fmt: skip
