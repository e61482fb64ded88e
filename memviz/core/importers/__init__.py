"""Real agents' logs as ``memviz-trace/1`` steps: the importer registry (``memviz trace import``).

An importer is a name, a ``detect(path) -> bool`` that says cheaply whether a file looks like its
format (``--from auto`` asks each in registration order), and a ``read(path, site)`` that gives the
steps (:class:`~memviz.core.trace.TraceStep`, keyword-only) or an :class:`Imported` (the steps and
who found their reports). Plain steps mean "which bugs the pages showed is not known"
(``reported_by`` null): an importer that did look says so with ``Imported(steps, "detector")``.

Installed packages add importers through the ``memviz.importers`` entry-point group (an
:class:`Importer`, or a callable that returns one), found the first time the registry is asked for
a name it does not hold or for its list (:class:`memviz.core.registry.Registry`). docs/extending.md
shows one. The built-in ones: ``browser-use`` (:mod:`.browser_use`) and ``har`` (:mod:`.har`).
The record, the answer and the helpers they read logs with are :mod:`.common`'s, named here too.
"""

from __future__ import annotations

from memviz.core.importers.common import (
    Fields,
    Imported,
    Importer,
    LogImportError,
    Mapper,
    head,
    normal_url,
    read_json,
    route,
)
from memviz.core.registry import Registry

__all__ = [
    "IMPORTERS",
    "Fields",
    "Imported",
    "Importer",
    "LogImportError",
    "Mapper",
    "head",
    "normal_url",
    "read_json",
    "route",
]

IMPORTERS: Registry[Importer] = Registry(
    "--from", "log format", group="memviz.importers", entry_type=Importer
)


def _register_builtins() -> None:
    from memviz.core.importers import browser_use, har

    for importer in (browser_use.IMPORTER, har.IMPORTER):
        IMPORTERS.register(importer)


_register_builtins()
