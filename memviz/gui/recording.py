"""Record a run to an MP4 or GIF, headless, frame by frame: for lecture videos and slides.

Frames come from a simulated clock, never from a real timer, so the same settings give the same
frames on any machine however fast it is. Each step lasts ``step_seconds``: the model makes one
call, every animation the views started is paused at once and then moved by hand to the frame's
time, and the window is painted into an image of exactly the requested size. The video opens and
closes on one step's worth of still frames, so it has ``(steps + 2) * frames_per_step`` frames.

The encoder is PyAV, whose wheels carry FFmpeg with libx264 (H.264) and the GIF encoder, so nothing
is installed by hand. The window's Record dialog runs ``memviz record`` in a child process: it
renders offscreen with its own fonts and sizes, so the dialog's video equals the command line's.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import shiboken6
from PySide6.QtCore import QAbstractAnimation, QCoreApplication, QProcess, QProcessEnvironment, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from memviz.core.engine import RunConfig
from memviz.core.experiments import Cancelled
from memviz.core.site import Site
from memviz.gui.language import Language
from memviz.gui.models import RunSettings

VIEWS = ("explore", "graph")
FORMATS = {".mp4": "mp4", ".gif": "gif"}
# GIF frame delays are whole hundredths of a second, so only these rates play at their true speed.
GIF_RATES = (1, 2, 4, 5, 10, 20, 25, 50)
DEFAULT_FPS = {"mp4": 30, "gif": 10}
DEFAULT_STEP_SECONDS = 1.0
MIN_SIZE, MAX_SIZE = (320, 240), (7680, 4320)
# x264 settings: near-transparent quality for flat UI pictures, chosen so that the same frames give
# the same bytes on any machine, however busy (the README promises it). Two things broke that, both
# measured: with several threads the output depends on how they were scheduled (threads=4: 2-8
# different files in 20 encodings of the same frames), and x264's macroblock-tree rate control reads
# memory it never wrote, so the output depended on what the process's heap held before (with other
# allocations between frames: 3 different files in 8 encodings; with mbtree=0, 1 in 20). Hence one
# thread and no mbtree; a UI recording has neither the motion nor the length where either pays.
X264_OPTIONS = {
    "crf": "18",
    "preset": "veryfast",
    "tune": "animation",
    "threads": "1",
    "x264-params": "colorprim=bt709:transfer=bt709:colormatrix=bt709:mbtree=0",
}
PROGRESS_PREFIX = "frame "  # what `memviz record --progress` prints: "frame 12/960"

ProgressCallback = Callable[[int, int], None]


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
    if not 1 <= fps <= 60:
        raise ValueError(f"fps: must be between 1 and 60, got {fps}")
    if fmt == "gif" and fps not in GIF_RATES:
        raise ValueError(
            f"fps: a GIF plays true only at {', '.join(map(str, GIF_RATES))} frames a second, got {fps}"
        )
    if lang not in ("zh", "en"):
        raise ValueError(f"lang: expected zh or en, got {lang!r}")
    if view not in VIEWS:
        raise ValueError(f"view: expected one of {', '.join(VIEWS)}, got {view!r}")
    if not 0.1 <= step_seconds <= 10:
        raise ValueError(f"step seconds: must be between 0.1 and 10, got {step_seconds:g}")
    frames_per_step = round(fps * step_seconds)
    if frames_per_step < 1:
        raise ValueError(f"step seconds: {step_seconds:g} s at {fps} fps is less than one frame")
    if steps is not None and steps < 0:
        raise ValueError(f"steps: must not be negative, got {steps}")
    return fmt, fps, frames_per_step


# -- the simulated clock ------------------------------------------------------------------------------


class AnimationClock:
    """Drives every Qt animation under a widget by a simulated time instead of the wall clock.

    An animation a view starts is paused at once (so Qt's timer never moves it) and from then on
    set by hand to ``now - the time it was first seen``; at its end it is set to its last frame,
    which stops it and runs the view's own ``finished`` handler.
    """

    def __init__(self, root: QWidget) -> None:
        self.root = root
        self._running: dict[QAbstractAnimation, int] = {}

    @property
    def busy(self) -> bool:
        """True while some animation has frames still to show."""
        return bool(self._running)

    def capture(self, now_ms: int) -> None:
        for animation in self.root.findChildren(QAbstractAnimation):
            if animation.state() == QAbstractAnimation.State.Running:
                animation.pause()
                self._running[animation] = now_ms

    def advance(self, now_ms: int) -> None:
        for animation, start in list(self._running.items()):
            if not shiboken6.isValid(animation) or animation.state() == QAbstractAnimation.State.Stopped:
                del self._running[animation]
                continue
            elapsed = now_ms - start
            duration = animation.totalDuration()
            if 0 <= duration <= elapsed:
                del self._running[animation]
                _set_current_time(animation, duration)  # stops it: the view's `finished` handler runs
                if animation.state() != QAbstractAnimation.State.Stopped:
                    animation.stop()
            else:
                _set_current_time(animation, elapsed)


def _set_current_time(animation: QAbstractAnimation, ms: int) -> None:
    # Through the property: PySide6 6.12's setCurrentTime() binding drops a reference to None on each
    # call (measured); the app guards None's count, but a recording makes thousands of these calls.
    animation.setProperty("currentTime", int(ms))


# -- the stage: a window (or the graph alone) that the frames are painted from ---------------------


# The Explore window's layout needs about 1160x600 (measured); a smaller video is drawn at a
# whole multiple of its size that holds this and scaled down, so it shows the whole window.
EXPLORE_DRAWN_AT_LEAST = (1280, 720)


def drawing_scale(size: tuple[int, int], view: str) -> int:
    """How many times larger than the video the window is drawn (1 for most sizes)."""
    if view != "explore":
        return 1
    width, height = size
    least_w, least_h = EXPLORE_DRAWN_AT_LEAST
    return max(1, -(-least_w // width), -(-least_h // height))


class Stage:
    """The widget recorded and the Explore model that drives it, built offscreen at a fixed size.

    The app's type size must already suit ``drawn_size`` (``create_app(height=drawn_size[1])``).
    """

    def __init__(
        self,
        settings: RunSettings,
        language: Language,
        size: tuple[int, int],
        view: str,
        drawn_size: tuple[int, int] | None = None,
    ) -> None:
        from memviz.gui.main_window import MainWindow  # after the app exists: views read its font

        self.settings = settings
        self.language = language
        self.size = size
        self.drawn_size = drawn_size or size
        if view == "graph":
            from memviz.gui.explore.graph_view import SiteGraphView
            from memviz.gui.explore.model import ExploreModel

            self.model = ExploreModel(settings)
            self.widget: QWidget = SiteGraphView(self.model, language)
        else:
            window = MainWindow(settings, language)
            window.select_view("explore")
            window.setMinimumSize(0, 0)
            self.model = window.explore.model
            self.widget = window
        self.model.set_animated(True)
        self.widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        self.widget.setMinimumSize(0, 0)
        self.widget.resize(*self.drawn_size)
        self.widget.show()
        QCoreApplication.sendPostedEvents(None, 0)

    def set_step_seconds(self, seconds: float) -> None:
        """Pick the autoplay speed nearest one step per ``seconds``: views size animations from it."""
        from memviz.gui.explore.model import SPEEDS

        wanted = 1.0 / seconds
        self.model.set_speed_index(min(range(len(SPEEDS)), key=lambda i: (abs(SPEEDS[i] - wanted), i)))

    def render(self) -> np.ndarray:
        """The widget now, as a (height, width, 4) BGRA array of exactly the stage's size."""
        QCoreApplication.sendPostedEvents(None, 0)  # layouts and geometry, never timers
        image = QImage(*self.drawn_size, QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(1.0)
        image.fill(self.widget.palette().window().color())
        QWidget.render(self.widget, image)  # QWidget's: a QGraphicsView has a render() of its own
        width, height = self.size
        if self.drawn_size != self.size:
            image = image.scaled(
                width,
                height,
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            ).convertToFormat(QImage.Format.Format_RGB32)
        view = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
        return view.reshape(height, image.bytesPerLine())[:, : width * 4].reshape(height, width, 4).copy()

    def close(self) -> None:
        self.widget.close()
        self.widget.deleteLater()
        if self.model.parent() is None:
            self.model.deleteLater()
        QCoreApplication.sendPostedEvents(None, 0)


def frames(stage: Stage, plan: RecordPlan) -> Iterator[np.ndarray]:
    """Every frame of the video, in order: a still opening, the steps, a still ending."""
    clock = AnimationClock(stage.widget)
    per_step = plan.frames_per_step
    last: np.ndarray | None = None
    frame = 0
    for segment in range(plan.steps + 2):
        stepped = 1 <= segment <= plan.steps
        if stepped and stage.model.step() is None:
            raise RuntimeError("the run ended before the steps planned for it")  # the plan counts them
        for _ in range(per_step):
            now = plan.frame_ms(frame)
            clock.capture(now)
            changed = clock.busy or stepped or last is None
            clock.advance(now)
            if changed:
                last = stage.render()
                stepped = False
            yield last
            frame += 1


# -- encoders -----------------------------------------------------------------------------------------


class _Mp4Writer:
    def __init__(self, path: Path, plan: RecordPlan) -> None:
        import av

        self._container = av.open(str(path), mode="w", format="mp4", options={"movflags": "+faststart"})
        self._stream = self._container.add_stream("libx264", rate=plan.fps, options=dict(X264_OPTIONS))
        self._stream.width, self._stream.height = plan.size
        self._stream.pix_fmt = "yuv420p"
        self._frame_class = av.VideoFrame
        self._pts = 0
        self._last: tuple[np.ndarray, object] | None = None  # a still repeats the same array

    def write(self, bgra: np.ndarray) -> None:
        if self._last is not None and self._last[0] is bgra:
            frame = self._last[1]
        else:
            frame = self._frame_class.from_ndarray(bgra, format="bgra")
            frame = frame.reformat(format="yuv420p", dst_colorspace="itu709")
            self._last = (bgra, frame)
        frame.pts = self._pts  # the encoder keeps its own reference, with the pts it was sent with
        self._pts += 1
        self._container.mux(self._stream.encode(frame))

    def close(self, flush: bool = True) -> None:
        try:
            if flush:
                self._container.mux(self._stream.encode(None))
        finally:
            self._container.close()


class _GifWriter:
    """GIF through FFmpeg's palette filters, with one palette for the whole video.

    The palette is made from a few key frames of the run (its start, middle and end): a steady
    palette lets the encoder store only what changed between frames (a per-frame palette measured
    8x larger), and the UI's colours are all on screen by the end of a run.
    """

    def __init__(self, path: Path, plan: RecordPlan, key_frames: list[np.ndarray]) -> None:
        import av

        self._av = av
        width, height = plan.size
        self._time_base = Fraction(1, plan.fps)
        palette = self._palette(key_frames)
        self._container = av.open(str(path), mode="w", format="gif", options={"loop": "0"})
        self._stream = self._container.add_stream("gif", rate=plan.fps)
        self._stream.width, self._stream.height = width, height
        self._stream.pix_fmt = "pal8"
        graph = av.filter.Graph()
        source = graph.add_buffer(width=width, height=height, format="bgra", time_base=self._time_base)
        palette_source = graph.add_buffer(
            width=palette.width, height=palette.height, format=palette.format.name, time_base=self._time_base
        )
        use = graph.add("paletteuse", "new=0:dither=none:diff_mode=rectangle")
        sink = graph.add("buffersink")
        source.link_to(use, 0, 0)
        palette_source.link_to(use, 0, 1)
        use.link_to(sink)
        graph.configure()
        palette.pts = 0
        palette.time_base = self._time_base
        palette_source.push(palette)
        palette_source.push(None)  # one palette: paletteuse keeps it for every frame
        self._graph = graph
        self._source = source
        self._pts = 0

    def _palette(self, key_frames: list[np.ndarray]):
        av = self._av
        height, width = key_frames[0].shape[:2]
        graph = av.filter.Graph()
        source = graph.add_buffer(width=width, height=height, format="bgra", time_base=self._time_base)
        make = graph.add("palettegen", "stats_mode=full:reserve_transparent=0")
        sink = graph.add("buffersink")
        source.link_to(make)
        make.link_to(sink)
        graph.configure()
        for pts, image in enumerate(key_frames):
            frame = av.VideoFrame.from_ndarray(image, format="bgra")
            frame.pts = pts
            frame.time_base = self._time_base
            source.push(frame)
        source.push(None)
        return graph.pull()

    def write(self, bgra: np.ndarray) -> None:
        frame = self._av.VideoFrame.from_ndarray(bgra, format="bgra")
        frame.pts = self._pts
        frame.time_base = self._time_base
        self._pts += 1
        self._source.push(frame)
        self._drain()

    def _drain(self) -> None:
        while True:
            try:
                frame = self._graph.pull()
            except (self._av.BlockingIOError, self._av.EOFError):
                return
            self._container.mux(self._stream.encode(frame))

    def close(self, flush: bool = True) -> None:
        try:
            if flush:
                self._source.push(None)
                self._drain()
                self._container.mux(self._stream.encode(None))
        finally:
            self._container.close()


def _key_frames(settings: RunSettings, language: Language, plan: RecordPlan) -> list[np.ndarray]:
    """The run's start, middle and end, drawn on a stage of their own (the GIF's palette source)."""
    stage = Stage(settings, language, plan.size, plan.view, plan.drawn_size)
    try:
        stage.model.set_animated(False)
        images = []
        for position in sorted({0, plan.steps // 2, plan.steps}):
            stage.model.jump(position)
            images.append(stage.render())
        return images
    finally:
        stage.close()


def _open_writer(path: Path, plan: RecordPlan, settings: RunSettings, language: Language):
    if plan.fmt == "mp4":
        return _Mp4Writer(path, plan)
    return _GifWriter(path, plan, _key_frames(settings, language, plan))


# -- the public entry point ---------------------------------------------------------------------------


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
) -> RecordPlan:
    """Check the settings and count the steps a recording will show (no Qt needed)."""
    from memviz.core.engine import Exploration

    fmt, fps, per_step = check_settings(out, size, fps, lang, view, step_seconds, steps)
    exploration = Exploration(site, config)
    available = 0
    while not exploration.finished and (steps is None or available < steps):
        exploration.step()
        available += 1
    return RecordPlan(Path(out), fmt, tuple(size), fps, step_seconds, per_step, available, lang, view)


def record(
    out: Path,
    config: RunConfig,
    site: Site,
    steps: int | None,
    size: tuple[int, int] = (1920, 1080),
    fps: int | None = None,
    lang: str = "zh",
    view: str = "explore",
    progress: ProgressCallback | None = None,
    cancelled: Callable[[], bool] | None = None,
    step_seconds: float = DEFAULT_STEP_SECONDS,
    frame_hashes: list[str] | None = None,
) -> Path:
    """Render a run to ``out`` (.mp4 or .gif), ``step_seconds`` per model call; returns ``out``.

    ``steps`` None records the whole run; more steps than the run has stop at its end. ``fps`` None
    is 30 for an MP4 and 10 for a GIF. ``progress(done, total)`` is called after each frame;
    ``cancelled()`` returning True stops at the next frame with :class:`Cancelled` and leaves no file.
    ``frame_hashes``, if given, receives a SHA-256 of each raw frame (for determinism checks).
    Raises ValueError for bad settings, OSError when the file cannot be written.
    """
    plan = plan_recording(out, config, site, steps, size, fps, lang, view, step_seconds)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from memviz.gui.app import create_app

    app = create_app(height=plan.drawn_size[1])
    plan.out.parent.mkdir(parents=True, exist_ok=True)
    partial = plan.out.with_name(plan.out.name + ".part")
    settings = RunSettings(site=site, config=config)
    language = Language(lang)
    stage: Stage | None = None
    writer = None
    finished = False
    try:
        writer = _open_writer(partial, plan, settings, language)
        stage = Stage(settings, language, plan.size, view, plan.drawn_size)
        stage.set_step_seconds(step_seconds)
        last_hash: tuple[np.ndarray, str] | None = None
        for done, image in enumerate(frames(stage, plan), start=1):
            if cancelled is not None and cancelled():
                raise Cancelled("recording cancelled")
            writer.write(image)
            if frame_hashes is not None:
                if last_hash is None or last_hash[0] is not image:
                    last_hash = (image, hashlib.sha256(image).hexdigest())
                frame_hashes.append(last_hash[1])
            if progress is not None:
                progress(done, plan.frames)
        writer.close()
        writer = None
        os.replace(partial, plan.out)
        finished = True
    finally:
        if writer is not None:
            writer.close(flush=False)
        if not finished:
            partial.unlink(missing_ok=True)
        if stage is not None:
            stage.close()
        settings.deleteLater()
        language.deleteLater()
        QCoreApplication.sendPostedEvents(None, 0)
        app.processEvents()
    return plan.out


# -- the window's Record dialog -----------------------------------------------------------------------

SIZES = ((1920, 1080), (1280, 720), (960, 540))


def record_command(
    settings: RunSettings,
    out: Path,
    lang: str,
    steps: int | None,
    size: tuple[int, int],
    fps: int | None,
    view: str,
    step_seconds: float,
) -> list[str]:
    """The ``memviz record`` command line that records these settings, runnable from this process."""
    config = settings.config
    args = ["--out", str(out), "--strategy", config.strategy, "--seed", str(config.seed)]
    args += ["--capacity", "unlimited" if config.capacity is None else str(config.capacity)]
    args += ["--policy", config.policy, "--budget", str(config.budget)]
    if settings.site_path is not None:
        args += ["--site", str(settings.site_path)]
    if steps is not None:
        args += ["--steps", str(steps)]
    args += ["--size", f"{size[0]}x{size[1]}", "--view", view, "--lang", lang]
    if fps is not None:
        args += ["--fps", str(fps)]
    args += ["--step-seconds", f"{step_seconds:g}", "--progress"]
    if getattr(sys, "frozen", False):  # the bundle: its executable is the memviz command
        executable = Path(sys.executable)
        console = executable.with_name("memviz-cli.exe")  # Windows: the window's exe has no stdout
        return [str(console if console.exists() else executable), "record", *args]
    return [sys.executable, "-m", "memviz.record_cli", *args]


class RecordDialog(QDialog):
    """Record the run in force to a video, with progress and cancel; the recording runs offscreen."""

    def __init__(self, settings: RunSettings, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("record_dialog")
        self.settings = settings
        self.language = language
        self.process: QProcess | None = None
        self.result_path: Path | None = None
        self._out: Path | None = None
        self._stderr = ""
        self._cancelling = False

        self.run_label = QLabel()
        self.run_label.setObjectName("record_run")
        self.run_label.setWordWrap(True)
        self.out_edit = QLineEdit(str(Path.home() / "memviz.mp4"))
        self.browse_button = QPushButton()
        self.browse_button.clicked.connect(self._on_browse)
        out_row = QHBoxLayout()
        out_row.addWidget(self.out_edit, 1)
        out_row.addWidget(self.browse_button)
        self.size_box = QComboBox()
        for width, height in SIZES:
            self.size_box.addItem(f"{width} × {height}", (width, height))
        self.fps_box = QSpinBox()
        self.fps_box.setRange(1, 60)
        self.fps_box.setValue(DEFAULT_FPS["mp4"])
        self.step_seconds_box = QDoubleSpinBox()
        self.step_seconds_box.setRange(0.2, 10.0)
        self.step_seconds_box.setSingleStep(0.5)
        self.step_seconds_box.setDecimals(1)
        self.step_seconds_box.setValue(DEFAULT_STEP_SECONDS)
        self.steps_box = QSpinBox()
        self.steps_box.setRange(0, 5000)
        self.view_box = QComboBox()
        self.view_box.addItem("", "explore")
        self.view_box.addItem("", "graph")
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 1)
        self.progress_bar.setValue(0)
        self.status = QLabel()
        self.status.setObjectName("record_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.form = QFormLayout()
        self.form.addRow(QLabel(), out_row)
        for widget in (self.size_box, self.fps_box, self.step_seconds_box, self.steps_box, self.view_box):
            self.form.addRow(QLabel(), widget)
        self.buttons = QDialogButtonBox()
        self.record_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.record_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self._on_cancel_click)
        self.out_edit.textChanged.connect(self._on_out_change)

        layout = QVBoxLayout(self)
        layout.addWidget(self.run_label)
        layout.addLayout(self.form)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.language.changed.connect(self._on_language_change)
        self.settings.config_changed.connect(self._on_config_change)
        self.settings.site_changed.connect(self._on_config_change)
        self._set_texts()

    # -- public ---------------------------------------------------------------------------------------

    @property
    def recording(self) -> bool:
        return self.process is not None

    def command(self) -> list[str]:
        steps = self.steps_box.value() or None
        return record_command(
            self.settings,
            Path(self.out_edit.text().strip()).expanduser(),
            self.language.code,
            steps,
            self.size_box.currentData(),
            self.fps_box.value(),
            self.view_box.currentData(),
            self.step_seconds_box.value(),
        )

    def start(self) -> None:
        """Start recording in a child process; progress and the result arrive as it runs."""
        tr = self.language.tr
        if self.recording:
            return
        out = self.out_edit.text().strip()
        try:
            check_settings(
                Path(out), self.size_box.currentData(), self.fps_box.value(), self.language.code,
                self.view_box.currentData(), self.step_seconds_box.value(), None,
            )  # fmt: skip
        except ValueError as exc:
            self.status.setText(tr("设置有误：", "Check the settings: ") + str(exc))
            return
        command = self.command()
        self._out = Path(command[command.index("--out") + 1])
        process = QProcess(self)
        environment = QProcessEnvironment.systemEnvironment()
        environment.insert("QT_QPA_PLATFORM", "offscreen")
        process.setProcessEnvironment(environment)
        process.readyReadStandardOutput.connect(self._on_output)
        process.readyReadStandardError.connect(self._on_error_output)
        process.finished.connect(self._on_finish)
        self.process = process
        self.result_path = None
        self._stderr = ""
        self._cancelling = False
        self.progress_bar.setRange(0, 0)  # busy until the first frame reports the total
        self.status.setText(tr("正在准备…", "Preparing…"))
        self._set_running(True)
        process.start(command[0], command[1:])

    def cancel(self) -> None:
        """Stop a recording in progress (its partial file is removed when the child has gone)."""
        if self.process is not None:
            self._cancelling = True
            self.process.kill()

    # -- handlers -------------------------------------------------------------------------------------

    def _on_browse(self) -> None:
        tr = self.language.tr
        path, _ = QFileDialog.getSaveFileName(
            self, tr("保存录像", "Save recording"), self.out_edit.text(), "MP4 (*.mp4);;GIF (*.gif)"
        )
        if path:
            self.out_edit.setText(path)

    def _on_out_change(self, text: str) -> None:
        try:
            fmt = output_format(Path(text.strip()))
        except ValueError:
            return
        if fmt == "gif" and self.fps_box.value() not in GIF_RATES:
            self.fps_box.setValue(DEFAULT_FPS["gif"])

    def _on_cancel_click(self) -> None:
        if self.recording:
            self.cancel()
        else:
            self.reject()

    def _on_output(self) -> None:
        if self.process is None:
            return
        text = bytes(self.process.readAllStandardOutput()).decode("utf-8", "replace")
        for line in text.splitlines():
            if line.startswith(PROGRESS_PREFIX):
                done, _, total = line[len(PROGRESS_PREFIX) :].partition("/")
                if done.isdigit() and total.isdigit():
                    self._on_progress(int(done), int(total))
            elif line.strip():
                self.result_path = Path(line.strip())

    def _on_error_output(self) -> None:
        if self.process is not None:
            self._stderr += bytes(self.process.readAllStandardError()).decode("utf-8", "replace")

    def _on_progress(self, done: int, total: int) -> None:
        tr = self.language.tr
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(done)
        self.status.setText(tr(f"第 {done} / {total} 帧", f"Frame {done} / {total}"))

    def _on_finish(self, exit_code: int, _status) -> None:
        tr = self.language.tr
        self._on_output()
        self._on_error_output()
        process, self.process = self.process, None
        if process is not None:
            process.deleteLater()
        self._set_running(False)
        self.progress_bar.setRange(0, 1)
        if self._cancelling:
            if self._out is not None:  # the child was killed before it could tidy up
                self._out.with_name(self._out.name + ".part").unlink(missing_ok=True)
            self.progress_bar.setValue(0)
            self.status.setText(tr("已取消。", "Cancelled."))
        elif exit_code == 0 and self.result_path is not None:
            self.progress_bar.setValue(1)
            self.status.setText(tr("已保存：", "Saved: ") + str(self.result_path))
        else:
            self.progress_bar.setValue(0)
            message = self._stderr.strip().splitlines()[-1] if self._stderr.strip() else f"exit {exit_code}"
            self.status.setText(tr("录制失败：", "Recording failed: ") + message)

    def _set_running(self, running: bool) -> None:
        tr = self.language.tr
        for widget in (
            self.out_edit, self.browse_button, self.size_box, self.fps_box,
            self.step_seconds_box, self.steps_box, self.view_box, self.record_button,
        ):  # fmt: skip
            widget.setEnabled(not running)
        self.cancel_button.setText(tr("取消录制", "Cancel recording") if running else tr("关闭", "Close"))

    def _on_language_change(self, _code: str) -> None:
        self._set_texts()

    def _on_config_change(self, _changed) -> None:
        self._set_run_text()

    def _set_run_text(self) -> None:
        from memviz.gui.explore.labels import policy_name, strategy_name

        tr, lang, config = self.language.tr, self.language.code, self.settings.config
        parts = [strategy_name(config.strategy, lang)]
        if config.strategy != "random":
            if config.capacity is None:
                parts.append(tr("记忆不限", "unlimited memory"))
            else:
                parts.append(tr(f"容量 {config.capacity}", f"capacity {config.capacity}"))
                parts.append(policy_name(config.policy, lang))
        parts += [
            tr(f"种子 {config.seed}", f"seed {config.seed}"),
            tr(f"预算 {config.budget} 步", f"budget {config.budget}"),
        ]
        site = self.settings.site.name(lang)
        self.run_label.setText(
            tr("录制当前的运行：", "Records the run in force: ") + " · ".join(parts) + f" · {site}"
        )

    def _set_texts(self) -> None:
        tr = self.language.tr
        self.setWindowTitle(tr("录制视频", "Record video"))
        labels = (
            tr("保存到", "Save to"),
            tr("画面大小", "Frame size"),
            tr("帧率（帧/秒）", "Frames per second"),
            tr("每步秒数", "Seconds per step"),
            tr("步数", "Steps"),
            tr("画面", "Picture"),
        )
        for row, text in enumerate(labels):
            label = self.form.itemAt(row, QFormLayout.ItemRole.LabelRole).widget()
            label.setText(text)
        self.browse_button.setText(tr("浏览…", "Browse…"))
        self.steps_box.setSpecialValueText(tr("整次运行", "Whole run"))
        self.view_box.setItemText(0, tr("整个探索窗口", "The whole Explore window"))
        self.view_box.setItemText(1, tr("只有站点图", "The site graph only"))
        self.record_button.setText(tr("开始录制", "Record"))
        self._set_running(self.recording)
        self._set_run_text()
