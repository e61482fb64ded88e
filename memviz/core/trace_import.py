"""Real agents' logs as ``memviz-trace/1`` (``memviz trace import``): browser-use and HAR 1.2.

- **browser-use**: the JSON its ``AgentHistoryList`` saves (``agent.history.save_to_file``):
  ``{"history": [{"model_output": {"action": [{"click_element": {...}}, ...]} | null,
  "result": [...], "state": {"url": ..., "title": ...}, "metadata": {"input_tokens": ...}}]}``.
  ``history[i].state.url`` is where the browser stood when call i was made; the first is the start,
  and each later URL that differs from the one before is a step, its action named by the call that
  led there (``go_to_url``/``navigate``/``open_tab`` → goto, ``go_back`` → back, anything else →
  click). A call that moved nowhere (typing, scrolling) adds its tokens to the next step; calls
  after the last move are a final ``stop`` step. Pages that are not web pages (``about:blank``)
  are skipped.
- **HAR 1.2** (a browser's or a proxy's network log): the ``entries`` whose response is HTML
  (``response.content.mimeType`` text/html) to a GET, in the order they started, redirects (3xx)
  left out; the first is the start; an entry with a ``Referer`` header from the same site is a
  click, one without a goto. HAR has no tokens.

URLs map to pages by the site's paths (``Site.page_at``) on the start URL's origin; any other URL is
kept as an off-site step (``page`` null). Reports are what the responses show, read by the one
symptom detector (:func:`memviz.core.webpage.detect_reports`): a HAR's steps on the site carry the
reports of their recorded status and body (``reported_by`` "detector"), or, when a body was not
saved, only their status's, and the trace says its reports are not known (``reported_by`` null).
browser-use's history holds no responses: its reports are not known; what the agent said it found
(its ``done`` text, its ``extract_*`` results) is kept as the step's ``claims``. Errors name the
field (``history[3].state.url``), as the site reader does.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from memviz.core.jsonfile import parse_json, read_bytes
from memviz.core.limits import shown
from memviz.core.site import Site
from memviz.core.trace import (
    MOST_REPORTS,
    MOST_STEPS,
    MOST_TEXT,
    TRACE_FILE_BYTES,
    Claim,
    Trace,
    TraceHeader,
    TraceStep,
)
from memviz.core.trace_run import trace_site
from memviz.core.webpage import detect_reports

SOURCES = ("browser-use", "har")
_GOTO = ("go_to_url", "navigate", "open_tab", "search_google", "switch_tab")
_BACK = ("go_back",)


class LogImportError(ValueError):
    """A log that cannot be imported; the message names the file and the field at fault."""


def _normal(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))


class _Mapper:
    """URL → page of ``site``, on the origin of the first web URL seen."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.origin: tuple[str, str] | None = None

    def page(self, url: str) -> int | None:
        parts = urlsplit(url)
        if self.origin is None:
            self.origin = (parts.scheme, parts.netloc)
        if (parts.scheme, parts.netloc) != self.origin:
            return None
        return self.site.page_at(parts.path + ("?" + parts.query if parts.query else ""))

    def same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        return (parts.scheme.lower(), parts.netloc.lower()) == self.origin


def import_trace(path: str | Path, source: str, site: Site) -> Trace:
    """The log in ``path`` (``source``: "browser-use" or "har") as a trace on ``site``."""
    path = Path(path)
    if source not in SOURCES:
        raise LogImportError(f"--from: expected one of {', '.join(SOURCES)}, got {shown(source)}")
    what = f"{source} file"
    raw = read_bytes(path, what, LogImportError, max_bytes=TRACE_FILE_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogImportError(f"{what} is not UTF-8 text: {path} (bad byte at offset {exc.start})") from None
    data = parse_json(text, what, path, LogImportError)
    reader = _Fields(str(path))
    steps, reported_by = (_browser_use if source == "browser-use" else _har)(data, reader, _Mapper(site))
    if not steps:
        raise LogImportError(f"{path}: no page visited in the log (no http:// or https:// URL)")
    if len(steps) > MOST_STEPS:
        raise LogImportError(f"{path}: {len(steps)} steps; a trace has at most {MOST_STEPS}")
    header = TraceHeader(
        agent=source,
        start_url=steps[0].url,
        site=trace_site(site),
        version=site.version,
        reported_by=reported_by,
    )
    return Trace(header, tuple(steps))


class _Fields:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> LogImportError:
        return LogImportError(f"{self.source}: {where}: {problem}")

    def obj(self, where: str, value: Any) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {shown(value)}")
        return value

    def items(self, where: str, value: Any) -> list:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {shown(value)}")
        return value

    def text(self, where: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a text, got {shown(value)}")
        if len(value) > MOST_TEXT:
            raise self.fail(where, f"at most {MOST_TEXT} characters, this one has {len(value)}")
        return value

    def count(self, where: str, value: Any) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**12:
            raise self.fail(where, f"expected a whole number of tokens, got {shown(value)}")
        return value


def _browser_use(data: Any, f: _Fields, mapper: _Mapper) -> tuple[list[TraceStep], str | None]:
    history = f.items("history", f.obj("top level", data).get("history"))
    steps: list[TraceStep] = []
    claims: dict[int, list[Claim]] = {}  # step index: what the agent said it found there
    pending_tokens: int | None = None
    last_action = "click"
    last_url: str | None = None
    for i, item in enumerate(history):
        item = f.obj(f"history[{i}]", item)
        state = f.obj(f"history[{i}].state", item.get("state"))
        url = _normal(f.text(f"history[{i}].state.url", state.get("url", "")))
        if url is not None and url != last_url:
            action = "start" if not steps else last_action
            steps.append(
                TraceStep(
                    step=len(steps), url=url, page=mapper.page(url), action=action, tokens_in=pending_tokens
                )
            )
            pending_tokens, last_url = None, url
        metadata = item.get("metadata")
        if metadata is not None:
            tokens = f.count(
                f"history[{i}].metadata.input_tokens",
                f.obj(f"history[{i}].metadata", metadata).get("input_tokens"),
            )
            if tokens is not None:
                pending_tokens = (pending_tokens or 0) + tokens
        last_action = _action(item.get("model_output"), f, i)
        said = _claims(item, f, i)
        if said and steps:  # said on the page the browser stood on (none yet: about:blank, not the site)
            kept = claims.setdefault(len(steps) - 1, [])
            kept += said[: MOST_REPORTS - len(kept)]
    if steps and pending_tokens is not None:  # the calls after the last move: "done", or stuck
        last = steps[-1]
        steps.append(
            TraceStep(step=len(steps), url=last.url, page=last.page, action="stop", tokens_in=pending_tokens)
        )
    for index, said in claims.items():
        steps[index] = replace(steps[index], claims=tuple(said))
    return steps, None  # no responses in the history: which bugs the pages showed is not known


def _action(output: Any, f: _Fields, i: int) -> str:
    for name in _action_names(output, f, i):
        if name in _GOTO:
            return "goto"
        if name in _BACK:
            return "back"
    return "click"


def _action_names(output: Any, f: _Fields, i: int) -> list[str]:
    """The names of call i's actions, in order (one name an action)."""
    if output is None:
        return []
    actions = f.items(
        f"history[{i}].model_output.action", f.obj(f"history[{i}].model_output", output).get("action", [])
    )
    names = []
    for k, action in enumerate(actions):
        action = f.obj(f"history[{i}].model_output.action[{k}]", action)
        names.append(next(iter(action), ""))
    return names


def _claims(item: dict, f: _Fields, i: int) -> list[Claim]:
    """What call i said it found: the text of its ``done`` (the agent's answer) and of its
    ``extract_*`` actions (what it read off the page), from the action's result, in order."""
    names = _action_names(item.get("model_output"), f, i)
    results = item.get("result") or []
    results = f.items(f"history[{i}].result", results)
    said = []
    for k, result in enumerate(results):
        result = f.obj(f"history[{i}].result[{k}]", result)
        name = names[k] if k < len(names) else ""
        kind = (
            "done"
            if result.get("is_done") or name == "done"
            else "extracted"
            if name.startswith("extract")
            else None
        )
        text = result.get("extracted_content")
        if kind is not None and isinstance(text, str) and text.strip():
            said.append(Claim(kind, _clipped(text.strip())))
    return said


def _clipped(text: str) -> str:
    return text if len(text) <= MOST_TEXT else text[: MOST_TEXT - 1] + "…"


def _har(data: Any, f: _Fields, mapper: _Mapper) -> tuple[list[TraceStep], str | None]:
    log = f.obj("log", f.obj("top level", data).get("log"))
    entries = f.items("log.entries", log.get("entries"))
    chosen = []
    for i, entry in enumerate(entries):
        where = f"log.entries[{i}]"
        entry = f.obj(where, entry)
        request = f.obj(f"{where}.request", entry.get("request"))
        response = f.obj(f"{where}.response", entry.get("response"))
        content = f.obj(f"{where}.response.content", response.get("content", {}))
        mime = f.text(f"{where}.response.content.mimeType", content.get("mimeType", ""))
        status = response.get("status")
        if isinstance(status, bool) or not isinstance(status, int):
            raise f.fail(f"{where}.response.status", f"expected an HTTP status, got {shown(status)}")
        method = f.text(f"{where}.request.method", request.get("method", "GET"))
        if method.upper() != "GET" or not mime.lower().startswith("text/html") or 300 <= status < 400:
            continue
        url = _normal(f.text(f"{where}.request.url", request.get("url")))
        if url is None:
            continue
        referer = None
        for k, header in enumerate(f.items(f"{where}.request.headers", request.get("headers", []))):
            header = f.obj(f"{where}.request.headers[{k}]", header)
            if str(header.get("name", "")).lower() == "referer":
                referer = f.text(f"{where}.request.headers[{k}].value", header.get("value"))
        started = f.text(f"{where}.startedDateTime", entry.get("startedDateTime", ""))
        body = _body(content, f, f"{where}.response.content")
        chosen.append((started, i, url, status if 100 <= status <= 599 else None, referer, body))
    chosen.sort(key=lambda c: c[:2])  # ISO 8601 times sort as text; the entry order breaks ties
    steps = []
    every_body = True  # every response on the site had its body saved: its reports are all known
    for _started, _i, url, status, referer, body in chosen:
        page = mapper.page(url)
        if not steps:
            action = "start"
        else:
            action = "click" if referer is not None and mapper.same_origin(referer) else "goto"
        reports = ()
        if mapper.same_origin(url):  # a page of the site (a 404 too); another site's bugs are not ours
            parts = urlsplit(url)
            reports = detect_reports(parts.path + ("?" + parts.query if parts.query else ""), status, body)
            every_body = every_body and body is not None
        steps.append(
            TraceStep(
                step=len(steps),
                url=url,
                page=page,
                action=action,
                status=status,
                reports=reports[:MOST_REPORTS],
            )
        )
    return steps, "detector" if every_body else None


def _body(content: dict, f: _Fields, where: str) -> str | None:
    """The response's recorded body (HAR's ``content.text``, base64 when ``encoding`` says so), or
    None when the HAR did not save it."""
    text = content.get("text")
    if text is None:
        return None
    if not isinstance(text, str):
        raise f.fail(f"{where}.text", f"expected a text, got {shown(text)}")
    if content.get("encoding") == "base64":
        try:
            return base64.b64decode(text, validate=True).decode("utf-8", errors="replace")
        except (binascii.Error, ValueError):
            raise f.fail(f"{where}.text", "not valid base64") from None
    return text
