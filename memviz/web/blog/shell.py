"""A whole blog page: the nav bar, the page's blocks in the site's link order, the "Report a bug"
dialog, the teacher's answer line (``--answers``), the inlined style and script.

Blocks are written in document order so that links come in the site's order (a content block,
which has no link, is written where it stands on screen if it can be); CSS ``order`` puts each
block where the page's layout says (:data:`memviz.web.blog.kinds.LAYOUTS`).
"""

from __future__ import annotations

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
from memviz.wording import blog as words


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
    title = v.say(words.NOT_FOUND) if page is None else v.name_of(page)
    html = "".join(
        (
            f'<!doctype html><html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{title} — conduit</title><style>{_asset('conduit.css')}</style></head>",
            f'<body data-page="{escape(path)}">',
            _nav(v),
            _answer(v) if answers else "",
            f'<main class="page kind-{kind}">{body}</main>',
            f'<footer><div class="container"><span class="brand">conduit</span>{v.say(words.FOOTER)}</div></footer>',
            _report_dialog(v, path),
            f"<script>{_asset('blog.js')}</script></body></html>",
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


def _block(order: int, html: str, full: bool) -> str:
    inner = html if full or html.startswith(('<div class="banner"', '<div class="article-banner')) else (
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
    signed = v.say(words.SIGNED_IN_AS, name=v.session.name) if v.session.name else ""
    return (
        '<nav class="navbar"><div class="container"><span class="navbar-brand">conduit</span>'
        f'{"".join(items)}<span class="signed-in">{signed}</span>'
        f'<button type="button" class="report-bug">{v.say(words.REPORT_A_BUG)}</button></div></nav>'
    )


def _answer(v: View) -> str:
    if v.page is None or v.page not in v.site.bug_by_page:
        return f'<p class="answer-key">{v.say(words.ANSWER_NONE)}</p>'
    error = v.symptom.error if v.symptom else ""
    return (
        f'<p class="answer-key">{v.say(words.ANSWER, bug=v.site.bug_name(v.page, v.lang), error=error)}</p>'
    )


def _report_dialog(v: View, path: str) -> str:
    where = f"{v.site.page_name(v.page, v.lang)} ({path})" if v.page is not None else v.say(words.NOT_FOUND)
    options = "".join(
        f'<option value="{escape(key)}">{v.say(said)}</option>' for key, said in words.REPORT_TYPES
    )
    return (
        '<dialog id="report-dialog"><form class="report-form" data-api="/api/reports">'
        f"<h3>{v.say(words.REPORT_A_BUG)}</h3>"
        f'<label>{v.say(words.REPORT_PAGE)}<input class="form-control" name="where" value="{escape(where)}" readonly></label>'
        f'<label>{v.say(words.REPORT_TYPE)}<select class="form-control" name="type">{options}</select></label>'
        f'<label>{v.say(words.REPORT_WORDS)}<textarea class="form-control" name="words" rows="4" maxlength="1000"></textarea></label>'
        '<ul class="error-messages"></ul><p class="form-result" role="status"></p>'
        f'<div class="row"><button type="button" class="btn grey cancel">{v.say(words.REPORT_CANCEL)}</button>'
        f'<button class="btn solid">{v.say(words.REPORT_SEND)}</button></div></form></dialog>'
    )
