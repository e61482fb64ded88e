"""Intervals the chapter quotes, computed the way its script computes them."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True)
class MeanCI:
    mean: float
    lo: float
    hi: float

    @property
    def half(self) -> float:
        return (self.hi - self.lo) / 2


def mean_ci(xs: Sequence[float]) -> MeanCI:
    """Mean with the 95% normal interval mean ± 1.96·s/√n (s: sample standard deviation)."""
    m = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return MeanCI(m, m - half, m + half)


def unpaired_half_width(a: Sequence[float], b: Sequence[float]) -> float:
    """Half-width of the 95% interval of mean(a) − mean(b) treating the samples as independent."""
    return Z95 * math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))


def bootstrap_interval(
    diffs: Sequence[float], resamples: int = 10000, seed: int = 0, level: float = 0.95
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean, resampling the paired differences.

    Uses its own seeded generator, so the interval is reproducible and independent of the runs.
    The bounds are the order statistics the chapter's script takes (2.5% and 97.5% of 10000:
    indices 249 and 9749).
    """
    import numpy as np  # here: the window's live numbers use this module, and never this function

    x = np.asarray(diffs, dtype=float)
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    chunk = max(1, 200_000 // max(len(x), 1))  # a few hundred kB at a time: fresh 16 MB arrays cost more
    for start in range(0, resamples, chunk):
        stop = min(resamples, start + chunk)
        idx = rng.integers(0, len(x), size=(stop - start, len(x)))
        means[start:stop] = x.take(idx).mean(axis=1)
    means.sort()
    tail = (1 - level) / 2
    lo_index = max(math.ceil(resamples * tail) - 1, 0)
    hi_index = min(math.ceil(resamples * (1 - tail)) - 1, resamples - 1)
    return float(means[lo_index]), float(means[hi_index])


def pct(x: float, sign: bool = False) -> str:
    """A proportion as a percentage with one decimal, rounding halves up as the chapter does.

    Python's own formatting rounds half to even and would print 0.2925 as 29.2; the chapter's
    interactive page (JavaScript Math.round) and script print 29.3.
    """
    v = math.floor(x * 1000 + 1e-9 + 0.5) / 10
    return f"{v:+.1f}" if sign else f"{v:.1f}"
