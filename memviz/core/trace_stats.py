"""What a trace measures (``memviz trace stats``), by the chapter's definitions, so a memviz run's
trace gives its run's figures back (coverage, repeat rate, reports, duplicates, tokens).

- coverage: distinct pages of the site visited (the start page included) / the site's pages;
- repeat rate: moves to a page (or off-site URL) already visited / moves;
- bug recall: bug pages of the site reported on while there / the site's bugs;
- duplicate report rate: reports whose fingerprint was reported before / reports;
- tokens: the sum of ``tokens_in`` and ``tokens_out`` (None when the trace has none);

- steps to the last new page: the step that first reached the last page first reached;
- claims (a model's or a student's bug reports, ``claims`` of kind ``reported``), checked against
  the bugs the pages really showed (:func:`checked_claims`, the rule below): claims matched,
  precision = matched claims / claims, recall = detected bugs claimed / detected bugs.

A figure the trace cannot know is None (shown "—"), never 0: coverage without the site's page
count, bug figures without its bugs, every report figure when the header's ``reported_by`` is
null (no one looked for bugs along the run: an empty report list says nothing), and every claim
figure when the trace holds no claim of kind ``reported``, or does not know the truth.

**The claim rule.** The bugs the pages really showed (:func:`detected_bugs`) are the bug pages of
the header's site on which the detector recorded a report (``reported_by`` "detector"); otherwise
(no site, or reports filed by the agent itself, or not known) they are unknown. A claim names a
page: the page of the route it names (its ``route``'s path and query, a URL's or a bare path,
looked up among the trace's own steps' URLs; a route the run never reached names no page), or,
when it names none, the page of the step it is on. It matches when that page is a detected bug.
The error type and the words do not count: a person picks a type from a short list, a model names
it in its own words.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from urllib.parse import urlsplit

from memviz.core.trace import Claim, Trace, TraceHeader, TraceStep


@dataclass(frozen=True)
class TraceStats:
    agent: str
    steps: int  # moves after the start
    pages_seen: int
    coverage: float | None  # None: the trace does not say how many pages its site has
    repeats: int
    repeat_rate: float
    off_site: int  # steps off the site
    bugs_found: int | None  # None: the trace does not name its site's bugs, or knows no reports
    bug_recall: float | None
    reports: int | None  # None: the trace does not know its reports (header reported_by null)
    duplicate_reports: int | None
    duplicate_rate: float | None  # None: no reports, or not known
    tokens: int | None
    steps_to_last_new: int
    claims: int | None = None  # claims of kind "reported"; None: the trace holds none
    claims_matched: int | None = None  # of them, naming a detected bug; None: none, or truth unknown
    claim_precision: float | None = None  # claims_matched / claims
    claim_recall: float | None = None  # detected bugs claimed / detected bugs (None: none detected)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class StepTally:
    """What one step added to the report figures: a bug page reported on for the first time, and a
    report whose fingerprint had been reported before (the trace's own, as trace_stats counts them)."""

    new_bug: bool
    duplicate: bool


class Tally:
    """:func:`trace_stats`' counters, one step at a time: the replay shows them as it goes, and its
    last figures are the whole trace's by construction (one definition of every figure)."""

    def __init__(self, header: TraceHeader) -> None:
        self.header = header
        self.known = header.reports_known  # else every report figure is None, never 0
        self.seen: set = set()
        self.pages: set[int] = set()
        self.moves = -1  # the start is no move
        self.repeats = self.off_site = self.reports = self.duplicates = 0
        self.last_new = 0
        self.fingerprints: set = set()
        site = header.site
        self.bug_pages = set(site.bugs) if site is not None and site.bugs is not None else None
        self.bugs_found: set[int] = set()
        self.tokens: int | None = None

    def add(self, step: TraceStep) -> StepTally:
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: one step's tally: each branch a
        # figure of docs/traces.md (reports, duplicates, new pages, repeats, tokens).
        if step.tokens_in is not None or step.tokens_out is not None:
            self.tokens = (self.tokens or 0) + (step.tokens_in or 0) + (step.tokens_out or 0)
        new_bug = duplicate = False
        for report in step.reports:
            self.reports += 1
            if report.fingerprint in self.fingerprints:
                self.duplicates += 1
                duplicate = True
            self.fingerprints.add(report.fingerprint)
            if (
                self.bug_pages is not None
                and step.page in self.bug_pages
                and step.page not in self.bugs_found
            ):
                self.bugs_found.add(step.page)
                new_bug = True
        if step.moved:
            self.moves += 1
            key = step.page if step.page is not None else ("url", step.url)
            if step.page is None:
                self.off_site += 1
            if key in self.seen:
                self.repeats += 1
            else:
                self.seen.add(key)
                if step.page is not None:
                    self.pages.add(step.page)
                    self.last_new = step.step
        return StepTally(new_bug and self.known, duplicate and self.known)

    def stats(self) -> TraceStats:
        site, known, moves = self.header.site, self.known, max(self.moves, 0)
        return TraceStats(
            agent=self.header.agent,
            steps=moves,
            pages_seen=len(self.pages),
            coverage=None if site is None else len(self.pages) / site.pages,
            repeats=self.repeats,
            repeat_rate=self.repeats / max(moves, 1),
            off_site=self.off_site,
            bugs_found=len(self.bugs_found) if known and self.bug_pages is not None else None,
            bug_recall=len(self.bugs_found) / len(self.bug_pages) if known and self.bug_pages else None,
            reports=self.reports if known else None,
            duplicate_reports=self.duplicates if known else None,
            duplicate_rate=self.duplicates / self.reports if known and self.reports else None,
            tokens=self.tokens,
            steps_to_last_new=self.last_new,
        )


def trace_stats(trace: Trace) -> TraceStats:
    tally = Tally(trace.header)
    for step in trace.steps:
        tally.add(step)
    figures = claim_figures(trace)
    return replace(
        tally.stats(),
        claims=figures.claims,
        claims_matched=figures.matched,
        claim_precision=figures.precision,
        claim_recall=figures.recall,
    )


# -- claims against the truth --------------------------------------------------------------------------


def url_route(url: str) -> str:
    """The route a URL or an absolute path names: its path ("/" when empty) and query, no fragment."""
    parts = urlsplit(url.strip())
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def detected_bugs(trace: Trace) -> set[int] | None:
    """The bugs the pages really showed: the header's bug pages on which the detector recorded a
    report. None when unknown: no site named, or the reports are not the detector's."""
    site = trace.header.site
    if site is None or site.bugs is None or trace.header.reported_by != "detector":
        return None
    bugs = set(site.bugs)
    return {step.page for step in trace.steps if step.reports and step.page in bugs}


@dataclass(frozen=True)
class CheckedClaim:
    step: int  # the step it is on
    claim: Claim
    page: int | None  # the page it names (None: a route the run never reached, or off the site)
    matched: bool | None  # it names a detected bug; None: the truth is not known


def checked_claims(trace: Trace) -> list[CheckedClaim]:
    """Every claim of kind ``reported``, in order, checked by the claim rule (module docstring)."""
    truth = detected_bugs(trace)
    pages = {url_route(s.url): s.page for s in trace.steps if s.page is not None}
    out = []
    for step in trace.steps:
        for claim in step.claims:
            if claim.kind != "reported":
                continue
            page = step.page if claim.route is None else pages.get(url_route(claim.route))
            matched = None if truth is None else page is not None and page in truth
            out.append(CheckedClaim(step.step, claim, page, matched))
    return out


@dataclass(frozen=True)
class ClaimFigures:
    claims: int | None  # None: no claim of kind "reported"
    matched: int | None  # None: no claims, or the truth is not known
    bugs_claimed: frozenset[int] | None  # the detected bugs some claim names
    detected: int | None  # the detected bugs (None: not known)
    precision: float | None
    recall: float | None  # None also when no bug was detected (0 / 0)


def claim_figures(trace: Trace, checked: list[CheckedClaim] | None = None) -> ClaimFigures:
    """The claims of a trace against its detected bugs: one definition for ``trace stats``,
    ``memviz agent``'s run lines and the class (``memviz class summary``, Watch the class)."""
    checked = checked_claims(trace) if checked is None else checked
    truth = detected_bugs(trace)
    if not checked:
        return ClaimFigures(None, None, None, None if truth is None else len(truth), None, None)
    if truth is None:
        return ClaimFigures(len(checked), None, None, None, None, None)
    matched = sum(1 for c in checked if c.matched)
    claimed = frozenset(c.page for c in checked if c.matched)
    recall = len(claimed) / len(truth) if truth else None
    return ClaimFigures(len(checked), matched, claimed, len(truth), matched / len(checked), recall)
