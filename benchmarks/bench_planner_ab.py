"""Issue 41: 200 frontier runs against the plain loop, and against an earlier memviz, in one run.

    python benchmarks/bench_planner_ab.py [--sizes 2000,5000,10000] [--repeats 3] [--capacity N]
                                          [--before DIR]

Each measurement is a fresh interpreter, timed by its CPU time (``time.process_time``): the
machine is shared, so CPU time, interleaved A B C / C B A and medians, is the figure. For each size
a random site (``memviz site generate --shape random``, seed 1), seeds 1000–1199, budget 1.25 ×
pages, unlimited memory unless ``--capacity``: :mod:`plain_reading`'s loop, this checkout's
``run_batch``, and with ``--before DIR`` the ``run_batch`` of another memviz (e.g. ``git archive
COMMIT memviz benchmarks | tar -x -C DIR``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ONE = """
import sys, time
sys.path[:0] = [{root!r}, {root!r} + "/benchmarks"]
from memviz.core.engine import RunConfig
from memviz.core.lockstep import run_batch
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
from plain_reading import clickable, plain_run
doc = generate_site("random", {pages}, seed=1)
site, links, budget, seeds = Site.from_dict(doc), clickable(doc), {pages} * 5 // 4, range(1000, 1200)
configs = [RunConfig(strategy="frontier", seed=s, capacity={capacity}, budget=budget) for s in seeds]
started = time.process_time()
if {plain}:
    [plain_run(doc, links, "frontier", s, {capacity}, "fifo", budget) for s in seeds]
else:
    run_batch(site, configs)
print(time.process_time() - started)
"""


def cpu(root: str, pages: int, capacity: int | None, plain: bool) -> float:
    code = ONE.format(root=root, pages=pages, capacity=capacity, plain=plain)
    # run from / with no PYTHONPATH: the checkout is the one named, not the current directory's
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd="/", env=env, capture_output=True, text=True, check=True
    )
    return float(out.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="2000,5000,10000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--capacity", type=int, default=None)
    parser.add_argument("--before", default=None, help="another memviz checkout to time beside this one")
    args = parser.parse_args(argv)
    kinds = [("plain loop", str(ROOT), True), ("memviz", str(ROOT), False)]
    if args.before:
        kinds.append(("memviz before", args.before, False))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()}", flush=True)
    print(f"\n| pages | {' | '.join(name for name, _, _ in kinds)} | memviz ÷ plain | before ÷ plain |")
    print("|---:|" + "---:|" * (len(kinds) + 2))
    for pages in [int(x) for x in args.sizes.split(",")]:
        times: dict[str, list[float]] = {name: [] for name, _, _ in kinds}
        for i in range(args.repeats):
            for name, root, plain in kinds if i % 2 == 0 else kinds[::-1]:
                times[name].append(cpu(root, pages, args.capacity, plain))
        m = {name: statistics.median(t) for name, t in times.items()}
        before = f"{m['memviz before'] / m['plain loop']:.3f}×" if args.before else "–"
        cells = " | ".join(f"{m[name]:.2f} s" for name, _, _ in kinds)
        print(f"| {pages:,} | {cells} | **{m['memviz'] / m['plain loop']:.3f}×** | {before} |", flush=True)
    print(f"\nload average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
