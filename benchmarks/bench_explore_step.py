"""How long the Explore window takes to redraw one step (offscreen, 1920x1080).

Autoplay at full speed must stay smooth: a step's redraw has to fit well inside one 60 Hz frame
(16.7 ms). For each of the 30 steps of a run this measures

- update: the model's step and every view's handler (numbers, memory, graph, narration, plot);
- update + paint: that, plus Qt painting what changed (the event loop's repaint of dirty regions);
- full repaint: the step plus painting the whole 1920x1080 window, a worst case;
- animation frame: one frame of the walk animation (marker moved, its region repainted).

and prints the median and the worst step for each strategy. Run: ``python benchmarks/bench_explore_step.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from memviz.core.engine import RunConfig
from memviz.gui.app import create_app
from memviz.gui.explore import SPEEDS

CONFIGS = {
    "no memory": RunConfig(),
    "visited set": RunConfig(strategy="visited"),
    "link lists, capacity 3, FIFO": RunConfig(strategy="frontier", capacity=3, policy="fifo"),
}
FRAME_MS = 1000 / 60


def measure(config: RunConfig, app, size=(1920, 1080)) -> dict[str, list[float]]:
    from memviz.gui.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.gui.models import RunSettings

    window = MainWindow(RunSettings(config=config), Language("zh"))
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*size)
    window.show()
    app.processEvents()
    model = window.explore.model
    model.set_speed_index(len(SPEEDS) - 1)
    graph = window.explore.graph
    times: dict[str, list[float]] = {
        "update": [],
        "update + paint": [],
        "full repaint": [],
        "animation frame": [],
    }
    for _ in range(model.total):
        model.set_animated(False)
        start = time.perf_counter()
        model.step()
        updated = time.perf_counter()
        app.processEvents()  # the event loop repaints what the step changed
        painted = time.perf_counter()
        times["update"].append((updated - start) * 1000)
        times["update + paint"].append((painted - start) * 1000)
        model.back()
        start = time.perf_counter()
        model.step()
        window.repaint()  # synchronous: the whole window
        times["full repaint"].append((time.perf_counter() - start) * 1000)
        # One frame of the walk: the marker halfway along the link, and Qt's repaint of it.
        model.set_animated(True)
        model.back()
        model.step()
        app.processEvents()
        start = time.perf_counter()
        graph._on_walk_progress(0.5)  # what the animation does on each of its frames
        app.processEvents()
        times["animation frame"].append((time.perf_counter() - start) * 1000)
        graph._walk.stop()
    window.close()
    window.deleteLater()
    app.processEvents()
    return times


def main() -> int:
    app = create_app(height=1080)
    print(f"Explore redraw per step, 1920x1080 offscreen, Python {sys.version.split()[0]}")
    print(f"{'config':32} {'measure':18} {'median ms':>10} {'max ms':>8}")
    medians = []
    for name, config in CONFIGS.items():
        measure(config, app)  # warm-up: fonts, glyph caches
        for kind, values in measure(config, app).items():
            median = statistics.median(values)
            medians.append((kind, median))
            print(f"{name:32} {kind:18} {median:10.2f} {max(values):8.2f}")
    worst = max(m for kind, m in medians if kind == "update + paint")
    print(
        f"\nworst median step redraw (update + paint): {worst:.2f} ms = {worst / FRAME_MS:.0%} of a 60 Hz frame"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
