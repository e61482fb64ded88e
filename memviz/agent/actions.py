"""What the model answered, read as actions: ``click(n)``, ``report(route, error, message)``, ``done()``.

A model with tool calling answers with tool calls (:data:`TOOLS`, the Chat Completions ``tools``); a
model without answers with the same JSON in its text, ``{"action": "click", "n": 3}``, or a list of
them, anywhere in its words (a fenced block included). One reply may file reports and make at most
one move (the first ``click`` or ``done``; later ones are left out and said in ``problem``).
``click`` may name a URL instead of a number (``{"action": "click", "url": "..."}``): a model that
names a URL off the site makes an off-site step.

A reply with no action that can be read is *unreadable* (the harness asks once more, then records
an invalid step); a click on a number the page does not have is *invalid* (recorded, no re-ask).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from memviz.core.trace import MOST_REPORTS, MOST_TEXT, Report

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "click",
            "description": "Follow link number n of the current page's numbered list of links.",
            "parameters": {
                "type": "object",
                "properties": {"n": {"type": "integer", "description": "the link's number in the list"}},
                "required": ["n"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "report",
            "description": "Report a bug seen on the current page.",
            "parameters": {
                "type": "object",
                "properties": {
                    "route": {"type": "string", "description": "the page's path, e.g. /search?page=2"},
                    "error": {"type": "string", "description": "the kind of error, e.g. HTTP 500, XSS"},
                    "message": {"type": "string", "description": "what was seen, in a sentence"},
                },
                "required": ["route", "error", "message"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "done",
            "description": "Stop exploring: the site is covered.",
            "parameters": {"type": "object", "properties": {}},
        },
    },
]
NAMES = ("click", "report", "done")


@dataclass(frozen=True)
class Move:
    kind: str  # "click" or "done"
    number: int | None = None  # click(n)
    url: str | None = None  # click(url=...)


@dataclass(frozen=True)
class Answer:
    move: Move | None
    reports: tuple[Report, ...]
    problem: str | None = None  # why it is unreadable, or what of it was left out

    @property
    def readable(self) -> bool:
        return self.move is not None or bool(self.reports)


def read_answer(content: str, tool_calls) -> Answer:
    """The actions of one reply: its tool calls if it made any, else the JSON in its text."""
    if tool_calls:
        items = []
        for call in tool_calls:
            try:
                arguments = json.loads(call.arguments) if call.arguments.strip() else {}
            except ValueError:
                arguments = None
            items.append((call.name, arguments))
    else:
        items = [(_name(obj), obj) for obj in _json_objects(content)]
    return _answer(items)


def _name(obj: dict) -> str | None:
    for key in ("action", "tool", "name", "function"):
        value = obj.get(key)
        if isinstance(value, str):
            return value.strip().lower().removesuffix("()")
    return None


def _answer(items: list[tuple[str | None, object]]) -> Answer:
    move: Move | None = None
    reports: list[Report] = []
    left_out: list[str] = []
    for name, raw in items:
        arguments = raw.get("arguments", raw) if isinstance(raw, dict) else raw
        if isinstance(arguments, str):  # {"name": "click", "arguments": "{\"n\": 3}"}
            try:
                arguments = json.loads(arguments)
            except ValueError:
                arguments = None
        if name not in NAMES or not isinstance(arguments, dict):
            left_out.append(str(name))
            continue
        if name == "report" and len(reports) >= MOST_REPORTS:
            left_out.append(f"reports past {MOST_REPORTS}")
            continue
        if name == "report":
            fields = [arguments.get(k) for k in ("route", "error", "message")]
            if all(isinstance(f, str) and f.strip() for f in fields):
                reports.append(Report(*(f.strip()[:MOST_TEXT] for f in fields)))
            else:
                left_out.append("report without route, error and message")
            continue
        if move is not None:
            left_out.append(f"a second move ({name})")
            continue
        if name == "done":
            move = Move("done")
            continue
        number, url = arguments.get("n", arguments.get("number")), arguments.get("url")
        if isinstance(number, str) and number.strip().isdigit():
            number = int(number.strip())
        if isinstance(number, int) and not isinstance(number, bool):
            move = Move("click", number=number)
        elif isinstance(url, str) and url.strip():
            move = Move("click", url=url.strip()[:MOST_TEXT])
        else:
            left_out.append("click without a link number")
    problem = None
    if left_out:
        problem = "left out: " + ", ".join(left_out)
    if move is None and not reports:
        problem = "no action could be read" + (f" ({problem})" if problem else "")
    return Answer(move, tuple(reports), problem)


def _json_objects(text: str) -> list[dict]:
    """The JSON objects in ``text``, in order (a list of them counts as its items)."""
    decoder = json.JSONDecoder()
    found: list[dict] = []
    k = 0
    while k < len(text) and len(found) < 20:
        start = min((i for i in (text.find("{", k), text.find("[", k)) if i >= 0), default=-1)
        if start < 0:
            break
        try:
            value, end = decoder.raw_decode(text, start)
        except ValueError:
            k = start + 1
            continue
        values = value if isinstance(value, list) else [value]
        found += [v for v in values if isinstance(v, dict)]
        k = end
    return found
