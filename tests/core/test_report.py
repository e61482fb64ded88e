"""Every figure the chapter quotes, recomputed by the core, to the last bit."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig
from memviz.core.experiments import Runner, compare_with_baseline
from memviz.core.stats import pct


@pytest.fixture
def tables(chapter_report):
    return chapter_report


def test_strategy_means(tables):
    s = tables["strategies"]
    assert s["random"]["coverage"] == 0.4875
    assert s["visited"]["coverage"] == 0.78
    assert s["frontier"]["coverage"] == 0.938125
    assert s["random"]["tokens"] == 90000.0
    assert s["frontier"]["tokens"] == 105358.6
    assert s["visited"]["tokens"] == 103826.6
    assert s["random"]["dups"] == 0.44
    assert s["frontier"]["steps"] == 29.995


def test_paired_differences(tables):
    v, f = tables["diffs"]["visited"], tables["diffs"]["frontier"]
    assert (v["mean"], v["lo"], v["hi"], v["wins"]) == (0.2925, 0.27949091414019134, 0.3055090858598086, 199)
    assert (f["mean"], f["lo"], f["hi"], f["wins"]) == (
        0.450625,
        0.43980868765630543,
        0.46144131234369457,
        200,
    )
    assert v["unpaired_half"] == 0.013932131699444834
    assert f["unpaired_half"] == 0.011044741615386124
    # The bootstrap uses its own seeded generator: within 0.002 of the chapter's resampling.
    assert v["boot_lo"] == pytest.approx(0.27979166666666666, abs=0.002)
    assert v["boot_hi"] == pytest.approx(0.305625, abs=0.002)
    assert f["boot_lo"] == pytest.approx(0.44, abs=0.002)
    assert f["boot_hi"] == pytest.approx(0.4610416666666666, abs=0.002)
    assert [pct(x, True) for x in (v["mean"], v["lo"], v["hi"])] == ["+29.3", "+27.9", "+30.6"]
    assert [pct(x, True) for x in (f["mean"], f["lo"], f["hi"])] == ["+45.1", "+44.0", "+46.1"]
    assert (pct(v["paired_half"]), pct(v["unpaired_half"])) == ("1.3", "1.4")


def test_cost_to_find_every_bug(tables):
    c = tables["cost"]
    assert (c["random"]["steps"], c["random"]["tokens"], c["random"]["all_found"]) == (
        640.365,
        1921095.0,
        200,
    )
    assert (c["visited"]["steps"], c["visited"]["tokens"]) == (69.435, 256411.4)
    assert (c["frontier"]["steps"], c["frontier"]["tokens"]) == (31.73, 112129.8)
    assert pct(c["frontier"]["tokens"] / c["random"]["tokens"]) == "5.8"


def test_capacity_sweep_and_the_cap_12_comparison(tables):
    sweep = tables["sweep"]
    assert sweep["4"] == {"fifo": 0.5664583333333334, "lru": 0.5664583333333334, "random": 0.5691666666666666}
    assert sweep["12"] == {
        "fifo": 0.7520833333333333,
        "lru": 0.7554166666666667,
        "random": 0.7895833333333333,
    }
    assert sweep["20"]["lru"] == 0.8941666666666667
    assert sweep["24"] == {"fifo": 0.938125, "lru": 0.938125, "random": 0.938125}
    d = tables["cap12_random_minus_fifo"]
    assert (d["mean"], d["lo"], d["hi"]) == (0.03749999999999999, 0.027373042096369232, 0.04762695790363075)
    assert [pct(x, True) for x in (d["mean"], d["lo"], d["hi"])] == ["+3.8", "+2.7", "+4.8"]


def test_seed_1000_story(tables):
    story = tables["seed1000"]
    assert {
        k: story[k]
        for k in ("pages_seen", "home_returns", "profile_returns", "delete_account_visits", "reports", "dups")
    } == {
        "pages_seen": 12,
        "home_returns": 6,
        "profile_returns": 4,
        "delete_account_visits": 0,
        "reports": 4,
        "dups": 2,
    }


def test_runner_gives_the_same_figures_however_it_cuts_batches(chapter_site):
    config = RunConfig(strategy="frontier", capacity=12, policy="random")
    with Runner(chunk_size=20) as runner:
        parallel = compare_with_baseline(chapter_site, config, runs=60, runner=runner)
    serial = compare_with_baseline(chapter_site, config, runs=60)
    assert parallel.current == serial.current and parallel.baseline == serial.baseline
    assert parallel.diff == serial.diff


def test_progress_and_cancel(chapter_site):
    from memviz.core.experiments import Cancelled

    seen = []
    with Runner(progress=lambda done, total: seen.append((done, total)), chunk_size=50) as runner:
        compare_with_baseline(chapter_site, RunConfig(strategy="visited"), runs=200, runner=runner)
    assert seen[-1] == (400, 400) and all(a <= b for a, b in seen)
    calls = []
    with (
        pytest.raises(Cancelled),
        Runner(cancelled=lambda: calls.append(1) or len(calls) > 2, chunk_size=10) as runner,
    ):
        compare_with_baseline(chapter_site, RunConfig(strategy="visited"), runs=200, runner=runner)
    assert len(calls) == 3
