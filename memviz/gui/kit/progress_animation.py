"""A progress animation, 0.0 to 1.0, made when it is first played.

Explore's graph (the agent's walk) and memory list (the rows' slide) each animate a step, but not
before one is taken. Naming QVariantAnimation makes PySide6 build the Python types of Qt's
animation classes, a third of a millisecond before the window's first paint (issue 41): the
animation is made on the first :meth:`ProgressAnimation.start` instead, through the ``qt`` module's
lookup on first use.
"""

from __future__ import annotations

from collections.abc import Callable

from memviz.gui import qt


class ProgressAnimation:
    """``on_progress(value)`` with the value going from 0.0 to 1.0 over a start's duration, then
    ``on_finish()`` (if given)."""

    def __init__(
        self,
        owner: qt.QObject,
        on_progress: Callable[[float], None],
        on_finish: Callable[[], None] | None = None,
    ) -> None:
        self._owner = owner
        self._on_progress = on_progress
        self._on_finish = on_finish
        self._animation = None  # the QVariantAnimation, once started

    def start(self, duration_ms: int) -> None:
        if self._animation is None:
            animation = qt.QVariantAnimation(self._owner)
            animation.setStartValue(0.0)
            animation.setEndValue(1.0)
            animation.valueChanged.connect(self._on_progress)
            if self._on_finish is not None:
                animation.finished.connect(self._on_finish)
            self._animation = animation
        self._animation.setDuration(duration_ms)
        self._animation.start()

    def stop(self) -> None:
        if self._animation is not None:
            self._animation.stop()

    def finish_now(self) -> None:
        """Jump to the end of a running animation: its last value, then its finish."""
        if self.running:
            self._animation.setCurrentTime(self._animation.duration())

    @property
    def running(self) -> bool:
        return self._animation is not None and self._animation.state() == qt.QVariantAnimation.State.Running
