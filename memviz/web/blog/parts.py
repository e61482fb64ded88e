"""The blog's parts that several pages show: an article preview, the favourite button, a tag list.

Only a link of the page's own (``href`` given) is an ``<a href>``; everything else a page shows
(an author's name, a tag on a preview, an article the page does not link to) is text, so the
crawler's view of the page is the site's links and nothing more.
"""

from __future__ import annotations

from html import escape

from memviz.web.blog.content import Article, date_text
from memviz.web.blog.view import View, avatar
from memviz.wording import blog as blog_words


def favorite_button(v: View, article: Article, big: bool = False) -> str:
    """♥ and the count. ``data-after`` is the count the server answers to a click: one more (one
    less when it is already on), or, where the page's bug is a stale count, the same."""
    count, on = v.favorites(article)
    after = count - 1 if on else count + 1
    if v.error("stale state"):
        after = count
        v.used = True
    shown = str(count)
    if v.error("wrong value"):
        shown = f"-{max(count, 1)}"  # the count the page shows after an unfavourite gone wrong
        v.used = True
    label = f"{v.say(blog_words.FAVORITE)} " if big else ""
    active = " active" if on else ""
    return (
        f'<button type="button" class="btn btn-fav{active}" data-slug="{escape(article.slug)}">'
        f'♥ {label}<span class="favorites-count" data-before="{count}" data-after="{after}">{shown}</span>'
        "</button>"
    )


def tag_list(tags: tuple[str, ...] | list[str]) -> str:
    pills = "".join(f'<li class="tag-pill outline">{escape(tag)}</li>' for tag in tags)
    return f'<ul class="tag-list">{pills}</ul>'


def preview(v: View, article: Article, href: str | None, extra_tag: str = "") -> str:
    """An article preview (Conduit's ``.article-preview``) as ``li.article``; its title links only
    when the page links to the article."""
    title = escape(article.title(v.lang))
    heading = f'<h2><a href="{href}">{title}</a></h2>' if href else f'<h2 class="unlinked">{title}</h2>'
    tags = list(article.tags)
    if extra_tag and extra_tag not in tags:
        tags.insert(0, extra_tag)
    return (
        f'<li class="article article-preview" data-id="{escape(article.slug)}">'
        f'<div class="preview-head">{avatar(article.author)}<p class="info">{escape(article.author)}'
        f"<small>{date_text(article.date, v.lang)}</small></p>{favorite_button(v, article)}</div>"
        f"{heading}<p>{escape(article.about(v.lang))}</p>{tag_list(tags)}</li>"
    )


def article_list(items: list[str]) -> str:
    return f'<ul class="article-list">{"".join(items)}</ul>'


def fillers(v: View, key: str, extra_tag: str = "") -> str:
    """The articles a list page shows besides its links; where the page's bug repeats an article,
    the last of them comes again (an offset counted twice)."""
    articles = v.content.fillers_for(key)
    if v.error("duplicate item"):
        articles = [*articles, articles[-1]]
        v.used = True
    return article_list([preview(v, a, None, extra_tag) for a in articles])


def error_line(v: View) -> str:
    """The bug's error, where a browser shows it: a failed save or a server error on the page, any
    other in the console (the page's script logs every ``template.error-message``: a template is
    never drawn, and a reader of the page's text, a model's, skips it)."""
    if v.symptom is None:
        return ""
    return f'<template class="error-message">{escape(v.message)}</template>'


def generic_marker(v: View) -> str:
    """The bug of a page none of whose parts could show it: the marker the detector reads."""
    error = v.symptom.error if v.symptom else ""
    if error == "XSS":
        return (
            '<div class="card comment"><div class="card-block"><p id="xss-marker"></p><script>'
            "document.getElementById('xss-marker').textContent='\\u{1F44B}'</script></div></div>"
        )
    if error == "missing confirmation":
        return '<form method="post" class="delete-account" data-api="/api/user/delete"><button class="btn danger">✕</button></form>'
    if error == "stale state":
        return '<span class="favorites-count" data-before="3" data-after="3">3</span>'
    if error == "duplicate item":
        return '<ul class="article-list"><li class="article" data-id="x">·</li><li class="article" data-id="x">·</li></ul>'
    if error == "wrong value":
        return '<span class="favorites-count">-1</span>'
    if error.startswith("HTTP 4"):
        code = escape(error.split()[1])
        return f'<output class="save-status" data-status="{code}">{code}</output>'
    if error and not error.startswith("HTTP 5"):
        return f'<p class="marker" data-error="{escape(error)}">{escape(error)}</p>'
    return ""
