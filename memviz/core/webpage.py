"""A site's pages as HTML (``memviz serve``) and what an agent reads back from them (``memviz crawl``).

Both halves live here so that they cannot drift apart: :func:`render_page` writes a page, and
:func:`read_page` finds its links (every ``<a href>`` in document order: the nav bar, the nav pages
other than the page itself, then the page's own links, as the chapter's ``LINKS``) and its bug
symptoms. A symptom is what a tester sees, never a hidden flag; each error type of the site's
report styles has its own (docs/serve.md lists them):

===================== ======================================================================
error                 symptom in the response
===================== ======================================================================
``HTTP 500``          the status is 500 (any 4xx or 5xx status reads as ``HTTP <status>``)
``HTTP 422``          the save form's ``<output class="save-status">`` holds a 4xx status
``XSS``               a ``<script>`` inside a comment (``.comment``) runs and writes a marker
``missing confirmation``  a ``form.delete-account`` that deletes at once (no ``data-confirm``)
``stale state``       a ``.favorites-count`` whose ``data-after`` equals its ``data-before``
``duplicate item``    an article (``li.article``) listed twice on the page
``wrong value``       a negative ``.favorites-count``
(any other)           an element with ``data-error="<error>"``
===================== ======================================================================

The error's message is the page's ``.error-message`` line, as a browser's console or an error
banner would show it (a number in it changes from one visit to the next).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser

from memviz.core.site import Site
from memviz.core.trace import Report

DEFAULT_ERROR = "HTTP 500"  # a bug without a report style shows as a server error


@dataclass(frozen=True)
class Symptom:
    error: str
    message: str  # "{n}": a number that changes from one report to the next


def symptom_of(site: Site, page: int) -> Symptom | None:
    """The bug ``page`` shows at the site's version, or None."""
    bug = site.bug_by_page.get(page)
    if bug is None:
        return None
    for style in site.report_styles:
        if style.page == page:
            return Symptom(style.error, style.message)
    return Symptom(DEFAULT_ERROR, f"{bug.names.get('en') or bug.names.get('zh')} ({{n}})")


def status_of(site: Site, page: int) -> int:
    symptom = symptom_of(site, page)
    return 500 if symptom is not None and symptom.error == "HTTP 500" else 200


def report_of(site: Site, page: int, n: int) -> Report | None:
    """The report a tester files on seeing ``page``'s symptom (``n``: the number in its message)."""
    symptom = symptom_of(site, page)
    if symptom is None:
        return None
    return Report(site.url_path(page), symptom.error, symptom.message.replace("{n}", str(n)))


# -- writing ---------------------------------------------------------------------------------------

_STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222}"
    "nav{background:#5cb85c;padding:.6em 1em}nav a{color:#fff;margin-right:1.2em;text-decoration:none}"
    "main{padding:1em 2em}ul.links li{margin:.3em 0}.error-message{color:#b00;font-family:monospace}"
    "#xss-marker{background:#fdd;padding:.2em}"
)


def render_page(site: Site, page: int | None, lang: str, n: int, base: str = "") -> tuple[int, str]:
    """(HTTP status, HTML) of ``page`` (None: the 404 page, with the nav bar); ``n`` fills the
    number in a symptom's message; ``base`` prefixes every link (a mount point, normally "")."""
    nav = [q for q in site.nav if q != page]
    own = [] if page is None else [q for q in site.pages[page].links if q not in site.nav]
    title = "404" if page is None else site.page_name(page, lang)
    parts = [
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{escape(title)} · {escape(site.name(lang))}</title><style>{_STYLE}</style></head><body>",
        '<nav class="navbar">',
        *(f'<a href="{escape(base + site.url_path(q))}">{escape(site.page_name(q, lang))}</a>' for q in nav),
        "</nav><main>",
        f"<h1>{escape(title)}</h1>",
    ]
    status = 404 if page is None else status_of(site, page)
    if page is None:
        parts.append('<p class="not-found">No page here.</p>')
    else:
        parts.append(_symptom_html(site, page, n))
    parts.append('<ul class="links">')
    parts += [
        f'<li><a href="{escape(base + site.url_path(q))}">{escape(site.page_name(q, lang))}</a></li>'
        for q in own
    ]
    parts.append("</ul></main></body></html>")
    return status, "\n".join(parts)


def _symptom_html(site: Site, page: int, n: int) -> str:
    symptom = symptom_of(site, page)
    if symptom is None:
        return '<p class="content">…</p>'
    error = symptom.error
    message = f'<p class="error-message">{escape(symptom.message.replace("{n}", str(n)))}</p>'
    if error.startswith("HTTP 5"):
        body = '<p class="server-error">Internal Server Error</p>'
    elif error.startswith("HTTP 4"):
        code = error.split()[1]
        body = (
            '<form method="post" class="editor"><input name="title" value="B">'
            '<input name="tags" value="qa, agent"><button>Publish</button></form>'
            f'<output class="save-status" data-status="{escape(code)}">{escape(code)} (tags dropped)</output>'
        )
    elif error == "XSS":
        body = (
            '<p id="xss-marker"></p><div class="comment"><p>Nice post!</p><script>'
            "document.getElementById('xss-marker').textContent='XSS: a script in a comment ran'"
            "</script></div>"
        )
    elif error == "missing confirmation":
        body = '<form method="post" class="delete-account"><button>Delete account</button></form>'
    elif error == "stale state":
        body = '<span class="favorites-count" data-before="3" data-after="3">3</span>'
    elif error == "duplicate item":
        body = '<ol><li class="article" data-id="7">Article 7</li><li class="article" data-id="7">Article 7</li></ol>'
    elif error == "wrong value":
        body = '<span class="favorites-count">-1</span>'
    else:
        body = f'<p data-error="{escape(error)}">{escape(error)}</p>'
    return body + message


# -- reading ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadPage:
    links: tuple[str, ...]  # every href, in document order
    error: str | None  # the symptom seen, None for a healthy page
    message: str


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.errors: list[str] = []
        self.message: list[str] = []
        self.in_message = 0
        self.comment_depth = 0  # open elements inside a .comment
        self.article_ids: set[str] = set()
        self.in_count = False
        self.count_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # Over the core's size rule (60 lines, cyclomatic 15) on purpose: one branch per symptom a tag can
        # show (a script in a comment, a failed save, a form without confirmation, a stale count, ...).
        a = {k: (v or "") for k, v in attrs}
        classes = a.get("class", "").split()
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if self.comment_depth:
            self.comment_depth += 1
            if tag == "script":
                self.errors.append("XSS")
        elif "comment" in classes:
            self.comment_depth = 1
        if "error-message" in classes:
            self.in_message = 1
        elif self.in_message:
            self.in_message += 1
        if tag == "output" and "save-status" in classes and a.get("data-status", "").startswith(("4", "5")):
            self.errors.append(f"HTTP {a['data-status']}")
        if tag == "form" and "delete-account" in classes and "data-confirm" not in a:
            self.errors.append("missing confirmation")
        if "favorites-count" in classes:
            if "data-before" in a and a.get("data-before") == a.get("data-after"):
                self.errors.append("stale state")
            self.in_count = True
        if tag == "li" and "article" in classes:
            ident = a.get("data-id", "")
            if ident in self.article_ids:
                self.errors.append("duplicate item")
            self.article_ids.add(ident)
        if a.get("data-error"):
            self.errors.append(a["data-error"])

    def handle_endtag(self, tag: str) -> None:
        if self.comment_depth:
            self.comment_depth -= 1
        if self.in_message:
            self.in_message -= 1
        if self.in_count:
            self.in_count = False
            if "".join(self.count_text).strip().startswith("-"):
                self.errors.append("wrong value")

    def handle_data(self, data: str) -> None:
        if self.in_message:
            self.message.append(data)
        if self.in_count:
            self.count_text.append(data)


def _parsed(html: str | None) -> _PageParser:
    parser = _PageParser()
    if html:
        parser.feed(html)
    parser.close()
    return parser


def _errors(status: int | None, parser: _PageParser) -> list[str]:
    """The symptoms of a response, each once, in order: an error status (4xx, 5xx) first."""
    errors = [f"HTTP {status}"] if status is not None and status >= 400 else []
    for error in parser.errors:
        if error not in errors:
            errors.append(error)
    return errors


def read_page(status: int, html: str) -> ReadPage:
    """What an agent reads from a response: its links and the symptom it shows (the first one)."""
    parser = _parsed(html)
    errors = _errors(status, parser)
    error = errors[0] if errors else None
    message = " ".join("".join(parser.message).split())
    return ReadPage(tuple(parser.links), error, message or (error or ""))


def detect_reports(route: str, status: int | None, html: str | None) -> tuple[Report, ...]:
    """The bug reports one response shows, as a tester files them: the one symptom detector that
    the server (its visitors' traces), the HAR importer and the crawler share.

    ``route`` is the page's path (and query) on its site, ``status`` the HTTP status (None: not
    known), ``html`` the body (None or "": not recorded, then only the status can tell). Any 4xx or
    5xx status is a report (``HTTP <status>``), then each symptom of the page (the table above),
    each once; every report carries the page's ``.error-message`` line, or its error's name when
    the page has none. A healthy page gives ``()``.
    """
    parser = _parsed(html)
    message = " ".join("".join(parser.message).split())
    return tuple(Report(route, error, message or error) for error in _errors(status, parser))
