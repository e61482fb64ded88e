"""What a run reports: a :class:`StepEvent` per step, a :class:`RunResult` at its end, and a
:class:`PageState` per page, for views to draw as they are."""

# No `from __future__ import annotations`: typing.NamedTuple compiles each string annotation of its
# fields (a ForwardRef), ~10 µs a field before the window's first paint; these are plain names (issue 41).

from typing import NamedTuple

from memviz.core.context import ContextStep
from memviz.core.retrieval import EntryScore
from memviz.core.strategies import HOW_DEAD_END, HOW_DONE

# What a page is to the agent, as the graph draws it (:meth:`Exploration.page_state`).
UNVISITED = "unvisited"
VISITED = "visited"  # visited, and there is no memory to hold it
REMEMBERED = "remembered"  # in memory now
FORGOTTEN = "forgotten"  # visited, in memory once, evicted since (with a context: known no more)
NAMED = "named"  # issue 38: known as visited by name only (the summary's), its links lost


class StepEvent(NamedTuple):
    """Everything one step did, for views to draw as it is.

    A named tuple: the window builds one per step, and a tuple is built several times faster than
    a frozen dataclass (whose ``__init__`` sets each field through ``object.__setattr__``).
    """

    from_page: int
    to_page: int | None  # None when the agent stopped instead of clicking
    how: str  # see memviz.core.strategies.HOW_*
    planned_path: tuple[int, ...] | None  # frontier: from_page .. target, through memory
    is_new: bool  # first visit to to_page
    visit_count: int  # visits to to_page after this step (0 when the agent stopped)
    was_forgotten: bool  # to_page had been remembered, then evicted: memory no longer knew it
    bug_page: int | None  # to_page hides a bug
    bug_found: bool  # ...reported for the first time
    duplicate_report: bool  # ...reported again (no memory of having reported it)
    memory_written: int | None  # a new entry for this page
    memory_touched: int | None  # LRU: an existing entry moved to most recent
    memory_evicted: int | None  # the entry forgotten to make room
    evicted_slot: int | None  # ...its place in eviction order (0 = next to go) before the eviction
    touched_from: int | None  # LRU: the place in eviction order the touched entry moved from
    memory_dropped: tuple[int, ...]  # entries the policy dropped as the step began (e.g. too old)
    tokens: int  # estimated tokens of this call (with top:K, of the entries injected)
    # Totals after the step.
    call: int  # model calls so far, this one included (1-based)
    steps: int  # links clicked so far
    pages_seen: int
    repeats: int
    bugs_found: int
    reports: int
    tokens_total: int
    memory_size: int
    finished: bool
    forgotten_at: int | None  # a forgotten revisit: the call at which to_page last left memory
    # Issue 27. The model ignored its memory this step (a uniform pick, no bug list consulted);
    # wrote nothing this step though it moved; with --read top:K, every entry's scores as the step
    # began, in eviction order, each marked whether it was injected (None: every entry injected).
    memory_ignored: bool = False
    write_skipped: bool = False
    read_scores: tuple[EntryScore, ...] | None = None
    # Issue 38: what the session context did this step (None: the context is off).
    context: ContextStep | None = None

    @property
    def moved(self) -> bool:
        return self.to_page is not None

    @property
    def is_repeat(self) -> bool:
        return self.to_page is not None and not self.is_new

    @property
    def duplicates(self) -> int:
        return self.reports - self.bugs_found

    @property
    def stopped(self) -> bool:
        return self.how in (HOW_DONE, HOW_DEAD_END)


class RunResult(NamedTuple):
    """What a run did: its figures and the pages it went through.

    A named tuple, not a frozen dataclass: made as every command starts, where a dataclass compiles
    six methods from source (5 M instructions of the window's first paint, issue 41), and a batch
    makes thousands, which a tuple's ``__new__`` makes at once. Changed copies: ``_replace``."""

    coverage: float
    repeat: float
    bugs: int
    reports: int
    dups: int
    tokens: int
    steps: int
    path: list[int]
    stop_reason: str  # "budget", "all_bugs", "max_steps", "done" or "dead_end"
    bug_tokens: list[int]  # tokens spent so far at each bug's first report

    def to_dict(self) -> dict:
        """Every field by name; the lists are copies (the caller may change them)."""
        return {**self._asdict(), "path": list(self.path), "bug_tokens": list(self.bug_tokens)}

    def __repr__(self) -> str:  # the figures; a path of thousands of pages is not one of them
        shown = ("coverage", "repeat", "bugs", "reports", "dups", "tokens", "steps", "stop_reason")
        return "RunResult(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in shown) + ")"


class PageState(NamedTuple):
    """A page as the agent knows it after the last step."""

    state: str  # UNVISITED, VISITED, REMEMBERED or FORGOTTEN
    visits: int
    bug_reported: bool  # a bug on it was reported
    duplicates: int  # reports of it after the first (no memory of having reported it)
