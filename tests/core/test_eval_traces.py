"""``memviz eval --traces`` (issues 26, 37): recorded runs, matched by task id only, give the same
evaluation as the simulated runs they record; every run is used however many a task has; tasks with
one side only are listed, never dropped silently; a trace without a task is refused."""

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


def write_traces(folder, task_set, repeats, seed0=1000, with_task=True, skip=(), drop=()):
    """A trace per run of every task and config, as ``memviz run --trace`` writes them; ``skip``:
    (task, label) with no runs; ``drop``: (task, label, repeat) runs that crashed (no trace)."""
    folder.mkdir(exist_ok=True)
    for i, task in enumerate(task_set.tasks):
        site = task_set.site_of(task)
        for label, config in CONFIGS.items():
            if (task.id, label) in skip:
                continue
            for r in range(repeats):
                if (task.id, label, r) in drop:
                    continue
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
    assert got.pop("missing") == [] and got.pop("bugs") is not None
    assert [row["task"] for row in got["per_task"]] == ["v1/0", "v1/bug", "v2/14", "v2/22"]  # natural order
    order = [want["per_task"][k] for k in (0, 2, 1, 3)]
    assert got["per_task"] == order and got["mean_diff"] == pytest.approx(want["mean_diff"], abs=1e-12)
    assert got["se_task"] == pytest.approx(want["se_task"]) and got["sd2_at"] == pytest.approx(want["sd2_at"])


def test_a_trace_without_a_task_is_refused_in_one_line(tmp_path, capsys):
    """Runs are matched by task id only (a seed or a file name means nothing for a real run)."""
    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0}])
    folder = write_traces(tmp_path / "traces", task_set, 1, with_task=False)
    code = main(["eval", "--traces", str(folder), "--baseline", "random", "--treatment", "frontier/12"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "has no task" in err and "memviz trace label" in err and "--task ID" in err


def test_every_run_is_used_when_a_task_has_fewer(tmp_path):
    """issue 37: one task at 1 run must not cut every task to 1 run. Three tasks, 3 runs a side; the
    treatment's v1/1 lost two runs: its mean is its one run, the others keep all three."""
    task_set = task_file(tmp_path, [{"id": f"v1/{p}", "version": "v1", "start": p} for p in (0, 1, 2)])
    drop = {("v1/1", "frontier/12", 0), ("v1/1", "frontier/12", 2)}
    folder = write_traces(tmp_path / "traces", task_set, 3, drop=drop)
    traces = evaluate_traces(read_traces(folder), "random", "frontier/12")
    assert traces.run_counts("a") == [3, 3, 3] and traces.run_counts("b") == [3, 1, 3]
    runs = evaluate(task_set, {"a": CONFIGS["random"], "b": CONFIGS["frontier/12"]}, 3, 1000)
    full = runs.values("b", "coverage")
    paired = traces.paired("coverage")
    assert paired.b == pytest.approx((full[0].mean(), full[1][1], full[2].mean()), abs=1e-12)
    assert paired.a == pytest.approx(tuple(runs.values("a", "coverage").mean(axis=1)), abs=1e-12)
    assert (paired.repeats, sum(paired.runs_a) + sum(paired.runs_b)) == (None, 16)


def test_tasks_with_one_side_are_listed_and_left_out(tmp_path, capsys):
    task_set = task_file(tmp_path, [{"id": f"v1/{p}", "version": "v1", "start": p} for p in (0, 1, 2)])
    folder = write_traces(tmp_path / "traces", task_set, 2, skip={("v1/1", "frontier/12")})
    evaluation = evaluate_traces(read_traces(folder), "random", "frontier/12")
    assert evaluation.tasks == ("v1/0", "v1/2") and evaluation.missing == {"v1/1": "a"}
    code = main(["eval", "--traces", str(folder), "--baseline", "random", "--treatment", "frontier/12",
                 "--lang", "en"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "Tasks with runs on one side only, left out:" in out and "v1/1: baseline only" in out
    # a third run of one side is used, not left out
    (folder / "random-v1-0-9.jsonl").write_text((folder / "random-v1-0-0.jsonl").read_text())
    assert evaluate_traces(read_traces(folder), "random", "frontier/12").run_counts("a") == [3, 2]


def test_a_metric_one_side_cannot_know_is_refused_in_one_line(tmp_path, capsys):
    """No tokens in the baseline's traces: unknown, never 0; the evaluation of tokens is refused."""
    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0}])
    folder = write_traces(tmp_path / "traces", task_set, 2)
    for path in folder.glob("random-*.jsonl"):
        lines = path.read_text().splitlines()
        steps = [json.loads(line) | {"tokens_in": None, "tokens_out": None} for line in lines[1:]]
        path.write_text("\n".join([lines[0], *map(json.dumps, steps)]) + "\n")
    argv = ["eval", "--traces", str(folder), "--baseline", "random", "--treatment", "frontier/12"]
    code = main([*argv, "--metric", "tokens"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--baseline 'random' does not give tokens (random-v1-0-0.jsonl has no tokens)" in err
    assert main([*argv, "--metric", "tokens", "--lang", "zh"]) == 2
    assert "random-v1-0-0.jsonl 没有 token" in capsys.readouterr().err
    assert main([*argv, "--metric", "coverage"]) == 0


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


def real_shaped(trace, label: str, task: str) -> str:
    """A trace as ``memviz trace import --task --label`` writes one of a real agent: no memviz config,
    no seed; the agent browser-use, its task and label, its site and version, model tokens in and out."""
    lines = trace_text(trace).splitlines()
    header = json.loads(lines[0]) | {"agent": "browser-use", "config": None, "task": task, "label": label,
                                     "reported_by": "detector"}  # fmt: skip
    steps = [json.loads(line) for line in lines[1:]]
    for step in steps:
        if step["tokens_in"] is not None:
            step["tokens_in"], step["tokens_out"] = step["tokens_in"] - 200, 200
    return "\n".join(json.dumps(x) for x in [header, *steps]) + "\n"


def test_two_labelled_sets_of_real_shaped_traces_evaluate_in_one_command(tmp_path, capsys):
    """issue 37's "done when": two labelled configs of one agent over the same 4 tasks, 2 runs each,
    one run missing; one command; every run used; per bug, the paired table and McNemar's exact p
    (scipy's binomtest)."""
    from scipy import stats as reference

    agents = {"no-memory": RunConfig(), "with-memory": RunConfig(strategy="frontier", capacity=6)}
    tasks = [("login", "v1", 0), ("feed", "v1", 14), ("tags", "v2", 5), ("profile", "v2", 22)]
    folder = tmp_path / "runs"
    folder.mkdir()
    values: dict[str, list[list[float]]] = {agent: [] for agent in agents}
    found: dict[tuple[str, str], list[set[int]]] = {}
    base = builtin_tasks().site
    for i, (task, version, start) in enumerate(tasks):
        site = base.at_version(version)
        for agent, config in agents.items():
            row = []
            for r in range(2):
                if (task, agent, r) == ("tags", "with-memory", 1):
                    continue  # this run crashed: no trace
                result, trace = run_trace(site, config.with_(seed=7000 + 2 * i + r, start=start))
                (folder / f"{agent}-{task}-{r}.jsonl").write_text(
                    real_shaped(trace, agent, task), encoding="utf-8"
                )
                row.append(result.coverage)
                found.setdefault((task, agent), []).append(set(result.path) & set(site.bug_by_page))
            values[agent].append(row)
    code = main(["eval", "--traces", str(folder), "--baseline", "no-memory", "--treatment", "with-memory",
                 "--json"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["missing"] == [] and data["runs"] == {"a": 8, "b": 7}
    order = sorted(range(4), key=lambda k: tasks[k][0])  # feed, login, profile, tags
    assert [row["task"] for row in data["per_task"]] == [tasks[k][0] for k in order]
    assert [(row["runs_a"], row["runs_b"]) for row in data["per_task"]] == [(2, 2), (2, 2), (2, 2), (2, 1)]
    for k, row in zip(order, data["per_task"], strict=True):
        a, b = values["no-memory"][k], values["with-memory"][k]
        assert row["diff"] == pytest.approx(sum(b) / len(b) - sum(a) / len(a), abs=1e-12)
    # per bug: found on a task when at least half of a side's runs found it
    by_page = {table["page"]: table for table in data["bugs"]}
    for page, table in by_page.items():
        cells = {"both": 0, "a_only": 0, "b_only": 0, "neither": 0}
        for task, version, _start in tasks:
            if page not in base.at_version(version).bug_by_page:
                continue
            a, b = (found[(task, agent)] for agent in agents)
            key = (2 * sum(page in f for f in a) >= len(a), 2 * sum(page in f for f in b) >= len(b))
            cells[
                {(True, True): "both", (True, False): "a_only", (False, True): "b_only"}.get(key, "neither")
            ] += 1
        assert {name: table[name] for name in cells} == cells
        discordant = cells["a_only"] + cells["b_only"]
        want = reference.binomtest(cells["a_only"], discordant).pvalue if discordant else 1.0
        assert table["p_value"] == pytest.approx(want, rel=1e-12)
    assert set(by_page) == set(base.bug_by_page) | set(base.at_version("v2").bug_by_page)


def test_reports_a_trace_did_not_record_are_unknown_never_zero(tmp_path, capsys):
    """An import that could not read the reports (reported_by null): bug recall and duplicate reports
    are refused in one line, and there is no per-bug table (null, "—" in words), never zeros."""
    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0}])
    folder = write_traces(tmp_path / "traces", task_set, 2)
    for path in folder.glob("frontier-*.jsonl"):
        lines = path.read_text().splitlines()
        lines[0] = json.dumps(json.loads(lines[0]) | {"reported_by": None})
        path.write_text("\n".join(lines) + "\n")
    argv = ["eval", "--traces", str(folder), "--baseline", "random", "--treatment", "frontier/12"]
    for metric in ("bug_recall", "dups"):
        assert main([*argv, "--metric", metric]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        why = (
            "names no site with bugs or records no reports"
            if metric == "bug_recall"
            else "records no reports"
        )
        assert f"--treatment 'frontier/12' does not give {metric} (frontier-12-v1-0-0.jsonl {why})" in err
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bugs"] is None
    assert main([*argv, "--lang", "en"]) == 0
    assert "Per-bug paired table: none" in capsys.readouterr().out


def test_simulated_runs_give_the_bug_tables_of_their_traces(tmp_path):
    """The Evaluate tab's per-bug table of simulated runs (found: the bug's page visited) is the
    table ``eval --traces`` makes from the traces of the same runs (found: a report filed on it)."""
    from memviz.core.evaluation.bugs import bug_tables, simulated_bug_tables

    task_set = task_file(tmp_path, [{"id": "v1/0", "version": "v1", "start": 0},
                                    {"id": "v1/bug", "version": "v1", "start": 13},
                                    {"id": "v2/14", "version": "v2", "start": 14}])  # fmt: skip
    folder = write_traces(tmp_path / "traces", task_set, 3)
    runs = evaluate(task_set, {"a": CONFIGS["random"], "b": CONFIGS["frontier/12"]}, 3, 1000)
    simulated = simulated_bug_tables(runs)
    recorded = bug_tables(evaluate_traces(read_traces(folder), "random", "frontier/12/fifo"))
    strip = [(b.page, b.tasks, b.both, b.a_only, b.b_only, b.neither, b.p_value) for b in recorded]
    assert [(b.page, b.tasks, b.both, b.a_only, b.b_only, b.neither, b.p_value) for b in simulated] == strip
    assert {b.page for b in simulated} == set(task_set.site_of(task_set.tasks[0]).bug_by_page) | set(
        task_set.site_of(task_set.tasks[2]).bug_by_page
    )
    assert all(b.route is None for b in simulated) and any(b.a_only + b.b_only for b in simulated)
