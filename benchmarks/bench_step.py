"""Time one step of the engine, and one batch of 200 runs per strategy, on the chapter's site.

    python benchmarks/bench_step.py [--repeats N]

- *one step*: :meth:`Exploration.step` (what the window calls per frame, event included), averaged
  over whole 30-step runs of seeds 1000.., per strategy.
- *a batch of 200 runs* (seeds 1000..1199, budget 30, unlimited memory) per strategy: the scalar
  engine run after run, and the lock-step engine (:func:`memviz.core.lockstep.run_batch`) that the
  Runner uses; their results are checked equal.
Times are the fastest of ``--repeats`` (the least disturbed by other work on the machine).
"""

from __future__ import annotations

import argparse
import time

from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.lockstep import run_batch
from memviz.core.site import load_site
from memviz.core.strategies import STRATEGIES

BATCH_RUNS = 200
SEED0 = 1000


def fastest(function, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def step_seconds(site, strategy: str, runs: int) -> float:
    """Seconds per step over ``runs`` whole runs, counting only the calls to ``step``."""
    steps = 0
    seconds = 0.0
    for seed in range(SEED0, SEED0 + runs):
        exploration = Exploration(site, RunConfig(strategy=strategy, seed=seed))
        step = exploration.step
        start = time.perf_counter()
        while not exploration.finished:
            step()
            steps += 1
        seconds += time.perf_counter() - start
    return seconds / steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", "-n", type=int, default=5)
    args = parser.parse_args(argv)
    site = load_site()

    print("one step, Exploration.step() (microseconds)")
    for strategy in STRATEGIES:
        step_seconds(site, strategy, 5)  # warm up
        best = min(step_seconds(site, strategy, 50) for _ in range(args.repeats))
        print(f"  {strategy:<8}  {best * 1e6:7.1f}")

    print(f"a batch of {BATCH_RUNS} runs, budget 30 (milliseconds)")
    print(f"  {'':<8}  {'scalar':>7}  {'lock-step':>9}  {'speed-up':>8}")
    for strategy in STRATEGIES:
        configs = [RunConfig(strategy=strategy, seed=s) for s in range(SEED0, SEED0 + BATCH_RUNS)]
        if run_batch(site, configs) != [run(site, c) for c in configs]:
            print(f"  {strategy}: lock-step results DIFFER from the scalar engine")
            return 1
        scalar = fastest(lambda configs=configs: [run(site, c) for c in configs], args.repeats)
        batch = fastest(lambda configs=configs: run_batch(site, configs), args.repeats)
        print(f"  {strategy:<8}  {scalar * 1e3:7.1f}  {batch * 1e3:9.1f}  {scalar / batch:7.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
