"""A recorded run replayed by the engine, with a "what if" memory (``memviz --trace T.jsonl``).

The path is the real agent's (a trace's pages, in order); the engine walks it unchanged, its
chooser replaced by the recording (:class:`~memviz.core.engine.Exploration`'s ``chooser``). The
"what if" config says what memory rides along: a memory strategy (``visited``/``frontier``) with its
capacity, policy and time to live writes and evicts as it would have along that path, so each step's
event says what that memory would have held, which revisits were of pages it had forgotten
(``was_forgotten``) and which were of pages it still held: the real agent went back to a page the
memory would have told it it had seen (:func:`told_revisits`). ``random`` replays with no memory.

**The figures are the recording's own**, never the engine's: each event's reports, bugs found,
duplicates and tokens are the trace's (:class:`RecordedFigures`, counted by
:class:`memviz.core.trace_stats.Tally`, the one definition ``trace stats`` uses), so the replay's last
figures are the trace's stats. What the trace does not know (its reports when ``reported_by`` is
null, its tokens when no step has any) is None in the figures and 0 in the event's counters, which
a view shows as unknown. The what-if memory only adds to the events what it would have held and
forgotten (``was_forgotten``, ``memory_*``): it never changes a recorded figure.

Steps off the site (``page`` null) are left out of the walk: the graph has no place for them; the
trace's stop steps too (the replay stops when the recording ends). Their tokens and reports count
in the figures of the last step before them (of the first move, for those before the first page on
the site). Policy ``opt`` is refused: its look-ahead plays the strategy's rule, and a recorded agent
follows no rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from memviz.core.engine import ConfigError, Exploration, PageState, RunConfig, RunResult, StepEvent
from memviz.core.site import Site
from memviz.core.strategies import HOW_DONE, HOW_RECORDED
from memviz.core.trace import Report, Trace, read_trace
from memviz.core.trace_stats import Tally, TraceStats


@dataclass(frozen=True)
class RecordedFigures:
    """The recording's figures after one entry of its path (the start, then each move), counted as
    ``trace stats`` counts them; None: the trace does not say."""

    reports: tuple[Report, ...]  # filed at this entry (and at the steps left out after it)
    bug_found: bool  # a bug page reported on for the first time
    duplicate_report: bool  # a report whose fingerprint had been reported before
    tokens: int | None  # of this entry's calls
    reports_total: int | None
    duplicates_total: int | None
    bugs_total: int | None
    tokens_total: int | None
    reported_pages: frozenset[int] = frozenset()  # bug pages reported on so far
    duplicates_by_page: tuple[tuple[int, int], ...] = ()  # (page, duplicate reports there) so far


UNKNOWN = RecordedFigures((), False, False, None, None, None, None, None)


@dataclass(frozen=True)
class RecordedRun:
    """A trace's walk on a site: the pages gone to, the start first, and where it came from."""

    path: tuple[int, ...]
    agent: str
    source: str  # the trace file's name, for labels
    off_site: int  # steps left out: off the site
    # one per path entry, and one more for a closing stop call; (): the figures are unknown
    figures: tuple[RecordedFigures, ...] = field(default=(), repr=False)
    stats: TraceStats | None = field(default=None, repr=False)  # the whole trace's (trace stats)
    file: str | None = None  # the trace file's path, when it was read from one (memviz record --trace)

    @property
    def steps(self) -> int:
        return len(self.path) - 1

    @property
    def stops(self) -> bool:
        """The recording ends with a call that went nowhere (the agent believed it was done)."""
        return len(self.figures) > len(self.path)

    @property
    def reports_known(self) -> bool:
        return bool(self.figures) and self.figures[-1].reports_total is not None

    @property
    def tokens_known(self) -> bool:
        return bool(self.figures) and self.figures[-1].tokens_total is not None

    def figures_at(self, entry: int) -> RecordedFigures:
        """The figures after path entry ``entry`` (0: the start)."""
        return self.figures[entry] if self.figures else UNKNOWN


class ReplayError(ValueError):
    """A trace that cannot be replayed on the site (one line, naming what does not fit)."""


def recorded_run(trace: Trace, site: Site, source: str = "trace") -> RecordedRun:
    pages = [p for p in trace.path if p is not None]
    if not pages:
        raise ReplayError(f"{source}: no step of the trace is on the site")
    if trace.header.site is not None and trace.header.site.pages != site.n_pages:
        raise ReplayError(
            f"{source}: the trace's site has {trace.header.site.pages} pages, this site {site.n_pages}: "
            "open the site the trace was made on"
        )
    high = max(pages)
    if high >= site.n_pages:
        raise ReplayError(f"{source}: page {high} is not a page of this site (0..{site.n_pages - 1})")
    figures = _figures(trace)
    tally_stats = figures.pop()
    return RecordedRun(
        tuple(pages), trace.header.agent, source, len(trace.path) - len(pages), tuple(figures), tally_stats
    )


def _figures(trace: Trace) -> list:
    """One RecordedFigures per entry of the walk (the start, then each move on the site, then the
    recording's closing stop call if it ends with one), then the whole trace's stats. An entry
    stands for its move and the steps left out after it (off the site, a stop in between); those
    before the first page on the site count with the first entry."""
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: one pass over the recording that
    # groups its steps into the walk's entries; the branches are the kinds of step (off the site, a stop,
    # the closing call).
    groups: list[list] = [[]]
    started = False
    last = len(trace.steps) - 1
    for k, step in enumerate(trace.steps):
        if (step.moved and step.page is not None) or (k == last and not step.moved and started):
            if started:  # a move on the site, or the recording's closing stop: an entry of its own
                groups.append([])
            started = True
        groups[-1].append(step)
    tally = Tally(trace.header)
    reported: set[int] = set()
    duplicates: dict[int, int] = {}
    figures: list = []
    for group in groups:
        said: list[Report] = []
        new_bug = duplicate = False
        tokens = None
        for step in group:
            mark = tally.add(step)
            new_bug, duplicate = new_bug or mark.new_bug, duplicate or mark.duplicate
            if mark.new_bug:
                reported.add(step.page)
            if mark.duplicate and step.page is not None:
                duplicates[step.page] = duplicates.get(step.page, 0) + 1
            said += step.reports
            if step.tokens_in is not None or step.tokens_out is not None:
                tokens = (tokens or 0) + (step.tokens_in or 0) + (step.tokens_out or 0)
        stats = tally.stats()
        figures.append(
            RecordedFigures(
                reports=tuple(said),
                bug_found=new_bug,
                duplicate_report=duplicate,
                tokens=tokens,
                reports_total=stats.reports,
                duplicates_total=stats.duplicate_reports,
                bugs_total=stats.bugs_found,  # None: no reports known, or no bug pages named
                tokens_total=stats.tokens,
                reported_pages=frozenset(reported),
                duplicates_by_page=tuple(sorted(duplicates.items())),
            )
        )
    figures.append(tally.stats())
    return figures


def load_recorded(path: str | Path, site: Site) -> RecordedRun:
    """The trace in ``path`` as a recorded run on ``site`` (TraceError or ReplayError, one line)."""
    path = Path(path)
    return replace(recorded_run(read_trace(path), site, path.name), file=str(path.resolve()))


def replay_config(recorded: RecordedRun, what_if: RunConfig) -> RunConfig:
    """``what_if``'s memory along the recorded path: as many steps as were recorded."""
    if what_if.policy == "opt":
        raise ConfigError("policy: opt cannot ride along a recorded run (its look-ahead plays a rule)")
    # the recording says where it starts (a task's start page in the settings would move it)
    return what_if.with_(budget=recorded.steps + recorded.stops, until_all_bugs=False, start=None)


class _Recording:
    """The chooser: the next recorded page, whatever the page's links or memory say."""

    def __init__(self, path: tuple[int, ...]) -> None:
        self.path = path
        self.exploration: Exploration | None = None

    def __call__(self, site, page, memory, rng):
        k = len(self.exploration.path)
        if k >= len(self.path):
            return None, HOW_DONE, None
        return self.path[k], HOW_RECORDED, None


class RecordedExploration(Exploration):
    """The engine walking a recorded path: its what-if memory the engine's, every figure the
    recording's (events, page states and the result)."""

    def __init__(self, site: Site, recorded: RecordedRun, what_if: RunConfig) -> None:
        chooser = _Recording(recorded.path)
        super().__init__(site, replay_config(recorded, what_if), chooser=chooser)
        chooser.exploration = self
        self.recorded = recorded
        self.figures = recorded.figures_at(0)

    def step(self) -> StepEvent:
        event = super().step()
        self.figures = figures_of(self.recorded, event)
        f = self.figures
        self.last_event = event = event._replace(
            bug_found=f.bug_found if event.moved else False,
            duplicate_report=f.duplicate_report if event.moved else False,
            tokens=f.tokens or 0,
            bugs_found=f.bugs_total or 0,
            reports=f.reports_total or 0,
            tokens_total=f.tokens_total or 0,
        )
        return event

    def run_to_end(self) -> RunResult:
        while not self.finished:
            self.step()
        return self.result()

    def page_state(self, page: int) -> PageState:
        return self._recorded_state(page, super().page_state(page))

    def page_states(self) -> list[PageState]:
        return [self._recorded_state(p, state) for p, state in enumerate(super().page_states())]

    def _recorded_state(self, page: int, state: PageState) -> PageState:
        duplicates = dict(self.figures.duplicates_by_page).get(page, 0)
        return state._replace(bug_reported=page in self.figures.reported_pages, duplicates=duplicates)

    def result(self) -> RunResult:
        """The engine's result with the recording's figures (unknown ones 0: see ``recorded``)."""
        f = self.figures
        bug_tokens = []  # tokens spent so far at each bug's first report, when the trace has tokens
        if self.recorded.tokens_known:
            before = 0
            for entry in self.recorded.figures[: len(self.path)]:
                bug_tokens += [entry.tokens_total or 0] * (len(entry.reported_pages) - before)
                before = len(entry.reported_pages)
        simulated = super().result()
        return simulated._replace(
            bugs=f.bugs_total or 0,
            reports=f.reports_total or 0,
            dups=f.duplicates_total or 0,
            tokens=f.tokens_total or 0,
            bug_tokens=bug_tokens,
        )


def replay(site: Site, recorded: RecordedRun, what_if: RunConfig) -> RecordedExploration:
    """An Exploration that walks ``recorded``'s path with ``what_if``'s memory; step it as any run."""
    if recorded.path[0] != site.start:
        site = _starting_at(site, recorded.path[0])
    return RecordedExploration(site, recorded, what_if)


def _starting_at(site: Site, start: int) -> Site:
    return site.with_(start=start)


def what_if_text(config: RunConfig) -> str:
    """The what-if memory as ``memviz compare`` writes a lane: "frontier/3/fifo", "visited/inf/lru"."""
    capacity = "inf" if config.capacity is None else config.capacity
    return f"{config.strategy}/{capacity}/{config.policy}"


def figures_of(recorded: RecordedRun, event: StepEvent) -> RecordedFigures:
    """The recording's figures at ``event`` of its replay (a move, or the closing stop call)."""
    return recorded.figures_at(event.steps if event.moved else event.steps + 1)


def told_revisits(events: list[StepEvent]) -> list[int]:
    """The steps where the real agent went back to a page the memory still held: the memory would
    have told it it had been there."""
    return [e.steps for e in events if e.moved and not e.is_new and not e.was_forgotten and e.memory_size]
