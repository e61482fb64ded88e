"""A config against the no-memory baseline over up to a million seeds, on every core, in bounded memory.

:func:`memviz.core.experiments.compare_with_baseline` keeps every run's result (its path too): what
the window draws, one dot per seed. That is right for the chapter's 200 seeds and wrong for a
million, which would hold two million results (2.3 GB). :func:`compare_streaming` computes the same
figures without keeping the runs:

- the seeds are cut into chunks of :data:`CHUNK_SEEDS`; a chunk's runs (current and baseline) are
  computed by the lock-step engine in a worker process (one per core) and reduced there to a
  :class:`Tally`: exact sums of the whole-number metrics, and of each float (a run's coverage and
  repeat rate, the paired coverage difference) how many runs had each distinct value. A site of
  ``n`` pages gives at most ``n`` coverages, so a tally stays small however many runs it counts;
- the parent adds the tallies up (addition of whole numbers: the order chunks finish in changes
  nothing) and reports progress and obeys cancel between chunks, through a
  :class:`~memviz.core.experiments.Runner`'s callbacks;
- the figures are computed from the tallies exactly as :mod:`statistics` computes them from the
  list of values: ``fmean`` is the correctly rounded sum over the count, ``stdev`` and ``variance``
  come from the exact sums of values and squares (``statistics._ss``). So every mean, interval and
  half-width equals the in-memory comparison's bit for bit (``tests/core/test_streaming.py``).

The bootstrap interval resamples the paired differences. While ``resamples × runs`` is at most
:data:`BOOTSTRAP_DRAWS` it resamples them one by one from the differences in seed order, exactly as
:func:`memviz.core.stats.bootstrap_interval` does (same interval as the in-memory comparison).
Beyond that it draws each resample's counts of every distinct difference at once (a multinomial draw:
the same distribution as resampling one by one, at a cost per distinct value instead of per run),
with at most ``BOOTSTRAP_DRAWS // distinct values`` resamples; the count used is in the result.
"""

from __future__ import annotations

import contextlib
import math
import os
import statistics
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from fractions import Fraction
from multiprocessing import get_context

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.experiments import (
    DEFAULT_BOOTSTRAP,
    DEFAULT_SEED0,
    METRICS,
    Cancelled,
    PairedDiff,
    Runner,
    baseline_of,
)
from memviz.core.limits import check_streamed_batch
from memviz.core.lockstep import run_batch
from memviz.core.rng import SEED_MAX
from memviz.core.signals import stop_signals_held
from memviz.core.site import Site
from memviz.core.stats import Z95, MeanCI, bootstrap_interval

CHUNK_SEEDS = 5000  # seeds a worker computes at a time: a few MB of results, ~0.2 s of work
BOOTSTRAP_DRAWS = 50_000_000  # bound on resamples × (runs, or distinct differences): about a second
FLOAT_METRICS = ("coverage", "repeat")  # the rest are whole numbers, summed exactly
POLL_SECONDS = 0.05  # how often the parent reports progress and looks at cancel


def _histogram(values: np.ndarray) -> dict[float, int]:
    distinct, counts = np.unique(values, return_counts=True)
    return dict(zip(distinct.tolist(), counts.tolist(), strict=True))


def _merge(into: dict[float, int], more: dict[float, int]) -> None:
    for value, count in more.items():
        into[value] = into.get(value, 0) + count


@dataclass
class Tally:
    """Runs of two configs paired by seed, summed up: enough for every figure of a comparison."""

    runs: int = 0
    sums: dict[str, list[int]] = field(default_factory=dict)  # whole-number metric: [current, baseline]
    floats: dict[str, list[dict[float, int]]] = field(default_factory=dict)  # float metric: histograms
    diffs: dict[float, int] = field(default_factory=dict)  # coverage(current) − coverage(baseline)
    wins: int = 0

    def add(self, other: Tally) -> None:
        self.runs += other.runs
        self.wins += other.wins
        for key, pair in other.sums.items():
            mine = self.sums.setdefault(key, [0, 0])
            mine[0] += pair[0]
            mine[1] += pair[1]
        for key, pair in other.floats.items():
            mine_f = self.floats.setdefault(key, [{}, {}])
            _merge(mine_f[0], pair[0])
            _merge(mine_f[1], pair[1])
        _merge(self.diffs, other.diffs)


def tally_chunk(
    site: Site, config: RunConfig, seeds: range, keep_diffs: bool
) -> tuple[Tally, np.ndarray | None]:
    """The tally of ``seeds`` (current and baseline runs), and their differences in seed order if asked."""
    current = run_batch(site, config.with_seeds(seeds))
    baseline = run_batch(site, baseline_of(config).effective(site.n_pages).with_seeds(seeds))
    tally = Tally(runs=len(seeds))
    for key in METRICS:
        a = np.array([getattr(r, key) for r in current])
        b = np.array([getattr(r, key) for r in baseline])
        if key in FLOAT_METRICS:
            tally.floats[key] = [_histogram(a), _histogram(b)]
            if key == "coverage":
                diffs = a - b  # the same IEEE subtraction as paired_difference's x - y
                tally.diffs = _histogram(diffs)
                tally.wins = int((diffs > 0).sum())
        else:
            tally.sums[key] = [int(a.sum()), int(b.sum())]
    return tally, (diffs if keep_diffs else None)


# -- the figures, from a tally, as statistics computes them from the values --------------------


def _exact_sums(histogram: dict[float, int]) -> tuple[int, Fraction, Fraction]:
    count, sx, sxx = 0, Fraction(0), Fraction(0)
    for value, c in histogram.items():
        v = Fraction(value)
        count += c
        sx += c * v
        sxx += c * v * v
    return count, sx, sxx


def fmean_of(histogram: dict[float, int]) -> float:
    """``statistics.fmean`` of the values counted: their correctly rounded sum over their count."""
    count, sx, _ = _exact_sums(histogram)
    return float(sx) / count


def _sample_variance(histogram: dict[float, int]) -> Fraction:
    count, sx, sxx = _exact_sums(histogram)  # statistics._ss: exact sums, then (n·Σx² − (Σx)²) / n
    return ((count * sxx - sx * sx) / count) / (count - 1)


def variance_of(histogram: dict[float, int]) -> float:
    """``statistics.variance`` of the values counted."""
    return float(_sample_variance(histogram))


def stdev_of(histogram: dict[float, int]) -> float:
    """``statistics.stdev`` of the values counted (its correctly rounded square root of a fraction)."""
    mss = _sample_variance(histogram)
    exact_sqrt = getattr(statistics, "_float_sqrt_of_frac", None)  # what stdev uses (3.11 to 3.13)
    if exact_sqrt is None:
        return math.sqrt(float(mss))
    return exact_sqrt(mss.numerator, mss.denominator)


def multinomial_bootstrap(
    histogram: dict[float, int], resamples: int, seed: int = 0, level: float = 0.95
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean, each resample drawn as counts of the distinct values."""
    values = np.array(list(histogram), dtype=float)
    counts = np.array(list(histogram.values()), dtype=np.int64)
    n = int(counts.sum())
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    chunk = max(1, 1_000_000 // len(values))
    for start in range(0, resamples, chunk):
        stop = min(resamples, start + chunk)
        drawn = rng.multinomial(n, counts / n, size=stop - start)
        means[start:stop] = drawn @ values / n
    means.sort()
    tail = (1 - level) / 2
    lo = max(math.ceil(resamples * tail) - 1, 0)
    hi = min(math.ceil(resamples * (1 - tail)) - 1, resamples - 1)
    return float(means[lo]), float(means[hi])


def bootstrap_plan(runs: int, distinct: int, resamples: int) -> tuple[str, int]:
    """("runs", resamples) when resampling run by run costs at most BOOTSTRAP_DRAWS, else
    ("counts", resamples bounded so that resamples × distinct differences stays within it)."""
    if resamples * runs <= BOOTSTRAP_DRAWS:
        return "runs", resamples
    return "counts", max(1, min(resamples, BOOTSTRAP_DRAWS // max(distinct, 1)))


@dataclass
class StreamedComparison:
    """What :class:`~memviz.core.experiments.Comparison` reports, without the runs themselves."""

    config: RunConfig
    seeds: range
    current_means: dict[str, float]
    baseline_means: dict[str, float]
    diff: PairedDiff
    bootstrap_resamples: int
    bootstrap_method: str  # "runs": resampled run by run; "counts": as counts of distinct differences

    def to_dict(self) -> dict:
        return {
            "config": self.config.to_dict(),
            "seeds": {"seed0": self.seeds.start, "runs": len(self.seeds)},
            "current": self.current_means,
            "baseline": self.baseline_means,
            "diff": self.diff.to_dict(),
            "bootstrap": {"resamples": self.bootstrap_resamples, "method": self.bootstrap_method},
        }


def figures(
    config: RunConfig, seeds: range, tally: Tally, diffs: np.ndarray | None, bootstrap: int
) -> StreamedComparison:
    n = tally.runs
    current, baseline = {}, {}
    for key in METRICS:
        if key in FLOAT_METRICS:
            current[key], baseline[key] = (fmean_of(h) for h in tally.floats[key])
        else:
            current[key], baseline[key] = (s / n for s in tally.sums[key])  # fmean of whole numbers
    mean = fmean_of(tally.diffs)
    half = Z95 * stdev_of(tally.diffs) / math.sqrt(n) if n > 1 else 0.0
    a, b = tally.floats["coverage"]
    unpaired = Z95 * math.sqrt(variance_of(a) / n + variance_of(b) / n) if n > 1 else 0.0
    method, resamples = bootstrap_plan(n, len(tally.diffs), bootstrap)
    if bootstrap <= 0:
        boot = (mean - half, mean + half)  # paired_difference without a bootstrap
        method, resamples = "none", 0
    elif method == "runs":
        boot = bootstrap_interval(diffs.tolist(), resamples)
    else:
        boot = multinomial_bootstrap(tally.diffs, resamples)
    ci = MeanCI(mean, mean - half, mean + half)  # as mean_ci builds it (its half is (hi − lo) / 2)
    diff = PairedDiff(n=n, mean=ci.mean, lo=ci.lo, hi=ci.hi, wins=tally.wins, paired_half=ci.half,
                      unpaired_half=unpaired, boot_lo=boot[0], boot_hi=boot[1])  # fmt: skip
    return StreamedComparison(config, seeds, current, baseline, diff, resamples, method)


# -- the batch, chunk by chunk, on every core ---------------------------------------------------


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def compare_streaming(
    site: Site,
    config: RunConfig,
    runs: int,
    seed0: int = DEFAULT_SEED0,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    runner: Runner | None = None,
    workers: int | None = None,
) -> StreamedComparison:
    """``config`` against the no-memory baseline on seeds ``seed0 .. seed0 + runs − 1``, streamed.

    ``workers`` processes (default: one per core; 1: in this process) compute chunks of seeds.
    Progress and cancel go through ``runner`` as for every batch (cancel is seen between chunks,
    within a fraction of a second).
    """
    check_streamed_batch(runs, config.step_limit, ValueError)
    if seed0 < 0 or seed0 + runs - 1 > SEED_MAX:
        raise ValueError(f"seed0: seeds {seed0}..{seed0 + runs - 1} fall outside 0..{SEED_MAX}")
    runner = runner or Runner()
    runner.plan(2 * runs)
    seeds = range(seed0, seed0 + runs)
    chunks = [seeds[i : i + CHUNK_SEEDS] for i in range(0, runs, CHUNK_SEEDS)]
    keep_diffs = bootstrap > 0 and bootstrap_plan(runs, 0, bootstrap)[0] == "runs"
    effective = config.effective(site.n_pages)
    workers = default_workers() if workers is None else workers
    total, diffs = Tally(), ([None] * len(chunks) if keep_diffs else None)

    def take(index: int, result: tuple[Tally, np.ndarray | None]) -> None:
        total.add(result[0])
        if diffs is not None:
            diffs[index] = result[1]
        runner._tick(2 * len(chunks[index]))

    if workers <= 1 or len(chunks) == 1:
        for index, chunk in enumerate(chunks):
            take(index, tally_chunk(site, effective, chunk, keep_diffs))
    else:
        _run_in_pool(site, effective, chunks, keep_diffs, workers, take, runner.cancelled)
    joined = np.concatenate(diffs) if diffs is not None else None
    return figures(config, seeds, total, joined, bootstrap)


def _run_in_pool(
    site: Site,
    config: RunConfig,
    chunks: list[range],
    keep_diffs: bool,
    workers: int,
    take: Callable[[int, tuple[Tally, np.ndarray | None]], None],
    cancelled: Callable[[], bool] | None,
) -> None:
    # "spawn": the window runs this from a worker thread, and forking a process with threads (Qt's)
    # is unsafe. A few chunks per worker are queued at a time, so cancel leaves little to wait for.
    # Made, and its workers started, with the stop signals waiting: a process inherits the mask, so
    # multiprocessing's resource tracker and the workers never see them. The terminal's hang-up,
    # sent to the whole group, had killed the tracker (warnings and KeyError tracebacks followed);
    # memviz alone answers a signal, and ends the workers (_end_workers).
    with stop_signals_held():
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    pending: dict[Future, int] = {}
    next_chunk = 0
    try:
        while next_chunk < len(chunks) or pending:
            while next_chunk < len(chunks) and len(pending) < 2 * workers:
                with stop_signals_held():  # submit may start a worker: never cut it half-started
                    future = pool.submit(tally_chunk, site, config, chunks[next_chunk], keep_diffs)
                pending[future] = next_chunk
                next_chunk += 1
            done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
            for future in done:
                take(pending.pop(future), future.result())
            if not done and cancelled is not None and cancelled():  # take() checks it after a chunk
                raise Cancelled
    except BaseException:  # Cancel, Ctrl+C, SIGTERM, a failed chunk: nothing more is wanted
        _end_workers(pool)
        # Waited for as below, now that its workers are gone (milliseconds): left running, the pool's
        # manager thread raced the interpreter's exit and Ctrl+C's "memviz: interrupted" was followed
        # by "OSError: [Errno 9] Bad file descriptor" (test_signals, once in a fresh-clone run).
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    # Every chunk is in, so the workers have nothing left and end at once: wait for them. Left to end
    # on their own (wait=False), the pool's manager thread goes on into the interpreter's exit, where
    # its wake-up pipe can be closed under it (CPython has fixed races there, e.g. gh-125451 in 3.12.8
    # and 3.13.1); the likely cause of a batch that printed its answer and then a traceback ending in
    # "OSError: [Errno 9] Bad file descriptor" (the hostile campaign, once in 939 cases, under load).
    pool.shutdown(wait=True)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now. A chunk computes for seconds; shutdown() leaves the
    running ones to finish, and the process waited for them as it exited (SIGTERM said "stopped",
    then 3-6 s went by, the workers computing on)."""
    for worker in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            worker.kill()  # it holds nothing but sums: no need to ask, and no signal can be held up
