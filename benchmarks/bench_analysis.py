"""Time the batch view from its action to the plots drawn, for 200 and for 2000 seeds.

    python benchmarks/bench_analysis.py [--repeats N] [--runs 200 2000] [--all]

Offscreen, the way a user meets it: the Batch view (the chapter's "已访问集合 + 链接表" settings) is
shown at 1600×900, its "批量跑 N 次" button is clicked, and the clock stops when the result has been
drawn and both plots have painted. Each repetition starts from a fresh Runner (no cached runs); one
warm-up round is left out. Prints, per seed count, the median and fastest total, and the median of
its parts: computing (the core, in the worker thread) and drawing (the GUI thread). ``--all`` also
times the Sweep view (capacity 1–24 × 3 policies) and the Cost view at 200 seeds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.gui.analysis import BatchView, CostView, SweepView
from memviz.gui.kit.fonts import apply_app_font
from memviz.gui.kit.language import Language
from memviz.gui.kit.worker import job_pool
from memviz.models.settings import RunSettings


def time_once(app: QApplication, view, runs: int) -> tuple[float, float, float]:
    """(total, compute, draw) seconds from the click to the painted plots."""
    view.runs_spin.setValue(runs)
    accepted: list[float] = []
    accept = type(view)._accept

    def timed_accept(*args) -> None:
        accepted.append(time.perf_counter())
        accept(view, *args)
        for _stem, _zh, _en, plot in view.plots():
            plot.viewport().repaint()  # paint now, synchronously: the drawing is part of the time
        accepted.append(time.perf_counter())

    view._accept = timed_accept
    view.model.clear()
    start = time.perf_counter()
    view.run_button.click()
    job = view.job
    while len(accepted) < 2:
        app.processEvents()
        time.sleep(0.0005)
    del view._accept
    total = accepted[1] - start
    return total, job.seconds, accepted[1] - accepted[0]


def bench(app: QApplication, view, runs: int, repeats: int) -> dict:
    time_once(app, view, runs)  # warm-up: first paints, glyph caches, numpy's first calls
    samples = [time_once(app, view, runs) for _ in range(repeats)]
    totals = [s[0] for s in samples]
    return {
        "runs": runs,
        "median": statistics.median(totals),
        "fastest": min(totals),
        "compute": statistics.median(s[1] for s in samples),
        "draw": statistics.median(s[2] for s in samples),
    }


def show(name: str, row: dict) -> None:
    print(
        f"{name:<7} {row['runs']:>6} seeds: median {row['median']:.3f} s (fastest {row['fastest']:.3f} s); "
        f"compute {row['compute']:.3f} s, draw {row['draw']:.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--runs", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--all", action="store_true", help="also time the sweep and cost views")
    args = parser.parse_args()

    app = QApplication.instance() or QApplication([])
    apply_app_font(app)
    settings = RunSettings(config=RunConfig(strategy="frontier"))
    language = Language("zh")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {args.repeats} repeats (+1 warm-up)")
    views = [("batch", BatchView, args.runs)]
    if args.all:
        views += [("sweep", SweepView, [200]), ("cost", CostView, [200])]
    for name, cls, counts in views:
        view = cls(settings, language, auto_run=False)
        view.resize(1600, 900)
        view.show()
        app.processEvents()
        for runs in counts:
            show(name, bench(app, view, runs, args.repeats))
        view.close()
    job_pool().waitForDone()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
