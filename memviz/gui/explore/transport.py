"""Autoplay, shared by the Explore and Compare models: a timer, a speed, play and pause.

A model that uses it is a QObject with the signals ``playing_changed(bool)`` and
``speed_changed(int)``, a ``finished`` property, a ``_rewind()`` that goes back to step 0 (play at
the end starts over, like a video player) and a ``_on_timer_tick()`` that takes one step.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 30.0)  # steps a second
DEFAULT_SPEED_INDEX = 2


class Transport:
    """Play, pause and speed for a model stepped by a QTimer (a mixin: the model owns the signals)."""

    def _init_transport(self) -> None:
        self._speed_index = DEFAULT_SPEED_INDEX
        self._timer = QTimer(self)
        self._timer.setInterval(self._interval_ms())
        self._timer.timeout.connect(self._on_timer_tick)

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    @property
    def speed_index(self) -> int:
        return self._speed_index

    @property
    def speed(self) -> float:
        """Autoplay steps per second."""
        return SPEEDS[self._speed_index]

    def play(self) -> None:
        if self._timer.isActive():
            return
        if self.finished:
            self._rewind()
        self._timer.start()
        self.playing_changed.emit(True)

    def pause(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self.playing_changed.emit(False)

    def toggle_play(self) -> None:
        if self._timer.isActive():
            self.pause()
        else:
            self.play()

    def set_speed_index(self, index: int) -> None:
        index = max(0, min(int(index), len(SPEEDS) - 1))
        if index != self._speed_index:
            self._speed_index = index
            self._timer.setInterval(self._interval_ms())
            self.speed_changed.emit(index)

    def faster(self) -> None:
        self.set_speed_index(self._speed_index + 1)

    def slower(self) -> None:
        self.set_speed_index(self._speed_index - 1)

    def _interval_ms(self) -> int:
        return max(1, round(1000 / SPEEDS[self._speed_index]))
