"""Pictures of the real main window, every tab, as a reviewer opens it (issue 22): a window on an X
screen (Xvfb), at a size, in a language and theme, each tab with a run under way and its results
computed; the screen's own pixels under the window are saved (what a class sees, window manager
or not), one PNG a tab.

    Xvfb :57 -screen 0 1920x1080x24 &
    DISPLAY=:57 QT_QPA_PLATFORM=xcb python3 tools/window_review.py --out /tmp/review \\
        --size 1280x720 --size 1920x1080 --lang zh --lang en --theme projector

The pictures are to be looked at; tests/gui/test_window_fit.py measures the same window.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TABS = ("explore", "compare", "batch", "sweep", "cost", "scenarios", "evaluate", "exercises", "info")
STEPS = 17  # far enough that memory (capacity 3) is full and has forgotten pages


sys.path.insert(0, str(Path(__file__).parent))
from readme_screenshots import settled_picture  # noqa: E402 (beside this file)


def settle(app, rounds: int = 6) -> None:
    for _ in range(rounds):
        app.processEvents()


def prepare(window, tab: str, steps: int, scenario: str = "") -> None:
    """The tab with everything it can show: a run under way, its results computed."""
    view = window.select_view(tab)
    view = getattr(view, "view", view)  # a LazyView's real view
    if tab == "explore":
        window.explore.model.jump(steps)
    if hasattr(view, "prepare_snapshot"):
        view.prepare_snapshot(steps, None)
    if hasattr(view, "show_for_snapshot"):  # scenarios: a session under way
        view.show_for_snapshot(scenario, steps)
    if hasattr(view, "runs_spin"):  # the fewest runs: the same words and tables, in a second
        view.runs_spin.setValue(view.runs_spin.minimum())
    if hasattr(view, "compute_blocking"):
        view.compute_blocking()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the PNGs")
    parser.add_argument("--size", action="append", help="window size WxH (repeatable; 1280x720)")
    parser.add_argument("--lang", action="append", choices=("zh", "en"), help="repeatable; zh and en")
    parser.add_argument("--theme", action="append", help="repeatable; projector")
    parser.add_argument("--tab", action="append", choices=TABS, help="repeatable; every tab")
    parser.add_argument("--zoom", type=float, default=1.0, help="the View menu's zoom (1.3 for 130 %%)")
    parser.add_argument("--scenario", action="append", help="Scenarios: NAME/MODE (repeatable; a few)")
    parser.add_argument("--steps", type=int, default=STEPS, help="steps of the run shown")
    args = parser.parse_args(argv)
    sizes = [tuple(int(n) for n in size.split("x")) for size in (args.size or ["1280x720"])]

    import os
    import tempfile

    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()  # memviz's settings: its own, not the machine's
    from memviz.core.engine import RunConfig
    from memviz.gui.app import create_app

    app = create_app()
    from PySide6.QtTest import QTest

    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    config = RunConfig(strategy="frontier", capacity=3, policy="fifo")
    window = MainWindow(settings=RunSettings(config=config), language=Language("en"))
    window.explore.model.set_animated(False)
    window.move(0, 0)
    window.resize(*sizes[0])
    window.show()
    settle(app)
    window.set_zoom(args.zoom)
    args.out.mkdir(parents=True, exist_ok=True)
    scenarios = args.scenario or ["version/invalidate", "poison/notes", "ttl/4"]
    shots = [
        (tab, scenario)
        for tab in args.tab or TABS
        for scenario in (scenarios if tab == "scenarios" else [""])
    ]
    for tab, scenario in shots:
        prepare(window, tab, args.steps, scenario)
        for (width, height), lang, theme in itertools.product(
            sizes, args.lang or ["zh", "en"], args.theme or ["projector"]
        ):
            window.resize(width, height)
            window.language.set_code(lang)
            window.set_theme(theme)
            settle(app)
            picture = settled_picture(window, QTest)
            part = f"-{scenario.replace('/', '-')}" if scenario else ""
            zoom = "" if args.zoom == 1.0 else f"-{args.zoom:.0%}"
            name = f"{tab}{part}-{width}x{height}-{lang}-{theme}{zoom}.png"
            picture.save(str(args.out / name))
            print(args.out / name)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
