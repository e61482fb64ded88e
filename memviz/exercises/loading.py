"""Reading exercise files (format ``memviz-exercises/1``): every problem names the file, the exercise
and the field, and answers are never read from a file."""

from __future__ import annotations

import json
import math
import os
import string
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.jsonfile import read_json
from memviz.core.limits import LimitError, check_batch
from memviz.core.site import Site, SiteError, load_site
from memviz.exercises.answers.registry import KINDS
from memviz.exercises.params import config_from, texts_from
from memviz.exercises.schema import EXERCISES_FORMAT, LANGS, Exercise, ExerciseError
from memviz.paths import resource_path

EXTRA_DIRS_ENV = "MEMVIZ_EXERCISES"  # more folders (or files) of exercises, os.pathsep-separated
# The Scenarios tab's exercises, one per scenario (kind "scenario"): a subfolder, so the Exercises
# view, which reads only the *.json directly in resources/exercises, does not list them twice.
SCENARIO_EXERCISES = ("exercises", "scenarios", "exercises.json")

EXERCISE_KEYS = {"id", "kind", "title", "question", "explanation", "settings", "params", "site", "tolerance",
                 "rel_tolerance"}  # fmt: skip


def _check_template(template: str, allowed: frozenset[str], where: str, fail) -> None:
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise fail(where, f"bad template ({exc}); write a literal brace as {{{{ or }}}}") from None
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if name not in allowed:
            raise fail(where, f"unknown field {{{name}}} (this kind offers: {', '.join(sorted(allowed))})")
        if spec or conversion:
            raise fail(where, f"field {{{name}}} is already formatted; drop the :{spec or conversion}")


@cache
def _site_at(path: Path | None) -> Site:
    return load_site(path)


def _resolve_site(raw: Any, base_dir: Path | None, fail) -> Path | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise fail("site", "expected a site file name")
    candidates = [Path(raw)] if Path(raw).is_absolute() else []
    if base_dir is not None and not Path(raw).is_absolute():
        candidates.append(base_dir / raw)
    candidates.append(resource_path("sites", raw))
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    raise fail("site", f"no site file {raw!r} next to the exercises or in resources/sites")


def exercise_from_dict(raw: Any, source: str = "exercises", base_dir: Path | None = None) -> Exercise:
    """One exercise from its JSON object; :class:`ExerciseError` names the field at fault."""
    ident = raw.get("id") if isinstance(raw, dict) else None
    label = f"exercise {ident!r}" if isinstance(ident, str) else "exercise"

    def fail(where: str, problem: str) -> ExerciseError:
        return ExerciseError(f"{source}: {label}: {where}: {problem}")

    if not isinstance(raw, dict):
        raise ExerciseError(f"{source}: an exercise must be a JSON object")
    unknown = sorted(set(raw) - EXERCISE_KEYS)
    if unknown:
        raise fail(unknown[0], f"unknown key (keys are: {', '.join(sorted(EXERCISE_KEYS))}); "
                               "answers are never written in the file, the core computes them")  # fmt: skip
    if not isinstance(ident, str) or not ident.strip() or any(c in ident for c in "/\\ "):
        raise fail("id", "needs a non-empty id without spaces or slashes")
    kind_name = raw.get("kind")
    if kind_name not in KINDS:
        raise fail(
            "kind", f"expected one of {', '.join(KINDS)}, got {json.dumps(kind_name, ensure_ascii=False)}"
        )
    kind = KINDS[kind_name]
    texts = {part: texts_from(raw.get(part), part, fail) for part in ("title", "question", "explanation")}
    settings = raw.get("settings", {})
    if not isinstance(settings, dict):
        raise fail("settings", "expected an object of run settings")
    config = config_from(RunConfig(), settings, "settings", fail)
    site_path = _resolve_site(raw.get("site"), base_dir, fail)
    try:
        site = _site_at(site_path)
    except SiteError as exc:
        raise fail("site", str(exc)) from None
    params_raw = raw.get("params", {})
    if not isinstance(params_raw, dict):
        raise fail("params", "expected an object")
    params = kind.read_params(params_raw, config, site, fail)
    _check_work(kind, params, config, fail)
    tolerances = {}
    for key in ("tolerance", "rel_tolerance"):
        value = raw.get(key)
        if value is not None and not _is_finite_non_negative(value):
            raise fail(key, "expected a finite number ≥ 0")
        if value is not None and kind.answer != "number":
            raise fail(key, "only numeric answers have a tolerance")
        tolerances[key] = None if value is None else float(value)
    for part in ("question", "explanation"):
        allowed = kind.fieldpage_list(params, part)
        for lang in LANGS:
            _check_template(texts[part][lang], allowed, f"{part}.{lang}", fail)
    return Exercise(
        id=ident,
        kind=kind_name,
        title=texts["title"],
        question=texts["question"],
        explanation=texts["explanation"],
        config=config,
        params=params,
        tolerance=tolerances["tolerance"],
        rel_tolerance=tolerances["rel_tolerance"],
        site=site,
        site_path=site_path,
        source=source,
        answer_type=kind.answer,
        about_one_run=kind.single_run,
        view=kind.view,
    )


def exercises_from_document(
    data: Any, source: str = "exercises", base_dir: Path | None = None
) -> list[Exercise]:
    if not isinstance(data, dict):
        raise ExerciseError(f"{source}: top level: expected a JSON object")
    if data.get("format") != EXERCISES_FORMAT:
        raise ExerciseError(
            f'{source}: format: expected "{EXERCISES_FORMAT}", got {json.dumps(data.get("format"), ensure_ascii=False)}'
        )
    items = data.get("exercises")
    if not isinstance(items, list):
        raise ExerciseError(f"{source}: exercises: expected a list")
    exercises: list[Exercise] = []
    for k, item in enumerate(items):
        ex = exercise_from_dict(item, f"{source}: exercises[{k}]", base_dir)
        if any(other.id == ex.id for other in exercises):
            raise ExerciseError(f"{source}: exercises[{k}]: id {ex.id!r} is used twice")
        exercises.append(ex)
    return exercises


def read_exercise_file(path: str | Path) -> list[Exercise]:
    path = Path(path)
    data = read_json(path, "exercise file", ExerciseError)
    return exercises_from_document(data, str(path), path.parent)


def exercise_files(path: str | Path) -> list[Path]:
    """The file itself, or every ``*.json`` in a folder, in name order (so a teacher can add files)."""
    path = Path(path)
    return sorted(path.glob("*.json")) if path.is_dir() else [path]


def default_sources() -> list[Path]:
    """The bundled exercises, then any folders or files named in ``$MEMVIZ_EXERCISES``."""
    extra = [Path(p) for p in os.environ.get(EXTRA_DIRS_ENV, "").split(os.pathsep) if p.strip()]
    return [resource_path("exercises"), *extra]


def load_exercises(path: str | Path | None = None) -> list[Exercise]:
    """Every exercise in a file or folder (default: the bundled ones); any problem raises."""
    exercises: list[Exercise] = []
    for file in [
        f for source in ([path] if path is not None else default_sources()) for f in exercise_files(source)
    ]:
        for ex in read_exercise_file(file):
            if any(other.id == ex.id for other in exercises):
                raise ExerciseError(
                    f"{file}: exercise {ex.id!r}: id already used by an exercise read earlier"
                )
            exercises.append(ex)
    return exercises


def collect_exercises(sources: Sequence[str | Path] | None = None) -> tuple[list[Exercise], list[str]]:
    """Like :func:`load_exercises`, but a broken file is skipped and reported instead of stopping all."""
    exercises: list[Exercise] = []
    problems: list[str] = []
    for source in sources if sources is not None else default_sources():
        if not Path(source).exists():
            problems.append(f"no such exercise file or folder: {source}")
            continue
        for file in exercise_files(source):
            try:
                read = read_exercise_file(file)
            except ExerciseError as exc:
                problems.append(str(exc))
                continue
            for ex in read:
                if any(other.id == ex.id for other in exercises):
                    problems.append(f"{file}: exercise {ex.id!r}: id already used; this one is left out")
                else:
                    exercises.append(ex)
    return exercises, problems


def _check_work(kind, params: dict, config: RunConfig, fail) -> None:
    """An exercise checked over many runs is bounded as `memviz batch` is (runs × step limit), at
    load: a check past it blocked the window for minutes and took gigabytes (issue 23)."""
    runs = params.get("runs")
    if not isinstance(runs, int):
        return
    until_all_bugs = kind.view == "cost" or config.until_all_bugs  # runs that go on until every bug
    step_limit = config.with_(until_all_bugs=until_all_bugs).step_limit
    try:
        check_batch(runs, step_limit)
        if "scenario" in params:  # runs × the scenario's runs a seed × steps, as `memviz scenario`
            from memviz.core.scenarios.catalog import SCENARIOS, check_scenario_work

            options = {name: params[name] for name in SCENARIOS.get(params["scenario"]).options}
            check_scenario_work(params["scenario"], runs, config, LimitError, **options)
    except LimitError as exc:
        raise fail("params.runs", str(exc)) from None


def _is_finite_non_negative(value: object) -> bool:
    """A tolerance must be a real number ≥ 0: NaN grades every answer wrong, infinity every answer right."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value) and value >= 0


@cache
def scenario_exercises() -> dict[str, Exercise]:
    """The Scenarios tab's exercises by scenario name (read once); a file that gives a scenario two
    exercises, or holds another kind, is refused."""
    path = resource_path(*SCENARIO_EXERCISES)
    by_scenario: dict[str, Exercise] = {}
    for ex in read_exercise_file(path):
        if ex.kind != "scenario":
            raise ExerciseError(f"{path}: exercise {ex.id!r}: kind: expected scenario, got {ex.kind}")
        scenario = ex.params["scenario"]
        if scenario in by_scenario:
            raise ExerciseError(f"{path}: exercise {ex.id!r}: scenario {scenario} has an exercise already")
        by_scenario[scenario] = ex
    return by_scenario
