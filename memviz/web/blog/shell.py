"""A whole blog page: the nav bar, the page's blocks in the site's link order, the "Report a bug"
dialog, the teacher's answer line (``--answers``), the inlined style and script.

Blocks are written in document order so that links come in the site's order (a content block,
which has no link, is written where it stands on screen if it can be); CSS ``order`` puts each
block where the page's layout says (:data:`memviz.web.blog.kinds.LAYOUTS`).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from html import escape

from memviz.core.resources import resource_path
from memviz.core.site import Site
from memviz.core.webpage import status_of
from memviz.web.blog import regions
from memviz.web.blog.content import BlogContent
from memviz.web.blog.kinds import LAST, kind_of, link_blocks, place
from memviz.web.blog.links import FULL_WIDTH, LOOKS
from memviz.web.blog.parts import error_line, generic_marker
from memviz.web.blog.session import Session
from memviz.web.blog.view import View
from memviz.wording import blog as blog_words


@cache
def _asset(name: str) -> str:
    return resource_path("web", name).read_text(encoding="utf-8")


def render_blog_page(
    site: Site,
    page: int | None,
    lang: str,
    n: int,
    content: BlogContent,
    session: Session | None = None,
    answers: bool = False,
) -> tuple[int, str]:
    """(HTTP status, HTML) of ``page`` as the blog shows it to ``session``'s visitor (None: the 404
    page). Its ``<a href>`` are ``site.clickable[page]``, in order, and no others."""
    v = View(site, page, lang, n, content, session or Session(), answers)
    status = 404 if page is None else status_of(site, page)
    kind = "other" if page is None else v.kind.name
    error_page = v.server_error and kind != "editor"
    own = {} if error_page else regions.REGIONS[kind](v)
    placed = [(place(kind, name), html, False) for name, html in own.items() if html]
    if error_page:
        placed.insert(0, (0, regions.server_error(v), False))
    links = [] if page is None else link_blocks(site, page)
    link_parts = [(place(kind, look), LOOKS[look](v, targets), look in FULL_WIDTH) for look, targets in links]
    if v.symptom is not None and not v.used:
        placed.append((LAST, generic_marker(v), False))
    blocks = _in_document_order(placed, link_parts)
    body = "".join(_block(order, html, full) for order, html, full in blocks)
    if v.symptom is not None and 'class="error-message"' not in body:
        body += error_line(v)
    path = "" if page is None else site.url_path(page)
    title = v.say(blog_words.NOT_FOUND) if page is None else v.name_of(page)
    html = "".join(
        (
            f'<!doctype html><html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f'<title>{title} — conduit</title><link rel="stylesheet" href="{_asset_path(".css")}"></head>',
            f'<body data-page="{escape(path)}">',
            _nav(v),
            _answer(v) if answers else "",
            f'<main class="page kind-{kind}">{body}</main>',
            f'<footer><div class="container"><span class="brand">conduit</span>{v.say(blog_words.FOOTER)}</div></footer>',
            _report_words(v, path),
            f'<script src="{_asset_path(".js")}"></script></body></html>',
        )
    )
    return status, html


def _in_document_order(placed, link_parts):
    """Link blocks in the site's order; each content block before the first link block that stands
    after it on screen (so reading order follows the screen where the links allow)."""
    waiting = sorted(placed, key=lambda block: block[0])
    out = []
    for part in link_parts:
        while waiting and waiting[0][0] <= part[0]:
            out.append(waiting.pop(0))
        out.append(part)
    return out + waiting


_EDGE_TO_EDGE = ('<div class="banner"', '<div class="article-banner', '<div class="user-info"')


def _block(order: int, html: str, full: bool) -> str:
    inner = html if full or html.startswith(_EDGE_TO_EDGE) else (
        f'<div class="container">{html}</div>'
    )  # fmt: skip
    return f'<section style="order:{order}">{inner}</section>'


_NAV_ICONS = {"editor": "✎ ", "settings": "⚙ "}


def _nav(v: View) -> str:
    items = []
    for q in v.site.nav:
        target = kind_of(v.site.url_path(q))
        label = v.site.page_name(q, v.lang)
        if target.name == "profile" and target.user == "jake" and v.session.name:
            label = v.session.name
        label = _NAV_ICONS.get(target.name, "") + label
        if q == v.page:
            items.append(f'<span class="nav-link active">{escape(label)}</span>')
        else:
            items.append(f'<a class="nav-link" href="{v.href(q)}">{escape(label)}</a>')
    signed = v.say(blog_words.SIGNED_IN_AS, name=v.session.name) if v.session.name else ""
    return (
        '<nav class="navbar"><div class="container"><span class="navbar-brand">conduit</span>'
        f'{"".join(items)}<span class="signed-in">{signed}</span>'
        f'<button type="button" class="report-bug">{v.say(blog_words.REPORT_A_BUG)}</button></div></nav>'
    )


def _answer(v: View) -> str:
    if v.page is None or v.page not in v.site.bug_by_page:
        return f'<p class="answer-key">{v.say(blog_words.ANSWER_NONE)}</p>'
    error = v.symptom.error if v.symptom else ""
    return f'<p class="answer-key">{v.say(blog_words.ANSWER, bug=v.site.bug_name(v.page, v.lang), error=error)}</p>'


def _report_words(v: View, path: str) -> str:
    """What the page's script needs to build the "Report a bug" dialog when it is first opened (the
    dialog is not in the page's markup: every page is read by the crawler, so it stays small)."""
    where = (
        f"{v.site.page_name(v.page, v.lang)} ({path})" if v.page is not None else v.say(blog_words.NOT_FOUND)
    )
    said = {
        "title": blog_words.REPORT_A_BUG.pick(v.lang),
        "page": blog_words.REPORT_PAGE.pick(v.lang),
        "type": blog_words.REPORT_TYPE.pick(v.lang),
        "words": blog_words.REPORT_WORDS.pick(v.lang),
        "choose": blog_words.REPORT_CHOOSE.pick(v.lang),
        "send": blog_words.REPORT_SEND.pick(v.lang),
        "cancel": blog_words.REPORT_CANCEL.pick(v.lang),
        "where": where,
        "types": [[key, words.pick(v.lang)] for key, words in blog_words.REPORT_TYPES],
    }
    text = json.dumps(said, ensure_ascii=False).replace("</", "<\\/")  # never ends the script early
    return f'<script type="application/json" id="report-words">{text}</script>'


def asset_paths() -> dict[str, tuple[str, str]]:
    """The blog's style and script, at paths named by their content (a browser may keep them for
    good): path -> (text, media type)."""
    return _assets()


@cache
def _assets() -> dict[str, tuple[str, str]]:
    found = {}
    for name, media in (("conduit.css", "text/css"), ("blog.js", "text/javascript")):
        text = _asset(name)
        stem, suffix = name.rsplit(".", 1)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
        found[f"/assets/{stem}.{digest}.{suffix}"] = (text, media)
    return found


def _asset_path(suffix: str) -> str:
    return next(path for path in _assets() if path.endswith(suffix))
