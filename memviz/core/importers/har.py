"""HAR 1.2 (a browser's or a proxy's network log) as trace steps.

The ``entries`` whose response is HTML (``response.content.mimeType`` text/html) to a GET, and a
form's POSTs (the request's ``Accept`` asks for text/html, as a browser's navigation does; a
script's fetch does not), in the order they started, redirects (3xx) left out; the first is the start; an entry with a ``Referer``
header from the same site is a click, one without a goto. HAR has no tokens. Reports are what the
recorded responses show, read by the one symptom detector
(:func:`memviz.core.webpage.detect_reports`): any 4xx/5xx status on the site, then each symptom of
the body; when every response on the site kept its body the trace's ``reported_by`` is "detector",
else not known (null).
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import Any

from memviz.core.importers.common import (
    Fields,
    Imported,
    Importer,
    Mapper,
    head,
    normal_url,
    read_json,
    route,
)
from memviz.core.limits import shown
from memviz.core.site import Site
from memviz.core.trace import MOST_REPORTS, TraceStep
from memviz.core.webpage import detect_reports


def detect(path: Path) -> bool:
    text = head(path).lstrip()
    return text.startswith("{") and '"log"' in text and '"entries"' in head(path, 1 << 20)


def read(path: Path, site: Site) -> Imported:
    steps, reported_by = _har(read_json(path, "har file"), Fields(str(path)), Mapper(site))
    return Imported(steps, reported_by)


def _har(data: Any, f: Fields, mapper: Mapper) -> tuple[list[TraceStep], str | None]:
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: a reader of HAR entries: one check per
    # field it reads, each naming the field.
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
        method = f.text(f"{where}.request.method", request.get("method", "GET")).upper()
        if method not in ("GET", "POST") or 300 <= status < 400:
            continue
        url = normal_url(f.text(f"{where}.request.url", request.get("url")))
        if url is None:
            continue
        headers = {}
        for k, header in enumerate(f.items(f"{where}.request.headers", request.get("headers", []))):
            header = f.obj(f"{where}.request.headers[{k}]", header)
            name = str(header.get("name", "")).lower()
            if name in ("referer", "accept"):
                headers[name] = f.text(f"{where}.request.headers[{k}].value", header.get("value"))
        if not _a_page(method, mime, headers.get("accept", "")):
            continue
        referer = headers.get("referer")
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
        if page is not None:  # a page of the site; a URL that is none (a 404) or another site's: no report
            reports = detect_reports(route(url), status, body)
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


def _a_page(method: str, mime: str, accept: str) -> bool:
    """Whether an entry is a page the browser showed: a GET answered with HTML, or a form's POST
    (the browser asks for HTML when it navigates; a script's fetch asks for ``*/*`` or JSON),
    whatever its answer is (a 422 in plain text is still the page the tester saw)."""
    if method == "GET":
        return mime.lower().startswith("text/html")
    return "text/html" in accept.lower()


def _body(content: dict, f: Fields, where: str) -> str | None:
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


IMPORTER = Importer("har", detect, read)
