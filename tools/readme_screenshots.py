"""The README's pictures, taken again from this checkout: the main window at 1280×720 on a 1080p
screen, as a shared or recorded window is (issue 22; light, and the projector theme).

    python tools/readme_screenshots.py                 # headless: memviz snapshot, offscreen
    Xvfb :57 -screen 0 1920x1080x24 &
    DISPLAY=:57 python tools/readme_screenshots.py --display   # the real window on an X screen

With --display the real main window is opened on the X screen (Qt's xcb platform), at 1280×720,
and the screen's own pixels under it are saved: what a class sees, from a window as `memviz`
opens it (with settings of its own, not the machine's).
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


# For --display: (view, RunConfig fields, steps, theme) a picture.
WINDOW_SHOTS = {
    "explore.png": ("explore", {"strategy": "frontier", "capacity": 3, "policy": "fifo"}, 12, "light"),
    "explore-projector.png": ("explore", {"strategy": "frontier", "capacity": 3, "policy": "fifo"}, 17,
                              "projector"),
    "compare.png": ("compare", {}, 17, "light"),
    "batch.png": ("batch", {"strategy": "frontier"}, None, "light"),
    "evaluate.png": ("evaluate", {}, None, "light"),
}  # fmt: skip
WINDOW_SIZE = (1280, 720)


def settled_picture(window, qtest, tries: int = 20):
    """The screen's pixels under ``window`` once two looks 300 ms apart agree: the X server shows
    a view's repaint piece by piece (a first grab caught Compare with its lanes still blank)."""
    frame = window.frameGeometry()
    last = None
    for _ in range(tries):
        qtest.qWait(300)
        picture = window.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
        if last is not None and picture.toImage() == last.toImage():
            return picture
        last = picture
    return last


def from_display() -> int:
    """Each of WINDOW_SHOTS from the real window on $DISPLAY, into docs/."""
    import os
    import tempfile

    if not os.environ.get("DISPLAY"):
        print("--display: no DISPLAY (start Xvfb :57 -screen 0 1920x1080x24 and set DISPLAY=:57)")
        return 2
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()  # memviz's settings: its own, not the machine's
    sys.path.insert(0, str(ROOT))
    from memviz.core.engine import RunConfig
    from memviz.gui.app import create_app

    app = create_app()
    from PySide6.QtTest import QTest

    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    for name, (tab, fields, steps, theme) in WINDOW_SHOTS.items():
        window = MainWindow(settings=RunSettings(config=RunConfig(**fields)), language=Language("en"))
        window.explore.model.set_animated(False)
        window.move(0, 0)
        window.resize(*WINDOW_SIZE)
        window.show()
        window.set_theme(theme)
        QTest.qWait(200)
        view = window.select_view(tab)
        view = getattr(view, "view", view)  # a LazyView's real view
        if tab == "explore":
            window.explore.model.jump(steps)
        elif hasattr(view, "prepare_snapshot"):
            view.prepare_snapshot(steps, None)
        if hasattr(view, "compute_blocking"):
            view.compute_blocking()
        out = ROOT / "docs" / name
        settled_picture(window, QTest).save(str(out))
        print(out)
        window.close()
        window.deleteLater()
        app.processEvents()
    return 0


def main() -> int:
    if "--display" in sys.argv[1:]:
        return from_display()
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
