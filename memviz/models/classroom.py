"""A class testing the blog: each student's figures, read live from ``memviz serve``'s trace folder.

The folder holds a ``visitor-<id>.jsonl`` per browser (its steps, and the student's "Report a bug"
claims on the steps of the pages they reported) and ``names.json`` (visitor -> the name they
signed in with). :meth:`ClassModel.poll` reads again only what changed (by size and modification
time) and emits ``changed`` when a figure moved; the window polls it with a QTimer, tests with a
:class:`~memviz.models.clock.ManualClock`. No Qt here.

A student's figures, by the chapter's definitions (coverage and repeats as ``memviz trace stats``):

- home visits: arrivals at the site's start page after the first step (the chapter's "home six times");
- bugs seen: bug pages they arrived at (the detector's truth: the symptom was on the page);
- reports: their claims; a claim is right by the core's one claim rule
  (:func:`memviz.core.trace_stats.checked_claims`, as ``trace stats`` and ``memviz agent``): the
  page it names is a bug page where the detector saw the symptom (whatever type they chose); bugs
  found: bug pages with a right claim; duplicate reports: right claims on a bug page they had
  already reported; precision: right claims / claims. Where a trace does not know the truth (no
  site, reports not the detector's) those are None ("—"), never 0.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from memviz.core.compare import LaneConfig
from memviz.core.engine import run
from memviz.core.jsonfile import read_bytes
from memviz.core.replay import RecordedRun, ReplayError, recorded_run
from memviz.core.run_config import RunConfig
from memviz.core.site import Site
from memviz.core.trace import Trace, TraceError, read_trace
from memviz.core.trace_stats import checked_claims, claim_figures, trace_stats
from memviz.models.clock import Clock
from memviz.models.signal import Signal

NAMES_FILE = "names.json"  # as memviz.web.visitors writes it
POLL_MS = 250  # the window's poll: a click shows within a second
AGENT_SEED = 1000  # the chapter's opening run (seed 1000, no memory)
SORT_KEYS = (
    "name", "steps", "coverage", "repeats", "home_visits", "bugs_seen", "reports", "bugs_found",
    "duplicate_reports", "precision",
)  # fmt: skip


@dataclass(frozen=True)
class Student:
    visitor: str
    name: str  # the name they signed in with, else "visitor <first 6 of the id>"
    steps: int  # moves after the start
    path: tuple[int | None, ...]  # the page of each arrival (None: off the site)
    pages_seen: int
    coverage: float | None
    repeats: int
    home_visits: int
    bugs_seen: int
    reports: int
    bugs_found: int | None  # None: the trace does not know the truth (as precision)
    duplicate_reports: int | None
    wrong_reports: int | None
    precision: float | None  # None: no reports yet, or the truth not known

    def to_dict(self) -> dict:
        return asdict(self) | {"path": list(self.path)}


@dataclass(frozen=True)
class AgentRun:
    """The memviz agent on the same site for the same number of steps."""

    label: str  # "random" (no memory) or "visited" (a visited set)
    steps: int
    coverage: float
    repeats: int
    home_visits: int
    bugs_found: int
    duplicate_reports: int
    path: tuple[int, ...]

    def to_dict(self) -> dict:
        return asdict(self) | {"path": list(self.path)}


def figure_text(key: str, value) -> str:
    """A figure as the table and the summary show it: rates in percent, unknown as "—"."""
    if value is None:
        return "—"
    if key in ("coverage", "precision"):
        return f"{value:.0%}"
    return str(value)


def class_line_fields(whole: dict) -> dict[str, str]:
    """The fields of the whole class's line (the summary's ``class``), as the command line and the
    window both print it with wording.classroom.CLASS_LINE."""
    return {
        "students": whole["students"],
        "steps": whole["steps"],
        "seen": whole["bugs_seen"],
        "found": figure_text("bugs_found", whole["bugs_found"]),
        "reports": whole["reports"],
        "duplicates": figure_text("duplicate_reports", whole["duplicate_reports"]),
        "precision": figure_text("precision", whole["precision"]),
    }


def student_of(visitor: str, name: str | None, trace: Trace, home: int = 0) -> Student:
    """One student's figures from their trace; ``home`` is the site's start page."""
    stats = trace_stats(trace)
    site = trace.header.site
    bugs = set(site.bugs or ()) if site is not None else set()
    path = tuple(step.page for step in trace.steps if step.moved)
    checked = checked_claims(trace)
    figures = claim_figures(trace, checked)
    known = figures.matched is not None or not checked
    found: set[int] = set()
    duplicates = 0
    for claim in checked:
        if claim.matched:
            duplicates += claim.page in found
            found.add(claim.page)
    return Student(
        visitor=visitor,
        name=name or f"visitor {visitor[:6]}",
        steps=stats.steps,
        path=path,
        pages_seen=stats.pages_seen,
        coverage=stats.coverage,
        repeats=stats.repeats,
        home_visits=sum(1 for k, page in enumerate(path) if k > 0 and page == home),
        bugs_seen=len(bugs & {p for p in path if p is not None}),
        reports=len(checked),
        bugs_found=len(found) if known else None,
        duplicate_reports=duplicates if known else None,
        wrong_reports=len(checked) - (figures.matched or 0) if known else None,
        precision=figures.precision,
    )


def agent_runs(site: Site, steps: int) -> tuple[AgentRun, AgentRun]:
    """The agent with no memory and with a visited set (the chapter's seed 1000) on ``steps`` steps."""
    runs = []
    for strategy in ("random", "visited"):
        result = run(site, RunConfig(strategy=strategy, seed=AGENT_SEED, budget=steps))
        path = tuple(result.path)
        seen: set[int] = set()
        repeats = 0
        for page in path:
            repeats += page in seen
            seen.add(page)
        home = sum(1 for k, page in enumerate(path) if k > 0 and page == site.start)
        runs.append(
            AgentRun(strategy, len(path) - 1, result.coverage, repeats, home, result.bugs, result.dups, path)
        )
    return runs[0], runs[1]


class ClassModel:
    """The students of one trace folder, read again when their files change."""

    changed = Signal()

    def __init__(self, folder: str | Path, site: Site | None = None) -> None:
        self.folder = Path(folder)
        self.site = site
        self._files: dict[str, tuple[int, int]] = {}  # file name -> (size, mtime_ns) read
        self._students: dict[str, Student] = {}  # visitor -> figures
        self._traces: dict[str, Trace] = {}
        self._names: dict[str, str] = {}
        self._names_stamp: tuple[int, int] | None = None
        self._agents: dict[tuple[str, int], tuple[AgentRun, AgentRun]] = {}
        self.unreadable: dict[str, str] = {}  # file name -> why (a half-written line is read next time)

    @property
    def home(self) -> int:
        return self.site.start if self.site is not None else 0  # memviz serve's blog starts at page 0

    @property
    def students(self) -> tuple[Student, ...]:
        """In the order they first came (their trace's name order is arbitrary: by first seen)."""
        return tuple(self._students.values())

    def trace_of(self, visitor: str) -> Trace | None:
        return self._traces.get(visitor)

    def watch(self, clock: Clock, interval_ms: int = POLL_MS) -> None:
        self.poll()
        clock.start(interval_ms, self.poll)

    def poll(self) -> bool:
        """Read what changed since the last poll; True (and ``changed`` emitted) if a figure moved."""
        moved = self._read_names()
        try:
            entries = sorted(os.scandir(self.folder), key=lambda e: e.name)
        except OSError:
            entries = []
        present = set()
        for entry in entries:
            if not (entry.name.startswith("visitor-") and entry.name.endswith(".jsonl")):
                continue
            present.add(entry.name)
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            stamp = (info.st_size, info.st_mtime_ns)
            if self._files.get(entry.name) == stamp and not moved:
                continue
            visitor = entry.name[len("visitor-") : -len(".jsonl")]
            try:
                trace = read_trace(entry.path)
            except (TraceError, OSError) as exc:
                self.unreadable[entry.name] = str(exc)
                continue
            self.unreadable.pop(entry.name, None)
            self._files[entry.name] = stamp
            self._traces[visitor] = trace
            student = student_of(visitor, self._names.get(visitor), trace, self.home)
            if self._students.get(visitor) != student:
                self._students[visitor] = student
                moved = True
        for name in set(self._files) - present:  # a trace taken away
            del self._files[name]
            visitor = name[len("visitor-") : -len(".jsonl")]
            self._students.pop(visitor, None)
            self._traces.pop(visitor, None)
            moved = True
        if moved:
            self.changed.emit()
        return moved

    def _read_names(self) -> bool:
        path = self.folder / NAMES_FILE
        try:
            info = path.stat()
        except OSError:
            return False
        stamp = (info.st_size, info.st_mtime_ns)
        if stamp == self._names_stamp:
            return False
        try:  # a regular file only (never waiting on a pipe), renamed into place whole by the server
            names = json.loads(read_bytes(path, "names file", ValueError, max_bytes=1_000_000))
        except ValueError:
            return False  # unreadable: read again when it changes
        self._names_stamp = stamp
        if not isinstance(names, dict):
            return False
        names = {str(k): str(v) for k, v in names.items() if isinstance(v, str)}
        if names == self._names:
            return False
        self._names = names
        for visitor in list(self._students):  # a name given after the first click
            trace = self._traces[visitor]
            self._students[visitor] = student_of(visitor, names.get(visitor), trace, self.home)
        return True

    def sorted(self, key: str, descending: bool = True) -> list[Student]:
        """The students by one of :data:`SORT_KEYS` (an unknown figure, None, last either way)."""
        if key not in SORT_KEYS:
            raise ValueError(f"cannot sort by {key!r}; one of {', '.join(SORT_KEYS)}")
        known = [s for s in self._students.values() if getattr(s, key) is not None]
        unknown = [s for s in self._students.values() if getattr(s, key) is None]
        ordered = sorted(known, key=lambda s: (getattr(s, key), s.name), reverse=descending)
        return ordered + unknown

    def site_of(self, visitor: str) -> Site | None:
        """The site a student's trace was served from: the model's site at the trace's version."""
        trace = self._traces.get(visitor)
        if self.site is None or trace is None:
            return None
        version = trace.header.version
        if version and version != self.site.version:
            try:
                return self.site.at_version(version)
            except ValueError:
                return None
        return self.site

    def beside_agents(self, visitor: str) -> tuple[AgentRun, AgentRun] | None:
        """The agent without memory and with a visited set on the student's number of steps."""
        student = self._students.get(visitor)
        site = self.site_of(visitor)
        if student is None or site is None:
            return None
        key = (site.version, student.steps)
        if key not in self._agents:
            self._agents[key] = agent_runs(site, student.steps)
        return self._agents[key]

    def compare_lanes(self, visitor: str, site: Site) -> tuple[RunConfig, list[LaneConfig]] | None:
        """The Compare view's lanes for a student: their recorded walk, then the agent with no
        memory and with a visited set, on ``site`` at seed 1000 for as many steps (None: the trace
        does not fit ``site``)."""
        trace = self._traces.get(visitor)
        student = self._students.get(visitor)
        if trace is None or student is None:
            return None
        try:
            recorded: RecordedRun = recorded_run(trace, site, student.name)
        except ReplayError:
            return None
        recorded = replace(recorded, agent=student.name)  # the lane is named after the student
        base = RunConfig(seed=AGENT_SEED, budget=max(recorded.steps, 1))
        lanes = [LaneConfig("random", recorded=recorded), LaneConfig("random"), LaneConfig("visited")]
        return base, lanes

    def summary(self) -> dict:
        """The class's figures: every student's, and the class's own (the bugs any of them found)."""
        students = list(self._students.values())
        found: set[int] = set()
        seen: set[int] = set()
        for trace in self._traces.values():
            site = trace.header.site
            bugs = set(site.bugs or ()) if site is not None else set()
            seen |= bugs & {s.page for s in trace.steps if s.page is not None}
            found |= claim_figures(trace).bugs_claimed or set()
        known = all(s.wrong_reports is not None for s in students)
        claims = sum(s.reports for s in students)
        wrong = sum(s.wrong_reports or 0 for s in students)
        return {
            "students": [s.to_dict() for s in students],
            "class": {
                "students": len(students),
                "steps": sum(s.steps for s in students),
                "bugs_seen": len(seen),
                "bugs_found": len(found) if known else None,
                "reports": claims,
                "duplicate_reports": sum(s.duplicate_reports or 0 for s in students) if known else None,
                "precision": (claims - wrong) / claims if claims and known else None,
            },
            "unreadable": dict(self.unreadable),
        }
