"""What a blog page is, read from its path (Conduit's routes), and where each of its links goes.

A page's links are the site's, in the site's order: document order is fixed, so every ``<a href>``
a crawler reads is one of ``Site.clickable[page]`` in that order. What this module decides is how a
link looks where it stands: a link to an article on a list page is an article preview, to a tag a
tag pill, to the next feed page a pager; consecutive links of one look are one block, and the page
places its blocks on screen with CSS ``order`` (a block's place on screen never moves its links in
the document).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memviz.core.site import Site

_ROUTES = (
    ("home", r"/"),
    ("login", r"/login"),
    ("register", r"/register"),
    ("settings", r"/settings"),
    ("password", r"/settings/password"),
    ("delete", r"/settings/delete"),
    ("editor", r"/editor"),
    ("edit", r"/editor/(?P<slug>[^/?#]+)"),
    ("profile", r"/profile/(?P<user>[^/?#]+)"),
    ("profile_articles", r"/profile/(?P<user>[^/?#]+)/articles"),
    ("profile_favorites", r"/profile/(?P<user>[^/?#]+)/favorites"),
    ("followers", r"/profile/(?P<user>[^/?#]+)/followers"),
    ("feed", r"/feed(?:\?page=(?P<n>[0-9]{1,4}))?"),
    ("tag", r"/tag/(?P<tag>[^/?#]+)"),
    ("article", r"/article/(?P<slug>[^/?#]+)"),
    ("comments", r"/article/(?P<slug>[^/?#]+)/comments"),
    ("share", r"/article/(?P<slug>[^/?#]+)/share"),
    ("search", r"/search(?:\?page=(?P<n>[0-9]{1,4}))?"),
)
_COMPILED = tuple((kind, re.compile(pattern + r"\Z")) for kind, pattern in _ROUTES)


@dataclass(frozen=True)
class Kind:
    name: str  # one of _ROUTES' names, or "other"
    slug: str = ""
    user: str = ""
    tag: str = ""
    number: int = 1  # a feed or search page's number

    @property
    def is_profile(self) -> bool:
        return self.name in ("profile", "profile_articles", "profile_favorites", "followers")


def kind_of(path: str | None) -> Kind:
    for name, pattern in _COMPILED:
        found = pattern.match(path or "")
        if found:
            fields = found.groupdict()
            number = int(fields.pop("n") or 1) if "n" in fields else 1
            return Kind(name, number=number, **{k: v for k, v in fields.items() if v})
    return Kind("other")


def is_blog(site: Site) -> bool:
    """A site the Conduit pages can show: every page has a path, most of them Conduit's routes."""
    paths = [page.path for page in site.pages]
    if not paths or any(path is None for path in paths):
        return False
    return sum(kind_of(path).name != "other" for path in paths) * 2 >= len(paths)


# How a link looks, by what it links to and where it stands.
_BACK_HOSTS = ("comments", "share", "edit")


def look_of(host: Kind, target: Kind) -> str:
    name = target.name
    if name == "feed" and host.name in ("home", "feed"):
        return "pager"
    if name == "search" and host.name == "search":
        return "pager"
    if name == "article":
        return "back" if host.name in _BACK_HOSTS else "preview"
    if name == "profile":
        return "back-profile" if host.name == "followers" else "author"
    return {
        "tag": "tags",
        "login": "auth",
        "register": "auth",
        "settings": "settings-link",
        "password": "settings-link",
        "delete": "settings-link",
        "search": "search-box",
        "profile_articles": "tabs",
        "profile_favorites": "tabs",
        "followers": "followers-link",
        "comments": "comments-link",
        "share": "share-link",
        "edit": "edit-link",
    }.get(name, "links")


def own_links(site: Site, page: int) -> tuple[int, ...]:
    """The page's links after its nav bar: ``Site.clickable`` less the nav part, in order."""
    nav = [q for q in site.nav if q != page]
    return site.clickable[page][len(nav) :]


def link_blocks(site: Site, page: int) -> list[tuple[str, list[int]]]:
    """The page's own links as blocks (look, targets), consecutive links of one look together."""
    host = kind_of(site.url_path(page))
    blocks: list[tuple[str, list[int]]] = []
    for q in own_links(site, page):
        look = look_of(host, kind_of(site.url_path(q)))
        if blocks and blocks[-1][0] == look:
            blocks[-1][1].append(q)
        else:
            blocks.append((look, [q]))
    return blocks


# Where blocks stand on screen, per page kind: regions (a page's own content) and looks (its links).
LAYOUTS = {
    "home": ("banner", "auth", "search-box", "tags", "feed-toggle", "preview", "fillers", "pager"),
    "login": ("heading", "auth", "form"),
    "register": ("heading", "auth", "form"),
    "settings": ("heading", "settings-link", "form", "logout"),
    "password": ("heading", "form", "settings-link"),
    "delete": ("heading", "form", "settings-link"),
    "editor": ("form", "preview"),
    "edit": ("form", "back"),
    "profile": ("user-info", "followers-link", "tabs", "hint", "preview", "fillers"),
    "profile_articles": ("user-info", "tab-row", "preview", "fillers"),
    "profile_favorites": ("user-info", "tab-row", "preview", "fillers"),
    "followers": ("user-info", "back-profile", "followers"),
    "feed": ("feed-toggle", "preview", "fillers", "pager"),
    "tag": ("feed-toggle", "preview", "fillers", "pager"),
    "article": ("article-banner", "author", "edit-link", "body", "share-link", "comments-link"),
    "comments": ("article-banner", "back", "comment-form", "comments"),
    "share": ("article-banner", "share", "back"),
    "search": ("search-form", "preview", "fillers", "pager"),
    "other": ("heading",),
}
LAST = 90  # the place of a block its page's layout does not name


def place(kind: str, region: str, error_page: bool = False) -> int:
    if error_page and region == "error":  # a server error page: the error first, then the links
        return 0
    layout = LAYOUTS.get(kind, ())
    return layout.index(region) + 1 if region in layout else LAST
