"""Issue 26's "done when": traces from `memviz crawl` against `memviz serve` give the same evaluation
as the simulated runs. A crawl writes no task, and runs are matched by task only (issue 37): each
trace is given the task VERSION/PAGE it started on, as `memviz trace label --task` would."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from memviz.core.engine import RunConfig
from memviz.core.evaluation import evaluate, load_tasks
from memviz.core.evaluation.report import eval_dict, traces_dict
from memviz.core.evaluation.traces import evaluate_traces, read_traces
from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.trace import trace_text
from memviz.web.crawler import crawl
from tests.web.served import Served

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
TASKS = [("v1", 0), ("v1", 14), ("v2", 5), ("v2", 22)]
CONFIGS = {"a": RunConfig(), "b": RunConfig(strategy="frontier", capacity=6, policy="lru")}
REPEATS = 2


@pytest.fixture(scope="module")
def servers():
    served = {"v1": Served(VERSIONS), "v2": Served(VERSIONS.at_version("v2"))}
    yield served
    for server in served.values():
        server.stop()


def test_crawled_traces_give_the_simulated_evaluation(servers, tmp_path):
    tasks_path = tmp_path / "tasks.json"
    tasks_path.write_text(json.dumps({"format": "memviz-tasks/1", "name": "four", "site": "conduit24-versions",
                                      "tasks": [{"id": f"{v}/{p}", "version": v, "start": p} for v, p in TASKS]}))  # fmt: skip
    task_set = load_tasks(tasks_path)
    folder = tmp_path / "traces"
    folder.mkdir()
    for i, (version, page) in enumerate(TASKS):
        site = VERSIONS.at_version(version)
        url = servers[version].url.rstrip("/") + site.url_path(page)  # the task's start page, served
        for arm, config in CONFIGS.items():
            for r in range(REPEATS):
                _result, trace = crawl(url, config.with_(seed=1000 + i * REPEATS + r), site=site)
                trace = replace(trace, header=replace(trace.header, task=f"{version}/{page}"))
                (folder / f"{arm}-{i}-{r}.jsonl").write_text(trace_text(trace), encoding="utf-8")
    traces = evaluate_traces(read_traces(folder), "random", "frontier/6/lru")
    runs = evaluate(task_set, CONFIGS, REPEATS, 1000)
    for metric in ("coverage", "bug_recall", "repeat", "dups", "tokens", "steps"):
        got = traces_dict(traces, traces.paired(metric), metric)
        assert got.pop("missing") == []
        bugs, want = got.pop("bugs"), eval_dict(runs, runs.paired(metric), metric)
        simulated_bugs = want.pop("bugs")
        assert got == want, metric
        # the same per-bug tables; a crawl knows the route its report was filed on, a simulation not
        assert [{**bug, "route": None} for bug in bugs] == simulated_bugs
        assert all(bug["route"] for bug in bugs if bug["neither"] < bug["tasks"])  # found: filed somewhere
