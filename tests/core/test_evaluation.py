"""Issue 26: task-paired evaluation, held against its own plain reading (tests/core/oracle_eval.py)."""

from __future__ import annotations

import json
import math
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.evaluation import (
    EvalError,
    TaskError,
    ablation,
    ablation_table,
    builtin_tasks,
    evaluate,
    load_tasks,
)
from memviz.core.evaluation.runs import METRICS, ablation_configs
from memviz.core.evaluation.stats import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, task_paired
from memviz.core.evaluation.tasks import tasks_from_dict
from memviz.core.experiments import Runner
from memviz.core.lockstep import run_batch
from memviz.core.site import load_site
from tests.core import oracle_eval
from tests.core.site_documents import site_documents
from tests.hypothesis_budget import examples


@st.composite
def task_files(draw):
    """A site with a second version (some bugs fixed, some new) and 2..5 tasks on it."""
    doc = draw(site_documents(max_pages=9))
    n = len(doc["pages"])
    bugs = [b["page"] for b in doc["bugs"]]
    fixed = draw(st.lists(st.sampled_from(bugs), unique=True)) if bugs else []
    free = [p for p in range(n) if p not in bugs or p in fixed]
    new = draw(st.lists(st.sampled_from(free), unique=True, max_size=3)) if free else []
    new = [p for p in new if p not in fixed]  # a page fixed in v2 gets no new bug in v2
    doc["versions"] = [
        {"name": "v2", "fixed": fixed, "new_bugs": [{"page": p, "en": f"new {p}"} for p in new]}
    ]
    k = draw(st.integers(2, 5))
    tasks = [
        {"id": f"t{i}", "version": draw(st.sampled_from(["v1", "v2"])), "start": draw(st.integers(0, n - 1))}
        for i in range(k)
    ]
    return doc, tasks


configs = st.fixed_dictionaries(
    {
        "strategy": st.sampled_from(["random", "visited", "frontier"]),
        "capacity": st.one_of(st.none(), st.integers(1, 6)),
        "policy": st.sampled_from(["fifo", "lru", "random"]),
        "bug_list": st.sampled_from([None, True, False]),
        "budget": st.integers(1, 25),
        "max_steps": st.integers(0, 150),  # with --until-all-bugs; a bug out of reach costs them all
    }
)


def boot_indices(n: int) -> list[list[int]]:
    """The bootstrap's draws, as the issue defines them (a seeded numpy generator)."""
    return np.random.default_rng(BOOTSTRAP_SEED).integers(0, n, size=(BOOTSTRAP_RESAMPLES, n)).tolist()


def write_task_file(tmp_path, doc, tasks) -> object:
    (tmp_path / "site.json").write_text(json.dumps(doc), encoding="utf-8")
    path = tmp_path / "tasks.json"
    path.write_text(
        json.dumps({"format": "memviz-tasks/1", "name": "t", "site": "site.json", "tasks": tasks})
    )
    return path


@settings(
    max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    file=task_files(),
    a=configs,
    b=configs,
    repeats=st.integers(2, 4),
    seed0=st.integers(0, 10**6),
    metric=st.sampled_from(METRICS),
    delta=st.sampled_from([0.01, 0.03, 0.1, 1.0, 50.0]),
    until=st.booleans(),
)
def test_every_figure_equals_the_plain_reading(tmp_path, file, a, b, repeats, seed0, metric, delta, until):
    from scipy import stats as reference

    doc, tasks = file
    task_set = load_tasks(write_task_file(tmp_path, doc, tasks))
    evaluation = evaluate(task_set, {"a": RunConfig(**a), "b": RunConfig(**b)}, repeats, seed0, until)
    got = evaluation.paired(metric, delta=delta)
    want = oracle_eval.evaluation(
        doc, tasks, a, b, repeats, seed0, metric, delta, boot_indices(len(tasks)), reference.t.ppf, until
    )
    # floats agree to the last few bits (sums in another order); the tolerance follows the metric's size
    scale = max(1.0, *(abs(x) for x in want["a"] + want["b"]))
    approx = {"rel": 1e-9, "abs": 1e-9 * scale, "nan_ok": True}
    for name in ("a", "b", "diff"):
        assert list(getattr(got, name)) == pytest.approx(want[name], **approx)
    assert got.mean_diff == pytest.approx(want["mean_diff"], **approx)
    for name in ("se_task", "se_flat", "mean_flat", "within", "omega2", "variance"):
        assert getattr(got, name) == pytest.approx(want[name], **approx), name
    for name in ("ci_task", "ci_flat", "bootstrap_ci"):
        assert list(getattr(got, name)) == pytest.approx(want[name], **approx), name
    if want["se_flat"] > 1e-9 * scale:
        assert got.deft == pytest.approx(want["deft"], **approx)
    elif want["se_flat"] == 0:
        assert math.isnan(got.deft)
    for kk in (1, 3, 10):
        assert got.sd2_at[kk] == pytest.approx(want["sd2_at"][kk], **approx)
    # tasks_needed is a whole number found against a bound: equal unless the variances straddle one
    if got.tasks_needed is not None and got.variance > 1e-9 * scale**2:
        n = got.tasks_needed
        bound = (reference.t.ppf(0.975, n - 1) + reference.t.ppf(0.8, n - 1)) ** 2 * got.variance / delta**2
        if abs(bound - n) > 1e-6 * n:
            assert got.tasks_needed == want["tasks_needed"]
    censored = [
        oracle_eval.walk(doc, oracle_eval.version_bugs(doc, t["version"]), t["start"], seed=seed0 + i * repeats + r,
                         until_all_bugs=until, **a)["censored"]
        for i, t in enumerate(tasks) for r in range(repeats)
    ]  # fmt: skip
    assert sum(evaluation.censored_counts("a")) == sum(censored)


def test_seeds_pair_within_a_task_and_never_repeat_across_tasks():
    task_set = builtin_tasks()
    evaluation = evaluate(task_set, {"a": RunConfig(), "b": RunConfig(strategy="frontier")}, 3, 500)
    seeds = [s for i in range(len(task_set.tasks)) for s in evaluation.seeds(i)]
    assert seeds == list(range(500, 500 + 3 * 32))
    site, config = evaluation.run_config("b", 4, 2)
    assert (config.seed, config.start, config.strategy, site.version) == (
        500 + 4 * 3 + 2,
        5,
        "frontier",
        "v1",
    )
    assert run(site, config) == evaluation.arms["b"].runs[4][2]


def test_the_builtin_task_set_is_the_blog_in_two_versions_from_its_16_clean_pages():
    task_set = builtin_tasks()
    site = task_set.site
    buggy = set(site.at_version("v1").bug_by_page) | set(site.at_version("v2").bug_by_page)
    clean = [p for p in range(24) if p not in buggy]
    assert len(clean) == 16 and len(task_set.tasks) == 32
    assert [t.id for t in task_set.tasks] == [f"v1/{p}" for p in clean] + [f"v2/{p}" for p in clean]
    assert [(t.version, t.start) for t in task_set.tasks[:2]] == [("v1", 0), ("v1", 1)]


@pytest.mark.parametrize("strategy", ["random", "visited", "frontier"])
def test_task_v1_0_with_200_repeats_is_the_chapters_batch(strategy):
    task_set = builtin_tasks()
    one = tasks_from_dict({"format": "memviz-tasks/1", "name": "v1/0", "site": "conduit24-versions",
                           "tasks": [{"id": "v1/0", "version": "v1", "start": 0}]})  # fmt: skip
    assert one.tasks[0] == task_set.tasks[0]
    runs = evaluate(one, {"b": RunConfig(strategy=strategy)}, 200, 1000).arms["b"].runs[0]
    chapter = run_batch(load_site(), [RunConfig(strategy=strategy, seed=s) for s in range(1000, 1200)])
    assert runs == chapter


def test_a_task_started_on_a_bug_page_reports_it_at_step_0():
    site = load_site()
    config = RunConfig(strategy="frontier", start=7, seed=3)
    result = run(site, config)
    assert result.path[0] == 7 and result.bug_tokens[0] == 0 and result.bugs >= 1
    plain = oracle_eval.walk(json.loads(open_site_text()), {7, 9, 13, 15, 21, 23}, 7, "frontier", 3)
    assert (result.coverage, result.bugs / 6, result.dups, result.tokens) == (
        plain["coverage"], plain["bug_recall"], plain["dups"], plain["tokens"])  # fmt: skip
    # the batch router sends a run with its own start page to the scalar engine
    assert run_batch(site, [config, config.with_(seed=4)]) == [
        run(site, config),
        run(site, config.with_(seed=4)),
    ]


def open_site_text() -> str:
    from memviz.core.resources import default_site_path

    return default_site_path().read_text(encoding="utf-8")


def test_a_start_page_out_of_range_is_refused_in_one_line():
    from memviz.core.registry import ConfigError

    with pytest.raises(ConfigError, match=r"start: page 24 is out of range 0\.\.23"):
        run(load_site(), RunConfig(start=24))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "x"}, "format: expected"),
        ({"tasks": []}, "tasks: expected a non-empty list"),
        (
            {"tasks": [{"id": "a", "version": "v9", "start": 0}]},
            r"tasks\[0\].version: expected one of v1, v2",
        ),
        ({"tasks": [{"id": "a", "start": 99}]}, r"tasks\[0\].start: page 99 is out of range 0..23"),
        ({"tasks": [{"id": "a"}, {"id": "a"}]}, r"tasks\[1\].id: id 'a' appears twice"),
        ({"site": "nowhere.json"}, "site: site file not found"),
    ],
)
def test_a_bad_task_file_is_refused_with_the_field_named(tmp_path, change, message):
    data = {"format": "memviz-tasks/1", "name": "t", "site": "conduit24-versions",
            "tasks": [{"id": "a", "version": "v1", "start": 0}], **change}  # fmt: skip
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TaskError, match=message):
        load_tasks(path)


def test_seeds_past_the_last_seed_are_refused():
    with pytest.raises(EvalError, match="seed0"):
        evaluate(builtin_tasks(), {"a": RunConfig()}, 5, 2**32 - 10)


def test_the_ablation_pairs_its_four_rows_on_the_same_tasks():
    task_set = builtin_tasks()
    memory = RunConfig(strategy="frontier", capacity=12)
    rows = ablation_configs(memory)
    assert (rows["none"].strategy, rows["none"].bug_list, rows["bug_list_only"].bug_list) == (
        "random",
        None,
        True,
    )
    assert (rows["visited_only"].bug_list, rows["both"].strategy, rows["both"].capacity) == (
        False,
        "frontier",
        12,
    )
    evaluation = ablation(task_set, memory, repeats=3)
    table = ablation_table(evaluation, "dups")
    assert [row.row for row in table] == ["none", "visited_only", "bug_list_only", "both"]
    # a bug list never reports twice; without one the same runs report again
    assert table[2].means["dups"] == 0 == table[3].means["dups"] and table[0].means["dups"] > 0
    paired = evaluation.paired("coverage", "none", "both")
    direct = evaluate(task_set, {"a": rows["none"], "b": rows["both"]}, 3).paired("coverage")
    assert paired == direct


def test_with_one_repeat_the_within_task_variance_is_undefined_not_zero():
    result = task_paired(np.array([[0.1], [0.3], [0.2]]), np.array([[0.2], [0.2], [0.5]]), 0.03)
    assert math.isnan(result.within) and math.isnan(result.omega2) and result.tasks_needed is not None


def test_32_tasks_by_5_runs_make_exactly_their_runs_once(monkeypatch):
    """The speed goal (< 2 s, benchmarks/bench_eval.py) as counts: 320 runs, each at most 30 steps,
    none made twice, none made by a slower path than one engine run each."""
    import memviz.core.engine as engine

    made = []
    real = engine.Exploration.run_to_end

    def counted(self):
        made.append(self.config.seed)
        return real(self)

    monkeypatch.setattr(engine.Exploration, "run_to_end", counted)
    runner = Runner()
    evaluation = evaluate(builtin_tasks(), {"a": RunConfig(), "b": RunConfig(strategy="frontier")}, 5, 1000,
                          runner=runner)  # fmt: skip
    assert len(made) == 320 == runner.total == runner.done
    assert all(r.steps <= 30 for arm in evaluation.arms.values() for row in arm.runs for r in row)


def test_the_evaluation_costs_about_what_its_runs_cost():
    """Bookkeeping around the 320 runs (grouping, metrics, statistics, a 10,000-resample bootstrap)
    costs less than the runs themselves: best of five, so a busy machine slows both alike."""
    task_set = builtin_tasks()
    configs = {"a": RunConfig(), "b": RunConfig(strategy="frontier")}
    sites = {v: task_set.site.at_version(v) for v in ("v1", "v2")}
    plain = [(sites[t.version], c.with_(seed=1000 + i * 5 + r, start=t.start))
             for i, t in enumerate(task_set.tasks) for c in configs.values() for r in range(5)]  # fmt: skip

    def best(fn) -> float:
        times = []
        for _ in range(5):
            t0 = time.process_time()
            fn()
            times.append(time.process_time() - t0)
        return min(times)

    runs_only = best(lambda: [run(s, c) for s, c in plain])
    whole = best(lambda: evaluate(task_set, configs, 5, 1000).paired("coverage"))
    assert whole < 2.5 * runs_only + 0.05


def test_runs_until_all_bugs_find_all_of_their_versions_bugs_unless_censored():
    task_set = builtin_tasks()
    evaluation = evaluate(
        task_set, {"a": RunConfig(strategy="frontier", max_steps=30)}, 2, 7, until_all_bugs=True
    )
    recall = evaluation.values("a", "bug_recall")
    censored = np.array([[r.stop_reason != "all_bugs" for r in row] for row in evaluation.arms["a"].runs])
    assert (recall[~censored] == 1.0).all() and (recall[censored] < 1.0).all()
    assert evaluation.censored_counts("a") == censored.sum(axis=1).tolist() and 0 < censored.sum() < 64
    assert (evaluation.values("a", "steps")[censored] == 30).all()
