"""Each kind of page's own content (no links: those are :mod:`memviz.web.blog.links`): the banner,
the forms, the article's body, the comments, a profile's header, as regions named in
:data:`memviz.web.blog.kinds.LAYOUTS`. Forms post to ``/api/...`` from the page's script."""

from __future__ import annotations

import json
from html import escape

from memviz.web.blog.content import Article, Text, date_text
from memviz.web.blog.parts import article_list, error_line, fillers, preview, tag_list
from memviz.web.blog.session import Published
from memviz.web.blog.view import View, avatar
from memviz.wording import blog as blog_words


# Every form is method="post": if the page's script never ran, a form sent as it is posts to the
# page (answered 405, or the save's 422) and never puts what was typed (a password) into a URL.
def _field(name: str, placeholder: str, value: str = "", kind: str = "text") -> str:
    return (
        f'<input class="form-control" type="{kind}" name="{name}" placeholder="{placeholder}" '
        f'aria-label="{placeholder}" value="{escape(value)}">'
    )


def _area(name: str, placeholder: str, value: str = "", rows: int = 8) -> str:
    return (
        f'<textarea class="form-control" name="{name}" rows="{rows}" placeholder="{placeholder}" '
        f'aria-label="{placeholder}">{escape(value)}</textarea>'
    )


def _result() -> str:
    return '<ul class="error-messages"></ul><p class="form-result" role="status"></p>'


def home(v: View) -> dict[str, str]:
    return {
        "banner": f'<div class="banner"><h1>conduit</h1><p>{v.say(blog_words.BRAND_TAGLINE)}</p></div>',
        "feed-toggle": f'<div class="feed-toggle"><span class="active">{v.say(blog_words.GLOBAL_FEED)}</span></div>',
        "fillers": fillers(v, "home"),
    }


def feed(v: View) -> dict[str, str]:
    label = f"#{escape(v.kind.tag)}" if v.kind.name == "tag" else v.say(blog_words.GLOBAL_FEED)
    page = f" · {v.say(blog_words.PAGE_N, n=v.kind.number)}" if v.kind.name == "feed" else ""
    key = v.site.url_path(v.page) if v.page is not None else "feed"
    return {
        "feed-toggle": f'<div class="feed-toggle"><span class="active">{label}{page}</span></div>',
        "fillers": fillers(v, key, v.kind.tag),
    }


def _auth_form(v: View, register: bool) -> dict[str, str]:
    title = v.say(blog_words.SIGN_UP if register else blog_words.SIGN_IN)
    email = _field("email", v.say(blog_words.EMAIL), kind="email") if register else ""
    signed = v.say(blog_words.SIGNED_IN_AS, name=v.session.name) if v.session.name else ""
    return {
        "heading": f'<div class="auth-page"><h1>{title}</h1></div>',
        "form": (
            '<form method="post" class="stack" data-api="/api/users/login">'
            f"{_field('name', v.say(blog_words.NAME_ANY), v.session.name or '')}{email}"
            f"{_field('password', v.say(blog_words.PASSWORD), kind='password')}"
            f'<button class="btn solid big">{title}</button>'
            f'<ul class="error-messages"></ul><p class="form-result" role="status">{signed}</p></form>'
        ),
    }


def login(v: View) -> dict[str, str]:
    return _auth_form(v, register=False)


def register(v: View) -> dict[str, str]:
    return _auth_form(v, register=True)


def settings(v: View) -> dict[str, str]:
    name = v.session.name or ""
    return {
        "heading": f'<div class="settings-page"><h1>{v.say(blog_words.YOUR_SETTINGS)}</h1></div>',
        "form": (
            '<form method="post" class="stack" data-api="/api/user">'
            f"{_field('image', v.say(blog_words.PICTURE_URL))}{_field('name', v.say(blog_words.NAME_ANY), name)}"
            f"{_area('bio', v.say(blog_words.SHORT_BIO), v.session.bio, rows=5)}{_field('email', v.say(blog_words.EMAIL), kind='email')}"
            f'<button class="btn solid big">{v.say(blog_words.UPDATE_SETTINGS)}</button>{_result()}</form>'
        ),
        "logout": (
            '<form method="post" class="logout-row" data-api="/api/user/logout">'
            f'<button class="btn danger">{v.say(blog_words.LOG_OUT)}</button><p class="form-result" role="status"></p></form>'
        ),
    }


def password(v: View) -> dict[str, str]:
    return {
        "heading": f'<div class="settings-page"><h1>{v.say(blog_words.CHANGE_PASSWORD)}</h1></div>',
        "form": (
            '<form method="post" class="stack" data-api="/api/user/password">'
            f"{_field('current', v.say(blog_words.CURRENT_PASSWORD), kind='password')}"
            f"{_field('new', v.say(blog_words.NEW_PASSWORD), kind='password')}"
            f'<button class="btn solid big">{v.say(blog_words.UPDATE_PASSWORD)}</button>{_result()}</form>'
        ),
    }


def delete(v: View) -> dict[str, str]:
    """Delete account: where the page's bug is a missing confirmation, the form deletes at once;
    otherwise the browser asks first (``data-confirm``)."""
    confirm = ""
    if v.error("missing confirmation"):
        v.used = True
    else:
        confirm = f' data-confirm="{v.say(blog_words.DELETE_CONFIRM)}"'
    return {
        "heading": f'<div class="settings-page"><h1>{v.say(blog_words.DELETE_ACCOUNT)}</h1></div>',
        "form": (
            f'<form method="post" class="stack delete-account" data-api="/api/user/delete"{confirm}>'
            f"<p>{v.say(blog_words.DELETE_WARNING)}</p>"
            f'<button class="btn danger big">{v.say(blog_words.DELETE_ACCOUNT)}</button>{_result()}</form>'
        ),
    }


def editor(v: View) -> dict[str, str]:
    """New article. Where the page's bug is a server error, the editor comes back with it: the
    draft's body emptied and the error in the form's error list."""
    errors = ""
    if v.server_error:
        errors = f'<li class="error-message">{escape(v.message)}</li>'
        v.used = True
    return {"form": _editor_form(v, "/api/articles", blog_words.PUBLISH, "", "", "", "", errors)}


def edit(v: View) -> dict[str, str]:
    """Edit an article. Its last save's status is shown; where the page's bug drops the tags, that
    save failed (4xx) and the tags typed are not kept."""
    article = v.content.article(v.kind.slug)
    body = "\n\n".join(s(v.lang) for s in article.body)
    tags = ", ".join(article.tags)
    status = "200 OK"
    if v.symptom is not None and v.symptom.error.startswith("HTTP 4"):
        code = v.symptom.error.split()[1]  # the error itself goes to the console (the page's script)
        status = f"{code} Unprocessable Entity" if code == "422" else code
        v.used = True
    code = status.split()[0]
    save = f'<output class="save-status" data-status="{escape(code)}">{v.say(blog_words.LAST_SAVE, status=status)}</output>'
    form = _editor_form(
        v, f"/api/articles/{escape(v.kind.slug)}", blog_words.UPDATE_ARTICLE, article.title(v.lang),
        article.about(v.lang), body, tags, "", save,
    )  # fmt: skip
    return {"form": form}


def _editor_form(v, api, button, title, about, body, tags, errors, status="") -> str:
    return (
        f'<form method="post" class="stack wide" data-api="{api}" style="margin-top:1.5rem">'
        f'<ul class="error-messages">{errors}</ul>'
        f"{_field('title', v.say(blog_words.ARTICLE_TITLE), title)}{_field('about', v.say(blog_words.ABOUT_ARTICLE), about)}"
        f"{_area('body', v.say(blog_words.WRITE_ARTICLE), body)}{_field('tags', v.say(blog_words.ENTER_TAGS), tags)}"
        f'<button class="btn solid big">{v.say(button)}</button>{status}<p class="form-result" role="status"></p></form>'
    )


def _user_info(v: View) -> str:
    user = v.kind.user
    me = user == "jake"
    shown = (v.session.name or user) if me else user
    bio = v.session.bio if me and v.session.bio else v.content.bio_of(user)(v.lang)
    follow = ""
    if not me:
        on = user in v.session.following
        label = v.say(blog_words.UNFOLLOW if on else blog_words.FOLLOW, user=user)
        follow = f'<form method="post" data-api="/api/profiles/{escape(user)}/follow"><button class="btn grey">{label}</button></form>'
    return (
        f'<div class="user-info"><div class="container">{avatar(shown, big=True)}<h4>{escape(shown)}</h4>'
        f"<p>{escape(bio)}</p>{follow}</div></div>"
    )


def _published(v: View) -> list[str]:
    items = []
    for k, item in enumerate(v.session.published):
        article = _as_article(v, k, item)
        items.append(preview(v, article, None))
    return items


def _as_article(v: View, k: int, item: Published) -> Article:
    title = Text(item.title, item.title)
    about = Text(item.about, item.about)
    return Article(f"mine-{k + 1}", title, about, (), item.tags, v.session.name or v.kind.user, item.day, 0)


def profile(v: View) -> dict[str, str]:
    regions = {"user-info": _user_info(v)}
    if v.kind.user == "jake":
        regions["hint"] = f'<p class="hint">{v.say(blog_words.PICK_A_TAB)}</p>'
    return regions


def profile_articles(v: View) -> dict[str, str]:
    tab = f'<div class="articles-toggle"><span class="active">{v.say(blog_words.MY_ARTICLES)}</span></div>'
    return {"user-info": _user_info(v), "tab-row": tab, "fillers": article_list(_published(v))}


def profile_favorites(v: View) -> dict[str, str]:
    tab = f'<div class="articles-toggle"><span class="active">{v.say(blog_words.FAVORITED_ARTICLES)}</span></div>'
    linked = {v.article_of(q).slug for q in v.site.clickable[v.page]} if v.page is not None else set()
    mine = [
        preview(v, v.content.article(slug), None)
        for slug, on in v.session.favorited.items()
        if on and slug not in linked
    ]
    return {"user-info": _user_info(v), "tab-row": tab, "fillers": article_list(mine)}


def followers(v: View) -> dict[str, str]:
    names = v.content.followers_of(v.kind.user)
    items = "".join(f"<li>{avatar(name)}<span>{escape(name)}</span></li>" for name in names)
    title = f'<p class="section-title">{v.say(blog_words.FOLLOWERS_OF, user=v.kind.user)}</p>'
    return {"user-info": _user_info(v), "followers": f'{title}<ul class="followers">{items}</ul>'}


def _article_banner(v: View, small: bool = False) -> str:
    article = v.content.article(v.kind.slug)
    size = " small" if small else ""
    return f'<div class="article-banner{size}"><div class="container"><h1>{escape(article.title(v.lang))}</h1></div></div>'


def article(v: View) -> dict[str, str]:
    item = v.content.article(v.kind.slug)
    paragraphs = "".join(f"<p>{escape(s(v.lang))}</p>" for s in item.body)
    return {
        "article-banner": _article_banner(v),
        "body": f'<div class="article-content">{paragraphs}</div>{tag_list(item.tags)}',
    }


def comments(v: View) -> dict[str, str]:
    """The comments; where the page's bug is XSS, comments are written into the page unescaped, so
    the script in one of them runs (it writes a line into its own card) and so does a visitor's."""
    slug = v.kind.slug
    xss = v.error("XSS")
    cards = [
        _comment(v, c.author, escape(c.text(v.lang)), date_text(c.date, v.lang))
        for c in v.content.comments_for(slug)
    ]
    if xss:
        v.used = True
        hello = json.dumps(blog_words.XSS_HELLO.pick(v.lang))
        script = (
            f'{escape(v.content.comment_texts[-1](v.lang))}<span id="xss-marker"></span>'
            f"<script>document.getElementById('xss-marker').textContent={hello}</script>"
        )
        cards.insert(1, _comment(v, "mallory", script, date_text(v.content.article(slug).date, v.lang)))
    for author, text in v.session.comments.get(slug, ()):
        cards.append(_comment(v, author, text if xss else escape(text), ""))
    who = v.say(blog_words.COMMENTING_AS, name=v.session.who(blog_words.GUEST.pick(v.lang)))
    form = (
        f'<form method="post" class="card comment-form" data-api="/api/articles/{escape(slug)}/comments" data-into="#comments">'
        f'<div class="card-block"><textarea name="body" placeholder="{v.say(blog_words.WRITE_A_COMMENT)}" '
        f'aria-label="{v.say(blog_words.WRITE_A_COMMENT)}"></textarea></div>'
        f'<div class="card-footer">{avatar(v.session.who("?"))}<span>{who}</span>'
        f'<button class="btn solid" style="margin-left:auto">{v.say(blog_words.POST_COMMENT)}</button></div></form>'
    )
    return {
        "article-banner": _article_banner(v, small=True),
        "comment-form": form,
        "comments": f'<div id="comments">{"".join(cards)}</div>',
    }


def _comment(v: View, author: str, html: str, day: str) -> str:
    return (
        f'<div class="card comment"><div class="card-block"><p>{html}</p></div>'
        f'<div class="card-footer">{avatar(author)}<span class="comment-author">{escape(author)}</span>'
        f'<span class="date">{day}</span></div></div>'
    )


def share(v: View) -> dict[str, str]:
    url = escape(f"https://conduit.example/article/{v.kind.slug}")
    return {
        "article-banner": _article_banner(v, small=True),
        "share": (
            f'<p class="section-title">{v.say(blog_words.SHARE_THIS)}</p><div class="share-box">'
            f'<input id="share-url" class="form-control" readonly value="{url}" aria-label="URL">'
            f'<button type="button" id="copy-link" class="btn" data-done="{v.say(blog_words.COPIED)}">{v.say(blog_words.COPY_LINK)}</button></div>'
        ),
    }


def search(v: View) -> dict[str, str]:
    return {
        "search-form": (
            '<form method="post" class="share-box" role="search" style="max-width:none">'
            f'<input id="search-q" class="form-control" name="q" placeholder="{v.say(blog_words.SEARCH_ARTICLES)}" '
            f'aria-label="{v.say(blog_words.SEARCH)}"><button class="btn solid">{v.say(blog_words.SEARCH)}</button></form>'
        ),
        "fillers": fillers(v, v.site.url_path(v.page) if v.page is not None else "search")
        + f'<p id="no-results" class="hint" hidden>{v.say(blog_words.NO_RESULTS)}</p>',
    }


def other(v: View) -> dict[str, str]:
    if v.page is None:  # the 404 page
        hint = f'<p class="hint">{v.say(blog_words.NOT_FOUND_HINT)}</p>'
        return {"heading": f'<h1 style="margin-top:1.5rem">{v.say(blog_words.NOT_FOUND)}</h1>{hint}'}
    return {"heading": f'<h1 style="margin-top:1.5rem">{v.name_of(v.page)}</h1>'}


def server_error(v: View) -> str:
    """A server error page (status 5xx): the code, the request that failed, and the page's links."""
    v.used = True
    code = escape(v.symptom.error.split()[1]) if v.symptom else "500"
    return (
        f'<div class="error-page"><div class="code">{code}</div><h2>{v.say(blog_words.SERVER_ERROR)}</h2>'
        f'<p class="hint">{v.say(blog_words.SERVER_ERROR_HINT)}</p><pre class="error-message">{escape(v.message)}</pre></div>'
        f'<p class="section-title">{v.say(blog_words.YOU_MIGHT_LIKE)}</p>'
    )


REGIONS = {
    "home": home,
    "login": login,
    "register": register,
    "settings": settings,
    "password": password,
    "delete": delete,
    "editor": editor,
    "edit": edit,
    "profile": profile,
    "profile_articles": profile_articles,
    "profile_favorites": profile_favorites,
    "followers": followers,
    "feed": feed,
    "tag": feed,
    "article": article,
    "comments": comments,
    "share": share,
    "search": search,
    "other": other,
}
__all__ = ["REGIONS", "error_line", "server_error"]
