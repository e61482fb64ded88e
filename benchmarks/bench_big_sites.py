"""Issue 29: capped memory on big sites, against a plain reading of the rule.

    python benchmarks/bench_big_sites.py [--repeats N] [--sizes 500,2000,5000,10000] [--runs 200]
                                         [--policies-at 2000,10000] [--plain-unlimited-up-to 2000]

For each size, a site made as ``memviz site generate --shape random --pages N`` makes it (seed 1),
and ``--runs`` frontier runs (seeds 1000..), budget 1.25 × pages:

- *capped*: capacity 12, FIFO, through :func:`memviz.core.lockstep.run_batch` (the router picks the
  engine, as every batch in memviz) against :mod:`plain_reading` (a plain Python loop of the rule,
  one run after the other), interleaved A B / B A, medians of ``--repeats``; the two are first
  checked to walk the same paths to the same coverage;
- *unlimited*: the same runs without a capacity (memviz; the plain reading only up to
  ``--plain-unlimited-up-to`` pages: its search through a memory of thousands of pages is slow);
- *policies*: at the sizes in ``--policies-at``, each registered policy except ``opt`` (whose
  look-ahead simulates the rest of the run at each eviction) at capacity 12, as a ratio to FIFO.

Prints markdown tables (docs/benchmarks-big-sites.md holds the last run's).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # this checkout's memviz, not an installed one
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from plain_reading import clickable, plain_run  # noqa: E402

CAPACITY = 12


def seconds(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def interleaved(a, b, repeats: int) -> tuple[float, float]:
    """Medians of ``a`` and ``b``, run A B, B A, ... so that drift hits both alike."""
    times_a, times_b = [], []
    for i in range(repeats):
        if i % 2:
            times_b.append(seconds(b))
            times_a.append(seconds(a))
        else:
            times_a.append(seconds(a))
            times_b.append(seconds(b))
    return statistics.median(times_a), statistics.median(times_b)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", "-n", type=int, default=3)
    parser.add_argument("--sizes", default="500,2000,5000,10000")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--policies-at", default="2000,10000")
    parser.add_argument("--plain-unlimited-up-to", type=int, default=2000)
    args = parser.parse_args(argv)

    from memviz.core.engine import RunConfig
    from memviz.core.lockstep import run_batch
    from memviz.core.policies import POLICIES
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    sizes = [int(x) for x in args.sizes.split(",")]
    policies_at = {int(x) for x in args.policies_at.split(",") if x}
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{args.runs} frontier runs, budget 1.25 x pages, medians of {args.repeats}\n")  # fmt: skip
    capped_rows, unlimited_rows, policy_rows = [], [], []
    for pages in sizes:
        doc = generate_site("random", pages, seed=1)
        site = Site.from_dict(doc)
        links = clickable(doc)
        budget = pages * 5 // 4
        seeds = range(1000, 1000 + args.runs)

        def configs(capacity, policy="fifo", budget=budget, seeds=seeds):
            return [RunConfig(strategy="frontier", seed=s, capacity=capacity, policy=policy, budget=budget)
                    for s in seeds]  # fmt: skip

        def plain(capacity, doc=doc, links=links, budget=budget, seeds=seeds):
            return [plain_run(doc, links, "frontier", s, capacity, "fifo", budget) for s in seeds]

        capped = configs(CAPACITY)
        got = run_batch(site, capped)
        want = plain(CAPACITY)
        assert [r.path for r in got] == [w["path"] for w in want], "memviz and the plain reading part"
        assert [r.coverage for r in got] == [w["coverage"] for w in want]
        mine, theirs = interleaved(
            lambda site=site, capped=capped: run_batch(site, capped), lambda: plain(CAPACITY), args.repeats
        )
        coverage = statistics.fmean(r.coverage for r in got)
        capped_rows.append((pages, mine, theirs, coverage))
        print(
            f"capped {pages:,}: memviz {mine:.2f} s, plain {theirs:.2f} s, ratio {mine / theirs:.2f}",
            flush=True,
        )

        unlimited = configs(None)
        if pages <= args.plain_unlimited_up_to:
            mine_u, theirs_u = interleaved(
                lambda site=site, unlimited=unlimited: run_batch(site, unlimited),
                lambda: plain(None),
                args.repeats,
            )
        else:
            mine_u = statistics.median(
                seconds(lambda site=site, unlimited=unlimited: run_batch(site, unlimited))
                for _ in range(args.repeats)
            )
            theirs_u = None
        unlimited_rows.append((pages, mine_u, theirs_u))
        print(f"unlimited {pages:,}: memviz {mine_u:.2f} s" + (f", plain {theirs_u:.2f} s" if theirs_u else ""),
              flush=True)  # fmt: skip

        if pages in policies_at:
            names = [p for p in POLICIES.names() if p != "opt"]
            times = {}
            for name in names:
                batch = configs(CAPACITY, name)
                times[name] = statistics.median(
                    seconds(lambda b=batch, site=site: run_batch(site, b)) for _ in range(args.repeats)
                )
                print(f"policy {name} at {pages:,}: {times[name]:.2f} s", flush=True)
            policy_rows.append((pages, times))

    print("\n| pages | memviz, capacity 12 (FIFO) | plain reading | ratio | mean coverage |")
    print("|---:|---:|---:|---:|---:|")
    for pages, mine, theirs, coverage in capped_rows:
        print(f"| {pages:,} | {mine:.2f} s | {theirs:.2f} s | **{mine / theirs:.2f}** | {coverage:.3f} |")
    print("\n| pages | memviz, unlimited memory | plain reading | ratio | memviz, capacity 12 |")
    print("|---:|---:|---:|---:|---:|")
    for (pages, mine_u, theirs_u), (_, mine, _, _) in zip(unlimited_rows, capped_rows, strict=True):
        plain_text, ratio = (f"{theirs_u:.2f} s", f"{mine_u / theirs_u:.2f}") if theirs_u else ("–", "–")
        print(f"| {pages:,} | {mine_u:.2f} s | {plain_text} | {ratio} | {mine:.2f} s |")
    for pages, times in policy_rows:
        print(f"\n| policy, capacity 12, {pages:,} pages | time | ÷ FIFO |")
        print("|---|---:|---:|")
        for name, value in times.items():
            print(f"| {name} | {value:.2f} s | {value / times['fifo']:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
