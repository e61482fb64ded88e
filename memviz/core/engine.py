"""A run, one step at a time: each step is one model call and returns what happened.

Views draw the :class:`StepEvent` they are handed and never work out for themselves what the agent
did; batch experiments simply step until the run is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import NamedTuple

from memviz.core.clairvoyant import Future
from memviz.core.limits import check
from memviz.core.memory import TOUCHED, WRITTEN, Memory
from memviz.core.policies import POLICIES, EvictionContext
from memviz.core.registry import ConfigError
from memviz.core.retrieval import EntryScore, InjectedMemory, Retrieval, read_mode_text
from memviz.core.rng import Mulberry32, side_stream
from memviz.core.site import Site
from memviz.core.strategies import HOW_DEAD_END, HOW_DONE, STRATEGIES, Chooser, choose_random

DEFAULT_BUDGET = 30
DEFAULT_MAX_STEPS = 5000  # "until all bugs are found" gives up after this many steps
DEFAULT_BASE_TOKENS = 3000  # per call: system prompt + page snapshot (an assumed figure)
DEFAULT_ENTRY_TOKENS = 40  # per memory entry injected into the call (an assumed figure)
DEFAULT_TTL = 8  # policy ttl without a time to live given: entries older than this many steps go
MISUSE_STREAM = "misuse"  # the side stream of issue 27's draws: whether a step ignores or skips memory

__all__ = ["ConfigError", "Exploration", "PageState", "RunConfig", "RunResult", "StepEvent", "run"]

# What a page is to the agent, as the graph draws it (:meth:`Exploration.page_state`).
UNVISITED = "unvisited"
VISITED = "visited"  # visited, and there is no memory to hold it
REMEMBERED = "remembered"  # in memory now
FORGOTTEN = "forgotten"  # visited, in memory once, evicted since


@dataclass(frozen=True)
class RunConfig:
    strategy: str = "random"
    seed: int = 1000
    capacity: int | None = None  # None: unlimited
    policy: str = "fifo"
    budget: int = DEFAULT_BUDGET
    until_all_bugs: bool = False
    max_steps: int = DEFAULT_MAX_STEPS
    base_tokens: int = DEFAULT_BASE_TOKENS
    entry_tokens: int = DEFAULT_ENTRY_TOKENS
    ttl: int | None = None  # policy ttl: steps an entry lives after its last visit (None: DEFAULT_TTL)
    # The bug list (no duplicate reports) as its own switch. None: as the strategy has it (a memory
    # strategy keeps one, no memory keeps none); False: a memory run that reports every visit to a
    # bug page; True with no memory: a bug list and no visited set (the ablation's "bug list only").
    bug_list: bool | None = None
    # Issue 27, how a real model misuses its memory: the chance that a step's choice ignores memory
    # (a uniform pick, no bug list) and that a step that moves writes nothing; 0 is the chapter's.
    ignore: float = 0.0
    skip_write: float = 0.0
    read_top: int | None = None  # None: every entry is injected (--read all); K: retrieval (--read top:K)
    # The page the run starts on (a task's start page, memviz.core.evaluation). None: the site's
    # start, as every run before tasks. A page given here is visited, written to memory and, if it
    # hides a bug, reported at step 0 (the site's own start page never hides one in the chapter).
    start: int | None = None

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            STRATEGIES.get(self.strategy)  # raises, naming the choices
        if self.policy not in POLICIES:
            POLICIES.get(self.policy)
        if self.capacity is not None:  # None: unlimited
            check("capacity", self.capacity, ConfigError)
        for name in ("seed", "budget", "max_steps", "base_tokens", "entry_tokens"):
            check(name, getattr(self, name), ConfigError)  # the ranges of memviz.core.limits
        if self.ttl is not None and (isinstance(self.ttl, bool) or self.ttl < 1):
            raise ConfigError(f"ttl: must be at least 1 step, got {self.ttl}")
        for name in ("ignore", "skip_write"):
            p = getattr(self, name)
            if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
                raise ConfigError(f"{name.replace('_', '-')}: must be a chance from 0 to 1, got {p!r}")
        if self.read_top is not None and (
            isinstance(self.read_top, bool) or not isinstance(self.read_top, int) or self.read_top < 1
        ):
            raise ConfigError(f"read: top:K needs K a whole number at least 1, got {self.read_top!r}")
        if self.start is not None and (isinstance(self.start, bool) or self.start < 0):
            raise ConfigError(f"start: expected a page number, got {self.start}")

    @property
    def misused(self) -> bool:
        """Whether the model may misuse its memory (issue 27): the run draws from the misuse stream."""
        return self.ignore > 0 or self.skip_write > 0

    @property
    def read_mode(self) -> str:
        """``all`` or ``top:K``, as the command line writes it."""
        return read_mode_text(self.read_top)

    @property
    def keeps_bug_list(self) -> bool:
        """Whether the agent remembers the bugs it reported (and so never reports one twice)."""
        if self.bug_list is None:
            return STRATEGIES.get(self.strategy).uses_memory
        return self.bug_list

    @property
    def time_to_live(self) -> int:
        return DEFAULT_TTL if self.ttl is None else self.ttl

    @property
    def step_limit(self) -> int:
        return self.max_steps if self.until_all_bugs else self.budget

    def with_(self, **changes) -> RunConfig:
        # dataclasses.replace is slow, and a report makes ~7,000 configs; the same checks, faster
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"RunConfig has no field {sorted(unknown)[0]!r}")
        new = object.__new__(RunConfig)
        new.__dict__.update(self.__dict__, **changes)
        new.__post_init__()
        return new

    def effective(self, n_pages: int) -> RunConfig:
        """The simplest config that walks exactly the same path on a site of ``n_pages`` pages.

        Without memory, capacity and policy mean nothing; a memory that can hold every page never
        evicts, so a policy that acts only when memory is full never acts (random eviction draws
        only when it evicts). A time to live means something only to policy ttl, and a bug list
        switch set to what the strategy has anyway means nothing.
        """
        config = self
        takes_ttl = POLICIES.get(self.policy).takes_ttl
        if self.ttl is not None and not takes_ttl:
            config = config.with_(ttl=None)
        elif takes_ttl and self.ttl is None:
            config = config.with_(ttl=DEFAULT_TTL)
        if self.bug_list is not None and self.bug_list == STRATEGIES.get(self.strategy).uses_memory:
            config = config.with_(bug_list=None)
        return config._effective_reading(n_pages)._effective_memory(n_pages)

    def _effective_reading(self, n_pages: int) -> RunConfig:
        # Memory never holds more entries than pages, so top:K with K >= pages injects them all;
        # without memory nothing is read or written, and ignoring it matters only to a bug list.
        config = self
        memory = STRATEGIES.get(self.strategy).uses_memory
        if self.read_top is not None and (not memory or self.read_top >= n_pages):
            config = config.with_(read_top=None)
        if not memory and self.skip_write:
            config = config.with_(skip_write=0.0)
        if not memory and self.ignore and not self.keeps_bug_list:
            config = config.with_(ignore=0.0)
        return config

    def _effective_memory(self, n_pages: int) -> RunConfig:
        if not STRATEGIES.get(self.strategy).uses_memory or (
            (self.capacity is None or self.capacity >= n_pages)
            and POLICIES.get(self.policy).acts_only_when_full
        ):
            if self.capacity is None and self.policy == "fifo" and self.ttl is None:
                return self
            return self.with_(capacity=None, policy="fifo", ttl=None)
        return self


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


@dataclass(frozen=True)
class RunResult:
    coverage: float
    repeat: float
    bugs: int
    reports: int
    dups: int
    tokens: int
    steps: int
    path: list[int] = field(repr=False)
    stop_reason: str  # "budget", "all_bugs", "max_steps", "done" or "dead_end"
    bug_tokens: list[int] = field(repr=False)  # tokens spent so far at each bug's first report

    def to_dict(self) -> dict:
        return asdict(self)


_make_event = StepEvent._make


class PageState(NamedTuple):
    """A page as the agent knows it after the last step."""

    state: str  # UNVISITED, VISITED, REMEMBERED or FORGOTTEN
    visits: int
    bug_reported: bool  # a bug on it was reported
    duplicates: int  # reports of it after the first (no memory of having reported it)


class _RunContext(EvictionContext):
    """What a policy may ask of a run in progress (see :class:`memviz.core.policies.EvictionContext`)."""

    __slots__ = ("exploration",)

    def __init__(self, exploration: Exploration) -> None:
        super().__init__(exploration.rng)
        self.exploration = exploration

    @property
    def step(self) -> int:
        return len(self.exploration.path) - 1 + self.exploration.step_offset

    @property
    def ttl(self) -> int:
        return self.exploration.config.time_to_live

    def last_visit(self, page: int) -> int | None:
        return self.exploration.last_visit[page]

    def simulate(self, victim_index: int, then: str = "fifo") -> RunResult:
        return self.exploration._simulate_eviction(victim_index, then)

    def future(self) -> Future | None:
        run = self.exploration
        live = run._live
        config = run.config
        # The fast look-ahead plays the chapter's reading only: a misused or retrieved memory (issue 27)
        # is played by the engine's own copies (simulate), which carry the misuse stream and retrieval.
        if live is None or config.misused or config.read_top is not None:
            return None
        return Future(
            run.site, config.strategy, live[0], live[2], config.step_limit, config.until_all_bugs,
            run.visits, run.reported, run.rng,
        )  # fmt: skip


class Exploration:
    """One run of the agent on a site, advanced by :meth:`step`.

    Each step's event says what changed; :meth:`page_state` says what a page is to the agent now.
    ``memory`` (None without memory), ``visits`` and ``last_visit`` (per page), ``path`` and
    ``reported`` are the engine's own state: views use the events and queries instead.
    """

    def __init__(
        self,
        site: Site,
        config: RunConfig,
        first_draws: list[float] | None = None,
        chooser: Chooser | None = None,
    ) -> None:
        self.site = site
        self.config = config
        # Who picks the link: the strategy's rule, or (a recorded run replayed, memviz.core.replay)
        # the path a real agent took, the strategy then deciding only whether there is a memory.
        self.chooser = chooser
        self.rng = Mulberry32(config.seed, first_draws)
        self.memory = (
            Memory(config.capacity, config.policy, self.rng, _RunContext(self))
            if STRATEGIES.get(config.strategy).uses_memory
            else None
        )
        self.misuse = side_stream(config.seed, MISUSE_STREAM) if config.misused else None
        self.retrieval = self._new_retrieval(site, config)
        start = site.start if config.start is None else config.start
        if not 0 <= start < site.n_pages:
            raise ConfigError(f"start: page {start} is out of range 0..{site.n_pages - 1}")
        self.path = [start]
        self.step_offset = 0  # steps made in sessions before this one (see next_session)
        self.visits = [0] * site.n_pages
        self.visits[start] = 1
        self.last_visit: list[int | None] = [None] * site.n_pages  # the step of each page's last visit
        self.last_visit[start] = 0
        self.reported: set[int] = set()
        self.duplicates: dict[int, int] = {}  # page -> reports after its first
        self.left_at: dict[int, int] = {}  # page -> the call at which it last left memory
        self.bug_tokens: list[int] = []
        self.stop_reason: str | None = None
        if config.step_limit <= 0:
            self.stop_reason = "max_steps" if config.until_all_bugs else "budget"
        self.last_event: StepEvent | None = None
        self._totals = (1, 0, 0, 0)  # pages seen, repeats, reports, tokens: before any step
        if config.start is not None and start in site.bug_by_page:  # a task started on a bug page
            self.reported.add(start)
            self.bug_tokens.append(0)
            self._totals = (1, 0, 1, 0)
            if config.until_all_bugs and site.n_bugs == 1:
                self.stop_reason = "all_bugs"
        self._live: tuple | None = None  # the walker's counters, while a policy may simulate
        if self.memory is not None:
            self._remember(start, site.clickable[start], 0)
        self._walk = self._walker(emit_every_step=True)

    def _new_retrieval(self, site: Site, config: RunConfig) -> Retrieval | None:
        if config.read_top is None or not STRATEGIES.get(config.strategy).uses_memory:
            return None
        return Retrieval(site, config.read_top)

    def _remember(self, page: int, links: tuple[int, ...], step: int) -> tuple:
        """Write ``page`` to memory outside a step (a run's or session's start, a believed note)."""
        if self.retrieval is not None:
            self.retrieval.met(page, step)
        return self.memory.write(page, links)

    @property
    def finished(self) -> bool:
        return self.stop_reason is not None

    @property
    def page(self) -> int:
        return self.path[-1]

    def page_state(self, page: int) -> PageState:
        """What ``page`` is to the agent after the last step: never visited, visited (no memory),
        in memory, or visited but forgotten; its visits, whether its bug was reported, and how
        many duplicate reports it drew."""
        visits = self.visits[page]
        memory = self.memory
        if visits == 0:
            state = UNVISITED
        elif memory is None:
            state = VISITED
        elif page in memory.entries:
            state = REMEMBERED
        else:
            state = FORGOTTEN
        return PageState(state, visits, page in self.reported, self.duplicates.get(page, 0))

    def page_states(self) -> list[PageState]:
        """:meth:`page_state` of every page, in page order (one call for a view that draws them all)."""
        visits, reported, duplicates = self.visits, self.reported, self.duplicates
        remembered = self.memory.entries if self.memory is not None else None
        states = []
        for p, v in enumerate(visits):
            if not v:
                state = UNVISITED
            elif remembered is None:
                state = VISITED
            else:
                state = REMEMBERED if p in remembered else FORGOTTEN
            states.append(PageState(state, v, p in reported, duplicates.get(p, 0)))
        return states

    @property
    def has_memory(self) -> bool:
        return self.memory is not None

    def memory_order(self) -> tuple[int, ...]:
        """The pages in memory, next to be forgotten first (empty without memory)."""
        return tuple(self.memory.entries) if self.memory is not None else ()

    def remembered_links(self, page: int) -> tuple[int, ...] | None:
        """The links memory holds for ``page`` (as seen there), or None if it does not hold it."""
        return self.memory.entries.get(page) if self.memory is not None else None

    def step(self) -> StepEvent:
        """Make one model call: choose, move, record. Returns what happened."""
        if self.stop_reason is not None:
            raise RuntimeError("the run is over; start a new Exploration")
        self.last_event = event = _make_event(next(self._walk))
        return event

    def run_to_end(self) -> RunResult:
        if self.stop_reason is None:
            if self.last_event is None:  # untouched: walk without building an event per step
                self._walk = self._walker(emit_every_step=False)
            for fields in self._walk:
                self.last_event = _make_event(fields)
        return self.result()

    def result(self) -> RunResult:
        last = self.last_event
        if last is not None:
            pages_seen, repeats, reports, tokens = (
                last.pages_seen,
                last.repeats,
                last.reports,
                last.tokens_total,
            )
        else:
            pages_seen, repeats, reports, tokens = self._totals
        steps = len(self.path) - 1
        bugs = len(self.reported)
        return RunResult(
            coverage=pages_seen / self.site.n_pages,
            repeat=repeats / max(steps, 1),
            bugs=bugs,
            reports=reports,
            dups=reports - bugs,
            tokens=tokens,
            steps=steps,
            path=list(self.path),
            stop_reason=self.stop_reason or "",
            bug_tokens=list(self.bug_tokens),
        )

    def _walker(self, emit_every_step: bool, resume: tuple | None = None) -> Iterator[tuple]:
        """The run as a generator of StepEvent fields, in order; the last one ends the run.

        This is the one implementation of a step, used one step at a time by the window and for
        thousands of runs by batches, so the state it touches lives in locals; batches ask only for
        the final step (``emit_every_step=False``). ``resume``: the counters of a step cut short
        right after its memory write (see :meth:`_simulate_eviction`), to finish that run from.
        """
        site, config, memory, rng = self.site, self.config, self.memory, self.rng
        choose = self.chooser or STRATEGIES.get(config.strategy).choose
        clickable, bug_pages, n_bugs = site.clickable, site.bug_by_page, site.n_bugs
        path, visits, last_visit, reported = self.path, self.visits, self.last_visit, self.reported
        bug_tokens, left_at = self.bug_tokens, self.left_at
        limit, until_all_bugs = config.step_limit, config.until_all_bugs
        bug_list = config.keeps_bug_list
        base_tokens, entry_tokens = config.base_tokens, config.entry_tokens
        misuse, retrieval = self.misuse, self.retrieval
        ignore_chance, skip_chance = config.ignore, config.skip_write
        ignored = skipped = False
        scores = None
        entries = step_start = ctx = None
        publish = False
        if memory is not None:
            entries, ctx = memory.entries, memory.context
            publish = memory.rule.simulates  # the policy may ask for the counters mid-step
            if memory.rule.acts_at_step_start:
                step_start = memory.rule.on_step_start
        if resume is None:
            page = path[0]
            calls = steps = repeats = tokens_total = 0
            pages_seen, reports = 1, self._totals[2]  # a start page's bug is reported at step 0
        else:
            page, calls, steps, repeats, reports, tokens_total, pages_seen = resume
            self._totals = (pages_seen, repeats, reports, tokens_total)
            if until_all_bugs and len(reported) == n_bugs:
                self.stop_reason = "all_bugs"
                return
        dropped = ()
        while steps < limit:
            if step_start is not None:
                dropped = tuple(step_start(entries, steps + 1, ctx))
                memory.drop(dropped)
                for gone in dropped:  # as this call begins
                    left_at[gone] = calls + 1
            shown = memory
            if retrieval is None:
                tokens = base_tokens if entries is None else base_tokens + entry_tokens * len(entries)
            else:  # top:K: the call carries only the entries retrieval ranks best
                injected, scores = retrieval.inject(entries, page, steps, emit_every_step)
                shown = InjectedMemory(injected)
                tokens = base_tokens + entry_tokens * len(injected)
            tokens_total += tokens
            calls += 1
            if misuse is not None:
                ignored = misuse.random() < ignore_chance
            if ignored:  # the model went its own way: any link, as the agent without memory
                to_page, how, plan = choose_random(site, page, None, rng)
            else:
                to_page, how, plan = choose(site, page, shown, rng)
            if to_page is None:
                self.stop_reason = how  # HOW_DONE or HOW_DEAD_END
                yield (
                    page, None, how, None, False, 0, False, None, False, False, None, None, None, None,
                    None, dropped, tokens, calls, steps, pages_seen, repeats, len(reported), reports,
                    tokens_total, len(entries) if entries is not None else 0, True, None, ignored, False, scores,
                )  # fmt: skip
                return
            from_page = page
            page = to_page
            steps += 1
            path.append(to_page)
            visit_count = visits[to_page] + 1
            visits[to_page] = visit_count
            if misuse is not None:
                skipped = misuse.random() < skip_chance
            if not skipped:  # a skipped write leaves no trace of the visit in memory, ttl's clock too
                last_visit[to_page] = steps
            is_new = visit_count == 1
            if is_new:
                pages_seen += 1
            else:
                repeats += 1

            bug_page = None
            bug_found = duplicate = False
            if to_page in bug_pages:
                bug_page = to_page
                already = to_page in reported
                # With a bug list the agent knows what it reported; without, every visit files a
                # report; a model that ignored its memory did not look at the list.
                if not bug_list or not already or ignored:
                    reports += 1
                    reported.add(to_page)
                    bug_found = not already
                    duplicate = already
                    if bug_found:
                        bug_tokens.append(tokens_total)
                    else:
                        self.duplicates[to_page] = self.duplicates.get(to_page, 0) + 1

            written = touched = evicted = slot = forgotten_at = None
            was_forgotten = False
            if entries is not None:
                was_forgotten = not is_new and to_page not in entries
                if was_forgotten:
                    forgotten_at = left_at.get(to_page)
            if entries is not None and not skipped:
                if publish:
                    self._live = (page, calls, steps, repeats, reports, tokens_total, pages_seen)
                if retrieval is not None:
                    retrieval.met(to_page, steps)
                change, evicted, slot = memory.write(to_page, clickable[to_page])
                if evicted is not None:
                    left_at[evicted] = calls
                if change is WRITTEN:
                    written = to_page
                elif change is TOUCHED:
                    touched = to_page

            finished = False
            if until_all_bugs and len(reported) == n_bugs:
                self.stop_reason = "all_bugs"
                finished = True
            elif steps >= limit:
                self.stop_reason = "max_steps" if until_all_bugs else "budget"
                finished = True
            if emit_every_step or finished:
                yield (
                    from_page, to_page, how, plan, is_new, visit_count, was_forgotten, bug_page, bug_found,
                    duplicate, written, touched, evicted, slot if evicted is not None else None,
                    slot if touched is not None else None, dropped, tokens, calls, steps, pages_seen,
                    repeats, len(reported), reports, tokens_total,
                    len(entries) if entries is not None else 0, finished, forgotten_at, ignored, skipped, scores,
                )  # fmt: skip
            if finished:
                return
        if resume is not None and self.stop_reason is None:  # the cut-short step used up the budget
            self.stop_reason = "max_steps" if until_all_bugs else "budget"

    def believe(self, pages: tuple[int, ...]) -> tuple[int, ...]:
        """Memory takes ``pages`` as visited though the agent was never there (a note it believed,
        e.g. text on a page): entries with no links seen, written like any entry (a full memory
        evicts). Returns the pages newly written; without memory, nothing."""
        if self.memory is None:
            return ()
        written = []
        step = len(self.path) - 1 + self.step_offset
        for page in pages:
            if page not in self.memory.entries:
                _change, evicted, _slot = self._remember(page, (), step)
                if evicted is not None:  # it left memory after the last call
                    self.left_at[evicted] = self.last_event.call if self.last_event is not None else 0
                written.append(page)
        return tuple(written)

    def next_session(
        self,
        memory_pages: list[int],
        reported: set[int],
        site: Site | None = None,
        config: RunConfig | None = None,
    ) -> Exploration:
        """The session that follows this one after its context was lost: it starts at the start
        page with memory holding ``memory_pages`` (in eviction order, with the links seen there)
        and the bug list ``reported``, then writes the start page like any run start. The random
        stream, step numbers, calls, tokens and the counts of pages seen and repeats go on (a page
        seen in either session is not new). ``site``/``config``: another version of the site or a
        longer budget for the new session (same pages)."""
        site = self.site if site is None else site
        config = self.config if config is None else config
        if site.n_pages != self.site.n_pages:
            raise ValueError("next_session: a new version of a site keeps its pages")
        last = self.last_event
        steps = len(self.path) - 1 + self.step_offset
        if last is not None:
            counters = (site.start, last.call, steps, last.repeats, last.reports, last.tokens_total,
                        last.pages_seen)  # fmt: skip
        else:
            pages_seen, repeats, reports, tokens = self._totals
            counters = (site.start, 0, steps, repeats, reports, tokens, pages_seen)
        new = object.__new__(Exploration)
        new.site, new.config, new.chooser = site, config, self.chooser
        new.rng = self.rng.copy()
        new.misuse = None
        if config.misused:  # the misuse stream goes on too (a new one if this session starts misusing)
            new.misuse = (
                self.misuse.copy() if self.misuse is not None else side_stream(config.seed, MISUSE_STREAM)
            )
        new.retrieval = new._new_retrieval(site, config)
        new.path, new.step_offset = [site.start], steps
        new.visits, new.last_visit = list(self.visits), list(self.last_visit)
        new.reported, new.duplicates = set(reported), dict(self.duplicates)
        new.left_at = dict(self.left_at)
        new.bug_tokens = list(self.bug_tokens)
        new.stop_reason, new.last_event, new._live = None, None, None
        new._totals = (counters[6], counters[3], counters[4], counters[5])
        new.memory = None
        if STRATEGIES.get(config.strategy).uses_memory:
            new.memory = Memory(config.capacity, config.policy, new.rng, _RunContext(new))
            for page in memory_pages:
                new._remember(page, site.clickable[page], steps)
            new.last_visit[site.start] = steps
            new._remember(site.start, site.clickable[site.start], steps)
        if steps >= config.step_limit:  # nothing left to do: the session ends as it begins
            new.stop_reason = "max_steps" if config.until_all_bugs else "budget"
        elif config.until_all_bugs and len(new.reported) == site.n_bugs:
            new.stop_reason = "all_bugs"
        new._walk = new._walker(emit_every_step=True, resume=counters)
        return new

    def _simulate_eviction(self, victim_index: int, then: str) -> RunResult:
        """The run's end had the eviction being made taken entry ``victim_index`` and later ones
        followed policy ``then``: a copy of the state (memory, visits, random generator...) run on."""
        live = self._live
        memory = self.memory
        if live is None or memory is None:
            raise RuntimeError("simulate: only a policy with simulates = True may ask, while it evicts")
        site = self.site
        fork = object.__new__(Exploration)
        fork.site, fork.config, fork.chooser = site, self.config.with_(policy=then), self.chooser
        fork.rng = self.rng.copy()
        fork.misuse = self.misuse.copy() if self.misuse is not None else None
        fork.retrieval = self.retrieval.copy() if self.retrieval is not None else None
        fork.memory = Memory(memory.capacity, then, fork.rng, _RunContext(fork))
        entries = dict(memory.entries)
        del entries[list(entries)[victim_index]]
        page = live[0]
        entries[page] = site.clickable[page]
        fork.memory.entries = entries
        fork.path, fork.visits, fork.last_visit = list(self.path), list(self.visits), list(self.last_visit)
        fork.step_offset = self.step_offset
        fork.reported, fork.duplicates = set(self.reported), dict(self.duplicates)
        fork.left_at = dict(self.left_at)
        fork.bug_tokens = list(self.bug_tokens)
        fork.stop_reason, fork.last_event, fork._live = None, None, None
        fork._totals = (1, 0, 0, 0)
        for fields in fork._walker(emit_every_step=False, resume=live):
            fork.last_event = _make_event(fields)
        return fork.result()


def run(site: Site, config: RunConfig, first_draws: list[float] | None = None) -> RunResult:
    return Exploration(site, config, first_draws).run_to_end()
