"""Ending memviz on a signal: at any moment, within a second, with the documented status, one line,
and no temporary file left (issue 23).

Ctrl+C (SIGINT) ends with status 130, SIGTERM with 143, SIGHUP (the terminal closed) with 129, as a
shell reports a process a signal stopped. Two ways, chosen by what the command runs:

- :func:`unwinding` (commands in plain Python: run, batch, report, …): the signal raises
  KeyboardInterrupt or :class:`Stopped` in the main thread, so ``with`` blocks clean up on the way out.
- :func:`ending_at_once` (commands that draw with Qt: snapshot, record, and the window): the main
  thread may be inside Qt for seconds, and an exception raised in a Qt callback is swallowed (the
  signal seemed ignored), aborts shiboken or crashes. There, a thread of memviz's own wakes on the
  signal (Python's C-level handler writes it to a pipe at once, whatever the main thread is doing),
  removes the temporary files memviz registered (:func:`temporary`), ends the child processes it
  registered (:func:`child`), prints the line and ends the process (``os._exit``).

:func:`while_starting` covers the imports before either is set up (the first second of a command).
Nothing here imports Qt, numpy or the core at load (:func:`signals_held` uses the core's
:mod:`memviz.core.signals`, which holds signals back for the core's own workers too): the module is
loaded first.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator

# memviz.core.signals.STOP_SIGNALS, named here too: importing the core here would load its engine
# before while_starting() covers the imports (memviz.core's __init__ loads it).
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def _ignored_by_the_parent() -> frozenset[int]:
    """The signals this process was started with set to ignored: SIGHUP under ``nohup``, SIGINT for
    a shell's ``cmd &``. They stay ignored (as Python leaves an ignored SIGINT): a hang-up ended a
    nohup'd recording. Read when this module is first imported, before memviz sets any handler."""
    return frozenset(s for s in _SIGNALS if signal.getsignal(s) == signal.SIG_IGN)


_IGNORED = _ignored_by_the_parent()
_HANDLED = tuple(s for s in _SIGNALS if s not in _IGNORED)  # the signals memviz sets handlers for

STATUS = {
    signal.SIGINT: 130,
    **{getattr(signal, n): s for n, s in (("SIGTERM", 143), ("SIGHUP", 129)) if hasattr(signal, n)},
}
LINES = {
    signal.SIGINT: "memviz: interrupted",
    **{
        getattr(signal, n): line
        for n, line in (("SIGTERM", "memviz: stopped (terminated)"), ("SIGHUP", "memviz: stopped (hang-up)"))
        if hasattr(signal, n)
    },
}


def use_lines(lines: dict[str, str]) -> None:
    """Say these lines (by the signal's name: "SIGINT", …) when a signal ends memviz: the command line
    passes them in the user's language (memviz.wording.errors) once it knows it."""
    for name, line in lines.items():
        signum = getattr(signal, name, None)
        if signum in LINES:
            LINES[signum] = line


_lock = threading.RLock()  # end_now, and signals_held (a block end_now waits for)
_temporary: set[str] = set()  # files to remove if memviz is stopped (atomic_output's)
_children: set[int] = set()  # processes to end with memviz (the window's `memviz record`)


class Stopped(BaseException):  # a signal, as KeyboardInterrupt is: not caught by `except Exception`
    """SIGTERM or SIGHUP arrived: unwinds the work as Ctrl+C does; ``status`` is the exit status."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.status = STATUS[signum]
        self.line = LINES[signum]


# -- what to clean up ---------------------------------------------------------------------------------


@contextlib.contextmanager
def temporary(path: str | os.PathLike[str]) -> Iterator[None]:
    """While the block runs, ``path`` is removed if memviz is stopped at once by a signal."""
    name = os.fspath(path)
    _temporary.add(name)
    try:
        yield
    finally:
        _temporary.discard(name)


def signals_held() -> contextlib.AbstractContextManager[None]:
    """Signals wait while the block runs: around making a temporary file and registering it, so no
    signal falls between the two and leaves the file behind; one that came is handled as the block
    ends.

    The core's :func:`~memviz.core.signals.stop_signals_held` holds them (this thread's mask, and the
    main thread's handlers only note them, whichever thread the kernel hands the signal to), and
    :func:`end_now`, run by the signal thread of :func:`ending_at_once`, waits for the block: it
    takes the same lock before it removes the registered files.
    """
    from memviz.core.signals import stop_signals_held  # (see _SIGNALS)

    return stop_signals_held(_HANDLED, lock=_lock)


def child(pid: int) -> None:
    """End process ``pid`` (SIGTERM) if memviz is stopped by a signal."""
    _children.add(pid)


def child_ended(pid: int) -> None:
    _children.discard(pid)


# -- ending -------------------------------------------------------------------------------------------


def end_now(signum: int) -> None:
    """Remove the registered files, end the registered children, say the line, exit. Never returns;
    a second signal meanwhile waits for the first to finish the job."""
    with _lock:
        for name in list(_temporary):
            with contextlib.suppress(OSError):
                os.unlink(name)
        for pid in list(_children):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        with contextlib.suppress(OSError):
            os.write(2, (LINES.get(signum, "memviz: stopped") + "\n").encode())
        os._exit(STATUS.get(signum, 128 + signum))


def _end_now_handler(signum, _frame) -> None:
    end_now(signum)


def while_starting() -> None:
    """From the first line of ``python -m memviz`` / the ``memviz`` script: a signal during the
    imports ends memviz at once (nothing is written yet). POSIX, main thread."""
    if threading.current_thread() is threading.main_thread():
        for signum in _HANDLED:
            signal.signal(signum, _end_now_handler)


def ending_at_once() -> None:
    """For the rest of the process: a signal ends it at once (see the module), even while the main
    thread is inside Qt. Main thread only; idempotent."""
    global _wakeup_write_end
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in _HANDLED:
        signal.signal(signum, _end_now_handler)
    if not hasattr(signal, "set_wakeup_fd") or os.name != "posix":
        return
    if _wakeup_write_end is None:  # one pipe and one thread for the process's life
        read_end, write_end = os.pipe()
        os.set_blocking(write_end, False)
        threading.Thread(target=_watch, args=(read_end,), name="memviz-signals", daemon=True).start()
        _wakeup_write_end = write_end
    signal.set_wakeup_fd(_wakeup_write_end, warn_on_full_buffer=False)  # again after ending_at_once_while


_wakeup_write_end: int | None = None  # the pipe the signal thread reads, once made


def _watch(read_end: int) -> None:
    while True:
        data = os.read(read_end, 1)
        if data and data[0] in STATUS:
            end_now(data[0])


@contextlib.contextmanager
def ending_at_once_while() -> Iterator[None]:
    """:func:`ending_at_once` while the block runs (a drawing command); afterwards the handlers and
    the wakeup file as they were. ``memviz record`` ends with the block, but ``main()`` may return
    into a process that goes on (a test's): left set, a later SIGTERM that process sent itself and
    handled went to the signal thread, which ended the process (status 143). Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in _HANDLED}
    wakeup = signal.set_wakeup_fd(-1) if hasattr(signal, "set_wakeup_fd") else -1  # (to read it)
    if wakeup != -1:
        signal.set_wakeup_fd(wakeup)
    ending_at_once()
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if handler is not None:  # (None: set outside Python, which cannot be put back)
                signal.signal(signum, handler)
        if hasattr(signal, "set_wakeup_fd"):
            signal.set_wakeup_fd(wakeup)


@contextlib.contextmanager
def unwinding() -> Iterator[None]:
    """While a command works: Ctrl+C raises KeyboardInterrupt, SIGTERM and SIGHUP :class:`Stopped`
    (POSIX, main thread only); before and after, as they were."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    global _unwound_by
    _unwound_by = None

    def stop(signum, _frame):
        global _unwound_by
        _unwound_by = signum
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in _HANDLED}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


_unwound_by: int | None = None  # the signal the last unwinding() block was stopped by


def unwound_by() -> int | None:
    """The signal that stopped the last :func:`unwinding` block, or None. A library may turn the
    exception the signal raised into one of its own (numpy makes an ImportError of one raised while
    it is being imported): the command line still ends as the signal asks."""
    return _unwound_by


def say(line: str) -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(line, file=sys.stderr)
