"""Time ``memviz report --json`` against the chapter's reference script, as whole commands, in one run.

    python benchmarks/bench_report.py [--reference DIR] [--repeats N]

Both commands are started with this interpreter (``sys.executable``), so a launcher in front of
either (a pyenv shim, a venv's console script) does not count: memviz as ``python -m memviz report
--json`` (the same program the ``memviz`` command runs), the reference as ``python full_tables.py
--json`` in its own folder, both with Python's usual bytecode cache even where the environment turns it
off (``PYTHONDONTWRITEBYTECODE``), since an installed program is compiled once, not at every start
(``--no-bytecode-cache`` keeps the environment as it is). They alternate, A B then B A, so drift in the machine's load falls on
both. Prints each command's median and fastest wall time and the ratio of the medians (the goal),
the same for CPU time (less disturbed by other work on a shared machine), then checks
that the figures agree: every key of the reference's JSON, exactly, except the bootstrap interval
(another resampling generator) within 0.002. Exit status 1 if they do not agree, or if the ratio is
below ``--require``.
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
    import resource  # Unix: CPU time of finished child processes
except ImportError:
    resource = None

REPO = Path(__file__).resolve().parent.parent
DEFAULT_REFERENCE = REPO.parent / "shared" / "reference"  # CI checks shared/ out beside the clone
BOOTSTRAP_TOLERANCE = 0.002


def cpu_of_children() -> float:
    if resource is None:
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """Wall and CPU seconds (user + system, all its processes) of one command, and its output."""
    cpu = cpu_of_children()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8")
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return seconds, cpu_of_children() - cpu, done.stdout


def differences(ours: object, reference: object, path: str = "") -> list[str]:
    """Every figure of ``reference`` that ``ours`` lacks or gives otherwise."""
    if isinstance(reference, dict):
        if not isinstance(ours, dict):
            return [f"{path or '/'}: expected a table, got {ours!r}"]
        out = []
        for key, value in reference.items():
            if key not in ours:
                out.append(f"{path}/{key}: missing")
            else:
                out.extend(differences(ours[key], value, f"{path}/{key}"))
        return out
    tolerance = BOOTSTRAP_TOLERANCE if "boot" in path.rsplit("/", 1)[-1] else 0.0
    if not isinstance(ours, int | float) or abs(ours - reference) > tolerance:
        return [f"{path}: memviz {ours!r}, reference {reference!r}"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                        help=f"folder holding full_tables.py (default: {DEFAULT_REFERENCE})")  # fmt: skip
    parser.add_argument("--repeats", "-n", type=int, default=7, help="runs of each command (default 7)")
    parser.add_argument("--require", type=float, default=None, help="fail if the ratio is below this")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as set: every run compiles its sources")  # fmt: skip
    args = parser.parse_args(argv)
    script = args.reference / "full_tables.py"
    if not script.is_file():
        parser.error(f"no full_tables.py in {args.reference} (pass --reference DIR)")

    python = sys.executable
    env = dict(os.environ)
    if not args.no_bytecode_cache:  # as installed programs run: compiled once, not on every start
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {
        "memviz report --json": ([python, "-m", "memviz", "report", "--json"], REPO, env),
        "full_tables.py --json": ([python, str(script.resolve()), "--json"], args.reference, env),
    }
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    outputs: dict[str, str] = {}
    names = list(commands)
    timed(*commands[names[0]])  # warm the file cache (and byte-compile) before timing anything
    timed(*commands[names[1]])
    for i in range(args.repeats):
        for name in names if i % 2 == 0 else reversed(names):
            wall, cpu, outputs[name] = timed(*commands[name])
            walls[name].append(wall)
            cpus[name].append(cpu)

    width = max(map(len, names))
    print(f"{args.repeats} runs each, alternating; seconds ({python}, {os.cpu_count()} cores)")
    ratio = 0.0
    for label, times in (("wall", walls), ("CPU", cpus) if resource is not None else ("", {})):
        if not times:
            continue
        medians = {name: statistics.median(ts) for name, ts in times.items()}
        for name in names:
            ts = times[name]
            print(f"  {label:<4}  {name:<{width}}  median {medians[name]:.3f}  fastest {min(ts):.3f}  "
                  f"all {' '.join(f'{t:.2f}' for t in ts)}")  # fmt: skip
        times_faster = medians[names[1]] / medians[names[0]]
        print(f"  {label:<4}  memviz is {times_faster:.2f}x faster (ratio of medians)")
        if label == "wall":
            ratio = times_faster

    problems = differences(json.loads(outputs[names[0]]), json.loads(outputs[names[1]]))
    if problems:
        print(f"figures DISAGREE ({len(problems)}):")
        for line in problems:
            print(f"  {line}")
        return 1
    print(f"figures agree (bootstrap interval within {BOOTSTRAP_TOLERANCE}, everything else exactly)")
    if args.require is not None and ratio < args.require:
        print(f"ratio {ratio:.2f} is below the required {args.require}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
