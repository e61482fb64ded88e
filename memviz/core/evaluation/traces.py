"""Task-paired evaluation of recorded runs: ``memviz-trace/1`` files, grouped by task and config.

A trace's **task** is its header's ``task``; a trace without one (``memviz crawl`` writes none) is
the task ``VERSION/PAGE`` of where it started, the id the built-in task set gives that task. Its
**label** is its config as ``memviz compare`` writes one (``random``, ``frontier``,
``frontier/12/lru``) for a memviz agent, else its ``agent`` (``human``, ``browser-use``…). The
baseline's and the treatment's runs of a task are paired in order (by seed where the header has
one, then by file name); a task with runs on one side only is listed and left out, and so are the
runs a side has beyond the other's count or beyond the fewest any task has (K must be one number).

Per-run metrics are :func:`memviz.core.trace_stats.trace_stats`' (a memviz run's trace gives its
run's figures back): coverage, bug recall, repeat rate, duplicate reports (count), tokens, steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from memviz.core.compare import LaneConfig
from memviz.core.evaluation.runs import METRICS, EvalError
from memviz.core.evaluation.stats import DEFAULT_DELTA, TaskPaired, task_paired
from memviz.core.registry import ConfigError
from memviz.core.trace import Trace, TraceError, read_trace
from memviz.core.trace_stats import TraceStats, trace_stats

MOST_TRACES = 20_000  # files read from one folder


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


def task_of(trace: Trace) -> str:
    if trace.header.task is not None:
        return trace.header.task
    start = trace.steps[0].page if trace.steps else None
    return f"{trace.header.version or '?'}/{'?' if start is None else start}"


def run_metric(stats: TraceStats, metric: str, source: str) -> float:
    values = {
        "coverage": stats.coverage,
        "bug_recall": 1.0 if stats.bug_recall is None and stats.bugs_found == 0 else stats.bug_recall,
        "repeat": stats.repeat_rate,
        "dups": stats.duplicate_reports,
        "tokens": stats.tokens,
        "steps": stats.steps,
    }
    if metric not in values:
        raise EvalError(f"metric: expected one of {', '.join(METRICS)}, got {metric!r}")
    value = values[metric]
    if value is None:
        raise EvalError(
            f"{source}: the trace does not give {metric} (its header names no site, or no tokens)"
        )
    return float(value)


def _natural(text: str) -> list:
    """v1/2 before v1/10: digits compared as numbers."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text)]


@dataclass
class TraceEvaluation:
    """Baseline and treatment traces, paired by task."""

    baseline: str
    treatment: str
    tasks: tuple[str, ...]  # tasks with both sides, in natural order
    repeats: int  # K: runs a side of every task kept
    runs: dict[str, list[list[tuple[str, TraceStats]]]] = field(repr=False)  # "a"/"b": [task][r]
    missing: dict[str, str] = field(default_factory=dict)  # task: the side it has ("a" or "b")
    left_out: int = 0  # runs beyond K or beyond the other side's count
    versions: dict[str, str | None] = field(default_factory=dict, repr=False)  # file: its site version

    def values(self, arm: str, metric: str) -> np.ndarray:
        return np.array(
            [[run_metric(stats, metric, source) for source, stats in row] for row in self.runs[arm]],
            dtype=float,
        ).reshape(len(self.tasks), self.repeats)

    def paired(self, metric: str, delta: float = DEFAULT_DELTA) -> TaskPaired:
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
    wanted = {"a": canonical_label(baseline), "b": canonical_label(treatment)}
    if wanted["a"] == wanted["b"]:
        raise EvalError(f"--baseline and --treatment name the same runs: {baseline!r}")
    groups: dict[str, dict[str, list[tuple[tuple, str, Trace]]]] = {}
    labels = set()
    for name, trace in traces:
        label = config_label(trace.header.config, trace.header.agent)
        labels.add(label)
        arm = next((a for a, want in wanted.items() if want == label), None)
        if arm is None:
            continue
        seed = (trace.header.config or {}).get("seed")
        order = (0, seed, name) if isinstance(seed, int) else (1, 0, name)
        groups.setdefault(task_of(trace), {"a": [], "b": []})[arm].append((order, name, trace))
    for arm, label in (("a", baseline), ("b", treatment)):
        if not any(sides[arm] for sides in groups.values()):
            raise EvalError(f"traces: no run labelled {label!r}; the traces hold {', '.join(sorted(labels))}")
    missing = {
        task: ("a" if sides["a"] else "b")
        for task, sides in groups.items()
        if not (sides["a"] and sides["b"])
    }
    tasks = sorted((t for t in groups if t not in missing), key=_natural)
    if not tasks:
        raise EvalError("traces: no task has runs of both the baseline and the treatment")
    k = min(min(len(groups[t]["a"]), len(groups[t]["b"])) for t in tasks)
    runs: dict[str, list[list[tuple[str, TraceStats]]]] = {"a": [], "b": []}
    versions: dict[str, str | None] = {}
    left_out = sum(len(groups[t]["a"]) + len(groups[t]["b"]) - 2 * k for t in tasks)
    for task in tasks:
        for arm in ("a", "b"):
            kept = sorted(groups[task][arm], key=lambda item: item[0])[:k]
            runs[arm].append([(name, trace_stats(trace)) for _order, name, trace in kept])
            versions.update((name, trace.header.version) for _order, name, trace in kept)
    return TraceEvaluation(baseline, treatment, tuple(tasks), k, runs, missing, left_out, versions)
