"""Writing what the analysis views show: plots as PNG or SVG, results as CSV (one row per run) or JSON.

A CSV row carries the run's seed and every setting it ran with, so a file read back on its own says
exactly which runs it holds and reproduces the view's figures (see ``read_csv``).
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import fields
from pathlib import Path
from typing import Any

import pyqtgraph as pg
import pyqtgraph.exporters as pg_exporters

from memviz.core.engine import RunConfig

PNG_WIDTH = 1920  # exported plots are sharp on a 1080p slide
SETTING_COLUMNS = tuple(f.name for f in fields(RunConfig))


def export_plot(plot: pg.PlotWidget | pg.PlotItem, path: Path) -> Path:
    """Write one plot to ``path``; the suffix (.png or .svg) chooses the format."""
    path = Path(path)
    item = plot.getPlotItem() if isinstance(plot, pg.PlotWidget) else plot
    suffix = path.suffix.lower()
    if suffix == ".png":
        exporter = pg_exporters.ImageExporter(item)
        width = max(PNG_WIDTH, int(item.sceneBoundingRect().width()))
        # Setting the width also sets the height, keeping the plot's proportions.
        exporter.parameters()["width"] = width
        exporter.parameters()["antialias"] = True
    elif suffix == ".svg":
        exporter = pg_exporters.SVGExporter(item)
    else:
        raise ValueError(f"path: plots are exported as .png or .svg, not {suffix or 'no suffix'!r}")
    exporter.export(str(path))
    return path


def setting_values(config: RunConfig) -> dict[str, Any]:
    """A config's settings as CSV cells; an unlimited capacity is written as an empty cell."""
    values = {name: getattr(config, name) for name in SETTING_COLUMNS}
    if values["capacity"] is None:
        values["capacity"] = ""
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
    with path.open("w", newline="", encoding="utf-8-sig") as f:
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
    if column == "capacity":
        return int(text) if text else None
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
    path.write_text(json.dumps(_jsonable(data), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | range):
        return [_jsonable(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
