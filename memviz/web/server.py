"""``memviz serve``: a memviz-site/1 site as a real web site on localhost (Starlette on uvicorn).

Each page is HTML with the nav bar and then its own links as ``<a href>``, in the site's order, so a
crawler reading links in document order sees the chapter's ``LINKS``; bug pages show their symptom
(:mod:`memviz.core.webpage`; docs/serve.md lists them). Nothing is read from disk per request: a
URL is looked up in the site's table of paths, so no request can reach a file, and an unknown path
is a 404 page with the nav bar.

Every visitor (a cookie) gets a ``memviz-trace/1`` file in the trace folder, one line per page
answered (a POST too, with its status), with the report of the symptom the page showed, found by
:func:`memviz.core.webpage.detect_reports`, the crawler's detector: :mod:`memviz.web.visitors` writes
them, within caps. Pages are sent ``Cache-Control: no-store``, so a browser's Back asks the server
again and is in the trace. Under ``--lan`` each client address is rate-limited
(:class:`memviz.web.network.RateLimit`); uvicorn's own lines are memviz's (:mod:`.serverlog`).
"""

from __future__ import annotations

import re
import secrets
import socket
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from memviz.core.site import Site
from memviz.core.trace import MOST_REPORTS, Report
from memviz.core.webpage import detect_reports, render_page
from memviz.web.blog.app import Blog
from memviz.web.network import RateLimit
from memviz.web.serverlog import MOST_CONNECTIONS, ServerLog, quiet_uvicorn
from memviz.web.visitors import TraceCaps, TraceFolder
from memviz.wording.web import RATE_LIMITED, TOO_MANY_REQUESTS

COOKIE = "memviz_visitor"
_VISITOR = re.compile(r"[0-9a-f]{16}\Z")
MOST_URL = 1800  # characters of a request's path and query (a trace's URL holds 2000 with the origin)
NOT_PAGES = ("/favicon.ico", "/robots.txt")  # a browser asks for these by itself: not a step
SITEMAP = "/sitemap.xml"
SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def request_path(request: Request) -> str:
    """The page a request asks for, as a site names its pages: the path and, if any, the query."""
    query = request.url.query
    return request.url.path + ("?" + query if query else "")


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.netloc) == (y.scheme, y.netloc)


NO_STORE = {"Cache-Control": "no-store"}  # Back reaches the server, so a visitor's trace holds it


def build_app(
    site: Site,
    lang: str = "en",
    trace_dir: Path | None = None,
    caps: TraceCaps | None = None,
    rate: RateLimit | None = None,
    log: ServerLog | None = None,
    answers: bool = False,
) -> Starlette:
    """The served site as an ASGI application; ``rate``: a client address's limit (``--lan``);
    ``answers``: the blog's pages name their bugs (the teacher's view)."""
    log = log if log is not None else ServerLog(lang)
    traces = TraceFolder(Path(trace_dir), site, log, caps or TraceCaps()) if trace_dir is not None else None
    # A site with Conduit's routes is shown as the blog (memviz.web.blog), any other as plain pages.
    blog = Blog(site, lang, answers, traces) if Blog.fits(site) else None
    counter = [0]  # the number in a symptom's message: one more per page answered

    async def page(request: Request) -> Response:
        if rate is not None:
            client = request.client.host if request.client is not None else "?"
            if not rate.allow(client):
                log.once(f"rate:{client}", RATE_LIMITED, client=client, rate=f"{rate.rate:g}")
                return PlainTextResponse(
                    TOO_MANY_REQUESTS.pick(lang), status_code=429, headers={**NO_STORE, "Retry-After": "1"}
                )
        wanted = request_path(request)
        if wanted in NOT_PAGES:
            return Response(status_code=204)
        if wanted == SITEMAP:  # the site's pages, for a crawler's universe (not a page, not a step)
            return Response(_sitemap(site, request), media_type="application/xml", headers=NO_STORE)
        if len(wanted) > MOST_URL:
            return PlainTextResponse("URI too long", status_code=414, headers=NO_STORE)
        found = site.page_at(wanted)
        if found is None and wanted == "/":  # a site without a page at "/": its start page
            return RedirectResponse(site.url_path(site.start), status_code=302, headers=NO_STORE)
        if blog is not None and found is None and request.method != "POST":
            asset = blog.asset(wanted)  # the blog's style and script: not pages, not steps
            if asset is not None:
                return asset
        counter[0] += 1
        cookie = request.cookies.get(COOKIE, "")
        known = cookie if _VISITOR.match(cookie) else None
        if blog is not None and found is None and request.method == "POST" and wanted.startswith("/api/"):
            return await blog.api(request, known, counter[0])  # a form's answer, not a step
        if request.method == "POST":
            response, reports = _post(site, found, lang, wanted, counter[0])
        else:
            if blog is not None:
                status, html = blog.render(found, counter[0], known)
            else:
                status, html = render_page(site, found, lang, counter[0])
            response = HTMLResponse(html, status_code=status, headers=NO_STORE)
            reports = _reports_seen(wanted, found, status, html)
        if _prefetch(request):  # a look-ahead, not a visit: no step in anyone's trace
            return response
        visitor = request.cookies.get(COOKIE, "")
        if not _VISITOR.match(visitor):
            visitor = secrets.token_hex(8)
            response.set_cookie(COOKIE, visitor, httponly=True, samesite="lax")
        if traces is not None and request.method != "HEAD":  # HEAD shows nothing: not a visit
            # the server's own address, not the Host header (a client's text of any length)
            host, port = request.scope.get("server") or ("127.0.0.1", 0)
            host = f"[{host}]" if ":" in host else host
            url = f"{request.url.scheme}://{host}:{port}{wanted}"
            referer = request.headers.get("referer")
            action = "click" if referer and _same_origin(referer, url) else "goto"
            traces.record(visitor, url, found, action, response.status_code, reports)
        return response

    return Starlette(routes=[Route("/{rest:path}", page, methods=["GET", "HEAD", "POST"])])


def _sitemap(site: Site, request: Request) -> str:
    """``/sitemap.xml``: every page's URL on this server, in the site's order (sitemaps.org's format)."""
    host, port = request.scope.get("server") or ("127.0.0.1", 0)
    base = f"{request.url.scheme}://{f'[{host}]' if ':' in host else host}:{port}"
    urls = "".join(f"<url><loc>{escape(base + site.url_path(p))}</loc></url>" for p in range(site.n_pages))
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="{SITEMAP_NS}">{urls}</urlset>'


def _reports_seen(route: str, page: int | None, status: int, body: str) -> tuple[Report, ...]:
    """The reports a tester files on the answer: :func:`detect_reports`, the one detector the
    crawler and the HAR importer use; none for an answer that is not a page of the site (a 404)."""
    return () if page is None else detect_reports(route, status, body)[:MOST_REPORTS]


def _prefetch(request: Request) -> bool:
    """A browser's (or memviz crawl's look-ahead's) prefetch: ``Sec-Purpose``/``Purpose: prefetch``."""
    purpose = request.headers.get("sec-purpose") or request.headers.get("purpose") or ""
    return purpose.strip().lower().startswith("prefetch")


def _post(
    site: Site, found: int | None, lang: str, route: str, n: int
) -> tuple[Response, tuple[Report, ...]]:
    """The forms: the editor's save answers 422 where the bug drops the tags; anything else posted
    to a page is refused (405), and to no page is a 404. Its reports are the detector's."""
    if found is None:
        return HTMLResponse(render_page(site, None, lang, n)[1], status_code=404, headers=NO_STORE), ()
    status, html = render_page(site, found, lang, n)
    if 'class="save-status"' in html and status == 200:
        status, text = 422, "422 Unprocessable Entity: tagList dropped"
    elif 'class="delete-account"' in html:
        status, text = 200, "Account deleted"
    else:
        status, text = 405, "Method Not Allowed"
    return PlainTextResponse(text, status_code=status, headers=NO_STORE), _reports_seen(
        route, found, status, text
    )


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


def make_server(app: Starlette, log: ServerLog | None = None):
    """A uvicorn server for ``app`` whose warnings and errors are ``log``'s lines (memviz's language,
    one line each, no traceback); ``.run(sockets=[sock])`` serves."""
    import uvicorn

    quiet_uvicorn(log if log is not None else ServerLog("en"))
    # Named, not "auto": the same server everywhere (pure Python, whatever else is installed), and the
    # modules uvicorn imports by these names are the ones packaging/memviz.spec puts in the bundle.
    config = uvicorn.Config(
        app,
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="off",
        loop="asyncio",
        http="h11",
        ws="none",
        limit_concurrency=MOST_CONNECTIONS,
    )
    return uvicorn.Server(config)
