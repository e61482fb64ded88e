"""``memviz serve``: a memviz-site/1 site as a real web site on localhost (Starlette on uvicorn).

Each page is HTML with the nav bar and then its own links as ``<a href>``, in the site's order, so a
crawler reading links in document order sees the chapter's ``LINKS``; bug pages show their symptom
(:mod:`memviz.core.webpage`; docs/serve.md lists them). Nothing is read from disk per request: a
URL is looked up in the site's table of paths, so no request can reach a file, and an unknown path
is a 404 page with the nav bar.

Every visitor (a cookie) gets a ``memviz-trace/1`` file in the trace folder, one line per page
request, written with one ``os.write`` on a file opened for appending, as it happens: a Ctrl+C or a
crash loses nothing, and the requests of one visitor are numbered in the order they are answered
(uvicorn runs the handlers on one event loop thread, so no two writes interleave).
"""

from __future__ import annotations

import os
import re
import secrets
import socket
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from memviz.core.site import Site
from memviz.core.trace import TraceHeader, TraceStep, line_of
from memviz.core.trace_run import trace_site
from memviz.core.webpage import render_page

COOKIE = "memviz_visitor"
_VISITOR = re.compile(r"[0-9a-f]{16}\Z")
MOST_URL = 1800  # characters of a request's path and query (a trace's URL holds 2000 with the origin)
NOT_PAGES = ("/favicon.ico", "/robots.txt")  # a browser asks for these by itself: not a step


def request_path(request: Request) -> str:
    """The page a request asks for, as a site names its pages: the path and, if any, the query."""
    query = request.url.query
    return request.url.path + ("?" + query if query else "")


@dataclass
class TraceFolder:
    """The per-visitor traces of a served site: ``<folder>/visitor-<id>.jsonl``."""

    folder: Path
    site: Site
    steps: dict[str, int] = field(default_factory=dict)  # visitor -> steps written

    def record(self, visitor: str, url: str, page: int | None, status: int, referer: str | None) -> None:
        path = self.folder / f"visitor-{visitor}.jsonl"
        index = self.steps.get(visitor)
        lines = ""
        if index is None:
            index = _lines_in(path)  # a visitor back after a restart goes on from its last step
            if index == 0:
                header = TraceHeader(
                    agent="human", start_url=url, site=trace_site(self.site), version=self.site.version
                )
                lines = line_of(header)
            else:
                index -= 1  # the header
        action = "start" if index == 0 else ("click" if referer and _same_origin(referer, url) else "goto")
        lines += line_of(TraceStep(index, url, page, action, status, None, None, ()))
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, lines.encode("utf-8"))  # one write: a line is whole or absent
        finally:
            os.close(fd)
        self.steps[visitor] = index + 1


def _lines_in(path: Path) -> int:
    try:
        with open(path, "rb") as file:
            return sum(1 for line in file if line.strip())
    except FileNotFoundError:
        return 0


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.netloc) == (y.scheme, y.netloc)


def build_app(site: Site, lang: str = "en", trace_dir: Path | None = None) -> Starlette:
    """The served site as an ASGI application."""
    traces = TraceFolder(Path(trace_dir), site) if trace_dir is not None else None
    counter = [0]  # the number in a symptom's message: one more per page answered

    async def page(request: Request) -> Response:
        wanted = request_path(request)
        if wanted in NOT_PAGES:
            return Response(status_code=204)
        if len(wanted) > MOST_URL:
            return PlainTextResponse("URI too long", status_code=414)
        found = site.page_at(wanted)
        if found is None and wanted == "/":  # a site without a page at "/": its start page
            return RedirectResponse(site.url_path(site.start), status_code=302)
        if request.method == "POST":
            return _post(site, found, lang)
        counter[0] += 1
        status, html = render_page(site, found, lang, counter[0])
        response = HTMLResponse(html, status_code=status)
        if _prefetch(request):  # a look-ahead, not a visit: no step in anyone's trace
            return response
        visitor = request.cookies.get(COOKIE, "")
        if not _VISITOR.match(visitor):
            visitor = secrets.token_hex(8)
            response.set_cookie(COOKIE, visitor, httponly=True, samesite="lax")
        if traces is not None and request.method == "GET":  # HEAD shows nothing: not a visit
            # the server's own address, not the Host header (a client's text of any length)
            host, port = request.scope.get("server") or ("127.0.0.1", 0)
            host = f"[{host}]" if ":" in host else host
            url = f"{request.url.scheme}://{host}:{port}{wanted}"
            traces.record(visitor, url, found, status, request.headers.get("referer"))
        return response

    return Starlette(routes=[Route("/{rest:path}", page, methods=["GET", "HEAD", "POST"])])


def _prefetch(request: Request) -> bool:
    """A browser's (or memviz crawl's look-ahead's) prefetch: ``Sec-Purpose``/``Purpose: prefetch``."""
    purpose = request.headers.get("sec-purpose") or request.headers.get("purpose") or ""
    return purpose.strip().lower().startswith("prefetch")


def _post(site: Site, found: int | None, lang: str) -> Response:
    """The forms: the editor's save answers 422 where the bug drops the tags; anything else posted
    to a page is refused (405), and to no page is a 404."""
    if found is None:
        return HTMLResponse(render_page(site, None, lang, 0)[1], status_code=404)
    status, html = render_page(site, found, lang, 0)
    if 'class="save-status"' in html and status == 200:
        return PlainTextResponse("422 Unprocessable Entity: tagList dropped", status_code=422)
    if 'class="delete-account"' in html:
        return PlainTextResponse("Account deleted", status_code=200)
    return PlainTextResponse("Method Not Allowed", status_code=405)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free one); OSError says why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    except (TypeError, UnicodeError, ValueError):  # a host name no resolver takes (bytes not UTF-8)
        sock.close()
        raise OSError("not a host name or address") from None
    return sock


def make_server(app: Starlette):
    """A uvicorn server for ``app``, quiet but for errors; ``.run(sockets=[sock])`` serves."""
    import uvicorn

    # Named, not "auto": the same server everywhere (pure Python, whatever else is installed), and the
    # modules uvicorn imports by these names are the ones packaging/memviz.spec puts in the bundle.
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", loop="asyncio", http="h11", ws="none"
    )
    return uvicorn.Server(config)
