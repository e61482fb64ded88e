"""`memviz trace import`: browser-use's saved history and HAR 1.2, as real-shaped files the tests
write, become memviz-trace/1 traces whose pages are the site's (off-site URLs kept as such)."""

from __future__ import annotations

import json

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig, run
from memviz.core.site import load_site
from memviz.core.trace import read_trace
from memviz.core.trace_import import LogImportError, import_trace
from memviz.core.trace_stats import trace_stats

SITE = load_site()
BASE = "http://localhost:8000"
PATH = run(SITE, RunConfig(strategy="visited", capacity=6, seed=11, budget=12)).path


def browser_use_history(pages, tokens=1200):
    """The shape `AgentHistoryList.save_to_file` writes: one item per model call."""
    history = [{
        "model_output": None, "result": [],
        "state": {"url": "about:blank", "title": "", "tabs": [], "interacted_element": [], "screenshot": None},
        "metadata": {"step_start_time": 0.0, "step_end_time": 1.0, "input_tokens": tokens, "step_number": 1},
    }]  # fmt: skip
    actions = [{"go_to_url": {"url": BASE + SITE.url_path(pages[0])}}]
    for k, page in enumerate(pages):
        history[-1]["model_output"] = {
            "evaluation_previous_goal": "ok", "memory": "", "next_goal": "explore", "action": actions,
        }  # fmt: skip
        url = BASE + SITE.url_path(page)
        history.append({
            "model_output": None,
            "result": [{"is_done": False, "extracted_content": f"clicked {k}", "error": None}],
            "state": {"url": url, "title": SITE.page_name(page, "en"), "tabs": [{"page_id": 0, "url": url}],
                      "interacted_element": [None], "screenshot": None},
            "metadata": {"step_start_time": k + 1.0, "step_end_time": k + 2.0, "input_tokens": tokens,
                         "step_number": k + 2},
        })  # fmt: skip
        actions = [{"click_element_by_index": {"index": 3 + k}}]
    # a call that only types (no move), then one that is done
    history[-1]["model_output"] = {"action": [{"input_text": {"index": 1, "text": "qa"}}]}
    history.append(
        {**history[-1], "model_output": {"action": [{"done": {"text": "found 2 bugs", "success": True}}]}}
    )
    return {"history": history}


def har_log(pages, extra=()):
    entries = []
    previous = None
    for k, page in enumerate(pages):
        url = BASE + SITE.url_path(page)
        headers = [{"name": "Accept", "value": "text/html"}]
        if previous:
            headers.append({"name": "Referer", "value": previous})
        entries.append(_entry(k, url, 500 if page == 23 else 200, "text/html; charset=utf-8", headers))
        entries.append(_entry(k, url.replace(SITE.url_path(page), "/favicon.ico"), 404, "image/x-icon", []))
        previous = url
    entries += extra
    return {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
                    "pages": [{"startedDateTime": "2026-12-04T10:00:00.000Z", "id": "page_1", "title": "x",
                               "pageTimings": {}}],
                    "entries": entries[::-1]}}  # fmt: skip  # out of order: the importer sorts by time


def _entry(k, url, status, mime, headers):
    return {
        "pageref": "page_1", "startedDateTime": f"2026-12-04T10:00:{k:02d}.000Z", "time": 12.5,
        "request": {"method": "GET", "url": url, "httpVersion": "HTTP/1.1", "headers": headers,
                    "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
        "response": {"status": status, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [],
                     "cookies": [], "content": {"size": 100, "mimeType": mime}, "redirectURL": "",
                     "headersSize": -1, "bodySize": 100},
        "cache": {}, "timings": {"send": 0, "wait": 10, "receive": 2.5},
    }  # fmt: skip


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_browser_use_history_becomes_the_path_it_walked(tmp_path):
    trace = import_trace(_write(tmp_path, "h.json", browser_use_history(PATH)), "browser-use", SITE)
    moves = [s for s in trace.steps if s.moved]
    assert [s.page for s in moves] == PATH
    assert [s.action for s in moves] == ["start"] + ["click"] * (len(PATH) - 1)
    assert trace.steps[-1].action == "stop" and trace.steps[-1].tokens_in == 2 * 1200  # typing, done
    assert trace_stats(trace).tokens == 1200 * (1 + len(PATH) + 1)  # about:blank, a call a page, done
    assert trace.header.agent == "browser-use"


def test_har_becomes_the_html_pages_in_time_order(tmp_path):
    off = _entry(90, "https://elsewhere.example/", 200, "text/html", [])
    trace = import_trace(_write(tmp_path, "h.har", har_log(PATH, [off])), "har", SITE)
    assert [s.page for s in trace.steps] == [*PATH, None]
    assert [s.action for s in trace.steps] == ["start"] + ["click"] * (len(PATH) - 1) + ["goto"]
    assert trace_stats(trace).off_site == 1 and trace_stats(trace).tokens is None


def test_import_on_the_command_line_writes_a_readable_trace(tmp_path, capsys):
    log = _write(tmp_path, "h.har", har_log(PATH))
    out = tmp_path / "t.jsonl"
    assert main(["trace", "import", str(log), "--from", "har", "--out", str(out)]) == 0
    assert read_trace(out).path == PATH
    assert main(["trace", "import", str(log), "--from", "har", "--out", str(out)]) == 2
    assert "--force" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("source", "data", "said"),
    [
        ("browser-use", [], "top level: expected an object"),
        ("browser-use", {"history": {}}, "history: expected a list"),
        ("browser-use", {"history": [{"state": None}]}, "history[0].state: expected an object"),
        ("browser-use", {"history": [{"state": {"url": 5}}]}, "history[0].state.url: expected a text"),
        ("browser-use", {"history": [{"state": {"url": "about:blank"}}]}, "no page visited"),
        (
            "har",
            {"log": {"entries": [{"request": {}, "response": {"status": "ok"}}]}},
            "entries[0].response.status",
        ),
        ("har", {"nolog": 1}, "log: expected an object"),
    ],
)
def test_a_broken_log_names_its_field(tmp_path, source, data, said):
    with pytest.raises(LogImportError) as caught:
        import_trace(_write(tmp_path, "bad.json", data), source, SITE)
    assert said in str(caught.value)
