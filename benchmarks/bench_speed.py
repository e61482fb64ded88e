"""Issue 41's speed table, every row measured in one run, each as a ratio to its yardstick.

    python benchmarks/bench_speed.py [--repeats N] [--sizes 2000,5000,10000] [--runs 200] [--quick]

Rows (each pair interleaved A B / B A, so that drift in the machine's load falls on both; medians):

1. ``memviz report --read top:8`` against ``memviz report``: CPU time of the whole command (goal ≤ 3×);
2. ``memviz report --json`` against the chapter's script (``shared/reference/full_tables.py --json``,
   beside the checkout): CPU time (goal ≤ 0.33×);
3. 200 frontier runs with unlimited memory at each size against a plain Python loop of the rule
   (``plain_reading.py``), CPU time (goal ≤ 0.1×);
4. 200 frontier runs capped at 12 for fifo, lru and random against the plain loop, and ttl against
   the plain loop's LRU (the plain reading has no expiry; goal ≤ 0.3×);
5. the main window's first paint of the ``memviz`` command (bench_startup.MEMVIZ: its command line
   read, preferences read, theme and run restored, every run a first start, on a 1920x1080 screen),
   against a bare PySide6 window's, wall (from the spawn) and CPU of the process (goal ≤ 2×);
6. a step in Explore on a 10,000-page site: the GUI thread's CPU per step, median and 90th
   percentile (goal p90 ≤ 16.7 ms, one frame at 60 Hz).

The suite's own figures (wall time, slowest test) come from ``python3 start.py test --durations=15``
and are not repeated here. Prints the date, the machine and its load average before and after, then
a markdown table: the README and docs/benchmarks.md quote only its output. ``--quick`` runs each
row once on small sizes (a check that the script works, not a measurement).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    import resource  # Unix: CPU time of finished child processes
except ImportError:  # pragma: no cover - Windows
    resource = None

ROOT = Path(__file__).resolve().parents[1]
# The chapter's script: shared/reference beside the checkout (CI's layout), or given with --reference.
REFERENCE = ROOT.parent / "shared" / "reference"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def child_cpu() -> float:
    if resource is None:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command_cpu(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) seconds of one whole command, children included."""
    before, started = child_cpu(), time.perf_counter()
    subprocess.run(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True
    )
    return child_cpu() - before, time.perf_counter() - started


def interleaved(a, b, repeats: int) -> tuple[list, list]:
    """Results of ``a()`` and ``b()``, run A B, B A, ... (drift falls on both alike)."""
    got_a, got_b = [], []
    for i in range(repeats):
        if i % 2:
            got_b.append(b())
            got_a.append(a())
        else:
            got_a.append(a())
            got_b.append(b())
    return got_a, got_b


def median_of(results: list, index: int = 0) -> float:
    return statistics.median(r[index] if isinstance(r, tuple) else r for r in results)


def env_for_commands() -> dict[str, str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed program is compiled once
    return env


def report_rows(repeats: int, reference: Path) -> list[tuple[str, float, str, str]]:
    env = env_for_commands()
    memviz = [sys.executable, "-m", "memviz", "report", "--lang", "en"]
    subprocess.run(
        [*memviz, "--read", "top:8"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True
    )  # warm
    read, plain = interleaved(
        lambda: command_cpu([*memviz, "--read", "top:8"], ROOT, env),
        lambda: command_cpu(memviz, ROOT, env),
        repeats,
    )
    rows = [("`memviz report --read top:8` ÷ `memviz report`, CPU", median_of(read) / median_of(plain), "≤ 3×",
             f"{median_of(read):.2f} s ÷ {median_of(plain):.2f} s")]  # fmt: skip
    script = reference / "full_tables.py"
    if script.is_file():
        ours, theirs = interleaved(
            lambda: command_cpu([*memviz, "--json"], ROOT, env),
            lambda: command_cpu([sys.executable, str(script), "--json"], reference, env),
            repeats,
        )
        rows.append(("`memviz report` ÷ the chapter's script, CPU", median_of(ours) / median_of(theirs), "≤ 0.33×",
                     f"{median_of(ours):.2f} s ÷ {median_of(theirs):.2f} s"))  # fmt: skip
    else:
        rows.append(("`memviz report` ÷ the chapter's script", float("nan"), "≤ 0.33×", f"no {script}"))
    return rows


def thread_seconds(function) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


def big_site_rows(sizes: list[int], runs: int, repeats: int) -> list[tuple[str, float, str, str]]:
    from plain_reading import clickable, plain_run

    from memviz.core.engine import RunConfig
    from memviz.core.lockstep import run_batch
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    rows = []
    for pages in sizes:
        doc = generate_site("random", pages, seed=1)
        site, links, budget = Site.from_dict(doc), clickable(doc), pages * 5 // 4
        seeds = range(1000, 1000 + runs)
        for capacity, policy, plain_policy in ((None, "fifo", "fifo"), (12, "fifo", "fifo"), (12, "lru", "lru"),
                                               (12, "random", "random"), (12, "ttl", "lru")):  # fmt: skip
            configs = [RunConfig(strategy="frontier", seed=s, capacity=capacity, policy=policy, budget=budget)
                       for s in seeds]  # fmt: skip

            def plain(
                capacity=capacity, plain_policy=plain_policy, doc=doc, links=links, budget=budget, seeds=seeds
            ):
                return [plain_run(doc, links, "frontier", s, capacity, plain_policy, budget) for s in seeds]

            def ours_once(configs=configs, site=site):
                return thread_seconds(lambda: run_batch(site, configs))

            ours, theirs = interleaved(ours_once, lambda plain=plain: thread_seconds(plain), repeats)
            what = "unlimited memory" if capacity is None else f"capacity 12, {policy}"
            goal = "≤ 0.1×" if capacity is None else "≤ 0.3×"
            yardstick = "" if policy == plain_policy else f" (plain: {plain_policy})"
            rows.append((f"200 frontier runs, {what}, {pages:,} pages ÷ a plain loop{yardstick}, CPU",
                         statistics.median(ours) / statistics.median(theirs), goal,
                         f"{statistics.median(ours):.2f} s ÷ {statistics.median(theirs):.2f} s"))  # fmt: skip
            print(f"  {rows[-1][0]}: {rows[-1][1]:.3f}", flush=True)
    return rows


# A start is a fifth of a second and a bare window's varies by ±5 % from one to the next: the first
# paint's rows take the median of at least this many starts of each, whatever --repeats says.
STARTS = 11


def first_paint_rows(repeats: int) -> list[tuple[str, float, str, str]]:
    from bench_startup import BARE, MEMVIZ, platform_env, platform_label
    from bench_startup import first_paint_times as first_paint

    env = platform_env(env_for_commands())
    first_paint(MEMVIZ, env), first_paint(BARE, env)  # warm the file cache
    ours, bare = interleaved(lambda: first_paint(MEMVIZ, env), lambda: first_paint(BARE, env), repeats)
    platform_name = platform_label(env)
    return [
        (f"`memviz` first paint ÷ a bare PySide6 window ({platform_name}), wall", median_of(ours, 0) / median_of(bare, 0),
         "≤ 2×", f"{median_of(ours, 0):.3f} s ÷ {median_of(bare, 0):.3f} s"),
        (f"`memviz` first paint ÷ a bare PySide6 window ({platform_name}), CPU", median_of(ours, 1) / median_of(bare, 1),
         "≤ 2×", f"{median_of(ours, 1):.3f} s ÷ {median_of(bare, 1):.3f} s"),
    ]  # fmt: skip


def explore_step_rows(pages: int, steps: int) -> list[tuple[str, float, str, str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from bench_big_explore import SIZE, measure

    from memviz.gui.app import create_app

    _, costs = measure(pages, steps, create_app(height=SIZE[1]), clock=time.thread_time)
    costs.sort()
    p90 = costs[min(len(costs) - 1, int(0.9 * len(costs)))]
    return [
        (f"Explore step at {pages:,} pages, GUI-thread CPU, p90", p90, "≤ 16.7 ms",
         f"median {statistics.median(costs):.1f} ms, p90 {p90:.1f} ms, longest {costs[-1]:.1f} ms"),
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", "-n", type=int, default=3)
    parser.add_argument("--sizes", default="2000,5000,10000")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--explore-pages", type=int, default=10_000)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--reference", type=Path, default=REFERENCE, help="the folder of full_tables.py")
    parser.add_argument("--quick", action="store_true", help="once each, small sizes: the script works")
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats, args.sizes, args.runs, args.explore_pages, args.steps = 1, "300", 20, 300, 10
    starts = args.repeats if args.quick else max(args.repeats, STARTS)  # of each window, for the first paint
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"medians of {args.repeats} (of {starts} starts for the first paint)", flush=True)  # fmt: skip
    rows = report_rows(args.repeats, args.reference)
    rows += big_site_rows([int(s) for s in args.sizes.split(",")], args.runs, args.repeats)
    rows += first_paint_rows(starts)
    rows += explore_step_rows(args.explore_pages, args.steps)
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    print(f"\nload average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n")
    print("| measurement | ratio / figure | goal | measured |")
    print("|---|---:|---|---|")
    for what, value, goal, detail in rows:
        figure = f"{value:.1f} ms" if goal.endswith("ms") else f"{value:.3f}×"
        print(f"| {what} | **{figure}** | {goal} | {detail} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
