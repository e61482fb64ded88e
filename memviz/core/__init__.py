"""memviz's deterministic core: site, RNG, memory, strategies, engine, experiments, statistics.

Pure Python (numpy allowed). It never imports Qt: the command line, the GUI and the tests all drive
this one core, so what the window shows and what the report prints cannot disagree.
"""

from memviz.core.engine import Exploration, PageState, RunConfig, RunResult, StepEvent, run
from memviz.core.memory import Memory
from memviz.core.policies import POLICIES, Policy, PolicyKernel
from memviz.core.registry import ConfigError, Registry
from memviz.core.rng import Mulberry32
from memviz.core.site import Site, SiteError, load_site
from memviz.core.strategies import STRATEGIES, Strategy

__all__ = [
    "POLICIES",
    "STRATEGIES",
    "ConfigError",
    "Exploration",
    "Memory",
    "Mulberry32",
    "PageState",
    "Policy",
    "PolicyKernel",
    "Registry",
    "RunConfig",
    "RunResult",
    "Site",
    "SiteError",
    "StepEvent",
    "Strategy",
    "load_site",
    "run",
]
