"""Reading a user's JSON file (a site, exercises) with errors that say what is wrong, in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json(path: Path, what: str, error: type[Exception]) -> Any:
    """The decoded document in ``path``; ``error`` names the file and the fault (``what``: "site file")."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{what} not found: {path}") from None
    except IsADirectoryError:
        raise error(f"{what} is a folder, not a file: {path}") from None
    except OSError as exc:
        raise error(f"{what} cannot be read: {path}: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} is not UTF-8 text: {path} (bad byte at offset {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            f"{what} is not valid JSON: {path}, line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
