"""Every answer comes from the core: worked out here with the engine directly, then graded right and wrong."""

from __future__ import annotations

import statistics

import pytest

from memviz import exercises as exs
from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.experiments import Runner, paired_difference
from memviz.core.report import seed_story
from memviz.core.stats import pct
from memviz.core.stepping import step_until
from memviz.exercises import (
    choices,
    explanation,
    grade,
    question,
    solve,
)
from memviz.exercises.answers.batches import PAIRING_CONDITIONS, pairing_condition
from tests.exercises.bundled import BUNDLED, BY_ID, wrong_answers


@pytest.mark.parametrize("ex", BUNDLED, ids=[ex.id for ex in BUNDLED])
def test_each_exercise_grades_right_answer_right_and_wrong_answers_wrong(ex):
    solution = solve(ex)
    right = grade(ex, solution.expected)
    assert right.correct
    assert right.expected == solution.expected
    for lang in ("zh", "en"):
        text = right.explanation(lang)
        assert "{" not in text and "}" not in text
        assert text == explanation(ex, lang)
        assert right.expected_text(lang)
        assert "{" not in question(ex, lang)
    # The way the answer is printed also passes (a learner copies what memviz shows).
    if ex.answer_type == "number":
        assert grade(ex, right.expected_text("zh").split(" ")[0]).correct
    wrongs = wrong_answers(ex)
    assert wrongs
    for answer in wrongs:
        assert not grade(ex, answer).correct, answer


@pytest.mark.parametrize("ex", BUNDLED, ids=[ex.id for ex in BUNDLED])
def test_choices_hold_the_answer_once(ex):
    if ex.answer_type == "choice":
        keys = [c.key for c in choices(ex)]
        assert len(keys) == len(set(keys)) >= 2
        assert keys.count(solve(ex).expected) == 1
    else:
        assert choices(ex) == ()


@pytest.mark.parametrize("ex", [e for e in BUNDLED if e.kind == "next_page"], ids=lambda e: e.id)
def test_next_page_answers_are_the_engine_step(chapter_site, ex):
    exploration = Exploration(chapter_site, ex.config)
    step_until(exploration, limit=ex.params["step"])
    page = exploration.page
    event = exploration.step()
    assert solve(ex).expected == str(event.to_page)
    assert {c.key for c in choices(ex)} == {str(q) for q in chapter_site.clickable[page]}


@pytest.mark.parametrize("ex", [e for e in BUNDLED if e.kind == "next_eviction"], ids=lambda e: e.id)
def test_next_eviction_answers_are_the_engine_eviction(chapter_site, ex):
    exploration = Exploration(chapter_site, ex.config)
    events = step_until(exploration, lambda e: e.call > ex.params["step"] and e.memory_evicted is not None)
    event = events[-1]
    # Memory just before that step: what it holds now, less the page written, plus the page evicted.
    memory_before = set(exploration.memory.entries) - {event.memory_written} | {event.memory_evicted}
    assert solve(ex).expected == str(event.memory_evicted)
    assert {c.key for c in choices(ex)} == {str(p) for p in memory_before}


def test_chapter_story_of_seed_1000(chapter_site):
    story = seed_story(chapter_site)
    result = run(chapter_site, RunConfig(strategy="random", seed=1000))
    assert solve(BY_ID["seed1000-home-returns"]).expected == story["home_returns"] == 6
    assert solve(BY_ID["seed1000-duplicates"]).expected == result.dups == 2
    assert solve(BY_ID["seed1000-coverage"]).expected == result.coverage * 100 == 50.0
    assert (
        solve(BY_ID["frontier-tokens"]).expected == run(chapter_site, RunConfig(strategy="frontier")).tokens
    )


def test_lru_and_fifo_exercises_on_one_path_forget_different_pages():
    lru, fifo = solve(BY_ID["lru-cap5-next-eviction"]), solve(BY_ID["fifo-cap5-next-eviction"])
    assert lru.expected != fifo.expected
    assert (
        question(BY_ID["lru-cap5-next-eviction"], "en").split("Memory")[0].split("steps:")[1]
        == (question(BY_ID["fifo-cap5-next-eviction"], "en").split("Memory")[0].split("steps:")[1])
    )


def test_stop_reason_is_the_engines(chapter_site):
    ex = BY_ID["frontier-stops-itself"]
    assert solve(ex).expected == run(chapter_site, ex.config).stop_reason == "done"


def scalar_runs(site, config, seeds=range(1000, 1200)):
    """One scalar engine run per seed: independent of the batch machinery the exercises go through."""
    return [run(site, config.with_(seed=s)) for s in seeds]


def test_batch_answers_are_the_chapters_figures(chapter_site):
    def cov(config):
        return [r.coverage for r in scalar_runs(chapter_site, config)]

    none = cov(RunConfig())
    frontier = paired_difference(cov(RunConfig("frontier")), none, bootstrap=0)
    assert solve(BY_ID["frontier-vs-none-diff"]).expected == pytest.approx(frontier.mean * 100)
    assert pct(solve(BY_ID["frontier-vs-none-diff"]).expected / 100, True) == "+45.1"

    cap12 = {p: cov(RunConfig("frontier", capacity=12, policy=p)) for p in ("fifo", "lru", "random")}
    random_vs_fifo = paired_difference(cap12["random"], cap12["fifo"], bootstrap=0)
    assert solve(BY_ID["cap12-random-minus-fifo"]).expected == pytest.approx(random_vs_fifo.mean * 100)
    assert pct(solve(BY_ID["cap12-random-minus-fifo"]).expected / 100, True) == "+3.8"
    means = {p: statistics.fmean(c) for p, c in cap12.items()}
    assert solve(BY_ID["cap12-policy-winner"]).expected == max(means, key=means.get) == "random"
    lru_vs_fifo = paired_difference(cap12["lru"], cap12["fifo"], bootstrap=0)
    assert lru_vs_fifo.lo < 0 < lru_vs_fifo.hi
    assert solve(BY_ID["pairing-lru-fifo"]).expected == "barely_would_include_zero"

    cost = {s: scalar_runs(chapter_site, RunConfig(s, until_all_bugs=True)) for s in ("random", "frontier")}
    per_bug = statistics.fmean(r.tokens / r.bugs for r in cost["frontier"])
    assert solve(BY_ID["cost-per-bug-frontier"]).expected == pytest.approx(per_bug)
    tokens = {s: statistics.fmean(r.tokens for r in runs) for s, runs in cost.items()}
    ratio = solve(BY_ID["cost-ratio-frontier"]).expected
    assert ratio == pytest.approx(tokens["frontier"] / tokens["random"] * 100)
    assert pct(ratio / 100) == "5.8"

    # The chapter: paired half-width 1.30 points against 1.39 unpaired; pairing hardly helps.
    visited = paired_difference(cov(RunConfig("visited")), none, bootstrap=0)
    assert (f"{visited.paired_half * 100:.2f}", f"{visited.unpaired_half * 100:.2f}") == ("1.30", "1.39")
    assert solve(BY_ID["pairing-weak"]).expected == "barely_effect_large"
    assert "1.30" in explanation(BY_ID["pairing-weak"], "zh")
    assert "1.39" in explanation(BY_ID["pairing-weak"], "en")


def test_small_memory_makes_the_link_table_useless(chapter_site):
    runner = Runner()
    seeds = range(1000, 1200)
    visited = runner.run_all(chapter_site, [RunConfig("visited", s, capacity=3) for s in seeds])
    frontier = runner.run_all(chapter_site, [RunConfig("frontier", s, capacity=3) for s in seeds])
    assert [r.path for r in visited] == [r.path for r in frontier]
    assert solve(BY_ID["cap3-visited-vs-frontier"]).expected == "tie"


def test_solutions_are_cached_per_exercise():
    ex = BY_ID["cap12-policy-winner"]
    assert solve(ex) is solve(ex)
    assert exs.is_solved(ex)


def test_pairing_conditions_split_every_case():
    assert pairing_condition(0.29, 0.0130, 0.0139, 0.75) == "barely_effect_large"
    assert pairing_condition(0.003, 0.0100, 0.0115, 0.75) == "barely_would_include_zero"
    assert pairing_condition(0.003, 0.005, 0.0115, 0.75) == "narrows_a_lot"
    assert pairing_condition(0.3, 0.02, 0.0115, 0.75) == "widens"
    assert set(PAIRING_CONDITIONS) == {
        "narrows_a_lot",
        "barely_effect_large",
        "barely_would_include_zero",
        "widens",
    }


def test_the_context_exercises_are_the_engines_figures(chapter_site):
    # issue 38: the first compaction at W = 12,000 (3,000 + 500·19 > 12,000) and the whole history's price
    events = []
    exploration = Exploration(chapter_site, RunConfig(strategy="session", context=12_000))
    while not exploration.finished:
        events.append(exploration.step())
    first = next(e.call for e in events if e.context.compaction)
    assert solve(BY_ID["context-first-compaction"]).expected == first == 19
    whole = run(chapter_site, RunConfig(strategy="session", context=float("inf"))).tokens
    assert (
        solve(BY_ID["context-whole-history-tokens"]).expected == whole == 30 * 3000 + 500 * sum(range(1, 31))
    )
    text = explanation(BY_ID["context-whole-history-tokens"], "en")
    assert "322,500 tokens" in text
