"""Statistics: the chapter's intervals and rounding, checked against plain arithmetic."""

from __future__ import annotations

import math
import random
import statistics

import numpy as np
import pytest

from memviz.core.stats import (
    binomial_two_sided,
    bootstrap_interval,
    bootstrap_intervals,
    mean_ci,
    pct,
    t_cdf,
    t_quantile,
    unpaired_half_width,
)


def test_mean_ci_is_mean_plus_minus_1_96_sample_sd_over_root_n():
    ci = mean_ci([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(((1.5**2) * 2 + (0.5**2) * 2) / 3)  # sample standard deviation, n − 1
    assert ci.mean == 2.5
    assert ci.half == pytest.approx(1.96 * sd / 2)
    assert (ci.lo, ci.hi) == pytest.approx((2.5 - 1.96 * sd / 2, 2.5 + 1.96 * sd / 2))
    assert mean_ci([7.0]).half == 0.0  # one run: no spread to speak of


def test_unpaired_half_width_adds_the_two_variances_of_the_mean():
    a, b = [1.0, 2.0, 3.0], [2.0, 4.0, 6.0]  # sample variances 1 and 4
    assert unpaired_half_width(a, b) == pytest.approx(1.96 * math.sqrt(1 / 3 + 4 / 3))


def test_bootstrap_takes_the_chapters_order_statistics_of_resampled_means():
    diffs = [0.1, -0.2, 0.35, 0.0, 0.25]
    # A plain reading: 10000 resamples drawn at once from the same seeded generator, means sorted,
    # the 250th and 9750th taken (indices 249 and 9749).
    idx = np.random.default_rng(0).integers(0, len(diffs), size=(10000, len(diffs)))
    means = np.sort(np.asarray(diffs)[idx].mean(axis=1))
    assert bootstrap_interval(diffs) == (float(means[249]), float(means[9749]))
    spread = [(k * 0.137) % 0.5 - 0.2 for k in range(60)]
    assert bootstrap_interval(spread, seed=1) != bootstrap_interval(spread)  # the seed is the stream
    assert bootstrap_interval([0.3] * 4) == (pytest.approx(0.3), pytest.approx(0.3))


def _samples(seed: int) -> list[list[float]]:
    """Coverage-like samples (a page count over 24 pages, and paired differences of two), and floats
    over twenty orders of magnitude, signed zeros and a constant sample."""
    rng = random.Random(seed)
    coverage = [rng.randrange(25) / 24 for _ in range(200)]
    diffs = [x - rng.randrange(25) / 24 for x in coverage]
    wide = [rng.gauss(0, 1) * 10.0 ** rng.randrange(-10, 10) for _ in range(57)]
    return [coverage, diffs, wide, [0.3] * 9, [0.0, -0.0, 0.0], [1e-320, 5e-324, 0.0]]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_intervals_and_half_widths_equal_the_statistics_modules_bit_for_bit(seed):
    # mean_ci and unpaired_half_width sum each distinct value's count exactly (issue 41): the same
    # floats as statistics.stdev and statistics.variance, which the chapter's script calls
    for xs in _samples(seed):
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
        m = statistics.fmean(xs)
        ci = mean_ci(xs)
        assert (ci.mean, ci.lo, ci.hi) == (m, m - half, m + half)
    a, b = _samples(seed)[:2]
    assert unpaired_half_width(a, b) == 1.96 * math.sqrt(
        statistics.variance(a) / len(a) + statistics.variance(b) / len(b)
    )
    ints = mean_ci([1, 2, 4])  # not floats: statistics' own
    assert ints.hi == statistics.fmean([1, 2, 4]) + 1.96 * statistics.stdev([1, 2, 4]) / math.sqrt(3)


def test_samples_bootstrapped_together_get_each_its_own_plain_interval():
    # three samples of one length (two ride together as one complex array, the third alone) and one of
    # another: each interval is the plain reading's, all 10,000 resamples drawn at once and sorted
    rng = random.Random(7)
    samples = [[rng.randrange(25) / 24 - rng.randrange(25) / 24 for _ in range(200)] for _ in range(3)]
    samples.append(samples[0][:31])

    def plain(xs: list[float]) -> tuple[float, float]:
        idx = np.random.default_rng(0).integers(0, len(xs), size=(10000, len(xs)))
        means = np.sort(np.asarray(xs)[idx].mean(axis=1))
        # the 251st and the 9,750th: (1 - 0.95) / 2 * 10000 is 250.00000000000003 in floating point,
        # which the interval has always rounded up (the chapter's script takes the 250th)
        return float(means[250]), float(means[9749])

    assert bootstrap_intervals(samples) == [plain(xs) for xs in samples]


def test_pct_rounds_halves_up_like_the_chapter():
    assert pct(0.2925) == "29.3"  # Python's round-half-even would print 29.2
    assert pct(0.29249) == "29.2"
    assert pct(0.451, sign=True) == "+45.1"
    assert pct(-0.038, sign=True) == "-3.8"
    assert pct(0.0) == "0.0"


# -- issue 37: Student's t and the exact binomial, held to scipy ------------------------------------------


@pytest.mark.parametrize("df", [1, 2, 3, 9, 31, 2.5, 318, 1000, 1001, 10_000, 100_000, 10**6, 10**9])
def test_t_quantiles_and_cdf_equal_scipys(df):
    from scipy import stats as reference

    for p in (0.025, 0.1, 0.5, 0.8, 0.975, 0.999999):
        assert t_quantile(p, df) == pytest.approx(reference.t.ppf(p, df), rel=1e-9, abs=1e-15)
    if df > 100_000:
        return  # the quantile takes Cornish–Fisher's expansion past 1,000; the CDF loses digits here
    for x in (-40.0, -2.5, -1.0, 0.0, 0.3, 2.0, 12.0):
        assert t_cdf(x, df) == pytest.approx(reference.t.cdf(x, df), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize(("k", "n"), [(0, 1), (0, 5), (2, 10), (5, 10), (3, 30), (7, 8), (100, 1000)])
def test_the_exact_two_sided_binomial_is_scipys_binomtest(k, n):
    from scipy import stats as reference

    assert binomial_two_sided(k, n) == pytest.approx(reference.binomtest(k, n).pvalue, rel=1e-12)


def test_no_trials_give_p_1_and_a_bad_quantile_is_refused():
    assert binomial_two_sided(0, 0) == 1.0
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)
