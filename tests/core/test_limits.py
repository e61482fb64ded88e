"""The table of input limits: messages that name the setting and the range, and docs/limits.md's copy."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import numpy as np
import pytest

from memviz.core.engine import DEFAULT_MAX_STEPS, ConfigError, RunConfig
from memviz.core.experiments import DEFAULT_RUNS
from memviz.core.limits import (
    LIMITS,
    LimitError,
    bounds,
    check,
    check_batch,
    check_shown_steps,
    markdown_table,
    shown,
)
from memviz.core.rng import SEED_MAX
from memviz.exercises.loading import collect_exercises

LIMITS_DOC = Path(__file__).resolve().parents[2] / "docs" / "limits.md"


def test_the_message_names_the_setting_and_the_range():
    with pytest.raises(LimitError) as info:
        check("budget", 1_000_000_000_000)
    assert str(info.value) == "budget: must be between 0 and 100000, got 1000000000000"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (-1, "must be between 0 and 100000, got -1"),
        (100_001, "must be between 0 and 100000, got 100001"),
        (2.5, "must be a whole number, got 2.5"),
        (True, "must be a whole number, got True"),
        ("30", 'must be a whole number, got "30"'),
        (None, "must be a whole number, got None"),
        (10**5000, "got a number of about 5001 digits"),  # str() of it would raise
    ],
    ids=["negative", "too large", "fraction", "bool", "text", "none", "5001 digits"],
)
def test_values_out_of_range_or_of_the_wrong_kind_are_refused(value, said):
    with pytest.raises(LimitError, match=re.escape(said)):
        check("budget", value)


def test_the_ends_of_a_range_are_allowed_and_numpy_integers_count_as_whole():
    low, high = bounds("budget")
    check("budget", low)
    check("budget", high)
    check("budget", np.int64(high))
    with pytest.raises(LimitError):
        check("budget", np.int64(high + 1))


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf"), 0.05, 10.5])
def test_a_number_setting_refuses_non_finite_values(value):
    with pytest.raises(LimitError, match=r"step_seconds: must be between 0.1 and 10"):
        check("step_seconds", value)
    check("step_seconds", 0.1)
    check("step_seconds", 10)


def test_the_error_type_and_the_name_shown_can_be_the_callers():
    with pytest.raises(KeyError, match=r"settings.budget: must be between"):
        check("budget", -5, KeyError, where="settings.budget")


def test_shown_values_stay_short_and_on_one_line():
    assert shown("x" * 1_000_000) == '"' + "x" * 58 + "…"
    assert shown("a\nb") == '"a\\nb"'
    assert shown(12) == "12"


def test_every_range_is_a_range():
    for limit in LIMITS.values():
        assert limit.low <= limit.high, limit.name
        assert limit.en and limit.zh


def test_run_settings_are_checked_against_the_table():
    with pytest.raises(ConfigError, match=r"^budget: must be between 0 and 100000, got 1000000000$"):
        RunConfig(budget=1_000_000_000)
    with pytest.raises(ConfigError, match=r"^max_steps: must be between 0 and 100000"):
        RunConfig(until_all_bugs=True, max_steps=10**9)
    with pytest.raises(ConfigError, match=r"^capacity: must be between 1 and 100000, got 0$"):
        RunConfig(capacity=0)
    with pytest.raises(ConfigError, match=r"^seed: must be between 0 and 4294967295"):
        RunConfig(seed=SEED_MAX + 1)
    with pytest.raises(ConfigError, match=r"^entry_tokens: "):
        RunConfig().with_(entry_tokens=10**12)
    assert RunConfig(capacity=None).capacity is None  # unlimited is not a number to check


def test_everything_the_chapter_does_is_allowed():
    RunConfig(until_all_bugs=True, max_steps=DEFAULT_MAX_STEPS)
    check_batch(DEFAULT_RUNS, RunConfig(until_all_bugs=True).step_limit)  # the cost table: 200 × 5000
    check_batch(20_000, 30)  # the window's largest batch of 30-step runs
    check_shown_steps(None, RunConfig(until_all_bugs=True).step_limit)  # a 5000-step run, recorded


def test_a_batch_bounds_its_runs_and_its_work():
    with pytest.raises(LimitError, match=r"^runs: must be between 1 and 50000, got 10000000$"):
        check_batch(10_000_000, 30)
    with pytest.raises(
        LimitError, match=r"^runs: 200 runs of up to 100000 steps is 20000000 .*at most 5000000"
    ):
        check_batch(200, 100_000)
    check_batch(50, 100_000)  # exactly the bound
    with pytest.raises(LimitError):
        check_batch(51, 100_000)


def test_what_a_picture_or_video_shows_is_bounded():
    check_shown_steps(10_000, 100_000)  # a few steps of a long run
    with pytest.raises(LimitError, match=r"at most 10000 steps, got 10001$"):
        check_shown_steps(10_001, 100_000)
    with pytest.raises(LimitError, match=r"got 50000 \(the whole budget"):
        check_shown_steps(None, 50_000)


def test_the_limits_page_lists_the_limits_of_the_table():
    page = LIMITS_DOC.read_text(encoding="utf-8")
    table = [line for line in page.splitlines() if line.startswith("|")]
    assert "\n".join(table) == markdown_table(), (
        "docs/limits.md's table is stale: paste limits.markdown_table()"
    )


# -- exercise files go through the same limits --------------------------------------------------------


def _exercise_file(tmp_path: Path, settings: dict, params: dict, **fields) -> Path:
    doc = {
        "format": "memviz-exercises/1",
        "exercises": [
            {
                "id": "hostile",
                "kind": "batch_diff",
                "settings": settings,
                "params": params,
                "title": {"zh": "题", "en": "Title"},
                "question": {"zh": "问", "en": "Q"},
                "explanation": {"zh": "答 {answer}", "en": "A {answer}"},
                **fields,
            }
        ],
    }
    path = tmp_path / "class.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("settings", "params", "said"),
    [
        (
            {"strategy": "visited"},
            {"runs": 1_000_000_000},
            "runs: must be between 1 and 50000, got 1000000000",
        ),
        ({"strategy": "visited", "budget": 10**9}, {}, "budget: must be between 0 and 100000"),
    ],
    ids=["a billion runs", "a billion steps"],
)
def test_an_exercise_past_the_limits_is_left_out_and_named(tmp_path, settings, params, said):
    exercises, problems = collect_exercises([_exercise_file(tmp_path, settings, params)])
    assert exercises == []
    assert len(problems) == 1 and said in problems[0] and "class.json" in problems[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_in_an_exercise_folder_is_left_out_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    exercises, problems = collect_exercises([tmp_path])
    assert exercises == [] and len(problems) == 1 and "not a regular file" in problems[0]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_an_exercise_file_with_a_number_json_does_not_have_is_left_out(tmp_path, number):
    path = _exercise_file(tmp_path, {"strategy": "visited"}, {})
    text = path.read_text(encoding="utf-8").replace('"kind"', f'"tolerance": {number}, "kind"')
    path.write_text(text, encoding="utf-8")
    exercises, problems = collect_exercises([path])
    assert exercises == [] and len(problems) == 1
    assert "number memviz cannot use" in problems[0] and number.lstrip("-") in problems[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_an_exercise_on_a_hostile_site_is_left_out_and_named(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.json")  # refused as "no site file" by exercises.py's own is_file check
    for site, said in (("deep.json", "nested too deep"), ("pipe.json", "pipe.json")):
        folder = tmp_path / site.split(".")[0]
        folder.mkdir()
        _exercise_file(folder, {"strategy": "visited"}, {}, site=f"../{site}")
        exercises, problems = collect_exercises([folder])
        assert exercises == [] and len(problems) == 1 and said in problems[0], problems
