"""A small file store modelled on the chapter's memory tool: view, create, str_replace, insert,
delete and rename, every path under ``/memories``, the files on disk in one memory directory.

The chapter's warning is that the client executes the model's file operations, so the client must
validate every path ("/memories/../../secrets.env"). Here a path is refused, with one clear line,
when it is not under ``/memories``, has a ``..`` or ``.`` part, a NUL or a backslash, a name longer
than :data:`NAME_MAX` bytes or more than :data:`DEPTH_MAX` parts, or resolves (through a symlink)
outside the directory; a refused command writes nothing. A refusal is also kept in
:attr:`MemoryStore.refused`, so a scenario can show it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = "/memories"
NAME_MAX = 255  # bytes of one path part (the common file-system limit)
DEPTH_MAX = 8  # parts below /memories


class MemoryPathError(ValueError):
    """A path the store refuses; the message says why (``zh``: the same in Chinese, for the window)."""

    def __init__(self, message: str, zh: str | None = None) -> None:
        super().__init__(message)
        self.zh = zh if zh is not None else message


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
        self.directory.mkdir(parents=True, exist_ok=True)
        self.real_root = Path(os.path.realpath(self.directory))
        self._real_root_slash = os.path.join(str(self.real_root), "")
        self.refused: list[Refusal] = []

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
            raise MemoryPathError(f"view: {path} does not exist")
        lines = target.read_text(encoding="utf-8").split("\n")
        return "\n".join(f"{i:6d}\t{line}" for i, line in enumerate(lines, 1))

    def read(self, path: str) -> str | None:
        """A file's text as written, or None if there is no such file (for the harness)."""
        target = self._checked("read", path)
        return target.read_text(encoding="utf-8") if self._is_plain_file(target) else None

    def create(self, path: str, file_text: str) -> None:
        """Write a file (replacing one that exists), making its folders."""
        target = self._checked("create", path)
        if target == self.directory or target.is_dir():
            raise MemoryPathError(f"create: {path} is a directory")
        if target.is_symlink():
            raise MemoryPathError(f"create: {path} is a symlink")
        if not target.parent.is_dir():
            target.parent.mkdir(parents=True, exist_ok=True)
            self._checked("create", path)  # the folders made may not have changed where it leads
        _write(target, file_text)

    def str_replace(self, path: str, old_str: str, new_str: str) -> None:
        target = self._file("str_replace", path)
        text = target.read_text(encoding="utf-8")
        count = text.count(old_str)
        if count != 1:
            raise MemoryPathError(
                f"str_replace: the text occurs {count} times in {path} (needs exactly once)"
            )
        _write(target, text.replace(old_str, new_str))

    def insert(self, path: str, insert_line: int, insert_text: str) -> None:
        target = self._file("insert", path)
        lines = target.read_text(encoding="utf-8").split("\n")
        if not 0 <= insert_line <= len(lines):
            raise MemoryPathError(f"insert: line {insert_line} is out of range 0..{len(lines)}")
        lines[insert_line:insert_line] = insert_text.split("\n")
        _write(target, "\n".join(lines))

    def delete(self, path: str) -> None:
        target = self._checked("delete", path)
        if target == self.directory:
            raise MemoryPathError(f"delete: {ROOT} itself cannot be deleted")
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            shutil.rmtree(target)
        else:
            raise MemoryPathError(f"delete: {path} does not exist")

    def rename(self, old_path: str, new_path: str) -> None:
        source = self._checked("rename", old_path)
        target = self._checked("rename", new_path)
        if source == self.directory or target == self.directory:
            raise MemoryPathError(f"rename: {ROOT} itself cannot be renamed")
        if not source.exists() and not source.is_symlink():
            raise MemoryPathError(f"rename: {old_path} does not exist")
        if target.exists() or target.is_symlink():
            raise MemoryPathError(f"rename: {new_path} already exists")
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)

    def _file(self, command: str, path: str) -> Path:
        target = self._checked(command, path)
        if not self._is_plain_file(target):
            raise MemoryPathError(f"{command}: {path} is not a file")
        return target


def _write(target: Path, text: str) -> None:
    """Write ``text`` over the file: written in place, then cut to its length (truncating to zero
    first is a thousand times slower on some file systems, and the harness writes every step), and
    never through a symlink at the last part of the path."""
    data = text.encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(target, flags, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)
