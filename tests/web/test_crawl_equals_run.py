"""Against `memviz serve`, `memviz crawl` equals `memviz run`: the same path (page ids), coverage,
bugs, duplicate reports and tokens, for every strategy, policy, seed and version — over real HTTP.
The crawl's trace equals the run's trace, and the server's own trace of the crawler's visit."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig, run
from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
from memviz.core.trace import read_trace
from memviz.core.trace_run import run_trace
from memviz.web.crawler import CrawlError, crawl
from tests.hypothesis_budget import examples
from tests.web.served import Served

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
GENERATED = Site.from_dict(generate_site("random", 40, 5, 3))  # no paths: served at /p/<id>


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("visitors")
    served = {
        "v1": Served(VERSIONS, folder / "v1"),
        "v2": Served(VERSIONS.at_version("v2"), folder / "v2"),
        "generated": Served(GENERATED, folder / "generated"),
    }
    for name in served:
        (folder / name).mkdir()
    yield served
    for server in served.values():
        server.stop()


configs = st.builds(
    RunConfig,
    strategy=st.sampled_from(["random", "visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.one_of(st.none(), st.integers(1, 12)),
    policy=st.sampled_from(["fifo", "lru", "random", "ttl", "opt"]),
    budget=st.integers(0, 50),
    bug_list=st.sampled_from([None, True, False]),
    until_all_bugs=st.booleans(),
    max_steps=st.integers(0, 60),
)


def _same(site, served, config):
    expected, expected_trace = run_trace(site, config, base_url=served.url.rstrip("/"))
    result, trace = crawl(served.url, config, site=site)
    assert result == expected
    assert [s.to_dict() for s in _unnumbered(trace)] == [s.to_dict() for s in _unnumbered(expected_trace)]
    return trace


def _unnumbered(trace):
    """The steps with each report's message numbers blanked (they count the server's answers)."""
    from dataclasses import replace

    from memviz.core.trace import Report

    def blank(report):
        fp = report.fingerprint
        return Report(fp[0], report.error, fp[2])

    return [replace(s, reports=tuple(blank(r) for r in s.reports)) for s in trace.steps]


# 25, not 40: the blog's pages (memviz.web.blog) take ~4x as long to parse as the bare lists did, on
# both sides of every step; test_blog_pages holds their links and symptoms to the bare pages' on
# every page, version and language, and the ci profile still tries three times as many.
@settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(config=configs, version=st.sampled_from(["v1", "v2"]))
def test_crawl_equals_run_on_the_served_blog(servers, config, version):
    site = VERSIONS.at_version(version)
    _same(site, servers[version], config)


@settings(
    max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(config=configs)
def test_crawl_equals_run_on_a_site_without_paths(servers, config):
    _same(GENERATED, servers["generated"], config)


def test_the_servers_trace_of_the_crawler_is_the_crawlers_path(servers):
    served = servers["v1"]
    before = set((served.trace_dir).iterdir())
    config = RunConfig(strategy="frontier", capacity=5, policy="opt", budget=40)
    trace = _same(VERSIONS, served, config)
    [new] = set(served.trace_dir.iterdir()) - before
    visitor = read_trace(new)
    assert visitor.header.agent == "human"
    assert [(s.url, s.page, s.status) for s in visitor.steps] == [
        (s.url, s.page, s.status) for s in trace.steps if s.moved
    ]  # the look-ahead's prefetches are in no trace
    assert [s.action for s in visitor.steps[1:]] == ["goto"] * (len(visitor.steps) - 1)  # no Referer sent


def test_without_a_site_file_pages_are_numbered_as_found(servers):
    served = servers["v2"]
    config = RunConfig(strategy="visited", capacity=8, budget=40, seed=5)
    result, trace = crawl(served.url, config)
    expected = run(VERSIONS.at_version("v2"), config)
    # the same walk; ids are the order of discovery, so map them back through the URLs
    by_url = {VERSIONS.url_path(p): p for p in range(24)}
    base = served.url.rstrip("/")
    assert [by_url[s.url.removeprefix(base)] for s in trace.steps if s.moved] == expected.path
    assert result.coverage == len(set(result.path)) / trace.header.site.pages
    # its bug pages are not named (unknown, not "none"), though the crawl reports what the pages show
    assert trace.header.site.bugs is None and result.reports == expected.reports


def test_an_unreachable_host_is_one_clear_line(servers):
    import socket

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()  # nothing listens there now
    with pytest.raises(CrawlError, match=rf"cannot reach http://127.0.0.1:{port}/: .*refused"):
        crawl(f"http://127.0.0.1:{port}/", RunConfig())
    with pytest.raises(CrawlError, match="http:// or https://"):
        crawl("ftp://example/", RunConfig())


def test_the_page_limit_bounds_what_the_crawl_numbers(servers):
    result, trace = crawl(servers["v1"].url, RunConfig(strategy="frontier", budget=100), max_pages=5)
    assert max(result.path) < 5 and trace.header.site.pages == 5


def test_crawl_on_the_command_line(servers, capsys, tmp_path):
    from memviz.cli import main

    served = servers["v1"]
    site = str(resource_path("sites", "conduit24-versions.json"))
    out = tmp_path / "crawl.jsonl"
    argv = ["--strategy", "frontier", "--capacity", "6", "--seed", "9", "--site", site, "--json"]
    assert main(["crawl", served.url, *argv, "--trace", str(out)]) == 0
    crawled = json.loads(capsys.readouterr().out)
    assert crawled.pop("coverage_of") == {"pages": 24, "from": "site"}
    assert main(["run", *argv]) == 0
    assert crawled == json.loads(capsys.readouterr().out)
    assert read_trace(out).path == crawled["path"]
    assert main(["crawl", "http://127.0.0.1:1/", "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("memviz：错误：无法访问 http://127.0.0.1:1/：") and err.count("\n") == 1
    assert main(["crawl", "http://127.0.0.1:1/", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("memviz: error: cannot reach http://127.0.0.1:1/: ")
