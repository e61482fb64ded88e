"""Issue 14's Explore column, remeasured: a step's redraw and the first paint on big sites.

    python benchmarks/bench_big_explore.py [--sizes 500,2000,10000] [--steps 60]
    QT_QPA_PLATFORM=xcb xvfb-run -s "-screen 0 1920x1080x24" python benchmarks/bench_big_explore.py

For each size, a site made by ``memviz site generate --shape random --pages N`` (seed 1), the
link table at capacity 12, FIFO, budget 1.25 × pages, the window at 1920x1080:

- *first paint*: from making the main window on that site to its graph laid out and the window
  painted;
- *step redraw*: one step with animations off (the model's step, every view's handler and Qt
  painting what changed), for the first ``--steps`` steps after a warm-up run of the same steps;
  median, 90th percentile and longest, wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # this checkout's memviz, not an installed one
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from memviz.core.engine import RunConfig  # noqa: E402
from memviz.core.site import Site  # noqa: E402
from memviz.core.sitegen import generate_site  # noqa: E402
from memviz.gui.app import create_app, settle_garbage_collector  # noqa: E402

SIZE = (1920, 1080)


def measure(pages: int, steps: int, app, clock=time.perf_counter) -> tuple[float, list[float]]:
    """(first paint in s, each timed step's redraw in ms): ``clock`` times the steps (wall time by
    default; ``time.thread_time`` gives the GUI thread's CPU, as bench_speed.py asks)."""
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    site = Site.from_dict(generate_site("random", pages, seed=1))
    config = RunConfig(strategy="frontier", capacity=12, policy="fifo", budget=round(1.25 * pages))
    started = time.perf_counter()
    window = MainWindow(RunSettings(site=site, config=config), Language("zh"))
    if QGuiApplication.platformName() == "offscreen":
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    while window.explore.graph.layout_pending:  # a big site is laid out once the sizes settle
        app.processEvents()
    window.repaint()  # painted, not just asked to be
    first_paint = time.perf_counter() - started
    settle_garbage_collector()
    model = window.explore.model
    model.set_animated(False)
    redraws: list[float] = []
    for timed in (False, True):  # the first pass warms fonts and the card pictures
        model.reset()
        app.processEvents()
        for _ in range(min(steps, model.total)):
            started = clock()
            model.step()
            app.processEvents()
            if timed:
                redraws.append((clock() - started) * 1000)
    window.close()
    window.deleteLater()
    app.processEvents()
    return first_paint, redraws


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="500,2000,10000")
    parser.add_argument("--steps", type=int, default=60)
    args = parser.parse_args()
    app = create_app(height=SIZE[1])
    print(f"Explore on big sites, {SIZE[0]}x{SIZE[1]}, Qt platform {QGuiApplication.platformName()}")
    print(f"{'pages':>7} {'first paint':>12} {'step median':>12} {'p90':>7} {'max':>7}  (s; ms)")
    for pages in (int(n) for n in args.sizes.split(",")):
        first_paint, redraws = measure(pages, args.steps, app)
        ordered = sorted(redraws)
        p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
        print(
            f"{pages:7} {first_paint:12.2f} {statistics.median(ordered):12.1f} {p90:7.1f} {max(ordered):7.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
