"""Per bug, did the baseline and the treatment find it on the same tasks? (issue 37)

For recorded runs: a bug is a page the trace's header names as a bug page (the same rule as
``trace stats``' bug recall: a report filed on that page finds it). On each task whose site has the
bug, a side *found* it when at least half of its runs of the task did (a task may have 3 runs on one
side and 1 on the other; "any run" would favour the side with more). The paired table over those
tasks counts both / baseline only / treatment only / neither, and the exact McNemar test is the
two-sided binomial test of the discordant tasks at ½ (``baseline only`` against ``treatment only``).

Bugs are known only where every run of both sides names its site's bugs and records its reports;
otherwise there is no table (None), never a table of zeros.
"""

from __future__ import annotations

from dataclasses import dataclass

from memviz.core.evaluation.runs import Evaluation
from memviz.core.evaluation.traces import TraceEvaluation
from memviz.core.stats import binomial_two_sided
from memviz.core.trace import Trace


@dataclass(frozen=True)
class BugTable:
    page: int  # the bug's page
    route: str | None  # a report's route on it, when one was filed
    tasks: int  # tasks whose site has the bug, with runs of both sides
    both: int
    a_only: int  # found by the baseline only
    b_only: int
    neither: int
    p_value: float  # exact McNemar: binomial_two_sided(min(a_only, b_only), a_only + b_only)


def bugs_found(trace: Trace) -> set[int] | None:
    """The bug pages a run reported on; None when its header names no site or no bugs of it (a
    crawl without a site file), or its reports were not recorded (an import that could not read them)."""
    site = trace.header.site
    if site is None or site.bugs is None or not trace.header.reports_known:
        return None
    pages = set(site.bugs)
    return {step.page for step in trace.steps if step.reports and step.page in pages}


def _route(traces: list[Trace], page: int) -> str | None:
    for trace in traces:
        for step in trace.steps:
            if step.page == page and step.reports:
                return step.reports[0].route
    return None


def bug_tables(evaluation: TraceEvaluation) -> list[BugTable] | None:
    """One paired table per bug page, by page; None when a run does not name its site's bugs."""
    per_task = [_task_traces(evaluation, i) for i in range(len(evaluation.tasks))]
    all_traces = [t for sides in per_task for side in sides.values() for t in side]
    if any(bugs_found(trace) is None for trace in all_traces):
        return None
    found = [{arm: [bugs_found(t) for t in side] for arm, side in sides.items()} for sides in per_task]
    # A task has a bug when every one of its runs' sites has it (its version has the bug).
    has = [
        set.intersection(*(set(t.header.site.bugs) for side in sides.values() for t in side))
        for sides in per_task
    ]
    return [BugTable(page, _route(all_traces, page), *counts) for page, counts in _paired_counts(found, has)]


def _task_traces(evaluation: TraceEvaluation, i: int) -> dict[str, list[Trace]]:
    return {arm: [evaluation.traces[name] for name, _stats in evaluation.runs[arm][i]] for arm in ("a", "b")}


def simulated_bug_tables(evaluation: Evaluation) -> list[BugTable]:
    """The same tables for simulated runs (the Evaluate tab): a run found a bug when it visited its
    page (the engine reports a bug on its page's first visit, and on every visit without a bug list;
    the run's own ``bugs`` count). A task has the bugs of its version."""
    task_set = evaluation.task_set
    has = [set(task_set.site_of(task).bug_by_page) for task in evaluation.tasks]
    found = [
        {arm: [set(run.path) & bugs for run in evaluation.arms[arm].runs[i]] for arm in ("a", "b")}
        for i, bugs in enumerate(has)
    ]
    return [BugTable(page, None, *counts) for page, counts in _paired_counts(found, has)]


def _paired_counts(found: list[dict[str, list[set[int]]]], has: list[set[int]]):
    """Per bug page (ascending) on the tasks that have it: (tasks, both, a_only, b_only, neither, p).
    ``found[t][arm]``: the bug pages each run of that side found on task t; ``has[t]``: task t's
    bugs. A side found a bug on a task when at least half its runs of the task did."""
    key = {(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}
    for page in sorted(set().union(*has)):
        counts = [0, 0, 0, 0]  # both, a_only, b_only, neither
        tasks = 0
        for sides, bugs in zip(found, has, strict=True):
            if page not in bugs:
                continue  # the bug is not in this task's version
            tasks += 1
            side = {arm: 2 * sum(page in run for run in runs) >= len(runs) for arm, runs in sides.items()}
            counts[key[side["a"], side["b"]]] += 1
        if tasks:
            p = binomial_two_sided(min(counts[1], counts[2]), counts[1] + counts[2])
            yield page, (tasks, *counts, p)
