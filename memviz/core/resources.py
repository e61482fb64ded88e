"""Where run-time files live, from a source checkout and from an installed wheel (or bundle).

A checkout keeps them in ``<repo>/resources``; the wheel build copies that folder to
``memviz/resources``; a PyInstaller bundle puts it under ``sys._MEIPASS/memviz/resources``.
In the core so that the core finds its own default site without importing outside itself;
``memviz.paths`` re-exports it for the GUI.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # memviz/


@cache
def resources_dir() -> Path:
    candidates = [_PACKAGE_DIR / "resources", _PACKAGE_DIR.parent / "resources"]
    bundle_root = getattr(sys, "_MEIPASS", None)
    if bundle_root:
        candidates.insert(0, Path(bundle_root) / "memviz" / "resources")
    for candidate in candidates:
        if (candidate / "sites").is_dir():
            return candidate
    raise FileNotFoundError(
        "memviz cannot find its resources folder; looked in " + ", ".join(str(c) for c in candidates)
    )


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def default_site_path() -> Path:
    return resource_path("sites", "conduit24.json")
