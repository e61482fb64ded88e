"""The blog served for a run when no URL is given: ``memviz serve``'s own app, on a free port of
127.0.0.1, in a thread, for as long as the runs last (one server per version of the site)."""

from __future__ import annotations

import threading
import time

from memviz.core.site import Site
from memviz.web.server import build_app, listen, make_server

START_SECONDS = 30.0  # a bound far past any real start: the server is waited for, not slept on


class ServedSite:
    def __init__(self, site: Site, lang: str = "en") -> None:
        self.sock = listen("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.server = make_server(build_app(site, lang))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, name="memviz-agent-site", daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + START_SECONDS
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise OSError("the blog's server did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(START_SECONDS)
        self.sock.close()


class ServedVersions:
    """A server per version of ``site`` asked for, started on first use, all stopped at the end."""

    def __init__(self, site: Site, lang: str = "en") -> None:
        self.site, self.lang = site, lang
        self.served: dict[str, ServedSite] = {}

    def url(self, version: str) -> str:
        if version not in self.served:
            self.served[version] = ServedSite(self.site.at_version(version), self.lang)
        return self.served[version].url

    def __enter__(self) -> ServedVersions:
        return self

    def __exit__(self, *exc) -> None:
        for served in self.served.values():
            served.stop()
