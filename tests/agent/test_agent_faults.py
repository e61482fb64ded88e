"""`memviz agent`'s faults, each one line and nothing lost: retries, re-asks, invalid and off-site
steps, a refused endpoint, the token ceiling, tasks and labels, and Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from memviz.cli.commands import main
from memviz.core.trace import read_trace
from tests.agent.endpoint import Endpoint, frontier_from_prompt
from tests.agent.test_agent_runs import KEY, SITE, predicted_path


def run_agent(url, tmp_path, *extra) -> int:
    return main(
        [
            "agent",
            "--endpoint",
            url,
            "--model",
            "scripted",
            "--trace-dir",
            str(tmp_path / "t"),
            "--lang",
            "en",
            *extra,
        ]
    )


def lines_of(tmp_path):
    (path,) = sorted((tmp_path / "t").glob("*.jsonl"))
    return path, [json.loads(x) for x in path.read_text().splitlines()]


@pytest.fixture
def text_endpoint():
    served = Endpoint(style="text")
    yield served
    served.stop()


def test_retries_and_reasks_lose_nothing_and_count_every_token(text_endpoint, tmp_path, capsys):
    text_endpoint.faults = [None, "429", None, "garbage", None, "malformed", None]
    assert run_agent(text_endpoint.url, tmp_path, "--budget", "8") == 0
    path, lines = lines_of(tmp_path)
    assert read_trace(path).path == predicted_path(SITE, 8, memory=True)  # the JSON in text, read
    steps = lines[1:]
    assert sum(s["tokens_in"] or 0 for s in steps) == sum(u["prompt_tokens"] for u in text_endpoint.usage)
    assert sum(s["tokens_out"] or 0 for s in steps) == sum(
        u["completion_tokens"] for u in text_endpoint.usage
    )
    assert steps[2]["calls"][0]["tries"] == 2  # the 429, then the answer
    assert len(steps[3]["calls"]) == 2  # the garbage, then the re-ask's answer
    assert len(steps[4]["calls"]) == 1  # the malformed answer has no usage; the re-ask's has
    err = capsys.readouterr().err.splitlines()
    assert "step 2: the endpoint answered 429; tried again" in err
    assert any(line.startswith("step 3: the answer is no action") for line in err)
    assert any(line.startswith("step 4: the answer is no action (malformed answer") for line in err)


def test_invalid_and_off_site_steps_leave_the_agent_where_it_was(tmp_path, capsys):
    answers = iter([
        [{"action": "click", "n": 99}],
        [{"action": "click", "url": "http://example.invalid/x"}],
        [{"action": "click", "url": "/search?page=2"}],  # (the two garbage answers ask no one)
    ])  # fmt: skip

    def decide(prompt, history=()):
        answer = next(answers, None)
        return frontier_from_prompt(prompt) if answer is None else answer

    served = Endpoint(decide=decide)
    served.faults = [None, None, "garbage", "garbage"]
    try:
        assert run_agent(served.url, tmp_path, "--budget", "5", "--memory", "none") == 0
    finally:
        served.stop()
    _path, lines = lines_of(tmp_path)
    start = lines[1]["url"]
    invalid, off, unreadable, goto = lines[2], lines[3], lines[4], lines[5]
    assert invalid["action"] == "stop" and invalid["invalid"] == "no link 99 (the page has 11)"
    assert invalid["url"] == start and len(invalid["calls"]) == 1  # no re-ask for a readable answer
    assert (off["action"], off["page"], off["url"], off["status"]) == (
        "goto",
        None,
        "http://example.invalid/x",
        None,
    )
    assert (
        unreadable["action"] == "stop"
        and unreadable["invalid"].startswith("no action")
        and len(unreadable["calls"]) == 2
    )
    assert (goto["action"], goto["page"], goto["status"]) == ("goto", 23, 500)
    assert goto["reports"][0]["error"] == "HTTP 500"  # the detector's symptom
    err = capsys.readouterr().err
    assert "step 1: invalid action (no link 99 (the page has 11)); the agent stays" in err
    assert "step 2: off the site, http://example.invalid/x (not requested); the agent stays" in err


def test_a_refused_endpoint_is_one_line_and_keeps_the_start(tmp_path, capsys):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/v1"
        assert run_agent(url, tmp_path) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert (
        err[-1].startswith("memviz: error: run 1 (task v1/0) stopped at step 1: cannot reach ")
        and "Connection refused" in err[-1]
    )
    path, _lines = lines_of(tmp_path)
    assert len(read_trace(path).steps) == 1 and str(path) in err[-1]


def test_the_token_ceiling_stops_and_says_so(tmp_path, capsys):
    served = Endpoint()
    try:
        assert run_agent(served.url, tmp_path, "--max-total-tokens", "1000", "--runs", "3") == 0
    finally:
        served.stop()
    used = sum(u["prompt_tokens"] + u["completion_tokens"] for u in served.usage)
    assert (
        used >= 1000
        and used - served.usage[-1]["prompt_tokens"] - served.usage[-1]["completion_tokens"] < 1000
    )
    assert len(list((tmp_path / "t").glob("*.jsonl"))) == 1  # the next runs never started
    assert f"{used:,} tokens used, --max-total-tokens 1,000 reached" in capsys.readouterr().err


def test_tasks_runs_and_labels_name_the_traces(tmp_path, capsys):
    served = Endpoint()
    try:
        status = run_agent(served.url, tmp_path, "--task", "v2/10", "--runs", "2", "--label", "frontier-real",
                           "--budget", "3", "--json")  # fmt: skip
    finally:
        served.stop()
    assert status == 0
    files = sorted((tmp_path / "t").glob("*.jsonl"))
    assert [f.name for f in files] == ["frontier-real__v2-10__1.jsonl", "frontier-real__v2-10__2.jsonl"]
    for seed, f in enumerate(files, 1000):
        header = json.loads(f.read_text().splitlines()[0])
        assert (header["task"], header["label"], header["version"], header["config"]["seed"]) == (
            "v2/10",
            "frontier-real",
            "v2",
            seed,
        )
        assert read_trace(f).steps[0].page == 10
    summary = json.loads(capsys.readouterr().out)
    assert [r["run"] for r in summary["runs"]] == [1, 2] and summary["tokens"] == sum(
        u["prompt_tokens"] + u["completion_tokens"] for u in served.usage
    )
    # again: the files exist, refused without --force, before any call
    calls = len(served.requests)
    assert (
        run_agent(
            "http://127.0.0.1:9/v1", tmp_path, "--task", "v2/10", "--runs", "2", "--label", "frontier-real"
        )
        == 2
    )
    assert "exists (--force replaces it)" in capsys.readouterr().err and len(served.requests) == calls


def test_bad_input_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("NO_SUCH_KEY_VAR", raising=False)
    for extra, words in [
        (["--api-key-env", "NO_SUCH_KEY_VAR"], "NO_SUCH_KEY_VAR is not set"),
        (["--task", "v9/0"], "no task 'v9/0'"),
        (["--memory", "none", "--capacity", "3"], "--memory none holds nothing"),
        (["--policy", "opt"], "invalid choice"),
        (["--prompts", "no-such-folder"], "--prompts: no-such-folder is not a folder"),
        (["--compaction", "summary"], "they need --context W"),
    ]:
        assert run_agent("http://127.0.0.1:9/v1", tmp_path, *extra) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and words in err, err
    assert not (tmp_path / "t").exists() or not any((tmp_path / "t").iterdir())


def test_ctrl_c_keeps_every_finished_step(tmp_path):
    served = Endpoint()
    served.faults = [None] * 4 + ["slow"]  # the fifth call hangs until the test is over
    env = dict(os.environ, PYTHONPATH=os.getcwd(), MEMVIZ_TEST_KEY=KEY)
    trace_dir = tmp_path / "t"
    child = subprocess.Popen(
        [sys.executable, "-m", "memviz", "agent", "--endpoint", served.url, "--model", "m", "--api-key-env",
         "MEMVIZ_TEST_KEY", "--trace-dir", str(trace_dir), "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(served.requests) < 5:  # the fifth call is in flight: four steps are written
            assert child.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        child.send_signal(signal.SIGINT)
        _out, err = child.communicate(timeout=30)
    finally:
        served.stop()
        if child.poll() is None:
            child.kill()
    assert child.returncode == 130 and err.decode().strip().splitlines()[-1] == "memviz: interrupted"
    (path,) = trace_dir.glob("*.jsonl")
    trace = read_trace(path)
    assert trace.path == predicted_path(SITE, 4, memory=True)
    assert KEY not in path.read_text()


def test_a_teachers_templates_are_what_the_model_is_sent(tmp_path):
    folder = tmp_path / "prompts"
    folder.mkdir()
    (folder / "system.txt").write_text("You test the blog in $budget clicks. Be brief.\n", encoding="utf-8")
    served = Endpoint()
    try:
        assert run_agent(served.url, tmp_path, "--prompts", str(folder), "--budget", "2") == 0
    finally:
        served.stop()
    systems = {r["body"]["messages"][0]["content"] for r in served.requests}
    assert systems == {"You test the blog in 2 clicks. Be brief."}  # the rest: the built-in templates
    assert all("== Current page ==" in r["body"]["messages"][-1]["content"] for r in served.requests)


def test_the_estimate_is_printed_first_and_alone_calls_nothing(tmp_path, capsys):
    served = Endpoint()
    try:
        assert run_agent(served.url, tmp_path, "--estimate", "--runs", "3", "--budget", "10") == 0
    finally:
        served.stop()
    err = capsys.readouterr().err
    assert "estimate: runs 3 × at most 10 steps = at most 30 calls (60 if every answer needs a re-ask)" in err
    assert served.requests == [] and not (tmp_path / "t").exists()


def test_a_refusing_key_stops_at_once_in_the_users_language(tmp_path, capsys, monkeypatch):
    served = Endpoint()
    served.faults = ["401"]
    try:
        assert run_agent(served.url, tmp_path, "--lang", "zh") == 2
    finally:
        served.stop()
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert (
        err.startswith("memviz：错误：第 1 次运行（任务 v1/0）在第 1 步停下：")
        and "HTTP 401（试了 1 次）" in err
    )
    assert len(served.requests) == 1  # no retry: a wrong key stays wrong


def test_a_named_proxy_carries_the_calls(tmp_path):
    served = Endpoint()  # the proxy: a forward proxy is sent the whole URL
    try:
        proxy = served.url.removesuffix("/v1")
        assert run_agent("http://model.invalid/v1", tmp_path, "--proxy", proxy, "--budget", "2") == 0
    finally:
        served.stop()
    assert [r["path"] for r in served.requests] == ["http://model.invalid/v1/chat/completions"] * 2
