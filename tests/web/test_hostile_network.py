"""The network campaign (tools/hostile_network.py): a few of its cases, each a real `memviz crawl`
process under --lang zh against a misbehaving site on 127.0.0.1, judged clean (no request reaches
127.0.0.2); and its judge, shown each kind of problem."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import hostile_network

from tests.web.hostile_site import HostileSite, html_page

SAMPLE = (
    "start 302 -> 'http://127.0.0.1:1@127.0.0.2:",  # a userinfo trick: the host is 127.0.0.2
    "later 307 -> '//127.0.0.2:",  # scheme-relative, on a later step
    "drip: headers",
    "101 headers",
    "charset 'rot13'",
)


@pytest.fixture(scope="module")
def other_host():
    other = HostileSite({"*": html_page("/stolen")}, host="127.0.0.2")
    yield other
    other.stop()


@pytest.mark.parametrize("start", SAMPLE)
def test_a_case_of_the_network_campaign_is_clean_in_chinese(other_host, tmp_path, start):
    [case] = [c for c in hostile_network.crawl_cases(other_host.url) if c.name.startswith(start)][:1]
    problems, tail = hostile_network.run_crawl(case, "zh", other_host, tmp_path)
    assert problems == set(), tail
    assert other_host.asked == []


def test_the_judge_sees_each_kind_of_problem():
    judged = hostile_network._judged
    assert judged(2, "memviz：错误：无法访问\n", (2,), "zh") == set()
    assert judged(2, "memviz: error: cannot reach\n", (2,), "zh") == {"english"}
    assert judged(1, "Traceback (most recent call last):\nValueError: x\n", (0, 2), "en") == {
        "traceback",
        "status",
    }
    assert judged(2, "memviz: error: one\nand two\n", (2,), "en") == {"lines"}
