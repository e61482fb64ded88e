"""Core computations off the GUI thread, with progress and cancel.

A :class:`Job` runs one function of the core in a thread pool. The core's :class:`Runner` reports
progress and asks ``cancelled()`` every few steps of its lock-step batches; progress comes back to
the GUI thread as queued signals, so views only ever touch widgets from the GUI thread.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable
from typing import Any

from memviz.core.experiments import Cancelled, Runner
from memviz.gui.qt import QObject, QRunnable, QThreadPool, Signal, is_alive

# The GUI thread must get the interpreter back quickly while a worker computes (default: 5 ms).
GIL_SWITCH_INTERVAL = 0.002

PROGRESS_INTERVAL = 0.05  # seconds between two progress reports

_pool: QThreadPool | None = None


def job_pool() -> QThreadPool:
    """The pool analysis jobs run in (separate from Qt's global pool, so tests can wait on it)."""
    global _pool
    if _pool is None:
        _pool = QThreadPool()
        _pool.setMaxThreadCount(2)
        _pool.setExpiryTimeout(10_000)
        # Python threads take turns on one interpreter lock; a shorter turn keeps the event loop
        # answering within milliseconds while the worker computes.
        sys.setswitchinterval(min(sys.getswitchinterval(), GIL_SWITCH_INTERVAL))
    return _pool


class JobContext:
    """What a job's function gets: the core's Runner, and progress/cancel for work done outside it."""

    def __init__(self, runner: Runner, cancel_flag: threading.Event, emit: Callable[[int, int], None]):
        self.runner = runner
        self._cancel_flag = cancel_flag
        self._emit = emit
        self._extra_done = 0
        self._extra_total = 0
        self._expected = 0
        self._last_report = 0.0

    def expect(self, total: int) -> None:
        """Announce the whole job's size up front, so the bar does not jump back as parts start."""
        self._expected = total

    def plan(self, n: int) -> None:
        """Announce ``n`` units of work that the job will do outside the Runner."""
        self._extra_total += n
        self._report()

    def advance(self, n: int = 1) -> None:
        """``n`` units done outside the Runner; raises Cancelled if the user said stop."""
        self._extra_done += n
        self._report()
        self.check()

    def check(self) -> None:
        if self._cancel_flag.is_set():
            raise Cancelled

    def on_runner_progress(self, done: int, total: int) -> None:
        self._report()

    def _report(self) -> None:
        # At most one report per PROGRESS_INTERVAL: a flood of queued signals would keep the GUI
        # thread busy repainting the bar instead of answering the user.
        now = time.perf_counter()
        if now - self._last_report < PROGRESS_INTERVAL:
            return
        self._last_report = now
        done = self.runner.done + self._extra_done
        total = max(self.runner.total + self._extra_total, self._expected, done)
        self._emit(done, total)


class JobSignals(QObject):
    progress = Signal(int, int)  # done, total
    finished = Signal(object)  # the function's result
    failed = Signal(str)  # one-line message
    cancelled = Signal()


class Job(QRunnable):
    """One computation: ``function(context)`` in a pool thread; the result arrives via ``signals``.

    ``seconds`` is the wall time the function took (measured here, in the GUI layer).
    """

    def __init__(self, function: Callable[[JobContext], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # Python owns the job; it must outlive run() for its signals
        self.function = function
        self.signals = JobSignals()
        self._cancel_flag = threading.Event()
        self.done = threading.Event()
        self.seconds = 0.0
        self.ended_at = 0.0  # time.perf_counter() when the function returned or stopped
        self.outcome = ""  # "finished", "cancelled" or "failed" once done

    def cancel(self) -> None:
        self._cancel_flag.set()

    @property
    def is_cancelled(self) -> bool:
        return self._cancel_flag.is_set()

    def run(self) -> None:  # in a pool thread
        start = time.perf_counter()
        try:
            result = self.compute()
        except Cancelled:
            self._finish("cancelled", start)
            self._emit("cancelled")
        except Exception as exc:  # report, never crash the window
            if self._receiver_alive():  # a job cut short as the process ends has no one to tell
                traceback.print_exc()
            self._finish("failed", start)
            self._emit("failed", f"{type(exc).__name__}: {exc}")
        else:
            if self.is_cancelled:
                self._finish("cancelled", start)
                self._emit("cancelled")
            else:
                self._finish("finished", start)
                self._emit("finished", result)

    def _receiver_alive(self) -> bool:
        return is_alive(self.signals)

    def _emit(self, name: str, *args: Any) -> None:
        """Send the outcome, unless the signals' object is gone: the window that asked was closed
        and its objects deleted (a refused snapshot, the process ending) — the answer has no one to
        go to, and raising here ("Signal source has been deleted") printed a traceback after the
        user's one line (issue 23)."""
        if not self._receiver_alive():
            return
        with contextlib.suppress(RuntimeError):  # deleted between the check and the emit
            getattr(self.signals, name).emit(*args)

    def _emit_progress(self, done: int, total: int) -> None:
        self._emit("progress", done, total)

    def compute(self) -> Any:
        """Run the function here, in the calling thread (also used by ``compute_blocking``)."""
        with Runner(progress=self._on_runner_progress, cancelled=self._cancel_flag.is_set) as runner:
            self._context = JobContext(runner, self._cancel_flag, self._emit_progress)
            return self.function(self._context)

    def _on_runner_progress(self, done: int, total: int) -> None:
        self._context.on_runner_progress(done, total)

    def _finish(self, outcome: str, start: float) -> None:
        self.ended_at = time.perf_counter()
        self.seconds = self.ended_at - start
        self.outcome = outcome
        self.done.set()

    def start(self) -> None:
        _started.add(self)
        job_pool().start(self)


_started: weakref.WeakSet[Job] = weakref.WeakSet()  # jobs started, while anything holds them


def cancel_all() -> int:
    """Cancel every job still running (closing the window); returns how many were asked to stop."""
    running = [job for job in list(_started) if not job.done.is_set()]
    for job in running:
        job.cancel()
    return len(running)


def stop_all(wait_ms: int = 2_000) -> bool:
    """Cancel every job and wait (at most ``wait_ms``) for the pool to be idle; True when it is.

    For the end of a headless snapshot or recording, refused or done: a job one of its views
    started must not go on computing while the process exits.
    """
    cancel_all()
    return _pool is None or _pool.waitForDone(wait_ms)
