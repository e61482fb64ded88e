"""How long the Explore window takes to draw a step (1920x1080; offscreen unless QT_QPA_PLATFORM says).

Autoplay at full speed must stay smooth: a step's redraw has to fit well inside one 60 Hz frame
(16.7 ms). For each strategy this measures

- step redraw: one step with animations off: the model's step, every view's handler, and Qt
  painting what changed (the event loop's repaint of dirty regions), for every step of the run;
- autoplay turn: the window playing whole runs at full speed (30 steps a second) with animations
  on, driven by its own timers: the time of each event-loop turn that drew something, i.e. a step
  landing or a frame of its animation (the walking marker, the memory list's slide and fades);
- autoplay run: how long those runs took against their timetable (30 steps at 30 a second:
  1 s); 1.00 means the timer kept pace, so no step was late;
- full repaint: painting every widget of the window at once (``grab``), a worst case (a resize, a
  theme change).

Each is given as the median, the 90th percentile and the longest, in wall time and in CPU time. On a shared
machine other processes stretch wall time; CPU time is this process's own work (Qt paints large
areas on helper threads, which CPU time also counts). Run:

    python benchmarks/bench_explore_step.py [--repeats N]
    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1920x1080x24" python benchmarks/bench_explore_step.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from memviz.core.engine import RunConfig
from memviz.gui.app import create_app, settle_garbage_collector
from memviz.gui.explore import SPEEDS

CONFIGS = {
    "no memory": RunConfig(),
    "visited set": RunConfig(strategy="visited"),
    "link table, capacity 3, FIFO": RunConfig(strategy="frontier", capacity=3, policy="fifo"),
}
FRAME_MS = 1000 / 60
SIZE = (1920, 1080)


class Samples:
    """Wall and CPU times of one kind of work, in milliseconds."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def timed(self, work) -> float:
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        self.cpu.append((time.process_time() - cpu) * 1000)
        elapsed = (time.perf_counter() - wall) * 1000
        self.wall.append(elapsed)
        return elapsed

    def drop_last(self) -> None:
        self.wall.pop()
        self.cpu.pop()

    def summary(self) -> tuple[float, float, float, float, float]:
        return (*_median_p90(self.wall), *_median_p90(self.cpu), max(self.wall))


def _median_p90(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def open_window(config: RunConfig, app):
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    window = MainWindow(RunSettings(config=config), Language("zh"))
    if QGuiApplication.platformName() == "offscreen":
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    settle_garbage_collector()  # as the app does once its window is up
    return window


def measure(config: RunConfig, app, repeats: int, run_times: list[float]) -> dict[str, Samples]:
    window = open_window(config, app)
    model = window.explore.model
    model.set_speed_index(len(SPEEDS) - 1)
    samples = {"step redraw": Samples(), "autoplay turn": Samples(), "full repaint": Samples()}

    model.set_animated(False)
    for _ in range(repeats):
        model.reset()
        app.processEvents()
        for _ in range(model.total):
            samples["step redraw"].timed(lambda: (model.step(), app.processEvents()))
    for _ in range(repeats):
        # grab() paints every widget of the window into a picture; repaint() would skip the panels
        # that paint opaque (Qt then counts on what the screen already shows).
        samples["full repaint"].timed(window.grab)

    model.set_animated(True)
    turns = samples["autoplay turn"]
    for _ in range(repeats):
        model.reset()
        app.processEvents()
        started = time.perf_counter()
        model.play()
        while model.playing or window.explore.graph.walking:
            if turns.timed(app.processEvents) < 0.3:
                turns.drop_last()  # a turn with nothing to draw: the loop waiting for the next frame
        # The whole run against its timetable: the timer keeps pace only if every step fits.
        run_times.append((time.perf_counter() - started) / (model.total / SPEEDS[-1]))
    window.close()
    window.deleteLater()
    app.processEvents()
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=4, help="runs of 30 steps per measure (default 4)")
    args = parser.parse_args()
    app = create_app(height=SIZE[1])
    print(
        f"Explore redraw, {SIZE[0]}x{SIZE[1]}, Qt platform {QGuiApplication.platformName()}, Python {sys.version.split()[0]}, {args.repeats} runs each"
    )
    print(
        f"{'config':30} {'measure':14} {'wall median':>12} {'p90':>7} {'max':>7} {'CPU median':>11} {'p90':>7}  (ms)"
    )
    worst = 0.0
    for name, config in CONFIGS.items():
        measure(config, app, 1, [])  # warm-up: fonts, glyph caches, pixmap caches
        run_times: list[float] = []
        for kind, values in measure(config, app, args.repeats, run_times).items():
            wall, wall90, cpu, cpu90, longest = values.summary()
            print(f"{name:30} {kind:14} {wall:12.2f} {wall90:7.2f} {longest:7.2f} {cpu:11.2f} {cpu90:7.2f}")
            if kind == "step redraw":
                worst = max(worst, wall)
        print(
            f"{name:30} {'autoplay run':14} {statistics.median(run_times):12.2f} × its timetable"
            f" ({SPEEDS[-1]:g} steps a second, animated; 1.00 = on time)"
        )
    print(f"\nworst median step redraw: {worst:.2f} ms = {worst / FRAME_MS:.0%} of a 60 Hz frame")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
