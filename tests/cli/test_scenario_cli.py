"""``memviz scenario NAME``, ``run --interrupt-at``, ``--ttl`` and ``--no-bug-list`` on the command line."""

from __future__ import annotations

import json

import pytest

from memviz.cli.commands import main
from memviz.core.scenarios.catalog import SCENARIOS


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_with_a_time_to_live(capsys):
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--ttl", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["config"]["policy"] == "ttl" and data["config"]["ttl"] == 4
    code, out, err = run_cli(capsys, "run", "--strategy", "frontier", "--ttl", "4", "--policy", "lru")
    assert code == 2 and err.startswith(
        "memviz: error: --ttl: a time to live is policy ttl's, not --policy lru's"
    )
    code, _, err = run_cli(capsys, "run", "--ttl", "0")
    assert code == 2 and "--ttl: must be between 1 and 100000, got 0" in err


def test_batch_without_the_bug_list_keeps_coverage_and_counts_duplicates(capsys):
    code, out, _ = run_cli(capsys, "batch", "--strategy", "visited", "--no-bug-list", "--json")
    data = json.loads(out)
    assert code == 0 and data["config"]["bug_list"] is False
    assert data["current"]["coverage"] == 0.78 and data["current"]["dups"] == pytest.approx(0.415)


def test_run_interrupted_gives_both_sessions(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--interrupt-at", "15", "--persist",
                           "milestone:10", "--memory-dir", str(tmp_path), "--json")  # fmt: skip
    data = json.loads(out)
    assert code == 0 and "path" not in data and len(data["sessions"]) == 2
    assert len(data["sessions"][0]) == 16 and data["sessions"][1][0] == 0 and data["loaded_step"] == 10
    assert json.loads((tmp_path / "progress.json").read_text())["step"] == 10
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--interrupt-at", "15", "--lang", "en")
    assert code == 0 and "session 2 read back from disk: nothing" in out
    code, _, err = run_cli(capsys, "run", "--interrupt-at", "5", "--persist", "sometimes")
    assert code == 2 and "persist: expected none, step or milestone:M" in err


def test_every_scenario_prints_its_figures_in_both_languages(capsys):
    for name in SCENARIOS:
        for lang in ("zh", "en"):
            code, out, err = run_cli(capsys, "scenario", name, "--runs", "20", "--lang", lang)
            assert code == 0 and err == ""
            assert SCENARIOS[name].title(lang) in out and SCENARIOS[name].lesson(lang) in out


def test_scenario_json_figures(capsys):
    _, out, _ = run_cli(capsys, "scenario", "ttl", "--json")
    ttl = json.loads(out)["figures"]["ttl"]
    assert [round(100 * ttl[t]["mean"], 1) for t in ("2", "4", "8", "12", "16")] == [
        51.4,
        56.6,
        65.6,
        73.1,
        79.2,
    ]
    _, out, _ = run_cli(capsys, "scenario", "resume", "--json")
    f = json.loads(out)["figures"]
    assert {m: (round(100 * f[m]["coverage"], 1), round(f[m]["dups"], 2)) for m in ("none", "milestone:10", "step")} == {
        "none": (75.5, 0.73), "milestone:10": (86.8, 0.49), "step": (94.1, 0.0)}  # fmt: skip
    _, out, _ = run_cli(capsys, "scenario", "version", "--json")
    v = json.loads(out)["figures"]
    assert v["keep"]["new_bugs_found"] == 0 and v["invalidate"]["new_bugs_found"] == 2
    assert v["keep"]["stale_entries"] > 0 == v["invalidate"]["stale_entries"]


def test_bad_scenario_input_is_one_line(capsys, tmp_path):
    (tmp_path / "file").write_text("x")
    for argv, message in [
        (("scenario", "nope"), "invalid choice: 'nope'"),
        (("scenario", "version", "--to", "v9"), "version: 'v9' is not a version of this site"),
        (("scenario", "poison", "--believe", "2"), "believe must be a probability 0..1"),
        (("scenario", "resume", "--memory-dir", str(tmp_path / "file")), "memory-dir: cannot use"),
    ]:
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and err.startswith("memviz: error: ") and message in err
        assert err.count("\n") == 1


def test_a_scenarios_strategy_must_use_memory(capsys):
    code, out, err = run_cli(capsys, "scenario", "ttl", "--strategy", "random")
    assert (code, out) == (2, "")
    assert err == "memviz: error: strategy: a scenario's runs need memory: choose from visited, frontier\n"
