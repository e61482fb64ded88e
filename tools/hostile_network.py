"""The network campaign (issue 36): `memviz crawl` against sites that misbehave and `memviz serve`
under floods, a full disk and garbage, each case its own `python3 -m memviz` process.

    python3 tools/hostile_network.py              # every case, both languages (a few minutes)
    python3 tools/hostile_network.py --match redirect --lang zh

Every site is real HTTP on loopback: the crawled site on 127.0.0.1, and "another host" on
127.0.0.2 that counts every request it gets (loopback too: nothing leaves the machine). A case's
outcome is a problem when: stderr has a traceback (``traceback``); it ran past its bound
(``hang``); its status is not one it allows (``status``); an error took more than one line
(``lines``); the other host got a request (``off_site``); under ``--lang zh`` a line of stderr has
no Chinese in it (``english``); a trace written cannot be read back, or a trace folder holds an
empty file or more files than its cap (``trace``).

Prints a table (class × outcome) and every problem; exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from hostile_cases import english_sentence  # noqa: E402

from tests.web.hostile_site import HostileSite, drip, html_page, page, redirect  # noqa: E402

PROBLEMS = ("traceback", "hang", "status", "lines", "off_site", "english", "trace")
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|^\w+(Error|Exception): ", re.M)


@dataclass
class Case:
    group: str
    name: str
    pages: dict[str, Callable] = field(default_factory=dict)  # the crawled site ("{other}": 127.0.0.2's URL)
    argv: list[str] = field(default_factory=list)  # after "crawl URL"
    start: str = "/"
    statuses: tuple[int, ...] = (0, 2)
    bound: float = 20.0  # seconds the process may take
    url: str | None = None  # a start URL as given (no site needed)
    data: tuple[str, ...] = ()  # texts a line may quote as they are (a redirect's target)


def crawl_cases(other: str) -> list[Case]:
    cases: list[Case] = []
    targets = [
        f"{other}/stolen", f"//{other.removeprefix('http://')}/x", "http://127.0.0.1:1@" + other.removeprefix("http://") + "/",
        other.replace("127.0.0.2", "[::ffff:127.0.0.2]"), other.replace("127.0.0.2", "2130706434"),
        other.replace("127.0.0.2", "0x7f000002"), other.upper(), "  " + other + "/x", other.replace("http", "https"),
        "http://127.0.0.1:1/", "https://127.0.0.1/", "javascript:alert(1)", "", "http://[::1", "http://١٢٧.0.0.2/",
        "ftp://127.0.0.2/", other + "/" + "a" * 5000, "\r\nX-Injected: 1",
    ]  # fmt: skip
    for k, target in enumerate(targets):
        for status in (301, 302, 307):
            cases.append(Case("redirect", f"start {status} -> {target[:40]!r}", {"/": redirect(target, status)},
                              data=(target.strip(),)))  # fmt: skip
            cases.append(Case("redirect", f"later {status} -> {target[:40]!r} #{k}",
                              {"/": html_page("/go", "/ok"), "/go": redirect(target, status), "/ok": html_page("/")},
                              ["--strategy", "frontier", "--budget", "8"], statuses=(0,), data=(target.strip(),)))  # fmt: skip
    cases.append(Case("redirect", "a chain of same-site hops then off", {"/": redirect("/a"), "/a": redirect("/b"),
                                                                           "/b": redirect(f"{other}/z")}))  # fmt: skip
    cases.append(Case("redirect", "a loop", {"/": redirect("/")}))
    cases.append(
        Case(
            "redirect",
            "an off-site link (not a redirect)",
            {"/": html_page(f"{other}/x", "/")},
            statuses=(0,),
        )
    )
    for name, head in (("body", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href='/'>"),
                       ("status line", b"HTTP/1.1 20"), ("headers", b"HTTP/1.1 200 OK\r\nX-Slow: "),
                       ("nothing", b"")):  # fmt: skip
        cases.append(Case("deadline", f"drip: {name}", {"/": drip(head, every=0.2, most=60)},
                          ["--timeout", "1"], bound=6.0))  # fmt: skip
        cases.append(Case("deadline", f"drip later: {name}", {"/": html_page("/slow"), "/slow": drip(head, 0.2, 60)},
                          ["--timeout", "1", "--budget", "5"], bound=15.0))  # fmt: skip
    answers = {
        "101 headers": page(200, "x", {f"X-{k}": "1" for k in range(101)}),
        "1000 headers": page(200, "x", {f"X-{k}": "1" for k in range(1000)}),
        "a 70 KB header": page(200, "x", {"X-Big": "a" * 70_000}),
        "status 999": b"HTTP/1.1 999 X\r\nContent-Length: 0\r\n\r\n",
        "status 000": b"HTTP/1.1 000 X\r\nContent-Length: 0\r\n\r\n",
        "no reason": b"HTTP/1.1 200\r\nContent-Length: 2\r\n\r\nok",
        "garbage": bytes(range(256)) * 4,
        "closed at once": b"",
        "bad chunks": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nxx\r\n",
        "negative length": b"HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello",
        "short body": b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\nhello",
        "20 MB body": page(200, "<a href='/'>x</a>" + "y" * 20_000_000),
        "non-ASCII header": b"HTTP/1.1 200 OK\r\nX-N: \xff\xfe\r\nContent-Length: 2\r\n\r\nok",
        "HTTP/0.9": b"<html>hi</html>",
    }
    for charset in (
        "bogus",
        "rot13",
        "base64",
        "zlib_codec",
        "utf-7",
        "utf-8\x00",
        "x" * 300,
        "utf-16",
        "latin-1",
    ):
        answers[f"charset {charset[:20]!r}"] = page(200, "<a href='/'>x</a>", charset=charset)
    for name, answer in answers.items():
        cases.append(
            Case("answer", name, {"/": (lambda a: lambda w: w.write(a))(answer)}, ["--timeout", "3"])
        )
        cases.append(Case("answer", f"later: {name}", {"/": html_page("/bad"), "/bad": (lambda a: lambda w: w.write(a))(answer)},
                          ["--timeout", "3", "--budget", "4"]))  # fmt: skip
    big = "".join(f"<a href='/p/{k}'>.</a>" for k in range(100_000))
    cases.append(Case("page", "100,000 links", {"/": lambda w: w.write(page(200, big)), "*": html_page("/")},
                      ["--budget", "15"], statuses=(0,), bound=40.0))  # fmt: skip
    cases.append(Case("page", "100,000 links, --max-links 20", {"/": lambda w: w.write(page(200, big)), "*": html_page("/")},
                      ["--budget", "15", "--max-links", "20"], statuses=(0,), bound=40.0))  # fmt: skip
    hostile_links = ["http://[::1", "http://١٢٧.0.0.1/", "/" + "a" * 3000, "/\x00", "/é", "HTTP://127.0.0.1:1/",
                     "//127.0.0.2/", "/%zz", "/?utm_source=a", "/index.html", " /ok "]  # fmt: skip
    cases.append(Case("page", "hostile links", {"/": html_page(*hostile_links), "*": html_page("/")}, ["--budget", "10"],
                      statuses=(0,)))  # fmt: skip
    for name, body in (("a 1 MB error message", "<p class='error-message'>" + "e " * 500_000 + "</p>"),
                       ("a 100 KB data-error", f"<p data-error='{'d' * 100_000}'>x</p>"),
                       ("a blank data-error", "<p data-error='   '>x</p>"),
                       ("500 with no message", "")):  # fmt: skip
        status = 500 if "500" in name else 200
        cases.append(Case("page", name, {"/": html_page("/bug"), "/bug": (lambda b, s: lambda w: w.write(page(s, b)))(body, status)},
                          ["--budget", "4", "--trace", "{trace}"], statuses=(0,)))  # fmt: skip
    cases.append(Case("page", "a 404 dead end", {"/": html_page("/gone", "/ok"), "/ok": html_page("/")},
                      ["--budget", "10", "--trace", "{trace}"], statuses=(0,)))  # fmt: skip
    sitemap = (
        "<urlset>"
        + "".join(f"<url><loc>http://127.0.0.1:{{port}}{p}</loc></url>" for p in ("/", "/a"))
        + "</urlset>"
    )
    cases.append(Case("page", "a sitemap", {"/": html_page("/a", "/b"), "/a": html_page("/"), "/b": html_page("/"),
                                            "/sitemap.xml": lambda w: w.write(page(200, sitemap))},
                      ["--budget", "6", "--trace", "{trace}"], statuses=(0,)))  # fmt: skip
    cases.append(Case("page", "a hostile sitemap", {"/": html_page("/a"), "/a": html_page("/"),
                                                    "/sitemap.xml": lambda w: w.write(page(200, "<loc>" * 100_000))},
                      ["--budget", "6"], statuses=(0,)))  # fmt: skip
    for url in ("http://[::1", "http://١٢٧.0.0.1:1/", "http://127.0.0.1:١٢/", "http://127.0.0.1:99999/", "http:///x",
                "http://" + "a" * 3000 + "/", "ftp://x/", "", "http://\x1b[2J/", "http://a b/", "http://127.0.0.1:1/",
                "http://no-such-host.invalid/", "http://[::1]:1/", "https://127.0.0.1:1/"):  # fmt: skip
        cases.append(Case("url", repr(url)[:40], url=url, statuses=(2,)))
    return cases


def run_crawl(case: Case, lang: str, other: HostileSite, folder: Path) -> tuple[set[str], str]:
    pages = dict(case.pages)
    site = HostileSite(pages) if case.url is None else None
    try:
        if site is not None and "/sitemap.xml" in pages:  # the sitemap names this site's port
            listed = pages["/sitemap.xml"]
            pages["/sitemap.xml"] = lambda w: w.write(_sitemap_of(listed, site.port))
        url = case.url if case.url is not None else site.url + case.start
        trace = folder / "trace.jsonl"
        argv = [a.replace("{trace}", str(trace)) for a in case.argv]
        before = len(other.asked)
        started = time.monotonic()
        try:
            done = subprocess.run([sys.executable, "-m", "memviz", "crawl", url, *argv, "--lang", lang],
                                  capture_output=True, text=True, timeout=case.bound + 10, cwd=folder)  # fmt: skip
        except subprocess.TimeoutExpired:
            return {"hang"}, ""
        took = time.monotonic() - started
        given = (url, *([site.url] if site is not None else []), other.url, *argv, *case.data)
        problems = _judged(done.returncode, done.stderr, case.statuses, lang, str(folder), given)
        if took > case.bound:
            problems.add("hang")
        if len(other.asked) > before:
            problems.add("off_site")
        if "{trace}" in " ".join(case.argv) and done.returncode == 0:
            problems |= _traces_read([trace])
        return problems, done.stderr[-300:]
    finally:
        if site is not None:
            site.stop()


def _sitemap_of(answer: Callable, port: int) -> bytes:
    class Sink:
        data = b""

        def write(self, b: bytes) -> None:
            self.data += b

    sink = Sink()
    answer(sink)
    return sink.data.replace(b"{port}", str(port).encode())


def _judged(
    status: int,
    stderr: str,
    allowed: tuple[int, ...],
    lang: str,
    folder: str = "",
    given: tuple[str, ...] = (),
) -> set[str]:
    problems = set()
    if TRACEBACK.search(stderr):
        problems.add("traceback")
    if status not in allowed:
        problems.add("status")
    lines = [line for line in stderr.splitlines() if line.strip()]
    if status == 2 and len(lines) != 1:
        problems.add("lines")
    if lang == "zh" and any(english_sentence(line, folder, given) for line in lines):  # the suite's judge
        problems.add("english")
    return problems


def _traces_read(paths: list[Path]) -> set[str]:
    from memviz.core.trace import TraceError, read_trace

    for path in paths:
        try:
            if path.stat().st_size == 0:
                return {"trace"}
            read_trace(path)
        except (OSError, TraceError):
            return {"trace"}
    return set()


# -- serve -------------------------------------------------------------------------------------------------


def _serve(folder: Path, lang: str, extra: list[str], limit_bytes: int | None = None):
    def small_files() -> None:
        signal.signal(
            signal.SIGINT, signal.SIG_DFL
        )  # as from a terminal, even when this runs in the background
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    command = [sys.executable, "-m", "memviz", "serve", "--port", "0", "--lang", lang, *extra]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=small_files)  # fmt: skip
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    return process, (int(match.group(1)) if match else None)


LAST = {"stderr": ""}  # the last server's stderr and status, shown with a problem


def _stop(process) -> tuple[int, str]:
    process.send_signal(signal.SIGINT)
    try:
        status = process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        status = -1
    stderr = process.stderr.read()
    LAST["stderr"] = f"status {status}: {stderr}"
    return status, stderr


def _get(port: int, path: str, cookie: str | None = None) -> tuple[int, str | None]:
    """(status, the visitor cookie set or sent)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie} if cookie else {}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            response.read()
            status, headers = response.status, response.headers
    except urllib.error.HTTPError as error:
        status, headers = error.code, error.headers
    given = headers.get("set-cookie")
    return status, given.split(";")[0] if given else cookie


def serve_cases() -> list[tuple[str, Callable[[Path, str], set[str]]]]:
    def flood(folder: Path, lang: str) -> set[str]:
        traces = folder / "t"
        process, port = _serve(folder, lang, ["--trace-dir", str(traces), "--max-visitors", "50"])
        statuses = Counter(_get(port, "/login")[0] for _ in range(600))  # no cookie: 600 new visitors
        status, stderr = _stop(process)
        problems = _judged(status, stderr, (130,), lang, str(folder))
        files = list(traces.iterdir())
        if statuses != Counter({200: 600}) or len(files) != 50 or len(stderr.splitlines()) != 2:
            problems.add("trace")
        return problems | _traces_read(files)

    def full_disk(folder: Path, lang: str) -> set[str]:
        traces = folder / "t"
        process, port = _serve(folder, lang, ["--trace-dir", str(traces)], limit_bytes=1200)
        answered = Counter()
        for _ in range(20):  # 20 visitors of 10 pages each: files grow past the limit mid-line
            cookie = None
            for path in ("/", "/login", "/register", "/settings", "/editor") * 2:
                status, cookie = _get(port, path, cookie)
                answered[status] += 1
        status, stderr = _stop(process)
        problems = _judged(status, stderr, (130,), lang, str(folder))
        files = list(traces.iterdir())
        if answered != Counter({200: 200}) or len(stderr.splitlines()) != 2:
            problems.add("trace")
        return problems | _traces_read(files)

    def garbage(folder: Path, lang: str) -> set[str]:
        process, port = _serve(folder, lang, [])
        for k in range(50):
            with socket.create_connection(("127.0.0.1", port), timeout=20) as raw:
                raw.sendall([b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X: y\r\n" * 200 + b"\r\n",
                             b"\x16\x03\x01\x02\x00\x01", b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n"][k % 4])  # fmt: skip
                raw.recv(100)
        status, stderr = _stop(process)
        problems = _judged(status, stderr, (130,), lang, str(folder))
        if len(stderr.splitlines()) > 3:
            problems.add("lines")
        return problems

    def hosts(folder: Path, lang: str) -> set[str]:
        problems = set()
        for host in ("", " ", "0.0.0.0", "::", "[::]", "10.1.2.3", "999.1.1.1", "bad host", "\x1b[2J"):
            done = subprocess.run([sys.executable, "-m", "memviz", "serve", "--host", host, "--port", "0", "--lang", lang],
                                  capture_output=True, text=True, timeout=30, cwd=folder)  # fmt: skip
            problems |= _judged(done.returncode, done.stderr, (2,), lang, str(folder), (host,))
        return problems

    return [("flood: 600 visitors, --max-visitors 50", flood), ("full disk: files of at most 1,200 bytes", full_disk),
            ("50 garbage requests", garbage), ("9 hosts without --lan", hosts)]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", default="")
    parser.add_argument("--lang", choices=("en", "zh", "both"), default="both")
    args = parser.parse_args(argv)
    langs = ("en", "zh") if args.lang == "both" else (args.lang,)
    other = HostileSite({"*": html_page("/stolen")}, host="127.0.0.2")
    table: dict[str, Counter] = defaultdict(Counter)
    found: list[str] = []
    started = time.monotonic()
    try:
        for case in crawl_cases(other.url):
            if args.match not in f"{case.group} {case.name}":
                continue
            for lang in langs:
                with tempfile.TemporaryDirectory() as folder:
                    problems, tail = run_crawl(case, lang, other, Path(folder))
                _count(
                    table[f"crawl {case.group}"],
                    problems,
                    found,
                    f"crawl {case.group}: {case.name} [{lang}]",
                    tail,
                )
        for name, check in serve_cases():
            if args.match not in f"serve {name}":
                continue
            for lang in langs:
                with tempfile.TemporaryDirectory() as folder:
                    problems = check(Path(folder), lang)
                _count(table["serve"], problems, found, f"serve: {name} [{lang}]", LAST["stderr"])
    finally:
        other.stop()
    print(f"{'class':<16}{'cases':>7}{'clean':>7}" + "".join(f"{p:>11}" for p in PROBLEMS))
    total = Counter()
    for group, counts in table.items():
        total.update(counts)
        print(
            f"{group:<16}{counts['cases']:>7}{counts['clean']:>7}"
            + "".join(f"{counts[p]:>11}" for p in PROBLEMS)
        )
    print(f"{'all':<16}{total['cases']:>7}{total['clean']:>7}" + "".join(f"{total[p]:>11}" for p in PROBLEMS))
    print(
        f"requests the other host (127.0.0.2) received: {len(other.asked)}; {time.monotonic() - started:.0f} s"
    )
    for line in found:
        print(line)
    return 1 if found or other.asked else 0


def _count(counts: Counter, problems: set[str], found: list[str], name: str, tail: str) -> None:
    counts["cases"] += 1
    if not problems:
        counts["clean"] += 1
    for problem in problems:
        counts[problem] += 1
    if problems:
        found.append(f"{name}: {', '.join(sorted(problems))} | {tail.strip()[-200:]!r}")


if __name__ == "__main__":
    raise SystemExit(main())
