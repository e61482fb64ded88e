"""A run, one step at a time: each step is one model call and returns what happened.

Views draw the :class:`StepEvent` they are handed and never work out for themselves what the agent
did; batch experiments simply step until the run is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field

from memviz.core.memory import POLICIES, TOUCHED, WRITTEN, Memory
from memviz.core.rng import SEED_MAX, SEED_MIN, Mulberry32
from memviz.core.site import Site
from memviz.core.strategies import CHOOSERS, HOW_DEAD_END, HOW_DONE, STRATEGIES, uses_memory

DEFAULT_BUDGET = 30
DEFAULT_MAX_STEPS = 5000  # "until all bugs are found" gives up after this many steps
DEFAULT_BASE_TOKENS = 3000  # per call: system prompt + page snapshot (an assumed figure)
DEFAULT_ENTRY_TOKENS = 40  # per memory entry injected into the call (an assumed figure)


class ConfigError(ValueError):
    """A run setting out of range; the message starts with the setting's name."""


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

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise ConfigError(
                f"strategy: unknown strategy {self.strategy!r} (choose from {', '.join(STRATEGIES)})"
            )
        if self.policy not in POLICIES:
            raise ConfigError(
                f"policy: unknown eviction policy {self.policy!r} (choose from {', '.join(POLICIES)})"
            )
        if self.capacity is not None and (isinstance(self.capacity, bool) or self.capacity < 1):
            raise ConfigError(f"capacity: must be at least 1 (or unlimited), got {self.capacity}")
        if not SEED_MIN <= self.seed <= SEED_MAX:
            raise ConfigError(f"seed: must be between {SEED_MIN} and {SEED_MAX}, got {self.seed}")
        for name in ("budget", "max_steps", "base_tokens", "entry_tokens"):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name}: must not be negative, got {getattr(self, name)}")

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
        evicts, so its policy never acts (random eviction draws only when it evicts).
        """
        if self.strategy == "random" or self.capacity is None or self.capacity >= n_pages:
            if self.capacity is None and self.policy == "fifo":
                return self
            return self.with_(capacity=None, policy="fifo")
        return self


@dataclass(slots=True, frozen=True)
class StepEvent:
    """Everything one step did, for views to draw as it is."""

    from_page: int
    to_page: int | None  # None when the agent stopped instead of clicking
    how: str  # see memviz.core.strategies.HOW_*
    planned_path: tuple[int, ...] | None  # frontier: from_page .. target, through memory
    is_new: bool  # first visit to to_page
    was_forgotten: bool  # to_page had been remembered, then evicted: memory no longer knew it
    bug_page: int | None  # to_page hides a bug
    bug_found: bool  # ...reported for the first time
    duplicate_report: bool  # ...reported again (no memory of having reported it)
    memory_written: int | None  # a new entry for this page
    memory_touched: int | None  # LRU: an existing entry moved to most recent
    memory_evicted: int | None  # the entry forgotten to make room
    tokens: int  # estimated tokens of this call
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

    def to_dict(self) -> dict:
        return asdict(self)


class Exploration:
    """One run of the agent on a site, advanced by :meth:`step`.

    ``memory`` (None without memory), ``visits`` (per page), ``path`` and ``reported`` are live
    state a view may read after each step; the step's event says what changed.
    """

    def __init__(self, site: Site, config: RunConfig, first_draws: list[float] | None = None) -> None:
        self.site = site
        self.config = config
        self.rng = Mulberry32(config.seed, first_draws)
        self.memory = (
            Memory(config.capacity, config.policy, self.rng) if uses_memory(config.strategy) else None
        )
        self.path = [site.start]
        self.visits = [0] * site.n_pages
        self.visits[site.start] = 1
        self.reported: set[int] = set()
        self.stop_reason: str | None = None
        if config.step_limit <= 0:
            self.stop_reason = "max_steps" if config.until_all_bugs else "budget"
        self.last_event: StepEvent | None = None
        if self.memory is not None:
            self.memory.write(site.start, site.clickable[site.start])
        self._walk = self._walker(emit_every_step=True)

    @property
    def finished(self) -> bool:
        return self.stop_reason is not None

    @property
    def page(self) -> int:
        return self.path[-1]

    def step(self) -> StepEvent:
        """Make one model call: choose, move, record. Returns what happened."""
        if self.stop_reason is not None:
            raise RuntimeError("the run is over; start a new Exploration")
        self.last_event = event = StepEvent(*next(self._walk))
        return event

    def run_to_end(self) -> RunResult:
        if self.stop_reason is None:
            if self.last_event is None:  # untouched: walk without building an event per step
                self._walk = self._walker(emit_every_step=False)
            for fields in self._walk:
                self.last_event = StepEvent(*fields)
        return self.result()

    def result(self) -> RunResult:
        last = self.last_event
        steps = len(self.path) - 1
        bugs = len(self.reported)
        reports = last.reports if last else 0
        return RunResult(
            coverage=(last.pages_seen if last else 1) / self.site.n_pages,
            repeat=(last.repeats if last else 0) / max(steps, 1),
            bugs=bugs,
            reports=reports,
            dups=reports - bugs,
            tokens=last.tokens_total if last else 0,
            steps=steps,
            path=list(self.path),
            stop_reason=self.stop_reason or "",
        )

    def _walker(self, emit_every_step: bool) -> Iterator[tuple]:
        """The run as a generator of StepEvent fields, in order; the last one ends the run.

        This is the one implementation of a step, used one step at a time by the window and for
        thousands of runs by batches, so the state it touches lives in locals; batches ask only for
        the final step (``emit_every_step=False``).
        """
        site, config, memory, rng = self.site, self.config, self.memory, self.rng
        choose = CHOOSERS[config.strategy]
        clickable, bug_pages, n_bugs = site.clickable, site.bug_by_page, site.n_bugs
        path, visits, reported = self.path, self.visits, self.reported
        entries = memory.entries if memory is not None else None
        limit, until_all_bugs = config.step_limit, config.until_all_bugs
        base_tokens, entry_tokens = config.base_tokens, config.entry_tokens
        page = site.start
        calls = steps = repeats = reports = tokens_total = 0
        pages_seen = 1
        while steps < limit:
            tokens = base_tokens if entries is None else base_tokens + entry_tokens * len(entries)
            tokens_total += tokens
            calls += 1
            to_page, how, plan = choose(site, page, memory, rng)
            if to_page is None:
                self.stop_reason = how  # HOW_DONE or HOW_DEAD_END
                yield (
                    page, None, how, None, False, False, None, False, False, None, None, None, tokens,
                    calls, steps, pages_seen, repeats, len(reported), reports, tokens_total,
                    len(entries) if entries is not None else 0, True,
                )  # fmt: skip
                return
            from_page = page
            page = to_page
            steps += 1
            path.append(to_page)
            is_new = visits[to_page] == 0
            visits[to_page] += 1
            if is_new:
                pages_seen += 1
            else:
                repeats += 1

            bug_page = None
            bug_found = duplicate = False
            if to_page in bug_pages:
                bug_page = to_page
                already = to_page in reported
                # With memory the agent knows what it reported; without, every visit files a report.
                if entries is None or not already:
                    reports += 1
                    reported.add(to_page)
                    bug_found = not already
                    duplicate = already

            written = touched = evicted = None
            was_forgotten = False
            if entries is not None:
                was_forgotten = not is_new and to_page not in entries
                change, evicted = memory.write(to_page, clickable[to_page])
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
                    from_page, to_page, how, plan, is_new, was_forgotten, bug_page, bug_found, duplicate,
                    written, touched, evicted, tokens, calls, steps, pages_seen, repeats, len(reported),
                    reports, tokens_total, len(entries) if entries is not None else 0, finished,
                )  # fmt: skip
            if finished:
                return


def run(site: Site, config: RunConfig, first_draws: list[float] | None = None) -> RunResult:
    return Exploration(site, config, first_draws).run_to_end()
