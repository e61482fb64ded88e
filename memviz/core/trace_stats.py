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

from memviz.core.trace import Trace


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


def trace_stats(trace: Trace) -> TraceStats:
    seen: set = set()
    pages: set[int] = set()
    repeats = off_site = reports = duplicates = 0
    last_new = 0
    fingerprints: set = set()
    bug_pages = set(trace.header.site.bugs) if trace.header.site is not None else None
    bugs_found: set[int] = set()
    tokens = None
    for step in trace.steps:
        if step.tokens_in is not None or step.tokens_out is not None:
            tokens = (tokens or 0) + (step.tokens_in or 0) + (step.tokens_out or 0)
        for report in step.reports:
            reports += 1
            if report.fingerprint in fingerprints:
                duplicates += 1
            fingerprints.add(report.fingerprint)
            if bug_pages is not None and step.page in bug_pages:
                bugs_found.add(step.page)
        if not step.moved:
            continue
        key = step.page if step.page is not None else ("url", step.url)
        if step.page is None:
            off_site += 1
        if key in seen:
            repeats += 1
        else:
            seen.add(key)
            if step.page is not None:
                pages.add(step.page)
                last_new = step.step
    moves = sum(1 for s in trace.steps if s.moved) - 1
    site = trace.header.site
    known = trace.header.reports_known  # else every report figure is None, never 0
    return TraceStats(
        agent=trace.header.agent,
        steps=moves,
        pages_seen=len(pages),
        coverage=None if site is None else len(pages) / site.pages,
        repeats=repeats,
        repeat_rate=repeats / max(moves, 1),
        off_site=off_site,
        bugs_found=len(bugs_found) if known and bug_pages is not None else None,
        bug_recall=len(bugs_found) / len(bug_pages) if known and bug_pages else None,
        reports=reports if known else None,
        duplicate_reports=duplicates if known else None,
        duplicate_rate=duplicates / reports if known and reports else None,
        tokens=tokens,
        steps_to_last_new=last_new,
    )
