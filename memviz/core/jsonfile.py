"""Reading a user's file (a site, exercises) with errors that say what is wrong, in one line.

The one reader for users' JSON files, and hostile ones are expected: anything but a regular file (a
named pipe would block forever), a file over the size limit, JSON nested deeper than any memviz
document, numbers with thousands of digits, and numbers JSON does not have (``NaN``, ``Infinity``,
``1e400``, which Python would read as infinite) are refused before they cost time or memory.
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any

from memviz.core.limits import LIMITS

_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_STRING = re.compile(rb'"[^"]*"')  # a JSON string once its escaped backslashes and quotes are gone
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")  # \ud800-\udfff written in JSON


def read_bytes(
    path: Path, what: str, error: type[Exception], limit: str = "file_size", max_bytes: int | None = None
) -> bytes:
    """The bytes of ``path`` if it is a regular file within the ``limit`` (a name in limits.LIMITS),
    or within ``max_bytes`` when given (a trace, which is longer than any site).

    Never blocks: the type is checked before opening, and the file is opened non-blocking, so a
    named pipe put in its place between the two is refused too instead of waiting for a writer.
    """
    max_bytes = check_file(path, what, error, limit, max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"{what} cannot be read: {path}: {exc.strerror}") from None
    try:
        _check_regular(os.fstat(fd), path, what, error, max_bytes)
        with os.fdopen(fd, "rb", closefd=False) as file:
            raw = file.read(max_bytes + 1)  # never more than the limit, whatever the size said
    except OSError as exc:
        raise error(f"{what} cannot be read: {path}: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise error(f"{what} is too large: {path} (more than {max_bytes} bytes)")
    return raw


def check_file(
    path: Path, what: str, error: type[Exception], limit: str = "file_size", max_bytes: int | None = None
) -> int:
    """Raise ``error`` unless ``path`` is a regular file within ``limit``; returns the limit in bytes.

    Looks without opening, so a named pipe cannot block (for readers that open files themselves).
    """
    if max_bytes is None:
        max_bytes = int(LIMITS[limit].high)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(f"{what} not found: {path}") from None
    except OSError as exc:
        raise error(f"{what} cannot be read: {path}: {exc.strerror}") from None
    _check_regular(info, path, what, error, max_bytes)
    return max_bytes


def _check_regular(
    info: os.stat_result, path: Path, what: str, error: type[Exception], max_bytes: int
) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{what} is a folder, not a file: {path}")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{what} is not a regular file (a pipe, socket or device): {path}")
    if info.st_size > max_bytes:
        raise error(f"{what} is too large: {path} ({info.st_size} bytes, at most {max_bytes})")


def read_json(path: Path, what: str, error: type[Exception]) -> Any:
    """The decoded document in ``path``; ``error`` names the file and the fault (``what``: "site file")."""
    raw = read_bytes(path, what, error)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} is not UTF-8 text: {path} (bad byte at offset {exc.start})") from None
    return parse_json(text, what, path, error)


def parse_json(text: str, what: str, path: Path | str, error: type[Exception]) -> Any:
    """``text`` (read from ``path``) decoded as JSON within the limits, or ``error``."""
    depth_limit = int(LIMITS["json_depth"].high)
    depth = nesting_depth(text)
    if depth > depth_limit:
        raise error(f"{what} is nested too deep: {path} ({depth} levels, at most {depth_limit})")
    try:
        document = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as exc:
        raise error(
            f"{what} is not valid JSON: {path}, line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except _NumberError as exc:
        raise error(f"{what} has a number memviz cannot use: {path}: {exc}") from None
    except RecursionError:  # cannot happen after the depth check; the last line of defence
        raise error(f"{what} is nested too deep: {path}") from None
    if _SURROGATE_ESCAPE.search(text):  # a pair is fine; half of one cannot be shown nor printed
        where = _lone_surrogate(document)
        if where is not None:
            raise error(
                f"{what} has a text that is not valid Unicode (half of a surrogate pair, \\ud800-\\udfff): "
                f"{path}, at {where}"
            )
    return document


def _lone_surrogate(document: Any) -> str | None:
    """Where in ``document`` a text (or a key) holds a lone surrogate, as ``pages[3].en``; None if none.

    Such a text came from a JSON escape (``"\\ud800"``): it cannot be encoded, so printing it, drawing
    it or saving it failed (UnicodeEncodeError) far from the file that held it.
    """
    stack: list[tuple[str, Any]] = [("", document)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                return where or "the top"
        elif isinstance(value, dict):
            for key, item in value.items():
                if _has_surrogate(key):
                    return f"{where}.{key!a}".lstrip(".")
                stack.append((f"{where}.{key}".lstrip("."), item))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
    return None


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def decode_checked(text: str, error) -> Any:
    """One JSON document (a line of a JSON Lines file) within the same limits as a file: nesting
    depth, digits of a number, no NaN or infinities. ``error(problem)`` makes the exception."""
    depth_limit = int(LIMITS["json_depth"].high)
    if text.count("[") + text.count("{") > depth_limit:  # only then can it nest too deep
        depth = nesting_depth(text)
        if depth > depth_limit:
            return _raise(error(f"nested too deep ({depth} levels, at most {depth_limit})"))
    try:
        return json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: column {exc.colno}: {exc.msg}") from None
    except _NumberError as exc:
        raise error(f"a number memviz cannot use: {exc}") from None
    except RecursionError:
        raise error("nested too deep") from None


def _raise(exc: Exception):
    raise exc


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in a JSON text, brackets inside strings not counted.

    Counted with no recursion (the json module recurses once per level) and with C loops: escaped
    backslashes, then escaped quotes are dropped (left to right, as JSON reads them), which leaves
    strings as plain quote pairs for a regular expression to cut out (a pattern that follows
    escapes itself backtracks, and takes hundreds of MB on a long string of them); the depth is
    then a running sum over the brackets left.
    """
    raw = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    # opening brackets count +1 and closing ones -1: the deepest running sum (no numpy: a site is
    # read before the window's first paint, and numpy takes longer to load than the window)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class _NumberError(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    limit = int(LIMITS["number_digits"].high)
    if digits > limit:  # int() takes time quadratic in the digits, and refuses more than 4300
        raise _NumberError(f"a whole number has {digits} digits ({text[:12]}…), at most {limit}")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)  # linear in the length, unlike int(): only the result needs checking
    if value in (float("inf"), float("-inf")):
        raise _NumberError(f"the number {text[:40]} is too large")
    return value


def _refuse_constant(name: str) -> float:
    raise _NumberError(f"{name} is not a number memviz accepts (JSON has no NaN or Infinity)")
