"""``memviz-trace/1``: one format for every run, simulated or real (JSON Lines).

The first line is the header, then one line per step::

    {"format": "memviz-trace/1", "task": "explore", "config": {...}, "agent": "memviz",
     "site": {"name": "...", "pages": 24, "bugs": [7, 9, 13, 15, 21, 23]}, "version": "v1",
     "start_url": "http://127.0.0.1:8000/"}
    {"step": 0, "url": "http://127.0.0.1:8000/", "page": 0, "action": "start", "status": 200,
     "tokens_in": null, "tokens_out": null, "reports": []}
    {"step": 1, "url": "http://127.0.0.1:8000/article/a", "page": 12, "action": "click", ...}

Step 0 is the arrival at the start page; step k is the k-th page the agent went to (``action``
"click", "goto" for a typed or redirected URL, "back"), or ``"stop"``: a model call that went
nowhere (the agent believed it was done, or stood on a dead end), kept for its tokens. ``page`` is
the site's page id, or null for a URL off the site. ``reports`` are the bug reports filed on that
step, each ``{"route", "error", "message"}``; two reports are the same bug when their
:func:`fingerprint` is (route, error, message with its numbers blanked), as the chapter dedups. The
header's ``reported_by`` says who found them ("agent", "detector"), or null: the trace does not
know which bugs were seen, and every report figure is unknown, never 0. A step's ``claims`` are what
the agent said it found (browser-use's final text, its page extractions), kept beside the reports.
The header's ``task`` and ``label`` pair real runs (``memviz trace label``).

``read_trace(path) -> Trace(header, steps)`` is the one reader: it names the line and the field of
any mistake (``TraceError``) and applies the limits of site files (file size, nesting depth, digits
of a number, lengths of texts). docs/traces.md is the reference; resources/trace.schema.json the
JSON Schema of one line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memviz.core.jsonfile import decode_checked, read_bytes
from memviz.core.limits import LIMITS, shown

TRACE_FORMAT = "memviz-trace/1"
ACTIONS = ("start", "click", "goto", "back", "stop")
MOST_TEXT = 2000  # characters of a URL, a report's message, an agent's or a task's name
MOST_REPORTS = 100  # reports on one step
MOST_STEPS = int(LIMITS["budget"].high) + 2  # a run's longest budget, its start and a stop
TRACE_FILE_BYTES = 64_000_000  # a 100,000-step trace is ~25 MB
MOST_TOKENS = 10**12  # one call's tokens: the largest base and a full memory of the largest entries
# Who found the steps' reports: the agent filed them (a memviz run or crawl), or the symptom detector
# (memviz.core.webpage.detect_reports) read them from the responses; None: the trace does not know
# which bugs were seen (its empty report lists say nothing), so every report figure is unknown.
REPORTED_BY = ("agent", "detector")
# What an agent said it found: its final answer, a page read, or a person's bug report on the page
# (memviz serve's "Report a bug": the error type they chose and their words).
CLAIM_KINDS = ("done", "extracted", "reported")


class TraceError(ValueError):
    """A trace that cannot be used; the message names the file, the line and the field at fault."""


@dataclass(frozen=True)
class Report:
    route: str
    error: str
    message: str

    @property
    def fingerprint(self) -> tuple[str, str, str]:
        return fingerprint(self.route, self.error, self.message)

    def to_dict(self) -> dict:
        return {"route": self.route, "error": self.error, "message": self.message}


_NUMBER = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def fingerprint(route: str, error: str, message: str) -> tuple[str, str, str]:
    """What makes two reports the same bug: the route, the error type and the message with its
    numbers (ids, offsets, counts that change from report to report) blanked and spaces folded."""
    normal = _SPACE.sub(" ", _NUMBER.sub("{n}", message)).strip().lower()
    return route, error.strip().lower(), normal


@dataclass(frozen=True)
class TraceSite:
    """What a trace says of its site, so that it can be measured on its own: the name, the
    number of pages, and the bug pages at the trace's version (None: not named, as a crawl of a
    site memviz has no file of; every bug figure is then unknown, never 0)."""

    name: str
    pages: int
    bugs: tuple[int, ...] | None

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "pages": self.pages,
            "bugs": None if self.bugs is None else list(self.bugs),
        }


@dataclass(frozen=True)
class TraceHeader:
    agent: str  # "memviz" (run, crawl), "human" (serve), "browser-use", "har"...
    start_url: str
    task: str | None = None  # the task's id: task-paired evaluation pairs runs by it
    config: dict | None = None  # the run settings (RunConfig's fields) of a memviz agent
    site: TraceSite | None = None
    version: str | None = None
    label: str | None = None  # the config's name among the runs compared (None: from config or agent)
    reported_by: str | None = None  # REPORTED_BY, or None: the reports are not known

    def to_dict(self) -> dict:
        return {
            "format": TRACE_FORMAT,
            "task": self.task,
            "label": self.label,
            "config": self.config,
            "agent": self.agent,
            "site": None if self.site is None else self.site.to_dict(),
            "version": self.version,
            "start_url": self.start_url,
            "reported_by": self.reported_by,
        }

    @property
    def reports_known(self) -> bool:
        return self.reported_by is not None


def inferred_reported_by(agent: str) -> str | None:
    """A header written before ``reported_by`` existed: memviz runs and crawls filed their
    reports; every other agent's trace (a server's visitor, an import) carried none it knew of."""
    return "agent" if agent == "memviz" else None


@dataclass(frozen=True)
class Claim:
    """What an agent or a person said it found, kept beside the detected reports so that it can be
    checked against them (memviz.core.trace_stats.checked_claims): a bug report (``reported``: a
    model's ``report(route, error, message)``, a student's "Report a bug"), or a text that may
    hold some (``done``: browser-use's final answer, ``extracted``: a page it read)."""

    kind: str  # CLAIM_KINDS
    text: str  # the words
    error: str | None = None  # the error type claimed, when the claimant said one
    route: str | None = None  # the page it is about (a path and query, or a URL); None: its step's page

    def to_dict(self) -> dict:
        return (
            {"kind": self.kind, "text": self.text}
            | ({"error": self.error} if self.error else {})
            | ({"route": self.route} if self.route else {})
        )


def claim_of_report(report: Report) -> Claim:
    """A bug report the agent filed (its ``report(route, error, message)`` call) as a claim."""
    return Claim("reported", report.message, report.error, report.route)


@dataclass(frozen=True, kw_only=True)
class TraceStep:
    """One line after the header. Keyword-only: eight fields of which several are texts or numbers
    alike (``url`` and ``action``, ``tokens_in`` and ``tokens_out``) are easy to swap by position."""

    step: int
    url: str
    page: int | None  # None: off the site
    action: str
    status: int | None = None  # HTTP status, when known
    tokens_in: int | None = None
    tokens_out: int | None = None
    reports: tuple[Report, ...] = ()
    claims: tuple[Claim, ...] = ()  # what the agent said it found on this page (written when any)

    @property
    def moved(self) -> bool:
        return self.action != "stop"

    def to_dict(self) -> dict:
        return {
            "step": self.step,
            "url": self.url,
            "page": self.page,
            "action": self.action,
            "status": self.status,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "reports": [r.to_dict() for r in self.reports],
        } | ({"claims": [c.to_dict() for c in self.claims]} if self.claims else {})


@dataclass(frozen=True)
class Trace:
    header: TraceHeader
    steps: tuple[TraceStep, ...] = field(repr=False)

    @property
    def path(self) -> list[int | None]:
        """The pages the agent went to, in order, the start page first (None: off the site)."""
        return [s.page for s in self.steps if s.moved]


# -- writing -------------------------------------------------------------------------------------------


def line_of(obj: TraceHeader | TraceStep) -> str:
    """One line of a trace, newline included."""
    return json.dumps(obj.to_dict(), ensure_ascii=False, separators=(", ", ": ")) + "\n"


def trace_text(trace: Trace) -> str:
    return line_of(trace.header) + "".join(line_of(s) for s in trace.steps)


PAIRING_FIELDS = ("task", "label")  # the header fields that pair real runs (memviz trace label)


def relabelled(text: str, source: str, values: dict[str, str], force: bool = False) -> str:
    """``text`` (a whole trace) with its header's ``task``/``label`` set to ``values``, every other
    byte kept (the header's other fields, unknown ones included, and every step line as written).

    The trace is read whole first (:class:`TraceError` for any mistake); a field that already holds
    another value is refused unless ``force``."""
    parse_trace(text, source)
    lines = text.split("\n")
    index = next(k for k, line in enumerate(lines) if line.strip())
    header = json.loads(lines[index])
    for name, value in values.items():
        if name not in PAIRING_FIELDS:
            raise ValueError(f"not a pairing field: {name}")
        if len(value) > MOST_TEXT or not value.strip():
            raise TraceError(f"--{name}: expected a non-empty text of at most {MOST_TEXT} characters")
        old = header.get(name)
        if old is not None and old != value and not force:
            raise TraceError(f"{source}: {name} is already {shown(old)} (add --force to replace it)")
        header[name] = value
    lines[index] = json.dumps(header, ensure_ascii=False, separators=(", ", ": "))
    return "\n".join(lines)


# -- reading -------------------------------------------------------------------------------------------


def read_trace(path: str | Path) -> Trace:
    """The trace in ``path``; :class:`TraceError` names the line and field of any mistake."""
    path = Path(path)
    raw = read_bytes(path, "trace file", TraceError, max_bytes=TRACE_FILE_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TraceError(f"trace file is not UTF-8 text: {path} (bad byte at offset {exc.start})") from None
    return parse_trace(text, str(path))


def parse_trace(text: str, source: str = "trace") -> Trace:
    reader = _Reader(source)
    lines = iter_lines(text)
    first = next(lines, None)
    if first is None:
        raise TraceError(f"{source}: the file is empty (a trace starts with its header line)")
    header = reader.header(*first)
    steps = []
    for number, line in lines:
        if len(steps) >= MOST_STEPS:
            raise TraceError(f"{source}: line {number}: a trace has at most {MOST_STEPS} steps")
        steps.append(reader.step(number, line, len(steps), header.site))
    if not steps:
        raise TraceError(f"{source}: line 2: a trace needs at least one step after its header")
    return Trace(header, tuple(steps))


def iter_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) of the non-blank lines (a blank last line is the file's end)."""
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            yield number, line


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.line = 0

    def fail(self, where: str, problem: str) -> TraceError:
        return TraceError(f"{self.source}: line {self.line}: {where}: {problem}")

    def decode(self, number: int, line: str) -> dict:
        self.line = number
        data = decode_checked(line, lambda problem: TraceError(f"{self.source}: line {number}: {problem}"))
        if not isinstance(data, dict):
            raise self.fail("top level", "expected a JSON object")
        return data

    def header(self, number: int, line: str) -> TraceHeader:
        data = self.decode(number, line)
        fmt = data.get("format")
        if fmt != TRACE_FORMAT:
            raise self.fail(
                "format", f'expected "{TRACE_FORMAT}" (the header is the first line), got {shown(fmt)}'
            )
        config = data.get("config")
        if config is not None and not isinstance(config, dict):
            raise self.fail("config", f"expected an object or null, got {shown(config)}")
        agent = self.text("agent", data.get("agent"))
        if "reported_by" in data:
            reported_by = data["reported_by"]
            if reported_by is not None and reported_by not in REPORTED_BY:
                raise self.fail(
                    "reported_by",
                    f"expected one of {', '.join(REPORTED_BY)} or null, got {shown(reported_by)}",
                )
        else:
            reported_by = inferred_reported_by(agent)
        return TraceHeader(
            agent=agent,
            start_url=self.text("start_url", data.get("start_url")),
            task=self.optional_text("task", data.get("task")),
            config=config,
            site=self.site(data.get("site")),
            version=self.optional_text("version", data.get("version")),
            label=self.optional_text("label", data.get("label")),
            reported_by=reported_by,
        )

    def site(self, value: Any) -> TraceSite | None:
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail("site", f"expected an object or null, got {shown(value)}")
        pages = self.count("site.pages", value.get("pages"), 1, int(LIMITS["pages"].high))
        bugs = value.get("bugs")
        if bugs is None:  # absent or null: the site's bugs are not named (not "it has none")
            return TraceSite(self.text("site.name", value.get("name")), pages, None)
        if not isinstance(bugs, list) or len(bugs) > pages:
            raise self.fail("site.bugs", f"expected a list of at most {pages} page numbers, or null")
        for k, bug in enumerate(bugs):
            self.count(f"site.bugs[{k}]", bug, 0, pages - 1)
        if len(set(bugs)) != len(bugs):
            raise self.fail("site.bugs", "a page appears twice")
        return TraceSite(self.text("site.name", value.get("name")), pages, tuple(bugs))

    def step(self, number: int, line: str, index: int, site: TraceSite | None) -> TraceStep:
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: a reader of one trace line: one
        # check per field, each naming it.
        data = self.decode(number, line)
        if "format" in data:
            raise self.fail("format", "a second header: one trace a file")
        step = self.count("step", data.get("step"), 0, MOST_STEPS)
        if step != index:
            raise self.fail("step", f"expected step {index} (steps count up from 0 one by one), got {step}")
        action = data.get("action")
        if action not in ACTIONS:
            raise self.fail("action", f"expected one of {', '.join(ACTIONS)}, got {shown(action)}")
        if (action == "start") != (index == 0):
            raise self.fail("action", 'step 0, and only step 0, is "start"')
        page = data.get("page")
        if page is not None:
            most = (site.pages if site is not None else int(LIMITS["pages"].high)) - 1
            self.count("page", page, 0, most)
        status = data.get("status")
        if status is not None:
            self.count("status", status, 100, 599)
        tokens = [
            None if data.get(name) is None else self.count(name, data.get(name), 0, MOST_TOKENS)
            for name in ("tokens_in", "tokens_out")
        ]
        reports = data.get("reports", [])
        if not isinstance(reports, list) or len(reports) > MOST_REPORTS:
            raise self.fail("reports", f"expected a list of at most {MOST_REPORTS} reports")
        claims = data.get("claims", [])
        if not isinstance(claims, list) or len(claims) > MOST_REPORTS:
            raise self.fail("claims", f"expected a list of at most {MOST_REPORTS} claims")
        claimed = self.claimed(data) if "claims" not in data else ()
        return TraceStep(
            step=step, url=self.text("url", data.get("url")), page=page, action=action, status=status,
            tokens_in=tokens[0], tokens_out=tokens[1],
            reports=tuple(self.report(f"reports[{k}]", r) for k, r in enumerate(reports)),
            claims=tuple(self.claim(f"claims[{k}]", c) for k, c in enumerate(claims)) + claimed,
        )  # fmt: skip

    def claimed(self, data: dict) -> tuple[Claim, ...]:
        """``memviz agent``'s first traces wrote the model's reports in a field of their own,
        ``claimed`` (``{"route", "error", "message"}``): read as claims of kind ``reported``."""
        claimed = data.get("claimed", [])
        if not isinstance(claimed, list) or len(claimed) > MOST_REPORTS:
            raise self.fail("claimed", f"expected a list of at most {MOST_REPORTS} reports")
        return tuple(claim_of_report(self.report(f"claimed[{k}]", r)) for k, r in enumerate(claimed))

    def claim(self, where: str, value: Any) -> Claim:
        if not isinstance(value, dict) or value.get("kind") not in CLAIM_KINDS:
            raise self.fail(where, f'expected an object with "kind" ({" or ".join(CLAIM_KINDS)}) and "text"')
        error, route = (self.optional_text(f"{where}.{name}", value.get(name)) for name in ("error", "route"))
        return Claim(value["kind"], self.text(f"{where}.text", value.get("text")), error, route)

    def report(self, where: str, value: Any) -> Report:
        if not isinstance(value, dict):
            raise self.fail(where, 'expected {"route", "error", "message"}')
        return Report(
            *(self.text(f"{where}.{name}", value.get(name)) for name in ("route", "error", "message"))
        )

    def count(self, where: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a whole number, got {shown(value)}")
        if not low <= value <= high:
            raise self.fail(where, f"must be between {low} and {high}, got {shown(value)}")
        return value

    def text(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a non-empty text, got {shown(value)}")
        if len(value) > MOST_TEXT:
            raise self.fail(where, f"at most {MOST_TEXT} characters, this one has {len(value)}")
        return value

    def optional_text(self, where: str, value: Any) -> str | None:
        return None if value is None else self.text(where, value)
