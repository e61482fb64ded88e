"""`memviz serve` on a network (issue 36): local unless --lan, capped traces, a full disk, rate limits,
uvicorn's lines in memviz's language; and issue 37's server half: no-store pages, a POST as a step,
the reports of the pages answered in the visitor's trace. Real HTTP on 127.0.0.1."""

from __future__ import annotations

import os
import re
import resource
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.trace import read_trace
from memviz.core.webpage import report_of
from memviz.web.network import LOCAL, NETWORK, NOT_A_HOST, RateLimit, host_reach
from memviz.web.serverlog import ServerLog, UvicornLines
from memviz.web.visitors import TraceCaps, TraceFolder
from tests.web.served import Served, serve_process

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
HAS_CJK = re.compile(r"[\u4e00-\u9fff]")


def get(url, cookie=None, method="GET", headers=None, data=None):
    request = urllib.request.Request(url, method=method, headers=headers or {}, data=data)
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode(), error.headers


# -- where it listens --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "reach"),
    [
        ("127.0.0.1", LOCAL), ("127.0.0.2", LOCAL), ("::1", LOCAL), ("::ffff:127.0.0.1", LOCAL),
        ("localhost", LOCAL), ("0.0.0.0", NETWORK), ("::", NETWORK), ("192.168.1.20", NETWORK),
        ("10.0.0.1", NETWORK), ("", NOT_A_HOST), ("999.1.1.1", NOT_A_HOST), ("bad host", NOT_A_HOST),
        ("a" * 300, NOT_A_HOST), ("\udcff", NOT_A_HOST), ("１２７.0.0.1", NOT_A_HOST),
    ],
)  # fmt: skip
def test_a_host_is_local_on_the_network_or_no_host(host, reach):
    assert host_reach(host) == reach


@pytest.mark.parametrize("host", ["", " ", "0.0.0.0", "::", "192.168.1.20", "999.1.1.1"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_serve_refuses_an_empty_or_a_network_host_without_lan_in_one_line(capsys, host, lang):
    from memviz.cli import main

    assert main(["serve", "--host", host, "--port", "0", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    if lang == "zh":
        assert err.startswith("memviz：错误：")
        assert HAS_CJK.search(err.split("：", 2)[2]), err
    if host in ("0.0.0.0", "::", "192.168.1.20"):
        assert "--lan" in err


def test_lan_on_a_loopback_host_is_refused(capsys):
    from memviz.cli import main

    assert main(["serve", "--lan", "--host", "127.0.0.1", "--port", "0"]) == 2
    assert "--lan" in capsys.readouterr().err


def test_lan_says_where_it_is_reached_and_what_it_exposes():
    from memviz.cli.serve import lan_lines

    lines = lan_lines("en", ["192.168.1.20", "fd00::5"], 8000, VERSIONS, "traces", 20)
    assert "http://192.168.1.20:8000/ http://[fd00::5]:8000/" in lines[0]
    assert "/article/a/comments" in lines[1] and "traces" in lines[1] and "20 requests a second" in lines[1]
    zh = lan_lines("zh", [], 8000, VERSIONS, None, 20)
    assert all(HAS_CJK.search(line) for line in zh) and "不写轨迹" in zh[1]


def test_the_addresses_lan_prints_are_never_loopback_and_a_named_host_is_itself():
    import ipaddress

    from memviz.web.network import lan_addresses

    assert lan_addresses("192.168.1.20") == ["192.168.1.20"]
    for address in lan_addresses("0.0.0.0") + lan_addresses("::"):  # this machine's, whatever they are
        ip = ipaddress.ip_address(address)
        assert not ip.is_loopback and not ip.is_unspecified and not ip.is_link_local


def test_the_rate_limit_is_a_bucket_per_address_with_a_fake_clock():
    now = [0.0]
    limit = RateLimit(2, burst=3, clock=lambda: now[0], most_clients=2)
    assert [limit.allow("a") for _ in range(5)] == [True, True, True, False, False]
    assert limit.allow("b")  # another address has its own bucket
    now[0] = 0.5  # one token back at 2 a second
    assert [limit.allow("a") for _ in range(2)] == [True, False]
    limit.allow("c")
    assert list(limit.buckets) == ["a", "c"]  # at most two addresses kept, the least recent gone


def test_past_the_rate_a_client_gets_429_no_trace_line_and_one_line_said(tmp_path):
    served = Served(VERSIONS, tmp_path, rate=RateLimit(1, burst=3, clock=lambda: 0.0))
    try:
        statuses = [get(served.url + "login")[0] for _ in range(6)]
        assert statuses == [200, 200, 200, 429, 429, 429]
        assert len(list(tmp_path.iterdir())) == 3  # three visitors without a cookie, each a trace
        assert served.log.lines == [
            "memviz serve: 127.0.0.1 asks more than 1 requests a second; those past it are answered 429 "
            "(said once per address)"
        ]
    finally:
        served.stop()


# -- the trace folder's caps ---------------------------------------------------------------------------


def test_past_max_visitors_pages_are_answered_without_new_traces_said_once(tmp_path):
    (tmp_path / "visitor-0000000000000000.jsonl").write_text("{}\n")  # one already there counts
    served = Served(VERSIONS, tmp_path, caps=TraceCaps(visitors=4))
    try:
        answers = [get(served.url + "article/a") for _ in range(20)]  # no cookie: 20 new visitors
        assert {status for status, _, _ in answers} == {200}
        assert len(list(tmp_path.iterdir())) == 4
        assert served.log.lines == [
            "memviz serve: the trace folder holds 4 visitor traces (--max-visitors 4): the site keeps "
            "answering, new visitors get no trace"
        ]
        cookie = answers[0][2]["set-cookie"].split(";")[0]  # a visitor with a trace goes on
        get(served.url + "login", cookie)
        assert read_trace(tmp_path / f"visitor-{cookie.split('=')[1]}.jsonl").path == [12, 1]
    finally:
        served.stop()


def test_past_max_trace_mb_no_line_is_written_and_every_trace_reads_back(tmp_path):
    served = Served(VERSIONS, tmp_path, caps=TraceCaps(megabytes=0.004))  # 4,000 bytes
    try:
        _, _, headers = get(served.url)
        cookie = headers["set-cookie"].split(";")[0]
        statuses = [get(served.url + VERSIONS.url_path(p % 24).lstrip("/"), cookie)[0] for p in range(40)]
        assert set(statuses) <= {200, 500}
        total = sum(f.stat().st_size for f in tmp_path.iterdir())
        assert 3000 < total <= 4000
        assert len(read_trace(next(tmp_path.iterdir())).steps) < 41
        assert len(served.log.lines) == 1 and "--max-trace-mb 0.004" in served.log.lines[0]
    finally:
        served.stop()


def test_a_visitors_trace_stops_at_the_most_steps_the_reader_takes(tmp_path, monkeypatch):
    import memviz.web.visitors as visitors

    monkeypatch.setattr(visitors, "MOST_STEPS", 3)
    log = ServerLog("en", write=lambda line: None)
    folder = TraceFolder(tmp_path, VERSIONS, log)
    written = [folder.record("ab" * 8, f"http://127.0.0.1:1/p{k}", None, "goto", 404) for k in range(5)]
    assert written == [True, True, True, False, False]
    assert len(read_trace(tmp_path / f"visitor-{'ab' * 8}.jsonl").steps) == 3
    assert len(log.lines) == 1


def test_a_failed_write_is_undone_and_stops_the_traces_once(tmp_path):
    """A short write (a disk filling up mid-line) cuts the file back to its whole lines; a new file
    that cannot be written is removed: no empty file, no half line."""
    budget = [700]

    def filling_disk(fd, data):
        n = min(len(data), budget[0])
        budget[0] -= n
        if n == 0:
            raise OSError(28, "No space left on device")
        return os.write(fd, data[:n])

    log = ServerLog("zh", write=lambda line: None)
    folder = TraceFolder(tmp_path, VERSIONS, log, write=filling_disk)
    results = [folder.record("cd" * 8, "http://127.0.0.1:1/login", 1, "click", 200) for _ in range(10)]
    results += [folder.record("ef" * 8, "http://127.0.0.1:1/login", 1, "click", 200)]
    assert results[0] and not any(results[-3:])
    [kept] = list(tmp_path.iterdir())
    steps = read_trace(kept).steps  # whole lines only
    assert len(steps) == results.count(True)
    short = "只写进了一行的一部分：磁盘满了，或文件大小受限"
    assert log.lines == [f"memviz serve：轨迹写不进 {tmp_path}（{short}）：网站照常回答，不再写轨迹"]
    log = ServerLog("zh", write=lambda line: None)
    folder = TraceFolder(tmp_path / "gone", VERSIONS, log)  # a folder taken away
    assert not folder.record("ab" * 8, "http://127.0.0.1:1/login", 1, "click", 200)
    assert log.lines == [
        f"memviz serve：轨迹写不进 {tmp_path / 'gone'}（文件夹已经不在了）：网站照常回答，不再写轨迹"
    ]


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs a file-size limit (POSIX)")
def test_a_full_disk_serves_every_page_says_one_line_and_leaves_no_empty_or_half_file(tmp_path):
    """A real `memviz serve` whose files may not grow past 1,500 bytes (RLIMIT_FSIZE: writes past it
    fail with EFBIG, as on a full disk): 60 requests of 6 visitors all answered, one line on stderr."""
    folder = tmp_path / "traces"

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1500, 1500))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    with serve_process(folder, "zh", preexec_fn=small_files) as (process, url):
        statuses = []
        for _ in range(6):
            _, _, headers = get(url + "login")
            cookie = headers["set-cookie"].split(";")[0]
            statuses += [get(url + VERSIONS.url_path(p).lstrip("/"), cookie)[0] for p in range(10)]
        assert set(statuses) == {200}  # every page answered (pages 0-9 of the blog have no 500)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
        err = process.stderr.read().strip().splitlines()
        assert len(err) == 2 and "轨迹写不进" in err[0] and "Traceback" not in "".join(err), err
        assert err[1] == "memviz：已中断"
        files = list(folder.iterdir())
        assert files and all(f.stat().st_size > 0 for f in files)
        for f in files:
            read_trace(f)  # whole lines, each file read back


# -- what a visitor's trace holds (issue 37) -------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    folder = tmp_path_factory.mktemp("visitors")
    server = Served(VERSIONS, folder)
    yield server
    server.stop()


def test_pages_are_sent_no_store(served):
    for path in ("login", "search?page=2", "nowhere"):
        assert get(served.url + path)[2]["cache-control"] == "no-store", path
    assert get(served.url + "editor/b", method="POST", data=b"x=1")[2]["cache-control"] == "no-store"


def test_a_visitors_trace_holds_the_reports_of_the_pages_answered_and_its_posts(served):
    base = served.url.rstrip("/")
    _, _, headers = get(base + "/editor/b")
    cookie = headers["set-cookie"].split(";")[0]
    get(base + "/editor/b", cookie, method="POST", data=b"title=B", headers={"Referer": base + "/editor/b"})
    get(base + "/article/a", cookie, method="POST", data=b"x=1")
    for page in (23, 21, 1, 13):
        get(base + VERSIONS.url_path(page), cookie)
    trace = read_trace(served.trace_dir / f"visitor-{cookie.split('=')[1]}.jsonl")
    assert [(s.page, s.status, s.action) for s in trace.steps] == [
        (15, 200, "start"), (15, 422, "click"), (12, 405, "goto"), (23, 500, "goto"), (21, 200, "goto"),
        (1, 200, "goto"), (13, 200, "goto"),
    ]  # fmt: skip
    posted = {1: ("/editor/b", "http 422", "http {n}"), 2: ("/article/a", "http 405", "http {n}")}
    for k, step in enumerate(trace.steps):
        if k in posted:  # the detector on the POST's answer: its status
            assert [r.fingerprint for r in step.reports] == [posted[k]]
        else:  # a page's report as the site file says it (the detector agrees: tests/core)
            expected = report_of(VERSIONS, step.page, 0)
            assert [r.fingerprint for r in step.reports] == (
                [] if expected is None else [expected.fingerprint]
            )
    assert trace.header.reported_by == "detector"


# -- uvicorn's lines -------------------------------------------------------------------------------------


def test_uvicorns_records_become_one_line_each_kind_once_in_the_language():
    import logging

    log = ServerLog("zh", write=lambda line: None)
    handler = UvicornLines(log)
    try:
        raise OSError(28, "No space left on device")
    except OSError as exc:
        failure = (type(exc), exc, exc.__traceback__)
    records = [
        logging.LogRecord(
            "uvicorn.error", logging.WARNING, "h11", 1, "Invalid HTTP request received.", (), None
        ),
        logging.LogRecord(
            "uvicorn.error", logging.WARNING, "h11", 1, "Invalid HTTP request received.", (), None
        ),
        logging.LogRecord(
            "uvicorn.error", logging.ERROR, "h11", 1, "Exception in ASGI application\n", (), failure
        ),
        logging.LogRecord(
            "uvicorn.error", logging.WARNING, "h11", 1, "Exceeded concurrency limit.", (), None
        ),
    ]
    records += [
        logging.LogRecord(
            "uvicorn.error", logging.WARNING, "h11", 1, "Unsupported upgrade request.", (), None
        ),
        logging.LogRecord(
            "uvicorn.error", logging.WARNING, "h11", 1, "No supported WebSocket library", (), None
        ),
    ]
    for record in records:
        handler.emit(record)
    assert len(log.lines) == 4 and all(HAS_CJK.search(line) and "\n" not in line for line in log.lines)
    assert "Traceback" not in "".join(log.lines) and "OSError" in log.lines[1]


def test_garbage_requests_are_one_line_in_chinese_said_once(tmp_path):
    command = [sys.executable, "-m", "memviz", "serve", "--port", "0", "--lang", "zh"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline()).group(1))
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
                raw.sendall(b"GARBAGE / NOT-HTTP\r\n\r\n")
                assert raw.recv(4096).startswith(b"HTTP/1.1 400")
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
        err = process.stderr.read().strip().splitlines()
        assert err == [
            "memviz serve：收到一个不合法的 HTTP 请求，已回答 400（之后的不再重复）",
            "memviz：已中断",
        ]
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
