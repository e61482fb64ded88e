"""Move the window's inline ``tr("中文", "English")`` pairs into the wording modules (issue 24).

    python3 tools/move_wording.py           # move every pair it can, then ruff-fix and format
    python3 tools/move_wording.py --check   # list the pairs left inline; status 1 if a movable one is

Re-runnable: run it again after a merge and it moves only what is new. For every call in
``memviz/gui/**`` of ``tr(zh, en)`` (``self.language.tr``, a local ``tr``) or of
``t(lang, zh, en)`` (from ``memviz.wording``) whose two texts are string literals, or f-strings whose
values are plain names or attributes (``f"第 {step} 步"``), it

- finds the pair among the constants the wording modules hold already (``NAME = Words(zh, en)`` in
  any ``memviz/wording/*.py``) and uses that one: one wording per idea;
- else writes a new constant, named after its English, into the module of the feature the file belongs
  to (``gui/explore/...`` -> ``memviz/wording/explore.py``; ``gui/kit`` -> ``kit.py``, the window's own
  files -> ``window.py``, ``gui/evaluate`` -> ``evaluation.py``), or into ``common.py`` when files of
  several features say it;
- rewrites the call: ``tr(explore_words.PLAY)``, ``tr(compare_words.STEP_N, step=step)``,
  ``explore_words.PLAY.pick(lang)``, with ``from memviz.wording import explore as explore_words``.

Pairs held as data are moved too: a ``("浅色", "Light")`` tuple becomes the constant (a ``Words`` is
a tuple), and a Chinese literal followed by an English one in a longer tuple or a call's arguments
(``(view, "对比", "Compare")``, ``counted(n, lang, "条", "entry")``) becomes ``*window_words.COMPARE``.

Pairs it cannot move safely (a text built with ``+`` or ``if``, an f-string whose value is a call) are
"expression pairs": ``--check`` lists them and counts them, and does not fail on them (they are to be
moved by hand; docs/wording.md says how many are left).
"""

from __future__ import annotations

import argparse
import ast
import keyword
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUI = ROOT / "memviz" / "gui"
WORDING = ROOT / "memviz" / "wording"

# gui folder (or top-level file stem) -> wording module
MODULE_OF_FOLDER = {"evaluate": "evaluation", "info_view": "info"}
WINDOW = "window"  # the files at the top of memviz/gui: the main window, its dialogs, the drivers
COMMON = "common"  # a wording several features say
# wording modules written by hand, never given new constants (the codemod may still reuse theirs)
HAND_WRITTEN = {"__init__", "words", "errors", "traces"}

HEADER = '''"""The words of {what}, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words
'''
WHAT = {
    "kit": "the window's shared pieces (playback bar, plots, computed views)",
    WINDOW: "the main window, its menus and dialogs",
    COMMON: "more than one tab",
    "explore": "the Explore tab",
    "compare": "the Compare tab",
    "scenarios": "the Scenarios tab",
    "analysis": "the Batch, Sweep and Cost tabs",
    "evaluation": "the Evaluate tab",
    "exercises": "the Exercises tab",
    "info": "the About tab",
    "report": "the text reports (``memviz report``, ``run``, ``batch``)",
}


# Files outside memviz/gui whose pairs the codemod moves when named (issue 40), and where to.
BEYOND_GUI = {
    "presentation/narration.py": "explore",  # the Explore narration's lines
    "predict.py": "explore",  # predict-then-reveal's words (Explore and Compare ask)
    "text/report.py": "report",  # memviz report, run, batch: the chapter's tables
    "text/scenario.py": "scenarios",  # memviz scenario NAME: the Scenarios' figures as text
    "cli/compare.py": "compare",  # memviz compare and regret: the Compare tab's ideas as text
    "cli/evaluate.py": "evaluation",  # memviz eval: the Evaluate tab's ideas as text
    # the exercises' computed words (questions and explanations are data: resources/exercises/)
    "exercises/wording.py": "exercises",
    "exercises/attempts.py": "exercises",
    "exercises/answers/batches.py": "exercises",
    "exercises/answers/compute.py": "exercises",
    "exercises/answers/one_run.py": "exercises",
    "exercises/answers/parse.py": "exercises",
}


def module_of(path: Path) -> str:
    """The wording module a GUI file's words go to (or a file of BEYOND_GUI's)."""
    if not path.is_relative_to(GUI):
        return BEYOND_GUI[path.relative_to(GUI.parent).as_posix()]
    parts = path.relative_to(GUI).parts
    name = parts[0] if len(parts) > 1 else (WINDOW if parts[0] != "info_view.py" else "info_view")
    return MODULE_OF_FOLDER.get(name, name)


@dataclass
class Pair:
    """One call that says an inline pair."""

    path: Path
    node: ast.Call
    kind: str  # "literal", "template", "data" or "expression"
    zh: str = ""
    en: str = ""
    fields: dict[str, str] = field(default_factory=dict)  # template field -> the expression's source
    lang: str | None = None  # t(lang, zh, en): the language argument's source
    why: str = ""  # an expression pair: why it is not moved
    last: ast.AST | None = None  # a data pair inside a longer tuple or call: its English (node: its Chinese)

    @property
    def line(self) -> int:
        return self.node.lineno

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def _has_text(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))
        for n in ast.walk(node)
    )


def _field_names(expr: ast.expr) -> list[str] | None:
    """The names a template field may take for a value (shortest first): ``step`` for ``step``,
    ``capacity`` then ``config_capacity`` for ``self.config.capacity``; None when the value is not a
    plain name or attribute (a call, an index, arithmetic: not moved)."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    if expr.id != "self":
        parts.append(expr.id)
    parts.reverse()
    if not parts:
        return None
    names = ["_".join(parts[i:]).lstrip("_") for i in range(len(parts) - 1, -1, -1)]
    return [name for name in names if name.isidentifier() and not keyword.iskeyword(name)] or None


def _template(node: ast.expr, fields: dict[str, str], names: dict[str, str]) -> tuple[str | None, str]:
    """The template of one side: its text with ``{name}`` fields, or None and why not."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}"), ""
    if not isinstance(node, ast.JoinedStr):
        return None, "not a string"
    out = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            out.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(value, ast.FormattedValue)
        source = ast.unparse(value.value)
        if source not in names:
            candidates = _field_names(value.value)
            if candidates is None:
                return None, f"the value {source!r} is not a plain name"
            name = next((c for c in candidates if c not in fields), None)
            if name is None:
                return None, f"no free name for {source!r}"
            names[source] = name
            fields[name] = source
        text = "{" + names[source]
        if value.conversion != -1:
            text += "!" + chr(value.conversion)
        if value.format_spec is not None:
            spec = value.format_spec
            if not all(isinstance(v, ast.Constant) for v in spec.values):  # type: ignore[attr-defined]
                return None, f"the format of {source!r} has a value in it"
            text += ":" + "".join(str(v.value) for v in spec.values)  # type: ignore[attr-defined]
        out.append(text + "}")
    return "".join(out), ""


def _imports_t(tree: ast.Module) -> bool:
    return any(
        isinstance(n, ast.ImportFrom) and n.module == "memviz.wording" and any(a.name == "t" for a in n.names)
        for n in tree.body
    )


def pairs_in(path: Path, source: str | None = None) -> list[Pair]:
    """Every call in a GUI file that says a pair inline (literal, template or expression)."""
    source = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(source)
    uses_t = _imports_t(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or node.keywords:
            continue
        func = node.func
        is_tr = (isinstance(func, ast.Name) and func.id == "tr") or (
            isinstance(func, ast.Attribute) and func.attr == "tr"
        )
        is_t = uses_t and isinstance(func, ast.Name) and func.id == "t"
        if is_tr and len(node.args) == 2:
            zh_node, en_node, lang = node.args[0], node.args[1], None
        elif is_t and len(node.args) == 3:
            zh_node, en_node, lang = node.args[1], node.args[2], ast.unparse(node.args[0])
        else:
            continue
        if any(isinstance(a, ast.Starred) for a in node.args):
            continue
        if not (_has_text(zh_node) or _has_text(en_node)):
            continue  # a pair held in variables, said here: nothing inline
        fields: dict[str, str] = {}
        names: dict[str, str] = {}
        zh, why_zh = _template(zh_node, fields, names)
        en, why_en = _template(en_node, fields, names)
        if zh is None or en is None:
            found.append(Pair(path, node, "expression", lang=lang, why=why_zh or why_en))
        elif not fields:
            found.append(Pair(path, node, "literal", zh_node.value, en_node.value, lang=lang))  # type: ignore[attr-defined]
        else:
            found.append(Pair(path, node, "template", zh, en, fields, lang))
    found += _data_pairs(path, tree, uses_t)
    found.sort(key=lambda p: (p.node.lineno, p.node.col_offset))
    return found


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _is_pair(zh: ast.AST, en: ast.AST) -> bool:
    """Two literals side by side that read as a zh/en pair: Chinese, then English with no Chinese."""
    return (
        isinstance(zh, ast.Constant)
        and isinstance(en, ast.Constant)
        and isinstance(zh.value, str)
        and isinstance(en.value, str)
        and bool(_CJK.search(zh.value))
        and not _CJK.search(en.value)
        and bool(re.search(r"[A-Za-z]", en.value))
    )


def _literal_text(node: ast.AST) -> str | None:
    """A string literal's text, or an f-string's literal parts; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return None


def _is_template_pair(zh: ast.AST, en: ast.AST) -> bool:
    """Two texts side by side, one an f-string at least, that read as a zh/en pair (``(f"第 {n} 步",
    f"step {n}")``): not moved (a ``*ref`` would lose its values), counted as an expression pair."""
    if not (isinstance(zh, ast.JoinedStr) or isinstance(en, ast.JoinedStr)):
        return False
    zh_text, en_text = _literal_text(zh), _literal_text(en)
    return (
        zh_text is not None
        and en_text is not None
        and bool(_CJK.search(zh_text))
        and not _CJK.search(en_text)
        and bool(re.search(r"[A-Za-z]", en_text))
    )


def _is_chosen_pair(node: ast.IfExp) -> bool:
    """``"中文" if lang == "zh" else "English"`` (literals or f-strings): a pair picked by hand."""
    zh_text, en_text = _literal_text(node.body), _literal_text(node.orelse)
    return (
        zh_text is not None
        and en_text is not None
        and bool(_CJK.search(zh_text))
        and not _CJK.search(en_text)
        and bool(re.search(r"[A-Za-z]", en_text))
    )


def _data_pairs(path: Path, tree: ast.Module, uses_t: bool) -> list[Pair]:
    """Pairs held as data: a ``("中文", "English")`` tuple (becomes the constant itself, a Words is a
    tuple), or the two side by side in a longer tuple or a call's arguments (``(view, "对比",
    "Compare")``, ``counted(n, lang, "条", "entry")``: become ``*module_words.NAME``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp) and _is_chosen_pair(node):  # "中文" if lang == "zh" else "English"
            why = "a text picked with if: write its Words constant by hand"
            found.append(Pair(path, node, "expression", why=why))
            continue
        if isinstance(node, ast.Tuple | ast.List):
            items = node.elts
        elif isinstance(node, ast.Call):
            func = node.func
            said = (isinstance(func, ast.Name) and func.id in ("tr", "t" if uses_t else "tr")) or (
                isinstance(func, ast.Attribute) and func.attr == "tr"
            )
            items = [] if said else node.args
        else:
            continue
        if isinstance(node, ast.Tuple) and len(items) == 2 and _is_pair(*items):
            found.append(Pair(path, node, "data", items[0].value, items[1].value))  # type: ignore[attr-defined]
            continue
        i = 0
        while i < len(items) - 1:
            if _is_pair(items[i], items[i + 1]):
                zh, en = items[i], items[i + 1]
                found.append(Pair(path, zh, "data", zh.value, en.value, last=en))  # type: ignore[attr-defined]
                i += 2
            elif _is_template_pair(items[i], items[i + 1]):
                why = "an f-string pair held as data: write its Words template by hand"
                found.append(Pair(path, items[i], "expression", why=why, last=items[i + 1]))
                i += 2
            else:
                i += 1
    return found


def gui_files() -> list[Path]:
    return sorted(GUI.rglob("*.py"))


def all_pairs() -> list[Pair]:
    return [pair for path in gui_files() for pair in pairs_in(path)]


# The wording modules: what they hold, and new constants written into them.


@dataclass
class Module:
    name: str
    path: Path
    names: set[str]  # every top-level name, so a new constant never shadows one
    new: list[tuple[str, str, str, list[str]]] = field(default_factory=list)  # name, zh, en, comments


def existing_words() -> tuple[dict[tuple[str, str], tuple[str, str]], dict[str, Module]]:
    """(zh, en) -> (module, constant) of every ``NAME = Words("..", "..")`` in memviz/wording, and the
    modules by name."""
    known: dict[tuple[str, str], tuple[str, str]] = {}
    modules: dict[str, Module] = {}
    for path in sorted(WORDING.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = Module(path.stem, path, set())
        modules[path.stem] = module
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if isinstance(target, ast.Name):
                    module.names.add(target.id)
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                module.names.add(node.name)
            value = node.value if isinstance(node, ast.Assign) else None
            if (
                isinstance(value, ast.Call)
                and isinstance(value.func, ast.Name)
                and value.func.id == "Words"
                and len(value.args) == 2
                and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in value.args)
                and len(targets) == 1
                and isinstance(targets[0], ast.Name)
            ):
                key = (value.args[0].value, value.args[1].value)
                known.setdefault(key, (path.stem, targets[0].id))
    return known, modules


def constant_name(en: str, taken: set[str]) -> str:
    """An UPPER_SNAKE name from the English's first words (fields left out), free in its module."""
    text = re.sub(r"\{[^{}]*\}", " ", en)
    words = re.findall(r"[A-Za-z0-9]+", text)
    chosen: list[str] = []
    for word in words:
        if len(chosen) == 6 or len("_".join([*chosen, word])) > 40:
            break
        chosen.append(word.upper())
    base = "_".join(chosen) or "TEXT"
    if "{" in re.sub(r"\{\{|\}\}", "", en) and not base.endswith("_N"):
        base += "_N"  # a template: said with its fields
    if base[0].isdigit():
        base = "N" + base
    name, n = base, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    return name


def _comments(source: bytes, start: int, end: int) -> list[str]:
    """The comments inside a call's parentheses (they go with the text to its module)."""
    import io
    import tokenize

    text = source[start:end].decode("utf-8")
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    return [
        tok.string
        for tok in tokens
        if tok.type == tokenize.COMMENT and "fmt:" not in tok.string and "noqa" not in tok.string
    ]


def _offsets(source: bytes) -> list[int]:
    starts, at = [0], 0
    for line in source.splitlines(keepends=True):
        at += len(line)
        starts.append(at)
    return starts


def _add_import(source: str, module: str) -> str:
    """``from memviz.wording import <module> as <module>_words``, after the file's last top-level
    import (ruff's isort puts it in its place)."""
    line = f"from memviz.wording import {module} as {module}_words\n"
    if line in source:
        return source
    tree = ast.parse(source)
    last = max((n.end_lineno for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))), default=0)
    lines = source.splitlines(keepends=True)
    if last == 0:  # after the docstring
        doc = tree.body[0] if tree.body and isinstance(tree.body[0], ast.Expr) else None
        last = doc.end_lineno if doc else 0
    lines.insert(last, line)
    return "".join(lines)


def move(pairs: list[Pair], only: list[Path] | None = None) -> tuple[list[Path], list[Path]]:
    """Moves the literal and template pairs (of the files under ``only``, if given: a common wording
    is still judged by every file); returns the GUI files and wording modules it changed."""
    known, modules = existing_words()
    movable = [p for p in pairs if p.kind != "expression"]
    features_of: dict[tuple[str, str], set[str]] = {}
    for pair in movable:
        features_of.setdefault((pair.zh, pair.en), set()).add(module_of(pair.path))
    changed_gui: list[Path] = []
    by_file: dict[Path, list[Pair]] = {}
    for pair in movable:
        if only is None or any(pair.path.is_relative_to(folder) for folder in only):
            by_file.setdefault(pair.path, []).append(pair)
    for path, file_pairs in by_file.items():
        raw = path.read_bytes()
        starts = _offsets(raw)
        edits = []
        imported: set[str] = set()
        for pair in file_pairs:
            key = (pair.zh, pair.en)
            if key not in known:
                target = COMMON if len(features_of[key]) > 1 else module_of(path)
                if target in HAND_WRITTEN:
                    target = COMMON
                module = modules.get(target)
                if module is None:
                    module = modules[target] = Module(target, WORDING / f"{target}.py", {"Words"})
                name = constant_name(pair.en, module.names)
                module.names.add(name)
                node, last = pair.node, pair.last or pair.node
                call_start = starts[node.lineno - 1] + node.col_offset
                call_end = starts[last.end_lineno - 1] + last.end_col_offset  # type: ignore[operator]
                module.new.append((name, pair.zh, pair.en, _comments(raw, call_start, call_end)))
                known[key] = (target, name)
            target, name = known[key]
            imported.add(target)
            ref = f"{target}_words.{name}"
            fields = "".join(f", {k}={v}" for k, v in pair.fields.items())
            node, last = pair.node, pair.last or pair.node
            end = starts[last.end_lineno - 1] + last.end_col_offset  # type: ignore[operator]
            if pair.kind == "data":  # ("中", "en") -> ref; (x, "中", "en") -> (x, *ref)
                start = starts[node.lineno - 1] + node.col_offset
                edits.append((start, end, ref if pair.last is None else f"*{ref}"))
            elif pair.lang is None:  # tr(zh, en) -> tr(ref, field=value)
                func_end = starts[node.func.end_lineno - 1] + node.func.end_col_offset  # type: ignore[operator]
                edits.append((func_end, end, f"({ref}{fields})"))
            else:  # t(lang, zh, en) -> ref.pick(lang, field=value)
                start = starts[node.lineno - 1] + node.col_offset
                edits.append((start, end, f"{ref}.pick({pair.lang}{fields})"))
        for start, end, text in sorted(edits, reverse=True):
            raw = raw[:start] + text.encode("utf-8") + raw[end:]
        source = raw.decode("utf-8")
        for target in sorted(imported):
            source = _add_import(source, target)
        path.write_text(source, encoding="utf-8")
        changed_gui.append(path)
    changed_wording = []
    for module in modules.values():
        if not module.new:
            continue
        text = (
            module.path.read_text(encoding="utf-8")
            if module.path.exists()
            else HEADER.format(what=WHAT.get(module.name, module.name))
        )
        if "from memviz.wording.words import Words" not in text:
            text = _add_import(text, "words").replace(
                "from memviz.wording import words as words_words\n",
                "from memviz.wording.words import Words\n",
            )
        lines = [text.rstrip("\n") + "\n"]
        for name, zh, en, comments in module.new:
            lines.extend(f"{c}\n" for c in comments)
            lines.append(f"{name} = Words({zh!r}, {en!r})\n")
        module.path.write_text("\n".join([lines[0], "".join(lines[1:])]), encoding="utf-8")
        changed_wording.append(module.path)
    return changed_gui, changed_wording


def tidy(paths: list[Path]) -> None:
    """ruff puts the new imports in order, drops a ``t`` no longer used, and formats."""
    if not paths:
        return
    names = [str(p) for p in paths]
    subprocess.run(["ruff", "check", "--fix", "--select", "I,F401", "--quiet", *names], cwd=ROOT, check=False)
    subprocess.run(["ruff", "format", "--quiet", *names], cwd=ROOT, check=False)


def report(pairs: list[Pair]) -> Iterator[str]:
    for pair in pairs:
        if pair.kind == "expression":
            yield f"{pair.where()}: expression pair ({pair.why}): {ast.unparse(pair.node)[:100]}"
        else:
            yield f"{pair.where()}: inline {pair.kind} pair: {pair.en[:70]!r}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="list the pairs left; status 1 if one is movable"
    )
    parser.add_argument("only", nargs="*", type=Path, help="move only the pairs of these files or folders")
    args = parser.parse_args(argv)
    pairs = all_pairs()
    beyond = [p.resolve() for p in args.only if not p.resolve().is_relative_to(GUI)]
    for path in beyond:
        if path.relative_to(GUI.parent).as_posix() not in BEYOND_GUI:
            parser.error(f"{path}: not in memviz/gui nor in BEYOND_GUI (say where its words go)")
        pairs += pairs_in(path)
    if not args.check:
        gui, wording = move(pairs, [p.resolve() for p in args.only] or None)
        tidy(gui + wording)
        pairs = all_pairs()
        print(f"moved pairs in {len(gui)} files into {len(wording)} wording modules")
    for line in report(pairs):
        print(line)
    movable = sum(p.kind != "expression" for p in pairs)
    expressions = len(pairs) - movable
    print(f"{movable} movable pairs inline, {expressions} expression pairs left to move by hand")
    return 1 if movable else 0


if __name__ == "__main__":
    sys.exit(main())
