"""One page being drawn: the site, the page, the visitor, and the bug the page has (if any).

A bug is drawn as what the page does wrong (a count that stays, an article listed twice, a script in
a comment, a form that deletes at once), by the part of the page that misbehaves; ``used`` says a
part drew it, and a page whose parts could not (another site's bug on a page without that part)
gets the plain marker of :mod:`memviz.core.webpage` instead, so the detector always sees it.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from html import escape

from memviz.core.site import Site
from memviz.core.webpage import Symptom, symptom_of
from memviz.web.blog.content import Article, BlogContent
from memviz.web.blog.kinds import Kind, kind_of
from memviz.web.blog.session import Session
from memviz.wording.words import Words


@dataclass
class View:
    site: Site
    page: int | None
    lang: str
    n: int  # the number in the bug's message (one more per page answered)
    content: BlogContent
    session: Session
    answers: bool = False
    used: bool = False  # a part of the page drew the bug
    kind: Kind = field(init=False)
    symptom: Symptom | None = field(init=False)

    def __post_init__(self) -> None:
        self.kind = kind_of(None if self.page is None else self.site.url_path(self.page))
        self.symptom = None if self.page is None else symptom_of(self.site, self.page)

    def say(self, words: Words, **fields: object) -> str:
        return escape(words.pick(self.lang, **fields))

    def error(self, *errors: str) -> bool:
        """The page's bug is one of ``errors``."""
        return self.symptom is not None and self.symptom.error in errors

    @property
    def server_error(self) -> bool:
        return self.symptom is not None and self.symptom.error.startswith("HTTP 5")

    @property
    def message(self) -> str:
        return "" if self.symptom is None else self.symptom.message.replace("{n}", str(self.n))

    def href(self, page: int) -> str:
        return escape(self.site.url_path(page))

    def name_of(self, page: int) -> str:
        return escape(self.site.page_name(page, self.lang))

    def article_of(self, page: int) -> Article:
        return self.content.article(kind_of(self.site.url_path(page)).slug or f"page-{page}")

    def favorites(self, article: Article) -> tuple[int, bool]:
        """(count, favourited by this visitor)."""
        on = self.session.favorited.get(article.slug, False)
        return article.favorites + (1 if on else 0), on


def avatar(user: str, big: bool = False) -> str:
    hue = zlib.crc32(user.encode("utf-8")) % 360
    initial = escape(user[:1].upper() or "?")
    size = " big" if big else ""
    # the initial is drawn by CSS (attr()), so it is no text of the page: "Oolu" is not a name
    return (
        f'<span class="avatar{size}" style="background:hsl({hue},45%,52%)" data-initial="{initial}"></span>'
    )
