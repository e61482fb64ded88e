"""What a trace measures (``memviz trace stats``), by the chapter's definitions, so a memviz run's
trace gives its run's figures back (coverage, repeat rate, reports, duplicates, tokens).

- coverage: distinct pages of the site visited (the start page included) / the site's pages;
- repeat rate: moves to a page (or off-site URL) already visited / moves;
- bug recall: bug pages of the site reported on while there / the site's bugs;
- duplicate report rate: reports whose fingerprint was reported before / reports;
- tokens: the sum of ``tokens_in`` and ``tokens_out`` (None when the trace has none);

A figure the trace cannot know is None (shown "—"), never 0: coverage without the site's page
count, bug recall without its bugs, and every report figure when the header's ``reported_by`` is
null (no one looked for bugs along the run: an empty report list says nothing).
- steps to the last new page: the step that first reached the last page first reached.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from memviz.core.trace import Trace, TraceHeader, TraceStep


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
        self.bug_pages = set(header.site.bugs) if header.site is not None else None
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
    return tally.stats()
