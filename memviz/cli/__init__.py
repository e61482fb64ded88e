"""memviz's commands: ``commands`` parses the command line and runs a command; ``site``,
``scenario`` and ``compare`` hold one command family each. Their text formats, which the window
shows too, live in :mod:`memviz.text`.

This file loads the commands only when the command runs, so ``from memviz.cli import main`` is cheap.
"""

import gc


def main(argv: list[str] | None = None) -> int:
    """The ``memviz`` command (the console script's entry point)."""
    global _collector_after_start
    # Python's cycle collector is off while the command line loads its modules (the core with them)
    # and reads the arguments: what is made then (modules, classes, the parser) lives on or is freed
    # by reference counting, and the collector's passes over it freed nothing (10 M instructions, 1 %
    # of the window's time to its first picture, issue 41). The command itself runs with the
    # collector as it was (:func:`start_over`); the window keeps it off (commands.open_window).
    _collector_after_start = gc.isenabled()
    gc.disable()
    try:
        from memviz.cli.commands import main as run_command

        return run_command(argv)
    finally:
        start_over()  # a command line that ended before its command (an error, --help)


_collector_after_start: bool | None = None  # the collector's state to put back once started


def start_over() -> None:
    """The command line is read and its command about to run: the collector as it was before."""
    global _collector_after_start
    if _collector_after_start:
        gc.enable()
    _collector_after_start = None


# What a command that may end the process at once keeps until then (may_end_at_once): freeing a
# report's runs one by one only to end would cost more than keeping them did.
_kept_until_the_end: tuple[object, ...] | None = None


def may_end_at_once(*keep: object) -> None:
    """Said by a command whose work leaves nothing to clean up (memviz report: its output written,
    no file open, no thread): when run as ``python -m memviz``, the process may end as soon as the
    command returns, ``keep`` not freed (:func:`end_now_if_done`). Elsewhere (a test, the window's
    caller) nothing changes but that ``keep`` lives until the next such command."""
    global _kept_until_the_end
    _kept_until_the_end = keep


def end_now_if_done(status: int) -> None:
    """End the process with ``status`` now, without tearing the interpreter down, if the command
    said it may (:func:`may_end_at_once`) and no thread runs that the interpreter would wait for:
    the exit callbacks run first (atexit's, in the interpreter's order, with memviz's signal
    handlers still in place), then standard output and error are flushed. Otherwise returns, and
    the process ends as usual.

    Why: the teardown only frees, one object at a time, what the command made (a report's
    thousands of runs, numpy's modules: ~0.02 s of the report's CPU, issue 41); and early in it
    Python puts the default signal handlers back, so a signal in its last ~10 ms killed a finished
    ``memviz record`` with no line and -15 for a status where issue 23 promises 143."""
    if _kept_until_the_end is None:
        return
    import atexit
    import os
    import sys
    import threading

    run_exit_callbacks = getattr(atexit, "_run_exitfuncs", None)  # CPython's own, as at exit
    main = threading.main_thread()
    if run_exit_callbacks is None or any(not t.daemon for t in threading.enumerate() if t is not main):
        return
    run_exit_callbacks()  # they are cleared as they run: the usual end, if it follows, has none left
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # said as usual by the interpreter's own flush at exit
        return
    os._exit(status)
