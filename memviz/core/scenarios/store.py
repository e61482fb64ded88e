"""A small file store modelled on the chapter's memory tool: view, create, str_replace, insert,
delete and rename, every path under ``/memories``, the files on disk in one memory directory.

The chapter's warning is that the client executes the model's file operations, so the client must
validate every path ("/memories/../../secrets.env"). Here a path is refused, with one clear line,
when it is not under ``/memories``, has a ``..`` or ``.`` part, a NUL or a backslash, a name longer
than :data:`NAME_MAX` bytes or more than :data:`DEPTH_MAX` parts, or resolves (through a symlink)
outside the directory; a refused command writes nothing. A refusal is also kept in
:attr:`MemoryStore.refused`, so a scenario can show it.

The folder is the user's too (``--memory-dir``), so memviz is careful with what it finds there
(issue 23): only regular files are opened (a named pipe would block for ever; opened without
waiting, then checked), a file larger than :data:`FILE_BYTES_MAX` is refused before it is read, a
folder in the store that is a symlink is not followed (:meth:`MemoryStore.folder_in`), and every
failure of the disk is a :class:`MemoryFolderError` naming the file: one line, never a traceback.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import NamedTuple

from memviz.core.limits import LIMITS

ROOT = "/memories"
NAME_MAX = 255  # bytes of one path part (the common file-system limit)
DEPTH_MAX = 8  # parts below /memories
FILE_BYTES_MAX = int(LIMITS["file_size"].high)  # a memory file is read whole: as big as a site file
_NOT_WAITING = getattr(os, "O_NONBLOCK", 0)  # opening a named pipe returns at once (then refused)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


class MemoryPathError(ValueError):
    """A path the store refuses; the message says why (``zh``: the same in Chinese, for the window)."""

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self.zh = zh if zh is not None else message


class MemoryFolderError(ValueError):
    """The memory folder, or a file in it, cannot be used: the message names it (one line)."""


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symlink"
    return "a special file"


class Refusal(NamedTuple):
    """A command the store refused: what was asked, the path, and why (in English and Chinese)."""

    command: str
    path: str
    reason: str
    reason_zh: str


class MemoryStore:
    """The memory directory ``directory`` (created if missing), seen as ``/memories``."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        if directory is None:
            directory = tempfile.mkdtemp(prefix="memviz-memories-")
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise MemoryFolderError(f"memory-dir: {self.directory} is not a folder") from None
        except OSError as exc:
            raise MemoryFolderError(f"memory-dir: cannot make {self.directory}: {_reason(exc)}") from None
        self.real_root = Path(os.path.realpath(self.directory))
        self._real_root_slash = os.path.join(str(self.real_root), "")
        self.refused: list[Refusal] = []

    @classmethod
    def folder_in(cls, parent: str | os.PathLike[str], name: str) -> MemoryStore:
        """The store in ``parent/name``, a folder of memviz's own inside the user's memory folder:
        made when missing; refused when it is a symlink (memviz would write wherever it leads) or
        anything but a folder."""
        folder = Path(parent, name)
        try:
            mode = os.lstat(folder).st_mode
        except FileNotFoundError:
            return cls(folder)
        except OSError as exc:
            raise MemoryFolderError(f"memory-dir: cannot use {folder}: {_reason(exc)}") from None
        if stat.S_ISLNK(mode):
            raise MemoryFolderError(
                f"memory-dir: {folder} is a symlink; memviz does not follow it out of the memory folder"
            )
        if not stat.S_ISDIR(mode):
            raise MemoryFolderError(f"memory-dir: {folder} is {_kind(mode)}, not a folder")
        return cls(folder)

    # -- paths ---------------------------------------------------------------------------------------

    def resolve(self, path: object) -> Path:
        """The file on disk for a ``/memories/...`` path, or MemoryPathError."""
        if not isinstance(path, str):
            raise MemoryPathError(f"path must be text, got {type(path).__name__}", "路径必须是文本")
        shown = path.replace("\0", "\\0")[:120]
        if "\0" in path:
            raise MemoryPathError(f"path {shown!r}: contains a NUL byte", "路径含 NUL 字节")
        if "\\" in path:
            raise MemoryPathError(f"path {shown!r}: contains a backslash", "路径含反斜杠")
        if path != ROOT and not path.startswith(ROOT + "/"):
            raise MemoryPathError(
                f"path {shown!r}: must be {ROOT} or start with {ROOT}/",
                f"路径必须是 {ROOT} 或以 {ROOT}/ 开头",
            )
        parts = [p for p in path[len(ROOT) :].split("/") if p]
        for part in parts:
            if part in ("..", "."):
                raise MemoryPathError(
                    f"path {shown!r}: '{part}' is not allowed (it would leave {ROOT})",
                    f"不允许「{part}」（会走出 {ROOT}）",
                )
            if len(part.encode("utf-8", "surrogatepass")) > NAME_MAX:
                raise MemoryPathError(
                    f"path {shown!r}: a name is longer than {NAME_MAX} bytes", f"名字超过 {NAME_MAX} 字节"
                )
        if len(parts) > DEPTH_MAX:
            raise MemoryPathError(
                f"path {shown!r}: more than {DEPTH_MAX} levels below {ROOT}", f"超过 {ROOT} 下 {DEPTH_MAX} 层"
            )
        target = self.directory.joinpath(*parts)
        real = os.path.realpath(target)
        if real != str(self.real_root) and not real.startswith(self._real_root_slash):
            raise MemoryPathError(
                f"path {shown!r}: leads outside the memory directory (a symlink)", "经符号链接走出了记忆目录"
            )
        return target

    def _checked(self, command: str, path: object) -> Path:
        try:
            return self.resolve(path)
        except MemoryPathError as exc:
            self.refused.append(Refusal(command, str(path), str(exc), exc.zh))
            raise

    @staticmethod
    def _is_plain_file(target: Path) -> bool:
        return target.is_file() and not target.is_symlink()

    # -- the tool's commands ---------------------------------------------------------------------

    def view(self, path: str = ROOT) -> str:
        """A directory's listing (one path a line) or a file's text with line numbers."""
        target = self._checked("view", path)
        if target.is_dir():
            names = sorted(
                str(p.relative_to(self.directory)).replace(os.sep, "/") + ("/" if p.is_dir() else "")
                for p in target.rglob("*")
            )
            return "\n".join(f"{ROOT}/{name}" for name in names)
        if not self._is_plain_file(target):
            self._refuse_special(target)
            raise MemoryPathError(f"view: {path} does not exist")
        lines = _read(target).split("\n")
        return "\n".join(f"{i:6d}\t{line}" for i, line in enumerate(lines, 1))

    def read(self, path: str) -> str | None:
        """A file's text as written, or None if there is no such file (for the harness)."""
        target = self._checked("read", path)
        if self._is_plain_file(target):
            return _read(target)
        self._refuse_special(target)
        return None

    @staticmethod
    def _refuse_special(target: Path) -> None:
        """A named pipe, a socket or a device where a file is looked for: refused, never opened."""
        try:
            mode = os.lstat(target).st_mode
        except OSError:
            return
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            raise MemoryFolderError(f"memory-dir: {target} is {_kind(mode)}, not a regular file")

    def create(self, path: str, file_text: str) -> None:
        """Write a file (replacing one that exists), making its folders."""
        target = self._checked("create", path)
        if target == self.directory or target.is_dir():
            raise MemoryPathError(f"create: {path} is a directory")
        if target.is_symlink():
            raise MemoryPathError(f"create: {path} is a symlink")
        self._refuse_special(target)
        self._folders_above(command="create", path=path, target=target)
        if not target.parent.is_dir():
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise MemoryFolderError(f"memory-dir: cannot make {target.parent}: {_reason(exc)}") from None
            self._checked("create", path)  # the folders made may not have changed where it leads
        _write(target, file_text)

    def str_replace(self, path: str, old_str: str, new_str: str) -> None:
        target = self._file("str_replace", path)
        text = _read(target)
        count = text.count(old_str)
        if count != 1:
            raise MemoryPathError(
                f"str_replace: the text occurs {count} times in {path} (needs exactly once)"
            )
        _write(target, text.replace(old_str, new_str))

    def insert(self, path: str, insert_line: int, insert_text: str) -> None:
        target = self._file("insert", path)
        lines = _read(target).split("\n")
        if not 0 <= insert_line <= len(lines):
            raise MemoryPathError(f"insert: line {insert_line} is out of range 0..{len(lines)}")
        lines[insert_line:insert_line] = insert_text.split("\n")
        _write(target, "\n".join(lines))

    def delete(self, path: str) -> None:
        target = self._checked("delete", path)
        if target == self.directory:
            raise MemoryPathError(f"delete: {ROOT} itself cannot be deleted")
        try:
            if target.is_symlink() or target.is_file():
                target.unlink()
            elif target.is_dir():
                shutil.rmtree(target)
            else:
                raise MemoryPathError(f"delete: {path} does not exist")
        except OSError as exc:
            raise MemoryFolderError(f"memory-dir: cannot delete {target}: {_reason(exc)}") from None

    def rename(self, old_path: str, new_path: str) -> None:
        source = self._checked("rename", old_path)
        target = self._checked("rename", new_path)
        if source == self.directory or target == self.directory:
            raise MemoryPathError(f"rename: {ROOT} itself cannot be renamed")
        if not source.exists() and not source.is_symlink():
            raise MemoryPathError(f"rename: {old_path} does not exist")
        if target.exists() or target.is_symlink():
            raise MemoryPathError(f"rename: {new_path} already exists")
        self._folders_above(command="rename", path=new_path, target=target)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
        except OSError as exc:
            raise MemoryFolderError(f"memory-dir: cannot rename {source}: {_reason(exc)}") from None

    def _folders_above(self, command: str, path: str, target: Path) -> None:
        """Refuse, as the model's mistake, a path whose folders include a file (``/memories/a.md/b.md``
        with ``a.md`` a file): making that folder failed as a fault of the user's folder, ending the
        whole command."""
        parts = target.relative_to(self.directory).parts[:-1]
        for depth in range(1, len(parts) + 1):
            folder = self.directory.joinpath(*parts[:depth])
            if os.path.lexists(folder) and not folder.is_dir():
                shown = ROOT + "/" + "/".join(parts[:depth])
                refusal = MemoryPathError(
                    f"{command}: {shown} is a file, not a folder", f"{shown} 是文件，不是文件夹"
                )
                self.refused.append(Refusal(command, str(path), str(refusal), refusal.zh))
                raise refusal

    def _file(self, command: str, path: str) -> Path:
        target = self._checked(command, path)
        if not self._is_plain_file(target):
            raise MemoryPathError(f"{command}: {path} is not a file")
        return target


def _open_regular(target: Path, flags: int, mode: int = 0o644) -> int:
    """A descriptor on ``target`` if it is a regular file: never through a symlink at the last part,
    never waiting on a named pipe (opened without waiting, then refused)."""
    try:
        fd = os.open(target, flags | _NO_FOLLOW | _NOT_WAITING | getattr(os, "O_BINARY", 0), mode)
    except OSError as exc:
        verb = "read" if flags == os.O_RDONLY else "write"
        raise MemoryFolderError(f"memory-dir: cannot {verb} {target}: {_reason(exc)}") from None
    kind = os.fstat(fd).st_mode
    if not stat.S_ISREG(kind):
        os.close(fd)
        raise MemoryFolderError(f"memory-dir: {target} is {_kind(kind)}, not a regular file")
    return fd


def _read(target: Path) -> str:
    """The file's text, refused unread when larger than :data:`FILE_BYTES_MAX` (a 700 MB file was
    read whole) or not UTF-8."""
    fd = _open_regular(target, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        if size > FILE_BYTES_MAX:
            raise MemoryFolderError(
                f"memory-dir: {target} is larger than {FILE_BYTES_MAX} bytes ({size}); not read"
            )
        chunks, left = [], FILE_BYTES_MAX + 1  # the size may change while it is read
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise MemoryFolderError(f"memory-dir: cannot read {target}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > FILE_BYTES_MAX:
        raise MemoryFolderError(f"memory-dir: {target} is larger than {FILE_BYTES_MAX} bytes; not read")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise MemoryFolderError(f"memory-dir: {target} is not UTF-8 text") from None


def _write(target: Path, text: str) -> None:
    """Write ``text`` over the file: written in place, then cut to its length (truncating to zero
    first is a thousand times slower on some file systems, and the harness writes every step), and
    never through a symlink at the last part of the path, nor into anything but a regular file."""
    data = text.encode("utf-8")
    fd = _open_regular(target, os.O_WRONLY | os.O_CREAT)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.ftruncate(fd, len(data))
    except OSError as exc:
        raise MemoryFolderError(f"memory-dir: cannot write {target}: {_reason(exc)}") from None
    finally:
        os.close(fd)
