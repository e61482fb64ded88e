"""Stepping a run until something happens: the one loop the window, the exercises and the views share."""

from __future__ import annotations

from collections.abc import Callable

from memviz.core.engine import Exploration, StepEvent


def step_until(
    exploration: Exploration,
    until: Callable[[StepEvent], bool] | None = None,
    limit: int | None = None,
) -> list[StepEvent]:
    """Step ``exploration`` until the event just made satisfies ``until``, the run ends, or ``limit``
    more model calls have been made, whichever comes first; returns the events made, oldest first.

    With neither ``until`` nor ``limit`` it steps to the end of the run. A run already over makes no
    call (and returns no event), so asking for more steps than a run has is safe.
    """
    events: list[StepEvent] = []
    while not exploration.finished and (limit is None or len(events) < limit):
        event = exploration.step()
        events.append(event)
        if until is not None and until(event):
            break
    return events
