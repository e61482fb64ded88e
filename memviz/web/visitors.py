"""The per-visitor traces of ``memviz serve``: ``<folder>/visitor-<id>.jsonl``, bounded.

Each page answered is one line appended with one ``os.write`` as it is answered (a Ctrl+C or a crash
loses nothing; uvicorn runs the handlers on one event loop thread, so no two writes interleave).
A file is made only together with its first lines (the header and a step), so no trace is ever
empty, and a write that fails (a full disk, a file-size limit, a folder taken away) is undone: a new
file is removed, an old one cut back to its last whole line. Then the server stops writing traces
and says so once; the pages are still answered.

Caps, on loopback too (an address anyone on the machine can reach): at most ``visitors`` trace
files in the folder (those already there count) and ``bytes`` in them; a visitor's trace stops at
the most steps and bytes memviz's trace reader takes (:data:`memviz.core.trace.MOST_STEPS`,
:data:`~memviz.core.trace.TRACE_FILE_BYTES`), so what the server writes, memviz reads. Past a cap
the site keeps answering, without new trace lines, and says so once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from memviz.core.jsonfile import read_bytes
from memviz.core.site import Site
from memviz.core.trace import (
    MOST_REPORTS,
    MOST_STEPS,
    TRACE_FILE_BYTES,
    Claim,
    Report,
    TraceHeader,
    TraceStep,
    line_of,
)
from memviz.core.trace_run import trace_site
from memviz.web.serverlog import ServerLog
from memviz.wording.web import BYTES_CAP, STEPS_CAP, TRACE_WRITE_FAILED, VISITORS_CAP, WRITE_REASONS

MB = 1_000_000  # --max-trace-mb counts megabytes of 10^6 bytes, as `ls -lh --si` and disks do
DEFAULT_MAX_VISITORS = 200
DEFAULT_MAX_TRACE_MB = 100
NAMES_FILE = "names.json"  # visitor id -> the name they signed in with on the blog
MOST_NAMES_BYTES = 1_000_000  # the names file read at most (the visitors cap keeps it far smaller)
_VISITOR_ID = re.compile(r"[0-9a-f]{16}\Z")


@dataclass(frozen=True)
class TraceCaps:
    visitors: int = DEFAULT_MAX_VISITORS
    megabytes: float = DEFAULT_MAX_TRACE_MB

    @property
    def bytes(self) -> int:
        return int(self.megabytes * MB)


def is_visitor_file(name: str) -> bool:
    return name.startswith("visitor-") and name.endswith(".jsonl")


class TraceFolder:
    """The traces of one served site, with their caps; ``write`` is ``os.write`` but in tests."""

    def __init__(
        self,
        folder: Path,
        site: Site,
        log: ServerLog,
        caps: TraceCaps = TraceCaps(),
        write: Callable[[int, bytes], int] = os.write,
    ) -> None:
        self.folder, self.site, self.log, self.caps, self._write = Path(folder), site, log, caps, write
        self.steps: dict[str, int] = {}  # visitor -> steps in its file
        self.sizes: dict[str, int] = {}  # visitor -> bytes in its file
        self.files, self.bytes = _visitor_files(self.folder)
        self.stopped = False  # a write failed: no more traces this run

    def record(
        self,
        visitor: str,
        url: str,
        page: int | None,
        action: str,
        status: int,
        reports: tuple[Report, ...] = (),
    ) -> bool:
        """Append the step; False when no line was written (a cap, or a failed write: said once)."""
        if self.stopped:
            return False
        path = self.folder / f"visitor-{visitor}.jsonl"
        index = self.steps.get(visitor)
        if index is None:
            lines_there, self.sizes[visitor] = _lines_in(path)
            index = max(lines_there - 1, 0)  # the header is not a step
            self.steps[visitor] = index
            if lines_there == 0 and path.exists():  # an empty file (never made by this version)
                self.sizes[visitor] = -1
        size = self.sizes[visitor]
        new = size == 0  # no file yet: this write makes it
        header_needed = size <= 0
        size = max(size, 0)
        if new and self.files >= self.caps.visitors:
            self.log.once("visitors", VISITORS_CAP, n=self.files, cap=self.caps.visitors)
            return False
        if index >= MOST_STEPS:
            self.log.once("steps", STEPS_CAP, steps=MOST_STEPS)
            return False
        lines = ""
        if header_needed:
            header = TraceHeader(
                agent="human",
                start_url=url,
                site=trace_site(self.site),
                version=self.site.version,
                reported_by="detector",  # the server reads each answer's symptoms (memviz.core.webpage)
            )
            lines = line_of(header)
        step = TraceStep(
            step=index,
            url=url,
            page=page,
            action="start" if index == 0 else action,
            status=status,
            reports=reports,
        )
        data = (lines + line_of(step)).encode("utf-8")
        if size + len(data) > TRACE_FILE_BYTES:
            self.log.once("steps", STEPS_CAP, steps=index)
            return False
        if self.bytes + len(data) > self.caps.bytes:
            self.log.once("bytes", BYTES_CAP, mb=f"{self.bytes / MB:.1f}", cap=f"{self.caps.megabytes:g}")
            return False
        try:
            self._append(path, data, new, size)
        except OSError as exc:
            self.stopped = True
            name = "short" if exc.strerror == "short" else errno.errorcode.get(exc.errno or 0, "other")
            words = WRITE_REASONS.get(name, WRITE_REASONS["other"])
            reason = words.pick(self.log.lang, detail=exc.strerror or str(exc))
            self.log.once("write", TRACE_WRITE_FAILED, folder=str(self.folder), reason=reason)
            return False
        self.steps[visitor] = index + 1
        self.sizes[visitor] = size + len(data)
        self.bytes += len(data)
        self.files += new
        return True

    def claim(self, visitor: str, route: str, claim: Claim) -> bool:
        """Add a visitor's claim (their "Report a bug") to the step of the page they reported on,
        the last step at ``route`` (else their last step): the file is rewritten whole beside
        itself and put in place in one rename, so it is the old trace or the new one, never half."""
        if self.stopped or not _VISITOR_ID.match(visitor):
            return False
        path = self.folder / f"visitor-{visitor}.jsonl"
        try:  # a regular file only, never waiting on a pipe put in its place
            lines = read_bytes(path, "trace file", ValueError, max_bytes=TRACE_FILE_BYTES).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return False
        lines = lines.splitlines(keepends=True)
        at = _claim_line(lines, route)
        if at is None:
            return False
        step = json.loads(lines[at])
        claims = step.get("claims") or []
        if len(claims) >= MOST_REPORTS:
            return False
        step["claims"] = [*claims, claim.to_dict()]
        lines[at] = json.dumps(step, ensure_ascii=False, separators=(", ", ": ")) + "\n"
        data = "".join(lines).encode("utf-8")
        grown = len(data) - self.sizes.get(visitor, len(data))
        if self.bytes + grown > self.caps.bytes or len(data) > TRACE_FILE_BYTES:
            self.log.once("bytes", BYTES_CAP, mb=f"{self.bytes / MB:.1f}", cap=f"{self.caps.megabytes:g}")
            return False
        if not _replace(path, data):
            return False
        self.sizes[visitor] = len(data)
        self.bytes += grown
        return True

    def name(self, visitor: str, name: str) -> bool:
        """Keep the name a visitor signed in with in ``names.json`` beside the traces (visitor id ->
        name), rewritten whole and renamed into place: the teacher's class view reads it."""
        if self.stopped or not _VISITOR_ID.match(visitor):
            return False
        path = self.folder / NAMES_FILE
        try:
            names = json.loads(read_bytes(path, "names file", ValueError, max_bytes=MOST_NAMES_BYTES))
        except ValueError:  # none yet, unreadable, or not a regular file: written anew
            names = {}
        if not isinstance(names, dict):
            names = {}
        if names.get(visitor) == name:
            return True
        if visitor not in names and len(names) >= self.caps.visitors:
            return False
        names[visitor] = name
        return _replace(path, json.dumps(names, ensure_ascii=False, indent=0).encode("utf-8"))

    def _append(self, path: Path, data: bytes, new: bool, size: int) -> None:
        """One write of whole lines, or none: a short or failed write is undone."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        if new:
            flags |= os.O_EXCL  # a file made now is this server's, so removing it on failure is safe
        fd = os.open(path, flags, 0o644)
        try:
            written = self._write(fd, data)
            if written != len(data):
                raise OSError(0, "short")  # the rest did not go in (a full disk, a file-size limit)
        except OSError:
            if new:
                os.close(fd)
                fd = -1
                with contextlib.suppress(OSError):
                    os.unlink(path)
            else:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
            raise
        finally:
            if fd >= 0:
                os.close(fd)


def _claim_line(lines: list[str], route: str) -> int | None:
    """The line of the last step at ``route`` (a URL's path and query), else of the last step."""
    last = None
    for k in range(len(lines) - 1, 0, -1):  # line 0 is the header
        try:
            url = json.loads(lines[k]).get("url", "")
        except ValueError:
            continue
        if last is None:
            last = k
        parts = urlsplit(url)
        if parts.path + ("?" + parts.query if parts.query else "") == route:
            return k
    return last


def _replace(path: Path, data: bytes) -> bool:
    """``path`` holds ``data`` after one rename (a hidden file beside it first), or is unchanged."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "wb") as file:
            file.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return False
    return True


def _visitor_files(folder: Path) -> tuple[int, int]:
    """(trace files, their bytes) already in ``folder``: they count against the caps."""
    files = size = 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if is_visitor_file(entry.name) and entry.is_file(follow_symlinks=False):
                    files += 1
                    size += entry.stat(follow_symlinks=False).st_size
    except OSError:
        pass
    return files, size


def _lines_in(path: Path) -> tuple[int, int]:
    """(lines, bytes) of a visitor's file from an earlier run (a visitor back after a restart goes
    on from its last step), (0, 0) for none."""
    try:
        with open(path, "rb") as file:
            lines = sum(1 for line in file if line.strip())
            return lines, file.tell()
    except OSError:
        return 0, 0
