"""The offline bundle: build it with PyInstaller and run it headless (packaging/smoke_test.py, the
same on Linux, Windows and macOS).

Slow (several minutes, a few hundred MB on disk), so it runs only when asked:
``MEMVIZ_BUNDLE_TEST=1 python -m pytest tests/test_bundle.py``. ``MEMVIZ_BUNDLE_TEST=prebuilt``
tests a bundle already in packaging/dist without building it again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
MODE = os.environ.get("MEMVIZ_BUNDLE_TEST", "")

pytestmark = pytest.mark.skipif(
    not MODE, reason="slow: set MEMVIZ_BUNDLE_TEST=1 to build and smoke-test the bundle"
)


def test_bundle_builds_and_runs_headless():
    command = [sys.executable, str(REPO / "packaging" / "smoke_test.py")]
    if MODE == "prebuilt":
        command.append("--no-build")
    result = subprocess.run(
        command,
        cwd=REPO,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=1800,
        env={**os.environ, "PYTHON": sys.executable},
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "smoke: PNG 1280x720" in result.stdout
    assert "smoke: the window opened and painted" in result.stdout
    assert "smoke: report equals the source tree's" in result.stdout
    assert "smoke: MP4 20 frames, H.264 640x360" in result.stdout
    assert "smoke: bundle OK" in result.stdout
