"""The real main window at a teacher's sizes: nothing cut, nothing drawn over anything else.

Each tab is opened in a main window of its own process (window_fit_probe.py), on an offscreen
1920×1080 screen, at 1280×720, 1366×768 and 1920×1080, in Chinese and English, the light and the
projector theme, at every zoom step from 100 % to 150 % (text_size.py: no text under 12 px times the
zoom) and at 100, 125 and 150 % window_fit.cut() measures every visible label, button,
check box, group box title, choice and tab against its widget, and every pair of sibling widgets
for overlap. (The test process's own offscreen screen is 800×800: a window's type and layout must
follow the window, not the screen, and this is the screen a classroom has.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PROBE = Path(__file__).with_name("window_fit_probe.py")
SIZES = ("1280x720", "1366x768", "1920x1080")
TABS = ("explore", "compare", "batch", "sweep", "cost", "scenarios", "evaluate", "exercises", "info")


@pytest.fixture(scope="module")
def screen_1080p(tmp_path_factory) -> str:
    """QT_QPA_PLATFORM for an offscreen screen of 1920×1080 (the plugin's configfile option)."""
    path = tmp_path_factory.mktemp("screen") / "screen.json"
    screen = {"name": "classroom", "x": 0, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96, "dpr": 1}
    path.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return f"offscreen:configfile={path}"


def probe(platform: str, tab: str, sizes: tuple[str, ...], *options: str) -> dict:
    env = {**os.environ, "QT_QPA_PLATFORM": platform}
    done = subprocess.run(
        [sys.executable, str(PROBE), tab, *sizes, *options],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,  # a busy machine's wall time; the work is about 5 s of CPU
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("lang", ("zh", "en"))
@pytest.mark.parametrize("theme", ("light", "projector"))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tab", TABS)
def test_nothing_is_cut_overprinted_or_too_small(screen_1080p, tab, size, theme, lang):
    """Every zoom step in one process, switched as a user does: no text under 12 px times the zoom
    at 100, 110, 125 and 150 % (text_size.too_small), nothing cut at 100, 125 and 150 %. A process a tab, size, theme and language: each a few seconds."""
    report = probe(screen_1080p, tab, (size,), f"--theme={theme}", f"--lang={lang}")
    assert report["screen"] == [1920, 1080]
    problems = [
        f"{p['size']} {p['lang']} {p['theme']} {p['zoom']:.0%}: {p['problem']}" for p in report["problems"]
    ]
    assert problems == []


def test_the_probe_sees_a_cut_label(app):
    """The measure itself: a label given less room than its words is reported, in this process."""
    from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget
    from window_fit import cut

    box = QWidget()
    layout = QHBoxLayout(box)
    whole, squeezed = QLabel("Memory capacity"), QLabel("Memory capacity")
    layout.addWidget(whole)
    layout.addWidget(squeezed)
    box.show()
    squeezed.setFixedWidth(squeezed.sizeHint().width() // 2)
    box.resize(box.sizeHint())
    problems = cut(box)
    assert len(problems) == 1 and "needs" in problems[0]
    box.close()


def painted(widget, app) -> None:
    """Paint ``widget`` twice: pyqtgraph's axes size themselves for their tick texts as they
    paint, and lay out again after."""
    for _ in range(2):
        widget.grab()
        app.processEvents()


def test_the_probe_sees_cut_and_overprinted_text_in_a_plot(app):
    """The scene measure itself: a plot's value label run off the data area, and two labels drawn
    over each other, are reported; the same labels apart and inside, are not."""
    import pyqtgraph as pg
    from scene_text import scene_problems, scene_texts

    plot = pg.PlotWidget()
    plot.resize(400, 300)
    plot.setTitle("Coverage of each run")
    plot.setXRange(0, 10, padding=0)
    plot.setYRange(0, 10, padding=0)
    first, second = pg.TextItem("mean 12.5", anchor=(0, 0.5)), pg.TextItem("bootstrap", anchor=(0, 0.5))
    for item in (first, second):
        plot.addItem(item)
    first.setPos(2, 8)
    second.setPos(2, 3)
    plot.show()
    painted(plot, app)
    texts = {text.text for text in scene_texts(plot)}
    assert {"Coverage of each run", "mean 12.5", "bootstrap", "10"} <= texts  # title, labels, ticks
    assert scene_problems(plot) == []
    second.setPos(2.2, 8)  # on the first
    painted(plot, app)
    assert [p for p in scene_problems(plot) if "overprints" in p and "bootstrap" in p]
    second.setPos(9.5, 3)  # runs off the right edge of the data area
    painted(plot, app)
    problems = scene_problems(plot)
    assert len(problems) == 1 and "'bootstrap'" in problems[0] and "cut by the edge at right" in problems[0]
    plot.close()


def test_the_probe_sees_an_axis_that_draws_none_of_its_names(app):
    """Tick names wider than their axis are left out by pyqtgraph, silently: reported."""
    import pyqtgraph as pg
    from scene_text import scene_problems

    class Named(pg.AxisItem):
        def tickStrings(self, values, scale, spacing):
            return [f"task number {int(v)}" for v in values]

    axis = Named("left")
    plot = pg.PlotWidget(axisItems={"left": axis})
    plot.resize(400, 300)
    plot.setYRange(0.5, 4.5, padding=0)
    axis.setStyle(autoExpandTextSpace=False, tickTextWidth=10)
    plot.show()
    painted(plot, app)
    assert [p for p in scene_problems(plot) if "draws none of" in p]
    axis.setStyle(autoExpandTextSpace=True)
    painted(plot, app)  # the axis widens for its names when it paints
    assert scene_problems(plot) == []
    plot.close()
