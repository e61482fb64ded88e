"""No new inline zh/en pair anywhere in memviz/ (issue 40): every new text is a ``Words`` constant in
``memviz/wording/`` (docs/wording.md). The pairs still inline are counted per file in
``tests/inline_pairs_left.json``: a file may say fewer of them, never more, and a file not listed
none. Moving pairs out lowers a file's count: write the new count (or drop the file) in that list.

What is left (docs/wording.md says it file by file) is in ``memviz/core`` only, which may not import
memviz.wording; every other folder has none, and may get none. Of the core's, the registered
objects' names and rules stay, as data: a strategy's, a policy's (and clairvoyant's), a compaction
mode's, a scenario's title, lesson and arm names (``scenarios/catalog.py``, ``scenario.py``, the
scenarios' ``MODE_NAMES``), a generated site's shapes, page and bug names (``sitegen.py``). The core's
prose is counted until it moves out: ``scenarios/playback.py``'s frames (a scenario's
``play(..., lang)``, the plugin interface).

The pairs are found as tools/move_wording.py finds them in memviz/gui: ``tr("中文", "English")``,
``t(lang, "中文", f"English {x}")`` (where ``t`` comes from memviz.wording), a Chinese text
followed by an English one in a tuple or a call's arguments (literals, or f-strings: counted, not
moved), and ``"中文" if lang == "zh" else "English"``. Two texts written apart (``zh = f"…"``, then
``en = f"…"``, or an ``if`` statement's two returns) are not seen.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import memviz

ROOT = Path(memviz.__file__).parent.parent
LEFT = ROOT / "tests" / "inline_pairs_left.json"


def _codemod():
    spec = importlib.util.spec_from_file_location("move_wording", ROOT / "tools" / "move_wording.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["move_wording"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def inline_pairs() -> dict[str, list]:
    codemod = _codemod()
    found = {}
    for path in sorted((ROOT / "memviz").rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[1] == "wording":
            continue
        pairs = codemod.pairs_in(path)
        if pairs:
            found[relative.as_posix()] = pairs
    return found


def test_no_new_inline_pair_anywhere_in_memviz():
    left = json.loads(LEFT.read_text(encoding="utf-8"))
    found = inline_pairs()
    grown = {
        path: (len(pairs), left.get(path, 0))
        for path, pairs in found.items()
        if len(pairs) > left.get(path, 0)
    }
    detail = [
        f"{path}: {now} inline pairs, {was} allowed; new ones: "
        + "; ".join(f"line {p.line} {p.zh[:20]!r}/{p.en[:20]!r}" for p in found[path][-(now - was) :])
        for path, (now, was) in grown.items()
    ]
    assert not grown, "say them with a Words constant in memviz/wording/ (docs/wording.md):\n" + "\n".join(
        detail
    )


def test_the_finder_sees_a_pair_wherever_it_is(tmp_path):
    """The measure itself: a pair in a file of any folder is found, a Words constant's use is not."""
    codemod = _codemod()
    source = (
        "from memviz.wording import t\n"
        "def say(lang, n):\n"
        "    return t(lang, f'第 {n} 步', f'step {n}')\n"
        "NAMES = ('随机', 'random')\n"
        "def fine(words, lang):\n"
        "    return words.pick(lang)\n"
    )
    path = tmp_path / "anywhere.py"
    path.write_text(source, encoding="utf-8")
    kinds = sorted(pair.kind for pair in codemod.pairs_in(path))
    assert kinds == ["data", "template"]


def test_the_list_is_the_count_and_only_the_core_keeps_pairs():
    """The list says what is left, not more (a count left high would let a new pair in unseen), and
    nothing outside memviz/core is in it: the rest of memviz says every text through memviz/wording."""
    left = json.loads(LEFT.read_text(encoding="utf-8"))
    found = {path: len(pairs) for path, pairs in inline_pairs().items()}
    assert left == found, "write the counts found in tests/inline_pairs_left.json"
    assert all(path.startswith("memviz/core/") for path in left)
