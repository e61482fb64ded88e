"""Issue 27's speed goal: the reality-gap sweep over a misuse chance P, 200 seeds × 11 values, under 2 s.

    python benchmarks/bench_reality_gap.py [--repeats N]

Through the batch runner (the scalar engine: no batch kernel misuses memory), frontier with
unlimited memory on the chapter's blog, P = 0, 0.1, ..., 1, plus the two lines the curve lies
between (memory used right, no memory): 13 × 200 runs. Also the K sweep (``--read top:K``, 11
values of K from 1 to 24), which has no goal in the issue: retrieval scores every entry each step.
Each figure is the median of ``--repeats`` rounds, each with a fresh runner (no cached runs).
The machine is shared: compare figures from the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memviz.core.engine import RunConfig  # noqa: E402
from memviz.core.experiments import Runner  # noqa: E402
from memviz.core.reality_gap import misuse_sweep, read_sweep  # noqa: E402
from memviz.core.site import load_site  # noqa: E402

GOAL_S = 2.0


def _median(repeats: int, make) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = make()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    site = load_site(None)
    config = RunConfig(strategy="frontier")
    for kind in ("ignore", "skip_write"):
        seconds, sweep = _median(
            args.repeats, lambda kind=kind: misuse_sweep(site, config, kind, runner=Runner())
        )
        curve = " ".join(f"{100 * sweep.ci(v).mean:.1f}" for v in sweep.values)
        verdict = "ok" if seconds < GOAL_S else "OVER"
        print(
            f"misuse sweep {kind:10s} 200 seeds × 11 P: {seconds:.2f} s (goal < {GOAL_S} s: {verdict}); coverage % {curve}"
        )
    seconds, sweep = _median(args.repeats, lambda: read_sweep(site, config, runner=Runner()))
    curve = " ".join(f"K={v}:{100 * sweep.ci(v).mean:.1f}" for v in sweep.values)
    print(f"read sweep top:K 200 seeds × {len(sweep.values)} K: {seconds:.2f} s; coverage % {curve}")


if __name__ == "__main__":
    main()
