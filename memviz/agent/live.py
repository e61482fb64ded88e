"""One model run in a thread, for a window to watch (Explore's "Live agent"): the site served on a
free port, the run's trace appended as it goes, each step handed to ``on_step`` as it happens, the end
to ``on_end``. :meth:`LiveRun.cancel` ends the run at once: the call in flight is abandoned (its
step did not finish, so it is not recorded) and every finished step stays in the trace.

Qt-free: the callbacks run in the run's thread, and a window passes them on to its own thread.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from memviz.agent.client import ChatClient, EndpointError
from memviz.agent.history import History
from memviz.agent.page import FetchError
from memviz.agent.prompt import load_templates
from memviz.agent.run import AgentRun, AgentSettings, RunOutcome, StepRecord, TokenBudget
from memviz.agent.serving import ServedSite
from memviz.agent.traceout import Redactor, TraceAppender
from memviz.core.site import Site


def trace_path(folder: Path, label: str) -> Path:
    """A new file in ``folder`` for a run labelled ``label``: the time it started, never an old one's."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    safe = "".join(c if c.isalnum() or c in "._-" else "-" for c in label).strip("-")
    path = folder / f"{safe}__live__{stamp}.jsonl"
    k = 1
    while path.exists():
        k += 1
        path = folder / f"{safe}__live__{stamp}-{k}.jsonl"
    return path


class CancelledError(Exception):
    """The window's Cancel: the call in flight is left to finish on its own, its answer unused."""


class _CancellableClient:
    """A client whose call a Cancel abandons at once: the call runs in a thread of its own, and the
    run waits for its answer or for the Cancel, whichever comes first (httpx cannot abort a call
    from another thread; the abandoned one ends by its timeout, unseen)."""

    def __init__(self, client: ChatClient) -> None:
        self.client = client
        self.cancelled = False
        self.wake = threading.Event()  # set by the answer, or by cancel()

    def cancel(self) -> None:
        self.cancelled = True
        self.wake.set()

    def chat(self, messages, tools=None):
        box: dict = {}
        wake = self.wake = threading.Event()
        if self.cancelled:
            raise CancelledError

        def call() -> None:
            try:
                box["reply"] = self.client.chat(messages, tools)
            except BaseException as exc:  # handed to the run's thread, which raises it
                box["error"] = exc
            wake.set()

        threading.Thread(target=call, name="memviz-live-call", daemon=True).start()
        wake.wait()
        if self.cancelled:
            raise CancelledError
        if "error" in box:
            raise box["error"]
        return box["reply"]


class LiveRun:
    def __init__(
        self,
        settings: AgentSettings,
        site: Site,
        folder: Path,
        api_key_env: str | None = None,
        timeout: float = 60.0,
        seed: int = 1000,
        on_step: Callable[[StepRecord, Path], None] = lambda record, path: None,
        on_end: Callable[[RunOutcome | None, Exception | None, Path], None] = lambda outcome, error, path: (
            None
        ),
    ) -> None:
        self.settings, self.site, self.folder = settings, site, folder
        self.key = os.environ.get(api_key_env, "").strip() if api_key_env else None
        self.timeout, self.seed = timeout, seed
        self.on_step, self.on_end = on_step, on_end
        self.path = trace_path(folder, settings.label())
        self.agent: AgentRun | None = None
        self.client: ChatClient | None = None
        self.calls: _CancellableClient | None = None
        self.cancelled = threading.Event()
        self.thread = threading.Thread(target=self._run, name="memviz-live-agent", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def cancel(self) -> None:
        self.cancelled.set()
        if self.agent is not None:
            self.agent.stopped = True
        calls = self.calls
        if calls is not None:
            calls.cancel()  # the call in flight is abandoned now

    def _run(self) -> None:
        served = trace = None
        outcome, error = None, None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            served = ServedSite(self.site, self.settings.lang)
            templates = load_templates(self.settings.lang)
            trace = TraceAppender(self.path, False, Redactor(self.key))
            self.client = ChatClient(
                self.settings.endpoint, self.settings.model, self.key, self.timeout, self.settings.temperature
            )
            self.calls = _CancellableClient(self.client)
            if self.cancelled.is_set():
                self.calls.cancel()
            self.agent = AgentRun(
                self.settings, self.calls, self.site, served.url, templates, trace, TokenBudget(None),
                seed=self.seed, timeout=self.timeout, on_step=lambda record: self.on_step(record, self.path),
                task=f"{self.site.version}/{self.site.start}",  # as the built-in task set names it
                history=None if self.settings.context is None else History(
                    self.site, self.settings.context, self.settings.compaction, self.settings.turn_tokens
                ),
            )  # fmt: skip
            if self.cancelled.is_set():
                self.agent.stopped = True
            outcome = self.agent.run()
        except (EndpointError, FetchError, OSError, ValueError, RuntimeError, CancelledError) as exc:
            error = None if self.cancelled.is_set() else exc
            if self.agent is not None:
                outcome = RunOutcome(self.agent.steps, "cancelled" if error is None else "fault", error)
        finally:
            if trace is not None:
                trace.close()
            if self.client is not None:  # in a thread: an abandoned call may still hold the connection
                threading.Thread(target=self.client.close, name="memviz-live-close", daemon=True).start()
            if served is not None:
                served.stop()
        self.on_end(outcome, error, self.path)
