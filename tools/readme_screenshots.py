"""The README's pictures, taken again from this checkout: the main window at 1280×720 on a 1080p
screen, as a shared or recorded window is (issue 22; light, and the projector theme).

    python tools/readme_screenshots.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SHOTS = {
    "explore.png": ["--view", "explore", "--strategy", "frontier", "--capacity", "3", "--policy", "fifo",
                    "--steps", "12", "--size", "1280x720", "--theme", "light"],
    "explore-projector.png": ["--view", "explore", "--strategy", "frontier", "--capacity", "3",
                              "--policy", "fifo", "--steps", "17", "--size", "1280x720", "--theme", "projector"],
    "compare.png": ["--view", "compare", "--steps", "17", "--size", "1280x720", "--theme", "light"],
    "batch.png": ["--view", "batch", "--strategy", "frontier", "--size", "1280x720", "--theme", "light"],
}  # fmt: skip


# The screen the window stands on (Qt's offscreen platform, whose own screen is 800×800): the window
# sizes its type by itself, as on a classroom's 1080p screen.
SCREEN = {
    "screens": [{"name": "1080p", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1}]
}


def main() -> int:
    import json
    import tempfile

    screen = Path(tempfile.mkdtemp()) / "screen.json"
    screen.write_text(json.dumps(SCREEN), encoding="utf-8")
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
        platform = f"offscreen:configfile={screen}"
        subprocess.run(command, check=True, cwd=ROOT, env={**_env(), "QT_QPA_PLATFORM": platform})
    return 0


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


if __name__ == "__main__":
    raise SystemExit(main())
