"""The story of a run in words, one line per step (plus a line when memory forgets a page).

Pure functions of the core's step events, so the log, its tests and any future export say the same
thing. Kinds let the log colour lines without parsing them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from memviz.core.engine import RunConfig, StepEvent
from memviz.core.policies import POLICIES
from memviz.core.replay import RecordedRun, figures_of, what_if_text
from memviz.core.site import Site
from memviz.core.strategies import HOW_DEAD_END, HOW_DONE, HOW_FALLBACK, HOW_PLAN, HOW_RECORDED, uses_memory
from memviz.presentation.context_narration import before_call, during_call
from memviz.wording import config_summary, t
from memviz.wording import explore as explore_words

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


@dataclass(frozen=True)
class NarrationLine:
    text: str
    kind: str
    call: int  # the model call this line tells about (0: the start)


def narrate_start(
    site: Site, config: RunConfig, lang: str, recorded: RecordedRun | None = None
) -> NarrationLine:
    start = site.page_name(site.start, lang)
    settings = config_summary(config, lang, capital=True)
    if recorded is not None:  # its own length and path: of the settings, only the memory is a what-if
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
        self.zh = [f"第 {event.steps} 步：{start}"]
        self.en = [f"Step {event.steps}: {start}"]
        self.kind = KIND_NEW if event.is_new else KIND_REPEAT

    def name(self, page: int | None) -> str:
        return self.site.page_name(page, self.lang)

    def add(self, zh: str, en: str) -> None:
        self.zh.append(zh)
        self.en.append(en)

    def text(self) -> str:
        return t(self.lang, "".join(self.zh), "".join(self.en))

    def arrival(self) -> None:
        """A new page, a forgotten one, or the how-many-th visit."""
        event = self.event
        if event.is_new:
            self.add(*explore_words.NEW_PAGE)
        elif event.was_forgotten:
            self.add(*explore_words.VISITED_BEFORE_BUT_FORGOTTEN)
        else:
            self.add(f"（第 {event.visit_count} 次来）", f" (visit {event.visit_count})")

    def route(self) -> None:
        """How the link was chosen: a plan through memory, or any link when all are remembered."""
        event = self.event
        if event.how == HOW_PLAN and event.planned_path:
            route = " → ".join(self.name(p) for p in event.planned_path)
            self.add(f"，按记忆里的链接规划：{route}", f", planned through remembered links: {route}")
            self.kind = KIND_PLAN if self.kind == KIND_REPEAT else self.kind
        elif event.how == HOW_FALLBACK:
            self.add(
                *explore_words.EVERY_LINK_HERE_IS_REMEMBERED_SO,
            )

    def reading(self) -> None:
        """What the call read (top:K), what the context did during it, memory ignored or unwritten."""
        event = self.event
        if event.read_scores is not None:  # --read top:K: the call carried only some entries
            shown, held = sum(s.injected for s in event.read_scores), len(event.read_scores)
            self.add(f"，检索注入了 {shown}/{held} 条记忆", f", {shown} of {held} entries read")
        if event.context is not None:  # a recall search, a revisit the compaction caused
            self.zh.extend("，" + clause for clause in during_call(event.context, "zh"))
            self.en.extend("; " + clause for clause in during_call(event.context, "en"))
        if event.memory_ignored:
            self.add(*explore_words.BUT_THE_MODEL_IGNORED_ITS_MEMORY)
        if event.write_skipped:
            self.add(*explore_words.AND_WROTE_NOTHING_TO_MEMORY)
        if (event.memory_ignored or event.write_skipped) and self.kind in (KIND_NEW, KIND_REPEAT, KIND_PLAN):
            self.kind = KIND_MISUSE

    def bug(self, config: RunConfig) -> None:
        """A bug on the page: found, reported again, or remembered as reported."""
        event = self.event
        if event.bug_page is None:
            return
        bug = self.site.bug_name(event.bug_page, self.lang)
        if event.bug_found:
            self.add(f"，发现 Bug：{bug}", f", found bug: {bug}")
            self.kind = KIND_BUG
        elif event.duplicate_report:
            self.add(
                f"，又报了一遍 Bug：{bug}（重复报告）", f", reported bug again: {bug} (duplicate report)"
            )
            if event.memory_ignored and config.keeps_bug_list:
                self.add(*explore_words.THE_BUG_LIST_WAS_NOT_READ)
            self.kind = KIND_DUPLICATE
        else:
            self.add(
                f"，记得已经报过 Bug：{bug}，不再报",
                f", remembers bug already reported: {bug}, no new report",
            )

    def what_if(self, config: RunConfig) -> None:
        """A recording's repeat that the what-if memory would have caught."""
        event = self.event
        if (
            event.how == HOW_RECORDED
            and event.is_repeat
            and not event.was_forgotten
            and uses_memory(config.strategy)
        ):
            self.add(
                *explore_words.THE_WHAT_IF_MEMORY_STILL_HELD,
            )

    def ending(self, config: RunConfig) -> None:
        """The run's last step: why it ends."""
        event, site = self.event, self.site
        if not event.finished:
            return
        if event.how == HOW_RECORDED:
            self.add(*explore_words.END_OF_THE_RECORDING)
        elif config.until_all_bugs and event.bugs_found == site.n_bugs:
            self.add(
                f"。{site.n_bugs} 个 Bug 全部找到，停下", f". All {site.n_bugs} bugs found; the agent stops"
            )
        else:
            self.add(*explore_words.BUDGET_USED_UP_2)


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
    call, figures = event.call, figures_of(recorded, event)
    name = lambda p: site.page_name(p, lang)  # noqa: E731 - a local shorthand
    if not event.moved:
        text = t(
            lang,
            f"第 {call} 次调用：Agent 在「{name(event.from_page)}」停下。录下的运行到此结束",
            f"Call {call}: the agent stops on {name(event.from_page)}. End of the recording",
        )
        return [NarrationLine(text, KIND_STOP, call)]
    to_page = event.to_page
    parts_zh = [f"第 {event.steps} 步：{name(event.from_page)} → {name(to_page)}"]
    parts_en = [f"Step {event.steps}: {name(event.from_page)} → {name(to_page)}"]
    kind = KIND_NEW if event.is_new else KIND_REPEAT
    if event.is_new:
        parts_zh.append("（新页面）")
        parts_en.append(" (new page)")
    else:
        parts_zh.append(f"（第 {event.visit_count} 次来）")
        parts_en.append(f" (visit {event.visit_count})")
    errors = ", ".join(dict.fromkeys(r.error for r in figures.reports))
    bug = site.bug_name(to_page, lang) if to_page in site.bug_by_page else errors
    if figures.bug_found:
        parts_zh.append(f"，报告了 Bug：{bug}")
        parts_en.append(f", reported bug: {bug}")
        kind = KIND_BUG
    elif figures.duplicate_report:
        parts_zh.append(f"，又报了一遍：{bug}（重复报告）")
        parts_en.append(f", reported again: {bug} (duplicate report)")
        kind = KIND_DUPLICATE
    elif figures.reports:
        parts_zh.append(f"，报告了：{errors}")
        parts_en.append(f", reported: {errors}")
        kind = KIND_BUG
    elif to_page in site.bug_by_page and recorded.reports_known:
        parts_zh.append(f"，这页藏着 Bug（{site.bug_name(to_page, lang)}），没有报告")
        parts_en.append(f", a bug page ({site.bug_name(to_page, lang)}), not reported")
    if event.is_repeat and uses_memory(config.strategy):
        if event.was_forgotten:
            parts_zh.append("；假如的记忆：已经忘了这页")
            parts_en.append("; what-if memory: it had forgotten this page")
        else:
            parts_zh.append("；假如的记忆：还记得，会提醒 Agent 这里来过")
            parts_en.append("; what-if memory: still held it, it would have told the agent it had been here")
    if event.finished:
        parts_zh.append("。录下的运行到此结束")
        parts_en.append(". End of the recording")
    lines = [NarrationLine(t(lang, "".join(parts_zh), "".join(parts_en)), kind, call)]
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
