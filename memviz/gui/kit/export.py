"""Writing what the analysis views show: plots as PNG or SVG, results as CSV (one row per run) or JSON.

A CSV row carries the run's seed and every setting it ran with, so a file read back on its own says
exactly which runs it holds and reproduces the view's figures (see ``read_csv``).
"""

from __future__ import annotations

import csv
import importlib
import json
import math
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyqtgraph.exporters as pg_exporters

from memviz.core.engine import RunConfig
from memviz.gui.kit.themed_pyqtgraph import pg
from memviz.gui.qt import QColor, QImage, QPainter, QRectF
from memviz.outfile import atomic_output

PNG_WIDTH = 1920  # exported plots are sharp on a 1080p slide
SETTING_COLUMNS = RunConfig.FIELDS


def export_plot(plot: pg.PlotWidget | pg.PlotItem, path: Path) -> Path:
    """Write one plot to ``path``; the suffix (.png or .svg) chooses the format.

    SVG goes through pyqtgraph's SVGExporter; PNG is rendered directly (see ``_render_png``).
    """
    path = Path(path)
    item = plot.getPlotItem() if isinstance(plot, pg.PlotWidget) else plot
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"path: plots are exported as .png or .svg, not {suffix or 'no suffix'!r}")
    with atomic_output(path, force=True) as temporary:
        if suffix == ".png":
            _render_png(item, temporary)
        else:
            with _svg_closed_paths_tolerated():
                pg_exporters.SVGExporter(item).export(str(temporary))
    return path


def _render_png(item: pg.PlotItem, path: Path) -> Path:
    """The plot as shown, rendered at a device pixel ratio that makes it at least PNG_WIDTH wide.

    pyqtgraph's ImageExporter enlarges a plot by scaling the painter, which leaves legends, text
    labels and line widths at their on-screen size (they ignore transformations), so they come out
    tiny. Rendering at a higher device pixel ratio scales everything alike, as a HiDPI screen does.
    """
    rect = item.sceneBoundingRect()
    ratio = max(1.0, PNG_WIDTH / max(rect.width(), 1.0))
    image = QImage(
        math.ceil(rect.width() * ratio), math.ceil(rect.height() * ratio), QImage.Format.Format_ARGB32
    )
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    scene = item.scene()
    if hasattr(scene, "prepareForPaint"):
        scene.prepareForPaint()
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"{path}: could not write the PNG")
    return path


@contextmanager
def _svg_closed_paths_tolerated():
    """Let pyqtgraph's SVG exporter read paths that Qt closes with "Z".

    Recent Qt writes closed paths (a band, a legend's frame) as "M0,0 L1,0 … Z", and pyqtgraph 0.14's
    ``correctCoordinates`` expects every token to be "x,y" (pyqtgraph issue #3495). The "Z" tokens
    are taken out for it and put back, in place, afterwards.
    """
    module = importlib.import_module("pyqtgraph.exporters.SVGExporter")
    original = module.correctCoordinates

    def tolerant(node, defs, item, options):
        closed = []
        for path in node.getElementsByTagName("path"):
            tokens = path.getAttribute("d").split()
            if "Z" in tokens or "z" in tokens:
                # where each Z stood, counted in coordinate tokens before it
                at = [i - k for k, i in enumerate(j for j, t in enumerate(tokens) if t in ("Z", "z"))]
                path.setAttribute("d", " ".join(t for t in tokens if t not in ("Z", "z")))
                closed.append((path, at))
        original(node, defs, item, options)
        for path, at in closed:
            tokens = path.getAttribute("d").split()
            for k, i in enumerate(at):
                tokens.insert(i + k, "Z")
            path.setAttribute("d", " ".join(tokens))

    module.correctCoordinates = tolerant
    try:
        yield
    finally:
        module.correctCoordinates = original


def setting_values(config: RunConfig) -> dict[str, Any]:
    """A config's settings as CSV cells; an unlimited capacity is written as an empty cell."""
    values = {name: getattr(config, name) for name in SETTING_COLUMNS}
    if values["capacity"] is None:
        values["capacity"] = ""
    if values["context"] is None:  # the session context off (issue 38); unlimited is written "inf"
        values["context"] = ""
    elif values["context"] == math.inf:
        values["context"] = "inf"
    return values


def run_row(config: RunConfig, result: Any, **extra: Any) -> dict[str, Any]:
    """One run as a CSV row: extra columns first, then every setting (seed first), then the metrics."""
    row = {**extra, **setting_values(config)}
    for name in ("coverage", "repeat", "bugs", "reports", "dups", "tokens", "steps", "stop_reason"):
        row[name] = getattr(result, name)
    return row


def write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    path = Path(path)
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    # utf-8-sig: Excel, which many workshop laptops open CSVs with, reads the Chinese correctly.
    with (
        atomic_output(path, force=True) as temporary,
        temporary.open("w", newline="", encoding="utf-8-sig") as f,
    ):
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _cell(v) for k, v in row.items()})
    return path


def _cell(value: Any) -> Any:
    if isinstance(value, float):
        return repr(value)  # every digit, so the file reloads to the same numbers
    return value


def read_csv(path: Path) -> list[dict[str, Any]]:
    """Rows of a CSV written by :func:`write_csv`, with numbers as numbers and settings typed."""
    with Path(path).open(newline="", encoding="utf-8-sig") as f:
        return [{k: _parse(k, v) for k, v in row.items()} for row in csv.DictReader(f)]


def _parse(column: str, text: str) -> Any:
    if (
        column in ("capacity", "ttl", "bug_list", "read_top", "start", "context") and not text
    ):  # settings whose None is empty
        return None
    if column == "capacity":
        return int(text)
    if text in ("True", "False"):
        return text == "True"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def config_of(row: dict[str, Any]) -> RunConfig:
    """The RunConfig a CSV row was run with."""
    return RunConfig(**{name: row[name] for name in SETTING_COLUMNS})


def write_json(path: Path, data: Any) -> Path:
    path = Path(path)
    with atomic_output(path, force=True) as temporary:
        temporary.write_text(json.dumps(_jsonable(data), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | range):
        return [_jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
