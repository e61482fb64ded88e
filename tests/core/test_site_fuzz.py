"""Hostile site files fail cleanly: a SiteError naming the fault, never a traceback, a hang or a
memory blow-up (issue 16's cases, kept forever), and hypothesis-made documents either load or are
refused with a SiteError.

The command-line half runs ``python -m memviz`` on each case: exit status 2 and one line on stderr.
"""

from __future__ import annotations

import copy
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.jsonfile import nesting_depth
from memviz.core.limits import LIMITS
from memviz.core.site import Site, SiteError, load_site
from tests.core.site_documents import site_documents
from tests.hypothesis_budget import examples

REPO = Path(__file__).resolve().parents[2]
CHAPTER = json.loads((REPO / "resources" / "sites" / "conduit24.json").read_text(encoding="utf-8"))


def _with(change) -> str:
    doc = copy.deepcopy(CHAPTER)
    change(doc)
    return json.dumps(doc, ensure_ascii=False)


def _set_pos(doc, value) -> None:
    doc["pages"][2]["pos"] = [value, 1]


def _long_name(doc) -> None:
    doc["pages"][3]["zh"] = "名" * 1_000_000


def _too_many_pages(doc) -> None:
    doc["pages"] = [{"zh": f"页{i}", "links": []} for i in range(int(LIMITS["pages"].high) + 1)]
    doc["nav"], doc["bugs"] = [], []


# (name, the file's text or bytes, words the one-line error must contain)
HOSTILE = [
    ("deep nesting", "[" * 100_000 + "]" * 100_000, ["nested too deep", "100000 levels"]),
    ("deep nesting, unclosed", "{" + '"a":[' * 100_000, ["nested too deep"]),
    ("5000-digit integer", _with(lambda d: d.update(start="@")).replace('"@"', "9" * 5000), ["5000 digits"]),
    ("1e400", _with(lambda d: _set_pos(d, "@")).replace('"@"', "1e400"), ["1e400 is too large"]),
    ("-1e400", _with(lambda d: _set_pos(d, "@")).replace('"@"', "-1e400"), ["too large"]),
    ("NaN", _with(lambda d: _set_pos(d, "@")).replace('"@"', "NaN"), ["NaN"]),
    ("Infinity", _with(lambda d: _set_pos(d, "@")).replace('"@"', "Infinity"), ["Infinity"]),
    ("huge position", _with(lambda d: _set_pos(d, 1e300)), ["pages[2].pos", "between"]),
    ("1 MB page name", _with(_long_name), ["pages[3].zh", "at most 200 characters"]),
    ("too many pages", _with(_too_many_pages), ["pages", "at most 10000 pages"]),
    ("huge file", b" " * (int(LIMITS["file_size"].high) + 1), ["too large"]),
    ("not UTF-8", b'{"name": "caf\xe9"}', ["not UTF-8"]),
    # issue 23: half a surrogate pair, written as a JSON escape, was a UnicodeEncodeError when printed
    (
        "lone surrogate, page",
        _with(lambda d: d["pages"][1].update(en="@")).replace('"@"', r'"A\ud800B"'),
        ["pages[1].en", "surrogate"],
    ),
    (
        "lone surrogate, site name",
        _with(lambda d: d["name"].update(zh="@")).replace('"@"', r'"\udfff"'),
        ["name.zh", "surrogate"],
    ),
    (
        "lone surrogate, bug",
        _with(lambda d: d["bugs"][0].update(en="@")).replace('"@"', r'"x\uDBFF"'),
        ["bugs[0].en", "surrogate"],
    ),
    ("empty file", b"", ["not valid JSON"]),
]


def _write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / (name.replace(" ", "_").replace(",", "") + ".json")
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


@pytest.mark.parametrize(("name", "content", "words"), HOSTILE, ids=[case[0] for case in HOSTILE])
def test_a_hostile_site_file_is_refused_with_the_reason(tmp_path, name, content, words):
    path = _write(tmp_path, name, content)
    with pytest.raises(SiteError) as info:
        load_site(path)
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    for word in words:
        assert word in message


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")


@needs_fifo
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "site.json"
    os.mkfifo(pipe)
    with pytest.raises(SiteError, match="not a regular file"):
        load_site(pipe)  # before the fix this blocked forever in open()


def test_a_whole_surrogate_pair_is_text_and_loads(tmp_path):
    path = _write(
        tmp_path, "emoji", _with(lambda d: d["pages"][1].update(en="@")).replace('"@"', r'"A\ud83d\ude00"')
    )
    assert load_site(path).page_name(1, "en") == "A\U0001f600"


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(SiteError, match="is a folder"):
        load_site(tmp_path)


def test_nesting_depth_ignores_brackets_inside_strings():
    assert nesting_depth('{"a": "[[[[{{{{", "b": [[1], {"c": "]]]"}]}') == 3
    assert nesting_depth('"\\"[[[["') == 0
    assert nesting_depth("[" * 100_000) == 100_000
    assert nesting_depth("17") == 0
    assert nesting_depth(r'{"a": "x\\", "b": [[1]]}') == 3  # an escaped backslash ends no string
    assert nesting_depth(r'["\\\"[[", [1]]') == 2  # an escaped backslash, then an escaped quote


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


texts_with_brackets = st.text(alphabet='[]{}"\\/ab\n\u4e2d', max_size=12)
nested_values = st.recursive(
    st.integers() | texts_with_brackets,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(texts_with_brackets, children, max_size=3)
    ),
    max_leaves=10,
)


@settings(max_examples=examples(300), deadline=None)
@given(nested_values, st.booleans())
def test_nesting_depth_is_the_depth_json_reads(value, ascii_only):
    assert nesting_depth(json.dumps(value, ensure_ascii=ascii_only)) == _depth(value)


def test_the_deepest_allowed_nesting_still_loads_as_json(tmp_path):
    depth = int(LIMITS["json_depth"].high)
    doc = json.loads(json.dumps(CHAPTER))
    doc["extra"] = json.loads("[" * (depth - 1) + "]" * (depth - 1))  # depth in all: 1 + (depth - 1)
    path = tmp_path / "deep_but_fine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_site(path).n_pages == 24
    doc["extra"] = [doc["extra"]]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SiteError, match=f"{depth + 1} levels, at most {depth}"):
        load_site(path)


def test_a_site_at_every_limit_loads(tmp_path):
    pages = int(LIMITS["pages"].high)
    doc = {
        "format": "memviz-site/1",
        "name": "名" * int(LIMITS["name_length"].high),
        "nav": list(range(int(LIMITS["nav"].high))),
        # ten hubs linking to every other page (as `memviz site generate --shape hub` makes them)
        "pages": [
            {"en": f"Page {i}", "links": [q for q in range(pages) if q != i] if i < 10 else []}
            for i in range(pages)
        ],
        "bugs": [{"page": pages - 1, "en": "bug"}],
    }
    doc["pages"][0]["pos"] = [LIMITS["pos"].low, LIMITS["pos"].high]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    site = load_site(path)
    assert site.n_pages == pages and len(site.pages[0].links) == pages - 1
    assert site.pages[0].position == (-1_000_000.0, 1_000_000.0)
    assert sum(map(len, site.clickable)) <= LIMITS["site_links"].high


# -- hypothesis: valid documents load, mutated ones load or raise SiteError ----------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["", " ", "x" * 300, "页", "memviz-site/1", -1, 0, 1, 2**63])
)
# a scalar half the time: st.recursive alone draws mostly lists and objects
json_values = json_scalars | st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node, prefix=()):
    """Every place in a document a value can be replaced: (container path, key)."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _mutable_places(doc) -> list[tuple]:
    """Where to put a hostile value, deepest first: hypothesis draws early entries most, and a wrong
    top level or format (tested above) would stop the reader before it looks at anything else."""
    places = [path for path in _paths(doc) if path not in ((), ("format",))]
    return sorted(places, key=len, reverse=True) or [()]


def _replace(doc, path, value):
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site_documents(), st.data())
def test_valid_documents_load_from_a_file_as_from_a_dict(tmp_path_factory, doc, data):
    _add_positions(doc, data)
    path = tmp_path_factory.mktemp("valid") / "site.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    site = load_site(path)
    assert site == Site.from_dict(doc, source=str(path))
    assert site.n_pages == len(doc["pages"]) and site.n_bugs == len(doc["bugs"])


def _assert_within_limits(site: Site) -> None:
    longest = int(LIMITS["name_length"].high)
    names = [site.names, *(page.names for page in site.pages), *(bug.names for bug in site.bugs)]
    assert all(name.strip() and len(name) <= longest for n in names for name in n.values())
    for page in site.pages:
        if page.position is not None:
            assert all(math.isfinite(v) and abs(v) <= LIMITS["pos"].high for v in page.position)
        assert all(isinstance(q, int) and not isinstance(q, bool) for q in page.links)


def _add_positions(doc, data) -> None:
    """Give some pages a valid position (site_documents leaves them out), for mutations to spoil."""
    coordinate = st.floats(-1_000_000, 1_000_000, allow_nan=False)
    for page in doc["pages"]:
        if data.draw(st.booleans()):
            page["pos"] = [data.draw(coordinate), data.draw(coordinate)]


def _loads_or_site_error(doc, tmp_path: Path):
    try:
        _assert_within_limits(Site.from_dict(doc))
    except SiteError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400
    try:
        text = json.dumps(doc, ensure_ascii=False)  # NaN and Infinity are written as such
    except ValueError:  # a circular or otherwise unwritable document: nothing to read back
        return
    path = tmp_path / "mutated.json"
    path.write_text(text, encoding="utf-8")
    try:
        _assert_within_limits(load_site(path))
    except SiteError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site_documents(max_pages=8), st.data())
def test_a_mutated_document_loads_or_raises_site_error(tmp_path_factory, doc, data):
    _add_positions(doc, data)
    for _ in range(data.draw(st.integers(1, 3))):
        place = data.draw(st.sampled_from(_mutable_places(doc)))
        doc = _replace(doc, place, data.draw(json_values))
    _loads_or_site_error(doc, tmp_path_factory.mktemp("mutated"))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site_documents(max_pages=6), st.data())
def test_a_damaged_file_loads_or_raises_site_error(tmp_path_factory, doc, data):
    raw = bytearray(json.dumps(doc, ensure_ascii=False).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, max(0, len(raw) - 1)))
        edit = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        chunk = data.draw(
            st.sampled_from(
                [b"[", b"]", b"{", b"}", b'"', b",", b":", b"9" * 50, b"NaN", b"1e999", b"\xff", b"-", b"0"]
            )
        )
        if edit == "delete":
            del raw[at : at + len(chunk)]
        elif edit == "insert":
            raw[at:at] = chunk
        else:
            raw[at : at + len(chunk)] = chunk
    path = tmp_path_factory.mktemp("damaged") / "site.json"
    path.write_bytes(bytes(raw))
    try:
        site = load_site(path)
    except SiteError as exc:
        assert "\n" not in str(exc)
    else:
        _assert_within_limits(site)


# -- the command line: exit status 2 and one line, for every case --------------------------------------

# each case with the commands the issue saw fail on it (a traceback, or a hang for the long name)
CLI_CASES = [
    ("deep nesting", ["run"]),
    ("deep nesting", ["batch", "--runs", "2"]),
    ("deep nesting", ["report"]),
    ("5000-digit integer", ["run"]),
    ("1e400", ["run"]),
    ("NaN", ["run"]),
    ("1 MB page name", ["snapshot", "--out", "OUT.png"]),
    ("1 MB page name", ["record", "--out", "OUT.gif"]),
    ("huge file", ["run"]),
    ("lone surrogate, page", ["run"]),
    ("lone surrogate, page", ["report"]),
    ("lone surrogate, site name", ["compare", "frontier/2", "visited"]),
    ("lone surrogate, bug", ["snapshot", "--out", "OUT.png"]),
]
HOSTILE_BY_NAME = {case[0]: case for case in HOSTILE}


def _memviz(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    # the timeout only keeps a regression from hanging the suite; the work takes well under a second
    return subprocess.run(
        [sys.executable, "-m", "memviz", *argv], capture_output=True, text=True, env=env, timeout=120
    )


def _assert_clean_refusal(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("memviz: error: "), done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0]


def _outputs_in(tmp_path: Path, argv: list[str]) -> list[str]:
    return [str(tmp_path / arg.replace("OUT", "out")) if arg.startswith("OUT.") else arg for arg in argv]


@pytest.mark.parametrize(("name", "command"), CLI_CASES, ids=[f"{n} {c[0]}" for n, c in CLI_CASES])
def test_the_command_line_refuses_a_hostile_site_in_one_line(tmp_path, name, command):
    _, content, words = HOSTILE_BY_NAME[name]
    site = _write(tmp_path / "..", f"{tmp_path.name}-{name}", content)
    done = _memviz(*_outputs_in(tmp_path, command), "--site", str(site))
    _assert_clean_refusal(done, *words)
    assert list(tmp_path.iterdir()) == []  # nothing written


@needs_fifo
@pytest.mark.parametrize(
    "command", [["run"], ["batch", "--runs", "2"], ["report"], ["record", "--out", "OUT.gif"]]
)
def test_the_command_line_refuses_a_named_pipe_as_site(tmp_path, command):
    pipe = tmp_path / "site.json"
    os.mkfifo(pipe)
    done = _memviz(*_outputs_in(tmp_path, command), "--site", str(pipe))
    _assert_clean_refusal(done, "not a regular file")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["run", "--budget", "1000000000000"], ["budget: must be between 0 and 100000"]),
        (["run", "--until-all-bugs", "--budget", "-1"], ["budget"]),
        (["batch", "--runs", "2", "--budget", "1000000000"], ["budget"]),
        (["batch", "--runs", "10000000"], ["runs: must be between 1 and 1000000"]),
        (["batch", "--runs", "1000000", "--budget", "101"], ["a streamed batch may take at most 100000000"]),
        (["batch", "--runs", "20000", "--budget", "1000"], ["20000000 steps in all"]),
        (["snapshot", "--out", "OUT.png", "--budget", "1000000000"], ["budget"]),
        (["snapshot", "--out", "OUT.png", "--budget", "50000"], ["at most 10000 steps"]),
        (["record", "--out", "OUT.gif", "--budget", "1000000000"], ["budget"]),
        (["record", "--out", "OUT.gif", "--budget", "50000"], ["at most 10000 steps"]),
        (
            ["record", "--out", "OUT.gif", "--step-seconds", "nan"],
            ["--step-seconds", 'must be a number, got "nan"'],  # ASCII digits only (issue 36)
        ),
        (["record", "--out", "OUT.gif", "--fps", "1000"], ["fps: must be between 1 and 60"]),
        (["run", "--seed", "9" * 5000], ["seed must be a whole number"]),
        (["run", "--capacity", "0"], ["capacity: must be between 1 and 100000"]),
        (["batch", "--runs", "2", "--seed", "5"], ["give the first with --seed0", "not --seed"]),
    ],
    ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else None,
)
def test_the_command_line_refuses_numbers_out_of_range_before_any_work(tmp_path, argv, words):
    done = _memviz(*_outputs_in(tmp_path, argv))
    _assert_clean_refusal(done, *words)
    assert list(tmp_path.iterdir()) == []


# -- issue 23: an output that is not a regular file is never replaced, --force or not -------------------

OUT_COMMANDS = [
    ["site", "generate", "--shape", "ring", "--pages", "5", "--out", "OUT"],
    ["snapshot", "--out", "OUT"],
    ["record", "--out", "OUT"],
]


def _special_target(tmp_path: Path, kind: str, suffix: str) -> Path:
    target = tmp_path / f"target{suffix}"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        try:
            os.mknod(target, 0o020666, os.makedev(1, 7))  # a character device, as /dev/full
        except (PermissionError, AttributeError):
            pytest.skip("making a device needs root")
    else:
        target.mkdir()
    return target


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
@pytest.mark.parametrize("command", OUT_COMMANDS, ids=lambda c: c[0])
def test_an_output_that_is_not_a_regular_file_is_refused_even_with_force(tmp_path, command, kind):
    suffix = {"site": ".json", "snapshot": ".png", "record": ".gif"}[command[0]]
    target = _special_target(tmp_path, kind, suffix)
    before = os.lstat(target)
    argv = [str(target) if arg == "OUT" else arg for arg in command]
    done = _memviz(*argv, "--force")
    _assert_clean_refusal(done, str(target))
    after = os.lstat(target)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
