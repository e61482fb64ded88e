"""The window's words live in the wording modules, not inline in the views (issue 24).

tools/move_wording.py moves every inline ``tr("中文", "English")`` pair of memviz/gui into
memviz/wording/<feature>.py; these tests hold the rooms to that: no movable pair left inline, the
wording modules free of Qt, and the codemod itself right and re-runnable.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import memviz

ROOT = Path(memviz.__file__).parent.parent
WORDING = ROOT / "memviz" / "wording"
DOCS = ROOT / "docs" / "wording.md"


def load_codemod():
    spec = importlib.util.spec_from_file_location("move_wording", ROOT / "tools" / "move_wording.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["move_wording"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def codemod():
    return load_codemod()


def test_no_inline_pair_is_left_in_the_window(codemod):
    """Every literal or template pair of memviz/gui is in a wording module (the codemod's --check)."""
    pairs = codemod.all_pairs()
    left = [pair for pair in pairs if pair.kind != "expression"]
    assert not left, "\n".join(codemod.report(left))
    assert codemod.main(["--check"]) == 0


def test_the_expression_pairs_left_are_as_many_as_docs_say(codemod):
    """The pairs the codemod cannot move (a value that is a call) are counted in docs/wording.md: the
    number there is the real one, so the docs never say fewer are left than are."""
    left = [pair for pair in codemod.all_pairs() if pair.kind == "expression"]
    said = re.search(
        r"Expression pairs left inline in `memviz/gui`: \*\*(\d+)\*\*", DOCS.read_text(encoding="utf-8")
    )
    assert said is not None
    assert int(said.group(1)) == len(left), "\n".join(codemod.report(left))


def test_the_wording_modules_import_nothing_from_qt():
    """Written out (every import, inside functions too) and when loaded (nothing they pull in does)."""
    modules = sorted(WORDING.glob("*.py"))
    assert {"words.py", "kit.py"} <= {path.name for path in modules}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not name.startswith(("PySide6", "shiboken6", "pyqtgraph", "memviz.gui")), (path, name)
    imports = "; ".join(f"import memviz.wording.{path.stem}" for path in modules if path.stem != "__init__")
    probe = f"{imports}; import sys; print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_a_wording_picks_its_language_and_fills_its_fields():
    from memviz.wording.words import Words

    step = Words("第 {step} 步", "step {step}")
    assert step.pick("zh", step=3) == "第 3 步" and step.pick("en", step=3) == "step 3"
    assert Words("{不是字段}", "{not a field}").pick("en") == "{not a field}"  # said as written
    zh, en = step  # still a pair
    assert (zh, en) == ("第 {step} 步", "step {step}")


GUI_FILE = '''"""A view."""

from __future__ import annotations

from memviz.wording import t

THEMES = {"light": ("浅色", "Light")}
ROWS = (("view", "对比", "Compare"),)


class View:
    def texts(self, lang, step, model):
        tr = self.language.tr
        a = tr("播放", "Play")
        b = self.language.tr("播放", "Play")
        c = tr(f"第 {step} 步", f"step {step}")
        d = t(lang, f"容量 {model.capacity:,}", f"capacity {model.capacity:,}")
        e = tr(f"共 {len(model.runs)} 次", f"{len(model.runs)} runs")
        f = tr("{", "}")
        return a, b, c, d, e, f
'''
OTHER_FEATURE_FILE = '''"""Another feature."""

from __future__ import annotations


def texts(tr):
    return tr("播放", "Play"), tr(  # the same text
        "暂停",
        "Pause",
    )
'''


def test_the_codemod_moves_pairs_reuses_them_and_runs_again_without_change(tmp_path, codemod, monkeypatch):
    """Literal pairs and f-strings of names become constants (one per pair, in ``common`` when two
    features say it), the call sites say them, an f-string with a call in it stays (an expression
    pair), and a second run changes nothing."""
    gui, wording = tmp_path / "memviz" / "gui", tmp_path / "memviz" / "wording"
    (gui / "explore").mkdir(parents=True)
    (gui / "compare").mkdir()
    wording.mkdir()
    (gui / "explore" / "view.py").write_text(GUI_FILE, encoding="utf-8")
    (gui / "compare" / "lane.py").write_text(OTHER_FEATURE_FILE, encoding="utf-8")
    monkeypatch.setattr(codemod, "ROOT", tmp_path)
    monkeypatch.setattr(codemod, "GUI", gui)
    monkeypatch.setattr(codemod, "WORDING", wording)

    pairs = codemod.all_pairs()
    assert Counter(p.kind for p in pairs) == {"literal": 5, "template": 2, "data": 2, "expression": 1}
    changed, modules = codemod.move(pairs)
    assert len(changed) == 2 and {m.name for m in modules} == {"common.py", "explore.py", "compare.py"}
    view = (gui / "explore" / "view.py").read_text(encoding="utf-8")
    assert "a = tr(common_words.PLAY)" in view and "b = self.language.tr(common_words.PLAY)" in view
    assert "c = tr(explore_words.STEP_N, step=step)" in view
    assert "d = explore_words.CAPACITY_N.pick(lang, capacity=model.capacity)" in view
    assert 'e = tr(f"共 {len(model.runs)} 次", f"{len(model.runs)} runs")' in view  # left as it was
    assert "from memviz.wording import common as common_words" in view
    assert 'THEMES = {"light": explore_words.LIGHT}' in view  # a pair held as data: the Words is a tuple
    assert 'ROWS = (("view", *explore_words.COMPARE),)' in view
    lane = (gui / "compare" / "lane.py").read_text(encoding="utf-8")
    assert "# the same text" in (wording / "compare.py").read_text(encoding="utf-8")  # went with its text

    words = {}
    for name in ("explore", "common", "compare"):
        words[name] = {}
        exec((wording / f"{name}.py").read_text(encoding="utf-8"), words[name])
    assert words["common"]["PLAY"] == ("播放", "Play")
    assert words["explore"]["STEP_N"].pick("zh", step=4) == "第 4 步"
    assert words["explore"]["CAPACITY_N"].pick("en", capacity=12000) == "capacity 12,000"
    assert words["explore"]["TEXT"].pick("zh") == "{"  # no field: as written
    assert "tr(compare_words.PAUSE)" in lane

    again = codemod.all_pairs()
    assert [p.kind for p in again] == ["expression"]
    before = {path: path.read_text(encoding="utf-8") for path in tmp_path.rglob("*.py")}
    assert codemod.move(again) == ([], [])
    assert before == {path: path.read_text(encoding="utf-8") for path in tmp_path.rglob("*.py")}


def test_no_wording_module_says_a_shared_name_its_own_way():
    """Names, one table (issue 22): the ideas of memviz.wording.TERMS (forgotten revisit, eviction,
    seed, the policy setting) and the names of policies and strategies (their registry entries) are
    said through term(), policy_name() and strategy_name(); no feature's wording holds a copy of
    one, which could drift from the table."""
    import importlib

    from memviz.core.policies import POLICIES
    from memviz.core.strategies import STRATEGIES
    from memviz.wording import TERMS
    from memviz.wording.words import Words

    names = {text.lower() for pair in TERMS.values() for text in pair}
    names |= {
        text.lower() for entry in [*POLICIES.values(), *STRATEGIES.values()] for text in (entry.zh, entry.en)
    }
    copies = []
    for path in sorted(WORDING.glob("*.py")):
        module = importlib.import_module(f"memviz.wording.{path.stem}")
        for constant, words in vars(module).items():
            if isinstance(words, Words) and (words.zh.lower() in names or words.en.lower() in names):
                copies.append(f"{path.stem}.{constant} = {words}")
    assert copies == []


# Words that say the same English with another Chinese on purpose: another role, not another idea.
SAME_ENGLISH_OTHER_ROLE = {
    "": "a word only Chinese says (English needs none): 只有, 是, a sentence gap",
    "run": "a counted noun (3 次) and the column of a task's runs (第几次)",
    "steps": "a spin box's unit ( 步) and a label (步数)",
    "unlimited": "a spin box's special value (不限) and the memory panel's title (不限容量)",
    ",": "、 between names in a list (the report's duplicate pages), ， between clauses (Cost's lesson)",
    # The text reports' words (memviz report, scenario: memviz/wording/report.py, scenarios.py) that
    # are roles: a counted unit, a button, a terminal's narrower column head.
    "bootstrap": "the report's column head bootstrap 区间; the Evaluate tab's bootstrap",
    "reports": "a counted unit (3 份) and the column of reports (报告数)",
    "config": "Compare's button 换配置 (change the config) and memviz compare's column 配置",
    "step": "the playback button 下一步 (Step) and an exercise's unit 步",
    "tasks": "memviz eval's bug table's count column 任务 (byte for byte); the Evaluate tab's 任务数",
    "bugs": "a column of counts (Bug, memviz scenario's) and the Evaluate tab's page of per-bug tables (每个 Bug)",
}
# Chinese said with another English on purpose.
SAME_CHINESE_OTHER_ROLE = {
    "条": "counted nouns: entry, more entry, a spin box's unit",
    "答对了": "a verdict (right) and a line of the answers so far (answered right)",
    "答错了": "a verdict (wrong) and a line of the answers so far (answered wrong)",
    "{speed} 步/秒": "one step/s, steps/s: Chinese has no plural",
    # The text reports' words, as above: kept byte for byte, the terminal's narrower column heads.
    "95% 区间": "the ttl scenario's column 95% CI; the window's 95% interval",
    "每步 token": "the report's column tokens/step; the Cost tab's tokens per step",
    "每个 Bug 的 token": "the report's column tokens/bug; the Cost tab's tokens per bug",
    "找全的次数": "the report's column all found; the Cost tab's runs that found all",
    "重复": "memviz compare's column of counts (repeats) and a class legend's mark (repeat)",
    "这道题的设置有问题：{exc}": "an exercise's settings wrong when it is asked, and when it is graded",
    "{forgotten_revisits}/次": "memviz regret's narrow column (…/run) and the regret panel's axis (… per run)",
    "{evictions}/次": "memviz regret's narrow column (…/run) and the regret panel's axis (… per run)",
    "任务": "memviz eval's per-task table's column (task) and its bug table's count (tasks)",
    "次": "counted nouns: run, and an exercise's unit (times)",
    "步": "an exercise's unit: step, steps (Chinese has no plural), and a spin box's ( steps)",
}


def test_one_wording_per_idea_across_the_wording_modules():
    """The same English is said with the same Chinese everywhere, and the other way round (one idea,
    one wording: "Computing…" was 计算中… in one tab and 正在计算… in another; 没去过 was "not
    visited" in Explore and "never visited" in Scenarios); the exceptions above are roles, not ideas."""
    import importlib
    from collections import defaultdict

    from memviz.wording.words import Words

    chinese, english = defaultdict(set), defaultdict(set)
    for path in sorted(WORDING.glob("*.py")):
        module = importlib.import_module(f"memviz.wording.{path.stem}")
        for words in vars(module).values():
            if isinstance(words, Words):
                en, zh = " ".join(words.en.split()).lower(), words.zh.strip()
                chinese[en].add(zh)
                english[zh].add(en)
    drifted = {
        en: sorted(zh) for en, zh in chinese.items() if len(zh) > 1 and en not in SAME_ENGLISH_OTHER_ROLE
    }
    drifted |= {
        zh: sorted(en) for zh, en in english.items() if len(en) > 1 and zh not in SAME_CHINESE_OTHER_ROLE
    }
    assert drifted == {}
    assert set(SAME_ENGLISH_OTHER_ROLE) <= set(chinese) and set(SAME_CHINESE_OTHER_ROLE) <= set(english)
