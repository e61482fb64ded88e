"""Reading a model's answer as actions: tool calls, the same JSON in text, and what cannot be read."""

from __future__ import annotations

import json

from memviz.agent.actions import Move, read_answer
from memviz.agent.client import ToolCall
from memviz.core.trace import Report


def test_tool_calls_report_then_click():
    answer = read_answer(
        None or "",
        (
            ToolCall("report", '{"route": "/s", "error": "HTTP 500", "message": "fails"}'),
            ToolCall("click", '{"n": 2}'),
        ),
    )
    assert answer.move == Move("click", number=2)
    assert answer.reports == (Report("/s", "HTTP 500", "fails"),)
    assert answer.problem is None


def test_json_in_text_fenced_or_bare():
    assert read_answer('I pick:\n```json\n{"action": "click", "n": "3"}\n```', ()).move == Move(
        "click", number=3
    )
    assert read_answer('{"action": "done"}', ()).move == Move("done")
    answer = read_answer(
        '[{"action": "report", "route": "/a", "error": "XSS", "message": "m"}, {"action": "click", "url": "http://x/"}]',
        (),
    )
    assert answer.move == Move("click", url="http://x/") and len(answer.reports) == 1


def test_a_second_move_is_left_out_and_said():
    answer = read_answer('{"action": "click", "n": 1} {"action": "done"}', ())
    assert answer.move == Move("click", number=1)
    assert "second move" in answer.problem


def test_unreadable_answers():
    for text in (
        "I will look around.",
        '{"action": "fly"}',
        '{"action": "click"}',
        '{"action": "report", "route": "/a"}',
    ):
        answer = read_answer(text, ())
        assert not answer.readable and answer.problem.startswith("no action"), text
    assert not read_answer("", (ToolCall("click", "{not json"),)).readable


def test_a_flood_of_reports_is_capped():
    calls = tuple(
        ToolCall("report", json.dumps({"route": "/a", "error": "E", "message": f"m{k}"})) for k in range(150)
    )
    answer = read_answer("", calls)
    assert len(answer.reports) == 100 and "reports past 100" in answer.problem
