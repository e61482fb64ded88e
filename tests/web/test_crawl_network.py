"""`memviz crawl` against sites that misbehave (issue 36) and sites memviz did not make (issue 37):
no request ever leaves the crawled site, --timeout is a deadline, links are capped, every bad URL,
charset and header is one line; a foreign site's 404s are reports, dead ends are backed out of,
URLs are canonical and the sitemap is the universe. Real HTTP on 127.0.0.1 (127.0.0.2: another
host, loopback too)."""

from __future__ import annotations

import re
import time

import pytest

from memviz.core.engine import RunConfig
from memviz.core.trace import MOST_TEXT, read_trace
from memviz.core.trace_stats import trace_stats
from memviz.web.crawler import CrawlError, crawl, crawl_live
from memviz.web.urls import canonical
from tests.web.hostile_site import HostileSite, drip, html_page, page, redirect

HAS_CJK = re.compile(r"[\u4e00-\u9fff]")
WALK = RunConfig(strategy="visited", budget=12, seed=3)


@pytest.fixture
def other_host():
    """127.0.0.2: a host the crawl must never ask anything of."""
    other = HostileSite({"*": html_page("/stolen")}, host="127.0.0.2")
    yield other
    other.stop()


@pytest.fixture
def sites():
    made = []

    def make(pages, host="127.0.0.1"):
        made.append(HostileSite(pages, host))
        return made[-1]

    yield make
    for site in made:
        site.stop()


# -- never off the site ------------------------------------------------------------------------------


def test_a_start_url_redirecting_off_the_site_is_refused_before_any_request_there(sites, other_host):
    site = sites({"/": redirect(f"{other_host.url}/stolen")})
    with pytest.raises(CrawlError, match="redirects off the site") as refused:
        crawl(site.url + "/", WALK)
    assert other_host.asked == []
    assert "没有收到任何请求" in refused.value.in_lang("zh")


def test_a_later_redirect_off_the_site_is_an_off_site_step_and_a_line_never_a_request(sites, other_host):
    site = sites({"/": html_page("/go"), "/go": redirect(f"{other_host.url}/stolen", 301)})
    said = []
    _result, trace = crawl(site.url + "/", RunConfig(strategy="visited", budget=4), say=said.append)
    assert other_host.asked == []
    offs = [s for s in trace.steps if s.page is None]
    assert {s.url for s in offs} == {f"{other_host.url}/stolen"}
    off = offs[0]
    assert off.url == f"{other_host.url}/stolen" and off.status is None and off.action == "goto"
    before = trace.steps[off.step - 1]
    assert before.url == site.url + "/go" and before.status == 301
    assert trace.steps[off.step + 1].action == "back"  # the redirect page is a dead end: Back
    assert len(said) >= 1 and all("redirects off the site" in line for line in said)


def test_same_site_redirects_are_followed_and_a_redirect_loop_is_one_line(sites):
    site = sites(
        {"/": html_page("/old"), "/old": redirect("/new"), "/new": html_page("/"), "/loop": redirect("/loop")}
    )
    _result, trace = crawl(site.url + "/", RunConfig(strategy="visited", budget=3))
    assert "/new" in site.asked and trace.steps[1].url == site.url + "/old" and trace.steps[1].status == 200
    with pytest.raises(CrawlError, match="more than 10 times"):
        crawl(site.url + "/loop", WALK)


def test_redirect_targets_of_another_scheme_or_port_are_off_the_site(sites):
    site = sites(
        {"/": html_page("/a", "/b"), "/a": redirect("https://127.0.0.1/x"), "/b": redirect("/x", 302)}
    )
    other_port = site.url.replace(str(site.port), str(site.port + 1 if site.port < 65535 else site.port - 1))
    site.pages["/a"] = redirect(f"{other_port}/x")
    said = []
    _result, trace = crawl(site.url + "/", RunConfig(strategy="frontier", budget=6), say=said.append)
    assert "/x" in site.asked  # /b's target is on the site
    assert [s.url for s in trace.steps if s.page is None] == [f"{other_port}/x"] * len(
        [s for s in trace.steps if s.page is None]
    )


# -- a deadline, caps, one line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>",  # the body drips
        b"HTTP/1.1 2",  # the status line drips
        b"HTTP/1.1 200 OK\r\n",  # the headers drip (one byte of a header at a time)
    ],
)
def test_timeout_is_a_deadline_for_the_whole_answer_even_one_byte_at_a_time(sites, answer):
    site = sites({"/": drip(answer, every=0.05)})
    started = time.monotonic()
    with pytest.raises(CrawlError, match=r"within 0\.5 s") as late:
        crawl(site.url + "/", WALK, timeout=0.5)
    assert time.monotonic() - started < 5  # 0.5 s and the machine's slack; a socket timeout never ends
    assert HAS_CJK.search(late.value.in_lang("zh"))


def test_max_links_caps_a_page_of_thousands_of_links_with_one_line(sites):
    links = [f"/p/{k}" for k in range(5_000)]
    site = sites({"/": html_page(*links), "*": html_page("/")})
    said = []
    started = time.monotonic()
    _result, _trace, live = crawl_live(site.url + "/", RunConfig(strategy="frontier", budget=10), max_links=50,
                                      say=said.append)  # fmt: skip
    assert time.monotonic() - started < 8
    assert len(live.links[live.start]) == 50
    assert said == [f"memviz crawl: {site.url}/ has 5000 links; the first 50 on the site are kept "
                    "(--max-links; not said again for other pages)"]  # fmt: skip


def test_a_report_longer_than_a_trace_holds_is_cut_so_memviz_reads_its_own_trace(sites, tmp_path):
    from memviz.cli import main

    huge = "<p class='error-message'>" + "boom " * 20_000 + "</p>"
    site = sites({"/": html_page("/bad"), "/bad": lambda w: w.write(page(500, huge))})
    out = tmp_path / "t.jsonl"
    assert main(["crawl", site.url + "/", "--budget", "4", "--trace", str(out)]) == 0
    reports = [r for s in read_trace(out).steps for r in s.reports]
    assert reports and all(len(r.message) <= MOST_TEXT for r in reports)


def _one_line(capsys, argv, lang):
    from memviz.cli import main

    assert main(["crawl", *argv, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    if lang == "zh":
        assert err.startswith("memviz：错误：") and HAS_CJK.search(err.split("：", 2)[2]), err
    return err


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "url",
    ["http://[::1", "http://١٢٧.0.0.1:1/", "http://127.0.0.1:١٢/", "http://127.0.0.1:99999/", "http:///x",
     "http://" + "a" * 3000 + "/"],
)  # fmt: skip
def test_every_bad_url_is_one_line_and_status_2(capsys, url, lang):
    _one_line(capsys, [url], lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "answer",
    [
        page(200, "<a href='/'>x</a>", charset="bogus"),
        page(200, "<a href='/'>x</a>", charset="rot13"),
        page(200, "x", {f"X-{k}": "1" for k in range(150)}),
        b"HTTP/1.1 999 Nine\r\nContent-Length: 0\r\n\r\n",
        b"NOT HTTP AT ALL\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
    ],
)
def test_every_charset_and_header_failure_is_one_line_and_status_2(capsys, sites, answer, lang):
    site = sites({"/": lambda w: w.write(answer)})
    _one_line(capsys, [site.url + "/", "--timeout", "1"], lang)  # the short body: the deadline


def test_a_bad_link_on_a_page_is_left_out_not_a_failure(sites):
    site = sites(
        {"/": html_page("http://[::1", "http://١٢٧.0.0.1/", "mailto:x@y", "/ok"), "/ok": html_page("/")}
    )
    result, _trace = crawl(site.url + "/", RunConfig(strategy="visited", budget=3))
    assert set(site.asked) == {"/", "/ok", "/sitemap.xml"} and result.steps == 3


# -- a site memviz did not make (issue 37) ----------------------------------------------------------------


def test_canonical_urls_make_one_page_of_its_forms():
    forms = [
        "http://H:80/",
        "http://h/index.html",
        "http://h/?utm_source=x&fbclid=1",
        "http://h",
        "http://h/#top",
    ]
    assert {canonical(u) for u in forms} == {"http://h/"}
    assert canonical("http://h/a/") == canonical("http://h/a") == "http://h/a"
    assert canonical("http://h/a?page=2&utm_medium=m") == "http://h/a?page=2"
    assert canonical("http://h:8080/b/index.php") == "http://h:8080/b"  # its folder, no trailing slash
    assert canonical("http://h/a?x=b%20c") == "http://h/a?x=b%20c"  # nothing removed: written as it was
    assert canonical("http://h/é?x=b c") == "http://h/%C3%A9?x=b%20c"  # as a browser sends it


def test_a_foreign_site_404_is_a_report_a_dead_end_is_backed_out_of_and_forms_are_one_page(sites):
    site = sites({
        "/": html_page("/index.html", "/?utm_source=news", "/a/", "/missing"),
        "/a": html_page(),  # a dead end: no link at all
        "/a/": html_page(),
        "/missing": lambda w: w.write(page(404, "<h1>Not found</h1>")),
    })  # fmt: skip
    result, trace, live = crawl_live(site.url + "/", RunConfig(strategy="visited", budget=8, seed=1))
    assert sorted(live.ids) == [site.url + "/", site.url + "/a", site.url + "/missing"]
    assert live.universe == "found" and trace.header.site.pages == 3
    moves = [s for s in trace.steps if s.moved]
    assert {s.url for s in moves} <= set(live.ids)
    for k, step in enumerate(moves[1:], 1):  # every dead end is left by Back, to the page found on
        if moves[k - 1].url in (site.url + "/a", site.url + "/missing"):
            assert step.action == "back" and step.url == site.url + "/"
    assert result.stop_reason != "dead_end" and result.steps == 8
    reported = {(r.route, r.error) for s in trace.steps for r in s.reports}
    if site.url + "/missing" in {s.url for s in moves}:
        assert ("/missing", "HTTP 404") in reported
    assert result.coverage == len(set(result.path)) / 3


def test_a_sitemap_is_the_universe_coverage_is_over(sites, capsys):
    from memviz.cli import main

    sitemap = "".join(f"<url><loc>{{base}}{p}</loc></url>" for p in ("/", "/a", "/b", "/c?utm_source=x"))
    site = sites({"/": html_page("/a", "/b", "/elsewhere"), "/a": html_page("/"), "/b": html_page("/"),
                  "/elsewhere": html_page("/")})  # fmt: skip
    site.pages["/sitemap.xml"] = lambda w: w.write(
        page(200, "<urlset>" + sitemap.format(base=site.url) + "</urlset>")
    )
    result, trace, live = crawl_live(site.url + "/", RunConfig(strategy="frontier", budget=10))
    assert live.universe == "sitemap" and trace.header.site.pages == 4
    assert trace.header.site.bugs is None  # no site file: its bugs are not named, so not counted as 0
    stats = trace_stats(trace)
    assert (stats.bugs_found, stats.bug_recall) == (None, None)
    assert site.url + "/elsewhere" not in live.ids and "/elsewhere" not in site.asked
    assert result.coverage == len(set(result.path)) / 4 == 0.75  # /c is listed but linked from nowhere
    assert main(["crawl", site.url + "/", "--strategy", "frontier", "--budget", "10", "--lang", "en"]) == 0
    assert "coverage 75.0% of the 4 pages sitemap.xml lists" in capsys.readouterr().out


def test_a_crawls_trace_never_holds_more_steps_or_bytes_than_the_reader_takes(sites, other_host, monkeypatch):
    import memviz.web.crawler as crawler
    from memviz.core.trace import trace_text

    site = sites(
        {"/": html_page("/go", "/" + "a" * 1900), "/go": redirect(f"{other_host.url}/x"), "*": html_page("/")}
    )
    config = RunConfig(strategy="random", budget=12, seed=2)
    monkeypatch.setattr(crawler, "MOST_STEPS", 12 + 2 + 1)  # room for one off-site step beside the run's own
    _result, trace = crawl(site.url + "/", config)
    assert len(trace.steps) <= 15 and sum(s.page is None for s in trace.steps) <= 1
    monkeypatch.setattr(crawler, "TRACE_FILE_BYTES", crawler.HEADER_ROOM + 8_000)
    said = []
    result, trace = crawl(site.url + "/", config, say=said.append)
    assert len(trace_text(trace).encode()) <= crawler.TRACE_FILE_BYTES
    assert result.stop_reason == "trace_full" and len(said) >= 1 and "the crawl stops here" in said[-1]
    assert other_host.asked == []


def test_memviz_serve_lists_its_pages_in_a_sitemap_so_a_crawl_without_the_file_numbers_them_as_it():
    from memviz.core.engine import run
    from memviz.core.resources import resource_path
    from memviz.core.site import Site
    from tests.web.served import Served

    blog = Site.from_file(resource_path("sites", "conduit24-versions.json"))
    served = Served(blog)
    try:
        config = RunConfig(strategy="visited", capacity=8, budget=40, seed=5)
        result, trace, live = crawl_live(served.url, config)
        base = served.url.rstrip("/")
        assert live.universe == "sitemap" and trace.header.site.pages == 24
        assert {url.removeprefix(base): p for url, p in live.ids.items()} == {
            blog.url_path(p): p for p in range(24)
        }
        assert result.path == run(blog, config).path  # the site file's ids, found from the sitemap
    finally:
        served.stop()
