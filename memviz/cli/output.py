"""What a command says, and how: its result on stdout (a fault there is one line, status 1), its
errors as one line on stderr, the exit statuses, UTF-8 everywhere."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from memviz.core.limits import (
    one_line,
    terminal_text,
)

EXIT_OUTPUT = 1  # the result could not be written (a full disk, a closed stdout)
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # Ctrl+C, as a shell reports a process stopped by SIGINT
EXIT_BROKEN_PIPE = 141  # the reader went away (`memviz report | head`), as a shell reports SIGPIPE


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class TraceUsageError(ValueError):
    """Bad input to a trace command: one line, exit status 2 (the CLI catches ValueErrors). Here, not
    in :mod:`memviz.cli.trace`, so that every command can catch it without loading the traces."""


class OutputError(Exception):
    """The result cannot be written to standard output: one line, exit status 1."""


def emit(text: str) -> None:
    """Write ``text`` and a newline to stdout now; a fault becomes OutputError (BrokenPipeError stays)."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed (`memviz run >&-`)
        raise OutputError("standard output is closed: nothing to write the result to")
    try:
        stream.write(text + "\n")
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:  # e.g. `> /dev/full`
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None


def print_lines(lines: list[str]) -> None:
    emit("\n".join(lines))


class GuardedStdout:
    """stdout for a command: a write or flush that fails (a full disk) is an OutputError, so any
    command, whether it prints with emit(), print() or sys.stdout.write(), ends in one line. Names
    from a user's file reach the terminal escaped (limits.terminal_text): a page named with escape
    codes cleared the screen or retitled the terminal, a carriage return overwrote the line."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._guard(self._stream.write, terminal_text(text))
        return len(text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def _guard(self, call, *args):
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    stream = sys.stdout
    sys.stdout = GuardedStdout(stream)
    try:
        yield
    finally:
        if isinstance(sys.stdout, GuardedStdout):
            sys.stdout = stream


def use_utf8_output() -> None:
    """Print UTF-8 on every system, as Linux and macOS do.

    Windows writes a pipe or a file in its ANSI code page (cp1252, cp936), which cannot hold every
    character memviz prints (Chinese reports, a path in a Chinese user folder): `memviz report > out.txt`
    failed with UnicodeEncodeError, and the Record dialog, which reads its child's output as UTF-8,
    lost the path of the saved video. A Windows console is UTF-8 already and is left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def say(line: str) -> None:
    """One line on stderr, whatever the names in it hold (issue 23: a newline in a path split the
    error over two lines; terminal escape codes in a name were printed raw)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(one_line(line), file=sys.stderr)
