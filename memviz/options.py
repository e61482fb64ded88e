"""The values command-line options take: one parser for each kind, and every number's range.

Every number an option takes has a range here, checked before any work starts, so no accepted
input means unbounded work (a billion-step budget, ten million runs); a bad value is one line
naming the option and its range. ``memviz`` (:mod:`memviz.cli`) and ``memviz site``
(:mod:`memviz.site_cli`) parse with these.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from memviz.core.rng import SEED_MAX
from memviz.core.sitegen import MAX_PAGES, MIN_PAGES
from memviz.record.plan import FPS_RANGE, MAX_SIZE, MIN_SIZE, STEP_SECONDS_RANGE

# Every number an option takes, with its range: checked before any work starts, so no accepted
# input means unbounded work (a billion-step budget, ten million runs). The bounds keep a command
# to seconds or a few minutes with progress shown (README "Limits"); the chapter's own settings sit
# far inside them. Width and height, fps and step seconds are the recorder's own ranges.
RANGES: dict[str, tuple[float, float]] = {
    "seed": (0, SEED_MAX),
    "seed0": (0, SEED_MAX),
    "budget": (0, 100_000),
    "capacity": (1, 100_000),
    "runs": (2, 50_000),  # two at least: a batch gives an interval
    "steps": (0, 10_000),  # steps a snapshot or a video shows
    "width": (MIN_SIZE[0], MAX_SIZE[0]),
    "height": (MIN_SIZE[1], MAX_SIZE[1]),
    "fps": FPS_RANGE,
    "step_seconds": STEP_SECONDS_RANGE,
    "pages": (MIN_PAGES, MAX_PAGES),  # of a generated site
    "bugs": (0, MAX_PAGES),
}
# A batch's worst case, runs × steps a run may take: 200 runs of the chapter's 30 steps is 6,000.
MAX_BATCH_STEPS = 5_000_000


def shown(text: str, width: int = 40) -> str:
    """A user's text, short enough for a one-line error (a 5,000-digit number is not repeated)."""
    return repr(text) if len(text) <= width else repr(text[: width - 1] + "…")


def number(value: float) -> str:
    """A number as a user would write it: whole numbers in full, others short (0.1, 1e+100)."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:g}"
    if isinstance(value, float):
        return f"{value:g}" if abs(value) >= 1e16 else str(int(value))
    text = str(value)
    return text if len(text) <= 40 else f"a number of {len(text)} digits"


def check_range(name: str, value: float, error: type[Exception] = ValueError, named: bool = True) -> None:
    """Raise ``error`` ("budget: must be between 0 and 100000, got 1000000000000") outside RANGES.

    ``named`` False leaves the name out (argparse puts "argument --budget: " before it).
    """
    low, high = RANGES[name]
    if not low <= value <= high:  # False for NaN too
        head = f"{name.replace('_', ' ')}: " if named else ""
        raise error(f"{head}must be between {number(low)} and {number(high)}, got {number(value)}")


def whole(name: str, text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:  # also a number of more than 4300 digits
        raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {shown(text)}") from None


def limited(name: str) -> Callable[[str], int]:
    """A whole number within its range in :data:`RANGES`."""

    def parse(text: str) -> int:
        value = whole(name, text)
        check_range(name, value, argparse.ArgumentTypeError, named=False)
        return value

    return parse


def capacity(text: str) -> int | None:
    if text.lower() in ("none", "unlimited", "inf", "不限"):
        return None
    return limited("capacity")(text)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"step seconds must be a number, got {shown(text)}") from None
    check_range("step_seconds", value, argparse.ArgumentTypeError, named=False)
    return value


def parse_size(text: str) -> tuple[int, int]:
    """``1920x1080`` (or ``1920×1080``) -> (1920, 1080), each side within its range."""
    try:
        width, height = (int(v, 10) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, got {shown(text)}") from None
    (w_lo, w_hi), (h_lo, h_hi) = RANGES["width"], RANGES["height"]
    if not (w_lo <= width <= w_hi and h_lo <= height <= h_hi):
        raise argparse.ArgumentTypeError(
            f"size must be between {w_lo}x{h_lo} and {w_hi}x{h_hi}, got {shown(text)}"
        )
    return width, height
