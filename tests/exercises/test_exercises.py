"""Exercises: the data validates, every answer comes from the core, right answers pass and wrong ones fail."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections import Counter

import pytest

from memviz import exercises as exs
from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.experiments import Runner, paired_difference
from memviz.core.report import seed_story
from memviz.core.stats import pct
from memviz.core.stepping import step_until
from memviz.exercises import (
    AnswerError,
    ExerciseError,
    choices,
    collect_exercises,
    exercise_from_dict,
    explanation,
    grade,
    load_exercises,
    parse_number,
    question,
    solve,
)
from memviz.exercises.answers.batches import PAIRING_CONDITIONS, pairing_condition
from memviz.exercises.loading import EXTRA_DIRS_ENV
from memviz.paths import resource_path

BUNDLED = load_exercises()
BY_ID = {ex.id: ex for ex in BUNDLED}


def wrong_answers(ex):
    """Answers that must be graded wrong: every other choice, or numbers just outside the tolerance."""
    solution = solve(ex)
    if ex.answer_type == "choice":
        return [c.key for c in choices(ex) if c.key != solution.expected]
    step = max(solution.tolerance, 0.05)
    return [float(solution.expected) + 2 * step + 0.5, float(solution.expected) - 2 * step - 0.5]


# -- the bundled file -----------------------------------------------------------------------------


def test_bundled_file_validates_and_has_enough_exercises():
    data = json.loads(resource_path("exercises", "exercises.json").read_text(encoding="utf-8"))
    assert data["format"] == "memviz-exercises/1"
    assert len(BUNDLED) >= 8
    assert len(BY_ID) == len(BUNDLED)
    kinds = Counter(ex.kind for ex in BUNDLED)
    assert set(kinds) == set(exs.KINDS)  # every kind is shown working at least once
    for ex in BUNDLED:
        for part in ("title", "question", "explanation"):
            assert ex.text(part, "zh").strip() and ex.text(part, "en").strip()


def test_no_answer_is_written_in_the_data():
    raw = json.loads(resource_path("exercises", "exercises.json").read_text(encoding="utf-8"))
    for item in raw["exercises"]:
        assert not {"answer", "expected", "correct"} & set(item)
        assert not {"answer", "expected", "correct"} & set(item.get("params", {}))


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


# -- the answers, worked out with the core directly ---------------------------------------------------


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


def test_small_memory_makes_link_lists_useless(chapter_site):
    runner = Runner()
    seeds = range(1000, 1200)
    visited = runner.run_all(chapter_site, [RunConfig("visited", s, capacity=3) for s in seeds])
    frontier = runner.run_all(chapter_site, [RunConfig("frontier", s, capacity=3) for s in seeds])
    assert [r.path for r in visited] == [r.path for r in frontier]
    assert solve(BY_ID["cap3-visited-vs-frontier"]).expected == "tie"


# -- grading details ---------------------------------------------------------------------------------


def test_numbers_are_read_the_way_people_type_them():
    assert parse_number("１２.５％") == 12.5
    assert parse_number("105,359") == 105359
    assert parse_number(" +29.3 个百分点") == 29.3
    assert parse_number("−3.8") == -3.8
    assert parse_number(7) == 7.0
    for bad in ("", "abc", "1.2.3", True, "nan", "inf"):
        with pytest.raises(AnswerError) as info:
            parse_number(bad)
        assert info.value.message("zh") and info.value.message("en")


def test_tolerances():
    diff = BY_ID["frontier-vs-none-diff"]
    expected = solve(diff).expected  # 45.0625
    assert grade(diff, "45.1").correct and grade(diff, "45.0").correct and grade(diff, 45.16).correct
    assert not grade(diff, "45.2").correct and not grade(diff, "44.9").correct
    homes = BY_ID["seed1000-home-returns"]
    assert grade(homes, "6").correct and not grade(homes, "7").correct and not grade(homes, "5.5").correct
    cost = BY_ID["cost-per-bug-frontier"]
    target = solve(cost).expected
    assert grade(cost, target * 1.009).correct and not grade(cost, target * 1.011).correct
    assert expected == pytest.approx(45.0625)


def test_unreadable_answers_raise_instead_of_counting_wrong():
    with pytest.raises(AnswerError):
        grade(BY_ID["seed1000-coverage"], "half")
    with pytest.raises(AnswerError):
        grade(BY_ID["frontier-next-page-plan"], "999")


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


# -- a teacher's own exercises ------------------------------------------------------------------------

TEACHER_FILE = {
    "format": "memviz-exercises/1",
    "exercises": [
        {
            "id": "teacher-settings-visits",
            "kind": "run_metric",
            "settings": {"strategy": "random", "seed": 1001, "budget": 40},
            "params": {"metric": "visits", "page": "Settings"},
            "title": {"zh": "设置页去了几次？", "en": "Visits to Settings"},
            "question": {
                "zh": "seed {seed}，{budget} 步，到「{page}」几次？",
                "en": "Seed {seed}: visits to {page}?",
            },
            "explanation": {"zh": "{answer} 次。", "en": "{answer} times."},
        },
        {
            "id": "teacher-lru-cap4",
            "kind": "next_eviction",
            "settings": {"strategy": "visited", "seed": 1234, "capacity": 4, "policy": "lru"},
            "params": {"step": 10},
            "title": {"zh": "容量 4", "en": "Capacity 4"},
            "question": {"zh": "第 {step} 步忘掉谁？{memory}", "en": "Who goes at step {step}? {memory}"},
            "explanation": {"zh": "{answer}：{order}", "en": "{answer}: {order}"},
        },
    ],
}


def test_teacher_file_in_a_folder_works(tmp_path, chapter_site):
    (tmp_path / "10-class.json").write_text(json.dumps(TEACHER_FILE, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not an exercise file")
    loaded = load_exercises(tmp_path)
    assert [ex.id for ex in loaded] == ["teacher-settings-visits", "teacher-lru-cap4"]
    visits = loaded[0]
    exploration = Exploration(chapter_site, RunConfig(strategy="random", seed=1001, budget=40))
    exploration.run_to_end()
    assert solve(visits).expected == exploration.visits[3]
    assert grade(visits, exploration.visits[3]).correct
    assert not grade(visits, exploration.visits[3] + 1).correct
    lru = loaded[1]
    for wrong in wrong_answers(lru):
        assert not grade(lru, wrong).correct
    assert grade(lru, solve(lru).expected).correct
    assert "{" not in explanation(lru, "zh")


def test_extra_folders_come_after_the_bundled_ones(tmp_path, monkeypatch):
    (tmp_path / "class.json").write_text(json.dumps(TEACHER_FILE), encoding="utf-8")
    monkeypatch.setenv(EXTRA_DIRS_ENV, str(tmp_path))
    found, problems = collect_exercises()
    assert problems == []
    assert [ex.id for ex in found[: len(BUNDLED)]] == [ex.id for ex in BUNDLED]
    assert [ex.id for ex in found[len(BUNDLED) :]] == ["teacher-settings-visits", "teacher-lru-cap4"]


def test_a_broken_file_is_reported_and_the_rest_still_load(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(TEACHER_FILE), encoding="utf-8")
    (tmp_path / "b.json").write_text("{ not json", encoding="utf-8")
    found, problems = collect_exercises([tmp_path])
    assert [ex.id for ex in found] == ["teacher-settings-visits", "teacher-lru-cap4"]
    assert len(problems) == 1 and "b.json" in problems[0] and "line 1" in problems[0]


def exercise(**changes):
    base = {
        "id": "x",
        "kind": "run_metric",
        "settings": {"strategy": "random"},
        "params": {"metric": "coverage"},
        "title": {"zh": "题", "en": "Title"},
        "question": {"zh": "问 {seed}", "en": "Q {seed}"},
        "explanation": {"zh": "答 {answer}", "en": "A {answer}"},
    }
    base.update(changes)
    return base


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"answer": 50}, "answer: unknown key"),
        ({"kind": "guess"}, "kind: expected one of"),
        ({"settings": {"capacity": 0}}, "settings.capacity: must be at least 1"),
        ({"settings": {"colour": "red"}}, "settings.colour: unknown setting"),
        ({"params": {"metric": "speed"}}, "params.metric: expected one of"),
        ({"params": {"metric": "returns", "page": "Nowhere"}}, "params.page: no page"),
        ({"params": {"metric": "returns"}}, "params.page: is required"),
        ({"question": {"zh": "{answer}", "en": "x"}}, "question.zh: unknown field {answer}"),
        ({"explanation": {"zh": "{colour}", "en": "x"}}, "explanation.zh: unknown field {colour}"),
        ({"explanation": {"zh": "{answer:.1f}", "en": "x"}}, "already formatted"),
        ({"explanation": {"zh": "{", "en": "x"}}, "bad template"),
        ({"id": "has space"}, "id: needs"),
        ({"tolerance": -1}, "tolerance: expected a number"),
        (
            {
                "kind": "next_eviction",
                "settings": {"strategy": "frontier", "capacity": 3, "policy": "random"},
                "params": {},
            },
            "settings.policy: random eviction cannot be predicted",
        ),
        (
            {
                "kind": "paired_vs_unpaired",
                "settings": {"strategy": "visited"},
                "params": {"options": [{"when": "maybe", "zh": "a", "en": "a"}] * 2},
            },
            "params.options[0].when",
        ),
        (
            {"kind": "policy_winner", "settings": {"strategy": "frontier"}, "params": {}},
            "params.capacity: is required",
        ),
        ({"kind": "batch_diff", "params": {"runs": 1}}, "params.runs: must be at least 2"),
        ({"kind": "batch_diff", "params": {}}, "params.compare_with: gives the same settings"),
    ],
)
def test_mistakes_in_a_file_name_the_field(changes, message):
    with pytest.raises(ExerciseError) as info:
        exercise_from_dict(exercise(**changes), "class.json")
    assert message in str(info.value)
    assert str(info.value).startswith("class.json: exercise")


def test_a_step_past_the_end_of_the_run_is_an_error_when_solved():
    ex = exercise_from_dict(
        exercise(
            kind="next_page",
            settings={"strategy": "frontier", "budget": 100},
            params={"step": 40},
            question={"zh": "{page}", "en": "{page}"},
        ),
        "class.json",
    )
    with pytest.raises(ExerciseError, match="ends after 34 steps"):
        solve(ex)


def test_duplicate_ids_are_refused(tmp_path):
    doc = {"format": "memviz-exercises/1", "exercises": [exercise(), exercise()]}
    (tmp_path / "dup.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ExerciseError, match="used twice"):
        load_exercises(tmp_path / "dup.json")


def test_exercises_load_and_grade_with_qt_blocked():
    script = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "pyqtgraph", "shiboken6"):
            raise ImportError(name)
sys.meta_path.insert(0, Block())
from memviz.exercises import load_exercises, grade, solve
ex = load_exercises()[0]
assert grade(ex, solve(ex).expected).correct
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
