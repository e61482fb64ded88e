"""Streamed batches (memviz.core.streaming) against the in-memory comparison they must equal."""

from __future__ import annotations

import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core import streaming
from memviz.core.engine import RunConfig
from memviz.core.experiments import Cancelled, Runner, compare_with_baseline, means
from memviz.core.limits import LimitError, check_streamed_batch
from memviz.core.stats import bootstrap_interval
from memviz.core.streaming import (
    bootstrap_plan,
    compare_streaming,
    fmean_of,
    multinomial_bootstrap,
    stdev_of,
    variance_of,
)
from tests.hypothesis_budget import examples


def histogram(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.floats(-1, 1, allow_nan=False) | st.sampled_from([0.1, 1 / 3, -0.25]), min_size=2))
def test_figures_from_counts_equal_the_statistics_module_on_the_values(values):
    counts = histogram(values)
    assert fmean_of(counts) == statistics.fmean(values)
    assert variance_of(counts) == statistics.variance(values)
    assert stdev_of(counts) == statistics.stdev(values)


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(streaming, "CHUNK_SEEDS", 700)  # 5000 seeds: 8 chunks, the last one short


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(
    "config",
    [RunConfig(strategy="visited", capacity=8), RunConfig(strategy="frontier", capacity=6, policy="lru")],
)
def test_a_5000_seed_streamed_batch_equals_the_in_memory_one(chapter_site, small_chunks, workers, config):
    progress = []
    streamed = compare_streaming(
        chapter_site,
        config,
        5000,
        1000,
        runner=Runner(progress=lambda d, t: progress.append((d, t))),
        workers=workers,
    )
    kept = compare_with_baseline(chapter_site, config, 5000, 1000)
    assert streamed.current_means == means(kept.current)
    assert streamed.baseline_means == means(kept.baseline)
    assert streamed.diff == kept.diff  # intervals, wins, half-widths and the bootstrap, bit for bit
    assert (streamed.bootstrap_method, streamed.bootstrap_resamples) == ("runs", 10000)
    assert progress[-1] == (10000, 10000) and len(progress) == 8


def test_past_the_draw_bound_the_bootstrap_counts_distinct_differences(
    chapter_site, small_chunks, monkeypatch
):
    monkeypatch.setattr(streaming, "BOOTSTRAP_DRAWS", 1_000_000)  # 5000 runs × 10000 resamples is past it
    config = RunConfig(strategy="visited", capacity=8)
    streamed = compare_streaming(chapter_site, config, 5000, 1000, workers=1)
    kept = compare_with_baseline(chapter_site, config, 5000, 1000)
    distinct = len({a.coverage - b.coverage for a, b in zip(kept.current, kept.baseline, strict=True)})
    assert streamed.bootstrap_method == "counts"
    assert streamed.bootstrap_resamples == min(10000, 1_000_000 // distinct)
    assert streamed.to_dict()["bootstrap"] == {"resamples": streamed.bootstrap_resamples, "method": "counts"}
    # the same distribution as resampling run by run: the intervals agree to sampling noise
    assert streamed.diff.boot_lo == pytest.approx(kept.diff.boot_lo, abs=0.002)
    assert streamed.diff.boot_hi == pytest.approx(kept.diff.boot_hi, abs=0.002)
    assert streamed.diff.mean == kept.diff.mean and streamed.diff.lo == kept.diff.lo


def test_multinomial_bootstrap_matches_run_by_run_resampling():
    values = np.random.default_rng(5).choice([-0.25, 0.0, 0.125, 0.5], size=3000, p=[0.1, 0.3, 0.4, 0.2])
    lo, hi = multinomial_bootstrap(histogram(values.tolist()), 4000)
    ref_lo, ref_hi = bootstrap_interval(values.tolist(), 4000)
    assert lo == pytest.approx(ref_lo, abs=0.004) and hi == pytest.approx(ref_hi, abs=0.004)
    assert lo < values.mean() < hi


def test_bootstrap_plan_bounds_the_resampling_work(monkeypatch):
    assert bootstrap_plan(200, 49, 10000) == ("runs", 10000)
    assert bootstrap_plan(1_000_000, 49, 10000) == ("counts", 10000)
    assert bootstrap_plan(1_000_000, 20001, 10000) == ("counts", streaming.BOOTSTRAP_DRAWS // 20001)


def test_cancel_stops_a_streamed_batch_between_chunks(chapter_site, small_chunks):
    runner = Runner(cancelled=lambda: runner.done >= 2800)
    with pytest.raises(Cancelled):
        compare_streaming(chapter_site, RunConfig(strategy="visited"), 5000, runner=runner, workers=1)
    assert runner.done == 2800  # two chunks of 700 seeds, current and baseline


def test_streamed_batch_limits():
    check_streamed_batch(1_000_000, 30)
    with pytest.raises(LimitError, match="runs: must be between 1 and 1000000"):
        check_streamed_batch(1_000_001, 30)
    with pytest.raises(LimitError, match="a streamed batch may take at most 100000000"):
        check_streamed_batch(1_000_000, 101)


def test_memviz_batch_streams_past_50000_runs(capsys, monkeypatch):
    import json

    from memviz.cli.commands import main

    monkeypatch.setattr(streaming, "default_workers", lambda: 1)  # in this process: quicker for a test
    code = main(["batch", "--strategy", "visited", "--runs", "50001", "--budget", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["seeds"] == {"seed0": 1000, "runs": 50001}
    assert data["bootstrap"]["method"] == "counts" and 0 < data["bootstrap"]["resamples"] <= 10000
    assert data["current"]["steps"] == 2.0 and data["diff"]["n"] == 50001
    main(["batch", "--strategy", "visited", "--runs", "50001", "--budget", "2"])
    text = capsys.readouterr().out
    assert f"bootstrap interval ({data['bootstrap']['resamples']} resamples)" in text


@pytest.mark.skipif(not hasattr(__import__("signal"), "pthread_sigmask"), reason="POSIX signal masks")
def test_a_worker_is_started_with_the_stop_signals_waiting(chapter_site, small_chunks, monkeypatch):
    """A signal that lands while a worker process is being started cut the data the worker reads
    at start: the worker printed 'EOFError: Ran out of input', a traceback after memviz's line
    (the campaign, SIGTERM 2.8 s into a streamed batch). Workers are started (submit) with SIGINT,
    SIGTERM and SIGHUP waiting; they arrive once it is done."""
    import signal
    from concurrent.futures import ProcessPoolExecutor

    waiting = []
    submit = ProcessPoolExecutor.submit

    def watched_submit(pool, *args, **kwargs):
        waiting.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, [])))
        return submit(pool, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", watched_submit)
    compare_streaming(chapter_site, RunConfig(strategy="visited"), 1400, runner=Runner(), workers=2)
    stop = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    assert waiting and all(stop <= mask for mask in waiting)
    assert not stop & set(signal.pthread_sigmask(signal.SIG_BLOCK, []))  # and none is held after
