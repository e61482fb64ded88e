"""Every error line of the command line follows the language (issue 28): --lang zh, or the system's
Chinese (LANG=zh_CN.UTF-8), gives one Chinese line and the same exit status; English is unchanged."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz import stopping
from memviz.cli import commands
from memviz.core.strategies import STRATEGIES
from memviz.display import window_problem
from memviz.wording.errors import SHAPES, WORDS, error_line, shape_of, translated

HAN = re.compile(r"[\u4e00-\u9fff]")
SYSTEM_LANGUAGE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def system_lang(monkeypatch):
    """Set the system's language as a shell would (the variables memviz.languages reads)."""

    def use(tag: str) -> None:
        for name in SYSTEM_LANGUAGE:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", tag)

    use("C.UTF-8")
    return use


def bad_site(tmp_path: Path) -> Path:
    path = tmp_path / "site.json"
    pages = [{"zh": "a", "en": "a", "links": [1]}, {"zh": "b", "en": "b", "links": [1]}]
    path.write_text(json.dumps({"format": "memviz-site/1", "name": "s", "pages": pages, "bugs": []}))
    return path


def bad_trace(tmp_path: Path) -> Path:
    path = tmp_path / "t.jsonl"
    path.write_text('{"format": "memviz-trace/1"}\n')
    return path


def bad_tasks(tmp_path: Path) -> Path:
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps({"format": "memviz-tasks/1", "name": "x", "tasks": []}))
    return path


def argparse_invalid_choice(value: str, choices: list[str]) -> str:
    """argparse's own words for a value not among ``choices``, from this Python's argparse: they
    changed in Python 3.12.8 and 3.13.1, which list the choices without quotes (seen on Debian 13)."""
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--x", choices=choices)
    try:
        parser.parse_args(["--x", value])
    except argparse.ArgumentError as error:
        return error.message
    raise AssertionError(f"{value!r} was accepted among {choices}")


def existing(tmp_path: Path) -> Path:
    path = tmp_path / "shot.png"
    path.write_bytes(b"mine")
    return path


# (what is wrong, the arguments, the exit status, the English line as memviz has always said it)
CASES = [
    ("limit", lambda p: ["run", "--capacity", "0"], 2,
     "memviz: error: argument --capacity: must be between 1 and 100000, got 0"),
    ("argparse choice", lambda p: ["run", "--strategy", "x"], 2,
     "memviz: error: argument --strategy: " + argparse_invalid_choice("x", list(STRATEGIES.choices()))),
    ("argparse required", lambda p: ["snapshot"], 2, "memviz: error: the following arguments are required: --out"),
    ("argparse unknown", lambda p: ["run", "--bogus"], 2, "memviz: error: unrecognized arguments: --bogus"),
    ("argparse value", lambda p: ["run", "--budget"], 2, "memviz: error: argument --budget: expected one argument"),
    ("cli check", lambda p: ["batch", "--runs", "1"], 2,
     "memviz: error: runs: a batch needs at least 2 runs for an interval"),
    ("work bound", lambda p: ["batch", "--runs", "50000", "--budget", "1000"], 2,
     "memviz: error: runs: 50000 runs of up to 1000 steps is 50000000 steps in all; a batch may take at most "
     "5000000 (fewer runs or fewer steps)"),
    ("site file missing", lambda p: ["run", "--site", str(p / "none.json")], 2,
     f"memviz: error: site file not found: {{p}}{os.sep}none.json"),
    ("site", lambda p: ["run", "--site", str(bad_site(p))], 2,
     f"memviz: error: {{p}}{os.sep}site.json: pages[1].links: page 1 links to itself"),
    ("trace", lambda p: ["trace", "stats", str(bad_trace(p))], 2,
     f"memviz: error: {{p}}{os.sep}t.jsonl: line 1: agent: expected a non-empty text, got None"),
    ("task file", lambda p: ["eval", "--tasks", str(bad_tasks(p)), "frontier", "visited"], 2,
     f"memviz: error: {{p}}{os.sep}tasks.json: site: expected a built-in site name or a site file next to the "
     "task file"),
    ("output file", lambda p: ["snapshot", "--out", str(existing(p))], 2,
     f"memviz: error: out: {{p}}{os.sep}shot.png already exists (add --force to replace it)"),
    ("crawl", lambda p: ["crawl", "ftp://x"], 2,
     "memviz: error: URL: expected an http:// or https:// address, got 'ftp://x'"),
    ("compare", lambda p: ["compare", "frontier"], 2, "memviz: error: config: give 2 to 4 configs, got 1"),
    ("scenario", lambda p: ["scenario", "ttl", "--strategy", "random"], 2,
     "memviz: error: strategy: a scenario's runs need memory: choose from visited, frontier"),
    ("site generate", lambda p: ["site", "generate", "--shape", "ring", "--pages", "5", "--bugs", "9",
                                 "--out", str(p / "g.json")], 2,
     "memviz: error: bugs: must be between 0 and 4 (pages other than the start), got 9"),
    ("record settings", lambda p: ["record", "--out", str(p / "a.webm")], 2,
     "memviz: error: out: the file name must end in .mp4 or .gif, got 'a.webm'"),
]  # fmt: skip
IDS = [case[0] for case in CASES]


def run_cli(argv: list[str], capsys) -> tuple[int, str]:
    status = commands.main(argv)
    return status, capsys.readouterr().err


def one_chinese_line(err: str, tmp_path: Path | None = None) -> str:
    lines = err.replace(str(tmp_path), "").splitlines() if tmp_path else err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("memviz：错误：") or lines[0].startswith("memviz：已"), err
    assert HAN.search(lines[0].partition("：错误：")[2] or lines[0]), err
    assert "error" not in lines[0] and "must" not in lines[0] and "expected" not in lines[0], err
    return lines[0]


@pytest.mark.parametrize(("name", "argv", "status", "english"), CASES, ids=IDS)
def test_english_lines_are_unchanged(name, argv, status, english, tmp_path, capsys, system_lang):
    assert run_cli(argv(tmp_path), capsys) == (status, english.format(p=tmp_path) + "\n")


@pytest.mark.parametrize(("name", "argv", "status", "english"), CASES, ids=IDS)
def test_lang_zh_gives_one_chinese_line(name, argv, status, english, tmp_path, capsys, system_lang):
    got, err = run_cli(["--lang", "zh", *argv(tmp_path)], capsys)
    assert got == status
    line = one_chinese_line(err, tmp_path)
    numbers = Counter(re.findall(r"\d", english.format(p="")))
    assert not numbers - Counter(re.findall(r"\d", line)), line  # every number is still there


@pytest.mark.parametrize(("name", "argv", "status", "english"), CASES, ids=IDS)
def test_system_chinese_gives_the_same_line(name, argv, status, english, tmp_path, capsys, system_lang):
    zh_status, zh_err = run_cli(["--lang", "zh", *argv(tmp_path)], capsys)
    system_lang("zh_CN.UTF-8")
    assert run_cli(argv(tmp_path), capsys) == (zh_status, zh_err)


def test_lang_after_the_command_counts_before_parsing_ends(capsys, system_lang):
    status, err = run_cli(["run", "--capacity", "0", "--lang", "zh"], capsys)
    assert (status, err) == (2, "memviz：错误：参数 --capacity：必须在 1 到 100000 之间，实际为 0\n")
    system_lang("zh_CN.UTF-8")  # and an explicit --lang en wins over a Chinese system
    assert run_cli(["--lang=en", "run", "--capacity", "0"], capsys)[1].startswith("memviz: error: argument")


def test_argparse_speaks_only_while_parsing(capsys, system_lang):
    import argparse

    run_cli(["--lang", "zh", "run", "--bogus"], capsys)
    assert argparse._("usage: ") == "usage: "  # put back: the next command line (or test) is English
    with pytest.raises(SystemExit):
        commands.main(["--lang", "zh", "run", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("用法：memviz run") and "\n选项:\n  -h, --help" in out and "显示帮助并退出" in out
    with pytest.raises(SystemExit):
        commands.main(["run", "--help"])
    assert "\noptions:\n  -h, --help            show this help message and exit" in capsys.readouterr().out


def test_no_display_line(monkeypatch, capsys, system_lang):
    # a Linux machine with no display, on any machine (a Mac or Windows would open the window)
    monkeypatch.setattr(commands, "window_problem", lambda: window_problem({}, "linux"))
    status, err = run_cli(["--lang", "zh"], capsys)
    assert status == 2
    assert one_chinese_line(err).startswith(
        "memviz：错误：找不到显示器（DISPLAY 和 WAYLAND_DISPLAY 都没有设置）"
    )
    assert "`memviz snapshot --out shot.png`" in err
    assert run_cli([], capsys)[1].startswith("memviz: error: no display found")


def test_missing_x11_libraries_line():
    from memviz.display import QT_LIBRARIES

    english = window_problem({"DISPLAY": ":0"}, "linux", lambda name: "lib" if name in QT_LIBRARIES else None)
    zh = translated(english, "zh")
    assert zh.startswith("Qt 的窗口缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install libx11-xcb1 ")
    assert "不需要显示器也能用" in zh and not re.search(r"[a-z]{3,} (?:are|is|work|needs)", zh)


def test_missing_qt_libraries_line():
    english = window_problem({"DISPLAY": ":0"}, "linux", lambda name: None)
    zh = translated(english, "zh")
    assert zh.startswith("Qt 缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install libegl1 libgl1 ")
    assert zh.endswith("libxkbcommon-x11-0") and not re.search(r"[a-z]{3,} (?:are|is|work|needs)", zh)


def test_output_closed_and_signals(monkeypatch, capsys, system_lang):
    monkeypatch.setattr(sys, "stdout", None)
    assert run_cli(["--lang", "zh", "report"], capsys) == (1, "memviz：错误：标准输出已关闭：结果无处可写\n")
    monkeypatch.undo()
    system_lang("zh_CN.UTF-8")

    def interrupted(args):
        raise KeyboardInterrupt

    def terminated(args):
        assert stopping.LINES[signal.SIGINT] == "memviz：已中断"  # what a signal would say now
        raise stopping.Stopped(signal.SIGTERM)

    monkeypatch.setitem(commands.COMMANDS, "report", interrupted)
    assert run_cli(["report"], capsys) == (130, "memviz：已中断\n")
    monkeypatch.setitem(commands.COMMANDS, "report", terminated)
    assert run_cli(["report"], capsys) == (143, "memviz：已停止（进程被终止）\n")
    assert stopping.LINES[signal.SIGINT] == "memviz: interrupted"  # put back as the command ends


def test_an_unknown_line_stays_whole():
    line = "something: nobody has worded this yet (42)"
    assert translated(line, "zh") == line
    assert error_line(line, "zh") == "memviz：错误：" + line
    assert error_line(line, "en") == "memviz: error: " + line


def test_the_process_speaks_chinese_under_lang_zh_cn(tmp_path):
    """The installed entry point, as a user runs it: LANG=zh_CN.UTF-8 and no --lang."""
    env = {k: v for k, v in os.environ.items() if k not in SYSTEM_LANGUAGE}
    env["LANG"] = "zh_CN.UTF-8"
    done = subprocess.run(
        [sys.executable, "-m", "memviz", "run", "--capacity", "0"],
        capture_output=True, text=True, encoding="utf-8", env=env, timeout=60,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (
        2,
        "memviz：错误：参数 --capacity：必须在 1 到 100000 之间，实际为 0\n",
    )


# -- the table, as a property: the Chinese line keeps the English one's data -----------------------------


def _messages() -> st.SearchStrategy[str]:
    heads = st.lists(st.one_of(st.from_regex(r"[a-z_]{1,8}(\[\d{1,3}\])?", fullmatch=True),
                               st.integers(0, 9999).map(lambda n: f"line {n}")), max_size=3)  # fmt: skip
    shapes = st.sampled_from(SHAPES).flatmap(lambda shape: st.from_regex(shape.pattern, fullmatch=True))
    return st.tuples(heads, shapes).map(lambda parts: "".join(h + ": " for h in parts[0]) + parts[1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_messages())
def test_a_translated_line_keeps_every_number_and_field(message):
    found = shape_of(message)
    zh = translated(message, "zh")
    if found is None:
        assert zh == message
        return
    shape, match = found
    assert Counter(re.findall(r"\d", message)) <= Counter(re.findall(r"\d", zh)), (message, zh)
    for name, value in match.groupdict(default="").items():
        if name not in shape.words:
            assert value in zh, (name, value, message, zh)
    heads = message[: len(message) - len(match.string)]  # the match is on the problem after the heads
    for head in re.split(r": |：", heads):
        if head and not re.fullmatch(r"line \d+", head):
            assert head in zh, (head, message, zh)


def test_every_word_has_no_data():
    assert not any(re.search(r"\d", word) for word in WORDS)


@pytest.mark.parametrize(
    ("argv", "zh"),
    [
        (
            ["compare", "frontier/3/fifo", "frontier/3/opt", "--budget", "100000"],
            "memviz：错误：frontier/3/opt 在 133 条链接上前瞻 100000 步：共 1513300000 单位的前瞻计算，"
            "最多 5000000（调小 --budget、减少运行次数、换个小一点的站点或换个淘汰策略）",
        ),
        (
            ["regret", "frontier", "visited", "frontier/3", "frontier/5", "--runs", "50000"],
            "memviz：错误：4 条路线 × 50000 次运行 × 30 步：共 6000000 路线步，最多 1000000"
            "（减少运行次数或调小 --budget）",
        ),
        (
            ["scenario", "dedup", "--runs", "5000", "--sessions", "50"],
            "memviz：错误：场景 dedup：5000 次运行 × 每个 seed 50 次 × 30 步：共 7500000 运行步，最多 400000"
            "（减少 --runs 或 --sessions）",
        ),
    ],
    ids=["look-ahead", "lane steps", "run steps"],
)
def test_a_work_bound_speaks_chinese_whole(capsys, system_lang, argv, zh):
    """The work bounds (issue 23) were the one kind of refusal still English under --lang zh."""
    status, err = run_cli(["--lang", "zh", *argv], capsys)
    assert (status, one_chinese_line(err)) == (2, zh)
    assert not re.search(r"[a-z]{3,} (?:in all|at most|lanes|runs|steps|looks)", err)


def test_every_rule_says_its_problem_in_chinese():
    """A rule's template is a Chinese sentence (the data put in it may be English; its words are not)."""
    from memviz.wording.error_rules import HEAD_RULES, WORDS

    english = [shape.pattern.pattern for shape in SHAPES if not HAN.search(shape.zh)]
    english += [regex for regex, zh in HEAD_RULES if not HAN.search(zh)]
    english += [word for word, zh in WORDS.items() if not HAN.search(zh)]
    assert english == []
