"""Which language memviz speaks: one rule for the window and the command line, free of Qt.

The rule: ``--lang`` if given (before or after the subcommand), else the system's language:
Chinese when the system's language is Chinese, English otherwise.

The system's language is read the way POSIX orders it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``), then from Windows' user interface language, then from Python's locale. Qt's QLocale reads
the same variables on Linux; reading them here lets the command line decide without loading Qt.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

LANGUAGES = ("zh", "en")
_ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_WINDOWS_CHINESE = 0x04  # PRIMARYLANGID of a Windows LANGID for every Chinese variant


def _code_of(tag: str) -> str | None:
    """'zh_CN.UTF-8' -> 'zh', 'en_US' -> 'en', 'C' / 'POSIX' / '' -> None (says nothing)."""
    tag = tag.split(":")[0].strip()  # LANGUAGE may list several, the first is preferred
    if not tag or tag in ("C", "POSIX") or tag.startswith(("C.", "POSIX.")):
        return None
    return "zh" if tag.lower().startswith("zh") else "en"


def system_language(
    environ: dict[str, str] | None = None,
    platform: str | None = None,
    fallback: Callable[[], str | None] | None = None,
) -> str:
    """'zh' if the system's language is Chinese, else 'en'.

    ``fallback`` is asked when the environment says nothing (the window passes Qt's reading of the
    system settings: a macOS app opened from the Finder has no LANG).
    """
    environ = os.environ if environ is None else environ
    for name in _ENV_ORDER:
        code = _code_of(environ.get(name, ""))
        if code is not None:
            return code
    if (platform or sys.platform) == "win32":
        try:
            import ctypes

            langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        except (AttributeError, OSError):
            pass
        else:
            return "zh" if langid & 0x3FF == _WINDOWS_CHINESE else "en"
    if fallback is not None:
        code = fallback()
        if code in LANGUAGES:
            return code
    import locale  # here: the last resort, and the module costs ~0.7 ms of every start (issue 41)

    try:
        tag = locale.getlocale()[0] or ""
    except ValueError:
        tag = ""
    return _code_of(tag) or "en"


def resolve_language(explicit: str | None) -> str:
    """The rule above: an explicit choice wins, else the system's language."""
    return explicit if explicit in LANGUAGES else system_language()
