"""Real agents' logs as ``memviz-trace/1`` (``memviz trace import``), by the importer registry
(:mod:`memviz.core.importers`: browser-use, HAR 1.2, and any installed ``memviz.importers`` plugin).

URLs map to pages by the site's paths (``Site.page_at``) on the start URL's origin; any other URL is
kept as an off-site step (``page`` null). ``source`` "auto" asks each importer, in registration
order, whether the file looks like its format.
"""

from __future__ import annotations

from pathlib import Path

from memviz.core.importers import IMPORTERS, Imported, LogImportError
from memviz.core.limits import shown
from memviz.core.registry import ConfigError
from memviz.core.site import Site
from memviz.core.trace import MOST_STEPS, REPORTED_BY, Trace, TraceHeader, TraceStep
from memviz.core.trace_run import trace_site

__all__ = ["AUTO", "LogImportError", "detect_source", "import_trace", "sources"]

AUTO = "auto"


def sources() -> tuple[str, ...]:
    """The formats ``--from`` takes: ``auto``, then every importer's name (plugins' included)."""
    return (AUTO, *IMPORTERS.names())


def detect_source(path: str | Path) -> str:
    """The name of the first importer that recognises ``path``, or LogImportError."""
    path = Path(path)
    for importer in IMPORTERS.values():
        try:
            if importer.detect(path):
                return importer.name
        except Exception:
            continue
    raise LogImportError(
        f"--from auto: no importer recognises {path} (choose --from one of {', '.join(IMPORTERS.names())})"
    )


def import_trace(path: str | Path, source: str, site: Site) -> Trace:
    """The log in ``path`` (``source``: an importer's name, or "auto") as a trace on ``site``."""
    path = Path(path)
    if source == AUTO:
        source = detect_source(path)
    try:
        importer = IMPORTERS.get(source)
    except ConfigError:
        raise LogImportError(f"--from: expected one of {', '.join(sources())}, got {shown(source)}") from None
    try:
        read = importer.read(path, site)
    except LogImportError:
        raise
    except ValueError as exc:  # a plugin's own one-line error
        raise LogImportError(str(exc)) from None
    steps, reported_by = read if isinstance(read, Imported) else (read, None)
    steps = tuple(steps)
    _check(path, source, steps, reported_by)
    header = TraceHeader(
        agent=source,
        start_url=steps[0].url,
        site=trace_site(site),
        version=site.version,
        reported_by=reported_by,
    )
    return Trace(header, steps)


def _check(path: Path, source: str, steps: tuple, reported_by: str | None) -> None:
    """What the trace reader would refuse, said now: a plugin's steps are held to the format too."""
    if not steps:
        raise LogImportError(f"{path}: no page visited in the log (no http:// or https:// URL)")
    if len(steps) > MOST_STEPS:
        raise LogImportError(f"{path}: {len(steps)} steps; a trace has at most {MOST_STEPS}")
    if reported_by is not None and reported_by not in REPORTED_BY:
        raise LogImportError(f"--from {source}: reported_by must be one of {', '.join(REPORTED_BY)} or None")
    for k, step in enumerate(steps):
        if not isinstance(step, TraceStep) or step.step != k or (step.action == "start") != (k == 0):
            raise LogImportError(
                f"--from {source}: step {k} of {path} is not a TraceStep numbered {k} (start first, only first)"
            )
