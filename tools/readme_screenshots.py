"""The README's pictures, taken again from this checkout (issue 15: 1920x1080 light and 1280x720
projector, as a class sees them).

    python tools/readme_screenshots.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SHOTS = {
    "explore.png": ["--view", "explore", "--strategy", "frontier", "--capacity", "3", "--policy", "fifo",
                    "--steps", "12", "--size", "1920x1080", "--theme", "light"],
    "explore-projector.png": ["--view", "explore", "--strategy", "frontier", "--capacity", "3",
                              "--policy", "fifo", "--steps", "17", "--size", "1280x720", "--theme", "projector"],
    "compare.png": ["--view", "compare", "--steps", "17", "--size", "1920x1080", "--theme", "light"],
    "batch.png": ["--view", "batch", "--strategy", "frontier", "--size", "1920x1080", "--theme", "light"],
}  # fmt: skip


def main() -> int:
    for name, options in SHOTS.items():
        out = ROOT / "docs" / name
        command = [
            sys.executable,
            "-m",
            "memviz",
            "snapshot",
            "--lang",
            "en",
            *options,
            "--out",
            str(out),
            "--force",
        ]
        subprocess.run(command, check=True, cwd=ROOT, env={"QT_QPA_PLATFORM": "offscreen", **_env()})
    return 0


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


if __name__ == "__main__":
    raise SystemExit(main())
