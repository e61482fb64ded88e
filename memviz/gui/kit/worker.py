"""Core computations off the GUI thread, with progress and cancel.

A :class:`Job` runs one function of the core in a thread pool. The core's :class:`Runner` reports
progress and asks ``cancelled()`` every few steps of its lock-step batches; progress comes back to
the GUI thread as queued signals, so views only ever touch widgets from the GUI thread.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import sys
import threading
import time
import traceback
import warnings
import weakref
from collections.abc import Callable
from typing import Any

from memviz.core.experiments import Cancelled, Runner
from memviz.gui.qt import QObject, QThreadPool, Signal, is_alive

# The GUI thread must get the interpreter back quickly while a worker computes (default: 5 ms).
GIL_SWITCH_INTERVAL = 0.002

PROGRESS_INTERVAL = 0.05  # seconds between two progress reports
# The most runs a job's Runner keeps for reuse (about 1.6 KB each: some 80 MB). A job of up to this
# many runs keeps them all, as before; past it (a large sweep) runs are made, used and let go: the
# same figures, only a run asked for twice is made twice (docs/gui-lifetime.md).
JOB_CACHED_RUNS = 50_000

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

    def release(self) -> None:
        """Let go of every slot: the lambdas views connect hold the view (and, through it, its
        window) and the job itself; a job whose outcome was told has nothing more to say."""
        for signal in (self.progress, self.finished, self.failed, self.cancelled):
            # Not asked first with isSignalConnected(QMetaMethod.fromSignal(...)): in PySide 6.11
            # fromSignal keeps a reference to the object, and the signals outlived their job.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # "Failed to disconnect": none was
                signal.disconnect()


class Job:
    """One computation: ``function(context)`` in a pool thread; the result arrives via ``signals``.

    ``seconds`` is the wall time the function took (measured here, in the GUI layer).

    A job lives while something holds it: the view that started it (until its outcome), and this
    module from :meth:`start` until its outcome is told in the GUI thread. The pool's thread holds
    only the job's number, so the last reference to a job (and to its signals' QObject) is always let
    go in the GUI thread, and a finished job takes nothing with it: not its window (the slots are
    released once told), not its Runner's cache of runs (never kept on the job).
    """

    def __init__(self, function: Callable[[JobContext], Any]) -> None:
        self.function = function
        self.signals = JobSignals()
        self._cancel_flag = threading.Event()
        self.done = threading.Event()
        self.seconds = 0.0
        self.ended_at = 0.0  # time.perf_counter() when the function returned or stopped
        self.outcome = ""  # "finished", "cancelled" or "failed" once done
        self.context: JobContext | None = None  # while it computes (its Runner's progress)
        _alive.add(self)

    def cancel(self) -> None:
        self._cancel_flag.set()

    @property
    def is_cancelled(self) -> bool:
        return self._cancel_flag.is_set()

    def run(self) -> tuple[str, tuple]:
        """Compute here, in the calling thread; (outcome, what goes with it) for the signals."""
        start = time.perf_counter()
        try:
            result = self.compute()
        except Cancelled:
            told: tuple[str, tuple] = ("cancelled", ())
        except Exception as exc:  # report, never crash the window
            if self._receiver_alive():  # a job cut short as the process ends has no one to tell
                traceback.print_exc()
            told = ("failed", (f"{type(exc).__name__}: {exc}",))
        else:
            told = ("cancelled", ()) if self.is_cancelled else ("finished", (result,))
        self.ended_at = time.perf_counter()
        self.seconds = self.ended_at - start
        self.outcome = told[0]
        self.done.set()
        return told

    def _receiver_alive(self) -> bool:
        return is_alive(self.signals)

    def _emit(self, name: str, *args: Any) -> None:
        """Send on the job's signals, unless their object is gone: the window that asked was closed
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
        """Run the function here, in the calling thread (also used by ``compute_blocking``).

        The context and its Runner (with the runs it cached) are this call's alone: kept on the
        job, they made a cycle with it and outlived it."""
        context: JobContext | None = None

        def on_runner_progress(done: int, total: int) -> None:
            if context is not None:
                context.on_runner_progress(done, total)

        try:
            with Runner(
                progress=on_runner_progress, cancelled=self._cancel_flag.is_set, cache_limit=JOB_CACHED_RUNS
            ) as runner:
                context = self.context = JobContext(runner, self._cancel_flag, self._emit_progress)
                return self.function(context)
        finally:
            # The Runner's callback and the context held each other and this job: let go of both.
            context = self.context = None

    def start(self) -> None:
        """Compute in the job pool; the outcome is told on ``signals`` in the GUI thread."""
        number = next(_numbers)
        _running[number] = self
        _hub()  # made here, in the GUI thread, which it must belong to
        job_pool().start(functools.partial(_work, number))


def _work(number: int) -> None:  # in a pool thread: holds the job only while it computes
    job = _running.get(number)
    if job is None:
        return
    outcome, args = job.run()
    del job  # let go before telling: the GUI thread drops the last reference
    _hub().ended.emit(number, outcome, args)


class _Hub(QObject):
    """Made once, in the GUI thread, for the process's life: pool threads tell it a job's outcome
    (a queued signal), and it tells the job's own signals there."""

    ended = Signal(int, str, object)  # the job's number, its outcome, the outcome signal's arguments

    def __init__(self) -> None:
        super().__init__()
        self.ended.connect(self._on_ended)

    def _on_ended(self, number: int, outcome: str, args: tuple) -> None:
        job = _running.pop(number, None)
        if job is None:
            return
        job._emit(outcome, *args)
        if job._receiver_alive():
            job.signals.release()


_hub_instance: _Hub | None = None


def _hub() -> _Hub:
    global _hub_instance
    if _hub_instance is None:
        _hub_instance = _Hub()
    return _hub_instance


_numbers = itertools.count(1)
_running: dict[int, Job] = {}  # started, outcome not yet told in the GUI thread (GUI thread's to change)
_alive: weakref.WeakSet[Job] = weakref.WeakSet()  # every job something still holds


def live_jobs() -> int:
    """How many jobs exist (running, or held by something): 0 once every window that started one has
    closed and its jobs have ended (tests/gui/test_monkey.py)."""
    return len(_alive)


def cancel_all() -> int:
    """Cancel every job still running (closing the window); returns how many were asked to stop."""
    running = [job for job in list(_running.values()) if not job.done.is_set()]
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
