"""Time ``memviz scenario NAME --json`` for every scenario, as whole commands (seeds 1000–1199).

    python benchmarks/bench_scenarios.py [--repeats N] [--limit SECONDS]

Each command is started with this interpreter (``python -m memviz``), so start-up (the interpreter,
numpy) counts, as it does for a user. Prints each scenario's median and fastest wall time; exit
status 1 if a median is over ``--limit`` (issue 13: every scenario over 200 seeds under 1 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("ttl", "ablation", "resume", "version", "poison", "dedup")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--limit", type=float, default=1.0)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    worst = 0.0
    for name in SCENARIOS:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "memviz", "scenario", name, "--json"], check=True,
                           stdout=subprocess.DEVNULL, env=env, cwd=ROOT)  # fmt: skip
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        worst = max(worst, median)
        print(f"{name:9} median {median:.2f} s, fastest {min(times):.2f} s")
    return 1 if worst > args.limit else 0


if __name__ == "__main__":
    raise SystemExit(main())
