"""A small web site for crawler tests that misbehaves on purpose: real HTTP on a loopback address,
each path answered by a function that writes the raw answer (a redirect anywhere, a slow drip, 150
headers, a charset that does not exist). Every request it receives is counted, so a test can
assert that a host was never asked."""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from collections.abc import Callable


class _Handler(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        try:
            self._answer()
        except OSError:  # the crawler hung up (a deadline, a refused answer): nothing more to say
            return

    def _answer(self) -> None:
        site: HostileSite = self.server.site  # type: ignore[attr-defined]
        while True:
            line = self.rfile.readline(65537)
            if not line:
                return
            parts = line.decode("latin-1").split()
            while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                pass  # the request's headers: not needed
            path = parts[1] if len(parts) > 1 else "/"
            with site.lock:
                site.asked.append(path)
            answer = site.pages.get(path.split("#")[0], site.pages.get("*"))
            try:
                if answer is None:
                    self.wfile.write(page(404, "<p>nothing here</p>"))
                else:
                    answer(self.wfile)
                self.wfile.flush()
            except OSError:  # the crawler hung up (a deadline): nothing more to say
                return


class HostileSite:
    """Serves ``pages`` ({path: write(wfile)}; "*" for any other path) on ``host``, in a thread."""

    def __init__(self, pages: dict[str, Callable], host: str = "127.0.0.1") -> None:
        self.pages = pages
        self.asked: list[str] = []
        self.lock = threading.Lock()
        self.server = socketserver.ThreadingTCPServer((host, 0), _Handler)
        self.server.daemon_threads = True
        self.server.site = self  # type: ignore[attr-defined]
        self.host, self.port = host, self.server.server_address[1]
        self.url = f"http://{host}:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05})
        self.thread.daemon = True
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(30)


def page(status: int, body: str, headers: dict[str, str] | None = None, charset: str = "utf-8") -> bytes:
    data = body.encode("utf-8")
    head = [
        f"HTTP/1.1 {status} X",
        f"Content-Type: text/html; charset={charset}",
        f"Content-Length: {len(data)}",
    ]
    head += [f"{k}: {v}" for k, v in (headers or {}).items()]
    return ("\r\n".join(head) + "\r\n\r\n").encode("utf-8", "surrogateescape") + data  # raw, as sent


def html_page(*links: str, extra: str = "") -> Callable:
    body = "".join(f'<a href="{href}">{href}</a>' for href in links) + extra
    return lambda w: w.write(page(200, f"<html><body>{body}</body></html>"))


def redirect(to: str, status: int = 302) -> Callable:
    return lambda w: w.write(page(status, "", {"Location": to}))


def drip(head: bytes = b"", every: float = 0.05, most: float = 30.0) -> Callable:
    """``head`` at once, then one byte every ``every`` seconds (at most ``most`` seconds)."""

    def write(w) -> None:
        w.write(head)
        w.flush()
        end = time.monotonic() + most
        while time.monotonic() < end:
            w.write(b"x")
            w.flush()
            time.sleep(every)

    return write


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]
