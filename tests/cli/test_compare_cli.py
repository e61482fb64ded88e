"""``memviz compare``, ``memviz regret`` and ``--policy opt`` on the command line (issue 12)."""

from __future__ import annotations

import json

import pytest

from memviz.cli.commands import main
from memviz.core.compare import LaneConfig, run_lane
from memviz.core.engine import RunConfig, run
from tests.core.oracle_memory import memory_run
from tests.core.test_compare import DOC


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_json_is_the_issues_shape(capsys):
    code, out, err = run_cli(capsys, "compare", "frontier/12/fifo", "frontier/12/random", "visited", "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data.keys() == {"seed", "first_divergence", "lanes"}
    assert (data["seed"], data["first_divergence"]) == (1000, 9)  # visited parts from frontier first
    assert [lane["config"] for lane in data["lanes"]] == [
        {"strategy": "frontier", "capacity": 12, "policy": "fifo"},
        {"strategy": "frontier", "capacity": 12, "policy": "random"},
        {"strategy": "visited", "capacity": None, "policy": "fifo"},
    ]
    for lane, (capacity, policy) in zip(
        data["lanes"], [(12, "fifo"), (12, "random"), (None, "fifo")], strict=True
    ):
        strategy = lane["config"]["strategy"]
        plain = memory_run(DOC, strategy, 1000, capacity, policy)
        assert lane.keys() == {"config", "path", "coverage", "evictions", "forgotten_revisits", "steps"}
        assert lane["steps"] == plain["steps"] and lane["path"] == plain["path"]
        assert (lane["coverage"], lane["evictions"], lane["forgotten_revisits"]) == (
            plain["coverage"], plain["evictions"], plain["forgotten_revisits"])  # fmt: skip
        assert lane["steps"][0].keys() == {
            "step",
            "page",
            "evicted",
            "forgotten_revisit",
            "reuse_distance",
            "memory",
        }
        assert lane["steps"][0]["step"] == 1


def test_compare_without_memory_has_null_memory(capsys):
    code, out, _ = run_cli(
        capsys, "compare", "random", "frontier/inf", "--seed", "7", "--budget", "12", "--json"
    )
    lanes = json.loads(out)["lanes"]
    assert code == 0 and all(s["memory"] is None for s in lanes[0]["steps"])
    assert len(lanes[0]["steps"]) == 12 and lanes[1]["evictions"] == 0


def test_compare_text_says_where_and_why_and_each_regret(capsys, chapter_site):
    code, out, _ = run_cli(capsys, "compare", "frontier/12/fifo", "frontier/12/random", "--lang", "en")
    assert code == 0
    assert (
        "The paths part at step 17. Why: step 15: FIFO forgot Home; random eviction drew a random number"
        in out
    )
    lane = run_lane(chapter_site, LaneConfig("frontier", 12, "fifo"), RunConfig())
    for s in lane.steps:
        if s.forgotten_revisit:
            assert (
                f"step {s.step}: back on {chapter_site.page_name(s.page, 'en')}, forgotten at step {s.evicted_at}"
                in out
            )
    code, out, _ = run_cli(capsys, "compare", "frontier/3/fifo", "frontier/3/lru", "--lang", "zh")
    assert "各条路径从头到尾都一样。" in out


def test_regret_json_reproduces_the_issues_figures(capsys):
    code, out, _ = run_cli(capsys, "regret", "frontier/12/fifo", "frontier/12/lru", "--json")
    data = json.loads(out)
    assert code == 0 and (data["runs"], data["seed0"]) == (200, 1000)
    fifo, lru = data["configs"]
    assert fifo.keys() >= {"forgotten_revisits_per_run", "evictions_per_run", "revisits", "reuse_histogram"}
    assert (fifo["forgotten_revisits_per_run"], fifo["revisits"], fifo["reuse_histogram"][12:14]) == (
        9.52,
        2590,
        [591, 482],
    )
    assert (lru["forgotten_revisits_per_run"], lru["revisits"], lru["reuse_histogram"][12:14]) == (
        8.85,
        2574,
        [900, 446],
    )
    assert len(fifo["reuse_histogram"]) == 24


def test_regret_text_and_settings(capsys):
    code, out, _ = run_cli(
        capsys, "regret", "frontier/4/opt", "--runs", "5", "--seed0", "2000", "--budget", "20", "--lang", "zh"
    )
    assert code == 0 and "seed 2000～2004，共 5 次" in out and "frontier/4/opt" in out


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["compare", "frontier/12/fifo"], "give 2 to 4 configs"),
        (["compare", "a/1", "b/2", "c/3", "d/4", "e/5"], "give 2 to 4 configs"),
        (["compare", "frontier/12/fifo", "frontier/x"], "capacity must be a whole number or inf"),
        (["compare", "frontier/12/fifo", "unknown-strategy"], "unknown strategy 'unknown-strategy'"),
        (
            ["compare", "frontier/1/fifo", "frontier/1/unknown-policy"],
            "unknown eviction policy 'unknown-policy'",
        ),
        (
            ["compare", "frontier", "visited", "--seed", "-1"],
            "--seed: must be between 0 and 4294967295, got -1",
        ),
        (["regret", "frontier", "--runs", "0"], "--runs: must be between 1 and 50000, got 0"),
        (["regret", "frontier", "--seed0", "4294967295", "--runs", "2"], "go past"),
        (["regret", "frontier", "--site", "/no/such/file.json"], "file.json"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, word):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("memviz: error: ") and word in err


def test_policy_opt_in_run_batch_and_the_reports_sweep(capsys, chapter_site, tmp_path):
    code, out, _ = run_cli(
        capsys, "run", "--strategy", "frontier", "--capacity", "12", "--policy", "opt", "--lang", "en"
    )
    assert code == 0 and "eviction clairvoyant" in out and "coverage 79.2% (19/24)" in out
    code, out, _ = run_cli(
        capsys,
        "batch",
        "--strategy",
        "frontier",
        "--capacity",
        "12",
        "--policy",
        "opt",
        "--runs",
        "20",
        "--json",
    )
    expected = [
        run(chapter_site, RunConfig(strategy="frontier", capacity=12, policy="opt", seed=s)).coverage
        for s in range(1000, 1020)
    ]
    assert code == 0 and json.loads(out)["current"]["coverage"] == pytest.approx(sum(expected) / 20)
    site = tmp_path / "ring.json"
    assert main(["site", "generate", "--shape", "ring", "--pages", "10", "--out", str(site)]) == 0
    capsys.readouterr()
    code, out, _ = run_cli(capsys, "report", "--site", str(site), "--policy", "opt", "--json")
    sweep = json.loads(out)["sweep"]
    assert code == 0 and all(list(row) == ["fifo", "lru", "random", "opt"] for row in sweep.values())
    assert all(row["opt"] >= row["fifo"] for row in sweep.values())
    code, out, _ = run_cli(capsys, "report", "--site", str(site), "--policy", "opt", "--lang", "en")
    assert "clairvoyant" in out
