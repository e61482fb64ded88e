"""Reading an exercise's parameters and settings: each reader checks one field and says what is wrong
through ``fail(where, problem)``, which makes an :class:`ExerciseError` naming the source and field."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from memviz.core.engine import ConfigError, RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0, baseline_of, seed_range
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES, uses_memory
from memviz.exercises.schema import LANGS

CONFIG_KEYS = set(RunConfig.FIELDS)


def no_extra(raw: Mapping[str, Any], allowed: set[str], fail) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        known = ", ".join(sorted(allowed)) or "none"
        raise fail(f"params.{extra[0]}", f"unknown parameter (this kind takes: {known})")


def int_param(raw, name, fail, default=None, minimum=0) -> int:
    if name not in raw:
        if default is None:
            raise fail(f"params.{name}", "is required")
        return default
    value = raw[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"params.{name}", f"expected a whole number, got {json.dumps(value, ensure_ascii=False)}")
    if value < minimum:
        raise fail(f"params.{name}", f"must be at least {minimum}, got {value}")
    return value


def batch_params(raw, fail) -> dict[str, Any]:
    runs = int_param(raw, "runs", fail, DEFAULT_RUNS, minimum=2)
    seed0 = int_param(raw, "seed0", fail, DEFAULT_SEED0)
    try:
        seed_range(seed0, runs)
    except ValueError as exc:
        raise fail("params.seed0", str(exc)) from None
    return {"runs": runs, "seed0": seed0}


def page_param(raw, name, site: Site, fail) -> int:
    """A page given by number or by its Chinese or English name."""
    if name not in raw:
        raise fail(f"params.{name}", "is required")
    value = raw[name]
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < site.n_pages:
            return value
        raise fail(f"params.{name}", f"page {value} is out of range 0..{site.n_pages - 1}")
    if isinstance(value, str):
        for i, page in enumerate(site.pages):
            if value in page.names.values():
                return i
    raise fail(f"params.{name}", f"no page numbered or named {json.dumps(value, ensure_ascii=False)}")


def choice_param(raw, name, options: Sequence[str], fail, default=None) -> str:
    if name not in raw:
        if default is None:
            raise fail(f"params.{name}", f"is required (one of {', '.join(options)})")
        return default
    value = raw[name]
    if value not in options:
        raise fail(
            f"params.{name}",
            f"expected one of {', '.join(options)}, got {json.dumps(value, ensure_ascii=False)}",
        )
    return value


def subset_param(raw, name, options: Sequence[str], fail) -> tuple[str, ...]:
    if name not in raw:
        return tuple(options)
    value = raw[name]
    if (
        not isinstance(value, list)
        or len(value) < 2
        or len(set(value)) != len(value)
        or any(v not in options for v in value)
    ):
        raise fail(f"params.{name}", f"expected a list of at least two of {', '.join(options)}, no repeats")
    return tuple(value)


def compare_param(raw, config: RunConfig, fail) -> RunConfig:
    """``compare_with``: changes to the exercise's settings giving the other side; default no memory."""
    if "compare_with" not in raw:
        other = baseline_of(config)
    else:
        changes = raw["compare_with"]
        if not isinstance(changes, dict) or not changes:
            raise fail(
                "params.compare_with", 'expected an object of settings to change, e.g. {"policy": "fifo"}'
            )
        other = config_from(config, changes, "params.compare_with", fail)
    if other == config:
        raise fail("params.compare_with", "gives the same settings as the exercise: nothing to compare")
    return other


def needs_memory(config: RunConfig, fail) -> None:
    if not uses_memory(config.strategy):
        with_memory = " or ".join(s.name for s in STRATEGIES.values() if s.uses_memory)
        raise fail("settings.strategy", f"this kind is about memory; choose {with_memory}")


def texts_from(raw: Any, where: str, fail) -> dict[str, str]:
    if isinstance(raw, str) and raw.strip():
        return {"zh": raw, "en": raw}
    if not isinstance(raw, Mapping):
        raise fail(where, 'expected {"zh": "...", "en": "..."}')
    texts = {lang: raw[lang] for lang in LANGS if lang in raw}
    if set(raw) - set(LANGS):
        raise fail(where, f"unknown language {sorted(set(raw) - set(LANGS))[0]!r} (use zh and en)")
    if not texts or not all(isinstance(v, str) and v.strip() for v in texts.values()):
        raise fail(where, 'needs non-empty "zh" and/or "en" text')
    for lang in LANGS:
        texts.setdefault(lang, next(texts[other] for other in LANGS if other in texts))
    return texts


def config_from(base: RunConfig, raw: Mapping[str, Any], where: str, fail) -> RunConfig:
    unknown = sorted(set(raw) - CONFIG_KEYS)
    if unknown:
        raise fail(
            f"{where}.{unknown[0]}", f"unknown setting (settings are: {', '.join(sorted(CONFIG_KEYS))})"
        )
    raw = dict(raw)
    for key, value in raw.items():
        if key == "context":  # issue 38: a window of tokens, "inf" (JSON has no infinity) or null
            if value == "inf":
                raw[key] = math.inf
            elif value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise fail(f"{where}.{key}", f'expected a number of tokens or "inf", got {json.dumps(value)}')
        elif key in ("strategy", "policy", "compaction"):
            if not isinstance(value, str):
                raise fail(f"{where}.{key}", "expected a name")
        elif key == "until_all_bugs":
            if not isinstance(value, bool):
                raise fail(f"{where}.{key}", "expected true or false")
        elif key in ("ignore", "skip_write", "warn_at", "flush_at", "evict_share"):  # a share 0..1
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise fail(f"{where}.{key}", f"expected a chance from 0 to 1, got {json.dumps(value)}")
        elif not (key in ("capacity", "read_top") and value is None) and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise fail(
                f"{where}.{key}", f"expected a whole number, got {json.dumps(value, ensure_ascii=False)}"
            )
    try:
        return base.with_(**raw)
    except ConfigError as exc:
        field_name, _, problem = str(exc).partition(": ")
        raise fail(f"{where}.{field_name}", problem) from None
