"""The sweep of each site shape in docs/site-format.md is the core's (issue 14): its rows are recomputed here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("shape_sweeps", ROOT / "tools" / "shape_sweeps.py")
shape_sweeps = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shape_sweeps)


def readme_table() -> list[str]:
    text = (ROOT / "docs" / "site-format.md").read_text(encoding="utf-8")
    block = text[text.index(shape_sweeps.BEGIN) + len(shape_sweeps.BEGIN) : text.index(shape_sweeps.END)]
    return [line for line in block.strip().splitlines() if line.startswith("| ") and "capacity" not in line]


def test_the_readme_has_a_row_per_shape():
    assert len(readme_table()) == len(shape_sweeps.SHAPES)


@pytest.mark.parametrize("shape", ["ring", "tree"])  # the two the issue quotes; the rest as written
def test_a_shapes_row_is_what_the_core_computes(shape):
    row = shape_sweeps.shape_row(shape)
    assert row in readme_table()


def test_the_issues_figures_are_in_it():
    """A plain reading of the chapter's algorithm measured these (issue 14): a two-way ring at
    capacity 12, FIFO and LRU 64.2 % and random 76.3 %; a binary tree at capacity 6, LRU 55.9 %
    and random 54.5 %."""
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:-1]] for line in readme_table()}
    ring12 = rows["ring"][shape_sweeps.CAPACITIES.index(12)].split(" / ")
    tree6 = rows["binary tree"][shape_sweeps.CAPACITIES.index(6)].split(" / ")
    assert ring12[:3] == ["64.2", "64.2", "76.3"]
    assert tree6[1:3] == ["55.9", "54.5"]
