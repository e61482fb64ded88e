"""Issue 37: every task-level statistic, at 1, 3, 10 and 32 tasks with unbalanced runs, equals an
independent computation (numpy for the arithmetic, scipy as the reference for t, the t test's
interval, the sign-flip permutation test and the noncentral t's power)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as reference

from memviz.core.evaluation.stats import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    PERMUTATION_DRAWS,
    PERMUTATION_SEED,
    task_paired,
    tasks_needed,
)
from tests.core import oracle_eval
from tests.hypothesis_budget import examples

TASK_COUNTS = (1, 3, 10, 32)


def ragged_runs(n: int, seed: int, counts: bool) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """n tasks, 1–4 runs a side of each (never the same pattern on both sides): proportions of 24
    pages, or duplicate-report counts, with a task effect that runs of a task share."""
    rng = np.random.default_rng(seed)
    a, b = [], []
    for _ in range(n):
        level = rng.normal(0, 1)
        for side, shift in ((a, 0.0), (b, 0.4)):
            k = int(rng.integers(1, 5))
            if counts:
                side.append(rng.poisson(np.exp(1 + 0.5 * level - shift), size=k).astype(float))
            else:
                side.append(
                    np.clip(np.round(12 + 3 * level + 4 * shift + rng.normal(0, 2, size=k)) / 24, 0, 1)
                )
    return a, b


def clustered_se(a_runs, b_runs) -> float:
    """The cluster-robust (sandwich) SE of the task-weighted difference, from the runs: every run a
    score weighted 1/(C·its side's runs in its task), B positive and A negative; u_c the cluster's
    weighted residual; V = C/(C − 1) Σ u_c² (Miller 2024, eq. 4; Inspect's stderr(cluster=...))."""
    c = len(a_runs)
    scores = [
        (np.concatenate((rb / rb.size, -ra / ra.size)) / c) for ra, rb in zip(a_runs, b_runs, strict=True)
    ]
    theta = sum(s.sum() for s in scores)
    u = np.array([s.sum() - theta / c for s in scores])
    return math.sqrt(c / (c - 1) * (u**2).sum())


@pytest.mark.parametrize("counts", [False, True], ids=["proportion", "count"])
@pytest.mark.parametrize("n", TASK_COUNTS)
def test_every_statistic_equals_an_independent_computation(n, counts):
    a_runs, b_runs = ragged_runs(n, 1000 + n, counts)
    delta = 0.5 if counts else 0.03
    got = task_paired(a_runs, b_runs, delta)
    boot = np.random.default_rng(BOOTSTRAP_SEED).integers(0, n, size=(BOOTSTRAP_RESAMPLES, n)).tolist()
    want = oracle_eval.statistics([r.tolist() for r in a_runs], [r.tolist() for r in b_runs], delta,
                                  boot if n >= 10 else None, reference.t.ppf)  # fmt: skip
    close = {"rel": 1e-9, "abs": 1e-12}

    d = np.array([rb.mean() - ra.mean() for ra, rb in zip(a_runs, b_runs, strict=True)])
    assert list(got.diff) == pytest.approx(d.tolist(), **close) == want["diff"]
    assert (list(got.runs_a), list(got.runs_b)) == (want["runs_a"], want["runs_b"])
    assert got.mean_diff == pytest.approx(d.mean(), **close)
    if n == 1:  # no spread between tasks: no SE, no interval, no sample size
        assert math.isnan(got.se_task) and all(math.isnan(x) for x in got.ci_task)
        assert got.tasks_needed is None and all(v is None for v in got.tasks_needed_at.values())
        assert math.isnan(got.deft)
    else:
        assert got.se_task == pytest.approx(reference.sem(d), **close)
        assert got.se_task == pytest.approx(clustered_se(a_runs, b_runs), **close)
        ci = reference.ttest_1samp(d, 0.0).confidence_interval(0.95)
        assert list(got.ci_task) == pytest.approx([ci.low, ci.high], **close)
        assert got.df == n - 1
        assert got.deft == pytest.approx(want["deft"], **close) and got.deff == pytest.approx(got.deft**2)
        assert got.tasks_needed == want["tasks_needed"]
        assert got.tasks_needed_at == want["tasks_needed_at"]
        assert got.variance == pytest.approx(want["variance"], **close)
        assert got.omega2 == pytest.approx(want["omega2"], **close)
    a_all, b_all = np.concatenate(a_runs), np.concatenate(b_runs)
    if min(a_all.size, b_all.size) > 1:  # every run an independent sample: the flattened analysis
        se_flat = math.sqrt(a_all.var(ddof=1) / a_all.size + b_all.var(ddof=1) / b_all.size)
        assert got.se_flat == pytest.approx(se_flat, **close)
        half = reference.t.ppf(0.975, a_all.size + b_all.size - 2) * se_flat
        flat_mean = b_all.mean() - a_all.mean()
        assert list(got.ci_flat) == pytest.approx([flat_mean - half, flat_mean + half], **close)
    else:
        assert math.isnan(got.se_flat) and math.isnan(got.ci_flat[0])
    assert got.within == pytest.approx(want["within"], nan_ok=True, **close)
    if n >= 10:
        assert list(got.bootstrap_ci) == pytest.approx(want["bootstrap_ci"], **close)
    else:  # shown from 10 tasks up
        assert all(math.isnan(x) for x in got.bootstrap_ci)
    # the sign-flip permutation test: scipy's exact one up to 20 tasks, the same draws above
    if n == 1:  # scipy takes two tasks at least; both signs of one d reach |d|
        assert got.permutation_exact and got.permutation_p == 1.0
    elif n <= 20:
        exact = reference.permutation_test((d,), np.mean, permutation_type="samples", n_resamples=np.inf,
                                           alternative="two-sided")  # fmt: skip
        assert got.permutation_exact and got.permutation_p == pytest.approx(exact.pvalue, rel=1e-12)
    else:
        signs = np.random.default_rng(PERMUTATION_SEED).integers(0, 2, size=(PERMUTATION_DRAWS, n)) * 2 - 1
        hits = sum(abs(float(np.dot(row, d))) >= abs(d.sum()) - 1e-9 for row in signs)
        assert not got.permutation_exact and got.permutation_p == (1 + hits) / (1 + PERMUTATION_DRAWS)


def test_one_sample_size_from_one_variance_even_when_the_between_task_part_is_clipped():
    """Tasks that differ less than their runs' noise predicts: ω² is clipped at 0, and the figure
    for the runs as made equals the table's at the same K (issue 37: 11 against 139 before)."""
    a = [np.array([0.0, 1.0, 0.0]), np.array([1.0, 0.0, 1.0]), np.array([0.0, 1.0, 1.0])]
    b = [np.array([1.0, 0.0, 1.0]), np.array([0.0, 1.0, 0.0]), np.array([1.0, 1.0, 0.0])]
    got = task_paired(a, b, 0.1)
    assert got.omega2 == 0.0 and got.variance > got.sd_diff**2
    assert got.tasks_needed == got.needed_for(0.1, 3) == tasks_needed(got.within / 3, 0.1)


def test_without_a_task_of_two_runs_the_sample_size_uses_the_spread_of_d_t():
    got = task_paired([[0.1], [0.3], [0.2]], [[0.2], [0.2], [0.5]], 0.03)
    assert math.isnan(got.within) and math.isnan(got.omega2)
    assert got.variance == pytest.approx(np.var([0.1, -0.1, 0.3], ddof=1))
    assert got.tasks_needed == oracle_eval.needed(got.variance, 0.03, reference.t.ppf)
    assert all(v is None for v in got.tasks_needed_at.values())


@pytest.mark.parametrize(
    ("variance", "delta"), [(1.0, 1.0), (0.2, 0.1), (4e-4, 0.03), (9.0, 0.5), (1.0, 2.0)]
)
def test_the_tasks_needed_give_the_t_test_its_power(variance, delta):
    """The planned n gives the two-sided one-sample t test at least ~0.8 power (scipy's noncentral t),
    and one task fewer gives less than 0.8 unless n is the floor of 2."""
    n = tasks_needed(variance, delta)

    def power(n):
        crit = reference.t.ppf(0.975, n - 1)
        nc = delta / math.sqrt(variance / n)
        return reference.nct.sf(crit, n - 1, nc) + reference.nct.cdf(-crit, n - 1, nc)

    assert power(n) >= 0.78
    assert n == 2 or power(n - 1) < 0.8


def test_one_task_with_runs_alike_says_nothing_false():
    """issue 37: 1 task printed "every run difference is the same" and "6,977 tasks"."""
    got = task_paired([[0.5, 0.6, 0.4]], [[0.9, 1.0, 0.8]], 0.03)
    assert math.isnan(got.se_task) and math.isnan(got.deft) and got.tasks_needed is None
    assert got.permutation_p == 1.0 and got.se_flat > 0


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 12),
    k=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    between=st.sampled_from([0.0, 0.01, 1.0]),
    delta=st.sampled_from([0.03, 0.5, 3.0]),
)
def test_with_k_runs_a_task_the_figure_as_run_is_the_tables_at_k(n, k, seed, between, delta):
    """One sample size from one variance: with K runs a side of every task, V as run is V(K), clipped
    between-task variance or not, so tasks_needed is what the table says at K."""
    rng = np.random.default_rng(seed)
    shift = rng.normal(0, math.sqrt(between), size=n)
    a = rng.normal(0, 1, size=(n, k))
    b = rng.normal(0, 1, size=(n, k)) + shift[:, None]
    got = task_paired(a, b, delta)
    assert got.variance == pytest.approx(got.variance_at(k), rel=1e-12)
    assert got.tasks_needed == got.needed_for(delta, k)
    assert got.variance >= got.sd_diff**2 * (1 - 1e-12)  # the noise is the floor when ω² is clipped
