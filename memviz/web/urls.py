"""URLs as ``memviz crawl`` reads them: checked, normalised, canonical, and whose site they are on.

- :func:`check_start` refuses a start URL memviz cannot use, saying why (a key of
  :data:`memviz.wording.web.WHY`): ``http://[::1`` (brackets that do not pair), a host in digits
  other than ASCII (``http://١٢٧.0.0.1/``), a port that is no port, a URL longer than a trace holds.
- :func:`normalise` is a page's identity against a site file (scheme and host lower case, no
  fragment, "/" for an empty path): what ``memviz serve`` names its pages by.
- :func:`canonical` is a page's identity on a site memviz did not make: also the default port
  dropped, ``/index.html`` (``index.htm``, ``index.php``) read as its folder, a trailing slash
  dropped, and tracking parameters (``utm_*``, ``fbclid``, ``gclid``...) removed, so ``/``,
  ``/index.html`` and ``/?utm_source=x`` are one page.
- :func:`origin` is (scheme, host, port): a redirect or a link is on the site when its origin is.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from memviz.core.trace import MOST_TEXT

DEFAULT_PORTS = {"http": 80, "https": 443}
INDEX_FILES = ("index.html", "index.htm", "index.php")
TRACKING = re.compile(
    r"(utm_[a-z0-9_]*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid)\Z"
)
_HOST = re.compile(r"[A-Za-z0-9._-]+\Z")
_PORT = re.compile(r"[0-9]{1,5}\Z")
_SAFE = "/%:@!$&'()*+,;=-._~"  # what a path or query keeps as it is (RFC 3986's reserved and unreserved)


class BadUrlError(ValueError):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def check_start(url: str) -> None:
    """Raise :class:`BadUrlError` (its ``why``) for a URL no request can be made to."""
    if len(url) > MOST_TEXT:
        raise BadUrlError("too_long")
    parsed = _parts(url)
    if parsed is None:
        raise BadUrlError("ipv6")
    parts, _ = parsed
    host = parts.hostname or ""
    if not host:
        raise BadUrlError("no_host")
    if not (host.startswith("[") or ":" in host or _HOST.match(host)):
        raise BadUrlError("host_ascii")
    if _port_text(parts.netloc) is not None and _port_of(parts.netloc) is None:
        raise BadUrlError("port")


def _parts(url: str):
    try:
        parts = urlsplit(url)
        return parts, parts.hostname
    except ValueError:  # "Invalid IPv6 URL": a '[' without its ']'
        return None


def _port_text(netloc: str) -> str | None:
    hostport = netloc.rpartition("@")[2]
    if hostport.startswith("["):
        rest = hostport.partition("]")[2]
        return rest[1:] if rest.startswith(":") else None
    return hostport.partition(":")[2] if ":" in hostport else None


def _port_of(netloc: str) -> int | None:
    """The port written in ``netloc`` when it is ASCII digits from 0 to 65535; None otherwise."""
    text = _port_text(netloc)
    if text is None or not _PORT.match(text) or int(text) > 65535:
        return None
    return int(text)


def usable(url: str) -> bool:
    """A link memviz could ask for: http(s), an ASCII host, a port of ASCII digits, not too long."""
    try:
        check_start(url)
    except BadUrlError:
        return False
    return urlsplit(url).scheme.lower() in DEFAULT_PORTS


def origin(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a usable URL, the port filled in when it is the scheme's default."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    port = _port_of(parts.netloc)
    return scheme, (parts.hostname or "").lower(), port if port is not None else DEFAULT_PORTS.get(scheme, 0)


def normalise(url: str) -> str | None:
    """``url`` as a page's identity (scheme and host lower case, no fragment, "/" for an empty
    path), or None for what is not a web page memviz can ask for (mailto:, javascript:, a bad URL)."""
    if not usable(url):
        return None
    parts = urlsplit(url)
    path = quote(parts.path or "/", safe=_SAFE)  # as a browser sends it: "/é" is "/%C3%A9", "\x00" "%00"
    return urlunsplit(
        (parts.scheme.lower(), parts.netloc.lower(), path, quote(parts.query, safe=_SAFE + "?"), "")
    )


def canonical(url: str) -> str | None:
    """:func:`normalise`, and the forms a site serves one page under made one (module docstring)."""
    normal = normalise(url)
    if normal is None:
        return None
    parts = urlsplit(normal)
    scheme, host, port = origin(normal)
    shown_host = f"[{host}]" if ":" in host else host
    netloc = shown_host if port == DEFAULT_PORTS[scheme] else f"{shown_host}:{port}"
    path = parts.path
    folder, _, last = path.rpartition("/")
    if last.lower() in INDEX_FILES:
        path = folder + "/"
    if len(path) > 1 and path.endswith("/"):
        path = path.rstrip("/") or "/"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        kept = [(k, v) for k, v in pairs if not TRACKING.match(k.lower())]
        if len(kept) != len(pairs):  # written anew only when a parameter goes: "a=b c" stays as it is
            query = urlencode(kept)
    return urlunsplit((scheme, netloc, path, query, ""))


def page_key(url: str) -> str:
    """The path and query of ``url``: how a site file names a page."""
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")
