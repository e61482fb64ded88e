"""The evaluation loop of docs/agent.md: two memory settings on one task set, then `memviz eval
--traces` pairs them by task and label; its figures are recomputed from the frontier rule."""

from __future__ import annotations

import json

from memviz.cli.commands import main
from tests.agent.endpoint import Endpoint
from tests.agent.test_agent_runs import SITE, predicted_path


def test_two_labelled_sets_evaluate_by_task(tmp_path, capsys):
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps({
        "format": "memviz-tasks/1", "name": "two starts", "site": "conduit24-versions",
        "tasks": [{"id": "v1/0", "version": "v1", "start": 0}, {"id": "v1/10", "version": "v1", "start": 10}],
    }))  # fmt: skip
    served = Endpoint()
    try:
        for memory in ("none", "frontier"):
            argv = ["agent", "--endpoint", served.url, "--model", "m", "--memory", memory, "--tasks", str(tasks),
                    "--runs", "2", "--budget", "6", "--trace-dir", str(tmp_path / "traces"), "--json"]  # fmt: skip
            assert main(argv) == 0
    finally:
        served.stop()
    capsys.readouterr()
    names = sorted(p.name for p in (tmp_path / "traces").iterdir())
    assert names == [
        f"agent-{m}__v1-{s}__{k}.jsonl" for m in ("frontier", "none") for s in (0, 10) for k in (1, 2)
    ]
    argv = [
        "eval",
        "--traces",
        str(tmp_path / "traces"),
        "--baseline",
        "agent-none",
        "--treatment",
        "agent-frontier",
        "--json",
    ]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    coverage = {
        (memory, start): len(set(predicted_path(SITE, 6, memory=memory, start=start))) / SITE.n_pages
        for memory in (False, True)
        for start in (0, 10)
    }
    expected = sum(coverage[(True, s)] - coverage[(False, s)] for s in (0, 10)) / 2
    assert result["tasks"] == 2 and not result["missing"]
    assert all((row["runs_a"], row["runs_b"]) == (2, 2) for row in result["per_task"])  # every run used
    for row in result["per_task"]:
        start = int(row["task"].split("/")[1])
        assert row["a"] == coverage[(False, start)] and row["b"] == coverage[(True, start)]
    assert abs(result["mean_diff"] - expected) < 1e-12
