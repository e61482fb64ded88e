"""``memviz crawl URL``: the memviz agent over HTTP, the engine unchanged (docs/serve.md).

The engine asks a site three things: a page's links (``clickable[p]``), whether the page it just
reached shows a bug (``p in bug_by_page``), and the start page. :class:`LiveSite` answers them from
the live site, discovering pages as it goes:

- a page is its normalised URL (same origin; no fragment; path and query kept), numbered by the
  ``--site`` file's paths when one is given, else in the order the crawl first sees it;
- its links are the ``<a href>`` of its HTML in document order (same origin only, each once, not
  the page itself), read by :func:`memviz.core.webpage.read_page`;
- every arrival at a page is a real GET (the engine asks ``p in bug_by_page`` exactly once per step,
  right after it moves, so that question is where the request is made); a bug is a symptom seen in
  that response, and its report the route, error type and message seen. A report's route is the
  page's URL, so the engine's bug list (one report per bug page) is the chapter's dedup by
  fingerprint;
- a look-ahead (policy ``opt``) may ask for the links of pages the agent never went to: those are
  fetched as a browser prefetches, with ``Purpose: prefetch`` and no visitor cookie, so that a
  server's visitor trace holds only the pages the agent went to.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import replace
from http.cookiejar import CookieJar
from urllib.parse import urljoin, urlsplit, urlunsplit

from memviz import __version__
from memviz.core.engine import Exploration, RunConfig, RunResult
from memviz.core.site import Site
from memviz.core.trace import Report, Trace, TraceHeader, TraceSite, TraceStep
from memviz.core.webpage import read_page
from memviz.wording.traces import crawl_problem

MOST_BODY = 8_000_000  # bytes of one page read


class CrawlError(ValueError):
    """The crawl cannot go on: one line for the user (an unreachable host, a page that timed out),
    in English as ``str()``, in either language by :meth:`in_lang` (memviz.wording.traces)."""

    def __init__(self, kind: str, **fields) -> None:
        super().__init__(crawl_problem("en", kind, **fields))
        self.kind, self.fields = kind, fields

    def in_lang(self, lang: str) -> str:
        return crawl_problem(lang, self.kind, **self.fields)


def normalise(url: str) -> str | None:
    """``url`` as a page's identity (scheme and host lower case, no fragment, "/" for an empty
    path), or None for what is not a web page (mailto:, javascript:...)."""
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


def _page_key(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


class _Links(Sequence):
    """``clickable``: a page's links, fetched the first time a page is asked for before any visit."""

    def __init__(self, live: LiveSite) -> None:
        self.live = live

    def __getitem__(self, page):
        links = self.live.links.get(page)
        if links is None:
            self.live.fetch(page, visit=False)
            links = self.live.links[page]
        return links

    def __len__(self) -> int:
        return self.live.n_pages


class _Bugs(Mapping):
    """``bug_by_page``: asked right after each move, which is when the agent's GET is made."""

    def __init__(self, live: LiveSite) -> None:
        self.live = live

    def __contains__(self, page) -> bool:
        live = self.live
        if live.arrivals < len(live.exploration.path) - 1 and live.exploration.path[-1] == page:
            live.arrivals += 1
            live.fetch(page, visit=True)
        elif page not in live.symptoms:
            live.fetch(page, visit=False)
        return live.symptoms[page] is not None

    def __getitem__(self, page):
        if page not in self:
            raise KeyError(page)
        return self.live.symptoms[page]

    def __iter__(self):
        return (p for p, s in self.live.symptoms.items() if s is not None)

    def __len__(self) -> int:
        return sum(1 for s in self.live.symptoms.values() if s is not None)


class LiveSite:
    """A live web site as the engine's :class:`~memviz.core.site.Site` (the attributes it reads)."""

    def __init__(
        self, start_url: str, site: Site | None, timeout: float, delay: float, max_pages: int
    ) -> None:
        start = normalise(start_url)
        if start is None:
            raise CrawlError("not_http", url=start_url)
        self.origin = _origin(start)
        self.base = f"{self.origin[0]}://{self.origin[1]}"
        self.site = site
        self.timeout, self.delay = timeout, delay
        self.n_pages = site.n_pages if site is not None else max_pages
        self.n_bugs = site.n_bugs if site is not None else 0
        self.urls: dict[int, str] = {}
        self.ids: dict[str, int] = {}
        self.links: dict[int, tuple[int, ...]] = {}
        self.symptoms: dict[int, Report | None] = {}
        self.clickable = _Links(self)
        self.bug_by_page = _Bugs(self)
        self.exploration: Exploration | None = None
        self.arrivals = 0  # real arrivals fetched (step 0 not counted)
        self.last_status = 0  # of the last visit
        self.requests = 0
        self._visitor = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        self._prefetcher = urllib.request.build_opener()
        self.start_url = start
        self.start = -1  # known once begin() has fetched it

    def begin(self) -> None:
        """Step 0: GET the start URL as a visit; where a redirect ends is the start page."""
        status, body, final = self._get(self._request(self.start_url, visit=True), self.start_url)
        final = normalise(final) or self.start_url
        if _origin(final) != self.origin:
            raise CrawlError("redirected_off", url=self.start_url, to=final)
        page = self.id_of(final)
        if page is None:
            raise CrawlError("not_in_site", url=final, path=_page_key(final))
        self.start = page
        self._read(page, status, body, visit=True)

    def id_of(self, url: str) -> int | None:
        """The page at ``url`` (normalised, same origin), numbered now if it is new; None if the
        site file has no such page or the page limit is reached."""
        known = self.ids.get(url)
        if known is not None:
            return known
        if self.site is not None:
            page = self.site.page_at(_page_key(url))
        else:
            page = len(self.ids) if len(self.ids) < self.n_pages else None
        if page is not None:
            self.ids[url] = page
            self.urls[page] = url
        return page

    def fetch(self, page: int, visit: bool) -> None:
        """GET ``page``: its links and its symptom, as the agent (``visit``) or as a prefetch."""
        url = self.urls[page]
        status, body, _final = self._get(self._request(url, visit), url)
        self._read(page, status, body, visit)

    def _request(self, url: str, visit: bool) -> urllib.request.Request:
        if self.requests and self.delay:
            time.sleep(self.delay)
        self.requests += 1
        request = urllib.request.Request(url, headers={"User-Agent": f"memviz-crawl/{__version__}"})
        if not visit:
            request.add_header("Purpose", "prefetch")
            request.add_header("Sec-Purpose", "prefetch")
        return request

    def _read(self, page: int, status: int, body: str, visit: bool) -> None:
        url = self.urls[page]
        seen = read_page(status, body)
        links: list[int] = []
        for href in seen.links:
            target = normalise(urljoin(url, href))
            if target is None or _origin(target) != self.origin:
                continue
            q = self.id_of(target)
            if q is not None and q != page and q not in links:
                links.append(q)
        self.links[page] = tuple(links)
        self.symptoms[page] = None if seen.error is None else Report(_page_key(url), seen.error, seen.message)
        if visit:
            self.last_status = status

    def _get(self, request: urllib.request.Request, url: str) -> tuple[int, str, str]:
        """(status, text, the URL it came from after any redirect)."""
        opener = self._prefetcher if request.has_header("Purpose") else self._visitor
        try:
            with opener.open(request, timeout=self.timeout) as response:
                return response.status, _text(response), response.geturl()
        except urllib.error.HTTPError as error:  # 4xx and 5xx still carry a page
            with error:
                return error.code, _text(error), error.geturl() or url
        except urllib.error.URLError as exc:
            raise CrawlError("unreachable", url=url, reason=_reason(exc.reason)) from None
        except TimeoutError:
            raise CrawlError("timeout", url=url, seconds=f"{self.timeout:g}") from None
        except OSError as exc:
            raise CrawlError("unreachable", url=url, reason=_reason(exc)) from None


def _reason(reason) -> str:
    return getattr(reason, "strerror", None) or str(reason)


def _text(response) -> str:
    raw = response.read(MOST_BODY + 1)
    charset = response.headers.get_content_charset() or "utf-8"
    return raw[:MOST_BODY].decode(charset, errors="replace")


def crawl(
    url: str,
    config: RunConfig,
    site: Site | None = None,
    timeout: float = 10.0,
    delay: float = 0.0,
    max_pages: int = 1000,
) -> tuple[RunResult, Trace]:
    """Run ``config`` against the live site at ``url``; its result and its trace.

    With ``site`` (the served site's file) pages carry its ids and coverage is over its pages;
    without, pages are numbered as found and coverage is over the pages found (visited or linked).
    """
    if config.until_all_bugs and site is None:
        raise CrawlError("needs_site")
    live = LiveSite(url, site, timeout, delay, max_pages)
    live.exploration = _Start()  # step 0: the start page, fetched as a visit
    live.begin()
    steps = [TraceStep(0, live.urls[live.start], live.start, "start", live.last_status, None, None, ())]
    exploration = Exploration(live, config)  # type: ignore[arg-type]  # a Site in all the engine reads
    live.exploration = exploration
    while not exploration.finished:
        event = exploration.step()
        index = len(steps)
        if not event.moved:
            page = event.from_page
            steps.append(TraceStep(index, live.urls[page], page, "stop", None, event.tokens, None, ()))
            continue
        page = event.to_page
        reports = (live.symptoms[page],) if (event.bug_found or event.duplicate_report) else ()
        steps.append(
            TraceStep(index, live.urls[page], page, "click", live.last_status, event.tokens, None, reports)
        )
    result = exploration.result()
    if site is None:  # coverage over the pages found, the only count a crawl has
        result = replace(result, coverage=len(set(result.path)) / max(len(live.ids), 1))
    bugs = tuple(sorted(site.bug_by_page)) if site is not None else ()  # without a site: not known
    name = site.name("en") if site is not None else live.base
    header = TraceHeader(
        agent="memviz",
        start_url=steps[0].url,
        config=dict(config.__dict__),
        site=TraceSite(name, site.n_pages if site is not None else max(len(live.ids), 1), bugs),
        version=site.version if site is not None else None,
        reported_by="agent",  # the crawler files what it reads (memviz.core.webpage)
    )
    return result, Trace(header, tuple(steps))


class _Start:
    """Before the engine starts: no path beyond the start page, so no fetch counts as an arrival."""

    path = (None,)
