"""Chinese text quotes with 「」, never ASCII quotes (issue 40: "'已测'" on the Scenarios tab)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A pair of ASCII single quotes around words with a Chinese character in them, on one line.
ASCII_QUOTED_CHINESE = re.compile(r"'([^'\n\"{}]*[\u4e00-\u9fff][^'\n\"{}]*)'")


def quoted(text: str) -> list[str]:
    return [m.group(0) for m in ASCII_QUOTED_CHINESE.finditer(text)]


def test_the_finder_sees_ascii_quotes_and_not_corner_brackets():
    assert quoted("保留旧记忆：'已测过'不再复测") == ["'已测过'"]
    assert quoted("保留旧记忆：「已测过」不再复测") == []
    assert quoted("f\"{site.page_name(p, 'zh')}\"") == []


def test_no_chinese_text_is_in_ascii_quotes():
    found = {
        str(path.relative_to(ROOT)): quoted(path.read_text(encoding="utf-8"))
        for path in [*ROOT.glob("memviz/**/*.py"), *ROOT.glob("resources/**/*.json")]
    }
    assert {path: hits for path, hits in found.items() if hits} == {}
