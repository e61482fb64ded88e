"""What an analysis view (Batch, Cost, Sweep, Evaluate) shows: its result and what it was computed
for, as a Qt-free model with signals (napari style: the view takes the model and subscribes).

The view computes (off the GUI thread, memviz.gui.kit.worker) and hands the outcome to the model;
whatever draws it listens to ``result_changed``. Tests and scripts drive the model with no
QApplication. ``blocker()`` holds the signals while changes are made that the view will draw
itself afterwards (napari's ``events.blocker()``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from memviz.core.engine import RunConfig
from memviz.models.signal import Signal, blocker


@dataclass(frozen=True)
class Computed:
    """One result and what it was computed for."""

    result: Any = None
    computed_for: tuple | None = None  # the part of the settings the result depends on
    config: RunConfig | None = None  # the settings it was computed with
    seconds: float | None = None  # how long it took (None: computed in the calling thread)


NOTHING = Computed()


class AnalysisModel:
    """The result an analysis view shows, and the paired comparisons worked out on it since."""

    result_changed = Signal(object)  # the new result (None: no result)
    pair_added = Signal(object, object, object)  # the result it belongs to, the pair's key, its value

    def __init__(self) -> None:
        self._computed = NOTHING

    @property
    def computed(self) -> Computed:
        return self._computed

    @property
    def result(self) -> Any:
        return self._computed.result

    @property
    def computed_for(self) -> tuple | None:
        return self._computed.computed_for

    @property
    def config(self) -> RunConfig | None:
        return self._computed.config

    @property
    def seconds(self) -> float | None:
        return self._computed.seconds

    def set_result(
        self, result: Any, computed_for: tuple | None, config: RunConfig | None, seconds: float | None = None
    ) -> None:
        self.restore(Computed(result, computed_for, config, seconds))

    def clear(self) -> None:
        self.restore(NOTHING)

    def restore(self, computed: Computed) -> None:
        """Show ``computed`` (one kept aside earlier, as the Sweep view keeps each axis's)."""
        self._computed = computed
        self.result_changed.emit(computed.result)

    def is_stale(self, now: tuple) -> bool:
        """Whether there is a result and the settings it depends on are no longer ``now``."""
        return self._computed.computed_for is not None and self._computed.computed_for != now

    def add_pair(self, result: Any, key: Hashable, value: Any) -> None:
        """A paired comparison worked out on ``result`` (kept in its ``paired``, as the CLI's)."""
        result.paired[key] = value
        self.pair_added.emit(result, key, value)

    @contextmanager
    def blocker(self) -> Iterator[None]:
        """Emit nothing inside the block (as napari's ``events.blocker()``: nothing is told later)."""
        with blocker(self.result_changed, self.pair_added):
            yield
