"""What a visitor did on the blog during this run: the name they signed in with, their favourites,
comments, articles and follows. Kept in memory only (nothing outlives the server), per visitor
cookie, and bounded: past ``MOST_SESSIONS`` the longest-unused visitor's session is dropped."""

from __future__ import annotations

import datetime
from collections import OrderedDict
from dataclasses import dataclass, field

MOST_SESSIONS = 2000
MOST_TEXT = 2000  # characters kept of any one field a visitor types
MOST_ITEMS = 200  # comments, articles, reports a session keeps


@dataclass
class Published:
    title: str
    about: str
    body: str
    tags: tuple[str, ...]
    day: datetime.date


@dataclass
class Session:
    name: str | None = None
    bio: str = ""
    favorited: dict[str, bool] = field(default_factory=dict)  # slug -> on
    comments: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # slug -> [(author, text)]
    published: list[Published] = field(default_factory=list)
    following: set[str] = field(default_factory=set)
    deleted: bool = False
    reports: int = 0

    def who(self, guest: str) -> str:
        return self.name or guest


class Sessions:
    def __init__(self, most: int = MOST_SESSIONS) -> None:
        self.most = most
        self._by_visitor: OrderedDict[str, Session] = OrderedDict()

    def get(self, visitor: str | None) -> Session:
        """The visitor's session (a new one the first time); no visitor: a throwaway one."""
        if not visitor:
            return Session()
        found = self._by_visitor.get(visitor)
        if found is None:
            found = self._by_visitor[visitor] = Session()
            while len(self._by_visitor) > self.most:
                self._by_visitor.popitem(last=False)
        else:
            self._by_visitor.move_to_end(visitor)
        return found

    def peek(self, visitor: str | None) -> Session | None:
        return self._by_visitor.get(visitor) if visitor else None


def clipped(value: object, most: int = MOST_TEXT) -> str:
    """A field a visitor sent, as text of at most ``most`` characters (anything else: empty)."""
    return value[:most] if isinstance(value, str) else ""
