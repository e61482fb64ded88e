"""Issue 14's table, remeasured: big sites and many seeds.

    python benchmarks/bench_big.py [--repeats N] [--sizes 24,500,2000,10000] [--seeds 1000000]

For each size, a site made by ``memviz site generate --shape random --pages N`` (seed 1: 4 nav
pages, 2–6 links a page, 6 bugs, every page reachable), budget 1.25 × pages:

- *layout*: :func:`memviz.core.layout.site_layout`, median of ``--repeats``;
- *200 frontier runs*: seeds 1000..1199, unlimited memory, through
  :func:`memviz.core.lockstep.run_batch` (the router picks the engine), median of ``--repeats``
  (at 10,000 pages, of ``max(1, repeats // 3)``); also the scalar engine once, up to 2,000 pages;
- *peak memory, visited batch*: 200 visited runs, run in a fresh process that only imports memviz,
  loads the site and runs the batch; its peak resident set (``ru_maxrss``).

Then *many seeds*: ``memviz batch --runs 1000000 --strategy visited --capacity 8`` on the chapter's
site (streamed on every core, :mod:`memviz.core.streaming`) as a whole command: wall time, and the
peak resident set of the parent and of the largest worker.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # this checkout's memviz, not an installed one
sys.path.insert(0, str(ROOT))

PEAK_CODE = r"""
import resource, sys
from memviz.core.engine import RunConfig
from memviz.core.lockstep import run_batch
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
n = int(sys.argv[1])
site = Site.from_dict(generate_site("random", n, seed=1))
run_batch(site, [RunConfig(strategy=sys.argv[2], seed=s, budget=n * 5 // 4) for s in range(1000, 1200)])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""


def median_seconds(function, repeats: int) -> float:
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def peak_mb(pages: int, strategy: str) -> int:
    out = subprocess.run([sys.executable, "-c", PEAK_CODE, str(pages), strategy], env=child_env(), cwd=ROOT,
                         capture_output=True, text=True, check=True)  # fmt: skip
    return int(out.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", "-n", type=int, default=5)
    parser.add_argument("--sizes", default="24,500,2000,10000")
    parser.add_argument("--seeds", type=int, default=1_000_000, help="0: skip the many-seeds line")
    args = parser.parse_args(argv)

    from memviz.core.engine import RunConfig, run
    from memviz.core.layout import site_layout
    from memviz.core.lockstep import run_batch
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    print("| pages | layout | 200 frontier runs (scalar engine) | peak memory, visited batch |")
    print("|---|---|---|---|")
    for pages in (int(x) for x in args.sizes.split(",")):
        site = Site.from_dict(generate_site("random", pages, seed=1))
        configs = [RunConfig(strategy="frontier", seed=s, budget=pages * 5 // 4) for s in range(1000, 1200)]
        layout = median_seconds(lambda site=site: site_layout(site), args.repeats)
        repeats = max(1, args.repeats // 3) if pages > 5000 else args.repeats
        run_batch(site, configs[:20])  # warm the per-site tables' code paths
        batch = median_seconds(lambda site=site, configs=configs: run_batch(site, configs), repeats)
        scalar = ""
        if pages <= 2000:
            start = time.perf_counter()
            for config in configs:
                run(site, config)
            scalar = f" ({time.perf_counter() - start:.2f} s)"
        print(f"| {pages:,} | {layout * 1e3:.0f} ms | {batch:.2f} s{scalar} | {peak_mb(pages, 'visited')} MB |",
              flush=True)  # fmt: skip

    if args.seeds:
        command = [sys.executable, "-m", "memviz", "batch", "--runs", str(args.seeds), "--strategy", "visited",
                   "--capacity", "8", "--json"]  # fmt: skip
        # a fresh wrapper process, so that its children's peak is this command's (the worker
        # processes are the command's children): the largest resident set of any of them
        wrapper = (
            "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
            "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)"
        )
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", wrapper, *command], env=child_env(), cwd=ROOT, capture_output=True,
                             text=True, check=True)  # fmt: skip
        wall = time.perf_counter() - start
        children = int(out.stdout.split()[-1])
        print(f"\nmemviz batch --runs {args.seeds:,} (visited, capacity 8, chapter's site): {wall:.1f} s; "
              f"largest process {children} MB")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
