"""Issue 12's speed goals, each beside the plain reading of the same rule where there is one.

    python benchmarks/bench_compare.py [--repeats N] [--no-gui] [--no-plain]

- ``memviz regret`` for 3 configs × 200 seeds as a whole command (goal < 0.5 s), wall and CPU time
  (user + system), with ``memviz --version`` beside it: the interpreter and imports alone;
- an ``opt`` batch of 200 seeds at capacity 12 (goal < 1 s) and a capacity sweep with ``opt``
  (7 capacities × 200 seeds, goal < 5 s), through the batch runner, against the plain reading
  ``tests/core/oracle_memory.py`` doing the same runs (its figures must agree);
- the Compare view at 1920×1080 with 3 lanes: one step's redraw (the model's step, every lane's
  handler and Qt painting what changed), goal: median within a 60 Hz frame (16.7 ms).

Medians of ``--repeats`` rounds (default 5). The machine is shared: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    import resource
except ImportError:
    resource = None

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REGRET = ["regret", "frontier/12/fifo", "frontier/12/lru", "frontier/12/random", "--json"]
SWEEP_CAPACITIES = (4, 6, 8, 10, 12, 16, 20)
SEEDS = range(1000, 1200)
FRAME_MS = 1000 / 60


def children_cpu() -> float:
    if resource is None:
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command(argv: list[str]) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cpu, wall = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "memviz", *argv], env=env, check=True, capture_output=True)
    return time.perf_counter() - wall, children_cpu() - cpu


def timed(work) -> tuple[float, object]:
    start = time.perf_counter()
    out = work()
    return time.perf_counter() - start, out


def median_line(name: str, values: list[float], goal: float | None = None, unit: str = "s") -> str:
    med = statistics.median(values)
    scale = 1000 if unit == "ms" else 1
    text = f"{name:<58} median {med * scale:8.3f} {unit}  fastest {min(values) * scale:8.3f} {unit}"
    if goal is not None:
        text += f"  goal < {goal:.3g} {unit}: {'yes' if med * scale < goal else 'NO'}"
    return text


def bench_regret(repeats: int) -> None:
    command(REGRET)  # warm the file cache
    walls, cpus, start_walls, start_cpus = [], [], [], []
    for _ in range(repeats):
        wall, cpu = command(REGRET)
        walls.append(wall)
        cpus.append(cpu)
        wall, cpu = command(["--version"])
        start_walls.append(wall)
        start_cpus.append(cpu)
    print(median_line("memviz regret, 3 configs x 200 seeds, whole command (wall)", walls, 0.5))
    print(median_line("   ...CPU time (user + system)", cpus, 0.5))
    print(median_line("memviz --version: start-up alone (wall)", start_walls))
    print(median_line("   ...CPU time", start_cpus))


def bench_opt(repeats: int, plain: bool) -> None:
    from memviz.core.engine import RunConfig
    from memviz.core.experiments import Runner, capacity_sweep
    from memviz.core.site import load_site
    from memviz.paths import default_site_path

    site = load_site()
    configs = [RunConfig(strategy="frontier", capacity=12, policy="opt", seed=s) for s in SEEDS]
    batch, sweep = [], []
    for _ in range(repeats):
        seconds, results = timed(lambda: Runner().run_all(site, configs))
        batch.append(seconds)
        seconds, swept = timed(
            lambda: capacity_sweep(
                site, RunConfig(strategy="frontier"), SWEEP_CAPACITIES, ("opt",), runner=Runner()
            )
        )
        sweep.append(seconds)
    coverage = sum(r.coverage for r in results) / len(results)
    print(median_line(f"opt batch, 200 seeds, capacity 12 (coverage {100 * coverage:.1f}%)", batch, 1))
    print(median_line("opt sweep, 7 capacities x 200 seeds", sweep, 5))
    if not plain:
        return
    from tests.core.oracle_memory import memory_run

    doc = json.loads(default_site_path().read_text(encoding="utf-8"))
    plain_batch = []
    for _ in range(max(1, repeats // 2)):
        seconds, runs = timed(lambda: [memory_run(doc, "frontier", s, 12, "opt") for s in SEEDS])
        plain_batch.append(seconds)
    assert [r["path"] for r in runs] == [r.path for r in results], "the plain reading walks other paths"
    print(median_line("   plain reading (tests/core/oracle_memory.py), same batch", plain_batch))
    seconds, _ = timed(
        lambda: [memory_run(doc, "frontier", s, c, "opt") for c in SWEEP_CAPACITIES for s in SEEDS]
    )
    print(median_line("   plain reading, same sweep (once)", [seconds]))
    print(f"   sweep coverage %: { {c: round(100 * swept.ci(c, 'opt').mean, 1) for c in SWEEP_CAPACITIES} }")


def step_redraw_samples(
    lanes: list[str], size: tuple[int, int], repeats: int
) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each step of the Compare tab of a shown main window (animations
    off): the model's step, every lane's handler and Qt painting what changed."""
    from PySide6.QtCore import Qt

    from memviz.core.compare import LaneConfig
    from memviz.core.engine import RunConfig
    from memviz.gui.app import create_app, settle_garbage_collector
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    app = create_app(height=size[1])
    window = MainWindow(RunSettings(config=RunConfig(seed=1000)), Language("zh"))
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*size)
    window.show()
    view = window.select_view("compare")
    view.model.set_configs([LaneConfig.parse(text) for text in lanes])
    app.processEvents()
    settle_garbage_collector()
    walls, cpus = [], []
    for _ in range(repeats):
        view.model.reset()
        app.processEvents()
        while not view.model.finished:
            wall, cpu = time.perf_counter(), time.process_time()
            view.model.step()
            app.processEvents()
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
    window.close()
    return walls, cpus


def bench_gui(repeats: int) -> None:
    walls, cpus = step_redraw_samples(
        ["frontier/12/fifo", "frontier/12/random", "frontier/12/opt"], (1920, 1080), repeats
    )
    print(median_line("Compare view, 3 lanes, 1920x1080: one step's redraw (wall)", walls, FRAME_MS, "ms"))
    print(median_line("   ...CPU time", cpus, FRAME_MS, "ms"))
    ordered = sorted(walls)
    print(
        f"   90th percentile {1000 * ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, longest {1000 * ordered[-1]:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-gui", action="store_true")
    parser.add_argument("--no-plain", action="store_true", help="skip the plain reading's (slow) timings")
    args = parser.parse_args()
    bench_regret(args.repeats)
    bench_opt(args.repeats, not args.no_plain)
    if not args.no_gui:
        bench_gui(args.repeats)


if __name__ == "__main__":
    main()
