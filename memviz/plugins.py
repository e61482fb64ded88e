"""Policies, strategies and scenarios from installed packages: their entry points (groups
``memviz.policies``, ``memviz.strategies``, ``memviz.scenarios``). See docs/extending.md.

The registries find them by themselves, the first time they are asked for a name they do not hold
or for their list (:meth:`memviz.core.registry.Registry.discover`), and import a plugin's module the
first time its entry is asked for. An entry point's name is the entry's name; it refers to the
object (a :class:`Policy`, :class:`Strategy` or :class:`Scenario`) or to a callable that returns
one. A plugin that cannot be imported, or gives something else, is reported in one line on stderr
(in the command line's language, :func:`report_in`) and left out; memviz goes on.
"""

from __future__ import annotations

import contextlib
import sys

from memviz.core import registry
from memviz.core.registry import BrokenPlugin, Registry


def registries() -> tuple[Registry, ...]:
    """The registries plugins add to; imported when asked for, as the words of :func:`report_in`:
    every command loads this module, and ``memviz report`` needs neither the scenarios nor the
    words of a broken plugin (issue 41)."""
    from memviz.core.policies import POLICIES
    from memviz.core.scenarios.catalog import SCENARIOS
    from memviz.core.strategies import STRATEGIES

    return (POLICIES, STRATEGIES, SCENARIOS)


def report_in(lang: str) -> None:
    """Word the line that reports a broken plugin in ``lang`` (zh or en), on stderr."""

    def say(broken: BrokenPlugin) -> None:
        from memviz.wording import plugin_skipped

        if sys.stderr is not None:
            with contextlib.suppress(OSError):
                print(plugin_skipped(broken, lang), file=sys.stderr)

    registry.report_broken_plugin = say


def discover() -> list[str]:
    """Look at the installed packages again and defer every plugin's entries to their registries
    (none is imported yet); the names deferred now, as ``group:name``. Names already registered (or
    found before) are left alone. Needed only after installing a package in a running process."""
    return [f"{r.group}:{name}" for r in registries() for name in r.discover(again=True)]
