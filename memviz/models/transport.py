"""Autoplay, shared by the Explore, Compare and scenario models: a clock, a speed, play and pause.

A model that uses it declares the signals ``playing_changed(bool)`` and ``speed_changed(int)``
(:mod:`memviz.models.signal`: no event loop needed), and has a ``finished`` property, a ``step()`` that takes one
step and a ``_rewind()`` that goes back to step 0 (play at the end starts over, like a video
player). The clock says when a step is due; see :mod:`memviz.models.clock`.
"""

from __future__ import annotations

from collections.abc import Callable

from memviz.models.clock import Clock, ManualClock

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 30.0)  # steps a second
DEFAULT_SPEED_INDEX = 2


class Transport:
    """Play, pause and speed for a model stepped by a clock (a base: the model declares the signals)."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._clock: Clock = clock if clock is not None else ManualClock()
        self._speed_index = DEFAULT_SPEED_INDEX
        self._playing = False
        # Asked before every step; False holds the step (predict, then reveal: the class answers
        # first). None: every step goes.
        self.step_gate: Callable[[], bool] | None = None

    @property
    def clock(self) -> Clock:
        return self._clock

    @property
    def playing(self) -> bool:
        return self._playing

    @property
    def speed_index(self) -> int:
        return self._speed_index

    @property
    def speed(self) -> float:
        """Autoplay steps per second."""
        return SPEEDS[self._speed_index]

    def play(self) -> None:
        if self._playing:
            return
        if self.finished:
            self._rewind()
        self._playing = True
        self._clock.start(self._interval_ms(), self.tick)
        self.playing_changed.emit(True)

    def pause(self) -> None:
        if self._playing:
            self._playing = False
            self._clock.stop()
            self.playing_changed.emit(False)

    def toggle_play(self) -> None:
        if self._playing:
            self.pause()
        else:
            self.play()

    def tick(self) -> None:
        """The clock says a step is due."""
        self.step()

    def set_speed_index(self, index: int) -> None:
        index = max(0, min(int(index), len(SPEEDS) - 1))
        if index != self._speed_index:
            self._speed_index = index
            if self._playing:
                self._clock.start(self._interval_ms(), self.tick)
            self.speed_changed.emit(index)

    def faster(self) -> None:
        self.set_speed_index(self._speed_index + 1)

    def slower(self) -> None:
        self.set_speed_index(self._speed_index - 1)

    def _held(self) -> bool:
        """True when the step gate holds the next step (autoplay then pauses)."""
        if self.step_gate is not None and not self.step_gate():
            self.pause()
            return True
        return False

    def _interval_ms(self) -> int:
        return max(1, round(1000 / SPEEDS[self._speed_index]))


class PrecomputedTransport(Transport):
    """A transport over records the core computed whole (Compare's lanes, a scenario's frames): it
    only moves a position along them. A subclass gives ``total`` and declares ``stepped(int)`` and
    ``replayed()`` with the transport's two signals."""

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self._position = 0

    @property
    def position(self) -> int:
        return self._position

    @property
    def total(self) -> int:
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        return self._position >= self.total

    @property
    def animation_ms(self) -> int:
        return 0  # views draw each step's end state

    def set_animated(self, _animated: bool) -> None:
        """As the Explore model's (a recording turns animations on and off): nothing here animates."""

    def step(self) -> None:
        if self.finished:
            self.pause()
            return
        if self._held():
            return
        self._position += 1
        if self.finished:
            self.pause()
        self.stepped.emit(self._position)

    def back(self) -> None:
        if self._position > 0:
            self.jump(self._position - 1)

    def jump(self, position: int) -> None:
        position = max(0, min(int(position), self.total))
        if position != self._position:
            self._position = position
            if self.finished:
                self.pause()
            self.replayed.emit()

    def _rewind(self) -> None:
        self.jump(0)
