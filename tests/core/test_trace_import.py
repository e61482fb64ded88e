"""`memviz trace import`: browser-use's saved history and HAR 1.2, as real-shaped files the tests
write, become memviz-trace/1 traces whose pages are the site's (off-site URLs kept as such)."""

from __future__ import annotations

import base64
import json

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig, run
from memviz.core.site import load_site
from memviz.core.trace import read_trace, trace_text
from memviz.core.trace_import import LogImportError, import_trace
from memviz.core.trace_stats import trace_stats
from memviz.core.webpage import render_page, report_of
from tests.core.test_trace import VALIDATOR

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


def _with_bodies(har, site=SITE):
    """The HAR with every page's body saved, as the served page answered it (base64 for one)."""
    for k, entry in enumerate(har["log"]["entries"]):
        path = entry["request"]["url"].removeprefix(BASE)
        page = site.page_at(path)
        if entry["response"]["content"]["mimeType"].startswith("text/html"):
            status, html = render_page(site, page, "en", k)
            entry["response"]["status"] = status
            if k % 2:
                entry["response"]["content"] |= {
                    "text": base64.b64encode(html.encode()).decode(),
                    "encoding": "base64",
                }
            else:
                entry["response"]["content"]["text"] = html
    return har


def test_har_reports_are_what_the_recorded_responses_show(tmp_path):
    path = [0, 13, 12, 13, 23, 5]  # the comments page (a bug) twice, and bug page 23
    trace = import_trace(_write(tmp_path, "h.har", _with_bodies(har_log(path))), "har", SITE)
    assert trace.header.reported_by == "detector"
    want = [(SITE.url_path(p), report_of(SITE, p, 0)) for p in path]
    assert [[r.fingerprint for r in s.reports] for s in trace.steps] == [
        [] if r is None else [r.fingerprint] for _route, r in want
    ]
    stats = trace_stats(trace)
    bug_pages = {p for p in path if p in SITE.bug_by_page}
    assert (stats.reports, stats.duplicate_reports) == (3, 1)
    assert stats.bugs_found == len(bug_pages) == 2
    assert stats.bug_recall == 2 / len(SITE.bug_by_page)


def test_an_error_status_on_the_site_is_a_report_and_without_bodies_reports_are_not_known(tmp_path):
    missing = _entry(50, BASE + "/no/such/page", 404, "text/html", [])
    off = _entry(51, "https://elsewhere.example/down", 503, "text/html", [])
    trace = import_trace(_write(tmp_path, "h.har", har_log([0, 23], [missing, off])), "har", SITE)
    assert [s.page for s in trace.steps] == [0, 23, None, None]
    # a 404 is no page of the site: no report (as the server files none for it); 23's 500 is one
    assert [[r.error for r in s.reports] for s in trace.steps] == [[], ["HTTP 500"], [], []]
    assert trace.header.reported_by is None  # no body saved: the statuses alone cannot tell every bug
    stats = trace_stats(trace)
    assert (stats.reports, stats.duplicate_reports, stats.bugs_found, stats.bug_recall) == (None,) * 4
    assert stats.duplicate_rate is None and stats.coverage == 2 / SITE.n_pages


def test_browser_use_keeps_what_the_agent_claimed_and_knows_no_reports(tmp_path):
    history = browser_use_history(PATH)
    extract = {**history["history"][2], "model_output": {"action": [{"extract_content": {"goal": "bugs"}}]},
               "result": [{"is_done": False, "extracted_content": "The page shows: 500 error", "error": None}]}  # fmt: skip
    history["history"].insert(3, extract)
    history["history"][-1]["result"] = [{"is_done": True, "extracted_content": "found 2 bugs", "error": None}]
    trace = import_trace(_write(tmp_path, "h.json", history), "browser-use", SITE)
    claimed = [(s.step, c.kind, c.text) for s in trace.steps for c in s.claims]
    assert claimed == [(1, "extracted", "The page shows: 500 error"), (len(PATH) - 1, "done", "found 2 bugs")]
    assert trace.header.reported_by is None
    stats = trace_stats(trace)
    assert (stats.reports, stats.bugs_found, stats.bug_recall) == (None, None, None)
    # its done and extract texts are free words, no bug report: no claim figure, never 0
    assert (stats.claims, stats.claims_matched, stats.claim_precision, stats.claim_recall) == (None,) * 4
    out = tmp_path / "t.jsonl"
    out.write_text(trace_text(trace), encoding="utf-8")
    assert read_trace(out) == trace
    for line in trace_text(trace).splitlines():
        VALIDATOR.validate(json.loads(line))


def test_the_current_browser_use_shape_has_no_step_tokens_and_still_stops(tmp_path):
    """browser-use 0.5+: metadata without input_tokens (a run's usage at the top), the actions
    renamed (navigate, click, extract, done): tokens are not known, never 0; the done call is a stop."""
    history = browser_use_history(PATH)
    for item in history["history"]:
        item["metadata"] = {
            "step_start_time": 0.0,
            "step_end_time": 1.0,
            "step_number": 1,
            "step_interval": None,
        }
        item["state"].pop("screenshot", None)
        item["state"]["screenshot_path"] = None
    history["history"][0]["model_output"]["action"] = [{"navigate": {"url": BASE + "/", "new_tab": False}}]
    history["history"][-1]["model_output"] = {"thinking": "", "evaluation_previous_goal": "", "memory": "",
        "next_goal": "", "action": [{"done": {"text": "2 bugs", "success": True, "files_to_display": []}}]}  # fmt: skip
    history["history"][-1]["result"] = [{"is_done": True, "success": True, "extracted_content": "2 bugs",
        "long_term_memory": None, "include_extracted_content_only_once": False}]  # fmt: skip
    history["usage"] = {"total_prompt_tokens": 9000, "total_completion_tokens": 800, "total_tokens": 9800}
    trace = import_trace(_write(tmp_path, "h.json", history), "browser-use", SITE)
    assert [s.page for s in trace.steps if s.moved] == PATH
    assert trace.steps[0].action == "start" and trace.steps[-1].action == "stop"
    assert all(s.tokens_in is None and s.tokens_out is None for s in trace.steps)
    stats = trace_stats(trace)
    assert stats.tokens is None and stats.reports is None
    assert [c.text for s in trace.steps for c in s.claims] == ["2 bugs"]


def test_a_url_urllib_cannot_split_is_not_a_page_and_never_a_traceback(tmp_path):
    """`http://[::1/` (an unclosed IPv6 bracket) raised urllib's ValueError, printed in English."""
    from memviz.core.importers import Mapper, normal_url
    from memviz.core.site import load_site

    assert normal_url("http://[::1/") is None
    assert Mapper(load_site()).same_origin("http://[::1") is False
