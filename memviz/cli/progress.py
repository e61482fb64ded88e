"""The progress bar `batch`, `report` and `record` draw on a terminal's stderr."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


class ProgressBar:
    """A one-line bar on stderr, redrawn in place as work is done (only when it grows)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._drawn: tuple[int, int] | None = None  # (filled, total) last drawn

    def __call__(self, done: int, total: int) -> None:
        filled = 30 * min(done, total) // max(total, 1)
        if self._drawn == (filled, total):
            return
        self._drawn = (filled, total)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.label} {done}/{total}")
        sys.stderr.flush()

    def close(self) -> None:
        """End the bar's line, so what follows (the result, an error) starts on a line of its own."""
        if self._drawn is not None:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self._drawn = None


@contextlib.contextmanager
def progress_bar(label: str, quiet: bool = False) -> Iterator[ProgressBar | None]:
    """A :class:`ProgressBar` while the block runs, when stderr is a terminal (else None)."""
    terminal = sys.stderr is not None and sys.stderr.isatty()
    bar = ProgressBar(label) if terminal and not quiet else None
    try:
        yield bar
    finally:
        if bar is not None:
            with contextlib.suppress(OSError):
                bar.close()


# -- the commands ---------------------------------------------------------------------------------------
