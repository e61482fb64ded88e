"""Under --lang zh every message is Chinese (issue 36): each error path the hostile campaign named
(the trace reader, the importers, file checks, the memory folder, config strings, scenario options,
the JSON decoder's detail) and the project's own hostile cases (tools/hostile_cases.py), run
in-process, give lines with no English sentence in them. Data stays as it was (paths, values, field
names, option names); a message another library wrote is wrapped in a Chinese sentence, not pasted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from memviz.cli import commands
from memviz.core.limits import one_line

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))  # the campaign's cases import their fixtures as a sibling module
import hostile_cases  # noqa: E402


def english_in(line: str, folder: Path | None = None, given: tuple[str, ...] = ()) -> str | None:
    """The campaign's judge (tools/hostile_cases.english_sentence): the English sentence in a line
    memviz printed under --lang zh, or None. ``given``: the command line's arguments, as printed."""
    return hostile_cases.english_sentence(line, str(folder) if folder else "", tuple(map(one_line, given)))


def test_the_judge_sees_english():
    assert english_in("memviz：错误：version: 'x' is not a version of this site") is not None
    assert english_in("memviz：错误：版本：'x' is not a version") == "is not a version"
    assert english_in("memviz：错误：策略：未知的策略 'zzz'（可选：random, visited, frontier）") is None
    assert english_in("memviz：错误：seed0: seeds 1..2 go past 3") is not None
    assert english_in("memviz：错误：参数 --seed：必须在 0 到 4294967295 之间，实际为 -1") is None
    assert english_in("memviz：错误：站点文件不是有效的 JSON：/a b.json，第 1 行第 2 列：应为一个值") is None
    assert english_in("memviz：错误：参数 --x：x must be a probability 0..1, got 2") is not None


def run_zh(argv: list[str], capsys) -> tuple[int, list[str]]:
    status = commands.main(["--lang", "zh", *argv])
    return status, capsys.readouterr().err.splitlines()


# -- the paths the campaign named ---------------------------------------------------------------------


def _write(path: Path, data: str | bytes) -> str:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


SITE = {"format": "memviz-site/1", "name": "s", "start": 0, "nav": [], "bugs": [],
        "pages": [{"zh": "a", "en": "a", "links": [1]}, {"zh": "b", "en": "b", "links": [0]}]}  # fmt: skip
HEADER = {"format": "memviz-trace/1", "agent": "x", "site": None, "config": None}
START = {"step": 0, "url": "http://h/", "page": 0, "action": "start", "tokens": 0, "reports": []}


def _trace(*lines: object) -> str:
    return "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"


def _site_with(**fields) -> str:
    return json.dumps({**SITE, **fields})


# (name, file name, its content, the command line with {f} for the file)
FILES = [
    ("json decoder", "s.json", '{"format": ', ["run", "--site", "{f}"]),
    ("json decoder comma", "s.json", '{"a": 1 "b": 2}', ["run", "--site", "{f}"]),
    ("json extra data", "s.json", "{} {}", ["run", "--site", "{f}"]),
    ("json control character", "s.json", '{"a": "x\ny"}', ["run", "--site", "{f}"]),
    ("json bad escape", "s.json", '{"a": "\\q"}', ["run", "--site", "{f}"]),
    ("json property name", "s.json", "{'a': 1}", ["run", "--site", "{f}"]),
    ("json unterminated", "s.json", '{"a": "x', ["run", "--site", "{f}"]),
    ("number memviz cannot use", "s.json", _site_with(name=float("nan")), ["run", "--site", "{f}"]),
    ("huge number", "s.json", '{"a": ' + "9" * 40 + "}", ["run", "--site", "{f}"]),
    ("infinite number", "s.json", '{"a": 1e999}', ["run", "--site", "{f}"]),
    ("not valid unicode", "s.json", _site_with(name="\\ud800").replace("\\\\ud800", "\\ud800"), ["run", "--site", "{f}"]),
    ("not utf-8", "s.json", b"\xff\xfe{}", ["run", "--site", "{f}"]),
    ("nested too deep", "s.json", "[" * 40 + "]" * 40, ["run", "--site", "{f}"]),
    ("site without versions", "s.json", json.dumps(SITE), ["scenario", "version", "--site", "{f}"]),
    ("trace: json", "t.jsonl", '{"format": \n', ["trace", "stats", "{f}"]),
    ("trace: empty", "t.jsonl", "", ["trace", "stats", "{f}"]),
    ("trace: format", "t.jsonl", _trace({**HEADER, "format": "x"}, START), ["trace", "stats", "{f}"]),
    ("trace: not an object", "t.jsonl", _trace("[1]", START), ["trace", "stats", "{f}"]),
    ("trace: no steps", "t.jsonl", _trace(HEADER), ["trace", "stats", "{f}"]),
    ("trace: step", "t.jsonl", _trace(HEADER, {**START, "step": 3}), ["trace", "stats", "{f}"]),
    ("trace: action", "t.jsonl", _trace(HEADER, {**START, "action": "fly"}), ["trace", "stats", "{f}"]),
    ("trace: start twice", "t.jsonl", _trace(HEADER, START, {**START, "step": 1}), ["trace", "stats", "{f}"]),
    ("trace: nan", "t.jsonl", _trace(HEADER, {**START, "tokens": "NaN"}).replace('"NaN"', "NaN"), ["trace", "stats", "{f}"]),
    ("trace: deep", "t.jsonl", _trace(HEADER, "[" * 40 + "]" * 40), ["trace", "stats", "{f}"]),
    ("trace: surrogate", "t.jsonl", _trace({**HEADER, "agent": "\\ud800"}, START).replace("\\\\ud800", "\\ud800"), ["trace", "stats", "{f}"]),
    ("trace: second header", "t.jsonl", _trace(HEADER, START, HEADER), ["trace", "stats", "{f}"]),
    ("trace: not utf-8", "t.jsonl", b"\xff\n", ["trace", "stats", "{f}"]),
    ("trace: tokens", "t.jsonl", _trace(HEADER, {**START, "tokens": -1}), ["trace", "stats", "{f}"]),
    ("trace: reports", "t.jsonl", _trace(HEADER, {**START, "reports": [1]}), ["trace", "stats", "{f}"]),
    ("recorded run off the site", "t.jsonl", _trace(HEADER, {**START, "page": 99}), ["--trace", "{f}"]),
    ("recorded run with opt", "t.jsonl", _trace(HEADER, START), ["--trace", "{f}", "--policy", "opt", "--capacity", "2"]),
    ("recorded run nowhere", "t.jsonl", _trace(HEADER, {**START, "page": None}), ["--trace", "{f}"]),
    ("har: json", "h.har", "{", ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("har: no log", "h.har", "{}", ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("har: no entries", "h.har", '{"log": {"entries": []}}', ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("har: entries", "h.har", '{"log": {"entries": 3}}', ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("har: bad url", "h.har", json.dumps({"log": {"entries": [{"request": {"method": "GET", "url": "http://[::1/", "headers": []}, "response": {"status": 200, "headers": [], "content": {"mimeType": "text/html"}}, "startedDateTime": "2024-01-01T00:00:00Z"}]}}), ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("har: not utf-8", "h.har", b"\xff", ["trace", "import", "--from", "har", "{f}", "--out", "{d}/o.jsonl"]),
    ("browser-use: json", "b.json", "[", ["trace", "import", "--from", "browser-use", "{f}", "--out", "{d}/o.jsonl"]),
    ("browser-use: no history", "b.json", "{}", ["trace", "import", "--from", "browser-use", "{f}", "--out", "{d}/o.jsonl"]),
    ("browser-use: history", "b.json", '{"history": [1]}', ["trace", "import", "--from", "browser-use", "{f}", "--out", "{d}/o.jsonl"]),
    ("browser-use: url", "b.json", '{"history": [{"state": {"url": 3}}]}', ["trace", "import", "--from", "browser-use", "{f}", "--out", "{d}/o.jsonl"]),
    ("browser-use: no page", "b.json", '{"history": [{"state": {"url": "about:blank"}}]}', ["trace", "import", "--from", "browser-use", "{f}", "--out", "{d}/o.jsonl"]),
    ("task file", "tasks.json", json.dumps({"format": "memviz-tasks/1", "name": "x", "tasks": []}), ["eval", "--tasks", "{f}", "frontier", "visited"]),
]  # fmt: skip

ARGUMENTS = [
    ("config: unknown key", ["compare", "frontier/12/fifo?x=1", "random"]),
    ("config: twice", ["compare", "frontier/12/fifo?ignore=0.1&ignore=0.2", "random"]),
    ("config: chance", ["compare", "frontier/12/fifo?ignore=2", "random"]),
    ("config: read", ["compare", "frontier/12/fifo?read=TOP:8", "random"]),
    ("config: capacity", ["compare", "frontier/x/fifo", "random"]),
    ("config: capacity 0", ["compare", "frontier/0/fifo", "random"]),
    ("config: shape", ["compare", "a/b/c/d", "random"]),
    ("config: policy", ["compare", "frontier/12/zzz", "random"]),
    ("config: strategy", ["compare", "zzz", "random"]),
    ("seed0 digits", ["scenario", "ttl", "--seed0", "x"]),
    ("seed0 past", ["scenario", "ttl", "--seed0", "4294967295", "--runs", "2"]),
    ("regret seeds past", ["regret", "frontier", "--seed0", "4294967295", "--runs", "2"]),
    ("eval seeds past", ["eval", "frontier", "visited", "--seed0", "4294967295"]),
    ("version", ["scenario", "version", "--to", "x"]),
    ("ttls empty", ["scenario", "ttl", "--ttls", ""]),
    ("ttls many", ["scenario", "ttl", "--ttls", *["2"] * 51]),
    ("believe", ["scenario", "poison", "--believe", "2"]),
    ("believe text", ["scenario", "poison", "--believe", "x"]),
    ("sessions", ["scenario", "dedup", "--sessions", "0"]),
    ("interrupt-at", ["scenario", "resume", "--interrupt-at", "0"]),
    ("persist", ["run", "--interrupt-at", "3", "--persist", "x"]),
    ("ttl and policy", ["run", "--policy", "fifo", "--ttl", "4"]),
    ("read mode", ["run", "--read", "TOP:8"]),
    ("read mode digits", ["run", "--read", "top:٨"]),
    ("chance", ["run", "--ignore", "nan"]),
    ("out folder", ["site", "generate", "--shape", "ring", "--pages", "5", "--out", "t/"]),
    ("empty path", ["run", "--site", ""]),
    ("trace with resume", ["run", "--interrupt-at", "3", "--trace", "{d}/t.jsonl"]),
    ("traces and configs", ["eval", "--traces", "{d}", "frontier"]),
    ("traces empty", ["eval", "--traces", "{d}", "--baseline", "a", "--treatment", "b"]),
    ("ablation", ["eval", "--ablation", "random"]),
    ("repeats", ["eval", "frontier", "visited", "--repeats", "100000"]),
    ("view", ["record", "--out", "{d}/r.gif", "--view", "scenarios/zzz"]),
    ("view mode", ["record", "--out", "{d}/r.gif", "--view", "scenarios/ttl/x"]),
    ("view seed", ["record", "--out", "{d}/r.gif", "--view", "scenarios/ttl/4/٣"]),
    ("crawl url", ["crawl", "http://[::1"]),
    ("crawl digits", ["crawl", "http://١٢٧.0.0.1:1/"]),
    ("crawl refused", ["crawl", "http://127.0.0.1:1/"]),
    ("serve trace-dir", ["serve", "--trace-dir", ""]),
    ("serve version", ["serve", "--version", "v9"]),
    ("batch seed", ["batch", "--seed", "3"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "file", "content", "argv"), FILES, ids=[f[0] for f in FILES])
def test_a_bad_file_is_refused_in_chinese(name, file, content, argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = _write(tmp_path / file, content)
    status, lines = run_zh([a.replace("{f}", path).replace("{d}", str(tmp_path)) for a in argv], capsys)
    assert status == 2 and len(lines) == 1, lines
    assert english_in(lines[0], tmp_path) is None, lines[0]


@pytest.mark.parametrize(("name", "argv"), ARGUMENTS, ids=[a[0] for a in ARGUMENTS])
def test_a_bad_option_is_refused_in_chinese(name, argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, lines = run_zh([a.replace("{d}", str(tmp_path)) for a in argv], capsys)
    assert status == 2 and len(lines) == 1, lines
    assert english_in(lines[0], tmp_path) is None, lines[0]


# -- the project's hostile cases ---------------------------------------------------------------------

# Not in-process: a window, a drawing (Qt), a server that listens, the report's long replays.
_ELSEWHERE = ("serve", "snapshot", "record", "report", "crawl")


def _in_process(case) -> bool:
    given_lang = [case.argv[k + 1] for k, a in enumerate(case.argv[:-1]) if a == "--lang"]
    return (
        case.harness is None
        and case.send is None
        and case.stdout == "pipe"
        and case.argv[0] not in _ELSEWHERE
        and not given_lang  # a --lang of its own overrides zh: that line follows the system's language
        and "site:big" not in case.fixtures  # 10,000 pages: the same lines as the small sites, slower
        and case.expect != {hostile_cases.OK}  # a valid site or folder: a result, no message to judge
    )


def _hostile_cases() -> list:
    """The campaign's cases that run in-process, an option given the same value once (``--budget
    x`` is the same parser, the same message, after ``run`` or ``batch``)."""
    cases, seen = [], set()
    for case in hostile_cases.all_cases(23, ("cli", "memory", "output", "names", "site")):
        key = (case.argv[-2], case.argv[-1]) if case.group == "cli" and len(case.argv) > 2 else case.name
        if _in_process(case) and key not in seen:
            seen.add(key)
            cases.append(case)
    return cases


HOSTILE = _hostile_cases()


@pytest.mark.parametrize("case", HOSTILE, ids=[c.name for c in HOSTILE])
def test_a_hostile_case_speaks_chinese(case, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hostile_cases.make_fixtures(case, tmp_path)
    argv = [str(hostile_cases.substitute(a, tmp_path)) if isinstance(a, str) else
            hostile_cases.substitute(a, tmp_path).decode("utf-8", "surrogateescape") for a in case.argv]  # fmt: skip
    status, lines = run_zh(argv, capsys)
    assert status in case.expect
    for line in lines:
        assert english_in(line, tmp_path, tuple(argv)) is None, line
