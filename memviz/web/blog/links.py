"""How a page's own links look (:func:`memviz.web.blog.kinds.look_of`): each function draws one
block of consecutive links, every one of them an ``<a href>`` in the order given and no other."""

from __future__ import annotations

from html import escape

from memviz.web.blog.content import date_text
from memviz.web.blog.kinds import kind_of
from memviz.web.blog.parts import article_list, favorite_button, preview
from memviz.web.blog.view import View, avatar
from memviz.wording import blog as blog_words


def _plain(v: View, targets: list[int]) -> str:
    items = "".join(f'<li><a href="{v.href(q)}">{v.name_of(q)}</a></li>' for q in targets)
    return f'<ul class="link-list">{items}</ul>'


def _preview(v: View, targets: list[int]) -> str:
    tag = v.kind.tag if v.kind.name == "tag" else ""
    items = [preview(v, v.article_of(q), v.href(q), tag) for q in targets]
    title = (
        f'<p class="section-title">{v.say(blog_words.YOUR_RECENT_ARTICLES)}</p>'
        if v.kind.name == "editor"
        else ""
    )
    return title + article_list(items)


def _back(v: View, targets: list[int]) -> str:
    return "".join(
        f'<p class="back-link"><a href="{v.href(q)}">{v.say(blog_words.BACK_TO, title=v.article_of(q).title(v.lang))}</a></p>'
        for q in targets
    )


def _back_profile(v: View, targets: list[int]) -> str:
    return "".join(
        f'<p class="back-link"><a href="{v.href(q)}">{v.say(blog_words.BACK_TO, title=_user(v, q))}</a></p>'
        for q in targets
    )


def _user(v: View, page: int) -> str:
    return kind_of(v.site.url_path(page)).user or v.site.page_name(page, v.lang)


def _tags(v: View, targets: list[int]) -> str:
    pills = "".join(
        f'<a class="tag-pill" href="{v.href(q)}">{escape(kind_of(v.site.url_path(q)).tag or v.site.page_name(q, v.lang))}</a>'
        for q in targets
    )
    return f'<div class="sidebar"><p>{v.say(blog_words.POPULAR_TAGS)}</p><div class="tag-list">{pills}</div></div>'


def _pager(v: View, targets: list[int]) -> str:
    numbers = [kind_of(v.site.url_path(q)).number for q in targets]
    current = v.kind.number
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers) or current in numbers:
        items = "".join(
            f'<li><a href="{v.href(q)}">{n}</a></li>' for q, n in zip(targets, numbers, strict=True)
        )
        return f'<ul class="pagination">{items}</ul>'
    by_number = dict(zip(numbers, targets, strict=True))
    items = []
    for k in range(1, max([current, *numbers]) + 1):
        if k == current:
            items.append(f'<li class="active"><span>{k}</span></li>')
        elif k in by_number:
            items.append(
                f'<li><a href="{v.href(by_number[k])}" aria-label="{v.say(blog_words.PAGE_N, n=k)}">{k}</a></li>'
            )
        else:
            items.append(f'<li class="disabled"><span>{k}</span></li>')
    return f'<ul class="pagination">{"".join(items)}</ul>'


def _auth(v: View, targets: list[int]) -> str:
    def label(q: int) -> str:
        name = kind_of(v.site.url_path(q)).name
        return v.say(blog_words.SIGN_IN if name == "login" else blog_words.SIGN_UP)  # auth: the two

    links = " ".join(f'<a href="{v.href(q)}">{label(q)}</a>' for q in targets)
    if v.kind.name == "login":
        return f'<p class="auth-link">{v.say(blog_words.NEED_AN_ACCOUNT)} {links}</p>'
    if v.kind.name == "register":
        return f'<p class="auth-link">{v.say(blog_words.HAVE_AN_ACCOUNT)} {links}</p>'
    return f'<p class="auth-cta">{v.say(blog_words.SIGN_IN_PROMPT)} {links}</p>'


def _settings_link(v: View, targets: list[int]) -> str:
    parts = []
    for q in targets:
        name = kind_of(v.site.url_path(q)).name
        if name == "delete":
            parts.append(
                f'<p class="settings-links">{v.say(blog_words.DANGER_ZONE)}: '
                f'<a class="btn danger" href="{v.href(q)}">{v.say(blog_words.DELETE_ACCOUNT)}</a></p>'
            )
        elif name == "password":
            parts.append(
                f'<p class="settings-links"><a href="{v.href(q)}">{v.say(blog_words.CHANGE_PASSWORD)}</a></p>'
            )
        else:
            parts.append(
                f'<p class="back-link"><a href="{v.href(q)}">{v.say(blog_words.BACK_TO, title=v.site.page_name(q, v.lang))}</a></p>'
            )
    return "".join(parts)


def _search_box(v: View, targets: list[int]) -> str:
    return "".join(
        f'<a class="search-box" href="{v.href(q)}">⌕ {v.say(blog_words.SEARCH_ARTICLES)}</a>' for q in targets
    )


def _author(v: View, targets: list[int]) -> str:
    """On an article: its meta line (the author's link, the date, follow and favourite); elsewhere
    a byline."""
    if v.kind.name != "article":
        return "".join(
            f'<p class="back-link"><a href="{v.href(q)}">{escape(_user(v, q))}</a></p>' for q in targets
        )
    article = v.content.article(v.kind.slug)
    parts = []
    for q in targets:
        user = _user(v, q)
        following = user in v.session.following
        follow = v.say(blog_words.UNFOLLOW if following else blog_words.FOLLOW, user=user)
        parts.append(
            f'<div class="article-meta">{avatar(user)}<div class="info">'
            f'<a class="author" href="{v.href(q)}">{escape(user)}</a>'
            f'<span class="date">{date_text(article.date, v.lang)}</span></div>'
            f'<form method="post" data-api="/api/profiles/{escape(user)}/follow"><button class="btn grey on-dark">{follow}</button></form>'
            f"{favorite_button(v, article, big=True)}</div>"
        )
    return f'<div class="article-meta-row"><div class="container">{"".join(parts)}</div></div>'


def _tabs(v: View, targets: list[int]) -> str:
    def label(q: int) -> str:
        name = kind_of(v.site.url_path(q)).name
        return v.say(blog_words.MY_ARTICLES if name == "profile_articles" else blog_words.FAVORITED_ARTICLES)

    tabs = "".join(f'<a href="{v.href(q)}">{label(q)}</a>' for q in targets)
    return f'<div class="articles-toggle">{tabs}</div>'


def _followers_link(v: View, targets: list[int]) -> str:
    n = len(v.content.followers_of(v.kind.user or "x"))
    links = " ".join(
        f'<a class="btn grey" href="{v.href(q)}">{v.say(blog_words.FOLLOWERS_N, n=n)}</a>' for q in targets
    )
    return f'<p class="user-actions" style="text-align:center">{links}</p>'


def _comments_link(v: View, targets: list[int]) -> str:
    def count(q: int) -> int:
        slug = kind_of(v.site.url_path(q)).slug
        return len(v.content.comments_for(slug)) + 1 + len(v.session.comments.get(slug, ()))

    links = " ".join(
        f'<a class="btn" href="{v.href(q)}">{v.say(blog_words.COMMENTS_N, n=count(q))}</a>' for q in targets
    )
    return f'<div class="article-actions">{links}</div>'


def _share_link(v: View, targets: list[int]) -> str:
    links = " ".join(
        f'<a class="btn grey" href="{v.href(q)}">⤴ {v.say(blog_words.SHARE)}</a>' for q in targets
    )
    return f'<div class="article-actions">{links}</div>'


def _edit_link(v: View, targets: list[int]) -> str:
    links = " ".join(
        f'<a class="btn grey" href="{v.href(q)}">✎ {v.say(blog_words.EDIT_ARTICLE)}</a>' for q in targets
    )
    return f'<div class="article-actions">{links}</div>'


LOOKS = {
    "preview": _preview,
    "back": _back,
    "back-profile": _back_profile,
    "tags": _tags,
    "pager": _pager,
    "auth": _auth,
    "settings-link": _settings_link,
    "search-box": _search_box,
    "author": _author,
    "tabs": _tabs,
    "followers-link": _followers_link,
    "comments-link": _comments_link,
    "share-link": _share_link,
    "edit-link": _edit_link,
    "links": _plain,
}
FULL_WIDTH = ("author",)  # blocks drawn edge to edge (the article's dark meta row)
