"""The hostile-input campaign (tools/hostile_campaign.py, issue 23) in the default run: a seeded sample
of its cheap cases, run as the campaign runs them, must all be clean; and the campaign's own judge
must see each kind of problem (a campaign that cannot fail proves nothing).

The full campaign, every class, ~15 minutes: `nice -n 10 python3 tools/hostile_campaign.py`."""

from __future__ import annotations

import importlib.util
import random
import signal
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"
sys.path.insert(0, str(TOOLS))  # the campaign imports its cases as a sibling module
spec = importlib.util.spec_from_file_location("hostile_campaign", TOOLS / "hostile_campaign.py")
campaign = importlib.util.module_from_spec(spec)
spec.loader.exec_module(campaign)
cases_module = sys.modules["hostile_cases"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, sockets, devices, POSIX signals")

# The sample's cases take about a second each: no window, no video, no 10,000-page site.
HEAVY_WORDS = ("snapshot", "record", "10,000", "serve", "crawl", "window")


def quick_sample(seed: int, groups: tuple[str, ...]) -> list:
    """One cheap case of each class in ``groups``, drawn by ``seed``."""
    rng = random.Random(seed)
    sample = []
    for group in groups:
        cheap = [
            c
            for c in cases_module.all_cases(seed, (group,))
            if not any(word in " ".join(map(str, c.argv)) + c.name for word in HEAVY_WORDS) and c.send is None
        ]
        sample.append(rng.choice(cheap))
    return sample


def test_the_cases_are_the_same_for_the_same_seed_and_cover_every_class():
    first = cases_module.all_cases(23)
    assert [c.name for c in first] == [c.name for c in cases_module.all_cases(23)]
    assert {c.group for c in first} == set(cases_module.GROUPS)
    assert len(first) > 800
    signals = [c for c in first if c.group == "signal"]
    assert {c.send[0] for c in signals} == {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    assert any(c.ignored for c in signals)
    assert [c.send for c in signals] != [c.send for c in cases_module.all_cases(24, ("signal",))]


@pytest.mark.parametrize(
    ("seed", "groups"), [(1, ("memory", "output", "cli")), (2, ("stdout", "names", "site"))]
)
def test_a_seeded_sample_of_the_campaign_is_clean(tmp_path, seed, groups):
    results = campaign.run_all(quick_sample(seed, groups), jobs=2, base=tmp_path, verbose=False)
    problems = [(outcome.case.name, found, outcome.stderr[-300:]) for outcome, found in results if found]
    assert problems == []
    assert list(tmp_path.iterdir()) == []  # every case's folder removed


def _outcome(status=0, stderr=b"", stdout=b"", lang="C.UTF-8", **case_fields):
    fields = {"name": "x", "group": "cli", "argv": ("run",), "expect": frozenset({0, 2}), **case_fields}
    outcome = cases_module.Outcome(cases_module.Case(**fields), status, stdout, stderr, 1.0)
    outcome.folder, outcome.lang = "/tmp/case-x", lang
    return outcome


@pytest.mark.parametrize(
    ("outcome", "problem"),
    [
        (_outcome(2, b"Traceback (most recent call last):\n  File x\nValueError: x\n"), "traceback"),
        (_outcome(-11), "crash"),
        (_outcome(None), "hang"),
        (_outcome(3), "status"),
        (_outcome(2, b"memviz: error: a\nb\n"), "lines"),
        (_outcome(0, stdout=b"path: \x1b[2J\n"), "raw"),
        (_outcome(0, stdout=b"path: \xe2\x80\xaeevil\n"), "raw"),
        (_outcome(2, b"memviz: error: fine\n"), None),
        (_outcome(0, stdout=b"a\tb\nc\n"), None),
        (
            _outcome(
                2, "memviz：错误：version: 'x' is not a version of this site\n".encode(), lang="zh_CN.UTF-8"
            ),
            "english",
        ),
        (
            _outcome(2, b"memviz: error: argument --seed: must be a whole number\n", lang="zh_CN.UTF-8"),
            "english",
        ),
        (
            _outcome(2, "memviz：错误：参数 --seed：必须是整数，实际为 'x'\n".encode(), lang="zh_CN.UTF-8"),
            None,
        ),
        (_outcome(2, b"memviz: error: argument --seed: must be a whole number\n"), None),  # an English system
        (
            _outcome(
                0, "memviz serve：…\nWARNING:  Invalid HTTP request received.\n".encode(), lang="zh_CN.UTF-8"
            ),
            "english",
        ),
        (
            _outcome(
                2,
                b"memviz: error: argument --lang: invalid choice\n",
                lang="zh_CN.UTF-8",
                argv=("run", "--lang", "xx"),
            ),
            None,
        ),  # a --lang of its own: not the system's language
    ],
)
def test_the_judge_sees_each_kind_of_problem(outcome, problem):
    found = [f.split(":")[0] for f in campaign.problems(outcome)]
    assert found == ([problem] if problem else [])


def test_the_judge_sees_a_file_changed_a_temporary_file_left_and_a_slow_stop():
    outcome = _outcome(
        143, b"memviz: stopped (terminated)\n", expect=frozenset({143}), send=(signal.SIGTERM, 1)
    )
    outcome.changed, outcome.left, outcome.after_signal = ["mem/progress.json"], ["tmp/.memviz-x.gif"], 9.0
    found = [f.split(":")[0] for f in campaign.problems(outcome)]
    assert found == ["hang", "file", "temp"]


def test_a_guarded_file_is_compared_by_kind_and_content(tmp_path):
    path = tmp_path / "mine"
    path.write_text("mine", encoding="utf-8")
    before = campaign._fingerprint(str(path))
    path.write_text("yours", encoding="utf-8")
    assert campaign._fingerprint(str(path)) != before
    path.unlink()
    path.symlink_to(tmp_path / "elsewhere")
    assert campaign._fingerprint(str(path))[1] == str(tmp_path / "elsewhere")


def test_a_signal_before_memviz_started_is_judged_as_python_ends():
    """Killed by the signal while Python was starting is how any Python program ends there; after
    memviz's first line the same outcome is a crash."""
    early = _outcome(-15, expect=frozenset({143, 0}), send=(signal.SIGTERM, 0.1))
    early.after_signal, early.before_memviz = 0.01, True
    assert campaign.problems(early) == []
    late = _outcome(-15, expect=frozenset({143, 0}), send=(signal.SIGTERM, 2.0))
    late.after_signal = 0.01
    assert [f.split(":")[0] for f in campaign.problems(late)] == ["crash"]
    left = _outcome(-15, expect=frozenset({143, 0}), send=(signal.SIGTERM, 0.1))
    left.after_signal, left.before_memviz, left.left = 0.01, True, ["tmp/.memviz-a.gif"]
    assert "temp" in [f.split(":")[0] for f in campaign.problems(left)]
