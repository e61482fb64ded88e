"""`memviz agent` end to end: the blog served by the command, a real local endpoint whose scripted
model decides only from the prompt it is sent (tests/agent/endpoint.py).

With memory on the model covers the site exactly as the frontier rule predicts (an independent
reading of the rule over the site's links, deterministic: the first fresh link, else the first hop
of the shortest way through the remembered link table, else done); with memory off it repeats pages.
The traces' tokens are the endpoint's usage; the key is in no file written.
"""

from __future__ import annotations

import json

import pytest

from memviz.cli.commands import main
from memviz.core.resources import resource_path
from memviz.core.site import load_site
from memviz.core.trace import read_trace
from memviz.core.trace_stats import trace_stats
from tests.agent.endpoint import Endpoint
from tests.core.test_trace_claims import independent_claim_figures

KEY = "sk-memviz-test-0123456789abcdef"
SITE = load_site(resource_path("sites", "conduit24-versions.json"))


def predicted_path(
    site, budget: int, memory: bool, capacity: int | None = None, start: int | None = None
) -> list[int]:
    """The deterministic frontier rule on the site's links, with a FIFO memory of ``capacity``."""
    links = site.clickable
    page = site.start if start is None else start
    remembered: dict[int, tuple[int, ...]] = {}

    def write(p: int) -> None:
        if p in remembered:
            return
        if capacity is not None and len(remembered) >= capacity:
            del remembered[next(iter(remembered))]
        remembered[p] = links[p]

    if memory:
        write(page)
    path = [page]
    for _ in range(budget):
        if not memory:
            nxt = links[page][0]
        else:
            nxt = next((q for q in links[page] if q not in remembered), None)
            if nxt is None:
                hop = {}
                queue = []
                for q in links[page]:
                    if q not in hop:
                        hop[q] = q
                        queue.append(q)
                while queue:
                    p = queue.pop(0)
                    if p not in remembered:
                        nxt = hop[p]
                        break
                    for q in remembered.get(p, ()):
                        if q not in hop and q != page:
                            hop[q] = hop[p]
                            queue.append(q)
            if nxt is None:
                break
        page = nxt
        path.append(page)
        if memory:
            write(page)
    return path


@pytest.fixture
def endpoint():
    served = Endpoint()
    yield served
    served.stop()


def agent(endpoint, tmp_path, *extra, capsys=None) -> int:
    return main([
        "agent", "--endpoint", endpoint.url, "--model", "scripted", "--api-key-env", "MEMVIZ_TEST_KEY",
        "--trace-dir", str(tmp_path / "traces"), "--lang", "en", *extra,
    ])  # fmt: skip


def traces(tmp_path):
    return sorted((tmp_path / "traces").glob("*.jsonl"))


def no_key_anywhere(tmp_path, *texts) -> None:
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(encoding="utf-8", errors="replace"), path
    for text in texts:
        assert KEY not in text


def test_with_frontier_memory_the_model_covers_the_site_as_the_rule_predicts(
    endpoint, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("MEMVIZ_TEST_KEY", KEY)
    assert agent(endpoint, tmp_path, "--memory", "frontier", "--budget", "40") == 0
    (path,) = traces(tmp_path)
    trace = read_trace(path)
    expected = predicted_path(SITE, 40, memory=True)
    assert trace.path == expected
    assert len(set(expected)) == SITE.n_pages  # every page: the frontier rule's promise on this site
    assert trace.steps[-1].action == "stop" and len(trace.steps) == len(expected) + 1  # it said done()
    # the tokens of every step are the endpoint's usage, in order
    usage = endpoint.usage
    assert [s.tokens_in for s in trace.steps[1:]] == [u["prompt_tokens"] for u in usage]
    assert [s.tokens_out for s in trace.steps[1:]] == [u["completion_tokens"] for u in usage]
    # the memory the model was given is the memory after each step: every page visited so far
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    for k, line in enumerate(lines[2:], 1):  # lines[0] is the header, lines[1] step 0
        assert line["memory"] == list(dict.fromkeys(expected[: k + 1])), k
    assert all(r["authorization"] == f"Bearer {KEY}" for r in endpoint.requests)
    out = capsys.readouterr()
    no_key_anywhere(tmp_path, out.out, out.err)
    # the model reported the 500 it saw (search page 2), and the detector saw it there too
    claims = [c for line in lines[1:] for c in line.get("claims", [])]
    assert claims == [
        {"kind": "reported", "text": "server error", "error": "HTTP 500", "route": "/search?page=2"}
    ]
    assert not any("claimed" in line for line in lines)  # one shape: the format's claims
    shown = {r["route"] for line in lines[1:] for r in line["reports"]}
    assert shown == {SITE.url_path(p) for p in SITE.bug_by_page}
    # the bug list holds the claim from then on: every later prompt's memory block lists it
    reported_at = next(k for k, line in enumerate(lines[1:]) if line.get("claims"))
    later = [r["body"]["messages"][-1]["content"] for r in endpoint.requests[reported_at:]]
    assert later and all("- /search?page=2 · HTTP 500 · server error" in text for text in later)
    assert "reports claimed 1 (1 true, 0 duplicates), bugs the pages showed 6" in out.out
    # trace stats measures the claims by the format's rule, equal to a reading of the lines themselves
    stats = trace_stats(trace)
    got = (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall)
    assert got == independent_claim_figures(lines) == (1, 1, 1.0, 1 / 6)


def test_without_memory_the_model_repeats_pages(endpoint, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMVIZ_TEST_KEY", KEY)
    assert agent(endpoint, tmp_path, "--memory", "none", "--budget", "12") == 0
    trace = read_trace(traces(tmp_path)[0])
    assert trace.path == predicted_path(SITE, 12, memory=False)
    assert len(set(trace.path)) == 2  # home and the first nav link, over and over
    assert all("== Memory" not in r["body"]["messages"][1]["content"] for r in endpoint.requests)


def test_a_small_memory_forgets_as_its_policy_says(endpoint, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMVIZ_TEST_KEY", KEY)
    assert agent(endpoint, tmp_path, "--memory", "frontier", "--capacity", "4", "--budget", "30") == 0
    trace = read_trace(traces(tmp_path)[0])
    assert trace.path == predicted_path(SITE, 30, memory=True, capacity=4)
    assert len(set(trace.path)) < len(set(predicted_path(SITE, 30, memory=True)))
