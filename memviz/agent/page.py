"""A page as the model is shown it: its title, its visible text (cut to a budget), its links numbered,
and the symptom it really shows (:func:`memviz.core.webpage.read_page`, the detector ``memviz crawl``
uses), which the trace records beside what the model claims.

Pages are fetched on the site's origin only: a redirect elsewhere, or a URL the model names off the
site, is never requested (a page must not be able to make memviz send a request to another host).
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import httpx

from memviz import __version__
from memviz.core.site import Site
from memviz.core.trace import Report
from memviz.core.webpage import read_page
from memviz.web.crawler import normalise

MOST_BODY = 4_000_000  # bytes of one page read
MOST_REDIRECTS = 5
_HIDDEN = {"script", "style", "head", "title", "template", "noscript"}


@dataclass(frozen=True)
class Link:
    text: str
    url: str  # absolute, normalised (no fragment)
    path: str  # path and query on the site's origin; the URL itself off it


@dataclass(frozen=True)
class Page:
    url: str
    page: int | None  # the site's page, None off the site's table of paths
    status: int
    title: str
    text: str  # visible text, whitespace folded, whole (the prompt cuts it)
    links: tuple[Link, ...]
    symptom: Report | None  # what the detector saw (route, error type, message)


class FetchError(Exception):
    """The site cannot be read: ``kind`` (refused, timeout, http) with its fields."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(kind, fields)
        self.kind, self.fields = kind, fields


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title: list[str] = []
        self.text: list[str] = []
        self.anchors: list[tuple[str, list[str]]] = []
        self.hidden = 0
        self.in_title = False
        self.anchor: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in _HIDDEN:
            self.hidden += 1
            self.in_title = self.in_title or tag == "title"
        if tag == "a":
            href = dict(attrs).get("href")
            if href is not None:
                self.anchor = []
                self.anchors.append((href, self.anchor))
        if tag in ("p", "li", "h1", "h2", "h3", "div", "br", "tr", "nav", "main", "form", "output"):
            self.text.append("\n")

    def handle_endtag(self, tag):
        if tag in _HIDDEN and self.hidden:
            self.hidden -= 1
            if tag == "title":
                self.in_title = False
        if tag == "a":
            self.anchor = None

    def handle_data(self, data):
        if self.in_title:
            self.title.append(data)
        elif not self.hidden:
            self.text.append(data)
            if self.anchor is not None:
                self.anchor.append(data)


def _fold(text: str) -> str:
    return " ".join(text.split())


def parse_page(url: str, status: int, html: str, site: Site, origin: tuple[str, str]) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    seen = read_page(status, html)
    links: list[Link] = []
    urls: set[str] = set()
    for href, words in reader.anchors:
        target = normalise(urljoin(url, href))
        if target is None or target in urls:
            continue
        urls.add(target)
        links.append(Link(_fold("".join(words)) or target, target, site_path(target, origin) or target))
    path = site_path(url, origin)
    lines = [_fold(line) for line in "".join(reader.text).split("\n")]
    symptom = None if seen.error is None else Report(path or url, seen.error, seen.message)
    return Page(
        url, site.page_at(path) if path is not None else None, status, _fold("".join(reader.title)),
        "\n".join(line for line in lines if line), tuple(links), symptom,
    )  # fmt: skip


def site_path(url: str, origin: tuple[str, str]) -> str | None:
    """``url``'s path and query if it is on ``origin`` (scheme, host:port), else None."""
    parts = urlsplit(url)
    if (parts.scheme.lower(), parts.netloc.lower()) != origin:
        return None
    return (parts.path or "/") + ("?" + parts.query if parts.query else "")


def origin_of(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme.lower(), parts.netloc.lower()


class SiteReader:
    """Fetches the site's pages as a browser would (cookies kept), on its origin only."""

    def __init__(self, start_url: str, site: Site, timeout: float, transport=None) -> None:
        self.origin = origin_of(start_url)
        self.site = site
        self.timeout = timeout
        self._http = httpx.Client(
            headers={"User-Agent": f"memviz-agent/{__version__}"}, timeout=timeout, follow_redirects=False,
            trust_env=False, transport=transport,
        )  # fmt: skip

    def close(self) -> None:
        self._http.close()

    def fetch(self, url: str, referer: str | None = None) -> Page | None:
        """The page at ``url``; None when it (or a redirect on the way) leaves the site's origin."""
        for _hop in range(MOST_REDIRECTS + 1):
            if origin_of(url) != self.origin:
                return None
            headers = {"Referer": referer} if referer else {}
            try:
                response = self._http.get(url, headers=headers)
                body = response.read()[:MOST_BODY]
            except httpx.TimeoutException:
                raise FetchError("timeout", url=url, seconds=f"{self.timeout:g}") from None
            except httpx.ConnectError:
                raise FetchError("refused", url=url) from None
            except httpx.HTTPError as exc:
                raise FetchError("http", url=url, reason=type(exc).__name__) from None
            if response.is_redirect and "location" in response.headers:
                url = normalise(urljoin(url, response.headers["location"])) or url
                continue
            try:
                html = body.decode(response.encoding or "utf-8", errors="replace")
            except LookupError:  # a charset no codec knows: read it as UTF-8
                html = body.decode("utf-8", errors="replace")
            return parse_page(normalise(url) or url, response.status_code, html, self.site, self.origin)
        raise FetchError("http", url=url, reason="too many redirects")
