"""Issue 27 on the command line: --ignore, --skip-write, --read and the configs' ?query, in run, batch,
compare and regret; bad values are one line and exit status 2."""

from __future__ import annotations

import json

import pytest

from memviz.cli import main
from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig, run
from memviz.core.registry import ConfigError
from memviz.core.site import load_site
from memviz.presentation.divergence import divergence_reason
from memviz.text.report import report_text
from tests.core.oracle_readmodes import readmodes_run
from tests.core.test_readmodes import _doc


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv,setting",
    [
        (["--ignore", "0.5"], {"ignore": 0.5}),
        (["--skip-write", "0.3", "--capacity", "6"], {"skip_write": 0.3, "capacity": 6}),
        (["--read", "top:8"], {"read_top": 8}),
        (["--read", "all", "--ignore", "1"], {"ignore": 1.0}),
    ],
)
def test_run_takes_the_reading_options(capsys, argv, setting):
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--seed", "1003", *argv, "--json")
    data = json.loads(out)
    assert code == 0
    expected = readmodes_run(_doc(), "frontier", 1003, **setting)
    assert (data["path"], data["tokens"], data["coverage"]) == (
        expected["path"],
        expected["tokens"],
        expected["coverage"],
    )
    assert {k: data["config"][k] for k in setting} == setting


def test_run_text_names_the_misuse(capsys):
    code, out, _ = run_cli(
        capsys, "run", "--strategy", "frontier", "--ignore", "0.25", "--read", "top:8", "--lang", "en"
    )
    assert code == 0 and "ignores memory 25 % · top 8 read" in out.splitlines()[0]
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--ignore", "0.25", "--lang", "zh")
    assert code == 0 and "忽略记忆 25 %" in out.splitlines()[0]


def test_batch_with_misuse_is_the_issues_figure(capsys):
    code, out, _ = run_cli(capsys, "batch", "--strategy", "frontier", "--ignore", "0.25", "--json")
    data = json.loads(out)
    plain = [readmodes_run(_doc(), "frontier", s, ignore=0.25)["coverage"] for s in range(1000, 1200)]
    assert code == 0 and data["current"]["coverage"] == pytest.approx(sum(plain) / 200, abs=5e-5)
    assert round(100 * data["current"]["coverage"], 1) == 82.5


def test_compare_lanes_take_a_query_and_the_options_as_their_base(capsys, chapter_site):
    code, out, _ = run_cli(
        capsys, "compare", "frontier/inf/fifo", "frontier/inf/fifo?read=top:8", "frontier?ignore=0",
        "--ignore", "0.5", "--seed", "1001", "--json",
    )  # fmt: skip
    assert code == 0
    lanes = json.loads(out)["lanes"]
    base = RunConfig(strategy="frontier", seed=1001, ignore=0.5)  # --ignore 0.5 is every lane's base
    expected = [base, base.with_(read_top=8), base.with_(ignore=0.0)]  # ...unless its ? part says otherwise
    assert [lane["path"] for lane in lanes] == [run(chapter_site, c).path for c in expected]
    assert lanes[1]["config"] == {"strategy": "frontier", "capacity": None, "policy": "fifo", "read_top": 8}


def test_regret_takes_a_query(capsys):
    code, out, _ = run_cli(
        capsys, "regret", "frontier/12/fifo?ignore=0.5", "frontier/12/fifo", "--runs", "5", "--json"
    )
    data = json.loads(out)
    assert code == 0
    assert data["configs"][0]["config"]["ignore"] == 0.5 and "ignore" not in data["configs"][1]["config"]


@pytest.mark.parametrize("text", ["frontier/inf/fifo?ignore=0.25&read=top:8", "visited?skip-write=0.1",
                                  "frontier/12/lru?read=all", "random?ignore=1.0"])  # fmt: skip
def test_a_config_with_a_query_reads_back_from_its_text(text):
    config = LaneConfig.parse(text)
    assert LaneConfig.parse(config.text()) == config


@pytest.mark.parametrize(
    "argv,word",
    [
        (["run", "--ignore", "1.5"], "--ignore"),
        (["run", "--skip-write", "nan"], "--skip-write"),
        (["batch", "--read", "top:0"], "--read"),
        (["compare", "frontier?ignore=2", "visited"], "ignore"),
        (["compare", "frontier?colour=red", "visited"], "?ignore=P"),
        (["regret", "frontier?read=top:x"], "read"),
        (["compare", "frontier?ignore=0.1&ignore=0.2", "visited"], "twice"),
    ],
)
def test_bad_reading_input_is_one_line_and_exit_2(capsys, argv, word):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and word in err


def test_a_query_that_is_not_one_is_a_config_error():
    with pytest.raises(ConfigError, match="after '\\?'"):
        LaneConfig.parse("frontier?")


def test_report_takes_the_reading_options_for_every_run(capsys):
    code, out, _ = run_cli(capsys, "report", "--ignore", "0.25", "--json")
    tables = json.loads(out)
    plain = [readmodes_run(_doc(), "frontier", s, ignore=0.25)["coverage"] for s in range(1000, 1200)]
    assert code == 0 and tables["reading"] == {"ignore": 0.25}
    assert tables["strategies"]["frontier"]["coverage"] == pytest.approx(sum(plain) / 200, abs=1e-12)
    assert tables["strategies"]["random"]["coverage"] == 0.4875  # the baseline has no memory to misuse
    assert "Every run's memory: ignores memory 25 %" in report_text(tables, load_site(None), "en")


def test_compare_says_a_lanes_misuse_parted_the_paths(chapter_site):
    from memviz.core.compare import compare_runs

    base = RunConfig(seed=1000)
    lanes = [LaneConfig.parse("frontier/inf/fifo"), LaneConfig.parse("frontier/inf/fifo?ignore=0.5")]
    comparison = compare_runs(chapter_site, lanes, base)
    d = comparison.first_divergence
    cause = comparison.lanes[1].steps[d.cause_step - 1].event
    assert cause.memory_ignored and d.cause_step <= d.step
    if d.cause_step < d.step:  # an ignored step before the parting counts only if the draws parted there
        assert comparison.lanes[0].draws[d.cause_step - 1] != comparison.lanes[1].draws[d.cause_step - 1]
    assert (
        divergence_reason(comparison, "en")
        == f"step {d.cause_step}: lane 2 (ignores memory 50 %): the model ignored its memory: a random click"
    )
    assert (
        divergence_reason(comparison, "zh")
        == f"第 {d.cause_step} 步：第 2 条（忽略记忆 50 %）：模型没看记忆，随手点了一个"
    )
    lanes = [LaneConfig.parse("frontier/inf/fifo"), LaneConfig.parse("frontier/inf/fifo?read=top:4")]
    comparison = compare_runs(chapter_site, lanes, base)
    d = comparison.first_divergence
    assert d.cause_step == d.step and "entries were read" in divergence_reason(comparison, "en")
    assert "条记忆" in divergence_reason(comparison, "zh")
