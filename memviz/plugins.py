"""Policies, strategies and scenarios from installed packages: their entry points (groups
``memviz.policies``, ``memviz.strategies``, ``memviz.scenarios``), found at start, imported the
first time one is asked for. See docs/extending.md.

An entry point's name is the entry's name; it refers to the object (a :class:`Policy`,
:class:`Strategy` or :class:`Scenario`) or to a callable that returns one. A plugin that cannot be
imported, or gives something else, is reported in one line on stderr and left out; memviz goes on.
"""

from __future__ import annotations

import contextlib
import sys
from importlib import metadata
from typing import Any

from memviz.core import registry
from memviz.core.policies import POLICIES, Policy
from memviz.core.registry import BrokenPlugin, Registry
from memviz.core.scenarios.catalog import SCENARIOS
from memviz.core.scenarios.scenario import Scenario
from memviz.core.strategies import STRATEGIES, Strategy
from memviz.wording import plugin_skipped

GROUPS: dict[str, tuple[Registry, type]] = {
    "memviz.policies": (POLICIES, Policy),
    "memviz.strategies": (STRATEGIES, Strategy),
    "memviz.scenarios": (SCENARIOS, Scenario),
}


def _loader(entry_point: metadata.EntryPoint, kind: type):
    def load() -> Any:
        made = entry_point.load()
        if not isinstance(made, kind) and callable(made):
            made = made()
        if not isinstance(made, kind):
            raise TypeError(f"{entry_point.value} is a {type(made).__name__}, not a {kind.__name__}")
        return made

    return load


def report_in(lang: str) -> None:
    """Word the line that reports a broken plugin in ``lang`` (zh or en), on stderr."""

    def say(broken: BrokenPlugin) -> None:
        if sys.stderr is not None:
            with contextlib.suppress(OSError):
                print(plugin_skipped(broken, lang), file=sys.stderr)

    registry.report_broken_plugin = say


def discover() -> list[str]:
    """Defer every installed plugin's entries to their registries (none is imported yet); the
    names deferred, as ``group:name``. Names already registered (or found before) are left alone."""
    found = []
    installed = metadata.entry_points()  # one scan of the installed distributions for the three groups
    for group, (entries, kind) in GROUPS.items():
        for entry_point in installed.select(group=group):
            dist = entry_point.dist.name if entry_point.dist is not None else "?"
            origin = f"{entry_point.value} from {dist}"
            if entries.defer(entry_point.name, _loader(entry_point, kind), origin):
                found.append(f"{group}:{entry_point.name}")
    return found
