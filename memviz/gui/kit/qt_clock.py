"""The window's clock for the Qt-free playback models: a QTimer that calls their tick.

Parented to the view that owns the model, so the timer dies with the view and never ticks a model
nobody shows.
"""

from __future__ import annotations

from collections.abc import Callable

from memviz.gui.qt import QObject, Qt, QTimer


class QtClock(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        # Precise: a coarse timer may be 5 % late, and a lecture's 30 steps a second would drift.
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._on_timeout)
        self._tick: Callable[[], None] | None = None

    @property
    def running(self) -> bool:
        return self._timer.isActive()

    def start(self, interval_ms: int, tick: Callable[[], None]) -> None:
        self._tick = tick
        self._timer.start(max(1, int(interval_ms)))

    def stop(self) -> None:
        self._timer.stop()
        self._tick = None

    def _on_timeout(self) -> None:
        if self._tick is not None:
            self._tick()
