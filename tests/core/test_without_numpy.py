"""What the window does before its first paint needs no numpy (issue 29: numpy takes longer to load
than the window takes to build), and the plain-Python ways give what the numpy ones give."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core import layout
from memviz.core.jsonfile import nesting_depth
from memviz.core.rng import _plain_block, mulberry32_block
from tests.core.oracle import mulberry32
from tests.hypothesis_budget import examples

ROOT = Path(__file__).resolve().parents[2]


@given(state=st.integers(0, 2**32 - 1), count=st.integers(0, 200))
def test_a_small_block_mixed_in_python_is_numpys_bit_for_bit(state, count):
    assert _plain_block(state, count) == mulberry32_block(state, count).tolist()
    draw = mulberry32(state)
    assert _plain_block(state, count) == [draw() for _ in range(count)]  # the chapter's generator


def depth_by_hand(text: str) -> int:
    """JSON nesting depth, read character by character (strings and their escapes skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


json_values = st.recursive(
    st.none() | st.integers() | st.text(alphabet='ab[]{}"\\页 '),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='k[]"\\{'), inner, max_size=3)
    ),
    max_leaves=30,
)


@given(json_values)
def test_the_nesting_depth_is_the_deepest_bracket_outside_strings(value):
    text = json.dumps(value, ensure_ascii=False)
    assert nesting_depth(text) == depth_by_hand(text)


@settings(max_examples=examples(60))
@given(seed=st.integers(0, 10_000), links=st.integers(2, 70), grid=st.booleans())
def test_crossings_counted_in_python_are_numpys(seed, links, grid):
    # pages on a small grid put ends on shared lines and links through pages: exact zeros matter
    rng = random.Random(seed)
    n = 12
    pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(links)]
    pairs = [(a, b) for a, b in pairs if a != b] or [(0, 1)]
    crossings = layout._Crossings(pairs, n)
    points = {
        p: ((rng.randrange(4) / 3, rng.randrange(4) / 3) if grid else (rng.random(), rng.random()))
        for p in range(n)
    }
    crossings.place(points)
    numpy_table = crossings._matrix_numpy(range(len(pairs))).tolist()
    assert crossings._matrix(range(len(pairs))) == numpy_table
    if len(pairs) <= layout.PLAIN_EDGES:
        assert crossings.table == numpy_table  # count() took the plain way
    for u, v in [(0, 1), (2, 5), (3, 3 % n)]:
        mine = crossings._mine(u, v)
        if mine:
            matrix = crossings._matrix_numpy(mine)
            assert crossings.at_now(u, v) == int(matrix.sum()) - int(matrix[:, mine].sum()) // 2


def test_a_short_run_and_the_chapters_site_laid_out_load_no_numpy():
    code = (
        "import sys\n"
        "from memviz.core.engine import Exploration, RunConfig\n"
        "from memviz.core.layout import site_layout\n"
        "from memviz.core.site import load_site\n"
        "site = load_site(None)\n"
        "run = Exploration(site, RunConfig(strategy='frontier', capacity=3, policy='random', budget=60))\n"
        "result = run.run_to_end()\n"
        "site_layout(site)\n"
        "print('numpy' in sys.modules, result.steps)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "60"], out.stderr
