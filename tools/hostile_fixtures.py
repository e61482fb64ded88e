"""What the hostile-input campaign's cases find in their folder before memviz runs (issue 23): odd
and broken site files, memory folders holding files memviz did not write, output targets that are not
regular files, settings files and folders, teachers' exercise files with hostile fields.

Each fixture is a function of the case's folder; :data:`FIXTURES` names them for ``Case.fixtures``.
"""

from __future__ import annotations

import json
import os
import socket
import stat
from collections.abc import Callable
from pathlib import Path


def _page(zh: str, en: str, links: list[int], path: str | None = None) -> dict:
    page = {"zh": zh, "en": en, "links": links}
    if path is not None:
        page["path"] = path
    return page


def _site_doc(
    pages: list[dict], bugs: list[dict], nav: list[int] | None = None, name: str = "hostile"
) -> dict:
    return {
        "format": "memviz-site/1",
        "name": name,
        "start": 0,
        "nav": nav or [],
        "pages": pages,
        "bugs": bugs,
    }


def _ring(n: int, names: Callable[[int], tuple[str, str]] | None = None) -> list[dict]:
    names = names or (lambda k: (f"页{k}", f"P{k}"))
    return [_page(*names(k), sorted({(k + 1) % n, (k - 1) % n}) if n > 1 else []) for k in range(n)]


NASTY_NAMES = (
    "<b>X</b>",
    "<img src=x onerror=alert(1)>",
    "a\rb",
    "a\nb",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "\u202eevil",
    "tab\there",
    "&amp;&lt;",
    "{0}{page}%s",
    "\u200b",
    "x" * 200,
)

SITES: dict[str, dict | str | None] = {
    "nobug": _site_doc(_ring(6), []),
    "onepage": _site_doc([_page("唯一", "Only", [])], []),
    "onepage-bug": _site_doc([_page("唯一", "Only", [])], [{"page": 0, "zh": "坏", "en": "bad"}]),
    "unreachable-bugs": _site_doc(
        [
            _page("首页", "Home", [1]),
            _page("甲", "A", [0]),
            _page("孤岛", "Island", [3]),
            _page("岛二", "Isle", [2]),
        ],
        [{"page": 2, "zh": "岛上", "en": "on the island"}, {"page": 3, "zh": "岛二", "en": "isle"}],
    ),
    "start-no-links": _site_doc(
        [_page("首页", "Home", []), _page("甲", "A", [0])], [{"page": 1, "zh": "坏", "en": "bad"}]
    ),
    "every-page-bug": _site_doc(_ring(4), [{"page": k, "zh": f"坏{k}", "en": f"bad{k}"} for k in range(4)]),
    "self-loops": _site_doc(
        [_page("首页", "Home", [0, 0, 1]), _page("甲", "A", [1, 1])], [{"page": 1, "zh": "坏", "en": "bad"}]
    ),
    "two-pages": _site_doc(_ring(2), [{"page": 1, "zh": "坏", "en": "bad"}]),
    "nasty-names": _site_doc(
        [_page(n, n, [(k + 1) % len(NASTY_NAMES)], f"/p{k}") for k, n in enumerate(NASTY_NAMES)],
        [{"page": 1, "zh": "<b>bug</b>", "en": "\x1b[2Jbug\r\n"}],
        nav=[0],
        name="<i>site</i>\x1b[5m",
    ),
    # refused at load, one line
    "lone-surrogate": '{"format":"memviz-site/1","name":"s","start":0,"nav":[],"pages":[{"zh":"\\ud800","en":"x","links":[]}],"bugs":[]}',
    "nan": '{"format":"memviz-site/1","name":"s","start":NaN,"nav":[],"pages":[{"zh":"a","en":"a","links":[]}],"bugs":[]}',
    "nested": "[" * 200_000 + "]" * 200_000,
    "huge-int": '{"format":"memviz-site/1","start":' + "9" * 6000 + "}",
    "bad-link": json.dumps(_site_doc([_page("a", "a", [7])], [])),
    "bool-link": json.dumps(_site_doc([_page("a", "a", [True])], [])),
    "empty-pages": json.dumps(_site_doc([], [])),
    "no-format": json.dumps({"pages": []}),
    "not-utf8": b"\xff\xfe{\x00",
    "empty": "",
    "bom": "\ufeff" + json.dumps(_site_doc(_ring(3), [])),
    "dup-keys": '{"format":"memviz-site/1","format":"x","name":"s","start":0,"nav":[],"pages":[],"bugs":[]}',
    "bug-twice": json.dumps(
        _site_doc(_ring(3), [{"page": 1, "zh": "a", "en": "a"}, {"page": 1, "zh": "b", "en": "b"}])
    ),
    "negative-start": json.dumps({**_site_doc(_ring(3), []), "start": -1}),
    "big": None,  # 10,000 pages, generated (see _make_big_site)
}
VALID_SITES = (
    "nobug", "onepage", "onepage-bug", "unreachable-bugs", "start-no-links", "every-page-bug",
    "two-pages", "nasty-names", "bom",
)  # fmt: skip


def _write_site(d: Path, name: str) -> None:
    content = SITES[name]
    target = d / f"site-{name}.json"
    if isinstance(content, bytes):
        target.write_bytes(content)
    elif isinstance(content, str):
        target.write_text(content, encoding="utf-8")
    else:
        target.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")


def _make_big_site(d: Path) -> None:
    from memviz.core.sitegen import generate_site

    doc = generate_site("random", 10_000, bugs=6, seed=3)
    (d / "site-big.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.close()  # the socket file stays


def _device(path: Path) -> None:
    """A character device like /dev/full (1, 7), made here so a bug cannot replace the real one."""
    if os.geteuid() == 0:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    else:
        os.symlink("/dev/full", path)  # not root: memviz cannot replace /dev/full anyway


def _foreign_progress(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"user": "my own notes, not memviz\'s"}', encoding="utf-8")


def _huge(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        f.truncate(700 * 1024 * 1024)  # sparse: 700 MB to a reader, nothing on disk


def _mem(sub: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
    def fixture(d: Path) -> None:
        (d / "mem").mkdir(exist_ok=True)
        make(d / "mem" / sub)

    return fixture


def _outside_symlink(d: Path, link: Path) -> None:
    (d / "outside").mkdir(exist_ok=True)
    (d / "outside" / "keep.txt").write_text("outside", encoding="utf-8")
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(d / "outside", link)


def _settings(make: Callable[[Path], None]) -> Callable[[Path], None]:
    def fixture(d: Path) -> None:
        (d / "cfg" / "memviz").mkdir(parents=True, exist_ok=True)
        make(d / "cfg" / "memviz" / "memviz.ini")

    return fixture


def _ini(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _exercise_file(d: Path, name: str) -> None:
    (d / "ex").mkdir(exist_ok=True)
    (d / "ex" / "hostile.json").write_text(
        json.dumps({"format": "memviz-exercises/1", "exercises": [EXERCISES[name]]}, ensure_ascii=False),
        encoding="utf-8",
    )


def _exercise(ident: str, kind: str, settings: dict, params: dict, **texts) -> dict:
    base = {
        "title": {"zh": "题", "en": "Q"},
        "question": {"zh": "多少？", "en": "How much?"},
        "explanation": {"zh": "{answer}", "en": "{answer}"},
    }
    base.update(texts)
    return {"id": ident, "kind": kind, "settings": settings, "params": params, **base}


EXERCISES: dict[str, dict] = {
    "cost-huge": _exercise(
        "cost-huge",
        "cost_per_bug",
        {"strategy": "random", "site": "../site-unreachable-bugs.json", "max_steps": 100_000},
        {"runs": 50_000},
    ),
    "cost-unreachable": _exercise(
        "cost-unreachable",
        "cost_per_bug",
        {"strategy": "frontier", "site": "../site-unreachable-bugs.json"},
        {"runs": 20},
    ),
    "cost-nobug": _exercise(
        "cost-nobug", "cost_per_bug", {"strategy": "frontier", "site": "../site-nobug.json"}, {"runs": 10}
    ),
    "markup": _exercise(
        "markup",
        "run_metric",
        {"strategy": "random", "seed": 1000},
        {"metric": "coverage"},
        title={"zh": "<b>X</b>", "en": "<b>X</b>\r\x1b[2J"},
        question={"zh": "<i>q</i>", "en": "<a href='x'>q</a>"},
        explanation={"zh": "<b>{answer}</b>", "en": "<script>{answer}</script>"},
    ),
    "format-attr": _exercise(
        "format-attr",
        "run_metric",
        {"strategy": "random"},
        {"metric": "coverage"},
        question={"zh": "{answer.__class__}", "en": "{steps.__class__.__mro__}"},
    ),
    "format-width": _exercise(
        "format-width",
        "run_metric",
        {"strategy": "random"},
        {"metric": "coverage"},
        explanation={"zh": "{answer:>999999999}", "en": "{answer:>999999999}"},
    ),
    "format-positional": _exercise(
        "format-positional",
        "run_metric",
        {"strategy": "random"},
        {"metric": "coverage"},
        question={"zh": "{0}", "en": "{}"},
    ),
    "nan-tolerance": {
        **_exercise("nan-t", "run_metric", {"strategy": "random"}, {"metric": "coverage"}),
        "tolerance": float("nan"),
    },
    "huge-runs": _exercise(
        "huge-runs", "batch_diff", {"strategy": "frontier"}, {"runs": 10**30, "other": "random"}
    ),
    "bool-runs": _exercise("bool-runs", "batch_diff", {"strategy": "frontier"}, {"runs": True}),
    "bad-kind": _exercise("bad-kind", "\x1b[31mkind", {}, {}),
    "bad-site": _exercise("bad-site", "run_metric", {"site": "/dev/zero"}, {"metric": "coverage"}),
    "site-fifo": _exercise("site-fifo", "run_metric", {"site": "../fifo.json"}, {"metric": "coverage"}),
    "site-escape": _exercise(
        "site-esc", "run_metric", {"site": "../../../../../../etc/passwd"}, {"metric": "coverage"}
    ),
    "policy-winner-big": _exercise(
        "pw-big",
        "policy_winner",
        {"strategy": "frontier", "capacity": 3, "budget": 100_000},
        {"runs": 1000, "capacity": 3},
    ),
    "next-page-far": _exercise(
        "np-far", "next_page", {"strategy": "random", "budget": 100_000}, {"step": 99_999}
    ),
    "id-markup": _exercise("<b>id</b>\n", "run_metric", {"strategy": "random"}, {"metric": "coverage"}),
    "lone-surrogate": "RAW",  # written raw below: a JSON escape of half a surrogate pair
}


def _exercise_fixture(name: str) -> Callable[[Path], None]:
    def fixture(d: Path) -> None:
        for site in ("unreachable-bugs", "nobug"):
            _write_site(d, site)
        _fifo(d / "fifo.json")
        if name == "lone-surrogate":
            (d / "ex").mkdir(exist_ok=True)
            (d / "ex" / "hostile.json").write_text(
                '{"format":"memviz-exercises/1","exercises":[{"id":"s","kind":"run_metric","settings":{},'
                '"params":{"metric":"coverage"},"title":{"zh":"\\udc80","en":"x"},"question":{"zh":"q","en":"q"},'
                '"explanation":{"zh":"{answer}","en":"{answer}"}}]}',
                encoding="utf-8",
            )
            return
        _exercise_file(d, name)

    return fixture


def _make_fixtures() -> dict[str, Callable[[Path], None]]:
    fx: dict[str, Callable[[Path], None]] = {}
    for name in SITES:
        if name != "big":
            fx[f"site:{name}"] = lambda d, name=name: _write_site(d, name)
    fx["site:big"] = _make_big_site
    fx["fifo"] = lambda d: _fifo(d / "fifo")
    fx["socket"] = lambda d: _socket(d / "sock")
    fx["device"] = lambda d: _device(d / "full")
    fx["folder"] = lambda d: (d / "folder").mkdir()
    fx["dangling"] = lambda d: os.symlink(d / "nowhere" / "x.png", d / "dangling")
    fx["dangling-here"] = lambda d: os.symlink(d / "absent.json", d / "dangling-here")
    fx["mine"] = lambda d: (d / "mine").write_text("the user's own file", encoding="utf-8")
    fx["link-to-mine"] = lambda d: (fx["mine"](d), os.symlink(d / "mine", d / "link-to-mine"))
    fx["regular-file"] = lambda d: (d / "file").write_text("a file, not a folder", encoding="utf-8")
    # memory folders
    fx["mem:foreign-progress"] = _mem("progress.json", _foreign_progress)
    fx["mem:fifo-progress"] = _mem("progress.json", _fifo)
    fx["mem:huge-progress"] = _mem("progress.json", _huge)
    fx["mem:dir-progress"] = _mem("progress.json", lambda p: p.mkdir())
    fx["mem:symlink-progress"] = _mem(
        "progress.json", lambda p: (_foreign_progress(p.parent.parent / "theirs.json"), os.symlink(p.parent.parent / "theirs.json", p))
    )  # fmt: skip
    fx["mem:step-file"] = _mem("step", lambda p: p.write_text("mine", encoding="utf-8"))
    fx["mem:none-fifo"] = _mem("none", _fifo)
    fx["mem:step-symlink"] = lambda d: (
        d.joinpath("mem").mkdir(exist_ok=True),
        _outside_symlink(d, d / "mem" / "step"),
    )
    fx["mem:step-foreign"] = _mem("step/progress.json", _foreign_progress)
    fx["mem:step-fifo-progress"] = lambda d: (
        d.joinpath("mem", "step").mkdir(parents=True),
        _fifo(d / "mem" / "step" / "progress.json"),
    )
    fx["mem:is-symlink"] = lambda d: ((d / "realmem").mkdir(), os.symlink(d / "realmem", d / "mem"))
    fx["mem:is-file"] = lambda d: (d / "mem").write_text("not a folder", encoding="utf-8")
    fx["mem:is-fifo"] = lambda d: _fifo(d / "mem")
    fx["mem:read-only"] = lambda d: ((d / "mem").mkdir(), os.chmod(d / "mem", 0o500))
    # settings (XDG_CONFIG_HOME={d}/cfg: memviz's file is cfg/memviz/memviz.ini)
    fx["cfg:fifo"] = _settings(_fifo)
    fx["cfg:folder"] = _settings(lambda p: p.mkdir())
    fx["cfg:huge"] = _settings(_huge)
    fx["cfg:garbage"] = _settings(lambda p: p.write_bytes(b"\x00\xff[[[=\n" * 100))
    fx["cfg:hostile-values"] = _settings(_ini(
        "[General]\nlanguage=<b>zh</b>\ntheme=\x1b[31m\nzoom=nan\n[run]\ncapacity=-1\nbudget=99999999999999999999\n"
        "policy=opt\nttl=inf\nseed=1e999\nstrategy=\r\nsite=/dev/zero\n[window]\ngeometry=@ByteArray(\\xff\\xff)\n"
        "tab=<i>x</i>\n"
    ))  # fmt: skip
    fx["cfg:symlink"] = lambda d: (
        (d / "cfg" / "memviz").mkdir(parents=True),
        (d / "real.ini").write_text("[General]\ntheme=dark\n", encoding="utf-8"),
        os.symlink(d / "real.ini", d / "cfg" / "memviz" / "memviz.ini"),
    )
    fx["cfg:dangling"] = _settings(lambda p: os.symlink(p.parent / "gone.ini", p))
    fx["cfg:folder-is-file"] = lambda d: (
        (d / "cfg").mkdir(),
        (d / "cfg" / "memviz").write_text("x", encoding="utf-8"),
    )
    fx["cfg:home-is-file"] = lambda d: (d / "cfg").write_text("x", encoding="utf-8")
    fx["cfg:read-only"] = _settings(
        lambda p: (p.write_text("[General]\ntheme=dark\n", encoding="utf-8"), os.chmod(p, 0o400))
    )
    for name in EXERCISES:
        fx[f"ex:{name}"] = _exercise_fixture(name)
    return fx


FIXTURES = _make_fixtures()


def _har_entry(k: int, path: str) -> dict:
    return {"startedDateTime": f"2026-12-04T10:00:{k:02d}.000Z", "time": 1,
            "request": {"method": "GET", "url": "http://127.0.0.1:8000" + path, "headers": []},
            "response": {"status": 200, "headers": [], "content": {"size": 1, "mimeType": "text/html"}}}  # fmt: skip


FIXTURES["har"] = lambda d: (d / "h.har").write_text(
    json.dumps({"log": {"entries": [_har_entry(0, "/"), _har_entry(1, "/login")]}}), encoding="utf-8"
)
