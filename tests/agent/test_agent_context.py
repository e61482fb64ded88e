"""`--context W --compaction M`: the history a real model is sent, kept by the simulation's own
session context (memviz.core.context). The scripted model reads the earlier turns it is sent as
pages it has seen (with their links), and the summary's pages as seen (names only)."""

from __future__ import annotations

import json

import pytest

from memviz.cli.commands import main
from memviz.core.trace import read_trace
from tests.agent.endpoint import Endpoint
from tests.agent.test_agent_runs import SITE, predicted_path


@pytest.fixture
def endpoint():
    served = Endpoint()
    yield served
    served.stop()


def run(endpoint, tmp_path, *extra) -> list[dict]:
    argv = ["agent", "--endpoint", endpoint.url, "--model", "m", "--memory", "none",
            "--trace-dir", str(tmp_path / "t"), "--lang", "en", *extra]  # fmt: skip
    assert main(argv) == 0
    (path,) = (tmp_path / "t").glob("*.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()], read_trace(path)


def history_pairs(request: dict) -> int:
    return sum(1 for m in request["body"]["messages"] if m["role"] == "assistant")


def test_an_unlimited_context_is_the_frontier_rule_without_injected_memory(endpoint, tmp_path):
    lines, trace = run(endpoint, tmp_path, "--context", "inf", "--budget", "40")
    assert trace.path == predicted_path(SITE, 40, memory=True)  # the context's limit: frontier's path
    # call k carries the k - 1 turns before it, whole, as user/assistant pairs
    assert [history_pairs(r) for r in endpoint.requests] == list(range(len(endpoint.requests)))
    assert all(line["context"]["compaction"] is None for line in lines[2:])
    assert (
        lines[0]["config"]["context"] == "inf"
        and lines[0]["label"] == "agent-none?context=inf&compaction=truncate"
    )


def test_a_window_too_small_for_a_turn_is_no_memory(endpoint, tmp_path):
    _lines, trace = run(endpoint, tmp_path, "--context", "1", "--budget", "10")
    assert trace.path == predicted_path(SITE, 10, memory=False)
    assert all(history_pairs(r) == 0 for r in endpoint.requests)


def test_a_summary_keeps_the_names_of_what_was_compacted(endpoint, tmp_path):
    lines, trace = run(endpoint, tmp_path, "--context", "3000", "--compaction", "summary", "--budget", "16")
    steps = lines[2:]
    assert any(s["context"]["compaction"] == "summary" for s in steps)
    for step, request in zip(steps, endpoint.requests, strict=True):
        context = step["context"]
        assert history_pairs(request) == context["turns_in_call"]  # what was sent is what the layer kept
        last = request["body"]["messages"][-1]["content"]
        names = context["summary_names"]
        if names:  # the summary as sent: its pages, newest first
            block = last.split("== Summary of earlier steps")[1].split("Bugs you reported:")[0]
            assert [line.split(" · ")[0][2:] for line in block.splitlines() if line.startswith("- ")] == [
                SITE.url_path(p) for p in names
            ]
        assert context["prompt_estimate"] <= 3000 or context["turns_in_call"] == 0
    # names without links: the model that reads them goes further than one with no memory at all
    assert len(set(trace.path)) > len(set(predicted_path(SITE, 16, memory=False)))


def test_memgpt_sends_what_its_recall_search_finds(endpoint, tmp_path):
    lines, _trace = run(endpoint, tmp_path, "--context", "2500", "--compaction", "memgpt", "--budget", "16")
    steps = lines[2:]
    assert any(s["context"]["to_recall"] for s in steps)  # a flush sent turns to recall storage
    found = 0
    for step, request in zip(steps, endpoint.requests, strict=True):
        context = step["context"]
        assert history_pairs(request) == context["turns_in_call"]
        last = request["body"]["messages"][-1]["content"]
        hits = [SITE.url_path(p) for p in context["recall_hits"]]
        if hits:
            found += 1
            block = last.split("== Recall storage")[1].split("== Current page")[0]
            assert [line.split(" · ")[0][2:] for line in block.splitlines() if line.startswith("- ")] == hits
        else:
            assert "== Recall storage" not in last
    assert found  # the search found something at least once, and it reached the model
