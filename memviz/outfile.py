"""Writing a user's file safely: a temporary file of memviz's own, renamed into place at the end.

One rule for every file memviz writes on request (a snapshot, a video, a generated site):

- the work goes to a new, uniquely named file beside the target (``.memviz-XXXXXXXX.mp4``), made
  with :func:`tempfile.mkstemp`, so no file of the user's is ever opened, truncated or removed,
  whatever it is called (``clip.gif.part`` included);
- at the end it is renamed over the target in one step (:func:`os.replace`), so a reader sees the
  old file or the whole new one, never half of one; on any failure, Ctrl+C included, the temporary
  file is removed and the target is untouched;
- an existing target is replaced only when asked (``--force``, as ffmpeg's ``-y``): refused before
  any work starts, and checked again before the rename;
- only a regular file is ever replaced: a device (``/dev/full`` as root), a named pipe, a socket or a
  folder as target is refused whatever ``--force`` says (:func:`regular_or_absent`);
- every error names the file or folder it is about.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from memviz import stopping

TEMPORARY_PREFIX = ".memviz-"


class OutputExistsError(FileExistsError):
    """The target exists and replacing it was not asked for."""


class NotARegularFileError(OSError):
    """The target is a device, a named pipe or a socket: memviz never replaces one, --force or not."""


_KINDS = (
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
    (stat.S_ISFIFO, "named pipe (FIFO)"),
    (stat.S_ISSOCK, "socket"),
)


def regular_or_absent(path: Path, what: str = "out") -> bool:
    """True when ``path`` (or what its symlink leads to) is a regular file, False when there is none.

    Raises IsADirectoryError for a folder and :class:`NotARegularFileError` for anything else (a
    device, a FIFO, a socket): the one check every writer of a user's file makes, before any work
    and again just before the rename. A reusable guard (other commands' outputs use it too).
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:  # no file, or a symlink to none: os.replace puts a file in its place
        return False
    except OSError as exc:
        raise _named(exc, f"{what}: cannot use {path}: {_reason(exc)}") from None
    if stat.S_ISREG(mode):
        return True
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"{what}: {path} is a folder, not a file")
    kind = next((name for test, name in _KINDS if test(mode)), "special file")
    raise NotARegularFileError(
        f"{what}: {path} is a {kind}, not a regular file (memviz replaces regular files only, even with --force)"
    )


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _named(exc: OSError, message: str) -> OSError:
    """``exc`` again with a message that names the path (its kind kept when it is a built-in one)."""
    kind = type(exc) if type(exc).__module__ == "builtins" else OSError
    named = kind(message)
    named.errno = exc.errno
    return named


def _refuse_existing(out: Path, force: bool) -> None:
    """Without --force, a name already taken is refused: a regular file, or a symlink to none (the
    link is the user's; with --force the link itself is replaced, never written through)."""
    if regular_or_absent(out) and not force:
        raise OutputExistsError(f"out: {out} already exists (add --force to replace it)")
    if out.is_symlink() and not out.exists() and not force:
        raise OutputExistsError(
            f"out: {out} is a symlink to a missing file (add --force to replace the link)"
        )


def check_output(out: Path, force: bool, make_folder: bool = True) -> None:
    """Refuse, before any work, a target that cannot be written or may not be replaced.

    Raises :class:`OutputExistsError` for an existing file without ``force``, OSError (naming the
    path) for a folder in the way, a folder that is missing (created if ``make_folder``) or one
    no file can be made in.
    """
    out = Path(out)
    _refuse_existing(out, force)
    folder = out.parent
    if not folder.is_dir():
        if not make_folder or folder.exists():
            raise FileNotFoundError(f"out: folder {folder} does not exist")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _named(exc, f"out: cannot make the folder {folder}: {_reason(exc)}") from None
    with stopping.signals_held():  # a file of memviz's own, made and removed: the folder is writable
        try:
            fd, probe = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, dir=folder)
        except OSError as exc:
            raise _named(exc, f"out: cannot write in {folder}: {_reason(exc)}") from None
        os.close(fd)
        os.unlink(probe)


@contextmanager
def atomic_output(out: Path, force: bool = False, make_folder: bool = True) -> Iterator[Path]:
    """Yield a new temporary path beside ``out``; when the block ends without error, rename it to ``out``.

    The temporary file exists (empty) when the block starts; writers may open it by name. Its
    permissions are those of a file the user would have made (mkstemp makes it private).
    """
    out = Path(out)
    check_output(out, force, make_folder)
    with contextlib.ExitStack() as registered:
        with stopping.signals_held():  # made and registered with no signal between
            try:
                fd, name = tempfile.mkstemp(prefix=TEMPORARY_PREFIX, suffix=out.suffix, dir=out.parent)
            except OSError as exc:
                raise _named(exc, f"out: cannot write in {out.parent}: {_reason(exc)}") from None
            registered.enter_context(stopping.temporary(name))  # removed if a signal ends memviz at once
        os.close(fd)
        yield from _written(out, Path(name), force)


def _written(out: Path, temporary: Path, force: bool) -> Iterator[Path]:
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        try:
            yield temporary
        except BrokenPipeError:  # the reader of the progress went away: not a fault of the file
            raise
        except OSError as exc:  # named by the target: the temporary name would only puzzle
            raise _named(exc, f"out: cannot write {out}: {_reason(exc)}") from None
        taken = regular_or_absent(out) or out.is_symlink()  # a special file is refused, force or not
        if taken and not force:  # made by someone else while memviz worked
            raise OutputExistsError(f"out: {out} appeared while memviz was writing it (add --force)")
        try:
            os.replace(temporary, out)
        except OSError as exc:
            raise _named(exc, f"out: cannot write {out}: {_reason(exc)}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def quiet_stdout() -> None:
    """Point stdout at the null device, so Python's last flush at exit has nowhere to fail.

    After a write to a full or broken stdout failed, the text stays in the stream's buffer, and some
    Pythons (Debian 12's 3.11.2) flush it again at exit: a second message and status 120 (seen in
    tools/bare_machine_check.sh). The null device takes it."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):  # no real file behind stdout (a test's capture)
        pass
