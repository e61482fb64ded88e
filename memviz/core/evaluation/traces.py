"""Task-level evaluation of recorded runs: ``memviz-trace/1`` files, grouped by task and label.

A trace's **task** is its header's ``task``; a trace without one is refused, in one line naming the
file (``memviz trace label FILE --task ID`` sets it). Its **label** is its header's ``label`` when it
has one, else its config as ``memviz compare`` writes one (``random``, ``frontier``,
``frontier/12/lru``) for a memviz agent, else its ``agent`` (``human``, ``browser-use``…). The two
sides are matched by task id only: each side's runs of a task are averaged, every run used (a task
may have 3 runs of the baseline and 1 of the treatment); a task with runs on one side only is listed
and left out. Runs are never paired inside a task: their seeds and file names mean nothing for a
real agent.

Per-run metrics are :func:`memviz.core.trace_stats.trace_stats`' (a memviz run's trace gives its
run's figures back): coverage, bug recall, repeat rate, duplicate reports (count), tokens, steps. A
metric a trace cannot know (no site named, no tokens) is unknown, never 0: the evaluation of that
metric is refused in one line naming the side and a file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memviz.core.compare import LaneConfig
from memviz.core.evaluation.runs import METRICS, EvalError
from memviz.core.evaluation.settings import default_delta
from memviz.core.evaluation.stats import TaskPaired, task_paired
from memviz.core.registry import ConfigError
from memviz.core.trace import Trace, TraceError, read_trace
from memviz.core.trace_stats import TraceStats, trace_stats

MOST_TRACES = 20_000  # files read from one folder
UNKNOWN_BECAUSE = {  # why a trace cannot give a metric (trace_stats' None)
    "coverage": "names no site",
    "bug_recall": "names no site with bugs or records no reports",
    "dups": "records no reports",
    "tokens": "has no tokens",
}


def config_label(config: dict | None, agent: str) -> str:
    """A trace's label: the label its config names (``memviz agent --label``), its memviz config in
    ``memviz compare``'s shortest form, else its agent."""
    if config and isinstance(config.get("label"), str) and config["label"].strip():
        return config["label"]
    if not config or "strategy" not in config:
        return agent
    capacity, policy = config.get("capacity"), config.get("policy", "fifo")
    if capacity is None and policy == "fifo":
        return str(config["strategy"])
    return LaneConfig(config["strategy"], capacity, policy).text()


def canonical_label(label: str) -> str:
    """``frontier/inf/fifo`` and ``frontier`` name the same config; an agent's name stays as it is."""
    try:
        lane = LaneConfig.parse(label)
    except ConfigError:
        return label
    return config_label({"strategy": lane.strategy, "capacity": lane.capacity, "policy": lane.policy}, label)


def trace_label(trace: Trace) -> str:
    """The label a trace is chosen by: its header's own (``trace import --label``, ``trace label``),
    else its config or agent."""
    return trace.header.label or config_label(trace.header.config, trace.header.agent)


def run_metric(stats: TraceStats, metric: str) -> float | None:
    """One run's value of ``metric``; None when the trace cannot know it (never 0 in its place)."""
    values = {
        "coverage": stats.coverage,
        # a site whose version has no bugs leaves nothing to find: recall 1, as for simulated runs
        "bug_recall": 1.0 if stats.bug_recall is None and stats.bugs_found == 0 else stats.bug_recall,
        "repeat": stats.repeat_rate,
        "dups": stats.duplicate_reports,
        "tokens": stats.tokens,
        "steps": stats.steps,
    }
    if metric not in values:
        raise EvalError(f"metric: expected one of {', '.join(METRICS)}, got {metric!r}")
    value = values[metric]
    return None if value is None else float(value)


def _natural(text: str) -> list:
    """v1/2 before v1/10: digits compared as numbers."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text)]


@dataclass
class TraceEvaluation:
    """Baseline and treatment traces, matched by task; every run of a side kept."""

    baseline: str
    treatment: str
    tasks: tuple[str, ...]  # tasks with both sides, in natural order
    runs: dict[str, list[list[tuple[str, TraceStats]]]] = field(repr=False)  # "a"/"b": [task][run], by file
    missing: dict[str, str] = field(default_factory=dict)  # task: the side it has ("a" or "b")
    versions: dict[str, str | None] = field(default_factory=dict, repr=False)  # file: its site version
    traces: dict[str, Trace] = field(default_factory=dict, repr=False)  # file: its trace (the bug tables)

    @property
    def repeats(self) -> int | None:
        """K when every task has the same runs on both sides, else None."""
        counts = {len(row) for arm in ("a", "b") for row in self.runs[arm]}
        return counts.pop() if len(counts) == 1 else None

    def run_counts(self, arm: str) -> list[int]:
        return [len(row) for row in self.runs[arm]]

    def values(self, arm: str, metric: str) -> list[np.ndarray]:
        """Per task, the side's run values of ``metric``; refused when a run cannot know it."""
        rows = []
        for row in self.runs[arm]:
            values = [run_metric(stats, metric) for _source, stats in row]
            unknown = [source for (source, _stats), v in zip(row, values, strict=True) if v is None]
            if unknown:
                side = "--baseline" if arm == "a" else "--treatment"
                label = self.baseline if arm == "a" else self.treatment
                raise EvalError(f"traces: {side} {label!r} does not give {metric} ({unknown[0]} "
                                f"{UNKNOWN_BECAUSE[metric]}); choose another --metric")  # fmt: skip
            rows.append(np.array(values, dtype=float))
        return rows

    def paired(self, metric: str, delta: float | None = None) -> TaskPaired:
        delta = default_delta(metric) if delta is None else delta
        return task_paired(self.values("a", metric), self.values("b", metric), delta)


def read_traces(folder: str | Path) -> list[tuple[str, Trace]]:
    """Every ``*.jsonl`` trace in ``folder`` (not its subfolders), by file name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise EvalError(f"traces: not a folder: {folder}")
    paths = sorted(folder.glob("*.jsonl"))
    if not paths:
        raise EvalError(f"traces: no *.jsonl files in {folder}")
    if len(paths) > MOST_TRACES:
        raise EvalError(f"traces: at most {MOST_TRACES} files, {folder} has {len(paths)}")
    out = []
    for path in paths:
        try:
            out.append((path.name, read_trace(path)))
        except TraceError as exc:
            raise EvalError(str(exc)) from None
    return out


def evaluate_traces(traces: list[tuple[str, Trace]], baseline: str, treatment: str) -> TraceEvaluation:
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the arms' grouping and each refusal
    # (same label twice, an arm with no traces, tasks that do not pair), each with its own message.
    wanted = {"a": canonical_label(baseline), "b": canonical_label(treatment)}
    if wanted["a"] == wanted["b"]:
        raise EvalError(f"--baseline and --treatment name the same runs: {baseline!r}")
    groups: dict[str, dict[str, list[tuple[str, Trace]]]] = {}
    labels = set()
    for name, trace in traces:
        label = trace_label(trace)
        labels.add(label)
        arm = next((a for a, want in wanted.items() if want == canonical_label(label)), None)
        if arm is None:
            continue
        if trace.header.task is None:
            raise EvalError(f"traces: {name} has no task, and runs are matched by task only "
                            f"(set one with memviz trace label {name} --task ID)")  # fmt: skip
        groups.setdefault(trace.header.task, {"a": [], "b": []})[arm].append((name, trace))
    for arm, label in (("a", baseline), ("b", treatment)):
        if not any(sides[arm] for sides in groups.values()):
            raise EvalError(f"traces: no run labelled {label!r}; the traces hold {', '.join(sorted(labels))}")
    missing = {
        task: ("a" if sides["a"] else "b")
        for task, sides in sorted(groups.items(), key=lambda item: _natural(item[0]))
        if not (sides["a"] and sides["b"])
    }
    tasks = sorted((t for t in groups if t not in missing), key=_natural)
    if not tasks:
        raise EvalError("traces: no task has runs of both the baseline and the treatment")
    runs: dict[str, list[list[tuple[str, TraceStats]]]] = {"a": [], "b": []}
    versions: dict[str, str | None] = {}
    kept: dict[str, Trace] = {}
    for task in tasks:
        for arm in ("a", "b"):
            side = groups[task][arm]  # in file-name order, as read
            runs[arm].append([(name, trace_stats(trace)) for name, trace in side])
            versions.update((name, trace.header.version) for name, trace in side)
            kept.update(side)
    return TraceEvaluation(baseline, treatment, tuple(tasks), runs, missing, versions, kept)
