"""What the served blog says: articles, people, dates, comments, generated from word lists.

The lists are ``resources/web/blog-content.json`` (each text a [Chinese, English] pair, so the two
languages tell the same story). The draws come from this module's own ``random.Random``, seeded
with a fixed number (and, per page, the page's path): the same blog every run and every process,
and never a draw from the simulation's mulberry32 streams or the global ``random``.
"""

from __future__ import annotations

import datetime
import json
import random
import zlib
from dataclasses import dataclass
from functools import cache

from memviz.core.resources import resource_path

CONTENT_SEED = 24  # the blog's own stream; changing it changes the text, never a figure
FILLERS_PER_LIST = 2  # articles on a list page besides the ones it links to


@dataclass(frozen=True)
class Text:
    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Article:
    slug: str
    title: Text
    about: Text
    body: tuple[Text, ...]
    tags: tuple[str, ...]
    author: str
    date: datetime.date
    favorites: int


@dataclass(frozen=True)
class Comment:
    author: str
    text: Text
    date: datetime.date


def _pair(raw: list[str]) -> Text:
    return Text(raw[0], raw[1])


def date_text(day: datetime.date, lang: str) -> str:
    if lang == "zh":
        return f"{day.year}年{day.month}月{day.day}日"
    return f"{day:%B} {day.day}, {day.year}"


class BlogContent:
    """The blog's words, drawn once; a list page's fillers are drawn from its path."""

    def __init__(self, seed: int = CONTENT_SEED) -> None:
        data = json.loads(resource_path("web", "blog-content.json").read_text(encoding="utf-8"))
        self.seed = seed
        rng = random.Random(seed)
        self.people: tuple[str, ...] = tuple(data["people"])
        self.tags: tuple[str, ...] = tuple(data["tags"])
        self.sentences = tuple(_pair(s) for s in data["sentences"])
        self.comment_texts = tuple(_pair(c) for c in data["comments"])
        self.bios = tuple(_pair(b) for b in data["bios"])
        first = datetime.date(2024, 1, 8)
        self.articles: dict[str, Article] = {}
        for slug, raw in data["articles"].items():
            self.articles[slug] = Article(
                slug,
                _pair(raw["title"]),
                _pair(raw["about"]),
                tuple(rng.sample(self.sentences, 5)),
                tuple(raw["tags"]),
                raw["author"],
                first + datetime.timedelta(days=rng.randrange(300)),
                raw["favorites"],
            )
        self.fillers: tuple[Article, ...] = tuple(
            Article(
                f"post-{k + 1}",
                _pair(title),
                rng.choice(self.sentences),
                tuple(rng.sample(self.sentences, 4)),
                tuple(rng.sample(self.tags, 2)),
                rng.choice(self.people),
                first + datetime.timedelta(days=rng.randrange(300)),
                rng.randrange(41),
            )
            for k, title in enumerate(data["titles"])
        )

    def _rng(self, key: str) -> random.Random:
        return random.Random(self.seed * 1_000_003 + zlib.crc32(key.encode("utf-8")))

    def article(self, slug: str) -> Article:
        """The article at ``/article/<slug>``; a slug the lists do not name gets a filler's words."""
        found = self.articles.get(slug)
        if found is not None:
            return found
        base = self.fillers[zlib.crc32(slug.encode("utf-8")) % len(self.fillers)]
        return Article(
            slug, base.title, base.about, base.body, base.tags, base.author, base.date, base.favorites
        )

    def fillers_for(self, key: str, count: int = FILLERS_PER_LIST) -> list[Article]:
        """The articles a list page shows besides its links (the same for the same ``key``)."""
        return self._rng(key).sample(self.fillers, min(count, len(self.fillers)))

    def comments_for(self, slug: str, count: int = 3) -> list[Comment]:
        rng = self._rng("comments " + slug)
        day = self.article(slug).date
        return [
            Comment(rng.choice(self.people), text, day + datetime.timedelta(days=k + 1))
            for k, text in enumerate(rng.sample(self.comment_texts, count))
        ]

    def followers_of(self, user: str, count: int = 5) -> list[str]:
        return self._rng("followers " + user).sample(self.people, count)

    def bio_of(self, user: str) -> Text:
        return self.bios[zlib.crc32(user.encode("utf-8")) % len(self.bios)]


@cache
def blog_content() -> BlogContent:
    return BlogContent()
