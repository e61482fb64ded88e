"""The values options take (issue 36, issue 43): numbers in ASCII digits only, read modes as
documented, a path that is a folder or empty refused as a file, seed ranges from one table, one
parser per kind of value, and --policy told apart from its default."""

from __future__ import annotations

import argparse
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.cli import commands, parser, scenario
from memviz.core.limits import LIMITS, check_seeds, decimal_number, whole_number
from memviz.core.run_config import RunConfig
from memviz.options import chance, in_path, limited, out_file, parse_size, read_mode, setting_args


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = commands.main(["--lang", "en", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("text", ["٣", "١٢", "٨", "1_000", " 5", "5 ", "+3", "0x10", "", "5\n", "1.0", "１"])
def test_a_whole_number_is_ascii_digits_only(text):
    with pytest.raises(ValueError, match="must be a whole number"):
        whole_number(text)
    with pytest.raises(argparse.ArgumentTypeError):
        limited("budget")(text)


@given(st.integers(-(10**40), 10**40))
def test_every_whole_number_written_in_ascii_reads_back(n):
    assert whole_number(str(n)) == n


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e999", "٠.٥", "0_5", " .5", "1,5", ""])
def test_a_decimal_is_finite_and_ascii(text):
    with pytest.raises(ValueError, match="must be a number"):
        decimal_number(text)


@pytest.mark.parametrize(
    ("text", "value"), [("0.25", 0.25), (".5", 0.5), ("1e-3", 0.001), ("2", 2.0), ("-1", -1.0)]
)
def test_a_decimal_in_ascii_is_read(text, value):
    assert decimal_number(text) == value


def test_a_size_takes_x_in_either_case_and_ascii_digits():
    assert parse_size("1920X1080") == parse_size("1920×1080") == parse_size("1920x1080") == (1920, 1080)
    with pytest.raises(argparse.ArgumentTypeError, match="must look like"):
        parse_size("١٩٢٠x1080")


@pytest.mark.parametrize("text", ["TOP:8", "top:٨", "All", "all ", " top:8", "top:0", "top:+8"])
def test_read_modes_are_lowercase_ascii_as_documented(text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected all or top:K"):
        read_mode(text)
    assert read_mode("top:8") == 8 and read_mode("all") is None


def test_a_chance_names_its_problem_once():
    with pytest.raises(argparse.ArgumentTypeError) as info:
        chance("ignore")("٠.٥")
    assert str(info.value) == "must be a chance from 0 to 1, got '٠.٥'"


@pytest.mark.parametrize("text", ["t/", "a/b/", "/", ".", "..", "t/.", "x/.."])
def test_a_path_written_as_a_folder_is_not_an_output_file(text):
    with pytest.raises(argparse.ArgumentTypeError, match="is a folder, not a file"):
        out_file(text)


@pytest.mark.parametrize("parse", [in_path, out_file])
def test_an_empty_path_is_refused(parse):
    with pytest.raises(argparse.ArgumentTypeError, match="expected a path"):
        parse("")


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--read", "top:٨"],
        ["run", "--read", "TOP:8"],
        ["run", "--seed", "٣"],
        ["compare", "frontier", "random", "--seed", "٣"],
        ["regret", "frontier", "--seed0", "1_0"],
        ["scenario", "ttl", "--runs", "١٠"],
        ["site", "generate", "--shape", "ring", "--pages", "5", "--out", "t/"],
        ["snapshot", "--out", ""],
        ["run", "--site", ""],
        ["serve", "--trace-dir", ""],
        ["trace", "stats", ""],
        ["run", "--trace", "t/"],
        ["serve", "--port", "٨٠٠٠"],
        ["agent", "--endpoint", "http://127.0.0.1:1/v1", "--model", "m", "--budget", "٣"],
        ["agent", "--endpoint", "http://127.0.0.1:1/v1", "--model", "m", "--temperature", "nan"],
        ["crawl", "http://127.0.0.1:1/", "--timeout", "٣"],
        ["eval", "frontier", "visited", "--delta", "٠.١"],
        ["scenario", "poison", "--believe", "٠.٥"],
        ["compare", "frontier/١٢/fifo", "random"],
    ],
)
def test_the_command_line_refuses_them_in_one_line(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, *argv)
    assert (code, out, err.count("\n")) == (2, "", 1), err
    assert list(tmp_path.iterdir()) == []  # no file named `t`, nothing served into the working folder


# -- seeds: one table ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["batch", "--seed0", "0", "--runs", "2", "--budget", "3", "--json"],
        ["regret", "frontier", "--seed0", "0", "--runs", "2", "--budget", "3", "--json"],
        ["scenario", "ttl", "--seed0", "0", "--runs", "2", "--json"],
    ],
)
def test_seed0_0_is_a_seed_for_every_command(capsys, argv):
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0 and json.loads(out)


@pytest.mark.parametrize(
    "argv",
    [
        ["batch", "--seed0", "4294967295", "--runs", "2"],
        ["regret", "frontier", "--seed0", "4294967295", "--runs", "2"],
        ["scenario", "ttl", "--seed0", "4294967295", "--runs", "2"],
    ],
)
def test_seeds_past_the_last_are_refused_alike(capsys, argv):
    code, _, err = run_cli(capsys, *argv)
    assert (code, err) == (2, "memviz: error: seed0: seeds 4294967295..4294967296 go past 4294967295\n")


@given(st.integers(-5, 2**32 + 5), st.integers(1, 5000))
def test_check_seeds_is_the_table_of_seeds(seed0, runs):
    low, high = LIMITS["seed"].low, LIMITS["seed"].high
    fits = low <= seed0 and seed0 + runs - 1 <= high
    try:
        check_seeds(seed0, runs, ValueError)
    except ValueError:
        assert not fits
    else:
        assert fits


# -- --policy and --ttl ------------------------------------------------------------------------------


def namespace(**given) -> argparse.Namespace:
    return argparse.Namespace(**{"policy": None, "ttl": None, "bug_list": None, **given})


@pytest.mark.parametrize(
    ("given", "fields"),
    [
        ({}, {"bug_list": None}),
        ({"ttl": 4}, {"bug_list": None, "policy": "ttl", "ttl": 4}),
        ({"policy": "ttl", "ttl": 4}, {"bug_list": None, "policy": "ttl", "ttl": 4}),
        ({"policy": "lru"}, {"bug_list": None, "policy": "lru"}),
        ({"policy": "fifo"}, {"bug_list": None, "policy": "fifo"}),
    ],
)
def test_switch_values_reads_args_and_leaves_them_as_they_were(given, fields):
    args = namespace(**given)
    before = vars(args).copy()
    assert scenario.switch_values(args) == fields
    assert vars(args) == before


@pytest.mark.parametrize("policy", ["fifo", "lru", "random"])
def test_an_explicit_policy_with_a_ttl_is_one_line(capsys, policy):
    code, out, err = run_cli(capsys, "run", "--policy", policy, "--ttl", "4")
    assert (code, out) == (2, "")
    assert err == (
        f"memviz: error: --ttl: a time to live is policy ttl's, not --policy {policy}'s "
        "(drop --policy, or give --policy ttl)\n"
    )
    code, _, err = run_cli(capsys, "--lang", "zh", "run", "--policy", policy, "--ttl", "4")
    assert (code, err) == (
        2,
        f"memviz：错误：--ttl：存活时间只属于 ttl 策略（限时遗忘），不属于 --policy {policy}（去掉 --policy，或写 --policy ttl）\n",
    )


def test_a_ttl_alone_still_means_policy_ttl(capsys):
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--ttl", "4", "--json")
    assert code == 0 and (json.loads(out)["config"]["policy"], json.loads(out)["config"]["ttl"]) == ("ttl", 4)
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--json")
    assert json.loads(out)["config"]["policy"] == "fifo"  # no --policy: the default, as before


# -- a config back to its options (the window's Record dialog) ---------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    policy=st.sampled_from(["fifo", "lru", "ttl"]),
    ttl=st.one_of(st.none(), st.integers(1, 100_000)),
    bug_list=st.sampled_from([None, False]),
    ignore=st.sampled_from([0.0, 0.25, 1e-05, 1.0]),
    skip_write=st.sampled_from([0.0, 0.5]),
    read_top=st.one_of(st.none(), st.integers(1, 99)),
    context=st.sampled_from([None, 12000, math.inf]),
    compaction=st.sampled_from(["truncate", "summary", "memgpt"]),
)
def test_setting_args_make_the_same_run_config(
    policy, ttl, bug_list, ignore, skip_write, read_top, context, compaction
):
    config = RunConfig(strategy="frontier", capacity=5, policy=policy, ttl=ttl if policy == "ttl" else None,
                       bug_list=bug_list, ignore=ignore, skip_write=skip_write, read_top=read_top,
                       context=context, compaction=compaction)  # fmt: skip
    argv = ["run", "--strategy", "frontier", "--capacity", "5", "--policy", policy, *setting_args(config)]
    assert parser.config_of(parser.build_parser().parse_args(argv)) == config
