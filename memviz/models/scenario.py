"""The Scenarios tab's model: one scenario's frames, played on the shared transport.

The frames and markers are computed whole by the core (:mod:`memviz.core.scenarios.playback`); the
model only moves a position along them, with the interface of the Explore and Compare models
(``stepped``, ``replayed``, ``restarted``, ``position``, ``total``, ``step``, ``back``, ``jump``,
``play`` ...), so the same playback bar, keys and recorder drive all three.
"""

from __future__ import annotations

from memviz.core.scenarios.playback import Frame, Playback
from memviz.models.clock import Clock
from memviz.models.signal import Signal
from memviz.models.transport import PrecomputedTransport


class ScenarioModel(PrecomputedTransport):
    stepped = Signal(object)  # the new position (one frame forward)
    replayed = Signal()  # the position jumped
    restarted = Signal()  # another scenario, mode or seed, at frame 0
    playing_changed = Signal(bool)
    speed_changed = Signal(int)

    def __init__(self, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self._playback: Playback | None = None

    # -- state ----------------------------------------------------------------------------------------

    @property
    def playback(self) -> Playback | None:
        return self._playback

    @property
    def frame(self) -> Frame | None:
        """The frame shown now (None before a scenario is loaded)."""
        return self._playback.frames[self._position] if self._playback is not None else None

    @property
    def total(self) -> int:
        return len(self._playback.frames) - 1 if self._playback is not None else 0

    # -- commands -------------------------------------------------------------------------------------

    def set_playback(self, playback: Playback) -> None:
        self.pause()
        self._playback = playback
        self._position = 0
        self.restarted.emit()

    def reset(self) -> None:
        self.pause()
        self.jump(0)
