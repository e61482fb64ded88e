"""A model run's ``memviz-trace/1`` file, appended as it happens.

Each line is written with one ``os.write`` on a file opened for appending (as ``memviz serve``
writes its visitors' traces): a Ctrl+C or a crash keeps every finished step and never leaves half a
line. The file is made new (``O_EXCL``); an existing one is replaced only with ``--force``, and only
if it is a regular file.

Nothing written holds the API key: every line passes through :class:`Redactor` first, so even a
model or a page that echoes the key back cannot put it in a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from memviz.core.trace import TraceHeader, TraceStep
from memviz.outfile import regular_or_absent


class Redactor:
    """Replaces the key (and nothing else) wherever it appears in a text."""

    def __init__(self, secret: str | None) -> None:
        self.secret = secret if secret and len(secret) >= 4 else None

    def __call__(self, text: str) -> str:
        return text.replace(self.secret, "[key]") if self.secret else text


def public_endpoint(url: str) -> str:
    """The endpoint as it may be written down: no user:password@, no query (where keys hide)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def step_line(step: TraceStep, extra: dict) -> dict:
    return {**step.to_dict(), **extra}


class TraceAppender:
    def __init__(self, path: Path, force: bool, redact: Redactor) -> None:
        self.path = path
        self.redact = redact
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
        if force and regular_or_absent(path, "trace"):
            flags |= os.O_TRUNC
        else:
            flags |= os.O_EXCL
        self.fd = os.open(path, flags, 0o644)

    def write(self, data: dict) -> None:
        line = self.redact(json.dumps(data, ensure_ascii=False, separators=(", ", ": "))) + "\n"
        os.write(self.fd, line.encode("utf-8"))  # one write: a line is whole or absent

    def header(self, header: TraceHeader, extra: dict) -> None:
        self.write({**header.to_dict(), **extra})

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
