"""``memviz crawl URL``: the memviz agent over HTTP, the engine unchanged (docs/serve.md).

The engine asks a site three things: a page's links (``clickable[p]``), whether the page it just
reached shows a bug (``p in bug_by_page``), and the start page. :class:`LiveSite` answers them from
the live site, discovering pages as it goes:

- a page is its URL (same origin: scheme, host and port), numbered by the ``--site`` file's paths
  when one is given; else its canonical URL (:func:`memviz.web.urls.canonical`: ``/index.html`` is
  ``/``, no trailing slash, no tracking parameters), numbered in the order the crawl first sees it,
  or, when the site has a ``/sitemap.xml``, the sitemap's pages only (the universe coverage is over);
- its links are the ``<a href>`` of its HTML in document order (same origin only, each once, not
  the page itself, at most ``max_links``), read by :func:`memviz.core.webpage.read_page`; on a site
  memviz did not make, a page without links (a dead end, an error page, a redirect off the site)
  has one: back to the page it was first found on, as a tester presses Back (a ``back`` step);
- every arrival at a page is a real GET (the engine asks ``p in bug_by_page`` exactly once per step,
  right after it moves, so that question is where the request is made); a bug is what
  :func:`memviz.core.webpage.detect_reports` sees in that response (a 4xx or 5xx status, a
  symptom), its report the route, error type and message seen, cut to what a trace holds. A
  report's route is the page's URL, so the engine's bug list (one report per bug page) is the
  chapter's dedup by fingerprint;
- a look-ahead (policy ``opt``) may ask for the links of pages the agent never went to: those are
  fetched as a browser prefetches, with ``Purpose: prefetch`` and no visitor cookie, so that a
  server's visitor trace holds only the pages the agent went to;
- no request leaves the site: :mod:`memviz.web.fetch` follows no redirect, and each target is
  checked here before it is asked for. A start URL that redirects off the site is refused (one
  line); a page that does so later is an off-site step in the trace and one line, never a request.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Mapping, Sequence
from urllib.parse import unquote, urljoin

from memviz import __version__
from memviz.core.engine import Exploration, RunConfig, RunResult
from memviz.core.site import Site
from memviz.core.trace import (
    MOST_STEPS,
    MOST_TEXT,
    TRACE_FILE_BYTES,
    Report,
    Trace,
    TraceHeader,
    TraceSite,
    TraceStep,
    line_of,
)
from memviz.core.webpage import ReadPage, read_page
from memviz.web.fetch import FetchError, fetch
from memviz.web.urls import BadUrlError, canonical, check_start, normalise, origin, page_key
from memviz.wording.traces import crawl_problem
from memviz.wording.web import CRAWL_PROBLEMS, LINKS_CUT, OFF_SITE_REDIRECT, TRACE_FULL, WHY

MOST_REDIRECTS = 10  # same-site hops of one page, as browsers allow about 20
DEFAULT_MAX_LINKS = 500
SITEMAP = "/sitemap.xml"
HEADER_ROOM = 100_000  # bytes kept for the trace's header (its texts are cut to MOST_TEXT)
MOST_PARSED = 64  # pages' readings kept for a page answered again the same
_LOC = re.compile(r"<loc>\s*([^<]{1,2000}?)\s*</loc>", re.IGNORECASE)


class CrawlError(ValueError):
    """The crawl cannot go on: one line for the user (an unreachable host, a page that timed out),
    in English as ``str()``, in either language by :meth:`in_lang` (memviz.wording.web)."""

    def __init__(self, kind: str, **fields: str) -> None:
        self.kind, self.fields = kind, fields
        super().__init__(self.in_lang("en"))

    def in_lang(self, lang: str) -> str:
        words = CRAWL_PROBLEMS.get(self.kind)
        if words is None:
            return crawl_problem(lang, self.kind, **self.fields)
        fields = dict(self.fields)
        why = fields.pop("why", "")
        detail = fields.pop("detail", "")
        if why:
            fields["why"] = WHY[why].pick(lang, detail=detail, most=MOST_TEXT, status=detail)
        elif "{why}" in words.pick(lang):
            fields["why"] = detail
        if "charset" in words.en:
            fields.setdefault("charset", detail)
        return words.pick(lang, **fields)


def _cut(text: str) -> str:
    """A text as a trace holds it: at most MOST_TEXT characters, never empty."""
    text = text if text.strip() else "?"
    return text if len(text) <= MOST_TEXT else text[: MOST_TEXT - 1] + "…"


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
        self,
        start_url: str,
        site: Site | None,
        timeout: float,
        delay: float,
        max_pages: int,
        max_links: int = DEFAULT_MAX_LINKS,
        say: Callable[[str], None] | None = None,
        lang: str = "en",
    ) -> None:
        try:
            check_start(start_url)
        except BadUrlError as bad:
            raise CrawlError("bad_url", url=start_url[:200], why=bad.why) from None
        start = normalise(start_url) if site is not None else canonical(start_url)
        if start is None:
            raise CrawlError("not_http", url=start_url)
        self.origin = origin(start)
        self.base = start[: len(start) - len(page_key(start))]
        self.site = site
        self.timeout, self.delay = timeout, delay
        self.max_links = max_links
        self.say = say or (lambda line: None)
        self.lang = lang
        self.n_pages = site.n_pages if site is not None else max_pages
        self.n_bugs = site.n_bugs if site is not None else 0
        self.urls: dict[int, str] = {}
        self.ids: dict[str, int] = {}
        self.links: dict[int, tuple[int, ...]] = {}
        self.symptoms: dict[int, Report | None] = {}
        self.parents: dict[int, int] = {}  # a page -> the page it was first found on (Back)
        self.backs: set[int] = set()  # pages whose one link is Back
        self.universe: str = "site" if site is not None else "found"
        self.sitemap_pages: int | None = None
        self.clickable = _Links(self)
        self.bug_by_page = _Bugs(self)
        self.exploration: Exploration | None = None
        self.arrivals = 0  # real arrivals fetched (step 0 not counted)
        self.last_status = 0  # of the last visit
        self.last_off_site: str | None = None  # where the last visit redirected off the site
        self.requests = 0
        self.cookies: dict[str, str] = {}
        self.links_cut_said = False
        self.parsed: dict[tuple[int, int, int], ReadPage] = {}  # (status, length, hash) -> what it shows
        self.start_url = start
        self.start = -1  # known once begin() has fetched it

    def begin(self) -> None:
        """Step 0: GET the start URL as a visit; where its same-site redirects end is the start
        page. Without a site file, the site's sitemap.xml (when there is one) is the universe."""
        if self.site is None:
            self._sitemap()
        status, body, final, off = self._get(self.start_url, visit=True)
        if off is not None:
            raise CrawlError("redirected_off", url=self.start_url, to=_cut(off))
        page = self.id_of(final, start=True)
        if page is None:
            raise CrawlError("not_in_site", url=final, path=page_key(final))
        self.start = page
        if self.universe == "sitemap":  # the sitemap's pages and the start page: no other
            self.n_pages = len(self.ids)
        self._read(page, status, body, visit=True)

    def id_of(self, url: str, start: bool = False) -> int | None:
        """The page at ``url`` (same origin), numbered now if it is new; None if the site file (or
        the sitemap) has no such page or the page limit is reached."""
        key = url if self.site is not None else canonical(url)
        if key is None:
            return None
        known = self.ids.get(key)
        if known is not None:
            return known
        if self.site is not None:
            page = self.site.page_at(page_key(url))
            if page is None:  # "/index.html" for "/", a trailing slash, "%E6%96%87" for "文": the file's form
                other = canonical(url)
                keys = [unquote(page_key(url))] + (
                    [page_key(other), unquote(page_key(other))] if other else []
                )
                page = next((p for p in map(self.site.page_at, keys) if p is not None), None)
        elif self.universe == "sitemap" and not start:
            page = None  # the sitemap's pages were numbered first; no other page is one
        else:
            page = len(self.ids) if len(self.ids) < self.n_pages else None
        if page is not None:
            self.ids[key] = page
            self.urls.setdefault(page, key)
        return page

    def fetch(self, page: int, visit: bool) -> None:
        """GET ``page``: its links and its symptom, as the agent (``visit``) or as a prefetch."""
        url = self.urls[page]
        status, body, _final, off = self._get(url, visit)
        if visit:
            self.last_off_site = off
        if off is not None:
            self.say(OFF_SITE_REDIRECT.pick(self.lang, url=url, to=off))
        self._read(page, status, body, visit)

    def _sitemap(self) -> None:
        """The pages ``/sitemap.xml`` lists (same site, canonical, at most max_pages), numbered
        first; no sitemap (any failure, any status but 200, no page of the site): pages as found."""
        try:
            status, body, _final, off = self._get(self.base + SITEMAP, visit=False)
        except CrawlError:
            return
        if status != 200 or off is not None:
            return
        for match in _LOC.finditer(body):
            if len(self.ids) >= self.n_pages:
                break
            url = canonical(html.unescape(match.group(1)).strip())
            if url is not None and origin(url) == self.origin and len(url) <= MOST_TEXT:
                self.id_of(url)
        if self.ids:
            self.universe = "sitemap"
            self.sitemap_pages = len(self.ids)

    def _get(self, url: str, visit: bool) -> tuple[int, str, str, str | None]:
        """(status, text, the URL answered after same-site redirects, a redirect target off the
        site or None). A redirect is followed only when its target is on the site: checked here,
        before any request is made to it. ``--timeout`` bounds the whole of it."""
        deadline = time.monotonic() + self.timeout
        headers = {"User-Agent": f"memviz-crawl/{__version__}"}
        if not visit:
            headers |= {"Purpose": "prefetch", "Sec-Purpose": "prefetch"}
        asked = url
        for _hop in range(MOST_REDIRECTS + 1):
            if self.requests and self.delay:
                time.sleep(self.delay)
            self.requests += 1
            left = deadline - time.monotonic()
            if left <= 0:
                raise CrawlError("timeout", url=asked, seconds=f"{self.timeout:g}")
            try:
                answer = fetch(url, left, headers, self.cookies if visit else None)
            except FetchError as exc:
                if exc.kind == "timeout":
                    raise CrawlError("timeout", url=asked, seconds=f"{self.timeout:g}") from None
                raise CrawlError(exc.kind, url=url, why=exc.why, detail=exc.detail) from None
            if answer.location is None:
                return answer.status, answer.text, url, None
            target = normalise(answer.location) if self.site is not None else canonical(answer.location)
            if target is None or origin(target) != self.origin or len(target) > MOST_TEXT:
                return answer.status, answer.text, url, _cut(answer.location)
            url = target
        raise CrawlError("too_many_redirects", url=asked, most=str(MOST_REDIRECTS))

    def _read(self, page: int, status: int, body: str, visit: bool) -> None:
        url = self.urls[page]
        key = (status, len(body), hash(body))
        seen = self.parsed.get(key)
        if seen is None:  # a page answered the same as before is not parsed again (a 100,000-link page)
            seen = read_page(status, body)
            if len(self.parsed) >= MOST_PARSED:
                self.parsed.pop(next(iter(self.parsed)))
            self.parsed[key] = seen
        links: list[int] = []
        cut = False
        for href in seen.links:
            if len(links) >= self.max_links:
                cut = True
                break
            try:
                joined = urljoin(url, href.strip())
            except ValueError:  # a link no URL parser takes ("http://[::1"): not a link to follow
                continue
            target = normalise(joined) if self.site is not None else canonical(joined)
            if target is None or origin(target) != self.origin or len(target) > MOST_TEXT:
                continue
            q = self.id_of(target)
            if q is not None and q != page and q not in links:
                links.append(q)
                self.parents.setdefault(q, page)
        if cut and not self.links_cut_said:
            self.links_cut_said = True
            self.say(LINKS_CUT.pick(self.lang, url=url, n=len(seen.links), most=self.max_links))
        self.backs.discard(page)
        if not links and self.site is None and page in self.parents:  # a dead end: Back
            links = [self.parents[page]]
            self.backs.add(page)
        self.links[page] = tuple(links)
        # read_page's first symptom is detect_reports' first report: the same parse, read once
        error, message = seen.error, seen.message
        self.symptoms[page] = (
            None if error is None else Report(_cut(page_key(url)), _cut(error), _cut(message))
        )
        if visit:
            self.last_status = status


def crawl(url: str, config: RunConfig, site: Site | None = None, **options) -> tuple[RunResult, Trace]:
    """Run ``config`` against the live site at ``url``; its result and its trace (options: as
    :func:`crawl_live`)."""
    result, trace, _live = crawl_live(url, config, site, **options)
    return result, trace


def crawl_live(
    url: str,
    config: RunConfig,
    site: Site | None = None,
    timeout: float = 10.0,
    delay: float = 0.0,
    max_pages: int = 1000,
    max_links: int = DEFAULT_MAX_LINKS,
    say: Callable[[str], None] | None = None,
    lang: str = "en",
) -> tuple[RunResult, Trace, LiveSite]:
    """Run ``config`` against the live site at ``url``; its result, its trace and the site as
    crawled (``.universe``: where the pages coverage is over came from, "site", "sitemap" or
    "found"; :func:`universe_size` how many).

    With ``site`` (the served site's file) pages carry its ids and coverage is over its pages;
    without, over the pages of the site's sitemap.xml when it has one, else over the pages found
    (visited or linked): :func:`coverage_of` says which. ``say`` gets the lines said on the way
    (a redirect off the site, links cut), in ``lang``.
    """
    if config.until_all_bugs and site is None:
        raise CrawlError("needs_site")
    live = LiveSite(url, site, timeout, delay, max_pages, max_links, say, lang)
    live.exploration = _Start()  # step 0: the start page, fetched as a visit
    live.begin()
    steps = [
        TraceStep(step=0, url=live.urls[live.start], page=live.start, action="start", status=live.last_status)
    ]
    exploration = Exploration(live, config)  # type: ignore[arg-type]  # a Site in all the engine reads
    live.exploration = exploration
    size, full = len(line_of(steps[0]).encode("utf-8")), False
    while not exploration.finished:
        event = exploration.step()
        index = len(steps)
        if not event.moved:
            page = event.from_page
            steps.append(
                TraceStep(step=index, url=live.urls[page], page=page, action="stop", tokens_in=event.tokens)
            )
            size += len(line_of(steps[-1]).encode("utf-8"))
            continue
        page = event.to_page
        reports = (live.symptoms[page],) if (event.bug_found or event.duplicate_report) else ()
        action = (
            "back" if event.from_page in live.backs and live.parents.get(event.from_page) == page else "click"
        )
        steps.append(
            TraceStep(
                step=index,
                url=live.urls[page],
                page=page,
                action=action,
                status=live.last_status,
                tokens_in=event.tokens,
                reports=reports,
            )
        )
        # where the page sent the agent, never asked for; only while the trace keeps room for the
        # steps still to come, so that it holds at most MOST_STEPS (what the reader takes)
        to_come = config.step_limit - (len(exploration.path) - 1) + 1  # the steps left and a stop
        if live.last_off_site is not None and len(steps) + 1 + to_come <= MOST_STEPS:
            steps.append(TraceStep(step=len(steps), url=live.last_off_site, page=None, action="goto"))
        size += sum(len(line_of(s).encode("utf-8")) for s in steps[index:])
        if size > TRACE_FILE_BYTES - HEADER_ROOM:  # the most a trace file holds: stop here
            live.say(TRACE_FULL.pick(lang, steps=len(steps), mb=TRACE_FILE_BYTES // 1_000_000))
            full = True
            break
    result = exploration.result()
    if full:
        result = result._replace(stop_reason="trace_full")
    if live.universe == "found":  # coverage over the pages found, the only count such a crawl has
        result = result._replace(coverage=len(set(result.path)) / max(len(live.ids), 1))
    bugs = tuple(sorted(site.bug_by_page)) if site is not None else None  # without a site: not named
    name = site.name("en") if site is not None else live.base
    header = TraceHeader(
        agent="memviz",
        start_url=steps[0].url,
        config=dict(config.__dict__),
        site=TraceSite(_cut(name), universe_size(live), bugs),
        version=site.version if site is not None else None,
        reported_by="agent",  # the crawler files what it reads (memviz.core.webpage)
    )
    return result, Trace(header, tuple(steps)), live


def universe_size(live: LiveSite) -> int:
    """The pages coverage is over: the site file's, the sitemap's (and the start page), or found."""
    return live.n_pages if live.universe != "found" else max(len(live.ids), 1)


class _Start:
    """Before the engine starts: no path beyond the start page, so no fetch counts as an arrival."""

    path = (None,)
