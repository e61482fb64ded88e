"""A run, one step at a time: each step is one model call and returns what happened.

Views draw the :class:`StepEvent` they are handed and never work out for themselves what the agent
did; batch experiments simply step until the run is over.
"""

from __future__ import annotations

from collections.abc import Iterator

from memviz.core.clairvoyant import Future
from memviz.core.context import SessionContext
from memviz.core.events import (
    FORGOTTEN,
    NAMED,
    REMEMBERED,
    UNVISITED,
    VISITED,
    PageState,
    RunResult,
    StepEvent,
)
from memviz.core.memory import TOUCHED, WRITTEN, Memory
from memviz.core.policies import EvictionContext
from memviz.core.registry import ConfigError
from memviz.core.retrieval import InjectedMemory, Retrieval
from memviz.core.rng import Mulberry32, side_stream
from memviz.core.run_config import (
    DEFAULT_BASE_TOKENS,
    DEFAULT_BUDGET,
    DEFAULT_ENTRY_TOKENS,
    DEFAULT_MAX_STEPS,
    DEFAULT_TTL,
    RunConfig,
)
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES, Chooser, choose_random

MISUSE_STREAM = "misuse"  # the side stream of issue 27's draws: whether a step ignores or skips memory

# RunConfig, the events and the page states live in their own modules; they are found here too,
# where every caller has always imported them from.
__all__ = [
    "DEFAULT_BASE_TOKENS", "DEFAULT_BUDGET", "DEFAULT_ENTRY_TOKENS", "DEFAULT_MAX_STEPS", "DEFAULT_TTL",
    "FORGOTTEN", "NAMED", "REMEMBERED", "UNVISITED", "VISITED", "ConfigError", "Exploration", "PageState",
    "RunConfig", "RunResult", "StepEvent", "run",
]  # fmt: skip


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

    def visits(self, page: int) -> int:
        return self.exploration.visits[page]

    def simulate(self, victim_index: int, then: str = "fifo") -> RunResult:
        return self.exploration._simulate_eviction(victim_index, then)

    def future(self) -> Future | None:
        run = self.exploration
        live = run._live
        config = run.config
        # The fast look-ahead plays the chapter's reading only: a misused or retrieved memory (issue 27)
        # is played by the engine's own copies (simulate), which carry the misuse stream and retrieval.
        # So is a session context (issue 38), which decides what the agent knows.
        if live is None or config.misused or config.read_top is not None or config.context is not None:
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
        self.context = self._new_context(site, config)
        if self.context is not None:  # the start page's turn, with its report if it hides a bug
            self.context.append(start, start in self.reported)
        self._walk = self._walker(emit_every_step=True)

    @staticmethod
    def _new_context(site: Site, config: RunConfig) -> SessionContext | None:
        if config.context is None:
            return None
        # the baseline (no memory, no chooser of its own reading) carries its history unread
        reads = STRATEGIES.get(config.strategy).reads_context
        return SessionContext(site, config, reads)

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
        elif self.context is not None and self.context.reads:
            state = self._known_state(page)
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
        reads = self.context is not None and self.context.reads
        states = []
        for p, v in enumerate(visits):
            if not v:
                state = UNVISITED
            elif reads:
                state = self._known_state(p)
            elif remembered is None:
                state = VISITED
            else:
                state = REMEMBERED if p in remembered else FORGOTTEN
            states.append(PageState(state, v, p in reported, duplicates.get(p, 0)))
        return states

    def _known_state(self, page: int) -> str:
        """With a context the agent reads (issue 38): a visited page known with its links (a turn, or
        in memory), by name only (the summary), or not at all (compaction and eviction lost it)."""
        context = self.context
        if page in context.turn_count or (self.memory is not None and page in self.memory.entries):
            return REMEMBERED
        return NAMED if page in context.summary_names else FORGOTTEN

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
        self.last_event = event = next(self._walk)
        return event

    def run_to_end(self) -> RunResult:
        if self.stop_reason is None:
            if self.last_event is None:  # untouched: walk without building an event per step
                self._walk = self._walker(emit_every_step=False)
            for event in self._walk:
                self.last_event = event
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

    def _walker(self, emit_every_step: bool, resume: tuple | None = None) -> Iterator[StepEvent]:
        """The run as a generator of :class:`StepEvent`, in order; the last one ends the run.

        This is the one implementation of a step, used one step at a time by the window and for
        thousands of runs by batches, so the state it touches lives in locals; batches ask only for
        the final step (``emit_every_step=False``). ``resume``: the counters of a step cut short
        right after its memory write (see :meth:`_simulate_eviction`), to finish that run from.

        Longer than the core's rule (60 lines, cyclomatic 15), on purpose: a step's phases (the
        policy's start-of-step drops, the call's tokens, the choice, the move, the bug report, the
        memory write, the context, the stop) share a dozen counters, and split into methods they
        would go through ``self`` on every step of every scalar run (opt, misuse, a session
        context, top:K on big sites are batched here). The comments name the phases.
        """
        site, config, memory, rng = self.site, self.config, self.memory, self.rng
        choose = self.chooser or STRATEGIES.get(config.strategy).choose
        clickable, bug_pages, n_bugs = site.clickable, site.bug_by_page, site.n_bugs
        path, visits, last_visit, reported = self.path, self.visits, self.last_visit, self.reported
        bug_tokens, left_at = self.bug_tokens, self.left_at
        limit, until_all_bugs = config.step_limit, config.until_all_bugs
        bug_list = config.keeps_bug_list
        base_tokens, entry_tokens = config.base_tokens, config.entry_tokens
        misuse, retrieval, layer = self.misuse, self.retrieval, self.context
        reads = layer is not None and layer.reads
        known = None
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
            # -- the policy's drops as the call begins (ttl) --
            if step_start is not None:
                dropped = tuple(step_start(entries, steps + 1, ctx))
                memory.drop(dropped)
                for gone in dropped:  # as this call begins
                    left_at[gone] = calls + 1
            # -- the call: what memory it carries, its tokens --
            shown = memory
            if retrieval is None:
                tokens = base_tokens if entries is None else base_tokens + entry_tokens * len(entries)
            else:  # top:K: the call carries only the entries retrieval ranks best
                injected, scores = retrieval.inject(entries, page, steps, emit_every_step)
                shown = InjectedMemory(injected)
                tokens = base_tokens + entry_tokens * len(injected)
            calls += 1
            if layer is not None:  # the session context: compaction, then the prompt it leaves
                tokens = layer.begin_call(tokens, calls)
            # -- the choice --
            if misuse is not None:
                ignored = misuse.random() < ignore_chance
            if ignored:  # the model went its own way: any link, as the agent without memory
                to_page, how, plan = choose_random(site, page, None, rng)
            elif reads:  # what memory and context know together, and what a recall search finds
                known = layer.known(shown.entries if shown is not None else None, page)
                tokens += layer.recall_cost()
                to_page, how, plan = choose(site, page, known, rng)
            else:
                to_page, how, plan = choose(site, page, shown, rng)
            tokens_total += tokens
            if to_page is None:
                self.stop_reason = how  # HOW_DONE or HOW_DEAD_END
                yield StepEvent(
                    from_page=page, to_page=None, how=how, planned_path=None, is_new=False, visit_count=0,
                    was_forgotten=False, bug_page=None, bug_found=False, duplicate_report=False,
                    memory_written=None, memory_touched=None, memory_evicted=None, evicted_slot=None,
                    touched_from=None, memory_dropped=dropped, tokens=tokens, call=calls, steps=steps,
                    pages_seen=pages_seen, repeats=repeats, bugs_found=len(reported), reports=reports,
                    tokens_total=tokens_total, memory_size=len(entries) if entries is not None else 0,
                    finished=True, forgotten_at=None, memory_ignored=ignored, write_skipped=False,
                    read_scores=scores,
                    context=layer.step(shown.entries if shown is not None else None) if layer is not None else None,
                )  # fmt: skip
                return
            # -- the move --
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

            # -- the bug report --
            bug_page = None
            bug_found = duplicate = False
            if to_page in bug_pages:
                bug_page = to_page
                already = to_page in reported
                # With a bug list the agent knows what it reported; without, every visit files a
                # report; a model that ignored its memory did not look at the list. A context that
                # holds the report knows it too (a model that ignored memory ignored it as well).
                knows = (bug_list and already) or (reads and layer.knows_report(to_page))
                if not knows or ignored:
                    reports += 1
                    reported.add(to_page)
                    bug_found = not already
                    duplicate = already
                    if bug_found:
                        bug_tokens.append(tokens_total)
                    else:
                        self.duplicates[to_page] = self.duplicates.get(to_page, 0) + 1

            # -- memory: a forgotten revisit, the write --
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

            # -- the session context, then the end of the run --
            context_step = None
            if layer is not None:
                if reads and not ignored and not is_new and to_page not in known.entries:
                    layer.forgot(to_page)  # revisited: the context no longer knew the page
                layer.append(to_page, bug_found or duplicate)
            finished = False
            if until_all_bugs and len(reported) == n_bugs:
                self.stop_reason = "all_bugs"
                finished = True
            elif steps >= limit:
                self.stop_reason = "max_steps" if until_all_bugs else "budget"
                finished = True
            if emit_every_step or finished:
                if layer is not None:
                    context_step = layer.step(shown.entries if shown is not None else None)
                yield StepEvent(
                    from_page=from_page, to_page=to_page, how=how, planned_path=plan, is_new=is_new,
                    visit_count=visit_count, was_forgotten=was_forgotten, bug_page=bug_page,
                    bug_found=bug_found, duplicate_report=duplicate, memory_written=written,
                    memory_touched=touched, memory_evicted=evicted,
                    evicted_slot=slot if evicted is not None else None,
                    touched_from=slot if touched is not None else None, memory_dropped=dropped,
                    tokens=tokens, call=calls, steps=steps, pages_seen=pages_seen, repeats=repeats,
                    bugs_found=len(reported), reports=reports, tokens_total=tokens_total,
                    memory_size=len(entries) if entries is not None else 0, finished=finished,
                    forgotten_at=forgotten_at, memory_ignored=ignored, write_skipped=skipped,
                    read_scores=scores, context=context_step,
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
        new.context = new._new_context(site, config)  # a new session: its context starts empty
        if new.context is not None:
            new.context.append(site.start, False)
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
        fork.context = self.context.copy() if self.context is not None else None
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
        for event in fork._walker(emit_every_step=False, resume=live):
            fork.last_event = event
        return fork.result()


def run(site: Site, config: RunConfig, first_draws: list[float] | None = None) -> RunResult:
    return Exploration(site, config, first_draws).run_to_end()
