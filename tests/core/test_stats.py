"""Statistics: the chapter's intervals and rounding, checked against plain arithmetic."""

from __future__ import annotations

import math

import numpy as np
import pytest

from memviz.core.stats import bootstrap_interval, mean_ci, pct, unpaired_half_width


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


def test_pct_rounds_halves_up_like_the_chapter():
    assert pct(0.2925) == "29.3"  # Python's round-half-even would print 29.2
    assert pct(0.29249) == "29.2"
    assert pct(0.451, sign=True) == "+45.1"
    assert pct(-0.038, sign=True) == "-3.8"
    assert pct(0.0) == "0.0"
