"""memviz's deterministic core: site, RNG, memory, strategies, engine, experiments, statistics.

Pure Python (numpy allowed). It never imports Qt: the command line, the GUI and the tests all drive
this one core, so what the window shows and what the report prints cannot disagree.
"""

from memviz.core.engine import ConfigError, Exploration, RunConfig, RunResult, StepEvent, run
from memviz.core.memory import POLICIES, Memory
from memviz.core.rng import Mulberry32
from memviz.core.site import Site, SiteError, load_site
from memviz.core.strategies import STRATEGIES

__all__ = [
    "POLICIES",
    "STRATEGIES",
    "ConfigError",
    "Exploration",
    "Memory",
    "Mulberry32",
    "RunConfig",
    "RunResult",
    "Site",
    "SiteError",
    "StepEvent",
    "load_site",
    "run",
]
