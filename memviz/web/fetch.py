"""One HTTP request of ``memviz crawl``, on a leash (issue 36).

- **No redirect is followed here.** A 3xx comes back as it is, its ``Location`` resolved; the crawler
  checks the target (scheme, host, port) before it asks for it, so a page can never make memviz
  send a request off its site (urllib follows redirects by itself, before anyone can look).
- **A deadline, not a socket timeout.** ``deadline`` seconds bound the whole answer: connecting,
  the headers and the body. A timer shuts the socket down when it passes, so a server sending one
  byte a second is cut at the deadline instead of resetting a per-read timeout forever.
- **Every failure is a** :class:`FetchError` **with a kind** (``unreachable``, ``timeout``,
  ``bad_answer`` for a malformed answer such as more than 100 headers, ``bad_charset``), which the
  crawler says in one line: never a traceback.
- Cookies: the visitor's cookies of the one site crawled, by name (the crawler never leaves the
  site, so no domain or path matching is needed); expiry is not followed.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import http.client
import re
import socket
import ssl
import threading
from dataclasses import dataclass
from email.message import Message
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urljoin, urlsplit

from memviz.web.urls import origin

MOST_BODY = 8_000_000  # bytes of one page read
CHUNK = 65_536


class FetchError(Exception):
    """``kind``: unreachable, timeout, bad_answer, bad_charset; ``why``: a key of
    :data:`memviz.wording.web.WHY` (what went wrong), ``detail`` its data (a charset, a status)."""

    def __init__(self, kind: str, why: str = "", detail: str = "") -> None:
        super().__init__(kind, why, detail)
        self.kind, self.why, self.detail = kind, why, detail


@dataclass(frozen=True)
class Answer:
    status: int
    text: str
    location: str | None  # a redirect's target, resolved against the URL asked; None if not a redirect


def fetch(
    url: str, deadline: float, headers: dict[str, str], cookies: dict[str, str] | None = None
) -> Answer:
    """GET ``url`` within ``deadline`` seconds; ``cookies`` (when given) are sent and updated."""
    parts = urlsplit(url)
    scheme, host, port = origin(url)  # exactly the host and port the crawler checked the URL by
    target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
    if scheme == "https":
        connection: http.client.HTTPConnection = http.client.HTTPSConnection(
            host, port, timeout=deadline, context=ssl.create_default_context()
        )
    else:
        connection = http.client.HTTPConnection(host, port, timeout=deadline)
    cut = threading.Event()
    opened: list[socket.socket] = []  # the socket, kept: http.client lets go of it after the headers

    def at_deadline() -> None:
        cut.set()
        for sock in opened:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(deadline, at_deadline)
    timer.daemon = True
    timer.start()
    try:
        sent = dict(headers)
        if cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        connection.connect()
        opened.append(connection.sock)
        if cut.is_set():  # the deadline passed while connecting
            raise FetchError("timeout")
        connection.request("GET", target, headers=sent)
        response = connection.getresponse()
        body = bytearray()
        while len(body) <= MOST_BODY:
            chunk = response.read(CHUNK)
            if not chunk:
                break
            body += chunk
        if cut.is_set():
            raise FetchError("timeout")
        status = response.status
        if not 100 <= status <= 599:
            raise FetchError("bad_answer", "status", str(status))
        if cookies is not None:
            _keep_cookies(response.headers.get_all("Set-Cookie") or [], cookies)
        location = None
        if 300 <= status < 400 and response.headers.get("Location"):
            location = _resolved(url, response.headers["Location"])
        return Answer(status, _decoded(bytes(body[:MOST_BODY]), response.headers), location)
    except FetchError:
        raise
    except TimeoutError:
        raise FetchError("timeout") from None
    except http.client.HTTPException as exc:
        if cut.is_set():
            raise FetchError("timeout") from None
        raise FetchError("bad_answer", _answer_why(exc), _said(exc)) from None
    except (OSError, UnicodeError, ValueError) as exc:
        if cut.is_set():
            raise FetchError("timeout") from None
        raise FetchError(
            "unreachable", _connection_why(exc), getattr(exc, "strerror", None) or _said(exc)
        ) from None
    finally:
        timer.cancel()
        connection.close()


def _answer_why(exc: http.client.HTTPException) -> str:
    if "more than" in str(exc) and "headers" in str(exc):
        return "headers"
    if isinstance(exc, http.client.LineTooLong):
        return "header_line"
    if isinstance(exc, http.client.IncompleteRead):
        return "cut_short"
    if isinstance(exc, http.client.BadStatusLine):  # RemoteDisconnected too: closed before a status
        return "status_line"
    return "other"


def _connection_why(exc: BaseException) -> str:
    if isinstance(exc, ConnectionRefusedError):
        return "refused"
    if isinstance(exc, ConnectionResetError):
        return "reset"
    if isinstance(exc, socket.gaierror):
        return "no_such_host"
    if isinstance(exc, ssl.SSLError):
        return "tls"
    if isinstance(exc, OSError) and exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH):
        return "no_route"
    return "other"


def _said(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else ""


def _resolved(url: str, location: str) -> str:
    """A ``Location`` against the URL asked; a target no URL parser takes is named as given, for
    the crawler to refuse (it never reaches a request)."""
    try:
        return urljoin(url, location.strip())
    except ValueError:
        return location


_CHARSET = re.compile(r"[A-Za-z0-9._:-]{1,40}\Z")


def _decoded(raw: bytes, headers: Message) -> str:
    charset = headers.get_content_charset() or "utf-8"
    if not _CHARSET.match(charset):
        raise FetchError("bad_charset", "", charset[:60])
    try:
        codec = codecs.lookup(charset)
    except LookupError:
        raise FetchError("bad_charset", "", charset) from None
    if not getattr(codec, "_is_text_encoding", True):  # rot13, base64...: not a page's text
        raise FetchError("bad_charset", "", charset)
    return raw.decode(codec.name, errors="replace")


def _keep_cookies(lines: list[str], jar: dict[str, str]) -> None:
    for line in lines:
        cookie = SimpleCookie()
        try:
            cookie.load(line)
        except CookieError:
            continue
        for name, morsel in cookie.items():
            if len(jar) < 50 or name in jar:
                jar[name] = morsel.value
