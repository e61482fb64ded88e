"""What the window does before its first picture (issue 41): the graph is laid out once, as it is
first painted, not for each size the window passes through while it is being shown."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.gui.explore.graph_view import SiteGraphView
from memviz.gui.kit.language import Language
from memviz.gui.main_window import MainWindow
from memviz.models.settings import RunSettings


def test_a_window_being_shown_lays_its_graph_out_once_as_it_is_first_painted(app, qtbot, site, monkeypatch):
    sizes = []
    relayout = SiteGraphView._relayout

    def counted(view):
        sizes.append((view.viewport().width(), view.viewport().height()))
        relayout(view)

    monkeypatch.setattr(SiteGraphView, "_relayout", counted)
    window = MainWindow(RunSettings(site=site, config=RunConfig()), Language("en"))
    qtbot.addWidget(window)
    window.resize(1600, 960)
    graph = window.explore.graph
    window.show()
    assert sizes == [] and graph.layout_pending  # shown, not painted yet
    qtbot.waitExposed(window)
    QApplication.processEvents()
    viewport = graph.viewport()
    assert sizes == [(viewport.width(), viewport.height())]  # once, at the size it is shown at
    assert not graph.layout_pending
    # laid out for that size: the cards spread over the view's width
    xs = [graph.center_of(p).x() for p in range(site.n_pages)]
    assert 0 < min(xs) < viewport.width() * 0.25 and viewport.width() * 0.75 < max(xs) < viewport.width()


def test_the_graph_caches_its_pictures_from_the_first_step_on(app, qtbot, site):
    """Issue 41: the first picture has nothing to copy from the graph's caches (its background, a
    picture per card), and filling them first cost 3.3 MB and ~4 ms of the window's first paint.
    They start with the first step or replay. A card drawn through its cache sits on whole device
    pixels, so edges and letters may shade a little differently: no more than antialiasing does."""
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

    window = MainWindow(RunSettings(site=site, config=RunConfig()), Language("en"))
    qtbot.addWidget(window)
    window.resize(1600, 960)
    window.explore.model.set_animated(False)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    graph = window.explore.graph
    assert not graph.caching and graph.cacheMode() == QGraphicsView.CacheModeFlag.CacheNone
    assert {item.cacheMode() for item in graph.pages} == {QGraphicsItem.CacheMode.NoCache}
    first = graph.viewport().grab().toImage()
    window.explore.model.step()
    window.explore.model.back()  # the first picture's position again, now through the caches
    QApplication.processEvents()
    assert graph.caching and graph.cacheMode() == QGraphicsView.CacheModeFlag.CacheBackground
    assert {item.cacheMode() for item in graph.pages} == {QGraphicsItem.CacheMode.DeviceCoordinateCache}
    cached = graph.viewport().grab().toImage()
    assert max_channel_difference(first, cached) <= 16  # of 255: shading, never a shape or a colour


def max_channel_difference(a, b) -> int:
    """The largest difference of any colour channel at any pixel of two same-sized pictures."""
    import numpy as np

    assert a.size() == b.size() and a.format() == b.format()

    def pixels(image):
        return np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes()).astype(np.int16)

    return int(np.abs(pixels(a) - pixels(b)).max())


def test_a_position_asked_for_before_the_first_paint_is_laid_out_then(app, qtbot, site):
    window = MainWindow(RunSettings(site=site, config=RunConfig()), Language("en"))
    qtbot.addWidget(window)
    window.resize(1600, 960)
    window.show()
    graph = window.explore.graph
    assert graph.layout_pending
    first = graph.center_of(0)  # finish_layout: laid out now
    assert not graph.layout_pending and first == graph.pages[0].pos()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert graph.center_of(0) == first  # the paint found nothing left to lay out at that size


def first_screen_then(after: str) -> tuple[list[str], str]:
    """What a fresh process prints after ``after`` runs, its main window shown and painted once:
    what the first screen loaded is seen in a process of its own (this one has loaded it all)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "from memviz.gui.app import create_app\n"
        "app = create_app()\n"
        "from memviz.gui.main_window import MainWindow\n"
        "w = MainWindow(); w.show(); app.processEvents()\n"
        f"{after}"
        "import os; os._exit(0)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    return out.stdout.splitlines(), out.stderr


def test_the_first_screen_loads_no_statistics_module():
    """core.stats gives the first screen its pct alone; statistics, fractions and decimal are not
    loaded, and an interval of floats does not load them either: core.stats computes statistics'
    figures itself (a step of the first paint's imports and of the report's, issue 41)."""
    lines, errors = first_screen_then(
        "print(sorted(m for m in sys.modules if m in ('statistics', 'fractions', 'decimal')), flush=True)\n"
        "from memviz.core.stats import mean_ci\n"
        "print(mean_ci([1.0, 2.0, 3.0]).half > 0, 'statistics' in sys.modules, flush=True)\n"
    )
    assert lines == ["[]", "True False"], errors


def test_the_first_screen_loads_what_only_menus_recordings_and_questions_need_when_first_used():
    """Traces and their replay, predict-then-reveal's questions, the dialogs' notices and file output
    load when a recording, a question or a menu first needs them, not before the first paint (issue
    41); then they are there and work."""
    later = (
        "memviz.core.replay",
        "memviz.core.trace",
        "memviz.predict",
        "memviz.gui.kit.notices",
        "memviz.outfile",
    )
    lines, errors = first_screen_then(
        f"print(sorted(m for m in sys.modules if m in {later!r}), flush=True)\n"
        "bar = w.explore.predict\n"
        "print(bar.tally.asked, bar.tally.text('en'), 'memviz.predict' in sys.modules, flush=True)\n"
    )
    assert lines == ["[]", "0 0 of 0 right True"], errors


def test_the_first_screen_sets_up_only_the_widget_classes_it_uses():
    """The scroll areas' viewports are made in Python (kit/viewport.py): PySide, handed back a
    viewport that C++ made, would set up every QWidget class it knows, with their enums (~15 ms of
    the first paint, issue 41); and HTML's entity tables are not loaded to escape user text
    (plain_text.escaped, which the narration uses from its first line)."""
    lines, errors = first_screen_then(
        "from PySide6 import QtWidgets\n"
        "made = vars(QtWidgets)\n"
        "print('QCalendarWidget' in made, 'QMdiArea' in made, 'html' in sys.modules, flush=True)\n"
        "print(w.explore.graph.viewport().objectName() == '', flush=True)\n"
        "from memviz.gui.kit.plain_text import escaped\n"
        "print(escaped('<b>A & B</b>'), flush=True)\n"
    )
    assert lines == ["False False False", "True", "&lt;b&gt;A &amp; B&lt;/b&gt;"], errors


def test_pyside_does_not_read_memvizs_own_modules_as_they_are_imported():
    """PySide6 reads the source of every module imported after it, looking for "PySide6" (whether
    the module may switch a __feature__ on); memviz's and the standard library's modules are
    answered by name, unread (3 % of the first paint, issue 41), any other is read as before."""
    lines, errors = first_screen_then(
        "feature = sys.modules['shibokensupport.feature']\n"
        "memviz = {n: v for n, v in feature.pyside_feature_dict.items() if n.startswith('memviz.')}\n"
        "print(len(memviz) > 50, set(memviz.values()), flush=True)\n"
        "import inspect\n"
        "read = []\n"
        "inspect.getsource = lambda module: read.append(module.__name__) or 'import PySide6'\n"
        "import types\n"
        "print([feature._mod_uses_pyside(types.ModuleType(name)) for name in "
        "('memviz.gui.later', 'json.tool', 'someone.else')], read, flush=True)\n"
    )
    assert lines == ["True {-1}", "[False, False, True] ['someone.else']"], errors


def test_a_start_with_its_preferences_loads_no_plotting_and_names_no_style(tmp_path):
    """As `memviz` starts (app.run_app: the user's preferences read, the remembered theme and run
    applied, the window shown), nothing the first screen does not draw is loaded before its first
    picture: the first theme loaded pyqtgraph and numpy to set their colours (the first paint took
    0.45 s, twice what bench_startup measured without preferences), a first start's missing setting
    looked through the installed packages for plugins, and the playback bar and the theme named
    QStyle, QEasingCurve and QGradient, whose enum types PySide6 builds (issue 41). Plots made later
    still take the theme's colours."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "from memviz.gui.app import create_app\n"
        "app = create_app()\n"
        "from memviz.gui.kit.preferences import Preferences\n"
        "from memviz.gui.main_window import MainWindow\n"
        "w = MainWindow(preferences=Preferences()); w.restore_preferences(); w.show(); app.processEvents()\n"
        "from PySide6 import QtCore, QtGui, QtWidgets\n"
        "made = {**vars(QtCore), **vars(QtGui), **vars(QtWidgets)}\n"
        "loaded = ('pyqtgraph', 'numpy', 'importlib.metadata')\n"
        "print([m for m in loaded if m in sys.modules], [n for n in ('QStyle', 'QEasingCurve', 'QGradient') if n in made])\n"
        "from memviz.gui.kit import themes\n"
        "from memviz.gui.kit.themed_pyqtgraph import pg\n"
        "print(pg.getConfigOption('background') == themes.current().plot_background == themes.LIGHT.plot_background)\n"
        "w.set_theme('dark')\n"
        "print(pg.getConfigOption('background') == themes.DARK.plot_background, w.explore.graph is not None)\n"
        "import os; os._exit(0)\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": str(root),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.splitlines() == ["[] []", "True", "True True"], out.stderr
