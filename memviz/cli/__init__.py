"""memviz's commands: ``commands`` parses the command line and runs a command; ``site``,
``scenario`` and ``compare`` hold one command family each. Their text formats, which the window
shows too, live in :mod:`memviz.text`.

This file loads the commands only when the command runs, so ``from memviz.cli import main`` is cheap.
"""


def main(argv: list[str] | None = None) -> int:
    """The ``memviz`` command (the console script's entry point)."""
    from memviz.cli.commands import main as run_command

    return run_command(argv)


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
    said it may (:func:`may_end_at_once`), standard output and error flush, no exit callback is
    registered and no other thread runs: the teardown would only free, one object at a time, what
    the command made (a report's thousands of runs, numpy's modules: ~0.02 s of the report's CPU,
    issue 41). Otherwise returns, and the process ends as usual."""
    if _kept_until_the_end is None:
        return
    import atexit
    import os
    import sys
    import threading

    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):  # said as usual by the interpreter's own flush at exit
        return
    callbacks = getattr(atexit, "_ncallbacks", None)  # CPython's count of registered exit callbacks
    if callbacks is None or callbacks() or threading.active_count() > 1:
        return
    os._exit(status)
