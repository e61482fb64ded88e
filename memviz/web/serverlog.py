"""What ``memviz serve`` says while it runs: one line each, in memviz's language, never a traceback.

uvicorn logs through the standard ``logging`` module in English, a traceback after an application
error; :func:`quiet_uvicorn` routes its loggers to :class:`UvicornLines`, which says each kind of
message once, as memviz's own words (``memviz.wording.web``), the exception's type and first line
at most. :class:`ServerLog` is where the server's own lines go (a cap reached, a disk full), each
kind said once.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable

from memviz.core.limits import one_line
from memviz.wording.web import (
    UVICORN_APP_ERROR,
    UVICORN_CONCURRENCY,
    UVICORN_INVALID_REQUEST,
    UVICORN_OTHER,
    UVICORN_UPGRADE,
)
from memviz.wording.words import Words

MOST_CONNECTIONS = 1000  # open at once; past it uvicorn answers 503 (a room is some dozens of browsers)
UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")


def stderr_line(line: str) -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(one_line(line), file=sys.stderr, flush=True)


class ServerLog:
    """The server's lines in ``lang``; :meth:`once` says a kind of line the first time only (a cap
    reached by the 201st visitor is not said again by the 3,000th)."""

    def __init__(self, lang: str, write: Callable[[str], None] = stderr_line) -> None:
        self.lang = lang
        self.write = write
        self.said: set[str] = set()
        self.lines: list[str] = []  # every line said, in order (tests read them)

    def say(self, words: Words, **fields: object) -> None:
        line = words.pick(self.lang, **fields) if fields else words.pick(self.lang)
        self.lines.append(line)
        self.write(line)

    def once(self, kind: str, words: Words, **fields: object) -> None:
        if kind not in self.said:
            self.said.add(kind)
            self.say(words, **fields)


class UvicornLines(logging.Handler):
    """uvicorn's log records as memviz's lines: known messages in memviz's words, others quoted
    inside a sentence of the user's language; each kind once; tracebacks never printed."""

    def __init__(self, log: ServerLog) -> None:
        super().__init__(logging.WARNING)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        try:
            template = str(record.msg).strip()
            if template == "Invalid HTTP request received.":
                self.log.once("uvicorn-invalid", UVICORN_INVALID_REQUEST)
            elif template == "Exceeded concurrency limit.":
                self.log.once("uvicorn-concurrency", UVICORN_CONCURRENCY, most=MOST_CONNECTIONS)
            elif template == "Unsupported upgrade request." or template.startswith("No supported WebSocket"):
                self.log.once("uvicorn-upgrade", UVICORN_UPGRADE)
            elif template.startswith("Exception in ASGI application"):
                error = record.exc_info[1] if record.exc_info else None
                shown = type(error).__name__ if error is not None else "?"
                detail = str(error).splitlines()[0] if error is not None and str(error) else ""
                self.log.once("uvicorn-app", UVICORN_APP_ERROR, error=f"{shown}: {detail}"[:200])
            else:
                self.log.once(f"uvicorn:{template[:80]}", UVICORN_OTHER, message=record.getMessage()[:300])
        except Exception:  # a log line must never break the server, nor print a traceback
            pass


def quiet_uvicorn(log: ServerLog) -> None:
    """uvicorn's loggers say their warnings and errors through ``log`` only (no handler of their
    own, no propagation to the root logger, no access lines)."""
    handler = UvicornLines(log)
    for name in UVICORN_LOGGERS:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            logger.removeHandler(old)
        logger.propagate = False
        logger.setLevel(logging.WARNING)
        if name != "uvicorn.access":
            logger.addHandler(handler)
