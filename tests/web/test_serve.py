"""`memviz serve`: the site as real HTML over real HTTP — links in the chapter's order, bug symptoms a
tester can detect, 404 and 4xx for bad requests, and a visitor's trace flushed as each page is
answered (50 clients at once lose no line)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest

from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.trace import read_trace
from memviz.core.webpage import read_page, symptom_of
from tests.web.served import Served, serve_process

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("visitors")
    served = {v: Served(VERSIONS.at_version(v), folder / v) for v in ("v1", "v2")}
    for v in served:
        (folder / v).mkdir()
    yield served
    for server in served.values():
        server.stop()


def get(url, cookie=None, method="GET", headers=None):
    request = urllib.request.Request(url, method=method, headers=headers or {})
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode(), error.headers


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_every_page_links_in_the_chapters_order_and_shows_its_bug(servers, version):
    served = servers[version]
    site = served.site
    for page in range(site.n_pages):
        status, html, _ = get(served.url.rstrip("/") + site.url_path(page))
        seen = read_page(status, html)
        assert tuple(site.page_at(href) for href in seen.links) == site.clickable[page]
        symptom = symptom_of(site, page)
        assert seen.error == (None if symptom is None else symptom.error), (version, page)
        assert (status == 500) == (symptom is not None and symptom.error == "HTTP 500")
        if symptom is not None:  # the message the page shows, its number filled in
            pattern = re.escape(symptom.message).replace(re.escape("{n}"), r"\d+")
            assert re.fullmatch(pattern, seen.message)


def test_the_versions_fix_and_break_what_the_versions_file_says(servers):
    v1 = {
        p
        for p in range(24)
        if read_page(*get(servers["v1"].url.rstrip("/") + VERSIONS.url_path(p))[:2]).error
    }
    v2 = {
        p
        for p in range(24)
        if read_page(*get(servers["v2"].url.rstrip("/") + VERSIONS.url_path(p))[:2]).error
    }
    assert v1 == {7, 9, 13, 15, 21, 23}
    assert v2 == (v1 - {7, 21}) | {4, 12}


def test_unknown_paths_are_404_pages_with_the_nav_bar_and_none_leaves_the_site(servers):
    served = servers["v1"]
    for path in (
        "/nope",
        "/search?page=3",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/p/0",
        "//etc",
    ):
        status, html, _ = get(served.url.rstrip("/") + path)
        assert status == 404, path
        links = read_page(status, html).links
        assert [served.site.page_at(h) for h in links] == list(served.site.nav)
        assert "root:" not in html


def test_bad_requests_get_4xx_never_a_traceback(servers):
    served = servers["v1"]
    base = served.url.rstrip("/")
    assert get(base + "/" + "a" * 3000)[0] == 414
    assert get(base + "/article/a", method="PUT")[0] == 405
    assert get(base + "/article/a", method="POST")[0] == 405
    assert get(base + "/editor/b", method="POST")[0] == 422  # the save drops the tags
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as raw:
        raw.sendall(b"GARBAGE / NOT-HTTP\r\n\r\n")
        answer = raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:40]
    assert b"Traceback" not in answer


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_visitors_trace_is_written_as_each_page_is_answered(servers):
    served = servers["v1"]
    base = served.url.rstrip("/")
    _, _, headers = get(base + "/")
    cookie = headers["set-cookie"].split(";")[0]
    trace_file = served.trace_dir / f"visitor-{cookie.split('=')[1]}.jsonl"
    assert [line["page"] for line in _lines(trace_file)[1:]] == [0]  # there before any other request
    get(base + "/article/a", cookie, headers={"Referer": base + "/"})
    assert [(s["page"], s["action"]) for s in _lines(trace_file)[1:]] == [(0, "start"), (12, "click")]
    get(base + "/search?page=2", cookie)
    get(base + "/nowhere", cookie)
    get(base + "/favicon.ico", cookie)  # a browser's own request: not a step
    get(base + "/login", cookie, method="HEAD")  # shows nothing: not a visit
    get(base + "/" + "x" * 1790, cookie, headers={"Host": "h" * 5000})  # the longest path, a huge Host
    trace = read_trace(trace_file)
    assert [(s.page, s.status, s.action) for s in trace.steps] == [
        (0, 200, "start"), (12, 200, "click"), (23, 500, "goto"), (None, 404, "goto"), (None, 404, "goto"),
    ]  # fmt: skip
    assert trace.steps[-1].url == base + "/" + "x" * 1790  # the server's address, read back whole
    assert trace.header.agent == "human" and trace.header.site.bugs == (7, 9, 13, 15, 21, 23)


def test_a_forged_cookie_never_names_a_file(servers):
    served = servers["v1"]
    before = set(served.trace_dir.iterdir())
    _, _, headers = get(served.url, cookie="memviz_visitor=../../../tmp/evil")
    assert headers["set-cookie"].startswith("memviz_visitor=")
    new = set(served.trace_dir.iterdir()) - before
    assert len(new) == 1 and re.fullmatch(r"visitor-[0-9a-f]{16}\.jsonl", new.pop().name)


LOAD_SECONDS = float(os.environ.get("MEMVIZ_LOAD_SECONDS", "4"))  # 10 by hand: see docs/serve.md


def test_fifty_concurrent_clients_lose_no_trace_line(servers):
    served = servers["v2"]
    host, port = served.url.removeprefix("http://").rstrip("/").split(":")
    paths = [served.site.url_path(p) for p in range(served.site.n_pages)]
    made: dict[str, list[str]] = {}
    failures: list[BaseException] = []
    stop_at = time.monotonic() + LOAD_SECONDS

    def client(k: int) -> None:
        try:
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            cookie, asked = None, []
            while time.monotonic() < stop_at or not asked:
                path = paths[(k * 7 + len(asked)) % len(paths)]
                connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
                response = connection.getresponse()
                response.read()
                if cookie is None:
                    cookie = response.getheader("set-cookie").split(";")[0]
                asked.append(path)
            connection.close()
            made[cookie.split("=")[1]] = asked
        except BaseException as exc:  # reported below, in the test's thread
            failures.append(exc)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert len(made) == 50
    for visitor, asked in made.items():
        trace = read_trace(served.trace_dir / f"visitor-{visitor}.jsonl")
        assert [s.url.removeprefix(served.url.rstrip("/")) for s in trace.steps] == asked


@pytest.mark.skipif(os.name != "posix", reason="Ctrl+C as SIGINT to a child is POSIX's")
def test_memviz_serve_prints_its_address_serves_and_stops_on_ctrl_c(tmp_path):
    folder = tmp_path / "traces"
    with serve_process(folder, "en") as (process, url):
        assert get(url + "login")[0] == 200
        [trace_file] = folder.iterdir()
        assert read_trace(trace_file).path == [1]  # flushed while the server runs
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130  # memviz's Ctrl+C: one line, status 130
        assert process.stderr.read().strip().splitlines() == ["memviz: interrupted"]
        assert read_trace(trace_file).path == [1]


def test_a_port_in_use_or_a_bad_version_is_one_line_and_status_2(tmp_path, capsys):
    from memviz.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert f"cannot listen on 127.0.0.1:{port}" in err and err.count("\n") == 1
    assert main(["serve", "--version", "v9"]) == 2
    assert "v9" in capsys.readouterr().err
    assert main(["serve", "--port", "70000"]) == 2


@pytest.mark.parametrize("host", ["\udcff\udcfe", "\x1b[2J", "a" * 300, "bad host\n", "999.1.1.1"])
def test_a_host_that_is_no_host_is_one_line_and_status_2(capsys, host):
    """`serve --host` with bytes that are not UTF-8 (a lone surrogate once decoded) ended in
    'TypeError: encoding of hostname failed', a traceback."""
    from memviz.cli import main

    assert main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("memviz: error: cannot listen on ") and err.count("\n") == 1, err
    assert "\x1b" not in err and "\udcff" not in err
