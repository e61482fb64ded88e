"""Each shape of `memviz site generate` swept over capacity, for docs/site-format.md (issue 14).

    python tools/shape_sweeps.py            # print the table
    python tools/shape_sweeps.py --write    # put it into docs/site-format.md between its markers

Frontier (visited set + link table), 40-page sites (seed 1), budget 50, seeds 1000–1199, mean
coverage per capacity and eviction policy, computed by the core (tests/test_readme_shapes.py holds
docs/site-format.md's table to it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memviz.core.engine import RunConfig  # noqa: E402
from memviz.core.experiments import capacity_sweep  # noqa: E402
from memviz.core.policies import POLICIES  # noqa: E402
from memviz.core.site import Site  # noqa: E402
from memviz.core.sitegen import SHAPE_NAMES, generate_site  # noqa: E402
from memviz.core.stats import pct  # noqa: E402

SHAPES = ("ring", "tree", "hub", "grid", "random")
PAGES, BUDGET, RUNS, SEED0 = 40, 50, 200, 1000
CAPACITIES = (3, 6, 12, 24)
POLICY_NAMES = ("fifo", "lru", "random", "opt")
BEGIN, END = "<!-- shape-sweeps: begin (tools/shape_sweeps.py --write) -->", "<!-- shape-sweeps: end -->"


def shape_cell(shape: str, capacity: int) -> str:
    """One capacity's cell of a shape's row: each policy's mean coverage, "a / b / c / d"."""
    site = Site.from_dict(generate_site(shape, PAGES, seed=1))
    config = RunConfig(strategy="frontier", budget=BUDGET)
    sweep = capacity_sweep(site, config, (capacity,), POLICY_NAMES, runs=RUNS, seed0=SEED0)
    return " / ".join(pct(sweep.ci(capacity, policy).mean) for policy in POLICY_NAMES)


def shape_row(shape: str) -> str:
    cells = [shape_cell(shape, capacity) for capacity in CAPACITIES]
    return f"| {SHAPE_NAMES[shape][1]} | " + " | ".join(cells) + " |"


def table() -> str:
    policies = " / ".join(POLICIES.get(p).label_in("en") for p in POLICY_NAMES)
    head = "| shape | " + " | ".join(f"capacity {c}" for c in CAPACITIES) + " |"
    rule = "|---" * (len(CAPACITIES) + 1) + "|"
    lines = [f"Mean coverage %, {policies}:", "", head, rule, *(shape_row(s) for s in SHAPES)]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="replace the table in docs/site-format.md")
    args = parser.parse_args()
    text = table()
    if not args.write:
        print(text)
        return 0
    readme = ROOT / "docs" / "site-format.md"
    content = readme.read_text(encoding="utf-8")
    start, end = content.index(BEGIN) + len(BEGIN), content.index(END)
    readme.write_text(content[:start] + "\n" + text + "\n" + content[end:], encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
