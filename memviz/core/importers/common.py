"""What an importer is and what importers share: the :class:`Importer` record, the :class:`Imported`
answer, :class:`LogImportError`, and the helpers that read a log (its first bytes, its JSON within a
trace file's limits, its fields with the field named in any error, its URLs as the site's pages).

The registry, :data:`memviz.core.importers.IMPORTERS`, sits above this module and the importers
(``browser_use``, ``har``) beside it, so no module of the package imports the package's ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit, urlunsplit

from memviz.core.jsonfile import parse_json, read_bytes
from memviz.core.limits import shown
from memviz.core.site import Site
from memviz.core.trace import MOST_TEXT, TRACE_FILE_BYTES, TraceStep


class LogImportError(ValueError):
    """A log that cannot be imported; the message names the file and the field at fault."""


class Imported(NamedTuple):
    """What an importer read: the steps, and who found their reports ("detector", "agent"; None:
    not known, the steps' empty report lists say nothing)."""

    steps: Sequence[TraceStep]
    reported_by: str | None = None


@dataclass(frozen=True)
class Importer:
    """A log format memviz can import. ``detect(path)`` must be cheap and never raise for a file
    of another format (``head(path)`` reads the first bytes); ``read(path, site)`` raises
    :class:`LogImportError` (or a ValueError), one line naming the file and the field."""

    name: str
    detect: Callable[[Path], bool]
    read: Callable[[Path, Site], Sequence[TraceStep] | Imported]


def head(path: Path, size: int = 65536) -> str:
    """The first ``size`` bytes of ``path`` as text ("" when it cannot be read): for ``detect``."""
    try:
        with open(path, "rb") as f:
            return f.read(size).decode("utf-8-sig", errors="replace")
    except OSError:
        return ""


def read_json(path: Path, what: str) -> Any:
    """``path``'s JSON within the limits of a trace file (64 MB, nesting, numbers), or LogImportError."""
    raw = read_bytes(path, what, LogImportError, max_bytes=TRACE_FILE_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LogImportError(f"{what} is not UTF-8 text: {path} (bad byte at offset {exc.start})") from None
    return parse_json(text, what, path, LogImportError)


def normal_url(url: str) -> str | None:
    """``url`` without its fragment, scheme and host lower case, "/" for an empty path; None for
    anything but an http(s) URL (``about:blank``, ``chrome://``, ``http://[::1/``, which urllib
    cannot split: its ValueError reached the user in English)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path or "/", parts.query, ""))


class Mapper:
    """URL → page of ``site``, on the origin of the first web URL seen."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.origin: tuple[str, str] | None = None

    def page(self, url: str) -> int | None:
        parts = urlsplit(url)
        if self.origin is None:
            self.origin = (parts.scheme, parts.netloc)
        if (parts.scheme, parts.netloc) != self.origin:
            return None
        return self.site.page_at(route(url))

    def same_origin(self, url: str) -> bool:
        try:
            parts = urlsplit(url)  # a Referer header as recorded: any text
        except ValueError:
            return False
        return (parts.scheme.lower(), parts.netloc.lower()) == self.origin


def route(url: str) -> str:
    """The path and query of ``url``: where a page is on its site."""
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


class Fields:
    """Reads a log's fields, naming the field of any mistake (``history[3].state.url``)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> LogImportError:
        return LogImportError(f"{self.source}: {where}: {problem}")

    def obj(self, where: str, value: Any) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {shown(value)}")
        return value

    def items(self, where: str, value: Any) -> list:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {shown(value)}")
        return value

    def text(self, where: str, value: Any) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a text, got {shown(value)}")
        if len(value) > MOST_TEXT:
            raise self.fail(where, f"at most {MOST_TEXT} characters, this one has {len(value)}")
        return value

    def count(self, where: str, value: Any) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**12:
            raise self.fail(where, f"expected a whole number of tokens, got {shown(value)}")
        return value
