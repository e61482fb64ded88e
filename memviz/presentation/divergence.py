"""Why two Compare lanes part, in one line (``memviz compare``, the Compare tab's header).

The core finds the first step where the lanes' paths part and its cause
(:class:`memviz.core.compare.Divergence`: which lanes, which step, what kind of cause); this says it,
in the words of :mod:`memviz.wording.compare`, reading the lanes' own steps at the cause's step.
Chinese parts are put together with :func:`memviz.core.text.joined` (a space between Latin and
Chinese, never inside a page's name).
"""

from __future__ import annotations

from memviz.core.compare import (
    CAUSE_CONTEXT,
    CAUSE_MEMORY,
    CAUSE_MISUSE,
    CAUSE_RECORDED,
    CAUSE_STRATEGY,
    Comparison,
    Lane,
    context_did,
)
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES
from memviz.core.text import joined
from memviz.wording import common as common_words
from memviz.wording import compare as words
from memviz.wording import strategy_name, t
from memviz.wording.reading import reading_label


def divergence_reason(comparison: Comparison, lang: str) -> str:
    """The first divergence's reason ("step 15: FIFO forgot Home; random eviction drew a random number
    and forgot Edit B"); empty when the lanes never part."""
    d = comparison.first_divergence
    if d is None:
        return ""
    site, lanes = comparison.site, comparison.lanes
    la, lb = lanes[d.lanes[0]], lanes[d.lanes[1]]
    if d.cause == CAUSE_RECORDED:
        return words.WENT_TO_OTHER_WENT_TO_N.pick(
            lang,
            step=d.step,
            who=_who_chose(la, lang),
            page=_page(site, la.steps[d.step - 1].page, lang),
            other=_who_chose(lb, lang),
            other_page=_page(site, lb.steps[d.step - 1].page, lang),
        )
    if d.cause == CAUSE_STRATEGY:
        pages = words.PAGE_AND_PAGE_N.pick(
            lang,
            page=_page(site, la.steps[d.step - 1].page, lang),
            other=_page(site, lb.steps[d.step - 1].page, lang),
        )
        return joined(
            words.STEP_LEADS_N.pick(lang, step=d.step),
            STRATEGIES.get(la.config.strategy).name_in(lang),
            words.AND.pick(lang),
            STRATEGIES.get(lb.config.strategy).name_in(lang),
            words.PICK_LINKS_BY_DIFFERENT_RULES.pick(lang),
            pages,
        )
    if d.cause == CAUSE_MISUSE:
        return _misuse(lanes, d.lane, d.cause_step, lang)
    if d.cause == CAUSE_CONTEXT:
        clauses = [_context_clause(lanes, k, d.cause_step, lang) for k in d.lanes]
        return words.STEP_CLAUSES_N.pick(
            lang, step=d.cause_step, clauses=words.CLAUSE_SEPARATOR.pick(lang).join(clauses)
        )
    if d.cause == CAUSE_MEMORY:
        show_capacity = la.config.capacity != lb.config.capacity
        return words.STEP_CLAUSES_N.pick(
            lang,
            step=d.cause_step,
            clauses=words.CLAUSE_SEPARATOR.pick(lang).join(
                _forgot(site, lane, d.cause_step, show_capacity, lang) for lane in (la, lb)
            ),
        )
    return words.THE_LANES_CHOSE_DIFFERENTLY_N.pick(lang, step=d.step)


def _page(site: Site, page: int | None, lang: str) -> str:
    return words.STOPPED.pick(lang) if page is None else site.page_name(page, lang)


def _who_chose(lane: Lane, lang: str) -> str:
    return (words.THE_RECORDED_AGENT if lane.config.recorded else words.THE_RULE).pick(lang)


def _lane_name(lanes: tuple[Lane, ...], k: int, lang: str) -> str:
    """A lane by its number, with how its memory is read when not the chapter's way."""
    number, reading = k + 1, reading_label(lanes[k].config.reading, lang)
    if reading:
        return words.LANE_READING_N.pick(lang, number=number, reading=reading)
    return words.LANE_N.pick(lang, number=number)


def _misuse(lanes: tuple[Lane, ...], k: int | None, step: int, lang: str) -> str:
    assert k is not None
    event = lanes[k].steps[step - 1].event
    if event.memory_ignored:
        what = words.THE_MODEL_IGNORED_ITS_MEMORY.pick(lang)
    elif event.write_skipped:
        what = words.NOTHING_WAS_WRITTEN_TO_MEMORY.pick(lang)
    else:
        scores = event.read_scores
        what = words.ONLY_SOME_ENTRIES_WERE_READ_N.pick(
            lang, shown=sum(s.injected for s in scores), held=len(scores)
        )
    return words.STEP_LANE_WHAT_N.pick(lang, step=step, who=_lane_name(lanes, k, lang), what=what)


def _context_clause(lanes: tuple[Lane, ...], k: int, step: int, lang: str) -> str:
    """What lane ``k``'s session context did at ``step``, after the lane's name."""
    steps = lanes[k].steps
    context = steps[step - 1].event.context if step <= len(steps) else None
    did = context_did(context)
    if did[1] == "none":
        what = words.HAS_NO_CONTEXT_LAYER.pick(lang)
    elif did[1] in ("summary", "memgpt"):
        flush = words.A_MEMGPT_FLUSH.pick(lang) if did[1] == "memgpt" else ""
        what = flush + words.TURNS_BECAME_A_SUMMARY_N.pick(lang, turns=did[2], names=did[3])
    elif did[1] == "truncate":
        n = did[2]
        what = (words.TRUNCATED_ONE_TURN if n == 1 else words.TRUNCATED_N).pick(lang, n=n)
    elif did[1] == "recall":
        what = words.SEARCHED_RECALL_STORAGE_N.pick(lang, hits=did[2])
    else:
        what = words.COMPACTED_NOTHING.pick(lang)
    return words.LANE_DID_N.pick(lang, who=_lane_name(lanes, k, lang), what=what)


def _forgot(site: Site, lane: Lane, step: int, show_capacity: bool, lang: str) -> str:
    """What a lane's memory did at ``step``, in a clause: "random eviction drew a random number and
    forgot Article A"."""
    record = lane.steps[step - 1]
    c = lane.config
    policy = POLICIES.get(c.policy)
    # mid-sentence: a policy's name as said, not as a label (FIFO, clairvoyant)
    who = policy.name_in(lang) if c.uses_memory else strategy_name("random", lang)
    if policy.draws_victim:
        who = words.POLICY_EVICTION_N.pick(lang, policy=t(lang, policy.zh, policy.en))
    if show_capacity and c.uses_memory:
        capacity = common_words.UNLIMITED.pick(lang) if c.capacity is None else c.capacity
        who = words.WHO_WITH_CAPACITY_N.pick(lang, who=who, capacity=capacity)
    if record.evicted is None and not record.event.memory_dropped:
        return joined(who, words.FORGOT_NOTHING.pick(lang))
    gone = record.evicted if record.evicted is not None else record.event.memory_dropped[0]
    how = ""
    if policy.draws_victim and record.evicted is not None:
        how = words.DREW_A_RANDOM_NUMBER_AND.pick(lang)
    elif policy.simulates and record.evicted is not None:
        how = words.LOOKED_AHEAD_AND.pick(lang)
    return joined(who, how, words.FORGOT.pick(lang), site.page_name(gone, lang))
