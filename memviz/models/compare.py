"""The Compare view's model: 2–4 lanes on one seed and budget, driven by one transport.

The lanes are computed whole by the core (:func:`memviz.core.compare.compare_runs`: a 30-step run
takes a millisecond, even ``opt``'s; a lane past the CLI's work bound is left out, said so, and
comes back when the budget allows), so the transport only moves a position along them; every
lane view draws the lane's records up to that position. The transport's interface is the Explore
model's (``stepped``, ``replayed``, ``restarted``, ``position``, ``total``, ``step`` ...), so the
Explore view's :class:`~memviz.gui.explore.controls.PlaybackBar` drives it as it is.
"""

from __future__ import annotations

from memviz.core.compare import (
    DEFAULT_LANES,
    MAX_LANES,
    Comparison,
    FrameColumn,
    LaneConfig,
    affordable_lanes,
    compare_runs,
    frame_table,
)
from memviz.core.context import COMPACTIONS
from memviz.core.engine import RunConfig
from memviz.core.reading import context_overrides, reading_overrides
from memviz.core.registry import ConfigError
from memviz.core.replay import RecordedRun
from memviz.core.strategies import STRATEGIES
from memviz.models.clock import Clock
from memviz.models.settings import RunSettings
from memviz.models.signal import Signal
from memviz.models.transport import PrecomputedTransport


def lanes_for(config: RunConfig, recorded: RecordedRun | None = None) -> list[LaneConfig]:
    """ "Compare this run with…": the run first, then the same memory under the other policies (or,
    without memory, the other strategies). A recorded run first, then the strategy's own rule with
    the same memory, and no memory: the real path beside simulated ones."""
    reading = reading_overrides(config.ignore, config.skip_write, config.read_top)  # kept by every lane
    if recorded is not None:
        lanes = [LaneConfig(config.strategy, config.capacity, config.policy, reading, recorded=recorded)]
        lanes.append(LaneConfig(config.strategy, config.capacity, config.policy, reading))
        if config.strategy != "random":
            lanes.append(LaneConfig("random"))
        return lanes
    if config.context is not None:  # issue 38: the same run under each way of compacting its context
        modes = (config.compaction, *(m for m in COMPACTIONS if m != config.compaction))
        return [
            LaneConfig(
                config.strategy, config.capacity, config.policy, reading + context_overrides(config, m)
            )
            for m in modes
        ]
    first = LaneConfig(config.strategy, config.capacity, config.policy, reading)
    if not first.uses_memory or config.capacity is None:
        others = [
            LaneConfig(s, config.capacity, config.policy, reading)
            for s in STRATEGIES.names()
            if s != config.strategy
        ]
    else:
        others = [LaneConfig(config.strategy, config.capacity, p, reading) for p in ("fifo", "random", "opt")]
        others = [c for c in others if c != first]
    return [first, *others][:3]


class CompareModel(PrecomputedTransport):
    stepped = Signal(object)  # the new position (the transport's "one step forward")
    replayed = Signal()  # the position jumped
    restarted = Signal()  # new lanes (configs, seed, budget or site) at step 0
    playing_changed = Signal(bool)
    speed_changed = Signal(int)
    regret_selected = Signal(object)  # (lane index, step evicted at, page) or None

    def __init__(self, settings: RunSettings, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self.settings = settings
        self._asked = [LaneConfig.parse(text) for text in DEFAULT_LANES]  # the lanes asked for
        self._configs = self._asked  # the lanes computed: those asked for within the work bound
        self.left_out: list[LaneConfig] = []  # lanes asked for past the work bound (the CLI's)
        self.refusal: str | None = None  # the bound's line for them
        self.selected: tuple[int, int, int] | None = None
        self._compute()
        settings.config_changed.connect(self._on_settings_change)
        settings.site_changed.connect(self._on_settings_change)

    # -- state ----------------------------------------------------------------------------------------

    @property
    def comparison(self) -> Comparison:
        return self._comparison

    @property
    def configs(self) -> list[LaneConfig]:
        return list(self._configs)

    @property
    def frames(self) -> list[list[FrameColumn]]:
        """Each lane's frame table (empty for a lane without memory)."""
        return self._frames

    @property
    def total(self) -> int:
        return self._comparison.steps

    # -- commands -------------------------------------------------------------------------------------

    def set_configs(self, configs: list[LaneConfig]) -> None:
        """Compute these lanes: a lane past the work bound goes to :attr:`left_out`, and
        :attr:`refusal` says why. Raises ConfigError for lanes that cannot be computed at all (opt on
        a recorded lane), keeping those shown. The view's lane edits start from the lanes shown."""
        if not 1 <= len(configs) <= MAX_LANES:
            raise ConfigError(f"config: compare takes 1 to {MAX_LANES} configs, got {len(configs)}")
        previous = self._asked
        self._asked = list(configs)
        try:
            self._restart()
        except ConfigError:  # _compute changed nothing shown before it raised
            self._asked = previous
            raise

    def set_config_texts(self, texts: list[str]) -> None:
        """``STRATEGY[/CAPACITY[/POLICY]]`` each; raises ConfigError naming the bad part."""
        self.set_configs([LaneConfig.parse(text) for text in texts])

    def set_lane(self, index: int, config: LaneConfig) -> None:
        configs = list(self._configs)
        configs[index] = config
        self.set_configs(configs)

    def reset(self) -> None:
        self.pause()
        self.jump(0)
        self.restarted.emit()

    def select_regret(self, lane: int, step: int) -> None:
        """A miss was clicked: point at the step its page was evicted at (None clears)."""
        column = self._frames[lane][step] if 0 <= step < len(self._frames[lane]) else None
        if column is None or not column.miss or column.evicted_at is None:
            self.selected = None
        else:
            self.selected = (lane, column.evicted_at, column.page)
        self.regret_selected.emit(self.selected)

    # -- internals ------------------------------------------------------------------------------------

    def _compute(self) -> None:
        config = self.settings.config
        base = RunConfig(seed=config.seed, budget=config.budget)
        # On the window's thread, so held to the CLI's bound: with a budget raised, an opt lane
        # is left out (and said so) rather than block the window; it comes back with the budget.
        shown, left_out, refusal = affordable_lanes(self.settings.site, self._asked, base)
        comparison = compare_runs(self.settings.site, shown, base)
        self._configs, self.left_out, self.refusal, self._comparison = shown, left_out, refusal, comparison
        self._frames = [frame_table(lane) for lane in comparison.lanes]

    def _restart(self) -> None:
        self.pause()
        self._compute()
        self._position = 0
        self.selected = None
        self.restarted.emit()

    def _on_settings_change(self, _value) -> None:
        config = self.settings.config
        base = self._comparison.base
        if self.settings.site is not self._comparison.site and any(c.recorded for c in self._asked):
            # a recording belongs to the site it was made on: its lanes go with that site
            self._asked = [c for c in self._asked if c.recorded is None] or [
                LaneConfig.parse(text) for text in DEFAULT_LANES
            ]
        if (config.seed, config.budget) != (
            base.seed,
            base.budget,
        ) or self.settings.site is not self._comparison.site:
            self._restart()
