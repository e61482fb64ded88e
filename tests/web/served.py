"""A served site for tests: `memviz serve`'s app on a free localhost port, in a thread."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from memviz.core.site import Site
from memviz.web.network import RateLimit
from memviz.web.server import build_app, listen, make_server
from memviz.web.serverlog import ServerLog
from memviz.web.visitors import TraceCaps


class Served:
    def __init__(
        self,
        site: Site,
        trace_dir: Path | None = None,
        lang: str = "en",
        caps: TraceCaps | None = None,
        rate: RateLimit | None = None,
        host: str = "127.0.0.1",
        answers: bool = False,
    ) -> None:
        self.site = site
        self.trace_dir = trace_dir
        self.sock = listen(host, 0)
        self.url = f"http://{host}:{self.sock.getsockname()[1]}/"
        self.log = ServerLog(lang, write=lambda line: None)  # its lines are read from .log.lines
        self.server = make_server(
            build_app(site, lang, trace_dir, caps=caps, rate=rate, log=self.log, answers=answers), self.log
        )
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30  # a condition, with a bound far past any real start
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()


@contextlib.contextmanager
def serve_process(
    trace_dir: Path, lang: str, preexec_fn: Callable[[], None] | None = None
) -> Iterator[tuple[subprocess.Popen, str]]:
    """A real ``memviz serve`` on a free port writing traces to ``trace_dir``: the process and its
    address (read from the line it prints first). Killed on the way out if the test left it running."""
    command = [
        sys.executable,
        "-m",
        "memviz",
        "serve",
        "--port",
        "0",
        "--trace-dir",
        str(trace_dir),
        "--lang",
        lang,
    ]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=preexec_fn
    )
    try:
        yield process, re.search(r"http://127\.0\.0\.1:\d+/", process.stdout.readline()).group(0)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
