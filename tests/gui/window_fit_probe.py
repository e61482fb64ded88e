"""Open the real main window on one tab and report what is cut, as JSON on stdout.

Run in its own process by test_window_fit.py, so that the offscreen platform can be given a
1920×1080 screen (QT_QPA_PLATFORM=offscreen:configfile=…, read when the QApplication is made;
the test process's own screen is the plugin's default 800×800). The window is made the way
`memviz` makes it (create_app, then MainWindow) and shown at each size in turn; language, theme
and zoom are switched on that one window, as a user does from the View menu.

    python3 tests/gui/window_fit_probe.py explore 1280x720 1920x1080 [--theme=projector] [--lang=zh]
"""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from scene_text import scene_problems
from text_size import too_small
from window_fit import cut

from memviz.core.engine import RunConfig

LANGUAGES = ("zh", "en")
THEMES = ("light", "projector")
# The View menu's steps a class uses (issue 40): cuts measured at each, at every size, on every tab.
ZOOMS = (1.0, 1.25, 1.5)
# Every step from 100 % to 150 %: no text under 12 px times the zoom (text_size.too_small).
TYPE_ZOOMS = (1.0, 1.1, 1.25, 1.5)
# The run with the most to show: the longest strategy name, a full memory that forgets.
MEMORY_RUN = RunConfig(strategy="frontier", capacity=3, policy="fifo")
# The scenario whose pages take the most states (to retest, stale "tested", forgotten).
SCENARIO = "version/invalidate"
EXPLORE_STEPS = 30  # far enough that memory is full and has forgotten pages


def settle(app, rounds: int = 4) -> None:
    for _ in range(rounds):
        app.processEvents()


def prepare(window, tab: str) -> None:
    """Put the tab in a state with everything it can show: a run under way, results computed."""
    view = window.select_view(tab)
    view = getattr(view, "view", view)  # a LazyView's real view
    if tab == "explore":
        window.explore.model.jump(EXPLORE_STEPS)
    if hasattr(view, "prepare_snapshot"):
        view.prepare_snapshot(EXPLORE_STEPS, None)
    if hasattr(view, "show_for_snapshot"):  # scenarios: a session under way, pages in every state
        view.show_for_snapshot(SCENARIO, EXPLORE_STEPS)
    if hasattr(view, "runs_spin"):  # the fewest runs: the same words and tables, in a second
        view.runs_spin.setValue(view.runs_spin.minimum())
    if hasattr(view, "compute_blocking"):
        view.compute_blocking()


def main(argv: list[str]) -> int:
    """``tab size...``: the tab's problems at each size, every language, theme and zoom."""
    themes_asked = [a.removeprefix("--theme=") for a in argv if a.startswith("--theme=")] or THEMES
    langs_asked = [a.removeprefix("--lang=") for a in argv if a.startswith("--lang=")] or LANGUAGES
    argv = [a for a in argv if not a.startswith("--")]
    tab, sizes = argv[0], [tuple(int(n) for n in size.split("x")) for size in argv[1:]]
    from memviz.gui.app import create_app

    app = create_app()
    from memviz.gui.kit import themes
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    window = MainWindow(settings=RunSettings(config=MEMORY_RUN), language=Language("en"))
    window.explore.model.set_animated(False)
    window.resize(*sizes[0])
    window.show()
    settle(app)
    prepare(window, tab)
    view = window.current_view()
    view = getattr(view, "view", view)
    report = []
    combinations = [
        (size, lang, theme, zoom)
        for size in sizes
        for lang, theme, zoom in itertools.product(langs_asked, themes_asked, TYPE_ZOOMS)
    ]
    for (width, height), lang, theme, zoom in combinations:
        measure_cuts = zoom in ZOOMS
        window.resize(width, height)
        window.language.set_code(lang)
        if themes.current().name != theme:
            window.set_theme(theme)
        window.set_zoom(zoom)
        settle(app)
        problems = too_small(window, zoom)
        if measure_cuts:
            problems += cut(window) + scene_problems(window)
        job_bar = getattr(view, "job_bar", None)
        if job_bar is not None and measure_cuts:  # an analysis view computing: progress, Cancel, status
            words, fields = job_bar._status
            job_bar.set_running()
            job_bar.set_progress(3, 7)
            settle(app)
            problems += [f"while computing: {problem}" for problem in cut(window)]
            job_bar.set_idle()
            job_bar.set_status(words, **fields)
        for problem in problems:
            report.append(
                {"size": f"{width}x{height}", "lang": lang, "theme": theme, "zoom": zoom, "problem": problem}
            )
    json.dump(
        {
            "screen": [app.primaryScreen().size().width(), app.primaryScreen().size().height()],
            "problems": report,
        },
        sys.stdout,
        ensure_ascii=False,
        indent=0,
    )
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
