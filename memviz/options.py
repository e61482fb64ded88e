"""The values command-line options take: one parser for each kind of value.

Every number is checked against its range in :mod:`memviz.core.limits` (the one table of limits,
shared with the window, exercise files and the settings file) as the option is read, so bad input
is one line naming the option and its range before any work starts. ``memviz`` (:mod:`memviz.cli.commands`)
and ``memviz site`` (:mod:`memviz.cli.site`) parse with these.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from memviz.core import reading, retrieval
from memviz.core.context import (
    COMPACTIONS,
    DEFAULT_EVICT_SHARE,
    DEFAULT_FLUSH_AT,
    DEFAULT_NOTE_TOKENS,
    DEFAULT_RECALL_TOKENS,
    DEFAULT_SUMMARY_NAMES,
    DEFAULT_SUMMARY_TOKENS,
    DEFAULT_TURN_TOKENS,
    DEFAULT_WARN_AT,
    SETTING_KEYS,
    TRUNCATE,
    parse_setting,
)
from memviz.core.limits import LIMITS, bounds, decimal_number, shown, whole_number
from memviz.core.policies import takes_ttl
from memviz.core.run_config import CONTEXT_FIELDS, RunConfig


def whole(name: str, text: str) -> int:
    """``text`` as a whole number in ASCII digits (``٣``, ``1_000``, `` 5`` and ``+3`` are refused)."""
    try:
        return whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {shown(text)}") from None


def _in_range(name: str, value: float, low: int | None = None) -> None:
    """Refuse ``value`` outside the table's range for ``name`` (or below ``low``, a narrower floor).

    argparse names the option: "argument --budget: must be between 0 and 100000, got 10000000".
    """
    limit = LIMITS[name]
    problem = limit.problem(value)
    if low is not None and problem is not None and low <= value <= limit.high:
        problem = None  # below the table's floor but not below this option's own (`--bugs 0`)
    if low is not None and (problem is not None or value < low):
        problem = f"must be between {low} and {shown(limit.high)}, got {shown(value)}"
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)


def limited(name: str, low: int | None = None) -> Callable[[str], int]:
    """A whole number within the range of ``name`` in the table of limits (from ``low``, if given).

    The one parser of every whole-number option (``--seed``, ``--seed0``, ``--runs``, ``--ttl``...):
    one message for one mistake, whichever command it is given to."""

    def parse(text: str) -> int:
        value = whole(name, text)
        _in_range(name, value, low)
        return value

    parse.__name__ = name  # argparse's "invalid <name> value" if a parser ever raises ValueError
    return parse


def bounded(what: str, low: float, high: float, whole: bool = True) -> Callable[[str], float]:
    """A number in ASCII digits from ``low`` to ``high`` (a whole one when ``whole``), for an option
    whose range is the command's own rather than a run's (a port, a timeout): the same reading of a
    number as :func:`limited`, the range named with the option ("port: must be between 0 and 65535")."""

    def parse(text: str) -> float:
        try:
            value = whole_number(text) if whole else decimal_number(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}: expected a number, got {shown(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}: must be between {low} and {high}, got {shown(value)}")
        return value

    parse.__name__ = what
    return parse


def capacity(text: str) -> int | None:
    if text.lower() in ("none", "unlimited", "inf", "不限"):
        return None
    return limited("capacity")(text)


def seconds(text: str) -> float:
    try:
        value = decimal_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"step seconds must be a number, got {shown(text)}") from None
    _in_range("step_seconds", value)
    return value


def parse_size(text: str) -> tuple[int, int]:
    """``1920x1080`` (or ``1920×1080``) -> (1920, 1080), each side within its range."""
    try:
        width, height = (whole_number(v) for v in text.replace("×", "x").replace("X", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, got {shown(text)}") from None
    (w_lo, w_hi), (h_lo, h_hi) = bounds("width"), bounds("height")
    if not (w_lo <= width <= w_hi and h_lo <= height <= h_hi):
        raise argparse.ArgumentTypeError(
            f"size must be between {w_lo}x{h_lo} and {w_hi}x{h_hi}, got {shown(text)}"
        )
    return width, height


def chance(name: str) -> Callable[[str], float]:
    """A chance from 0 to 1 (``--ignore 0.25``)."""

    def parse(text: str) -> float:
        try:
            return reading.chance(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def read_mode(text: str) -> int | None:
    """``all`` → None, ``top:K`` → K (``--read top:8``)."""
    try:
        return retrieval.read_mode(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _path(text: str) -> Path:
    if not text:
        raise argparse.ArgumentTypeError("expected a path, got an empty text")
    return Path(text)


def in_path(text: str) -> Path:
    """A file or folder to read or serve from: any path but an empty one (``Path("")`` is the
    working folder, which nobody means by ``--site ""``)."""
    return _path(text)


def out_file(text: str) -> Path:
    """A file to write: not empty, and not written as a folder (``--out t/`` wrote a file named
    ``t``: ``Path`` drops the trailing separator)."""
    if text.endswith(("/", os.sep)) or text in (".", "..") or text.endswith(("/.", "/..")):
        raise argparse.ArgumentTypeError(f"{shown(text)} is a folder, not a file")
    return _path(text)


# RunConfig field -> the option that sets it
READING_OPTIONS = {"ignore": "--ignore", "skip_write": "--skip-write", "read_top": "--read"}


def add_reading_options(p: argparse.ArgumentParser | argparse._ArgumentGroup, dest: str = "") -> None:
    """--ignore P, --skip-write P, --read all|top:K (issue 27), on every command that makes runs and
    the window's run; kept in ``dest`` + the RunConfig field (absent when not given, with a ``dest``)."""

    def default(value):
        return argparse.SUPPRESS if dest else value

    p.add_argument("--ignore", dest=dest + "ignore", type=chance("ignore"), default=default(0.0), metavar="P",
                   help="chance a step's choice ignores memory (a random click, bug list not read); default 0")  # fmt: skip
    p.add_argument("--skip-write", dest=dest + "skip_write", type=chance("skip-write"), default=default(0.0),
                   metavar="P", help="chance a step that moves writes nothing to memory; default 0")  # fmt: skip
    p.add_argument("--read", dest=dest + "read_top", type=read_mode, default=default(None), metavar="all|top:K",
                   help="inject all of memory each call (default), or the K entries retrieval ranks best")  # fmt: skip


def reading_values(args: argparse.Namespace) -> dict:
    """The RunConfig fields of :func:`add_reading_options` (the chapter's when a command lacks them)."""
    return {
        "ignore": getattr(args, "ignore", 0.0),
        "skip_write": getattr(args, "skip_write", 0.0),
        "read_top": getattr(args, "read_top", None),
    }


def context_setting(field: str) -> Callable[[str], object]:
    """A session context setting (issue 38): ``--context 12000|inf``, ``--compaction summary``, ..."""

    def parse(text: str) -> object:
        try:
            return parse_setting(field, text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def add_context_options(p: argparse.ArgumentParser | argparse._ArgumentGroup, dest: str = "") -> None:
    """The session context (issue 38, docs/context.md): --context W|inf and how it is compacted; kept
    in ``dest`` + the RunConfig field (absent when not given, with a ``dest``)."""

    def default(value):
        return argparse.SUPPRESS if dest else value

    def add(field: str, metavar: str, help_text: str, value: object = None) -> None:
        value = CONTEXT_FIELDS.get(field, value)
        p.add_argument(f"--{SETTING_KEYS[field]}", dest=dest + field, type=context_setting(field),
                       default=default(value), metavar=metavar, help=help_text)  # fmt: skip

    add(
        "context",
        "W|inf",
        "the session context window in tokens (inf: unlimited); default off, as the chapter",
    )
    add("turn_tokens", "T", f"tokens one step adds to the history (default {DEFAULT_TURN_TOKENS})")
    add("compaction", "MODE", f"when the prompt passes W: {', '.join(COMPACTIONS)} (default {TRUNCATE})")
    add("summary_names", "N", f"page names a summary keeps (default {DEFAULT_SUMMARY_NAMES})")
    add("summary_tokens", "T", f"a summary's own tokens (default {DEFAULT_SUMMARY_TOKENS})")
    add(
        "note_tokens",
        "T",
        f"tokens per name or bug in a summary or working context (default {DEFAULT_NOTE_TOKENS})",
    )
    add(
        "warn_at",
        "F",
        f"memgpt: the memory-pressure warning past this share of W (default {DEFAULT_WARN_AT})",
    )
    add("flush_at", "F", f"memgpt: the flush past this share of W (default {DEFAULT_FLUSH_AT})")
    add("evict_share", "F", f"memgpt: the share of the turns a flush evicts (default {DEFAULT_EVICT_SHARE})")
    add("recall_tokens", "T", f"memgpt: tokens of one recall search (default {DEFAULT_RECALL_TOKENS})")


def context_values(args: argparse.Namespace, dest: str = "") -> dict:
    """The RunConfig fields of :func:`add_context_options` that were given (all, without a ``dest``)."""
    return {f: getattr(args, dest + f) for f in SETTING_KEYS if hasattr(args, dest + f)}


def setting_args(config: RunConfig) -> list[str]:
    """The options that give ``config``'s time to live, bug list, reading and session context where
    they are not the defaults: what a child ``memviz record`` needs to make the window's run (the
    Record dialog passed strategy, seed, capacity, policy and budget only, so a video of a
    ``--read top:8`` run or of ttl T=4 showed another run)."""
    args: list[str] = []
    if config.ttl is not None and takes_ttl(config.policy):
        args += ["--ttl", str(config.ttl)]
    if config.bug_list is False:
        args.append("--no-bug-list")
    default = RunConfig()
    for key, field in reading.QUERY_FIELDS.items():
        value = getattr(config, field)
        if value != getattr(default, field):  # the ? grammar's words are the options' (--read top:8)
            args += [f"--{key}", reading.query_text(((field, value),)).partition("=")[2]]
    return args
