"""The site and run settings in force, shared by every view.

Views take this model and subscribe to it (napari style); they never hold a second copy of the
settings. The core does all the computing. Qt-free (:mod:`memviz.models.signal`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from memviz.core.engine import ConfigError, RunConfig
from memviz.core.site import Site, load_site
from memviz.models.signal import Signal

if TYPE_CHECKING:  # replay, with traces, loads with the first recording (not before the first paint)
    from memviz.core.replay import RecordedRun


class RunSettings:
    """The site and the run config the user has chosen; every view reads them from here."""

    config_changed = Signal(object)  # RunConfig
    site_changed = Signal(object)  # Site
    # A view asks to show one run in the Explore view (e.g. a click on a dot in the batch plot).
    open_run_requested = Signal(object)  # RunConfig
    # A view asks to show another with a config in force (an exercise opening its experiment).
    open_view_requested = Signal(str)  # the view's name, as MainWindow.select_view takes it
    # "Compare this run with…": the Compare view takes the run's config as its first lane.
    compare_requested = Signal(object)  # RunConfig
    # A recorded run (a trace) replayed in Explore, the config then its "what if" memory; None: none.
    recorded_changed = Signal(object)  # RecordedRun | None

    def __init__(self, site: Site | None = None, config: RunConfig | None = None) -> None:
        self._site = site if site is not None else load_site()
        self._site_path: Path | None = None
        self._config = config if config is not None else RunConfig()
        self._recorded: RecordedRun | None = None

    @property
    def site(self) -> Site:
        return self._site

    @property
    def site_path(self) -> Path | None:
        return self._site_path

    @property
    def config(self) -> RunConfig:
        return self._config

    def set_config(self, config: RunConfig) -> None:
        if config != self._config:
            self._config = config
            self.config_changed.emit(config)

    def update(self, **changes) -> None:
        """Change some settings; raises ConfigError (and changes nothing) when one is invalid."""
        config = self._config.with_(**changes)
        if self._recorded is not None and config.policy == "opt":
            raise ConfigError("policy: opt cannot ride along a recorded run (its look-ahead plays a rule)")
        self.set_config(config)

    @property
    def recorded(self) -> RecordedRun | None:
        return self._recorded

    def set_recorded(self, recorded: RecordedRun | None) -> None:
        """Replay ``recorded`` (on the site in force) in Explore; None goes back to the agent's own
        runs. Policy opt cannot ride along a recording (its look-ahead plays the strategy's rule),
        so a recording opened under opt keeps the memory with FIFO, as the policy box then says."""
        if recorded is not None and self._config.policy == "opt":
            self.set_config(self._config.with_(policy="fifo"))
        self._recorded = recorded
        self.recorded_changed.emit(recorded)

    def set_site(self, site: Site, path: Path | None = None) -> None:
        self._recorded = None  # a recording belongs to the site it was made on
        self._site = site
        self._site_path = path
        self.site_changed.emit(site)

    def compare_run(self, config: RunConfig) -> None:
        self.compare_requested.emit(config)

    def open_view(self, view: str, config: RunConfig) -> None:
        self.set_config(config)
        self.open_view_requested.emit(view)

    def open_run(self, config: RunConfig) -> None:
        self.set_config(config)
        self.open_run_requested.emit(config)
