"""A recorded run replayed by the engine, with a "what if" memory (``memviz --trace T.jsonl``).

The path is the real agent's (a trace's pages, in order); the engine walks it unchanged, its
chooser replaced by the recording (:class:`~memviz.core.engine.Exploration`'s ``chooser``). The
"what if" config says what memory rides along: a memory strategy (``visited``/``frontier``) with its
capacity, policy and time to live writes and evicts as it would have along that path, so each step's
event says what that memory would have held, which revisits were of pages it had forgotten
(``was_forgotten``) and which were of pages it still held: the real agent went back to a page the
memory would have told it it had seen (:func:`told_revisits`). ``random`` replays with no memory.

Steps off the site (``page`` null) are left out: the graph has no place for them; the trace's stop
steps too (the replay stops when the recording ends). Policy ``opt`` is refused: its look-ahead plays
the strategy's rule, and a recorded agent follows no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from memviz.core.engine import ConfigError, Exploration, RunConfig, StepEvent
from memviz.core.site import Site
from memviz.core.strategies import HOW_DONE, HOW_RECORDED
from memviz.core.trace import Trace, read_trace


@dataclass(frozen=True)
class RecordedRun:
    """A trace's walk on a site: the pages gone to, the start first, and where it came from."""

    path: tuple[int, ...]
    agent: str
    source: str  # the trace file's name, for labels
    off_site: int  # steps left out: off the site

    @property
    def steps(self) -> int:
        return len(self.path) - 1


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
    return RecordedRun(tuple(pages), trace.header.agent, source, len(trace.path) - len(pages))


def load_recorded(path: str | Path, site: Site) -> RecordedRun:
    """The trace in ``path`` as a recorded run on ``site`` (TraceError or ReplayError, one line)."""
    path = Path(path)
    return recorded_run(read_trace(path), site, path.name)


def replay_config(recorded: RecordedRun, what_if: RunConfig) -> RunConfig:
    """``what_if``'s memory along the recorded path: as many steps as were recorded."""
    if what_if.policy == "opt":
        raise ConfigError("policy: opt cannot ride along a recorded run (its look-ahead plays a rule)")
    # the recording says where it starts (a task's start page in the settings would move it)
    return what_if.with_(budget=recorded.steps, until_all_bugs=False, start=None)


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


def replay(site: Site, recorded: RecordedRun, what_if: RunConfig) -> Exploration:
    """An Exploration that walks ``recorded``'s path with ``what_if``'s memory; step it as any run."""
    if recorded.path[0] != site.start:
        site = _starting_at(site, recorded.path[0])
    chooser = _Recording(recorded.path)
    exploration = Exploration(site, replay_config(recorded, what_if), chooser=chooser)
    chooser.exploration = exploration
    return exploration


def _starting_at(site: Site, start: int) -> Site:
    from dataclasses import replace

    return replace(site, start=start)


def told_revisits(events: list[StepEvent]) -> list[int]:
    """The steps where the real agent went back to a page the memory still held: the memory would
    have told it it had been there."""
    return [e.steps for e in events if e.moved and not e.is_new and not e.was_forgotten and e.memory_size]
