"""Reading exercise files: the bundled file validates, a teacher's files load, every mistake names its field."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from memviz import exercises as exs
from memviz.core.engine import Exploration, RunConfig
from memviz.exercises import (
    ExerciseError,
    collect_exercises,
    exercise_from_dict,
    explanation,
    grade,
    load_exercises,
    solve,
)
from memviz.exercises.loading import EXTRA_DIRS_ENV
from memviz.paths import resource_path
from tests.exercises.bundled import BUNDLED, BY_ID, wrong_answers


def test_bundled_file_validates_and_has_enough_exercises():
    data = json.loads(resource_path("exercises", "exercises.json").read_text(encoding="utf-8"))
    assert data["format"] == "memviz-exercises/1"
    assert len(BUNDLED) >= 8
    assert len(BY_ID) == len(BUNDLED)
    kinds = Counter(ex.kind for ex in [*BUNDLED, *exs.scenario_exercises().values()])
    assert set(kinds) == set(
        exs.KINDS
    )  # every kind is shown working at least once (scenario: the Scenarios tab's)
    for ex in BUNDLED:
        for part in ("title", "question", "explanation"):
            assert ex.text(part, "zh").strip() and ex.text(part, "en").strip()


def test_no_answer_is_written_in_the_data():
    raw = json.loads(resource_path("exercises", "exercises.json").read_text(encoding="utf-8"))
    for item in raw["exercises"]:
        assert not {"answer", "expected", "correct"} & set(item)
        assert not {"answer", "expected", "correct"} & set(item.get("params", {}))


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
        ({"settings": {"capacity": 0}}, "settings.capacity: must be between 1 and 100000, got 0"),
        ({"settings": {"colour": "red"}}, "settings.colour: unknown setting"),
        ({"params": {"metric": "speed"}}, "params.metric: expected one of"),
        ({"params": {"metric": "returns", "page": "Nowhere"}}, "params.page: no page"),
        ({"params": {"metric": "returns"}}, "params.page: is required"),
        ({"question": {"zh": "{answer}", "en": "x"}}, "question.zh: unknown field {answer}"),
        ({"explanation": {"zh": "{colour}", "en": "x"}}, "explanation.zh: unknown field {colour}"),
        ({"explanation": {"zh": "{answer:.1f}", "en": "x"}}, "already formatted"),
        ({"explanation": {"zh": "{", "en": "x"}}, "bad template"),
        ({"id": "has space"}, "id: needs"),
        ({"tolerance": -1}, "tolerance: expected a finite number"),
        ({"tolerance": float("nan")}, "tolerance: expected a finite number"),  # graded every answer wrong
        ({"tolerance": float("inf")}, "tolerance: expected a finite number"),  # accepted any answer
        ({"rel_tolerance": float("inf")}, "rel_tolerance: expected a finite number"),
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


def test_an_exercise_whose_check_is_past_the_work_bound_is_refused_at_load(tmp_path):
    """Issue 23: cost per bug, runs 50,000, max_steps 100,000, an unreachable bug: checking the answer
    blocked the window's thread and reached 3.2 GB. Refused as `memviz batch` refuses it."""
    import json as json_module

    from memviz.exercises import load_exercises
    from memviz.exercises.schema import ExerciseError

    doc = {
        "format": "memviz-exercises/1",
        "exercises": [
            {
                "id": "huge-cost",
                "kind": "cost_per_bug",
                "settings": {"strategy": "frontier", "max_steps": 100_000},
                "params": {"runs": 50_000},
                "title": {"zh": "题", "en": "title"},
                "question": {"zh": "问", "en": "question"},
                "explanation": {"zh": "答 {answer}", "en": "answer {answer}"},
            }
        ],
    }
    path = tmp_path / "huge.json"
    path.write_text(json_module.dumps(doc), encoding="utf-8")
    with pytest.raises(ExerciseError, match=r"huge-cost.*steps in all"):
        load_exercises(path)
    doc["exercises"][0]["params"]["runs"] = 20
    doc["exercises"][0]["settings"]["max_steps"] = 200
    path.write_text(json_module.dumps(doc), encoding="utf-8")
    assert [ex.id for ex in load_exercises(path)] == ["huge-cost"]


def test_a_scenario_exercise_is_bounded_as_memviz_scenario_is():
    """A teacher's scenario exercise over many seeds and sessions (dedup: runs × sessions × steps)
    is refused at load with the bound of `memviz scenario`, and by the core whoever asks; within
    it, it loads."""
    from memviz.core.limits import LimitError
    from memviz.core.scenarios.measures import scenario_measure
    from memviz.core.site import load_site

    heavy = exercise(
        kind="scenario", site="conduit24-versions.json",
        settings={"strategy": "frontier"},
        params={"scenario": "dedup", "mode": "title", "measure": "kept", "sessions": 50, "lang": "en",
                "runs": 5000},
        question={"zh": "问", "en": "Q"},
    )  # fmt: skip
    with pytest.raises(ExerciseError, match=r"params\.runs: .*scenario dedup: 5000 runs × 50"):
        exercise_from_dict(heavy, str(resource_path("exercises") / "scenarios" / "x.json"))
    site = load_site(resource_path("sites") / "conduit24-versions.json")
    with pytest.raises(LimitError, match="scenario dedup"):
        scenario_measure(
            site, RunConfig(strategy="frontier"), "dedup", "title", "kept", range(5000), sessions=50
        )
    heavy["params"]["runs"] = 3
    assert exercise_from_dict(heavy, str(resource_path("exercises") / "scenarios" / "x.json")).id == "x"
