"""Issue 23: every count has an upper bound, and so has the total work of a command whose numbers
multiply — refused in one line, exit status 2, before any work (each case ran for minutes)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memviz.cli import main
from memviz.core.compare import LaneConfig, check_work
from memviz.core.engine import RunConfig
from memviz.core.limits import LIMITS, LimitError, lookahead_work
from memviz.core.registry import ConfigError
from memviz.core.site import Site, load_site
from memviz.core.sitegen import generate_site


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["regret", "frontier", "--runs", "100000000"], ["--runs", "between 1 and 50000"]),
        (["regret", "frontier", "visited", "frontier/3", "frontier/5", "--runs", "50000"], ["lane steps"]),
        (["regret", "frontier/12/opt", "--runs", "200", "--budget", "300"], ["look-ahead"]),
        (["compare", "frontier", "visited", "--budget", "1000000"], ["--budget", "between 0 and 100000"]),
        (["scenario", "dedup", "--runs", "5000", "--sessions", "50"], ["dedup", "run steps", "--sessions"]),
        (["scenario", "ttl", "--runs", "5000"], ["scenario ttl", "run steps"]),
        (["scenario", "ttl", "--ttls", ""], ["--ttls", "at least one T"]),
        (["scenario", "ttl", "--ttls", ",,"], ["--ttls", "at least one T"]),
    ],
    ids=lambda v: " ".join(v)[:50] if isinstance(v, list) else None,
)
def test_work_past_its_bound_is_refused_before_it_starts(capsys, argv, words):
    code, out, err = run_cli(capsys, *argv)
    assert (code, out, err.count("\n")) == (2, "", 1), err
    for word in words:
        assert word in err


def test_an_opt_lane_on_a_10000_page_site_is_refused_by_its_look_ahead(capsys, tmp_path):
    """`compare … --budget 2000` on a 10,000-page site ran 80 s; a short budget still runs."""
    site = tmp_path / "big.json"
    site.write_text(json.dumps(generate_site("random", 10_000, 6, 1)), encoding="utf-8")
    code, _, err = run_cli(
        capsys, "compare", "frontier/12/opt", "frontier/12", "--budget", "2000", "--site", str(site)
    )
    assert code == 2 and "look-ahead" in err and "a smaller site" in err
    code, out, err = run_cli(
        capsys, "compare", "frontier/12/opt", "frontier/12", "--budget", "20", "--site", str(site), "--json"
    )
    assert (code, err) == (0, "") and len(json.loads(out)["lanes"]) == 2


def test_the_chapters_own_comparisons_stay_within_the_bounds():
    site = load_site()
    lanes = [LaneConfig.parse(t) for t in ("frontier/12/fifo", "frontier/12/random", "frontier/12/opt")]
    check_work(site, lanes, RunConfig(), runs=200)  # `memviz regret` as the README shows it


@given(
    lanes=st.integers(1, 4),
    runs=st.integers(1, 50_000),
    budget=st.integers(0, 100_000),
    opt=st.booleans(),
    capacity=st.one_of(st.none(), st.integers(1, 100)),
)
def test_what_is_accepted_is_within_every_work_bound(lanes, runs, budget, opt, capacity):
    site = Site.from_dict(generate_site("ring", 12, 2, 1))
    policy = "opt" if opt else "fifo"
    configs = [LaneConfig("frontier", capacity, policy)] * lanes
    base = RunConfig(budget=budget)
    links = sum(len(c) for c in site.clickable)
    try:
        check_work(site, configs, base, runs)
    except ConfigError as exc:
        assert "lane steps" in str(exc) or "look-ahead" in str(exc)
        over = lanes * runs * budget > LIMITS["lane_run_steps"].high or (
            opt and lookahead_work(runs, budget, links, capacity) > LIMITS["lookahead_work"].high
        )
        assert over
    else:
        assert lanes * runs * budget <= LIMITS["lane_run_steps"].high
        if opt:
            assert lookahead_work(runs, budget, links, capacity) <= LIMITS["lookahead_work"].high


def test_a_scenario_asked_directly_is_bounded_too():
    from memviz.core.scenarios.catalog import scenario_figures

    with pytest.raises((ValueError, LimitError), match="run steps"):
        scenario_figures("dedup", runs=5000, sessions=50)


# -- the window's Compare: lanes past the bound are left out, never computed (a long monkey run) ------


def test_one_comparison_without_look_ahead_is_always_within_the_lane_bound():
    """affordable_lanes keeps the lanes that do not look ahead without checking them again: true
    only while the most lanes at the longest budget fit the lane-step bound."""
    from memviz.core.compare import MAX_LANES

    assert MAX_LANES * LIMITS["budget"].high <= LIMITS["lane_run_steps"].high


@given(
    policies=st.lists(st.sampled_from(["fifo", "lru", "random", "opt"]), min_size=1, max_size=4),
    budget=st.integers(0, 100_000),
    capacity=st.integers(1, 30),
)
def test_the_window_leaves_out_exactly_the_look_ahead_lanes_past_the_bound(policies, budget, capacity):
    from memviz.core.compare import DEFAULT_LANES, affordable_lanes

    site = load_site()
    configs = [LaneConfig("frontier", capacity, p) for p in policies]
    kept, left_out, reason = affordable_lanes(site, configs, RunConfig(budget=budget))
    # the plain reading: an opt lane's look-ahead over the site's links, one run, against the limit
    links = sum(len(c) for c in site.clickable)
    over = "opt" in policies and lookahead_work(1, budget, links, capacity) > LIMITS["lookahead_work"].high
    if not over:
        assert (kept, left_out, reason) == (configs, [], None)
        return
    assert left_out == [c for c in configs if c.policy == "opt"]
    assert kept == ([c for c in configs if c.policy != "opt"] or [LaneConfig.parse(DEFAULT_LANES[0])])
    assert "look-ahead" in reason and str(budget) in reason
    check_work(site, kept, RunConfig(budget=budget))  # what is kept is within every bound
