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
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the count is the comprehensions'
    # conditions and the refusal of a run that names no bugs; one pass, one table per bug page.
    per_task: list[dict[str, list[Trace]]] = []
    for i in range(len(evaluation.tasks)):
        sides = {
            arm: [evaluation.traces[name] for name, _stats in evaluation.runs[arm][i]] for arm in ("a", "b")
        }
        if any(bugs_found(trace) is None for side in sides.values() for trace in side):
            return None
        per_task.append(sides)
    pages = sorted(
        {p for sides in per_task for side in sides.values() for t in side for p in t.header.site.bugs}
    )
    tables = []
    for page in pages:
        counts = {"both": 0, "a_only": 0, "b_only": 0, "neither": 0}
        tasks = 0
        for sides in per_task:
            if not all(page in t.header.site.bugs for side in sides.values() for t in side):
                continue  # the bug is not in this task's version
            tasks += 1
            found = {
                arm: 2 * sum(page in bugs_found(t) for t in side) >= len(side) for arm, side in sides.items()
            }
            key = {
                (True, True): "both",
                (True, False): "a_only",
                (False, True): "b_only",
                (False, False): "neither",
            }
            counts[key[found["a"], found["b"]]] += 1
        if tasks == 0:
            continue
        discordant = counts["a_only"] + counts["b_only"]
        all_traces = [t for sides in per_task for side in sides.values() for t in side]
        tables.append(BugTable(page, _route(all_traces, page), tasks, **counts,
                               p_value=binomial_two_sided(min(counts["a_only"], counts["b_only"]), discordant)))  # fmt: skip
    return tables
