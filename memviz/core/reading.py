"""How a run reads and misuses its memory, in words (issue 27): one grammar for the CLI, Compare and eval.

A config names them after a ``?``, as a web address's query: ``frontier/inf/fifo?ignore=0.25``,
``frontier/12/lru?read=top:8``, ``visited?ignore=0.1&skip-write=0.2``. Keys:

- ``ignore=P``: the chance (0..1) that a step's choice ignores memory (``RunConfig.ignore``);
- ``skip-write=P``: the chance that a step that moves writes nothing (``RunConfig.skip_write``);
- ``read=all`` or ``read=top:K``: inject every entry, or the K entries retrieval ranks best.

The same words as the options ``--ignore P``, ``--skip-write P`` and ``--read all|top:K``.
"""

from __future__ import annotations

import math

from memviz.core.context import (
    SETTING_KEYS,
    parse_setting,
    setting_text,
)
from memviz.core.limits import decimal_number
from memviz.core.registry import ConfigError
from memviz.core.retrieval import parse_read_mode, read_mode_text
from memviz.core.run_config import CONTEXT_FIELDS

# query key -> RunConfig field, in the order they are written back; then the session context's
# settings (issue 38: ``frontier/12/fifo?context=12000&compaction=summary``)
QUERY_FIELDS = {
    "ignore": "ignore", "skip-write": "skip_write", "read": "read_top",
    **{key: field for field, key in SETTING_KEYS.items()},
}  # fmt: skip
QUERY_HELP = "?ignore=P&skip-write=P&read=all|top:K&context=W|inf&compaction=MODE"

Overrides = tuple[tuple[str, object], ...]  # (RunConfig field, value), in QUERY_FIELDS order
# The readings a Compare lane offers in its menu: the chapter's, retrieval, and misuse.
READING_CHOICES: tuple[Overrides, ...] = (
    (),
    (("read_top", 8),),
    (("read_top", 12),),
    (("ignore", 0.25),),
    (("ignore", 0.5),),
    (("skip_write", 0.25),),
)


def chance(text: str) -> float:
    """A chance from 0 to 1 in ASCII digits, e.g. ``0.25``; ValueError saying the problem otherwise
    (the caller names the setting: an option, a config's ``?`` key)."""
    try:
        value = decimal_number(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:  # False for NaN
        raise ValueError(f"must be a chance from 0 to 1, got {text[:40]!r}")
    return value


def parse_chance(name: str, text: str) -> float:
    """A chance from 0 to 1, e.g. ``0.25``; ConfigError naming ``name`` otherwise."""
    try:
        return chance(text)
    except ValueError as exc:
        raise ConfigError(f"{name}: {exc}") from None


def parse_query(query: str, where: str) -> Overrides:
    """The RunConfig fields a config's ``?`` part sets; ``where`` (the whole config) names it in errors."""
    values: dict[str, object] = {}
    for part in query.split("&"):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if key not in QUERY_FIELDS or not eq:
            raise ConfigError(
                f"config: expected {QUERY_HELP} after '?', got {part.strip()[:40]!r} in {where[:80]!r}"
            )
        field = QUERY_FIELDS[key]
        if field in values:
            raise ConfigError(f"config: {key} is given twice in {where[:80]!r}")
        if field in SETTING_KEYS:
            try:
                values[field] = parse_setting(field, value)
            except ValueError as exc:
                raise ConfigError(f"{key}: {exc}") from None
        else:
            values[field] = parse_read_mode(value) if key == "read" else parse_chance(key, value)
    return tuple((field, values[field]) for field in QUERY_FIELDS.values() if field in values)


def query_text(overrides: Overrides) -> str:
    """Back to ``?key=value&...`` (empty when nothing is set), as :func:`parse_query` reads it."""
    keys = {field: key for key, field in QUERY_FIELDS.items()}
    parts = [f"{keys[field]}={_value_text(field, value)}" for field, value in overrides]
    return "?" + "&".join(parts) if parts else ""


def _value_text(field: str, value: object) -> str:
    if field in SETTING_KEYS:
        return setting_text(field, value)
    return read_mode_text(value) if field == "read_top" else _chance_text(value)  # type: ignore[arg-type]


def _chance_text(value: object) -> str:
    return repr(float(value))  # every digit: the text reads back to the same chance


def split_config(text: str) -> tuple[str, Overrides]:
    """``frontier/12/fifo?ignore=0.25`` → (``frontier/12/fifo``, its overrides)."""
    head, mark, query = text.partition("?")
    return head, parse_query(query, text) if mark else ()


def context_overrides(config, compaction: str | None = None) -> Overrides:
    """A config's session context as a lane's overrides (issue 38), with ``compaction`` in place of
    its own if given; none with the context off."""
    if config.context is None:
        return ()
    values = {field: getattr(config, field) for field in SETTING_KEYS}
    if compaction is not None:
        values["compaction"] = compaction
    defaults = {"context": None, **CONTEXT_FIELDS}
    return tuple((f, values[f]) for f in SETTING_KEYS if f == "context" or values[f] != defaults[f])


def reading_overrides(ignore: float, skip_write: float, read_top: int | None) -> Overrides:
    """The overrides of a config's reading that differ from the chapter's (none for its defaults)."""
    values = {"ignore": ignore, "skip_write": skip_write, "read_top": read_top}
    defaults = {"ignore": 0.0, "skip_write": 0.0, "read_top": None}
    return tuple((f, values[f]) for f in values if values[f] != defaults[f])
