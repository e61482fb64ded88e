"""The Explore view's model: one run of the agent, stepped by the user or by a timer.

It owns an :class:`~memviz.core.engine.Exploration` built from the shared :class:`RunSettings` and the
list of step events so far, so every view can redraw the whole story at any point. Nothing moves on
its own: a step happens only on an explicit :meth:`step` call or on a tick of the autoplay clock.
Going back and jumping on the timeline replay the seed from the start; the core is deterministic, so
step *n* is the same whichever way the model reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memviz.core.engine import Exploration, RunConfig, StepEvent
from memviz.core.site import Site
from memviz.core.stepping import step_until
from memviz.models.clock import Clock
from memviz.models.settings import RunSettings
from memviz.models.signal import Signal
from memviz.models.transport import Transport

if TYPE_CHECKING:  # replay, with traces, loads with the first recording (not before the first paint)
    from memviz.core.replay import RecordedFigures, RecordedRun

# The marker's walk along an edge takes this share of the time between steps, up to MAX_ANIMATION_MS,
# so at full speed it still arrives before the next step starts.
ANIMATION_SHARE = 0.6
MAX_ANIMATION_MS = 600


class ExploreModel(Transport):
    """A run the views watch: its config, its Exploration and the events so far."""

    stepped = Signal(object)  # StepEvent: one step forward; views animate it
    replayed = Signal()  # the state jumped (back, timeline): views redraw from `events`
    restarted = Signal()  # a new run at step 0 (reset, new config or site)
    playing_changed = Signal(bool)
    speed_changed = Signal(int)  # index into SPEEDS
    animated_changed = Signal(bool)

    def __init__(self, settings: RunSettings, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self.settings = settings
        self._events: list[StepEvent] = []
        self._animated = True
        self._exploration = self._new_run()
        self._total, self._final_tokens = _whole_run(self._new_run())
        settings.config_changed.connect(self._on_config_change)
        settings.site_changed.connect(self._on_site_change)
        settings.recorded_changed.connect(lambda _recorded: self.reset())

    # -- state ----------------------------------------------------------------------------------------

    @property
    def site(self) -> Site:
        return self._exploration.site

    @property
    def config(self) -> RunConfig:
        return self._exploration.config

    @property
    def recorded(self) -> RecordedRun | None:
        """The recorded run being replayed (the config is then its "what if" memory), or None."""
        return self.settings.recorded

    @property
    def recorded_figures(self) -> RecordedFigures | None:
        """A recording's own figures at this point of the replay (None: not a recording). The
        events carry them too; these also say which the trace does not know (None)."""
        if self.settings.recorded is None:
            return None
        return self._exploration.figures  # a RecordedExploration (memviz.core.replay)

    def _new_run(self) -> Exploration:
        """The run at step 0: the agent's own, or a recorded one replayed with the config's memory."""
        settings = self.settings
        if settings.recorded is None:
            return Exploration(settings.site, settings.config)
        from memviz.core.replay import replay

        return replay(settings.site, settings.recorded, settings.config)

    @property
    def exploration(self) -> Exploration:
        return self._exploration

    @property
    def events(self) -> list[StepEvent]:
        """The events so far, oldest first (a copy would cost a redraw; do not modify)."""
        return self._events

    @property
    def last_event(self) -> StepEvent | None:
        return self._events[-1] if self._events else None

    @property
    def position(self) -> int:
        """Model calls made so far: 0 at the start, `total` at the end."""
        return len(self._events)

    @property
    def total(self) -> int:
        """How many calls the whole run makes (the timeline's length)."""
        return self._total

    @property
    def final_tokens(self) -> int:
        """Tokens the whole run spends: the plot's scale, so it does not rescale on every step."""
        return self._final_tokens

    @property
    def finished(self) -> bool:
        return self._exploration.finished

    @property
    def animated(self) -> bool:
        return self._animated

    @property
    def animation_ms(self) -> int:
        """How long a view may spend animating one step: 0 when animations are off."""
        if not self._animated:
            return 0
        return int(min(MAX_ANIMATION_MS, ANIMATION_SHARE * self._interval_ms()))

    # -- commands -------------------------------------------------------------------------------------

    def step(self) -> StepEvent | None:
        """One model call; None (and autoplay stops) when the run is already over."""
        if self._exploration.finished:
            self.pause()
            return None
        if self._held():  # e.g. the class predicts the eviction this step will make
            return None
        event = self._advance()
        if event.finished:
            self.pause()
        self.stepped.emit(event)
        return event

    def back(self) -> None:
        if self._events:
            self.jump(len(self._events) - 1)

    def jump(self, position: int) -> None:
        """Show the run after ``position`` calls (clamped to the run), replaying the seed if needed."""
        position = max(0, min(int(position), self._total))
        if position == len(self._events):
            return
        if position < len(self._events):
            self._exploration = self._new_run()
            self._events = []
        self._events += step_until(self._exploration, limit=position - len(self._events))
        if self._exploration.finished:
            self.pause()
        self.replayed.emit()

    def reset(self) -> None:
        """Start the run over from step 0 with the settings in force."""
        self.pause()
        self._exploration = self._new_run()
        self._total, self._final_tokens = _whole_run(self._new_run())
        self._events = []
        self.restarted.emit()

    def set_animated(self, animated: bool) -> None:
        """Off for tests and snapshots: every view then draws a step's end state at once."""
        if animated != self._animated:
            self._animated = animated
            self.animated_changed.emit(animated)

    def _advance(self) -> StepEvent:
        event = self._exploration.step()
        self._events.append(event)
        return event

    # -- handlers -------------------------------------------------------------------------------------

    def _rewind(self) -> None:
        self.reset()

    def _on_config_change(self, _config: RunConfig) -> None:
        self.reset()

    def _on_site_change(self, _site: Site) -> None:
        self.reset()


def _whole_run(exploration: Exploration) -> tuple[int, int]:
    """Model calls in the whole run (one per click, plus the call that decided to stop, if any) and
    the tokens it spends (``exploration``: the run at step 0, run here to its end)."""
    result = exploration.run_to_end()
    return result.steps + (1 if result.stop_reason in ("done", "dead_end") else 0), result.tokens
