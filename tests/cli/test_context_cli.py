"""Issue 38 on the command line: --context W|inf and its settings on run, batch, compare (lanes and the
base), eval and report; bad values one line, exit 2, in both languages."""

from __future__ import annotations

import json

import pytest

from memviz.cli.commands import main
from memviz.core.compare import LaneConfig
from memviz.core.context_report import context_table
from memviz.core.engine import RunConfig, run


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "en", "zh"),
    [
        (["run", "--context", "-1"], "argument --context: must be between 1 and 100000000, got -1",
         "参数 --context：必须在 1 到 100000000 之间，实际为 -1"),
        (["run", "--compaction", "lru"], 'argument --compaction: expected one of truncate, summary, memgpt, got "lru"',
         '参数 --compaction：应为 truncate, summary, memgpt 之一，实际为 "lru"'),
        (["run", "--turn-tokens", "0"], "argument --turn-tokens: must be between 1 and 100000, got 0",
         "参数 --turn-tokens：必须在 1 到 100000 之间，实际为 0"),
        (["batch", "--context", "lots"], 'argument --context: must be a number of tokens or inf, got "lots"',
         '参数 --context：应为 token 数或 inf，实际为 "lots"'),
        (["report", "--context", "0"], "argument --context: must be between 1 and 100000000, got 0",
         "参数 --context：必须在 1 到 100000000 之间，实际为 0"),
        (["run", "--warn-at", "0.9", "--flush-at", "0.8"], "warn-at: must not be above flush-at (0.8), got 0.9",
         "warn-at：不能高于 flush-at（0.8），实际为 0.9"),
        (["compare", "frontier/12/fifo?compaction=lru", "random"],
         'compaction: expected one of truncate, summary, memgpt, got "lru"',
         '应为 truncate, summary, memgpt 之一，实际为 "lru"'),
    ],
)  # fmt: skip
def test_bad_context_values_are_one_line_and_exit_2_in_both_languages(capsys, argv, en, zh):
    code, out, err = run_cli(capsys, *argv, "--lang", "en")
    assert code == 2 and out == "" and err.count("\n") == 1 and en in err, err
    code, out, err = run_cli(capsys, *argv, "--lang", "zh")
    assert code == 2 and out == "" and err.count("\n") == 1 and zh in err and "memviz：错误：" in err, err


def test_run_with_a_context_is_the_engines_run_and_says_what_compaction_did(capsys, chapter_site):
    code, out, _ = run_cli(capsys, "run", "--strategy", "session", "--context", "12000", "--compaction",
                           "summary", "--json")  # fmt: skip
    data = json.loads(out)
    expected = run(chapter_site, RunConfig(strategy="session", context=12_000, compaction="summary"))
    assert code == 0 and (data["tokens"], data["path"]) == (expected.tokens, expected.path)
    assert data["config"]["context"] == 12_000 and data["config"]["compaction"] == "summary"
    code, out, _ = run_cli(capsys, "run", "--strategy", "session", "--context", "inf", "--json")
    data = json.loads(out)  # strict JSON: the unlimited window is written "inf"
    assert data["config"]["context"] == "inf" and data["tokens"] == 322_500
    code, out, _ = run_cli(capsys, "run", "--strategy", "session", "--context", "12000", "--lang", "en")
    line = next(line for line in out.splitlines() if line.startswith("context:"))
    assert "context 12,000 tokens · truncate; 12 compactions" in line


def test_a_compare_lane_takes_the_context_after_its_question_mark(capsys, chapter_site):
    lane = LaneConfig.parse("frontier/12/fifo?context=12000&compaction=summary")
    assert lane.run_config(RunConfig()) == RunConfig(
        strategy="frontier", capacity=12, context=12_000, compaction="summary"
    )
    assert LaneConfig.parse(lane.text()) == lane
    assert LaneConfig.parse("session?context=inf").text() == "session?context=inf"
    code, out, _ = run_cli(capsys, "compare", "session?context=12000&compaction=summary",
                           "session?context=16000&compaction=summary", "--lang", "en")  # fmt: skip
    assert code == 0
    assert ("Why: step 19: lane 1 (context 12,000 · summary) the first 10 turns became a summary "
            "(8 page names kept); lane 2 (context 16,000 · summary) compacted nothing") in out  # fmt: skip
    code, out, _ = run_cli(capsys, "compare", "session", "random", "--context", "12000", "--json")
    lanes = json.loads(out)["lanes"]
    assert lanes[0]["path"] == run(chapter_site, RunConfig(strategy="session", context=12_000)).path


def test_report_context_prints_the_modes_the_core_computes(capsys, chapter_site):
    code, out, _ = run_cli(capsys, "report", "--context", "12000", "--json")
    data = json.loads(out)
    rows = context_table(chapter_site, 12_000)
    assert code == 0 and data["window"] == 12_000
    assert data["rows"] == [r.to_dict() for r in rows]
    by = {(r["strategy"], r["compaction"], r["context"]): r for r in data["rows"]}
    # the two ends: frontier's injected memory (the chapter's 105,359) and the whole history kept
    assert round(by["frontier", None, None]["tokens"]) == 105_359
    assert by["session", None, "inf"]["tokens"] == 322_500.0
    assert by["session", None, "inf"]["coverage"] == by["frontier", None, None]["coverage"]
    code, out, _ = run_cli(capsys, "report", "--context", "12000", "--lang", "zh")
    assert out.splitlines()[0] == "会话上下文：上下文 12,000 token（seed 1000–1199，200 次运行，每次 30 步）"


def test_eval_takes_the_context_for_every_config(capsys):
    from memviz.core.evaluation import evaluate, load_tasks

    code, out, _ = run_cli(
        capsys, "eval", "random", "session", "--context", "12000", "--repeats", "1", "--json"
    )
    assert code == 0
    configs = {
        "a": RunConfig(strategy="random", context=12_000),
        "b": RunConfig(strategy="session", context=12_000),
    }
    expected = evaluate(load_tasks(None), configs, 1).paired("coverage").mean_diff
    assert json.loads(out)["mean_diff"] == expected


def test_session_without_a_context_says_it_knows_nothing(capsys):
    code, out, _ = run_cli(capsys, "run", "--strategy", "session", "--lang", "en")
    assert code == 0 and "context off: it knows nothing and walks as no memory does (give --context W)" in out
    code, out, _ = run_cli(capsys, "run", "--strategy", "session", "--lang", "zh")
    assert "上下文关闭：它什么也不知道" in out
