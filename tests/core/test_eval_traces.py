"""``memviz eval --traces`` (issue 26): recorded runs, grouped by task and config, give the same
evaluation as the simulated runs they record; tasks with one side only are listed, never dropped
silently."""

from __future__ import annotations

import json

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig
from memviz.core.evaluation import builtin_tasks, evaluate, load_tasks
from memviz.core.evaluation.report import eval_dict, traces_dict
from memviz.core.evaluation.traces import evaluate_traces, read_traces
from memviz.core.trace import trace_text
from memviz.core.trace_run import run_trace
from memviz.wording.evaluation import METRIC_NAMES

CONFIGS = {"random": RunConfig(), "frontier/12": RunConfig(strategy="frontier", capacity=12)}


def write_traces(folder, task_set, repeats, seed0=1000, with_task=True, skip=()):
    """A trace per run of every task and config, as ``memviz run --trace`` writes them."""
    folder.mkdir(exist_ok=True)
    for i, task in enumerate(task_set.tasks):
        site = task_set.site_of(task)
        for label, config in CONFIGS.items():
            if (task.id, label) in skip:
                continue
            for r in range(repeats):
                seed = seed0 + i * repeats + r
                _result, trace = run_trace(site, config.with_(seed=seed, start=task.start),
                                           task=task.id if with_task else None)  # fmt: skip
                name = f"{label.replace('/', '-')}-{task.id.replace('/', '-')}-{r}.jsonl"
                (folder / name).write_text(trace_text(trace), encoding="utf-8")
    return folder


def task_file(tmp_path, tasks):
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps({"format": "memviz-tasks/1", "name": "t", "site": "conduit24-versions",
                                "tasks": tasks}))  # fmt: skip
    return load_tasks(path)


@pytest.mark.parametrize("metric", list(METRIC_NAMES))
def test_traces_of_runs_give_the_runs_evaluation(tmp_path, metric):
    # three built-in tasks and one started on a bug page (reported at step 0, in the run and its trace)
    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0},
                                    {"id": "v2/14", "version": "v2", "start": 14},
                                    {"id": "v1/bug", "version": "v1", "start": 13},
                                    {"id": "v2/22", "version": "v2", "start": 22}])  # fmt: skip
    folder = write_traces(tmp_path / "traces", task_set, 3)
    runs = evaluate(task_set, {"a": CONFIGS["random"], "b": CONFIGS["frontier/12"]}, 3, 1000)
    traces = evaluate_traces(read_traces(folder), "random", "frontier/12/fifo")
    want = eval_dict(runs, runs.paired(metric), metric)
    got = traces_dict(traces, traces.paired(metric), metric)
    assert got.pop("missing") == [] and got.pop("left_out_runs") == 0
    assert [row["task"] for row in got["per_task"]] == ["v1/0", "v1/bug", "v2/14", "v2/22"]  # natural order
    order = [want["per_task"][k] for k in (0, 2, 1, 3)]
    assert got["per_task"] == order and got["mean_diff"] == pytest.approx(want["mean_diff"], abs=1e-12)
    assert got["se_task"] == pytest.approx(want["se_task"]) and got["sd2_at"] == pytest.approx(want["sd2_at"])


def test_the_builtin_tasks_from_traces_without_a_task_are_found_by_version_and_start_page(tmp_path, capsys):
    """memviz crawl writes no task: a trace is then the task VERSION/PAGE of where it started."""
    task_set = builtin_tasks()
    folder = write_traces(tmp_path / "traces", task_set, 2, with_task=False)
    code = main(
        ["eval", "--traces", str(folder), "--baseline", "random", "--treatment", "frontier/12", "--json"]
    )
    got = json.loads(capsys.readouterr().out)
    runs = evaluate(task_set, {"a": CONFIGS["random"], "b": CONFIGS["frontier/12"]}, 2, 1000)
    want = eval_dict(runs, runs.paired("coverage"), "coverage")
    assert code == 0 and got.pop("missing") == [] and got.pop("left_out_runs") == 0
    assert got == want


def test_tasks_with_one_side_are_listed_and_left_out(tmp_path, capsys):
    task_set = task_file(tmp_path, [{"id": f"v1/{p}", "version": "v1", "start": p} for p in (0, 1, 2)])
    folder = write_traces(tmp_path / "traces", task_set, 2, skip={("v1/1", "frontier/12")})
    evaluation = evaluate_traces(read_traces(folder), "random", "frontier/12")
    assert evaluation.tasks == ("v1/0", "v1/2") and evaluation.missing == {"v1/1": "a"}
    code = main(
        [
            "eval",
            "--traces",
            str(folder),
            "--baseline",
            "random",
            "--treatment",
            "frontier/12",
            "--lang",
            "en",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "Tasks with runs on one side only, left out:" in out and "v1/1: baseline only" in out
    # a run without a pair is left out and counted
    (folder / "random-v1-0-9.jsonl").write_text((folder / "random-v1-0-0.jsonl").read_text())
    assert evaluate_traces(read_traces(folder), "random", "frontier/12").left_out == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--traces", "{dir}", "--baseline", "random"],
            "give --traces DIR with --baseline LABEL and --treatment",
        ),
        (
            ["--traces", "{dir}", "--baseline", "random", "--treatment", "visited"],
            "no run labelled 'visited'",
        ),
        (["--traces", "{dir}", "--baseline", "random", "--treatment", "random"], "name the same runs"),
        (
            ["random", "--traces", "{dir}", "--baseline", "random", "--treatment", "x"],
            "the runs are the traces",
        ),
        (["--traces", "{dir}/nowhere", "--baseline", "a", "--treatment", "b"], "not a folder"),
    ],
)
def test_bad_trace_settings_are_one_line_and_status_2(tmp_path, capsys, argv, message):
    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0}])
    folder = write_traces(tmp_path / "traces", task_set, 1)
    code = main(["eval", *(a.replace("{dir}", str(folder)) for a in argv)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
