"""Predict, then reveal: the questions are the engine's own evictions, and the words name its choice."""

from __future__ import annotations

import pytest

from memviz.core.engine import Exploration, RunConfig
from memviz.core.policies import POLICIES
from memviz.core.site import Site, load_site
from memviz.core.sitegen import generate_site
from memviz.core.strategies import STRATEGIES
from memviz.predict import Tally, eviction_question, reveal_text

SITE = load_site()


@pytest.mark.parametrize("policy", POLICIES.names())
@pytest.mark.parametrize("capacity", [3, 6])
def test_a_question_comes_exactly_before_each_eviction(policy, capacity):
    config = RunConfig(strategy="frontier", capacity=capacity, policy=policy, seed=1003)
    exploration = Exploration(SITE, config)
    calls = asked = 0
    while not exploration.finished:
        before = exploration.memory_order()
        question = eviction_question(SITE, config, calls)
        event = exploration.step()
        calls += 1
        evicts = event.memory_evicted is not None and not event.memory_dropped
        assert (question is not None) == evicts, event.call
        if question is not None:
            asked += 1
            assert (question.call, question.candidates, question.answer) == (
                event.call,
                before,
                event.memory_evicted,
            )
            if policy in ("fifo", "lru"):  # the plain rule: the head of the eviction order goes
                assert question.answer == before[0]
    assert asked > 0 or policy == "ttl"
    assert eviction_question(SITE, config, calls) is None  # the run is over


def test_no_memory_asks_nothing():
    assert all(eviction_question(SITE, RunConfig(seed=1000), k) is None for k in range(30))


def test_the_reveal_names_the_rule_the_page_and_when_it_was_written():
    config = RunConfig(strategy="frontier", capacity=3, policy="fifo")
    exploration = Exploration(SITE, config)
    events = []
    while (question := eviction_question(SITE, config, len(events))) is None or len(events) < 6:
        events.append(exploration.step())
    written = next(e.call for e in reversed(events) if e.memory_written == question.answer)
    wrong = next(p for p in question.candidates if p != question.answer)
    en = reveal_text(question, wrong, SITE, config, events, "en")
    assert en.startswith(f"Wrong: you picked {SITE.page_name(wrong, 'en')}.")  # it says it was wrong
    assert f"FIFO: oldest written goes first → {SITE.page_name(question.answer, 'en')}" in en
    assert en.endswith(f"written at step {written}")
    zh = reveal_text(question, question.answer, SITE, config, events, "zh")
    assert zh.startswith("猜对了！") and f"第 {written} 步写入" in zh


def test_the_tally_counts():
    tally = Tally()
    for right in (True, False, True):
        tally.record(right)
    assert (tally.asked, tally.right) == (3, 2)
    assert tally.text("en") == "2 of 3 right" and tally.text("zh") == "猜对 2 / 3"


def test_asking_step_after_step_and_going_back_gives_the_engines_questions():
    """One run kept a step ahead answers as a fresh replay does, forwards, repeated and backwards."""
    from memviz.predict import EvictionQuestions

    config = RunConfig(strategy="frontier", capacity=3, policy="lru", seed=1001)
    questions = EvictionQuestions(SITE, config)
    for calls in [*range(30), 29, 5, 6, 0, 17]:
        assert questions.before(calls) == eviction_question(SITE, config, calls), calls


@pytest.mark.parametrize("capacity", [3, 12])
def test_compares_question_is_the_first_forgetting_lanes_own_eviction(capacity):
    """Each lane alone asks what Explore would ask of the same run; with several lanes, the first
    lane that forgets at that step is asked, and the frame table shows the answer leaving."""
    from memviz.core.compare import LaneConfig, compare_runs, frame_table
    from memviz.predict import EvictionQuestions, lane_question

    configs = [LaneConfig("frontier", capacity, policy) for policy in ("fifo", "lru", "random", "opt")]
    comparison = compare_runs(SITE, configs, RunConfig(seed=1001))
    for index, lane in enumerate(comparison.lanes):
        alone = compare_runs(SITE, [configs[index]], RunConfig(seed=1001))
        explore = EvictionQuestions(SITE, lane.run_config)
        for position in range(len(lane.steps)):
            asked = lane_question(alone, position)
            assert (None if asked is None else asked[1]) == explore.before(position)
    tables = [frame_table(lane) for lane in comparison.lanes]
    asked_any = 0
    for position in range(comparison.steps):
        asked = lane_question(comparison, position)
        forgetting = [
            i for i, lane in enumerate(comparison.lanes)
            if position < len(lane.steps) and lane.steps[position].evicted is not None
        ]  # fmt: skip
        assert (asked is None) == (not forgetting)
        if asked is not None:
            asked_any += 1
            lane, question = asked
            assert lane == forgetting[0]
            assert question.answer in [page for _frame, page in tables[lane][position + 1].left]
    assert asked_any > 0


BIG = Site.from_dict(generate_site("random", 300, seed=2))


@pytest.mark.parametrize("strategy", STRATEGIES.names())
@pytest.mark.parametrize(
    ("site", "capacity", "seed"),
    [
        pytest.param(SITE, None, 1002, id="blog-unlimited"),
        pytest.param(SITE, 3, 1002, id="blog-3"),
        pytest.param(SITE, 12, 1005, id="blog-12"),
        pytest.param(BIG, 12, 1001, id="300pages-12"),
    ],
)
def test_where_it_goes_is_the_engines_next_click(strategy, site, capacity, seed):
    """The "where does it go" question before each click that has a choice: a button for every link
    the agent can click there (the nav pages, then the page's own links: Site.clickable), the answer
    the engine's own next page, always among them; what the rule chose among (the links not in
    memory, the planned hop alone, or any link) and so whether it was a draw; and the words."""
    from memviz.core.strategies import HOW_FRESH, HOW_PLAN
    from memviz.predict import MoveQuestions, move_reveal_text

    config = RunConfig(strategy=strategy, capacity=capacity, policy="fifo", seed=seed, budget=60)
    exploration, questions = Exploration(site, config), MoveQuestions(site, config)
    calls = asked = drawn = planned = 0
    while not exploration.finished:
        links = site.clickable[exploration.page]
        remembered = set(exploration.memory_order())
        question = questions.before(calls)
        event = exploration.step()
        calls += 1
        if not event.moved or len(links) < 2:
            assert question is None
            continue
        asked += 1
        assert (question.call, question.candidates, question.answer, question.how) == (
            event.call, links, event.to_page, event.how,
        )  # fmt: skip
        assert question.answer in question.candidates
        fresh = tuple(q for q in links if q not in remembered)
        pool = fresh if event.how == HOW_FRESH else (event.to_page,) if event.how == HOW_PLAN else links
        assert question.pool == pool and question.random == (len(pool) > 1)
        drawn += question.random
        name = site.page_name(event.to_page, "en")
        if event.how == HOW_PLAN:
            planned += 1
            assert question.route == event.planned_path
            target = site.page_name(event.planned_path[-1], "en")
            end = (
                f"→ {name}" if len(event.planned_path) == 2 else f"→ {name}, the first step towards {target}"
            )
        else:
            end = f"→ {name}"
        outside = [q for q in links if q not in pool]
        if outside:
            en = move_reveal_text(question, outside[0], site, config, "en")
            assert en.startswith(f"Wrong: you picked {site.page_name(outside[0], 'en')}. ") and en.endswith(
                end
            )
        others = [q for q in pool if q != event.to_page]
        if others:  # the rule allowed it: the draw fell elsewhere
            en = move_reveal_text(question, others[0], site, config, "en")
            assert en.startswith(
                f"Not this time: you picked {site.page_name(others[0], 'en')}; the rule allows it too, but the "
                f"draw among {len(pool)} fell on another."
            )
            zh = move_reveal_text(question, others[0], site, config, "zh")
            assert zh.startswith(
                f"没猜中：你猜的是{site.page_name(others[0], 'zh')}，规则也允许，只是从 {len(pool)} 个里抽中了别的。"
            )
        right = move_reveal_text(question, event.to_page, site, config, "en")
        assert right.startswith(
            f"Right! (a draw among {len(pool)}: a lucky guess) " if question.random else "Right! "
        )
        assert move_reveal_text(question, event.to_page, site, config, "zh").startswith("猜对了！")
    assert asked > 10
    assert drawn > 0
    if strategy == "frontier" and site is SITE and capacity != 3:  # (3 entries forget too fast to plan)
        assert planned > 0
    assert questions.before(3) == MoveQuestions(site, config).before(3)  # going back replays


def test_with_retrieval_the_fresh_links_are_those_not_among_the_entries_read(chapter_site):
    """--read top:K (issue 27): the rule chose among the links to pages the call did not carry,
    as the step's event reports them; a link to a page held in memory but not read counts as fresh."""
    from memviz.core.engine import Exploration, RunConfig
    from memviz.predict import MoveQuestions

    site = chapter_site
    config = RunConfig(strategy="frontier", read_top=3, seed=1004)
    questions = MoveQuestions(site, config)
    reference = Exploration(site, config)
    fresh_outside_read = 0
    for calls in range(30):
        question = questions.before(calls)
        event = reference.step()
        if question is None or question.how != "fresh":
            continue
        read = {s.page for s in event.read_scores if s.injected}
        held = {s.page for s in event.read_scores}
        assert question.pool == tuple(q for q in site.clickable[event.from_page] if q not in read)
        assert question.answer in question.pool
        fresh_outside_read += any(q in held for q in question.pool)
    assert fresh_outside_read  # the case the full memory would have got wrong occurs on this seed
