"""Core computations off the GUI thread, with progress and cancel.

A :class:`Job` runs one function of the core in a thread pool. The core's :class:`Runner` reports
progress and asks ``cancelled()`` after every chunk of runs; both callbacks come back to the GUI
thread as queued signals, so views only ever touch widgets from the GUI thread.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from memviz.core.experiments import Cancelled, Runner, default_workers

# Small chunks keep cancel quick and progress moving: 25 runs of the slowest kind (no memory, until
# every bug is found, ~1 ms each) take ~25 ms between two looks at the cancel flag.
CHUNK_SIZE = 25
# From this many runs on, a job spreads over every core (processes); below it, starting the pool
# costs more than it saves.
PROCESS_POOL_MIN_RUNS = 6000
# The GUI thread must get the interpreter back quickly while a worker computes (default: 5 ms).
GIL_SWITCH_INTERVAL = 0.002

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


def workers_for(runs: int) -> int:
    return default_workers() if runs >= PROCESS_POOL_MIN_RUNS else 1


class JobContext:
    """What a job's function gets: the core's Runner, and progress/cancel for work done outside it."""

    def __init__(self, runner: Runner, cancel_flag: threading.Event, emit: Callable[[int, int], None]):
        self.runner = runner
        self._cancel_flag = cancel_flag
        self._emit = emit
        self._extra_done = 0
        self._extra_total = 0
        self._expected = 0

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

    def __init__(self, function: Callable[[JobContext], Any], runs: int = 0) -> None:
        super().__init__()
        self.setAutoDelete(False)  # Python owns the job; it must outlive run() for its signals
        self.function = function
        self.workers = workers_for(runs)
        self.signals = JobSignals()
        self._cancel_flag = threading.Event()
        self.done = threading.Event()
        self.seconds = 0.0
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
            self.signals.cancelled.emit()
        except Exception as exc:  # report, never crash the window
            traceback.print_exc()
            self._finish("failed", start)
            self.signals.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            if self.is_cancelled:
                self._finish("cancelled", start)
                self.signals.cancelled.emit()
            else:
                self._finish("finished", start)
                self.signals.finished.emit(result)

    def compute(self) -> Any:
        """Run the function here, in the calling thread (also used by ``compute_blocking``)."""
        with Runner(
            workers=self.workers,
            progress=self._on_runner_progress,
            cancelled=self._cancel_flag.is_set,
            chunk_size=CHUNK_SIZE,
        ) as runner:
            self._context = JobContext(runner, self._cancel_flag, self.signals.progress.emit)
            return self.function(self._context)

    def _on_runner_progress(self, done: int, total: int) -> None:
        self._context.on_runner_progress(done, total)

    def _finish(self, outcome: str, start: float) -> None:
        self.seconds = time.perf_counter() - start
        self.outcome = outcome
        self.done.set()

    def start(self) -> None:
        job_pool().start(self)
