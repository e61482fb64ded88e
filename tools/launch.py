"""Start a command as a terminal would: in a process group of its own, with chosen signals ignored
and the rest at their defaults, optionally with standard output closed.

    python tools/launch.py [--ignore 1,2] [--close-stdout] -- COMMAND ARGS...

The hostile campaign and tests/test_signals.py start memviz through this instead of Popen's
``preexec_fn``. A ``preexec_fn`` runs Python code in the child between fork and exec, and since
Python 3.12 the garbage collector may run there: in a process with threads (the campaign's pool,
pytest-xdist's worker) it once freed a PyAV video scaler whose worker threads do not exist in the
child, and the child waited forever in pthread_cond_destroy (seen on Debian 13's Python 3.13). Here
the setup runs in a fresh single-threaded Python, which then becomes the command (``os.execv``: the
same process id, so a signal sent to it reaches the command).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys

# The signals a terminal or a supervisor sends; each is set to ignored or to its default.
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def main(argv: list[str]) -> None:
    ignored: set[int] = set()
    close_stdout = False
    while argv and argv[0] != "--":
        option = argv.pop(0)
        if option == "--ignore":
            ignored = {int(n) for n in argv.pop(0).split(",") if n}
        elif option == "--close-stdout":
            close_stdout = True
        else:
            sys.exit(f"launch: unknown option {option}")
    command = argv[1:]
    if not command:
        sys.exit("launch: no command after --")
    os.setpgrp()  # its own group: a hang is killed whole, and no signal reaches the caller
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_IGN if signum in ignored else signal.SIG_DFL)
    # Python ignores these two; exec would pass the ignore on (what Popen's restore_signals undoes)
    for name in ("SIGPIPE", "SIGXFSZ"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if close_stdout:
        os.close(1)
    program = command[0] if os.sep in command[0] else shutil.which(command[0]) or command[0]
    os.execv(program, command)


if __name__ == "__main__":
    main(sys.argv[1:])
