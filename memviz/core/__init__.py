"""memviz's deterministic core: site, RNG, memory, strategies, engine, experiments, statistics.

Pure Python (numpy allowed). It never imports Qt: the command line, the GUI and the tests all drive
this one core, so what the window shows and what the report prints cannot disagree.

The names below load their module when first used (PEP 562), so that importing one small module of
the core (``memviz.core.signals``, which ``memviz.stopping`` uses before anything else is loaded)
does not load the engine.
"""

from importlib import import_module

_HOMES = {
    "Exploration": "engine", "PageState": "engine", "RunConfig": "engine", "RunResult": "engine",
    "StepEvent": "engine", "run": "engine", "Memory": "memory", "POLICIES": "policies", "Policy": "policies",
    "PolicyKernel": "policies", "ConfigError": "registry", "Registry": "registry", "Mulberry32": "rng",
    "Site": "site", "SiteError": "site", "load_site": "site", "STRATEGIES": "strategies", "Strategy": "strategies",
}  # fmt: skip

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
