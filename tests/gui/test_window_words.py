"""Names, one table (issue 22): every tab says each idea the one way, in every size and language.

Each tab is opened in the real main window of its own process (window_words_probe.py, a 1920×1080
offscreen screen) at 1280×720 and 1920×1080, in Chinese and English; every text a reader can see
there (widgets, menus, tooltips, scenes, and what the views paint) is checked against the forms that
said an idea another way: the retired words of memviz.wording.RETIRED_WORDS, a policy's name said
twice ("Clairvoyant: clairvoyant:"), a count of one in the plural ("1 bugs lost"), Latin or digits
against Chinese without a space ("FIFO忘了首页"), a policy's name not as registered ("Lru", "fifo"),
a standalone name not capitalised, and the policy setting under another name.
"""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from memviz.core.policies import POLICIES
from memviz.wording import RETIRED_WORDS, capitalized, policy_name, term

PROBE = Path(__file__).with_name("window_words_probe.py")
SIZES = ("1280x720", "1920x1080")
TABS = ("explore", "compare", "batch", "sweep", "cost", "scenarios", "evaluate", "exercises", "info")
NOUNS = (
    "bugs|runs|steps|entries|pages|seeds|times|tasks|reports|duplicates|evictions|revisits|repeats"
    "|lanes|links|visits|calls|tokens|slots|files|points|questions|exercises|columns|rows|hops|pairs"
)
CJK = r"\u4e00-\u9fff"


def wrong_forms(lang: str) -> list[tuple[re.Pattern, str]]:
    """(pattern, what it says wrong) for texts in ``lang``."""
    keys = [p.name for p in POLICIES.values() if p.name != policy_name(p.name, "en")]  # lru, opt, ...
    registered = "|".join(re.escape(k) for k in keys + [k.capitalize() for k in keys])
    forms = [
        (
            re.compile("|".join(re.escape(w) for w in RETIRED_WORDS)),
            "a retired word (memviz.wording.RETIRED_WORDS)",
        ),
        (
            re.compile(rf"(?<![\w{CJK}])([A-Za-z{CJK}][A-Za-z {CJK}]*?)[:：] ?\1\b", re.IGNORECASE),
            "a name said twice",
        ),
        # a policy's registry key where its name belongs (lru, fifo, opt, ttl), or an acronym in
        # another case ("Lru"); the command line's own spelling (--policy lru, frontier/12/fifo) aside
        (
            re.compile(rf"(?<![-/=\w])(?<!--policy )({registered})\b(?![/=])"),
            "a policy's name not as registered",
        ),
    ]
    if lang == "en":
        forms += [
            (re.compile(rf"(?<![\d.,])\b1 ({NOUNS})\b"), "a count of one in the plural"),
            (
                re.compile(r"\b(forgetting|forget) policy\b", re.IGNORECASE),
                f"the policy setting is {term('policy_setting', 'en')!r}",
            ),
            (
                re.compile(r"\bforgotten[- ]re-visit|\brevisits? after forgetting\b", re.IGNORECASE),
                "a forgotten revisit by another name",
            ),
        ]
        standalone = [policy_name(p.name, "en") for p in POLICIES.values()]
        lower = "|".join(re.escape(n) for n in standalone if n != n.capitalize() and n[:1].islower())
        forms.append((re.compile(rf"^({lower})$"), "a policy's name standing alone, not capitalised"))
    else:
        forms.append(
            (
                re.compile(rf"[A-Za-z0-9][{CJK}]|[{CJK}][A-Za-z0-9]"),
                "Latin or digits against Chinese without a space",
            )
        )
    return forms


@functools.cache
def site_words() -> tuple[str, ...]:
    """The site's page and bug names: the chapter's own ("Feed 第2页", "搜索第2页"), said as written."""
    from memviz.core.site import load_site

    site = load_site()
    names = [name for page in site.pages for name in page.names.values()]
    names += [name for bug in site.bug_by_page.values() for name in bug.names.values()]
    return tuple(sorted(set(names), key=len, reverse=True))


def inconsistencies(texts: list[str], lang: str) -> list[str]:
    found = []
    data = site_words()
    for text in texts:
        for name in data:
            text = text.replace(name, "「」")  # a name in a sentence: the sentence still checked
        for pattern, what in wrong_forms(lang):
            match = pattern.search(text)
            if match:
                found.append(f"{what}: {match.group(0)!r} in {text[:90]!r}")
    return found


def test_the_check_finds_each_form_the_issue_names():
    """The forms the issue found, each caught; the right ones pass."""
    assert inconsistencies(["Clairvoyant: clairvoyant: it knows the future"], "en")
    assert inconsistencies(["1 bugs lost"], "en") and not inconsistencies(["1 bug lost", "11 bugs"], "en")
    assert inconsistencies(["FIFO忘了首页"], "zh") and not inconsistencies(["FIFO 忘了首页"], "zh")
    assert inconsistencies(["遗忘策略"], "zh") and inconsistencies(["种子 1000"], "zh")
    assert inconsistencies(["Lru"], "en") and inconsistencies(["eviction fifo"], "en")
    assert inconsistencies(["clairvoyant"], "en") and not inconsistencies(["Clairvoyant", "LRU"], "en")
    assert not inconsistencies(["memviz run --policy lru", "frontier/12/fifo"], "en")
    assert inconsistencies(["3 misses"], "en") and inconsistencies(["Forgetting policy"], "en")


@pytest.fixture(scope="module")
def screen_1080p(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("screen") / "screen.json"
    screen = {"name": "classroom", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1}
    path.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return f"offscreen:configfile={path}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tab", TABS)
def test_every_tab_says_each_name_one_way(screen_1080p, tab, size):
    env = {**os.environ, "QT_QPA_PLATFORM": screen_1080p}
    done = subprocess.run(
        [sys.executable, str(PROBE), tab, size],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert [(r["size"], r["lang"]) for r in report] == [(size, "zh"), (size, "en")]
    problems = []
    for shown in report:
        assert len(shown["texts"]) > 20  # the walk saw the tab, not an empty window
        problems += [f"{shown['lang']}: {p}" for p in inconsistencies(shown["texts"], shown["lang"])]
        if tab == "explore":  # the settings say the table's words: 淘汰策略 / Eviction policy, seed / Seed
            lang = shown["lang"]
            assert term("policy_setting", lang) in shown["texts"]
            assert (term("seed", lang) if lang == "zh" else capitalized(term("seed", lang))) in shown["texts"]
    assert problems == [], "\n".join(sorted(set(problems)))
