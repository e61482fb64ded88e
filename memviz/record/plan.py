"""What a recording will be, checked before any frame is drawn: format, size, rate, steps.

Free of Qt: the command line checks a recording here before it loads the GUI toolkit, and the
window's Record dialog checks its fields the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from memviz.core.compare import DEFAULT_LANES, LaneConfig, compare_runs
from memviz.core.compare import check_work as check_compare_work
from memviz.core.engine import Exploration, RunConfig
from memviz.core.limits import bounds
from memviz.core.replay import RecordedRun, replay
from memviz.core.scenarios.catalog import parse_choice, play, scenario_site
from memviz.core.site import Site

VIEWS = ("explore", "graph", "compare", "scenarios")  # scenarios[/NAME[/MODE[/SEED]]]
FORMATS = {".mp4": "mp4", ".gif": "gif"}
# GIF frame delays are whole hundredths of a second, so only these rates play at their true speed.
GIF_RATES = (1, 2, 4, 5, 10, 20, 25, 50)
DEFAULT_FPS = {"mp4": 30, "gif": 10}
DEFAULT_STEP_SECONDS = 1.0
# The ranges of memviz.core.limits, the one table of limits.
MIN_SIZE, MAX_SIZE = tuple(zip(bounds("width"), bounds("height"), strict=True))
FPS_RANGE = bounds("fps")
STEP_SECONDS_RANGE = bounds("step_seconds")
PROGRESS_PREFIX = "frame "  # what `memviz record --progress` prints: "frame 12/960"
# …and, first, the temporary file it writes (so a parent that kills it can remove exactly that file)
PARTIAL_PREFIX = "partial "

# The Explore window's layout needs about 1160x600 (measured); a smaller video is drawn at a
# whole multiple of its size that holds this and scaled down, so it shows the whole window.
EXPLORE_DRAWN_AT_LEAST = (1280, 720)


def drawing_scale(size: tuple[int, int], view: str) -> int:
    """How many times larger than the video the window is drawn (1 for most sizes)."""
    if view == "graph":
        return 1
    width, height = size
    least_w, least_h = EXPLORE_DRAWN_AT_LEAST
    return max(1, -(-least_w // width), -(-least_h // height))


@dataclass(frozen=True)
class RecordPlan:
    """Checked recording settings; ``frames`` is the length of the video."""

    out: Path
    fmt: str  # "mp4" or "gif"
    size: tuple[int, int]
    fps: int
    step_seconds: float
    frames_per_step: int
    steps: int  # steps actually recorded (a run may end before the steps asked for)
    lang: str
    view: str
    compare: tuple[str, ...] | None = None  # the Compare view's lanes (view "compare")

    @property
    def drawn_size(self) -> tuple[int, int]:
        """The size the window is drawn at before it is scaled to ``size``."""
        scale = drawing_scale(self.size, self.view)
        return self.size[0] * scale, self.size[1] * scale

    @property
    def frames(self) -> int:
        return (self.steps + 2) * self.frames_per_step

    def frame_ms(self, frame: int) -> int:
        """The simulated time of a frame, in milliseconds since the video's start."""
        return round(Fraction(frame * 1000, self.fps))


def output_format(out: Path) -> str:
    fmt = FORMATS.get(Path(out).suffix.lower())
    if fmt is None:
        raise ValueError(f"out: the file name must end in .mp4 or .gif, got {Path(out).name!r}")
    return fmt


def check_settings(
    out: Path,
    size: tuple[int, int],
    fps: int | None,
    lang: str,
    view: str,
    step_seconds: float,
    steps: int | None,
) -> tuple[str, int, int]:
    """Validate recording settings; returns (format, fps, frames per step) or raises ValueError."""
    fmt = output_format(out)
    width, height = size
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise ValueError(
            f"size: must be between {MIN_SIZE[0]}x{MIN_SIZE[1]} and {MAX_SIZE[0]}x{MAX_SIZE[1]}, "
            f"got {width}x{height}"
        )
    if fmt == "mp4" and (width % 2 or height % 2):
        raise ValueError(f"size: an MP4 (H.264, 4:2:0) needs an even width and height, got {width}x{height}")
    if fps is None:
        fps = DEFAULT_FPS[fmt]
    if not FPS_RANGE[0] <= fps <= FPS_RANGE[1]:
        raise ValueError(f"fps: must be between {FPS_RANGE[0]} and {FPS_RANGE[1]}, got {fps}")
    if fmt == "gif" and fps not in GIF_RATES:
        raise ValueError(
            f"fps: a GIF plays true only at {', '.join(map(str, GIF_RATES))} frames a second, got {fps}"
        )
    if lang not in ("zh", "en"):
        raise ValueError(f"lang: expected zh or en, got {lang!r}")
    base, _, detail = view.partition("/")
    if base not in VIEWS or (detail and base != "scenarios"):
        raise ValueError(
            f"view: expected one of {', '.join(VIEWS)} or scenarios/NAME[/MODE[/SEED]], got {view!r}"
        )
    if base == "scenarios":
        parse_choice(detail)
    low, high = STEP_SECONDS_RANGE
    if not low <= step_seconds <= high:  # False for NaN too
        raise ValueError(f"step seconds: must be between {low:g} and {high:g}, got {step_seconds:g}")
    frames_per_step = round(fps * step_seconds)
    if frames_per_step < 1:
        raise ValueError(f"step seconds: {step_seconds:g} s at {fps} fps is less than one frame")
    if steps is not None and steps < 0:
        raise ValueError(f"steps: must not be negative, got {steps}")
    return fmt, fps, frames_per_step


def plan_recording(
    out: Path,
    config: RunConfig,
    site: Site,
    steps: int | None,
    size: tuple[int, int] = (1920, 1080),
    fps: int | None = None,
    lang: str = "zh",
    view: str = "explore",
    step_seconds: float = DEFAULT_STEP_SECONDS,
    compare: Sequence[str] | None = None,
    recorded: RecordedRun | None = None,
) -> RecordPlan:
    """Check the settings and count the steps a recording will show. ``compare``: the Compare
    view's lanes (``STRATEGY[/CAPACITY[/POLICY]]``), its default ones when None. ``recorded``: a
    recorded run replayed in Explore (``config`` its what-if memory), its own length."""
    fmt, fps, per_step = check_settings(out, size, fps, lang, view, step_seconds, steps)
    if recorded is not None and view not in ("explore", "graph"):
        raise ValueError(f"--trace: a recorded run is replayed in the explore or graph view, not {view}")
    if view == "compare":
        lanes = [LaneConfig.parse(text) for text in (compare or DEFAULT_LANES)]
        base = RunConfig(seed=config.seed, budget=config.budget)
        check_compare_work(site, lanes, base, error=ValueError)  # an opt lane on a big site: minutes
        total = compare_runs(site, lanes, base).steps
        available = total if steps is None else min(steps, total)
    elif view.startswith("scenarios"):  # a scenario plays on its own site, mode and seed
        name, mode, seed = parse_choice(view.partition("/")[2])
        total = len(play(name, scenario_site(), seed, mode, lang).frames) - 1
        available = total if steps is None else min(steps, total)
    else:
        exploration = Exploration(site, config) if recorded is None else replay(site, recorded, config)
        available = 0
        while not exploration.finished and (steps is None or available < steps):
            exploration.step()
            available += 1
    lanes = tuple(compare) if compare else None
    return RecordPlan(Path(out), fmt, tuple(size), fps, step_seconds, per_step, available, lang, view, lanes)
