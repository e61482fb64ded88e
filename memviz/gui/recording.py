"""Record a run to an MP4 or GIF, headless, frame by frame: for lecture videos and slides.

Frames come from a simulated clock, never from a real timer, so the same settings give the same
frames on any machine however fast it is. Each step lasts ``step_seconds``: the model makes one
call, every animation the views started is paused at once and then moved by hand to the frame's
time, and the window is painted into an image of exactly the requested size. The video opens and
closes on one step's worth of still frames, so it has ``(steps + 2) * frames_per_step`` frames.

Every frame is a picture a teacher can pause on: the memory list's rows, which slide and fade into
each other in the window, change by a clean cut in a video, and the graph-only video carries a
caption strip (step, narration, memory). The plan and the encoders are Qt-free
(:mod:`memviz.record`); the window's Record dialog (:mod:`memviz.gui.record_dialog`) runs
``memviz record`` in a child process, so the dialog's video equals the command line's.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.experiments import Cancelled
from memviz.core.replay import RecordedRun
from memviz.core.site import Site
from memviz.core.strategies import uses_memory
from memviz.gui.kit.language import Language
from memviz.gui.qt import (
    QAbstractAnimation,
    QCoreApplication,
    QFontMetricsF,
    QImage,
    QPainter,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QVBoxLayout,
    QWidget,
    is_alive,
)
from memviz.models.explore import ExploreModel
from memviz.models.settings import RunSettings
from memviz.models.transport import SPEEDS
from memviz.outfile import atomic_output
from memviz.record.encoders import open_writer
from memviz.record.plan import (
    DEFAULT_STEP_SECONDS,
    VIEWS,
    RecordPlan,
    drawing_scale,
    plan_recording,
)
from memviz.wording import traces as trace_words
from memviz.wording import window as window_words

__all__ = ["VIEWS", "AnimationClock", "Stage", "drawing_scale", "frames", "plan_recording", "record"]

ProgressCallback = Callable[[int, int], None]


# -- the simulated clock ------------------------------------------------------------------------------


class AnimationClock:
    """Drives every Qt animation under a widget by a simulated time instead of the wall clock.

    An animation a view starts is paused at once (so Qt's timer never moves it) and from then on
    set by hand to ``now - the time it was first seen``; at its end it is set to its last frame,
    which stops it and runs the view's own ``finished`` handler. An animation that ``cut`` picks
    is set to its last frame as soon as it is seen: a clean cut instead of a cross-fade.
    """

    def __init__(self, root: QWidget, cut: Callable[[QAbstractAnimation], bool] | None = None) -> None:
        self.root = root
        self.cut = cut
        self._running: dict[QAbstractAnimation, int] = {}

    @property
    def busy(self) -> bool:
        """True while some animation has frames still to show."""
        return bool(self._running)

    def capture(self, now_ms: int) -> None:
        for animation in self.root.findChildren(QAbstractAnimation):
            if animation.state() != QAbstractAnimation.State.Running:
                continue
            animation.pause()
            if self.cut is not None and self.cut(animation):
                _finish(animation)
            else:
                self._running[animation] = now_ms

    def advance(self, now_ms: int) -> None:
        for animation, start in list(self._running.items()):
            if not is_alive(animation) or animation.state() == QAbstractAnimation.State.Stopped:
                del self._running[animation]
                continue
            elapsed = now_ms - start
            duration = animation.totalDuration()
            if 0 <= duration <= elapsed:
                del self._running[animation]
                _finish(animation)
            else:
                _set_current_time(animation, elapsed)


def _finish(animation: QAbstractAnimation) -> None:
    _set_current_time(animation, animation.totalDuration())  # stops it: the view's `finished` handler runs
    if animation.state() != QAbstractAnimation.State.Stopped:
        animation.stop()


def _set_current_time(animation: QAbstractAnimation, ms: int) -> None:
    # Through the property: PySide6 6.12's setCurrentTime() binding drops a reference to None on each
    # call (measured); the app guards None's count, but a recording makes thousands of these calls.
    animation.setProperty("currentTime", int(ms))


def cut_in_video(animation: QAbstractAnimation) -> bool:
    """The memory list's step animation: rows sliding past each other and fading in and out show
    two texts on top of each other mid-step, so a video shows each step's rows at once."""
    from memviz.gui.explore.memory_list import MemoryList

    return isinstance(animation.parent(), MemoryList)


# -- the caption under the graph-only video -------------------------------------------------------------


class CaptionStrip(QWidget):
    """Three lines under the graph: step N / total, this step's narration, what memory holds."""

    def __init__(self, model, language: Language, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("record_caption")
        self.model = model
        self.language = language
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for signal in (model.stepped, model.replayed, model.restarted):
            signal.connect(self._on_change)

    def _on_change(self, *_args) -> None:
        self.update()

    def _fonts(self):
        from memviz.gui.kit import style

        return style.ui_font(scale=1.45, bold=True), style.ui_font(scale=1.3)

    def sizeHint(self) -> QSize:
        bold, plain = self._fonts()
        height = QFontMetricsF(bold).height() + 2 * QFontMetricsF(plain).height()
        return QSize(400, int(height * 1.25) + 12)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def lines(self) -> list[str]:
        """The caption's three lines, as drawn (before eliding to the width)."""
        from memviz.presentation.narration import narrate_start, narrate_step

        model, lang, tr = self.model, self.language.code, self.language.tr
        site, config = model.site, model.config
        step = model.position
        head = tr(window_words.STEP_N, step=step, total=model.total)
        recorded = model.recorded
        if recorded is not None:  # a recording says so in every frame, as the window's banner does
            head = (
                f"{tr(trace_words.RECORDED_RUN_HEAD, agent=recorded.agent, source=recorded.source)} · {head}"
            )
        event = model.last_event
        if event is None:
            story = narrate_start(site, config, lang, recorded).text
        else:
            lines = narrate_step(event, site, config, lang, recorded)
            story = "　".join(line.text.strip() for line in lines)
        if not uses_memory(config.strategy):
            none = trace_words.WHAT_IF_NO_MEMORY if recorded else window_words.MEMORY_NONE_REMEMBERS_NO_PAGE
            memory = tr(none)
        else:
            held = model.exploration.memory_order()
            size = "∞" if config.capacity is None else str(config.capacity)
            names = " · ".join(site.page_name(p, lang) for p in held) or tr(window_words.EMPTY)
            used = len(held)
            memory = tr(
                trace_words.WHAT_IF_MEMORY_N if recorded else window_words.MEMORY_N, used=used, size=size
            )
            memory += names
        return [head, story, memory]

    def paintEvent(self, _event) -> None:
        from memviz.gui.kit import style

        c = style.colors()
        painter = QPainter(self)
        painter.fillRect(self.rect(), c.paper)
        painter.setPen(c.row_edge)
        painter.drawLine(0, 0, self.width(), 0)
        bold, plain = self._fonts()
        margin = 10.0
        width = self.width() - 2 * margin
        y = 6.0
        for index, text in enumerate(self.lines()):
            font = bold if index == 0 else plain
            metrics = QFontMetricsF(font)
            painter.setFont(font)
            painter.setPen(c.ink if index < 2 else c.muted)
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
            box = QRectF(margin, y, width, metrics.height())
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
            y += metrics.height() * 1.2
        painter.end()


# -- the stage: a window (or the graph alone) that the frames are painted from ---------------------


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
        compare: Sequence[str] | None = None,
    ) -> None:
        from memviz.gui.main_window import MainWindow  # after the app exists: views read its font

        self.settings = settings
        self.language = language
        self.size = size
        self.drawn_size = drawn_size or size
        self.caption: CaptionStrip | None = None
        if view == "graph":
            from memviz.gui.explore.graph_view import SiteGraphView

            self.model = ExploreModel(settings)
            widget = QWidget()
            widget.setObjectName("record_graph_stage")
            layout = QVBoxLayout(widget)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(0)
            self.graph = SiteGraphView(self.model, language)
            self.caption = CaptionStrip(self.model, language)
            layout.addWidget(self.graph, 1)
            layout.addWidget(self.caption)
            self.widget: QWidget = widget
        else:
            window = MainWindow(settings, language)
            window.setMinimumSize(0, 0)
            self.graph = window.explore.graph
            self.widget = window
            base, _, detail = view.partition("/")
            window.select_view(base)
            shown = window.current_view()
            shown = getattr(shown, "view", shown)  # a tab is built on its first show
            if base == "compare":  # the lanes race on one timeline; the seeds' side is computed first
                shown.prepare_snapshot(0, list(compare) if compare else None)
                self.model = shown.model
            elif base == "scenarios":  # the scenario's frames, from frame 0
                shown.show_for_snapshot(detail, 0)
                self.model = shown.model
            else:
                self.model = window.explore.model
        self.model.set_animated(True)
        self.widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        self.widget.setMinimumSize(0, 0)
        self.widget.resize(*self.drawn_size)
        self.widget.show()
        QCoreApplication.sendPostedEvents(None, 0)

    def set_step_seconds(self, seconds: float) -> None:
        """Pick the autoplay speed nearest one step per ``seconds``: views size animations from it."""
        wanted = 1.0 / seconds
        self.model.set_speed_index(min(range(len(SPEEDS)), key=lambda i: (abs(SPEEDS[i] - wanted), i)))

    def render(self) -> np.ndarray:
        """The widget now, as a (height, width, 4) BGRA array of exactly the stage's size."""
        QCoreApplication.sendPostedEvents(None, 0)  # layouts and geometry, never timers
        self.graph.finish_layout()  # a big site's graph lays out on a timer, which never runs here
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
        QCoreApplication.sendPostedEvents(None, 0)


def frames(stage: Stage, plan: RecordPlan) -> Iterator[np.ndarray]:
    """Every frame of the video, in order: a still opening, the steps, a still ending."""
    clock = AnimationClock(stage.widget, cut=cut_in_video)
    per_step = plan.frames_per_step
    last: np.ndarray | None = None
    frame = 0
    for segment in range(plan.steps + 2):
        stepped = 1 <= segment <= plan.steps
        if stepped:
            position = stage.model.position
            stage.model.step()
            if stage.model.position != position + 1:
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


def _key_frames(settings: RunSettings, language: Language, plan: RecordPlan) -> list[np.ndarray]:
    """The run's start, middle and end, drawn on a stage of their own (the GIF's palette source)."""
    stage = Stage(settings, language, plan.size, plan.view, plan.drawn_size, plan.compare)
    try:
        stage.model.set_animated(False)
        images = []
        for position in sorted({0, plan.steps // 2, plan.steps}):
            stage.model.jump(position)
            images.append(stage.render())
        return images
    finally:
        stage.close()


# -- the public entry point ---------------------------------------------------------------------------


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
    theme: str = "light",
    force: bool = False,
    started: Callable[[Path], None] | None = None,
    compare: Sequence[str] | None = None,
    recorded: RecordedRun | None = None,
) -> Path:
    """Render a run to ``out`` (.mp4 or .gif), ``step_seconds`` per model call; returns ``out``.

    ``steps`` None records the whole run; more steps than the run has stop at its end. ``fps`` None
    is 30 for an MP4 and 10 for a GIF. ``theme`` is light, dark or projector; a running app gets its
    own theme back afterwards. ``progress(done, total)`` is called after each frame;
    ``cancelled()`` returning True stops at the next frame with :class:`Cancelled` and leaves no file.
    ``frame_hashes``, if given, receives a SHA-256 of each raw frame (for determinism checks).
    ``started(path)`` is told the temporary file's name before the first frame. ``recorded``: a
    recorded run to replay (``config`` its what-if memory), labelled as one in every frame.

    The video is written to a temporary file of its own beside ``out`` and renamed over it at the
    end; an existing ``out`` is replaced only with ``force`` (FileExistsError otherwise, before any
    frame is drawn). Raises ValueError for bad settings, OSError (naming the file) when it cannot
    be written.
    """
    plan = plan_recording(out, config, site, steps, size, fps, lang, view, step_seconds, compare, recorded)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from memviz.gui.app import create_app
    from memviz.gui.kit import themes

    if theme not in themes.THEMES:
        raise ValueError(f"theme: expected one of {', '.join(themes.THEMES)}, got {theme!r}")
    app = create_app(height=plan.drawn_size[1])
    settings = RunSettings(site=site, config=config)
    if recorded is not None:  # Explore replays it under its banner (the window's, or the caption's)
        settings.set_recorded(recorded)
    language = Language(lang)
    previous_theme = themes.current().name
    stage: Stage | None = None
    try:
        with atomic_output(plan.out, force) as partial:
            if started is not None:
                started(partial)
            themes.manager().apply(theme)  # before the stage: views start in it

            def key_frames() -> list[np.ndarray]:
                return _key_frames(settings, language, plan)

            writer = open_writer(partial, plan, key_frames)
            try:
                stage = Stage(settings, language, plan.size, view, plan.drawn_size, plan.compare)
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
            except BaseException:  # Ctrl+C too: the file is closed before it is removed
                writer.close(flush=False)
                raise
            writer.close()
    finally:
        from memviz.gui.kit import worker

        worker.stop_all()  # a view's job (the Compare view's regret panel) ends before its stage
        if stage is not None:
            stage.close()
        language.deleteLater()
        QCoreApplication.sendPostedEvents(None, 0)
        app.processEvents()
        if themes.current().name != previous_theme:
            themes.manager().apply(previous_theme)
    return plan.out
