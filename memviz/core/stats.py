"""Intervals the chapter quotes, computed the way its script computes them."""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import functools
import math
from collections.abc import Sequence
from typing import NamedTuple

# statistics (and the fractions and decimal it loads) is imported only for what is not a sample of
# floats: the intervals compute its figures themselves, to the last bit (below). pct is all the
# window's first screen takes from here (issue 41).

Z95 = 1.96


class MeanCI(NamedTuple):
    """A mean and its 95% interval."""

    mean: float
    lo: float
    hi: float

    @property
    def half(self) -> float:
        return (self.hi - self.lo) / 2


def fmean(xs: Sequence[float]) -> float:
    """``statistics.fmean`` of a sequence: its correctly rounded sum (math.fsum) over its length."""
    if not xs:
        import statistics

        return statistics.fmean(xs)  # its StatisticsError
    return math.fsum(xs) / len(xs)


def mean_ci(xs: Sequence[float]) -> MeanCI:
    """Mean with the 95% normal interval mean ± 1.96·s/√n (s: sample standard deviation)."""
    m = fmean(xs)
    half = Z95 * _stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return MeanCI(m, m - half, m + half)


def unpaired_half_width(a: Sequence[float], b: Sequence[float]) -> float:
    """Half-width of the 95% interval of mean(a) − mean(b) treating the samples as independent."""
    return Z95 * math.sqrt(_variance(a) / len(a) + _variance(b) / len(b))


# statistics.variance and stdev, to the last bit, from each distinct value's count: a run's coverage
# takes one of a site's page counts over its pages, so a sample of 200 has a few dozen distinct values,
# and statistics' exact sums (a fraction per value) were ~0.15 ms a call, ~35 calls a report (issue 41).
# Both are exact: the sample variance as a fraction, then its correctly rounded float (variance) or
# correctly rounded square root (stdev, since Python 3.11): any exact route gives the same float.
# Anything but plain floats goes to statistics itself.


def _variance_fraction(xs: Sequence[float]) -> tuple[int, int] | None:
    """The sample variance of ``xs`` as a reduced (numerator, denominator), or None when it is not a
    list of finite floats."""
    from collections import Counter

    counts = Counter(xs)
    ratios = []
    try:
        for x, c in counts.items():
            if type(x) is not float:
                return None
            ratios.append((*x.as_integer_ratio(), c))  # float('inf') and nan raise here
    except (OverflowError, ValueError):
        return None
    scale = max(d for _, d, _ in ratios)  # every denominator a power of 2: each divides the largest
    sx = sxx = 0
    for n, d, c in ratios:
        whole = n * (scale // d)  # x · scale
        sx += c * whole
        sxx += c * whole * whole
    count = len(xs)
    numerator = count * sxx - sx * sx  # (n·Σx² − (Σx)²) / (n (n − 1)), in units of 1 / scale²
    denominator = count * (count - 1) * scale * scale
    g = math.gcd(numerator, denominator)
    return numerator // g, denominator // g


def _variance(xs: Sequence[float]) -> float:
    exact = _variance_fraction(xs) if len(xs) > 1 else None
    if exact is None:
        import statistics

        return statistics.variance(xs)
    return exact[0] / exact[1]  # int / int: correctly rounded, as float(Fraction) is


def _stdev(xs: Sequence[float]) -> float:
    exact = _variance_fraction(xs) if len(xs) > 1 else None
    if exact is None:
        import statistics

        return statistics.stdev(xs)
    return _sqrt_of_fraction(*exact)


def _sqrt_of_fraction(n: int, d: int) -> float:
    """√(n / d), correctly rounded. The root is taken in whole numbers to 2·53 + 3 bits and rounded to
    odd (a root that is not exact gets its last bit set), so the one rounding to a float, in the
    division, cannot fall on a false tie: the method statistics.stdev uses."""
    shift = (n.bit_length() - d.bit_length() - 109) // 2  # the root's bits past 109, halved

    def root_to_odd(top: int, bottom: int) -> int:
        root = math.isqrt(top // bottom)
        return root | (root * root * bottom != top)

    if shift >= 0:
        return (root_to_odd(n, d << 2 * shift) << shift) / 1
    return root_to_odd(n << -2 * shift, d) / (1 << -shift)


def bootstrap_interval(
    diffs: Sequence[float], resamples: int = 10000, seed: int = 0, level: float = 0.95
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean, resampling the paired differences.

    Uses its own seeded generator, so the interval is reproducible and independent of the runs.
    The bounds are the order statistics the chapter's script takes (2.5% and 97.5% of 10000:
    indices 249 and 9749).
    """
    return bootstrap_intervals([diffs], resamples, seed, level)[0]


def bootstrap_intervals(
    samples: Sequence[Sequence[float]], resamples: int = 10000, seed: int = 0, level: float = 0.95
) -> list[tuple[float, float]]:
    """:func:`bootstrap_interval` of each sample. Samples of one length are resampled at the same
    indices, drawn once: the generator is seeded alike for each, so each draws those indices anyway
    (drawing them was most of an interval's time; a report takes two, issue 41)."""
    import numpy as np  # here: the window's live numbers use this module, and never this function

    by_length: dict[int, list[int]] = {}
    for i, sample in enumerate(samples):
        by_length.setdefault(len(sample), []).append(i)
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(samples)
    tail = (1 - level) / 2
    lo_index = max(math.ceil(resamples * tail) - 1, 0)
    hi_index = min(math.ceil(resamples * (1 - tail)) - 1, resamples - 1)
    for n, which in by_length.items():
        # Two samples ride as the real and imaginary parts of one complex array: one gather of 16-byte
        # items fetches both at an index (gathering was a third of the time: a report's two intervals
        # are one pair). Each part's resampled means are then summed and divided as a float array's.
        packed = np.zeros((-(-len(which) // 2), n), dtype=complex)
        for k, i in enumerate(which):
            part = packed[k // 2].real if k % 2 == 0 else packed[k // 2].imag
            part[:] = samples[i]
        rng = np.random.default_rng(seed)
        means = np.empty((len(which), resamples))
        # A few hundred kB at a time, into one buffer: fresh MB-sized arrays are fresh pages from the
        # system each time, and those page faults were most of an interval's CPU (issue 41)
        chunk = max(1, 40_000 // max(n, 1))
        drawn = np.empty((min(chunk, resamples), n), dtype=complex)
        for start in range(0, resamples, chunk):
            stop = min(resamples, start + chunk)
            idx = rng.integers(0, n, size=(stop - start, n))
            for k, z in enumerate(packed):
                # "clip" never clips (every index is in 0..n-1) and needs no copy of the output
                got = np.take(z, idx, out=drawn[: stop - start], mode="clip")
                got.real.mean(axis=1, out=means[2 * k, start:stop])
                if 2 * k + 1 < len(which):
                    got.imag.mean(axis=1, out=means[2 * k + 1, start:stop])
        # the two order statistics the interval takes, without sorting the rest
        bounds = np.partition(means, (lo_index, hi_index), axis=1)
        for k, i in enumerate(which):
            out[i] = (float(bounds[k, lo_index]), float(bounds[k, hi_index]))
    return out


def pct(x: float, sign: bool = False) -> str:
    """A proportion as a percentage with one decimal, rounding halves up as the chapter does.

    Python's own formatting rounds half to even and would print 0.2925 as 29.2; the chapter's
    interactive page (JavaScript Math.round) and script print 29.3.
    """
    v = math.floor(x * 1000 + 1e-9 + 0.5) / 10
    return f"{v:+.1f}" if sign else f"{v:.1f}"


# -- Student's t and the binomial, for the evaluation's small-sample statistics (issue 37) -------------
# Pure Python (no scipy at run time): the regularized incomplete beta function by its continued
# fraction (Numerical Recipes' betacf, modified Lentz), and the quantile by bisection on the CDF.
# tests/core/test_stats.py holds both to scipy.stats.t at 1…10⁹ degrees of freedom.

_TINY = 1e-300


def _beta_fraction(a: float, b: float, x: float) -> float:
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 100_000):  # converges in O(√max(a, b)) terms: a few dozen at 1,000 dof
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + aa / c
            c = c if abs(c) > _TINY else _TINY
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def t_tail(x: float, df: float) -> float:
    """P(T > x) for x ≥ 0, Student's t with ``df`` degrees of freedom."""
    return 0.5 * regularized_beta(df / 2.0, 0.5, df / (df + x * x))


def t_cdf(x: float, df: float) -> float:
    """P(T ≤ x) for Student's t with ``df`` degrees of freedom."""
    tail = t_tail(abs(x), df)
    return 1.0 - tail if x > 0 else tail


@functools.lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (0 < p < 1, df > 0); within
    1e-9 of scipy's. Up to 1,000 degrees of freedom by the incomplete beta function; past that by
    Cornish–Fisher's expansion of t around the normal quantile, to 1/df⁴ (fast, and exact to 1e-12
    there, where the log-gamma terms would lose digits)."""
    if not (0.0 < p < 1.0) or not df > 0:
        raise ValueError(f"t_quantile: p in (0, 1) and df > 0, got p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    if p == 0.5:
        return 0.0
    if df > 1000:  # the continued fraction slows as √df; here the expansion in 1/df is within 1e-12
        from statistics import NormalDist

        z = NormalDist().inv_cdf(p)
        z2 = z * z
        terms = ((z2 + 1) / 4, (5 * z2**2 + 16 * z2 + 3) / 96, (3 * z2**3 + 19 * z2**2 + 17 * z2 - 15) / 384,
                 (79 * z2**4 + 776 * z2**3 + 1482 * z2**2 - 1920 * z2 - 945) / 92160)  # fmt: skip
        return z * (1 + sum(g / df ** (k + 1) for k, g in enumerate(terms)))
    upper = 1.0 - p  # solved on the upper tail, which keeps its digits where the CDF is near 1
    lo, hi = 0.0, 1.0
    while t_tail(hi, df) > upper:
        lo, hi = hi, hi * 2.0
    # Newton's steps on the tail, kept inside the bracket (a bisection where a step would leave it)
    log_scale = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    x = (lo + hi) / 2.0
    for _ in range(200):
        excess = t_tail(x, df) - upper  # > 0: x is below the quantile
        if excess > 0:
            lo = x
        else:
            hi = x
        density = math.exp(log_scale - (df + 1) / 2 * math.log1p(x * x / df))
        step = x + excess / density if density > 0 else (lo + hi) / 2.0
        if not lo < step < hi:
            step = (lo + hi) / 2.0
        if abs(step - x) <= 1e-15 * step or step in (lo, hi):
            return step
        x = step
    return x


def binomial_two_sided(k: int, n: int) -> float:
    """The exact two-sided binomial test of k successes in n trials at p = ½ (the exact McNemar test
    on the b and c discordant pairs: ``binomial_two_sided(min(b, c), b + c)``): twice the smaller
    tail, at most 1; 1 when there are no trials."""
    from fractions import Fraction

    if n == 0:
        return 1.0
    low = min(k, n - k)
    tail = Fraction(sum(math.comb(n, i) for i in range(low + 1)), 2**n)
    return float(min(Fraction(1), 2 * tail))
