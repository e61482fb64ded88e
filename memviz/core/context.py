"""The session context (issue 38): the chapter's first two layers, the context window and its compaction.

The agent's history is a list of turns, one per step (the page seen with its links, and the action,
``turn_tokens`` each): a turn for the start page at step 0 and one for every step after it. Each
call's prompt is ``base + entry·|injected memory| + summary + working context + T·|turns|``. Before a
call whose prompt exceeds the window ``W``, compaction makes room:

- ``truncate``: the oldest turns are dropped until the prompt fits (a sliding window);
- ``summary`` (Codex-style): the oldest half of the turns (rounded up) become a recursive summary
  that keeps the reported bugs and the names (no links) of the most recently visited distinct pages,
  at most ``summary_names`` with the previous summary's, newest first (``summary_tokens`` +
  ``note_tokens`` per name or bug); if it still does not fit, the oldest turns are dropped;
- ``memgpt`` (Packer et al. 2023, §2.2): past ``warn_at``·W a memory-pressure warning, on which the
  agent moves the bugs its context knows as reported into working context (``note_tokens`` each,
  kept for the run); past ``flush_at``·W the oldest ``evict_share`` of the turns (rounded up) go to
  recall storage and into the recursive summary, then the oldest turns left are dropped (to recall
  storage too) until the prompt fits. Before a choice, when some link of the current page is not
  known as visited and recall storage holds a turn, one recall search (``recall_tokens``) tells which
  of those links recall storage holds: they are known as visited for that choice.

The agent knows a page as visited if a turn of it is in the history, its name is in the summary or it
is in injected memory; it knows its links if a turn of it is in the history or it is in injected
memory; it knows a bug as reported if the report is in a turn in the history, in the summary, in
working context or in the bug list. The layer never draws a random number: it decides what is known.
docs/context.md gives every decision the issue left open.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import math
from collections import deque
from typing import NamedTuple

from memviz.core.limits import LIMITS, decimal_number, shown, whole_number
from memviz.core.site import Site

TRUNCATE = "truncate"
SUMMARY = "summary"
MEMGPT = "memgpt"
COMPACTIONS = (TRUNCATE, SUMMARY, MEMGPT)

DEFAULT_TURN_TOKENS = 500  # what one step adds to the history: the page seen with its links, the action
DEFAULT_SUMMARY_NAMES = 8  # page names a summary keeps
DEFAULT_SUMMARY_TOKENS = 100  # a summary's own tokens, before its names and bugs
DEFAULT_NOTE_TOKENS = 10  # a name or a bug in the summary, a bug in working context
DEFAULT_WARN_AT = 0.7  # MemGPT's warning threshold, a share of the window
DEFAULT_FLUSH_AT = 1.0  # MemGPT's flush threshold
DEFAULT_EVICT_SHARE = 0.5  # MemGPT: the share of the turns a flush evicts (rounded up)
DEFAULT_RECALL_TOKENS = 300  # one recall search
UNLIMITED = math.inf  # --context inf: a window nothing exceeds


class Turn(NamedTuple):
    """One step in the history: the page seen (with its links) and whether a bug report was filed there."""

    page: int
    reported: bool


class ContextStep(NamedTuple):
    """What the context did in one step (``StepEvent.context``): the call's tokens, the compaction,
    warning and recall search it made, and the context as the step leaves it."""

    window: float  # W, in tokens (math.inf: unlimited)
    prompt_before: int  # the prompt as the call began, before compaction
    prompt_tokens: int  # the prompt sent (after compaction)
    recall_tokens: int  # the recall search's tokens (0: none)
    turns_in_call: int  # turns in the prompt sent
    compaction: str | None  # the mode that compacted before this call, or None
    turns_summarized: int  # turns folded into the summary by this compaction
    turns_dropped: int  # turns dropped without being summarized (to recall storage under memgpt)
    turns_to_recall: int  # turns that went to recall storage
    pressure: bool  # memgpt: the memory-pressure warning at this call
    moved_to_working: tuple[int, ...]  # bugs the agent moved into working context on it
    recall_search: bool  # memgpt: a recall search before the choice
    recall_hits: tuple[int, ...]  # links of the page recall storage held: known as visited for the choice
    forgotten: bool  # to_page was revisited because the context no longer knew it (compaction's doing)
    forgotten_at: int | None  # ...the call at which it left the context
    turns: tuple[Turn, ...]  # the history after the step, oldest first
    summary_names: tuple[int, ...]  # newest first
    summary_bugs: tuple[int, ...]
    working_bugs: tuple[int, ...]
    summary_tokens: int
    working_tokens: int
    recall_size: int  # turns in recall storage
    named_only: tuple[int, ...]  # pages known as visited by name only (summary), not with their links
    # Totals over the session so far.
    compactions: int
    warnings: int
    recall_searches: int


class KnownPages:
    """What a chooser is shown with the context on: the pages known as visited, each with the links
    known for it (``()``: known by name only), as a memory's ``entries``."""

    __slots__ = ("entries",)

    def __init__(self, entries: dict[int, tuple[int, ...]]) -> None:
        self.entries = entries


class SessionContext:
    """The context of one session of a run, advanced by the engine's walker.

    ``reads``: whether the strategy reads its context (every strategy but the no-memory baseline,
    which carries the history in its tokens but never looks at it).
    """

    __slots__ = (
        "_call",
        "clickable",
        "compaction",
        "counts",
        "evict_share",
        "flush_at",
        "has_summary",
        "left_at",
        "note_tokens",
        "reads",
        "recall",
        "recall_pages",
        "recall_tokens",
        "report_count",
        "summary_bugs",
        "summary_names",
        "summary_size",
        "summary_tokens",
        "turn_count",
        "turn_tokens",
        "turns",
        "warn_at",
        "warned",
        "window",
        "working_bugs",
    )  # fmt: skip

    def __init__(self, site: Site, config, reads: bool) -> None:
        self.clickable = site.clickable
        self.window = config.context
        self.turn_tokens = config.turn_tokens
        self.compaction = config.compaction
        self.summary_size = config.summary_names
        self.summary_tokens = config.summary_tokens
        self.note_tokens = config.note_tokens
        self.warn_at, self.flush_at = config.warn_at, config.flush_at
        self.evict_share = config.evict_share
        self.recall_tokens = config.recall_tokens
        self.reads = reads
        self.turns: deque[Turn] = deque()
        self.turn_count: dict[int, int] = {}  # page -> its turns in the history
        self.report_count: dict[int, int] = {}  # page -> turns in the history holding its report
        self.summary_names: list[int] = []  # newest first
        self.summary_bugs: list[int] = []
        self.has_summary = False
        self.working_bugs: list[int] = []
        self.recall: list[Turn] = []
        self.recall_pages: set[int] = set()
        self.warned = False  # memgpt: warned since the last flush
        self.left_at: dict[int, int] = {}  # page -> the call at which the context stopped knowing it
        self._call: list = []  # this call's record (see begin_call)
        self.counts = [0, 0, 0]  # compactions, warnings, recall searches so far

    def copy(self) -> "SessionContext":
        new = object.__new__(SessionContext)
        for name in SessionContext.__slots__:
            value = getattr(self, name)
            if isinstance(value, list | dict | set | deque):
                value = type(value)(value)
            setattr(new, name, value)
        return new

    # -- what the prompt costs -------------------------------------------------------------------

    def summary_cost(self) -> int:
        """0 before the first summary; then its own tokens and a note per name and bug (even empty,
        ``--summary-names 0`` and no bug, a summary made is sent)."""
        if not self.has_summary:
            return 0
        return self.summary_tokens + self.note_tokens * (len(self.summary_names) + len(self.summary_bugs))

    def prompt(self, memory_tokens: int) -> int:
        """``memory_tokens`` (base + injected entries) plus summary, working context and turns."""
        return (
            memory_tokens
            + self.summary_cost()
            + self.note_tokens * len(self.working_bugs)
            + self.turn_tokens * len(self.turns)
        )

    # -- the history -----------------------------------------------------------------------------

    def append(self, page: int, reported: bool) -> None:
        self.turns.append(Turn(page, reported))
        self.turn_count[page] = self.turn_count.get(page, 0) + 1
        if reported:
            self.report_count[page] = self.report_count.get(page, 0) + 1

    def _pop_oldest(self) -> Turn:
        turn = self.turns.popleft()
        left = self.turn_count[turn.page] - 1
        if left:
            self.turn_count[turn.page] = left
        else:
            del self.turn_count[turn.page]
        if turn.reported:
            left = self.report_count[turn.page] - 1
            if left:
                self.report_count[turn.page] = left
            else:
                del self.report_count[turn.page]
        return turn

    def knows_visited(self, page: int) -> bool:
        return page in self.turn_count or page in self.summary_names

    def knows_report(self, page: int) -> bool:
        return page in self.report_count or page in self.summary_bugs or page in self.working_bugs

    # -- before each call ------------------------------------------------------------------------

    def begin_call(self, memory_tokens: int, call: int) -> int:
        """Compact as the mode says before call ``call``; returns the prompt sent."""
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: MemGPT's warning, its flush and
        # the summary modes in the order a call meets them (docs/context.md), sharing the counters its
        # ContextStep reports.
        before = prompt = self.prompt(memory_tokens)
        window = self.window
        mode = None
        summarized = dropped = to_recall = 0
        pressure = False
        moved: tuple[int, ...] = ()
        known_before = None
        if self.compaction == MEMGPT:
            if not self.warned and prompt > self.warn_at * window:
                pressure = self.warned = True
                if self.reads:  # the agent saves what it knows it reported; the baseline never reads
                    moved = tuple(b for b in self._known_reports() if b not in self.working_bugs)
                    self.working_bugs.extend(moved)
                    prompt = self.prompt(memory_tokens)
            if prompt > self.flush_at * window and self.turns:
                known_before = self._known_set()
                mode = MEMGPT
                count = math.ceil(self.evict_share * len(self.turns))
                evicted = [self._pop_oldest() for _ in range(count)]
                self._summarize(evicted)
                summarized = to_recall = count
                self._to_recall(evicted)
                self.warned = False
                prompt = self.prompt(memory_tokens)
                while prompt > window and self.turns:
                    self._to_recall([self._pop_oldest()])
                    dropped += 1
                    to_recall += 1
                    prompt = self.prompt(memory_tokens)
        elif prompt > window and self.turns:
            known_before = self._known_set()
            mode = self.compaction
            if mode == SUMMARY:
                count = math.ceil(len(self.turns) / 2)
                self._summarize([self._pop_oldest() for _ in range(count)])
                summarized = count
                prompt = self.prompt(memory_tokens)
            while prompt > window and self.turns:
                self._pop_oldest()
                dropped += 1
                prompt = self.prompt(memory_tokens)
        counts = self.counts
        counts[0] += mode is not None
        counts[1] += pressure
        if known_before is not None:
            known_after = self._known_set()
            for page in known_before - known_after:
                self.left_at[page] = call
        self._call = [before, prompt, 0, len(self.turns), mode, summarized, dropped, to_recall,
                      pressure, moved, False, (), False, None]  # fmt: skip
        return prompt

    def _known_reports(self) -> list[int]:
        seen = list(self.summary_bugs)
        for turn in self.turns:
            if turn.reported and turn.page not in seen:
                seen.append(turn.page)
        return seen

    def _known_set(self) -> set[int]:
        return set(self.turn_count) | set(self.summary_names)

    def _summarize(self, turns: list[Turn]) -> None:
        """The recursive summary of the previous summary and ``turns`` (oldest first)."""
        self.has_summary = True
        names: list[int] = []
        for turn in reversed(turns):  # newest first
            if turn.page not in names:
                names.append(turn.page)
        for page in self.summary_names:
            if page not in names:
                names.append(page)
        self.summary_names = names[: self.summary_size]
        for turn in turns:
            if turn.reported and turn.page not in self.summary_bugs:
                self.summary_bugs.append(turn.page)

    def _to_recall(self, turns: list[Turn]) -> None:
        self.recall.extend(turns)
        self.recall_pages.update(t.page for t in turns)

    # -- the choice ------------------------------------------------------------------------------

    def known(self, entries: dict[int, tuple[int, ...]] | None, page: int) -> KnownPages:
        """What the agent knows as it chooses from ``page``: its injected memory's ``entries`` (None:
        no memory), its turns and summary, and what a recall search (memgpt) finds. The search's
        tokens are in :meth:`recall_cost`."""
        known: dict[int, tuple[int, ...]] = dict.fromkeys(self.summary_names, ())
        clickable = self.clickable
        for p in self.turn_count:
            known[p] = clickable[p]
        if entries:
            known.update(entries)
        if self.recall_pages:
            unknown = [q for q in clickable[page] if q not in known]
            if unknown:
                hits = tuple(q for q in unknown if q in self.recall_pages)
                for q in hits:
                    known[q] = ()
                call = self._call
                call[2] = self.recall_tokens
                call[10], call[11] = True, hits
                self.counts[2] += 1
        return KnownPages(known)

    def recall_cost(self) -> int:
        return self._call[2]

    def forgot(self, page: int) -> None:
        """``page`` was revisited though the context had stopped knowing it."""
        self._call[12] = True
        self._call[13] = self.left_at.get(page)

    # -- what views are shown --------------------------------------------------------------------

    def step(self, memory: dict[int, tuple[int, ...]] | None) -> ContextStep:
        """This call's record and the context as the step leaves it; ``memory``: injected memory."""
        linked = self.turn_count.keys() | (memory.keys() if memory else set())
        named = tuple(sorted(p for p in self.summary_names if p not in linked))
        before, prompt, recall, in_call, mode, summarized, dropped, to_recall, pressure, moved, \
            searched, hits, forgotten, forgotten_at = self._call  # fmt: skip
        return ContextStep(
            self.window, before, prompt, recall, in_call, mode, summarized, dropped, to_recall, pressure,
            moved, searched, hits, forgotten, forgotten_at, tuple(self.turns), tuple(self.summary_names),
            tuple(self.summary_bugs), tuple(self.working_bugs), self.summary_cost(),
            self.note_tokens * len(self.working_bugs), len(self.recall), named, *self.counts,
        )  # fmt: skip


def window_text(window: float | None) -> str:
    """A window as the command line writes it: ``inf`` or a whole number of tokens (``off``: None)."""
    if window is None:
        return "off"
    return "inf" if window == UNLIMITED else str(int(window))


def window_json(window: float | None) -> float | str | None:
    """A window for a JSON file: ``"inf"`` for unlimited (JSON has no infinity)."""
    return "inf" if window == UNLIMITED else window


def parse_window(text: str) -> float:
    """``inf`` (or ``unlimited``) → math.inf; a whole number of tokens in range → int. ValueError
    saying the problem otherwise (the caller names the setting)."""
    words = text.strip().lower() if isinstance(text, str) else text
    if words in ("inf", "unlimited"):
        return UNLIMITED
    try:
        value = whole_number(words)
    except ValueError:
        raise ValueError(f"must be a number of tokens or inf, got {shown(text)}") from None
    problem = LIMITS["context"].problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


# The settings a context takes, as an option or a config's ``?`` key writes them, by RunConfig field.
SETTING_KEYS = {
    "context": "context",
    "compaction": "compaction",
    "turn_tokens": "turn-tokens",
    "summary_names": "summary-names",
    "summary_tokens": "summary-tokens",
    "note_tokens": "note-tokens",
    "warn_at": "warn-at",
    "flush_at": "flush-at",
    "evict_share": "evict-share",
    "recall_tokens": "recall-tokens",
}
_SHARES = ("warn_at", "flush_at", "evict_share")


def parse_setting(field: str, text: str) -> float | int | str:
    """One context setting (a RunConfig field) from its text; ValueError saying the problem."""
    if field == "context":
        return parse_window(text)
    if field == "compaction":
        mode = text.strip().lower()
        if mode not in COMPACTIONS:
            raise ValueError(f"expected one of {', '.join(COMPACTIONS)}, got {shown(text)}")
        return mode
    value = decimal_number(text) if field in _SHARES else whole_number(text)
    problem = LIMITS[field].problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


def setting_text(field: str, value: object) -> str:
    """Back to the text :func:`parse_setting` reads."""
    if field == "context":
        return window_text(value)  # type: ignore[arg-type]
    if field in _SHARES:
        return repr(float(value))  # every digit
    return str(value)


# The modes' names for people, as the strategies' are kept in their registry.
COMPACTION_NAMES = {
    TRUNCATE: ("截断", "truncate"),
    SUMMARY: ("摘要", "summary"),
    MEMGPT: ("MemGPT", "MemGPT"),
}


def compaction_name(mode: str, lang: str) -> str:
    zh, en = COMPACTION_NAMES[mode]
    return zh if lang == "zh" else en
