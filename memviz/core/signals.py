"""Stop signals held back while a short block runs, then handled as if they came as it ends.

Ctrl+C (SIGINT), SIGTERM and SIGHUP can come between two steps that must not be parted: a worker
process half started (``core/streaming.py``: the data it starts from half written down its pipe),
a temporary file made but not yet registered for removal (``memviz.stopping.signals_held``, which
builds on this). The core cannot import ``memviz.stopping`` (it imports nothing of memviz outside
itself), so the holding lives here, with the standard library only, and ``stopping`` adds its lock.

Two things hold a signal, as one is not enough:

- this thread's mask blocks it (a process started inside the block inherits the mask, so a child
  never sees the signal);
- in the main thread, Python's handlers are swapped for ones that only note it: the kernel hands a
  process's signal to any thread that does not mask it (Qt's, a pool's), and Python would then run
  the main thread's handler at its next line, inside the block.

The first signal noted is handled as the block ends (its handler called, or, for the default
action, the signal sent again), whether the block ended normally or by an exception.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Collection, Iterator
from typing import Any

STOP_SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextlib.contextmanager
def stop_signals_held(
    signals: Collection[int] = STOP_SIGNALS,
    *,
    mask: bool = True,
    lock: contextlib.AbstractContextManager[Any] | None = None,
) -> Iterator[None]:
    """``signals`` wait while the block runs, then arrive (see the module).

    ``mask``: block them in this thread's mask (POSIX). ``lock``: held from before the signals
    are held until they are let go again, not while the noted one is handled; something that
    must wait for the block (``memviz.stopping.end_now``) takes it too.
    """
    noted: list[int] = []
    handlers: dict[int, Callable[..., Any] | int | None] = {}
    try:
        with lock if lock is not None else contextlib.nullcontext():
            masked = mask and hasattr(signal, "pthread_sigmask")
            if masked:
                previous_mask = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
            if threading.current_thread() is threading.main_thread():
                for signum in signals:
                    handler = signal.getsignal(signum)
                    if callable(handler) or handler == signal.SIG_DFL:
                        handlers[signum] = signal.signal(signum, lambda number, _frame: noted.append(number))
            try:
                yield
            finally:
                for signum, handler in handlers.items():
                    signal.signal(signum, handler)
                if masked:
                    signal.pthread_sigmask(signal.SIG_SETMASK, previous_mask)
    finally:
        for signum in noted[:1]:  # the first one ends memviz; as if it had come now
            handler = handlers[signum]
            if callable(handler):
                handler(signum, None)
            else:
                os.kill(os.getpid(), signum)
