"""Optional parts of a ``memviz-site/1`` file for the memory scenarios (issue 13): versions of the
application, and how each bug's reports are worded.

```json
"version": "v1",
"versions": [{"name": "v2", "changed": [4, 12, 14], "fixed": [7, 21],
              "new_bugs": [{"page": 4, "zh": "...", "en": "..."}]}],
"reports": [{"page": 15, "route": "/editor/:slug", "error": "HTTP 422",
             "message": "PUT /api/articles/{n}: tagList dropped",
             "zh": ["保存失败", "点击保存没反应"], "en": ["Save failed", "Nothing happens on Save"]}]
```

``version`` names the file's own bugs (default ``v1``). Each entry of ``versions`` changes the one
before it: ``fixed`` are pages whose bug is gone, ``new_bugs`` new bugs on pages without one;
``changed`` lists the pages that changed (the pages of fixed and new bugs count as changed whether
listed or not). ``reports`` gives, per bug page (of any version), its route, error type and error
message (``{n}`` is a number that differs from report to report, as ids and offsets do) and the
titles a report may carry in each language. Checked by :func:`read_extensions`, which the site
reader calls; errors name the field like the reader's own.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from collections.abc import Mapping
from typing import Any, NamedTuple

from memviz.core.limits import shown

DEFAULT_VERSION = "v1"
MOST_VERSIONS = 20
MOST_TITLES = 20
MOST_TEXT = 200  # characters of a route, error type, message or title


class Version(NamedTuple):
    """A version of the application after the file's own: what changed, which bugs went, which came."""

    name: str
    changed: tuple[int, ...]  # every page that changed, the pages of fixed and new bugs included
    fixed: tuple[int, ...]  # pages whose bug this version fixed
    new_bugs: tuple[tuple[int, Mapping[str, str]], ...]  # (page, names)


class ReportStyle(NamedTuple):
    """How the reports of the bug on ``page`` are worded."""

    page: int
    route: str
    error: str
    message: str  # "{n}": a number that changes from one report to the next
    titles: Mapping[str, tuple[str, ...]]  # per language, the titles a report may carry

    def titles_in(self, lang: str) -> tuple[str, ...]:
        return self.titles.get(lang) or next(iter(self.titles.values()))


def read_extensions(reader: Any, data: dict, n: int, bug_pages: set[int]):
    """(base version name, versions, report styles) from a decoded site document; ``reader`` is the
    site reader (its ``fail``, ``index``, ``index_list`` and ``names``)."""
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: a reader of the site file's versions
    # and report styles: one check per field, each naming it.
    base = data.get("version", DEFAULT_VERSION)
    if not isinstance(base, str) or not base.strip() or len(base) > MOST_TEXT:
        raise reader.fail("version", f"expected a version name, got {shown(base)}")
    raw = data.get("versions", [])
    if not isinstance(raw, list) or len(raw) > MOST_VERSIONS:
        raise reader.fail("versions", f"expected a list of at most {MOST_VERSIONS} versions")
    versions, names, bugs_now, ever = [], {base}, set(bug_pages), set(bug_pages)
    for k, item in enumerate(raw):
        where = f"versions[{k}]"
        if not isinstance(item, dict):
            raise reader.fail(where, "expected an object")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > MOST_TEXT:
            raise reader.fail(f"{where}.name", f"expected a version name, got {shown(name)}")
        if name in names:
            raise reader.fail(f"{where}.name", f"version {name!r} appears twice")
        names.add(name)
        changed = reader.index_list(f"{where}.changed", item.get("changed", []), n, n)
        fixed = reader.index_list(f"{where}.fixed", item.get("fixed", []), n, n)
        for page in fixed:
            if page not in bugs_now:
                raise reader.fail(f"{where}.fixed", f"page {page} has no bug to fix in the version before")
        bugs_now -= set(fixed)
        new_raw = item.get("new_bugs", [])
        if not isinstance(new_raw, list) or len(new_raw) > n:
            raise reader.fail(f"{where}.new_bugs", "expected a list of bugs")
        new_bugs = [reader.bug(f"{where}.new_bugs[{j}]", bug, n, bugs_now) for j, bug in enumerate(new_raw)]
        all_changed = tuple(dict.fromkeys((*changed, *fixed, *(p for p, _ in new_bugs))))
        ever |= bugs_now
        versions.append(Version(name, all_changed, fixed, tuple(new_bugs)))
    return base, tuple(versions), _report_styles(reader, data.get("reports", []), n, ever)


def _text(reader: Any, where: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MOST_TEXT:
        raise reader.fail(where, f"expected a text of 1..{MOST_TEXT} characters, got {shown(value)}")
    return value


def _report_styles(reader: Any, raw: Any, n: int, bug_pages: set[int]) -> tuple[ReportStyle, ...]:
    if not isinstance(raw, list) or len(raw) > n:
        raise reader.fail("reports", "expected a list, at most one entry a page")
    styles, seen = [], set()
    for k, item in enumerate(raw):
        where = f"reports[{k}]"
        if not isinstance(item, dict):
            raise reader.fail(where, "expected an object")
        page = reader.index(f"{where}.page", item.get("page"), n)
        if page not in bug_pages:
            raise reader.fail(f"{where}.page", f"page {page} has no bug in any version")
        if page in seen:
            raise reader.fail(f"{where}.page", f"page {page} already has its reports")
        seen.add(page)
        titles = {}
        for lang in ("zh", "en"):
            if lang not in item:
                continue
            values = item[lang]
            if not isinstance(values, list) or not 1 <= len(values) <= MOST_TITLES:
                raise reader.fail(f"{where}.{lang}", f"expected a list of 1..{MOST_TITLES} titles")
            titles[lang] = tuple(_text(reader, f"{where}.{lang}[{j}]", v) for j, v in enumerate(values))
        if not titles:
            raise reader.fail(where, 'needs titles in "zh" or "en"')
        styles.append(ReportStyle(
            page, _text(reader, f"{where}.route", item.get("route")),
            _text(reader, f"{where}.error", item.get("error")),
            _text(reader, f"{where}.message", item.get("message")), titles,
        ))  # fmt: skip
    return tuple(styles)
