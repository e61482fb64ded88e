"""The story of a run in words, one line per step (plus a line when memory forgets a page).

Pure functions of the core's step events, so the log, its tests and any future export say the same
thing. Kinds let the log colour lines without parsing them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from memviz.core.engine import RunConfig, StepEvent
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.core.strategies import HOW_DEAD_END, HOW_DONE, HOW_FALLBACK, HOW_PLAN, HOW_RECORDED, uses_memory
from memviz.presentation.context_narration import before_call, during_call
from memviz.wording import config_summary
from memviz.wording import explore as explore_words
from memviz.wording.words import Words

if TYPE_CHECKING:  # replay, with traces, loads with the first recording (not before the first paint)
    from memviz.core.replay import RecordedRun

# Line kinds, most important last (a step line takes the kind of its most notable part).
KIND_START = "start"
KIND_REPEAT = "repeat"
KIND_NEW = "new"
KIND_PLAN = "plan"
KIND_MISUSE = "misuse"  # issue 27: the model ignored its memory, or wrote nothing, this step
KIND_BUG = "bug"
KIND_DUPLICATE = "duplicate"
KIND_EVICT = "evict"
KIND_STOP = "stop"
KIND_CONTEXT = "context"  # issue 38: the session context compacted, warned or searched recall storage


class NarrationLine(NamedTuple):
    text: str
    kind: str
    call: int  # the model call this line tells about (0: the start)


def narrate_start(
    site: Site, config: RunConfig, lang: str, recorded: RecordedRun | None = None
) -> NarrationLine:
    start = site.page_name(site.start, lang)
    settings = config_summary(config, lang, capital=True)
    if recorded is not None:  # its own length and path: of the settings, only the memory is a what-if
        from memviz.core.replay import what_if_text

        memory = what_if_text(config) if uses_memory(config.strategy) else explore_words.NONE.pick(lang)
        text = explore_words.RECORDED_RUN_STARTS_ON_WHAT_IF_N.pick(
            lang, agent=recorded.agent, start=start, memory=memory
        )
        return NarrationLine(text, KIND_START, 0)
    text = explore_words.START_THE_AGENT_IS_ON_STRATEGY_N.pick(lang, start=start, settings=settings)
    return NarrationLine(text, KIND_START, 0)


def narrate_step(
    event: StepEvent, site: Site, config: RunConfig, lang: str, recorded: RecordedRun | None = None
) -> list[NarrationLine]:
    """Lines for one event (``recorded``: the recording it replays, whose figures it tells)."""
    if recorded is not None:
        return _narrate_recorded(event, site, config, lang, recorded)
    context_first = _context_first(event, lang)  # issue 38: what the context did as the call began
    if not event.moved:
        return [*context_first, NarrationLine(_stop_text(event, site, lang), KIND_STOP, event.call)]
    line = _StepLine(event, site, lang)
    line.arrival()
    line.route()
    line.reading()
    line.bug(config)
    line.what_if(config)
    line.ending(config)
    lines = [*context_first, NarrationLine(line.text(), line.kind, event.call)]
    if event.memory_evicted is not None:
        lines.append(
            NarrationLine(evict_text(event.memory_evicted, site, config, lang), KIND_EVICT, event.call)
        )
    return lines


def _stop_text(event: StepEvent, site: Site, lang: str) -> str:
    """The call that stopped instead of clicking: why."""
    call, here = event.call, site.page_name(event.from_page, lang)
    if event.how == HOW_DONE:
        return explore_words.CALL_EVERY_REMEMBERED_PAGE_HAS_BEEN_N.pick(lang, call=call, here=here)
    if event.how == HOW_DEAD_END:
        return explore_words.CALL_HAS_NO_LINK_TO_CLICK_N.pick(lang, call=call, here=here)
    return explore_words.CALL_THE_AGENT_STOPS_N.pick(lang, call=call)  # not produced by the core today


class _StepLine:
    """A step's line, clause by clause in both languages, and its kind (the most notable clause's:
    a bug over a misuse over a plan over a new page or a repeat)."""

    def __init__(self, event: StepEvent, site: Site, lang: str) -> None:
        self.event, self.site, self.lang = event, site, lang
        start = f"{self.name(event.from_page)} → {self.name(event.to_page)}"
        steps = event.steps
        self.clauses = [explore_words.STEP_FROM_TO_N.pick(lang, steps=steps, start=start)]
        self.kind = KIND_NEW if event.is_new else KIND_REPEAT

    def name(self, page: int | None) -> str:
        return self.site.page_name(page, self.lang)

    def say(self, clause: str) -> None:
        self.clauses.append(clause)

    def add(self, words: Words) -> None:
        self.say(words.pick(self.lang))

    def text(self) -> str:
        return "".join(self.clauses)

    def arrival(self) -> None:
        """A new page, a forgotten one, or the how-many-th visit."""
        event = self.event
        if event.is_new:
            self.add(explore_words.NEW_PAGE)
        elif event.was_forgotten:
            self.add(explore_words.VISITED_BEFORE_BUT_FORGOTTEN)
        else:
            visits = event.visit_count
            self.say(explore_words.VISIT_N.pick(self.lang, visits=visits))

    def route(self) -> None:
        """How the link was chosen: a plan through memory, or any link when all are remembered."""
        event = self.event
        if event.how == HOW_PLAN and event.planned_path:
            route = " → ".join(self.name(p) for p in event.planned_path)
            self.say(explore_words.PLANNED_THROUGH_REMEMBERED_LINKS_N.pick(self.lang, route=route))
            self.kind = KIND_PLAN if self.kind == KIND_REPEAT else self.kind
        elif event.how == HOW_FALLBACK:
            self.add(explore_words.EVERY_LINK_HERE_IS_REMEMBERED_SO)

    def reading(self) -> None:
        """What the call read (top:K), what the context did during it, memory ignored or unwritten."""
        event = self.event
        if event.read_scores is not None:  # --read top:K: the call carried only some entries
            shown, held = sum(s.injected for s in event.read_scores), len(event.read_scores)
            self.say(explore_words.OF_ENTRIES_READ_N.pick(self.lang, shown=shown, held=held))
        if event.context is not None:  # a recall search, a revisit the compaction caused
            for clause in during_call(event.context, self.lang):
                self.say(explore_words.CONTEXT_CLAUSE_N.pick(self.lang, clause=clause))
        if event.memory_ignored:
            self.add(explore_words.BUT_THE_MODEL_IGNORED_ITS_MEMORY)
        if event.write_skipped:
            self.add(explore_words.AND_WROTE_NOTHING_TO_MEMORY)
        if (event.memory_ignored or event.write_skipped) and self.kind in (KIND_NEW, KIND_REPEAT, KIND_PLAN):
            self.kind = KIND_MISUSE

    def bug(self, config: RunConfig) -> None:
        """A bug on the page: found, reported again, or remembered as reported."""
        event = self.event
        if event.bug_page is None:
            return
        bug = self.site.bug_name(event.bug_page, self.lang)
        if event.bug_found:
            self.say(explore_words.FOUND_BUG_N.pick(self.lang, bug=bug))
            self.kind = KIND_BUG
        elif event.duplicate_report:
            self.say(explore_words.REPORTED_BUG_AGAIN_DUPLICATE_REPORT_N.pick(self.lang, bug=bug))
            if event.memory_ignored and config.keeps_bug_list:
                self.add(explore_words.THE_BUG_LIST_WAS_NOT_READ)
            self.kind = KIND_DUPLICATE
        else:
            self.say(explore_words.REMEMBERS_BUG_ALREADY_REPORTED_NO_NEW_N.pick(self.lang, bug=bug))

    def what_if(self, config: RunConfig) -> None:
        """A recording's repeat that the what-if memory would have caught."""
        event = self.event
        if (
            event.how == HOW_RECORDED
            and event.is_repeat
            and not event.was_forgotten
            and uses_memory(config.strategy)
        ):
            self.add(explore_words.THE_WHAT_IF_MEMORY_STILL_HELD)

    def ending(self, config: RunConfig) -> None:
        """The run's last step: why it ends."""
        event, site = self.event, self.site
        if not event.finished:
            return
        if event.how == HOW_RECORDED:
            self.add(explore_words.END_OF_THE_RECORDING)
        elif config.until_all_bugs and event.bugs_found == site.n_bugs:
            n_bugs = site.n_bugs
            self.say(explore_words.ALL_BUGS_FOUND_THE_AGENT_STOPS_N.pick(self.lang, n_bugs=n_bugs))
        else:
            self.add(explore_words.BUDGET_USED_UP_2)


def _context_first(event: StepEvent, lang: str) -> list[NarrationLine]:
    """Lines for the context's compaction and warning at this call, numbered as the step it began."""
    if event.context is None:
        return []
    step = event.steps if event.moved else event.call
    head = explore_words.STEP_N.pick(lang, step=step)
    return [NarrationLine(head + text, KIND_CONTEXT, event.call) for text in before_call(event.context, lang)]


def _narrate_recorded(
    event: StepEvent, site: Site, config: RunConfig, lang: str, recorded: RecordedRun
) -> list[NarrationLine]:
    """A recorded step in words: where the agent went and what the trace says it reported; what
    the what-if memory did is said as such ("what-if memory: …"), never as the agent's."""
    from memviz.core.replay import figures_of

    call, figures = event.call, figures_of(recorded, event)
    name = lambda p: site.page_name(p, lang)  # noqa: E731 - a local shorthand
    if not event.moved:
        here = name(event.from_page)
        text = explore_words.CALL_THE_AGENT_STOPS_ON_END_N.pick(lang, call=call, here=here)
        return [NarrationLine(text, KIND_STOP, call)]
    to_page, steps = event.to_page, event.steps
    start = f"{name(event.from_page)} → {name(to_page)}"
    parts = [explore_words.STEP_FROM_TO_N.pick(lang, steps=steps, start=start)]
    kind = KIND_NEW if event.is_new else KIND_REPEAT
    if event.is_new:
        parts.append(explore_words.NEW_PAGE.pick(lang))
    else:
        visits = event.visit_count
        parts.append(explore_words.VISIT_N.pick(lang, visits=visits))
    errors = ", ".join(dict.fromkeys(r.error for r in figures.reports))
    bug = site.bug_name(to_page, lang) if to_page in site.bug_by_page else errors
    if figures.bug_found:
        parts.append(explore_words.REPORTED_BUG_N.pick(lang, bug=bug))
        kind = KIND_BUG
    elif figures.duplicate_report:
        parts.append(explore_words.REPORTED_AGAIN_DUPLICATE_REPORT_N.pick(lang, bug=bug))
        kind = KIND_DUPLICATE
    elif figures.reports:
        parts.append(explore_words.REPORTED_N.pick(lang, errors=errors))
        kind = KIND_BUG
    elif to_page in site.bug_by_page and recorded.reports_known:
        hidden = site.bug_name(to_page, lang)
        parts.append(explore_words.A_BUG_PAGE_NOT_REPORTED_N.pick(lang, hidden=hidden))
    if event.is_repeat and uses_memory(config.strategy):
        if event.was_forgotten:
            parts.append(explore_words.WHAT_IF_MEMORY_IT_HAD_FORGOTTEN.pick(lang))
        else:
            parts.append(explore_words.WHAT_IF_MEMORY_STILL_HELD_IT.pick(lang))
    if event.finished:
        parts.append(explore_words.END_OF_THE_RECORDING.pick(lang))
    lines = [NarrationLine("".join(parts), kind, call)]
    if event.memory_evicted is not None:
        evicted = evict_text(event.memory_evicted, site, config, lang).strip()
        text = explore_words.WHAT_IF_MEMORY_N.pick(lang, evicted=evicted)
        lines.append(NarrationLine(text, KIND_EVICT, call))
    return lines


def evict_text(page: int, site: Site, config: RunConfig, lang: str) -> str:
    forgotten = site.page_name(page, lang)
    policy = POLICIES.get(config.policy)
    if policy.foreseeable and not policy.touches_on_revisit:  # FIFO
        return explore_words.MEMORY_FULL_FORGETS_THE_OLDEST_ENTRY_N.pick(
            lang, zh=policy.zh, forgotten=forgotten, en=policy.en
        )
    if policy.foreseeable:  # LRU
        return explore_words.MEMORY_FULL_FORGETS_THE_LEAST_RECENTLY_N.pick(
            lang, zh=policy.zh, forgotten=forgotten, en=policy.en
        )
    if policy.draws_victim:
        return explore_words.MEMORY_FULL_EVICTION_FORGETS_N.pick(
            lang, zh=policy.zh, forgotten=forgotten, en=policy.en
        )
    # any other registered policy, in its own words
    return explore_words.MEMORY_FULL_FORGETS_N.pick(
        lang, zh=policy.zh, rule_zh=policy.rule_zh, forgotten=forgotten, en=policy.en, rule_en=policy.rule_en
    )


def narrate_run(
    events: Iterable[StepEvent], site: Site, config: RunConfig, lang: str, recorded: RecordedRun | None = None
) -> list[NarrationLine]:
    """The whole story so far: the start line, then every event's lines."""
    lines = [narrate_start(site, config, lang, recorded)]
    for event in events:
        lines.extend(narrate_step(event, site, config, lang, recorded))
    return lines
