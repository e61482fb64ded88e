"""The site an agent explores, read from a ``memviz-site/1`` JSON file.

A site is data, not code: pages with names in Chinese and English and their own links, a nav bar
linked from every page, a start page and the pages that hide bugs. Any file in this format works,
within the limits of :mod:`memviz.core.limits` (pages, links, name lengths, positions), so that a
file, however hostile, costs bounded time and memory and is refused with the field named.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from memviz.core.jsonfile import read_json
from memviz.core.limits import LIMITS, shown
from memviz.core.resources import default_site_path
from memviz.core.site_versions import DEFAULT_VERSION, ReportStyle, Version, read_extensions

SITE_FORMAT = "memviz-site/1"
LANGUAGES = ("zh", "en")


class SiteError(ValueError):
    """A site file that cannot be used; the message names the file and the field at fault."""


class Page(NamedTuple):
    """A page: its names, its links, where it is drawn and its path on a served site."""

    names: Mapping[str, str]
    links: tuple[int, ...]  # the page's own links, in file order (the chapter's LOCAL[i])
    position: tuple[float, float] | None = None
    path: str | None = None  # its URL path on a served site ("/article/a"); None: "/p/<id>"


class Bug(NamedTuple):
    """A bug and the page it is on."""

    page: int
    names: Mapping[str, str]


def _localized(names: Mapping[str, str], lang: str) -> str:
    if names.get(lang):
        return names[lang]
    return next((names[other] for other in LANGUAGES if names.get(other)), "")


class Site:
    """A site to explore: its pages and their links, its bugs, the start page and the navigation.

    A plain class, not a frozen dataclass: every start reads a site, and a dataclass compiled six
    methods from source first (5.5 M instructions of the window's first paint, issue 41). Equal
    when its fields are; a changed copy is :meth:`with_`. Treated as read-only: nothing changes a
    site once read (its derived tables would then be wrong)."""

    _FIELDS = ("names", "start", "nav", "pages", "bugs", "version", "versions", "report_styles")

    def __init__(
        self,
        names: Mapping[str, str],
        start: int,
        nav: tuple[int, ...],
        pages: tuple[Page, ...],
        bugs: tuple[Bug, ...],
        # Optional (memviz.core.site_versions): its version, the versions after it, report wordings.
        version: str = DEFAULT_VERSION,
        versions: tuple[Version, ...] = (),
        report_styles: tuple[ReportStyle, ...] = (),
    ) -> None:
        self.names = names
        self.start = start
        self.nav = nav
        self.pages = pages
        self.bugs = bugs
        self.version = version
        self.versions = versions
        self.report_styles = report_styles
        # Derived once, used on every step. What an agent on page p can click: the nav pages other
        # than p, then p's own links not in the nav (the chapter builds LINKS this way, and its order
        # decides which link a draw picks).
        self.clickable: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in nav if q != p) + tuple(q for q in page.links if q not in nav)
            for p, page in enumerate(pages)
        )
        self.bug_by_page: Mapping[int, Bug] = {bug.page: bug for bug in bugs}

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in Site._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Site:
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # equal by value and holding dicts, as the dataclass it was: not hashable

    def __repr__(self) -> str:
        return "Site(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in Site._FIELDS) + ")"

    def with_(self, **changes) -> "Site":
        """A copy with ``changes`` (its derived tables made again)."""
        unknown = changes.keys() - set(Site._FIELDS)
        if unknown:
            raise TypeError(f"Site has no field {sorted(unknown)[0]!r}")
        return Site(**{**{name: getattr(self, name) for name in Site._FIELDS}, **changes})

    @property
    def n_pages(self) -> int:
        return len(self.pages)

    @property
    def n_bugs(self) -> int:
        return len(self.bugs)

    def name(self, lang: str = "zh") -> str:
        return _localized(self.names, lang)

    def page_name(self, page: int, lang: str = "zh") -> str:
        return _localized(self.pages[page].names, lang)

    def bug_name(self, page: int, lang: str = "zh") -> str:
        return _localized(self.bug_by_page[page].names, lang)

    def url_path(self, page: int) -> str:
        """Where ``page`` is served (``memviz serve``) and recorded in traces: its own ``path``, else
        ``/p/<id>``."""
        return self.pages[page].path or f"/p/{page}"

    def page_at(self, url_path: str) -> int | None:
        """The page served at ``url_path`` (a normalised path with its query), or None."""
        table = self.__dict__.get("_by_path")
        if table is None:
            table = {self.url_path(p): p for p in range(self.n_pages)}
            self._by_path = table
        return table.get(url_path)

    def nav_edges(self) -> list[tuple[int, int]]:
        return [(p, q) for p in range(self.n_pages) for q in self.nav if q != p]

    def at_version(self, name: str) -> "Site":
        """The same pages with the bugs of version ``name`` (this site's own or a later one)."""
        if name == self.version:
            return self
        bugs = {bug.page: bug for bug in self.bugs}
        for version in self.versions:
            for page in version.fixed:
                del bugs[page]
            bugs.update((page, Bug(page, names)) for page, names in version.new_bugs)
            if version.name == name:
                return self.with_(bugs=tuple(bugs[p] for p in sorted(bugs)), version=name)
        raise ValueError(f"version: {name!r} is not a version of this site")

    # -- reading -----------------------------------------------------------------------------------

    @classmethod
    def from_file(cls, path: str | Path) -> "Site":
        path = Path(path)
        data = read_json(path, "site file", SiteError)
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: Any, source: str = "site") -> "Site":
        return _SiteReader(source).read(data)


MOST_PATH = 200  # characters of a page's URL path


def url_path_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a page's ``path``, or None: an absolute path in plain ASCII
    ("/", "/article/a", "/search?page=2"), no fragment, no "." or ".." segment, no space."""
    if not isinstance(value, str) or not value.startswith("/"):
        return 'expected a URL path starting with "/"'
    if len(value) > MOST_PATH:
        return f"a path has at most {MOST_PATH} characters"
    if not all(33 <= ord(ch) < 127 for ch in value) or any(ch in value for ch in "#\\<>\"'`"):
        return "a path is printable ASCII without spaces, #, quotes, <, > or backslashes"
    segments = value.split("?", 1)[0].split("/")
    if any(segment in (".", "..") for segment in segments) or "//" in value.split("?", 1)[0]:
        return 'a path has no "." or ".." segment and no "//"'
    return None


def load_site(path: str | Path | None = None) -> Site:
    """The site in ``path``, or the chapter's 24-page blog when no path is given."""
    return Site.from_file(default_site_path() if path is None else path)


def _most(name: str) -> int:
    return int(LIMITS[name].high)


class _SiteReader:
    """Checks a decoded site document field by field, so errors say exactly what is wrong."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> SiteError:
        return SiteError(f"{self.source}: {where}: {problem}")

    def read(self, data: Any) -> Site:
        if not isinstance(data, dict):
            raise self.fail("top level", "expected a JSON object")
        fmt = data.get("format")
        if fmt != SITE_FORMAT:
            raise self.fail("format", f'expected "{SITE_FORMAT}", got {shown(fmt)}')
        raw_pages = data.get("pages")
        if not isinstance(raw_pages, list) or not raw_pages:
            raise self.fail("pages", "a site needs a non-empty list of pages")
        n = len(raw_pages)
        if n > _most("pages"):
            raise self.fail("pages", f"a site has at most {_most('pages')} pages, this one has {n}")
        nav = self.index_list("nav", data.get("nav", []), n, _most("nav"))
        pages = tuple(self.page(i, raw, n) for i, raw in enumerate(raw_pages))
        # what Site builds for every page: the nav (less the page itself) and the page's own links
        clickable = n * len(nav) + sum(len(page.links) for page in pages)
        if clickable > _most("site_links"):
            raise self.fail(
                "pages",
                f"{clickable} clickable links in all (the nav counts on every page); "
                f"a site has at most {_most('site_links')}",
            )
        paths: dict[str, int] = {}
        for i, page in enumerate(pages):
            url = page.path or f"/p/{i}"
            if url in paths:
                raise self.fail(f"pages[{i}].path", f"{url} is also the path of page {paths[url]}")
            paths[url] = i
        start = self.index("start", data.get("start", 0), n)
        bugs = self.bugs(data.get("bugs", []), n)
        stem = Path(self.source).stem[: _most("name_length")] or "site"
        names = self.names("name", data.get("name", {"zh": stem, "en": stem}))
        version, versions, styles = read_extensions(self, data, n, {bug.page for bug in bugs})
        return Site(names, start, nav, pages, bugs, version, versions, styles)

    def index(self, where: str, value: Any, n: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a page number, got {shown(value)}")
        if not 0 <= value < n:
            if value.bit_length() > 64:  # said as "a number of about N digits"
                raise self.fail(where, f"expected a page number 0..{n - 1}, got {shown(value)}")
            raise self.fail(where, f"page {value} is out of range 0..{n - 1}")
        return value

    def index_list(self, where: str, values: Any, n: int, most: int) -> tuple[int, ...]:
        if not isinstance(values, list):
            raise self.fail(where, "expected a list of page numbers")
        if len(values) > most:
            raise self.fail(where, f"at most {most} pages, got {len(values)}")
        seen: set[int] = set()
        for k, value in enumerate(values):
            self.index(f"{where}[{k}]", value, n)
            if value in seen:
                raise self.fail(where, f"page {value} appears twice")
            seen.add(value)
        return tuple(values)

    def names(self, where: str, value: Any) -> dict[str, str]:
        """The names in ``value``: a text for both languages, or {"zh": ..., "en": ...}.

        A blank name in one language is left out when the other has one: the page shows the other
        language's name (``Site.page_name`` falls back), rather than the whole file being refused.
        """
        if isinstance(value, str):
            value = {"zh": value, "en": value}
        if not isinstance(value, dict):
            raise self.fail(where, 'expected {"zh": "...", "en": "..."}')
        names = {}
        for lang in LANGUAGES:
            if lang not in value:
                continue
            text = value[lang]
            field = f"{where}.{lang}"
            if not isinstance(text, str):
                raise self.fail(field, f"expected a text, got {shown(text)}")
            if len(text) > _most("name_length"):
                raise self.fail(
                    field, f"a name has at most {_most('name_length')} characters, this one {len(text)}"
                )
            if text.strip():
                names[lang] = text
        if not names:
            raise self.fail(where, 'needs a non-empty "zh" or "en" name')
        return names

    def page(self, i: int, raw: Any, n: int) -> Page:
        where = f"pages[{i}]"
        if not isinstance(raw, dict):
            raise self.fail(where, "expected an object")
        names = self.names(where, raw)
        # as many as there are pages (a hub may link to all); the site's total is bounded in read()
        links = self.index_list(f"{where}.links", raw.get("links", []), n, n)
        if i in links:
            raise self.fail(f"{where}.links", f"page {i} links to itself")
        position = None
        if "pos" in raw:
            position = self.position(f"{where}.pos", raw["pos"])
        path = None
        if "path" in raw:
            path = self.path(f"{where}.path", raw["path"])
        return Page(names=names, links=links, position=position, path=path)

    def path(self, where: str, value: Any) -> str:
        problem = url_path_problem(value)
        if problem is not None:
            raise self.fail(where, f"{problem}, got {shown(value)}")
        return value

    def position(self, where: str, pos: Any) -> tuple[float, float]:
        low, high = LIMITS["pos"].low, LIMITS["pos"].high
        if (
            not isinstance(pos, list)
            or len(pos) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in pos)
        ):
            raise self.fail(where, "expected [x, y] numbers")
        if not all(low <= v <= high for v in pos):  # False for NaN and infinities too
            raise self.fail(where, f"x and y must be between {low:g} and {high:g}, got {shown(pos)}")
        return float(pos[0]), float(pos[1])

    def bugs(self, raw: Any, n: int) -> tuple[Bug, ...]:
        if not isinstance(raw, list):
            raise self.fail("bugs", "expected a list")
        if len(raw) > n:
            raise self.fail("bugs", f"at most one bug a page: {len(raw)} bugs on {n} pages")
        seen: set[int] = set()
        return tuple(Bug(*self.bug(f"bugs[{k}]", item, n, seen)) for k, item in enumerate(raw))

    def bug(self, where: str, item: Any, n: int, taken: set[int]) -> tuple[int, dict[str, str]]:
        """One bug object: its page (not in ``taken``, which it joins) and its names."""
        if not isinstance(item, dict):
            raise self.fail(where, "expected an object")
        page = self.index(f"{where}.page", item.get("page"), n)
        if page in taken:
            raise self.fail(f"{where}.page", f"page {page} already has a bug")
        taken.add(page)
        return page, self.names(where, item)
