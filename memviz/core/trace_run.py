"""A memviz run as a ``memviz-trace/1`` trace (``memviz run --trace``), and a trace's header for any
agent on a known site.

The run's URLs are where ``memviz serve`` puts its pages (``site.url_path``) under ``base_url``, its
statuses and reports what the served pages show (:mod:`memviz.core.webpage`): so a run's trace and a
crawl of the served site write the same steps.
"""

from __future__ import annotations

from memviz.core.engine import Exploration, RunConfig, RunResult, StepEvent
from memviz.core.site import Site
from memviz.core.trace import Trace, TraceHeader, TraceSite, TraceStep
from memviz.core.webpage import report_of, status_of

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


def trace_site(site: Site) -> TraceSite:
    return TraceSite(site.name("en"), site.n_pages, tuple(sorted(site.bug_by_page)))


def memviz_header(site: Site, config: RunConfig, start_url: str, task: str | None = None) -> TraceHeader:
    return TraceHeader(
        agent="memviz",
        start_url=start_url,
        task=task,
        config=dict(config.__dict__),
        site=trace_site(site),
        version=site.version,
        reported_by="agent",
    )


def event_step(site: Site, base_url: str, index: int, event: StepEvent) -> TraceStep:
    """The trace step of one engine step (``index``: its number in the trace)."""
    if not event.moved:
        url = base_url + site.url_path(event.from_page)
        return TraceStep(step=index, url=url, page=event.from_page, action="stop", tokens_in=event.tokens)
    page = event.to_page
    reports = ()
    if event.bug_found or event.duplicate_report:
        reports = (report_of(site, page, index),)
    return TraceStep(
        step=index,
        url=base_url + site.url_path(page),
        page=page,
        action="click",
        status=status_of(site, page),
        tokens_in=event.tokens,
        reports=reports,
    )


def start_step(site: Site, base_url: str, start: int | None = None) -> TraceStep:
    """Step 0, the arrival at ``start`` (None: the site's start page; a task's start page hides a bug
    at times, and then the run reports it at step 0, as the engine does)."""
    page = site.start if start is None else start
    reports = ()
    if start is not None and page in site.bug_by_page:
        reports = (report_of(site, page, 0),)
    return TraceStep(
        step=0,
        url=base_url + site.url_path(page),
        page=page,
        action="start",
        status=status_of(site, page),
        reports=reports,
    )


def run_trace(
    site: Site, config: RunConfig, base_url: str = DEFAULT_BASE_URL, task: str | None = None
) -> tuple[RunResult, Trace]:
    """Run ``config`` on ``site`` and return its result and its trace."""
    exploration = Exploration(site, config)
    steps = [start_step(site, base_url, config.start)]
    while not exploration.finished:
        steps.append(event_step(site, base_url, len(steps), exploration.step()))
    header = memviz_header(site, config, steps[0].url, task)
    return exploration.result(), Trace(header, tuple(steps))
