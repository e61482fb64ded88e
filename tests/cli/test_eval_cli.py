"""``memviz eval`` on the command line (issue 26): the --json shape, text in both languages, errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy import stats as reference

from memviz.cli import main
from memviz.core.evaluation.stats import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED
from memviz.core.resources import resource_path
from tests.core import oracle_eval

KEYS = {
    "metric", "tasks", "repeats", "runs", "per_task", "mean_diff", "se_task", "df", "ci_task", "mean_flat",
    "se_flat", "ci_flat", "deft", "deff", "bootstrap_ci", "permutation_p", "permutation_exact", "delta",
    "delta_default", "variance", "omega2", "within", "tasks_needed", "sd2_at", "tasks_needed_at", "bugs",
}  # fmt: skip


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def builtin_doc_and_tasks():
    doc = json.loads(resource_path("sites", "conduit24-versions.json").read_text(encoding="utf-8"))
    clean = [0, 1, 2, 3, 5, 6, 8, 10, 11, 14, 16, 17, 18, 19, 20, 22]  # no bug in v1 nor v2
    tasks = [{"id": f"{v}/{p}", "version": v, "start": p} for v in ("v1", "v2") for p in clean]
    return doc, tasks


def test_json_is_the_issues_shape_and_its_figures_the_plain_readings(capsys):
    code, out, err = run_cli(capsys, "eval", "random", "frontier/12/fifo", "--repeats", "3", "--metric",
                             "bug_recall", "--delta", "0.05", "--json")  # fmt: skip
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data.keys() == KEYS and data["sd2_at"].keys() == {"1", "3", "10"}
    assert (data["metric"], data["tasks"], data["repeats"]) == ("bug_recall", 32, 3)
    doc, tasks = builtin_doc_and_tasks()
    boot = np.random.default_rng(BOOTSTRAP_SEED).integers(0, 32, size=(BOOTSTRAP_RESAMPLES, 32)).tolist()
    want = oracle_eval.evaluation(doc, tasks, {"strategy": "random"},
                                  {"strategy": "frontier", "capacity": 12, "policy": "fifo"}, 3, 1000,
                                  "bug_recall", 0.05, boot, reference.t.ppf)  # fmt: skip
    assert [row["task"] for row in data["per_task"]] == [t["id"] for t in tasks]
    for key in ("a", "b", "diff"):
        assert [row[key] for row in data["per_task"]] == pytest.approx(want[key], rel=1e-9, abs=1e-12)
    for key in ("mean_diff", "se_task", "se_flat", "deft", "deff", "variance"):
        assert data[key] == pytest.approx(want[key], rel=1e-9), key
    for key in ("ci_task", "ci_flat", "bootstrap_ci"):
        assert data[key] == pytest.approx(want[key], rel=1e-9), key
    assert data["tasks_needed"] == want["tasks_needed"] and data["df"] == 31
    assert data["tasks_needed_at"] == {str(k): v for k, v in want["tasks_needed_at"].items()}
    assert (data["delta"], data["delta_default"], data["runs"]) == (0.05, False, {"a": 96, "b": 96})
    assert [data["sd2_at"][k] for k in ("1", "3", "10")] == pytest.approx(
        [want["sd2_at"][k] for k in (1, 3, 10)]
    )


def test_until_all_bugs_says_which_runs_were_censored(capsys):
    code, out, _ = run_cli(capsys, "eval", "random", "frontier", "--repeats", "2", "--until-all-bugs",
                           "--metric", "steps", "--json")  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data.keys() == KEYS | {"censored"}
    assert data["censored"]["a"] == sum(row["censored_a"] for row in data["per_task"])
    assert all(row["censored_b"] == 0 for row in data["per_task"])  # frontier finds every bug in 5,000 steps


def test_simulated_runs_have_the_per_bug_table_of_the_evaluate_tab(capsys):
    """Per bug, over the tasks whose version has it: a side found it when at least half its runs
    reported it; both / A only / B only / neither and the exact McNemar p (a binomial test of the
    discordant tasks at 1/2), read plainly from runs walked by the oracle."""
    code, out, _ = run_cli(capsys, "eval", "random", "frontier/12/fifo", "--repeats", "3", "--json")
    assert code == 0
    doc, tasks = builtin_doc_and_tasks()
    rows = []
    for page in sorted(set().union(*(oracle_eval.version_bugs(doc, t["version"]) for t in tasks))):
        counts = {"both": 0, "a_only": 0, "b_only": 0, "neither": 0}
        on = [(i, t) for i, t in enumerate(tasks) if page in oracle_eval.version_bugs(doc, t["version"])]
        for i, task in on:
            bugs = oracle_eval.version_bugs(doc, task["version"])
            found = {}
            for side, config in (("a", {"strategy": "random"}),
                                 ("b", {"strategy": "frontier", "capacity": 12, "policy": "fifo"})):  # fmt: skip
                runs = [
                    oracle_eval.walk(doc, bugs, task["start"], seed=1000 + i * 3 + r, **config)
                    for r in range(3)
                ]
                found[side] = sum(page in run["found"] for run in runs) * 2 >= 3
            key = {(True, True): "both", (True, False): "a_only", (False, True): "b_only"}.get(
                (found["a"], found["b"]), "neither"
            )
            counts[key] += 1
        discordant = counts["a_only"] + counts["b_only"]
        p = (
            reference.binomtest(min(counts["a_only"], counts["b_only"]), discordant).pvalue
            if discordant
            else 1.0
        )
        rows.append({"page": page, "route": None, "tasks": len(on), **counts, "p_value": p})
    got = json.loads(out)["bugs"]
    assert [{**row, "p_value": 0} for row in got] == [{**row, "p_value": 0} for row in rows]
    assert [row["p_value"] for row in got] == pytest.approx([row["p_value"] for row in rows], rel=1e-9)
    assert any(row["a_only"] + row["b_only"] for row in got)
    code, out, _ = run_cli(capsys, "eval", "random", "frontier/12/fifo", "--repeats", "3", "--lang", "en")
    table = out.split("exact McNemar test):\n", 1)[1].splitlines()
    assert table[0].split()[-2:] == ["McNemar", "p"] and len(table) == 2 + len(rows)
    for line, row in zip(table[2:], rows, strict=True):
        cells = line.split()
        assert cells[:2] == ["page", str(row["page"])]
        assert cells[2:7] == [str(row[k]) for k in ("tasks", "both", "a_only", "b_only", "neither")]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh", ["按任务的 95% 区间（t，自由度 31）", "Kish 的 deft", "deff = deft²", "3.0 个百分点（覆盖率的默认值"]),
     ("en", ["task-level 95% interval (t, 31 df)", "Kish's deft", "deff = deft²", "3.0 points (the default for coverage"])],
)  # fmt: skip
def test_text_in_both_languages(capsys, lang, words):
    code, out, _ = run_cli(capsys, "eval", "random", "visited", "--repeats", "2", "--lang", lang)
    assert code == 0 and "v2/22" in out
    assert all(w in out for w in words), [w for w in words if w not in out]


def test_the_ablation_table(capsys):
    code, out, _ = run_cli(capsys, "eval", "--ablation", "frontier/12", "--repeats", "2", "--json")
    data = json.loads(out)
    assert code == 0 and [row["row"] for row in data["rows"]] == [
        "none",
        "visited_only",
        "bug_list_only",
        "both",
    ]
    assert [row["bug_list"] for row in data["rows"]] == [False, False, True, True]
    assert data["rows"][0]["vs_none"] is None and data["rows"][3]["means"]["dups"] == 0
    code, out, _ = run_cli(capsys, "eval", "--ablation", "--repeats", "2", "--lang", "en")
    assert code == 0 and "bug list only" in out


def test_a_task_file_beside_its_site(capsys, tmp_path):
    site = json.loads(resource_path("sites", "conduit24.json").read_text(encoding="utf-8"))
    (tmp_path / "blog.json").write_text(json.dumps(site), encoding="utf-8")
    tasks = {"format": "memviz-tasks/1", "name": "two", "site": "blog.json",
             "tasks": [{"id": "home", "version": "v1", "start": 0}, {"id": "bug", "version": "v1", "start": 7}]}  # fmt: skip
    (tmp_path / "tasks.json").write_text(json.dumps(tasks), encoding="utf-8")
    code, out, _ = run_cli(
        capsys, "eval", "random", "frontier", "--tasks", str(tmp_path / "tasks.json"), "--json"
    )
    data = json.loads(out)
    assert code == 0 and [row["task"] for row in data["per_task"]] == ["home", "bug"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random"], "give two configs"),
        (["random", "nosuch"], "nosuch"),
        (["--ablation", "random"], "keeps no memory"),
        (["random", "frontier", "--seed0", "4294967290"], "seed0: seeds"),
        (["random", "frontier", "--tasks", "/no/such/file.json"], "task file not found"),
        (["random", "frontier", "--delta", "0"], "delta must be a number above 0"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    code, out, err = run_cli(capsys, "eval", *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_figures_too_few_runs_or_tasks_leave_undefined_are_null(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "eval", "random", "frontier", "--repeats", "1", "--json")
    data = json.loads(out)  # one run a task: no within-task variance, so no sd2_at
    assert code == 0 and data["sd2_at"] == {"1": None, "3": None, "10": None} and data["se_task"] > 0
    one = {
        "format": "memviz-tasks/1",
        "name": "one",
        "site": "conduit24",
        "tasks": [{"id": "home", "start": 0}],
    }
    (tmp_path / "one.json").write_text(json.dumps(one))
    code, out, _ = run_cli(
        capsys, "eval", "random", "frontier", "--tasks", str(tmp_path / "one.json"), "--json"
    )
    data = json.loads(out)  # one task: no spread between tasks
    assert (
        code == 0
        and data["se_task"] is None
        and data["ci_task"] == [None, None]
        and data["tasks_needed"] is None
        and data["deft"] is None
        and data["bootstrap_ci"] == [None, None]
    )
    assert data["se_flat"] > 0 and data["mean_diff"] == data["per_task"][0]["diff"]
    code, out, _ = run_cli(capsys, "eval", "random", "frontier", "--tasks", str(tmp_path / "one.json"),
                           "--lang", "en")  # fmt: skip
    assert "1 task: no interval" in out and "not shown below 10 tasks (1 tasks" not in out
    assert "every run difference is the same" not in out.lower()


@pytest.mark.parametrize(("metric", "default", "words"),
                         [("coverage", 0.03, "3.0 points"), ("dups", 0.5, "0.50 duplicate reports"),
                          ("tokens", 3000.0, "3,000 tokens"), ("steps", 5.0, "5.00 steps")])  # fmt: skip
def test_each_metric_has_its_own_detectable_difference_named_in_the_output(capsys, metric, default, words):
    code, out, _ = run_cli(
        capsys, "eval", "random", "frontier", "--repeats", "2", "--metric", metric, "--json"
    )
    data = json.loads(out)
    assert code == 0 and (data["delta"], data["delta_default"]) == (default, True)
    code, out, _ = run_cli(capsys, "eval", "random", "frontier", "--repeats", "2", "--metric", metric,
                           "--lang", "en")  # fmt: skip
    assert f"Difference to detect: {words} (the default for" in out
