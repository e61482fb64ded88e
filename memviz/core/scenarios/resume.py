"""Resume after an interrupted session (the memory tool's ASSUME INTERRUPTION).

Session 1 makes steps 1..K, then the context is lost. What session 2 knows is only what was written
to the memory directory before the cut, read back from disk:

- ``none``: nothing was written: empty memory, empty bug list;
- ``step``: the harness writes the state every step: memory and bug list as after step K;
- ``milestone:M``: handoff notes written at milestones only: as after step M·⌊K/M⌋ (after step 0,
  the start page).

Session 2 starts at the start page and writes it to memory like any run start; the random stream
and the step numbers go on (K+1..budget). A session 1 that stops by itself before K ends the run.
Coverage counts pages seen in either session; a step into a page seen before in either session is a
repeat; a bug reported again is a duplicate.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field

from memviz.core.engine import Exploration, RunConfig, StepEvent
from memviz.core.scenarios.store import MemoryStore
from memviz.core.site import Site
from memviz.core.strategies import HOW_DEAD_END, HOW_DONE

PROGRESS_FILE = "/memories/progress.json"  # the harness's structured state
# memviz's mark in every progress file it writes: a file without it is the user's, never replaced
# or deleted (issue 23: a progress.json found in --memory-dir was overwritten or removed)
WRITTEN_BY = ("written_by", "memviz")
Observer = Callable[[int, Exploration, StepEvent | None], None]


def parse_persist(text: str) -> tuple[str, int]:
    """``none``, ``step`` or ``milestone:M`` as (kind, M); ValueError names what is wrong."""
    if text in ("none", "step"):
        return text, 0
    kind, _, every = text.partition(":")
    if kind == "milestone" and every.isascii() and every.isdigit() and int(every) >= 1:
        return kind, int(every)
    raise ValueError(f"persist: expected none, step or milestone:M (M ≥ 1), got {text!r}")


def persist_option(text: str) -> str:
    """``--persist``'s text as given, once :func:`parse_persist` accepts it."""
    parse_persist(text)
    return text


def write_progress(store: MemoryStore, step: int, exploration: Exploration) -> None:
    """The harness writes what the agent knows after ``step``: memory in eviction order, bug list."""
    state = {
        WRITTEN_BY[0]: WRITTEN_BY[1],
        "step": step,
        "memory": list(exploration.memory_order()),
        "bugs": sorted(exploration.reported),
    }
    store.create(PROGRESS_FILE, json.dumps(state))


def _written_by_memviz(text: str) -> bool:
    try:
        state = json.loads(text)
    except ValueError:
        return False
    return isinstance(state, dict) and state.get(WRITTEN_BY[0]) == WRITTEN_BY[1]


def claim_progress(store: MemoryStore) -> bool:
    """Before a run writes (or, persisting nothing, removes) the progress file: True when there is
    one of memviz's own, False when there is none; a file memviz did not write is refused (a
    ValueError naming it) and left as it is."""
    text = store.read(PROGRESS_FILE)  # refuses a named pipe, a symlink out, a huge file
    if text is None:
        if store.resolve(PROGRESS_FILE).is_dir():
            raise ValueError(f"memory-dir: {store.resolve(PROGRESS_FILE)} is a folder, not a progress file")
        return False
    if not _written_by_memviz(text):
        raise ValueError(
            f"memory-dir: {store.resolve(PROGRESS_FILE)} was not written by memviz; memviz replaces or "
            "deletes only the files it wrote (move it away or give another --memory-dir)"
        )
    return True


def read_progress(store: MemoryStore, n_pages: int) -> tuple[int | None, list[int], set[int]]:
    """What a new session reads back from disk: (the step it was written after or None, memory, bugs).
    A file that is not the harness's own is refused rather than half believed."""
    text = store.read(PROGRESS_FILE)
    if text is None:
        return None, [], set()
    try:
        state = json.loads(text)
        step, memory, bugs = state["step"], state["memory"], state["bugs"]
        pages = [*memory, *bugs]
        if (
            not _written_by_memviz(text)
            or not isinstance(step, int)
            or not all(isinstance(p, int) and 0 <= p < n_pages for p in pages)
        ):
            raise ValueError
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"{PROGRESS_FILE}: not a progress file this harness wrote") from None
    return step, list(dict.fromkeys(memory)), set(bugs)


@dataclass
class ResumedRun:
    """Both sessions of one run: their events, and what session 2 read back."""

    site: Site
    config: RunConfig
    interrupt_at: int
    persist: str
    sessions: list[list[int]]
    events: list[list[StepEvent]] = field(repr=False)
    loaded_step: int | None  # the step the state session 2 read was written after (None: nothing)
    loaded_memory: list[int]
    loaded_bugs: set[int]
    writes: list[int]  # the steps after which the harness wrote progress
    coverage: float
    repeat: float
    bugs: int
    reports: int
    dups: int
    tokens: int
    steps: int
    stop_reason: str

    @property
    def interrupted(self) -> bool:
        return len(self.sessions) == 2

    def to_dict(self) -> dict:
        return {
            "coverage": self.coverage, "repeat": self.repeat, "bugs": self.bugs, "reports": self.reports,
            "dups": self.dups, "tokens": self.tokens, "steps": self.steps, "stop_reason": self.stop_reason,
            "sessions": self.sessions, "interrupt_at": self.interrupt_at, "persist": self.persist,
            "loaded_step": self.loaded_step, "loaded_memory": self.loaded_memory,
            "loaded_bugs": sorted(self.loaded_bugs), "config": self.config.__dict__,
        }  # fmt: skip


def resumed_run(
    site: Site, config: RunConfig, interrupt_at: int, persist: str, store: MemoryStore | None = None,
    on_step: Observer | None = None,
) -> ResumedRun:  # fmt: skip
    """Session 1 to step ``interrupt_at``, the cut, session 2 from what ``store`` holds on disk
    (default: a fresh temporary memory directory). ``on_step(session, exploration, event)`` is
    called after each step (and with event None as each session begins), for a player."""
    kind, every = parse_persist(persist)
    if interrupt_at < 0:
        raise ValueError(f"interrupt-at: must not be negative, got {interrupt_at}")
    if store is None:
        with tempfile.TemporaryDirectory(prefix="memviz-memories-") as directory:
            return resumed_run(site, config, interrupt_at, persist, MemoryStore(directory), on_step)
    if claim_progress(store) and kind == "none":  # a directory reused
        store.delete(PROGRESS_FILE)  # (the others write over it at step 0)
    first = Exploration(site, config)
    writes: list[int] = []

    def maybe_write(step: int) -> None:
        if kind == "step" or (kind == "milestone" and step % every == 0):
            write_progress(store, step, first)
            writes.append(step)

    def after_step(event: StepEvent) -> None:
        if event.moved:
            maybe_write(event.steps)

    maybe_write(0)
    events1 = session_steps(1, first, on_step, after_step, most=interrupt_at)
    stopped_itself = first.finished and (
        first.stop_reason in (HOW_DONE, HOW_DEAD_END) or len(events1) < interrupt_at
    )
    if stopped_itself or (first.finished and first.stop_reason != "budget"):
        return _uninterrupted(first, interrupt_at, persist, events1, writes)
    loaded_step, memory, bugs = read_progress(store, site.n_pages)
    second = first.next_session(memory, bugs)
    events2 = session_steps(2, second, on_step)
    loaded = (loaded_step, memory, bugs)
    return _both_sessions(first, second, interrupt_at, persist, [events1, events2], writes, loaded)


def _both_sessions(
    first: Exploration, second: Exploration, interrupt_at: int, persist: str, events: list[list[StepEvent]],
    writes: list[int], loaded: tuple[int | None, list[int], set[int]],
) -> ResumedRun:  # fmt: skip
    """The run cut at ``interrupt_at`` and resumed from what session 2 ``loaded`` (the step it was
    written after, memory, bugs): its figures over both sessions."""
    site = first.site
    loaded_step, memory, bugs = loaded
    events1, events2 = events
    last = (events2 or events1)[-1] if (events2 or events1) else None
    steps = len(first.path) - 1 + len(second.path) - 1
    found = first.reported | second.reported
    reports = last.reports if last is not None else 0
    pages_seen = last.pages_seen if last is not None else 1
    repeats = last.repeats if last is not None else 0
    tokens = last.tokens_total if last is not None else 0
    return ResumedRun(
        site, first.config, interrupt_at, persist, [list(first.path), list(second.path)], events,
        loaded_step, memory, bugs, writes, pages_seen / site.n_pages, repeats / max(steps, 1), len(found),
        reports, reports - len(found), tokens, steps, second.stop_reason or "",
    )  # fmt: skip


def _uninterrupted(
    first: Exploration, interrupt_at: int, persist: str, events: list[StepEvent], writes: list[int]
) -> ResumedRun:
    """The run ended before the cut (it stopped itself, or found every bug): one session."""
    result = first.result()
    return ResumedRun(
        first.site, first.config, interrupt_at, persist, [result.path], [events], None, [], set(), writes,
        result.coverage, result.repeat, result.bugs, result.reports, result.dups, result.tokens,
        result.steps, result.stop_reason,
    )  # fmt: skip


def session_steps(
    number: int,
    exploration: Exploration,
    on_step: Observer | None,
    after_step: Callable[[StepEvent], None] | None = None,
    most: int | None = None,
) -> list[StepEvent]:
    """Session ``number`` stepped to its end, or to ``most`` steps: its events. ``on_step`` is told
    as it begins (event None) and after each step, then ``after_step``."""
    events: list[StepEvent] = []
    if on_step is not None:
        on_step(number, exploration, None)
    while not exploration.finished and (most is None or len(events) < most):
        event = exploration.step()
        events.append(event)
        if on_step is not None:
            on_step(number, exploration, event)
        if after_step is not None:
            after_step(event)
    return events
