"""Pairing real runs: `trace import --task --label` and `trace label FILES --task --label [--force]`
set the header's task and label, checked before anything is written, each file replaced whole with
every other byte kept; an existing different value needs --force; mistakes are one line, status 2."""

from __future__ import annotations

import json
import os

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig
from memviz.core.site import load_site
from memviz.core.trace import read_trace, trace_text
from memviz.core.trace_run import run_trace
from tests.core.test_trace_import import PATH, _write, har_log

SITE = load_site()


def _traces(tmp_path, n=3):
    paths = []
    for seed in range(n):
        _result, trace = run_trace(SITE, RunConfig(strategy="frontier", capacity=4, seed=seed, budget=9))
        path = tmp_path / f"run-{seed}.jsonl"
        path.write_text(trace_text(trace), encoding="utf-8")
        paths.append(path)
    return paths


def _header(path):
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


def test_label_sets_task_and_label_and_keeps_every_other_byte(tmp_path, capsys):
    paths = _traces(tmp_path)
    header = _header(paths[0]) | {"extra": {"kept": [1, 2]}}  # a field this reader does not know
    lines = paths[0].read_text(encoding="utf-8").splitlines(keepends=True)
    paths[0].write_text(json.dumps(header) + "\n" + "".join(lines[1:]), encoding="utf-8")
    before = [p.read_text(encoding="utf-8").splitlines(keepends=True) for p in paths]
    assert main(["trace", "label", *map(str, paths), "--task", "checkout", "--label", "memory-4"]) == 0
    assert capsys.readouterr().out.split() == [str(p) for p in paths]
    for path, old in zip(paths, before, strict=True):
        new = path.read_text(encoding="utf-8").splitlines(keepends=True)
        assert new[1:] == old[1:]
        assert json.loads(new[0]) == json.loads(old[0]) | {"task": "checkout", "label": "memory-4"}
        trace = read_trace(path)
        assert (trace.header.task, trace.header.label) == ("checkout", "memory-4")
    assert _header(paths[0])["extra"] == {"kept": [1, 2]}
    # the same values again: nothing to overwrite, no --force needed; one field alone leaves the other
    assert main(["trace", "label", str(paths[1]), "--task", "checkout"]) == 0
    assert main(["trace", "label", str(paths[1]), "--label", "other", "--force"]) == 0
    assert (_header(paths[1])["task"], _header(paths[1])["label"]) == ("checkout", "other")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_label_refuses_to_overwrite_without_force_and_writes_nothing(tmp_path, capsys, lang):
    paths = _traces(tmp_path)
    assert main(["trace", "label", str(paths[2]), "--task", "t1"]) == 0
    capsys.readouterr()
    before = [p.read_bytes() for p in paths]
    stats = [os.stat(p).st_mtime_ns for p in paths]
    code = main(["trace", "label", *map(str, paths), "--task", "t2", "--lang", lang])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--force" in err and str(paths[2]) in err
    assert ("已经是" in err) == (lang == "zh")
    assert [p.read_bytes() for p in paths] == before and [os.stat(p).st_mtime_ns for p in paths] == stats
    assert main(["trace", "label", *map(str, paths), "--task", "t2", "--force"]) == 0
    assert {read_trace(p).header.task for p in paths} == {"t2"}
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".memviz-")]  # no temporary left


def test_label_mistakes_are_one_line_and_touch_no_file(tmp_path, capsys):
    good, *_ = _traces(tmp_path, 1)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"format": "memviz-trace/1", "agent": "x", "start_url": "u"}\n{"step": 1}\n', encoding="utf-8"
    )
    before = good.read_bytes()
    for argv, said in (
        (["trace", "label", str(good)], "--task ID or --label NAME"),
        (["trace", "label", str(good), str(bad), "--task", "t"], "line 2: step"),
        (["trace", "label", str(good), "--label", " "], "--label: expected a non-empty text"),
        (["trace", "label", str(tmp_path / "none.jsonl"), "--task", "t"], "not found"),
    ):
        code = main(argv)
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and said in err, (argv, err)
    assert good.read_bytes() == before


def test_import_sets_task_and_label(tmp_path, capsys):
    log = _write(tmp_path, "h.har", har_log(PATH))
    out = tmp_path / "t.jsonl"
    argv = [
        "trace",
        "import",
        str(log),
        "--from",
        "har",
        "--out",
        str(out),
        "--task",
        "v1/0",
        "--label",
        "bu-4",
    ]
    assert main(argv) == 0
    trace = read_trace(out)
    assert (trace.header.task, trace.header.label, trace.header.agent) == ("v1/0", "bu-4", "har")
    assert trace.path == PATH
    code = main([*argv[:-2], "--label", "", "--force"])
    assert code == 2 and "--label" in capsys.readouterr().err
