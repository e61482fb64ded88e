"""Issue 26's speed goal: the built-in task set's eval of random vs frontier, 32 tasks × 5 runs, < 2 s.

    python benchmarks/bench_eval.py [--repeats N]

- the evaluation in-process (320 runs, the statistics, a 10,000-resample bootstrap), CPU time;
- the same 320 runs alone through the engine, for the share the bookkeeping takes;
- ``memviz eval random frontier --json`` as a whole command (interpreter and imports included), wall.
- K = 200 (the chapter's batch size on every task: 12,800 runs), in-process.

Medians of ``--repeats`` rounds (default 5). The machine is shared: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memviz.core.engine import RunConfig, run  # noqa: E402
from memviz.core.evaluation import builtin_tasks, evaluate  # noqa: E402

CONFIGS = {"a": RunConfig(), "b": RunConfig(strategy="frontier")}


def cpu(fn) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def wall(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    tasks = builtin_tasks()
    sites = {v: tasks.site.at_version(v) for v in ("v1", "v2")}
    plain = [(sites[t.version], c.with_(seed=1000 + i * 5 + r, start=t.start))
             for i, t in enumerate(tasks.tasks) for c in CONFIGS.values() for r in range(5)]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(REPO))
    command = [sys.executable, "-m", "memviz", "eval", "random", "frontier", "--json"]
    rows = {
        "eval 32 × 5, in-process (CPU)": lambda: cpu(lambda: evaluate(tasks, CONFIGS, 5).paired("coverage")),
        "the 320 runs alone (CPU)": lambda: cpu(lambda: [run(s, c) for s, c in plain]),
        "memviz eval random frontier --json (wall)": lambda: wall(
            lambda: subprocess.run(command, env=env, check=True, capture_output=True)
        ),
        "eval 32 × 200, in-process (CPU)": lambda: cpu(
            lambda: evaluate(tasks, CONFIGS, 200).paired("coverage")
        ),
    }
    for name, measure in rows.items():
        times = [measure() for _ in range(args.repeats)]
        print(f"{name:45s} median {statistics.median(times) * 1000:8.1f} ms  (min {min(times) * 1000:.1f})")


if __name__ == "__main__":
    main()
