"""Predict, then reveal (VisuAlgo's habit): before a step on which memory forgets an entry, the class
picks the entry it thinks goes; then the rule's own choice is shown, with the rule in words
("FIFO: oldest written goes first → Home, written at step 3"), and a tally is kept. The other
question asks before each click where the agent goes; the reveal says why it went there (a link not
in memory, picked at random; the first hop of a route planned through memory; ...).

Qt-free: the question is worked out by replaying the run in the core (deterministic: the same
seed gives the same step), and the reveal's facts come from the step events, never from the
engine's insides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memviz.core.compare import Comparison
from memviz.core.engine import Exploration, RunConfig, StepEvent
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.core.stepping import step_until
from memviz.core.strategies import HOW_FRESH, HOW_PLAN, STRATEGIES
from memviz.wording import HOW_TEXTS, move_towards, move_verdict, right_guess, t, wrong_pick
from memviz.wording import explore as explore_words


@dataclass(frozen=True)
class EvictionQuestion:
    """The step about to be made forgets an entry: which one?"""

    call: int  # the model call that forgets (1-based, as StepEvent.call)
    candidates: tuple[int, ...]  # what memory holds before it, next to go first
    answer: int  # the entry the rule forgets


def eviction_question(site: Site, config: RunConfig, calls_made: int) -> EvictionQuestion | None:
    """The question before call ``calls_made + 1``, or None when that call forgets nothing (or the run
    is over). Entries dropped for their age as a step begins (``ttl``) are not an eviction to guess."""
    return EvictionQuestions(site, config).before(calls_made)


class EvictionQuestions:
    """The questions of one run, asked step after step: a run of its own one step ahead of the
    class's, so each question costs one step (replaying from the start only after going back)."""

    def __init__(self, site: Site, config: RunConfig) -> None:
        self.site, self.config = site, config
        self._ahead = Exploration(site, config)
        self._calls = 0  # calls the run ahead has made
        self._asked: tuple[int, EvictionQuestion | None] | None = None  # (calls made, its question)

    def before(self, calls_made: int) -> EvictionQuestion | None:
        if self._asked is not None and self._asked[0] == calls_made:
            return self._asked[1]
        if calls_made < self._calls:  # gone back: start again
            self._ahead, self._calls = Exploration(self.site, self.config), 0
        self._calls += len(step_until(self._ahead, limit=calls_made - self._calls))
        question = None
        if not self._ahead.finished:
            before = self._ahead.memory_order()
            event = self._ahead.step()
            self._calls += 1
            if event.memory_evicted is not None and not event.memory_dropped:
                question = EvictionQuestion(event.call, before, event.memory_evicted)
        self._asked = (calls_made, question)
        return question


@dataclass(frozen=True)
class MoveQuestion:
    """The agent is about to click a link: where does it go?"""

    call: int  # the model call that moves (1-based, as StepEvent.call)
    # Every link the agent can click there: the nav pages, then the page's own links
    # (Site.clickable: the engine's choices, in the order a draw counts them).
    candidates: tuple[int, ...]
    answer: int  # the page it goes to
    how: str  # why, as StepEvent.how (memviz.core.strategies.HOW_*)
    # What the rule chose among: the links to pages not in memory, the planned hop alone, or
    # every link (no memory, or all remembered).
    pool: tuple[int, ...]
    route: tuple[int, ...] | None = None  # a planned hop's route through memory, here to its end

    @property
    def random(self) -> bool:
        """The choice was a draw among several links (a guess can only be lucky)."""
        return len(self.pool) > 1


class MoveQuestions:
    """The "where does it go" questions of one run, from a run kept one step ahead (as
    :class:`EvictionQuestions`): the answer is the engine's own next click."""

    def __init__(self, site: Site, config: RunConfig) -> None:
        self.site, self.config = site, config
        self._ahead = Exploration(site, config)
        self._calls = 0
        self._asked: tuple[int, MoveQuestion | None] | None = None

    def before(self, calls_made: int) -> MoveQuestion | None:
        """The question before call ``calls_made + 1``; None when that call stops (or the run is over)
        or the page has a single link (nothing to guess)."""
        if self._asked is not None and self._asked[0] == calls_made:
            return self._asked[1]
        if calls_made < self._calls:
            self._ahead, self._calls = Exploration(self.site, self.config), 0
        self._calls += len(step_until(self._ahead, limit=calls_made - self._calls))
        question = None
        if not self._ahead.finished:
            links = self.site.clickable[self._ahead.page]
            remembered = set(self._ahead.memory_order())
            event = self._ahead.step()
            self._calls += 1
            if event.read_scores is not None:  # --read top:K: the choice saw only the entries injected
                remembered = {s.page for s in event.read_scores if s.injected}
            if event.moved and len(links) > 1:
                pool = (
                    tuple(q for q in links if q not in remembered) if event.how == HOW_FRESH
                    else (event.to_page,) if event.how == HOW_PLAN
                    else links
                )  # fmt: skip
                route = event.planned_path if event.how == HOW_PLAN else None
                question = MoveQuestion(event.call, links, event.to_page, event.how, pool, route)
        self._asked = (calls_made, question)
        return question


def move_reveal_text(question: MoveQuestion, picked: int, site: Site, config: RunConfig, lang: str) -> str:
    """Where the agent went and why, in words, and whether ``picked`` was it: right (and, for a
    draw, lucky), a link the rule allowed that the draw passed over, or one the rule ruled out."""
    strategy = STRATEGIES.get(config.strategy).label_in(lang)
    page = site.page_name(question.answer, lang)
    why = f"{strategy}{explore_words.COLON.pick(lang)}{t(lang, *HOW_TEXTS[question.how])} → {page}"
    route = question.route
    if route is not None and len(route) > 2:  # the hop is on the way to a page further on
        why += move_towards(lang, site.page_name(route[-1], lang))
    draw = len(question.pool) if question.random else None
    verdict = move_verdict(lang, site.page_name(picked, lang), picked == question.answer, draw,
                           picked in question.pool)  # fmt: skip
    return f"{verdict} {why}" if lang == "en" else f"{verdict}{why}"


def lane_question(comparison: Comparison, position: int) -> tuple[int, EvictionQuestion] | None:
    """Predict, then reveal, in Compare: before step ``position + 1``, the first lane (top to bottom)
    that forgets an entry at that step, and its question; None when no lane does. The lanes are
    computed whole, so the answer is read from the lane's own step event."""
    for index, lane in enumerate(comparison.lanes):
        if position >= len(lane.steps) or lane.start_memory is None:
            continue
        event = lane.steps[position].event
        if event.memory_evicted is None or event.memory_dropped:
            continue
        before = lane.start_memory if position == 0 else lane.steps[position - 1].memory
        return index, EvictionQuestion(event.call, tuple(before), event.memory_evicted)
    return None


def _last_step(events: Sequence[StepEvent], page: int, written_only: bool) -> int:
    """The step at which ``page`` was last written to memory (or, ``written_only`` False, last
    visited); 0 for the start page, written before the first step."""
    for event in reversed(events):
        if event.memory_written == page or (not written_only and event.to_page == page):
            return event.call
    return 0


def reveal_text(
    question: EvictionQuestion,
    picked: int,
    site: Site,
    config: RunConfig,
    events: Sequence[StepEvent],
    lang: str,
) -> str:
    """The rule's choice in words, and whether ``picked`` was it. ``events``: the steps before the
    question's."""
    policy = POLICIES.get(config.policy)
    page = site.page_name(question.answer, lang)
    rule = policy.rule_in(lang)
    name = policy.label_in(lang)
    said = (
        f"{name}{explore_words.COLON.pick(lang)}{rule}"  # a rule never repeats its policy's name (wording.py)
    )
    why = f"{said} → {page}"
    if policy.foreseeable:  # its first entry: by writing (FIFO) or by last use (LRU)
        step = _last_step(events, question.answer, written_only=not policy.touches_on_revisit)
        if step == 0:
            why += explore_words.WRITTEN_AT_THE_START.pick(lang)
        elif not policy.touches_on_revisit:
            why += explore_words.WRITTEN_AT_STEP_N.pick(lang, step=step)
        else:
            why += explore_words.LAST_USED_AT_STEP_N.pick(lang, step=step)
    if picked == question.answer:
        verdict = right_guess(lang)
    else:
        verdict = wrong_pick(lang, site.page_name(picked, lang))
    return f"{verdict} {why}" if lang == "en" else f"{verdict}{why}"


@dataclass
class Tally:
    """Predictions made and right, this run."""

    asked: int = 0
    right: int = 0

    def record(self, right: bool) -> None:
        self.asked += 1
        self.right += int(right)

    def text(self, lang: str) -> str:
        return explore_words.OF_RIGHT_N.pick(lang, right=self.right, asked=self.asked)
