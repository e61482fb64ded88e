"""The core's functions stay short enough to read (issue 43): none over 60 lines or of cyclomatic
complexity over 15 without a comment in its body saying why it is one function ("size rule").

The complexity is McCabe's, counted as radon counts it (1, plus each if, loop, except, assert,
conditional expression, comprehension and its conditions, and each extra operand of and/or), so
``radon cc -s memviz/core`` names the same functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import memviz

CORE = Path(memviz.__file__).parent / "core"
MOST_LINES, MOST_COMPLEXITY = 60, 15
WHY = ("size rule", "Longer than the core's rule", "Cyclomatic 17 by")


def _own_nodes(function: ast.AST):
    """The function's nodes, not those of a function or class defined inside it (counted apart)."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def complexity(function: ast.AST) -> int:
    count = 1
    for node in _own_nodes(function):
        if isinstance(
            node, (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler, ast.Assert)
        ):
            count += 1
        elif isinstance(node, ast.comprehension):
            count += 1 + len(node.ifs)
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        elif isinstance(node, ast.match_case):
            count += 1
    return count


def oversized() -> list[str]:
    found = []
    for path in sorted(CORE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            length = node.end_lineno - node.lineno + 1
            score = complexity(node)
            body = "\n".join(lines[node.lineno - 1 : node.end_lineno])
            if (length > MOST_LINES or score > MOST_COMPLEXITY) and not any(w in body for w in WHY):
                found.append(f"{path.relative_to(CORE)}:{node.lineno} {node.name} ({length} lines, {score})")
    return found


def test_the_core_functions_are_short_or_say_why():
    assert oversized() == []


def test_the_count_sees_a_long_branchy_function(tmp_path):
    """The check can fail: a function of 16 ifs is over the rule, its twin with the comment is not."""
    ifs = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(16))
    tree = ast.parse(f"def f(x):\n{ifs}    return -1\n")
    assert complexity(tree.body[0]) == 17
