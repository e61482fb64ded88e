"""`memviz class summary DIR`: the class model's figures on the command line, zh and en, --json."""

from __future__ import annotations

import json

from memviz.cli import main
from memviz.core.engine import run
from memviz.core.run_config import RunConfig
from tests.models.test_classroom import ADA, BO, VERSIONS, _claim, _folder, _visit


def _class(tmp_path):
    traces = _folder(tmp_path)
    _visit(traces, ADA, [1, 0, 12, 13, 12, 0])
    _claim(traces, ADA, 13, "XSS", "a script ran")
    _claim(traces, ADA, 13, "XSS", "again")
    traces.name(ADA, "Ada")
    _visit(traces, BO, [0, 5, 7, 5, 0])
    _claim(traces, BO, 5, "other", "odd")
    traces.name(BO, "薄")
    return tmp_path


def test_the_summary_as_json_is_the_models(tmp_path, capsys):
    folder = _class(tmp_path)
    assert main(["class", "summary", str(folder), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    ada, bo = out["students"]
    assert (ada["name"], ada["steps"], ada["home_visits"], ada["reports"], ada["duplicate_reports"]) == (
        "Ada", 5, 2, 2, 1
    )  # fmt: skip
    assert (bo["name"], bo["bugs_seen"], bo["reports"], bo["precision"]) == ("薄", 1, 1, 0.0)
    assert out["class"]["bugs_found"] == 1 and out["class"]["precision"] == 2 / 3
    none, visited = out["agents"][ADA]
    assert none["path"] == run(VERSIONS, RunConfig(strategy="random", seed=1000, budget=5)).path
    assert visited["path"] == run(VERSIONS, RunConfig(strategy="visited", seed=1000, budget=5)).path


def test_the_summary_in_chinese_and_english(tmp_path, capsys):
    folder = _class(tmp_path)
    assert main(["class", "summary", str(folder), "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == [
        "学生", "步数", "覆盖率", "重复访问", "回首页", "见到的", "Bug", "报告", "报对的", "Bug", "重复报告", "报告准确率"
    ]  # fmt: skip
    assert "全班 2 人，共 9 步：见到 2 个 Bug，报对 1 个；3 份报告，重复 1 份，准确率 67%" in out
    assert "Ada：5 步里回首页 2 次；同样步数，没有记忆的 Agent" in out
    assert main(["class", "summary", str(folder), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert (
        "The class: 2 students, 9 steps; bugs seen 2, found 1; reports 3, duplicates 1, precision 67%" in out
    )


def test_a_folder_that_is_not_one_is_one_line(tmp_path, capsys):
    assert main(["class", "summary", str(tmp_path / "nope"), "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "不是文件夹" in err
    assert main(["class", "summary", str(tmp_path)]) == 0
    assert "No student traces" in capsys.readouterr().out
