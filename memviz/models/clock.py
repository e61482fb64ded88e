"""What drives autoplay: a clock that calls a tick function at an interval.

A transport never owns a timer itself, so it needs no event loop: the window gives it a Qt timer
(:class:`memviz.gui.kit.qt_clock.QtClock`), tests give it a :class:`ManualClock` and move time on by
hand. A fake clock cannot be late on a busy machine, so a test of autoplay cannot be flaky.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def start(self, interval_ms: int, tick: Callable[[], None]) -> None:
        """Call ``tick`` every ``interval_ms`` from now on (a second start restarts at the new rate)."""

    def stop(self) -> None:
        """No more ticks until the next start."""


class ManualClock:
    """A clock whose time moves only when :meth:`advance` says so: ticks fire inside ``advance``."""

    def __init__(self) -> None:
        self.now_ms = 0
        self._interval_ms = 0
        self._tick: Callable[[], None] | None = None
        self._due_ms = 0

    @property
    def running(self) -> bool:
        return self._tick is not None

    @property
    def interval_ms(self) -> int:
        return self._interval_ms

    def start(self, interval_ms: int, tick: Callable[[], None]) -> None:
        self._interval_ms = max(1, int(interval_ms))
        self._tick = tick
        self._due_ms = self.now_ms + self._interval_ms

    def stop(self) -> None:
        self._tick = None

    def advance(self, ms: int) -> int:
        """Move time on by ``ms``, firing every tick that falls due on the way; returns how many."""
        end = self.now_ms + int(ms)
        fired = 0
        while self._tick is not None and self._due_ms <= end:
            self.now_ms = self._due_ms
            self._due_ms += self._interval_ms
            fired += 1
            self._tick()  # may stop the clock, or restart it at another rate
        self.now_ms = end
        return fired
