"""The Explore tab after a zoom and a theme switch looks as if it had never been zoomed (issue 40).

A theme switch re-sets the Qt style, and Qt's combo boxes and empty labels measure their size once
per style (a font change alone leaves their measure as it was). Switched at 150 %, they kept their
150 % sizes back at 100 %: the settings row wrapped onto a second line, the graph lost the room its
site needed at 12 px and showed it whole on a larger canvas, shrunk to 9.6 px. The playback bar's
position label ("30 / 30") kept its 150 % height whatever the theme, as its fixed size was read
from a size hint that grows to the size already fixed.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QComboBox
from text_size import too_small

from memviz.core.engine import RunConfig
from memviz.gui.kit import zoom

# The run with the longest strategy name and a memory that forgets: window_fit_probe.py's.
MEMORY_RUN = RunConfig(strategy="frontier", capacity=3, policy="fifo")
STEPS = 30


def bar_heights(window) -> dict[str, object]:
    """The heights of the rows a zoom changes, and the room the graph is left with."""
    explore = window.explore
    rows = {
        "settings": explore.config_bar,
        "playback": explore.playback,
        "position label": explore.playback.position_label,
        "play button": explore.playback.play_button,
        "strategy": explore.config_bar.strategy,
        "predict switch": explore.predict.switch_box,
        "memory read mode": explore.memory.findChild(QComboBox, "read_mode"),
        "menu bar": window.menuBar(),
        "tab bar": window.tabs.tabBar(),
        "status bar": window.statusBar(),
    }
    heights: dict[str, object] = {name: widget.height() for name, widget in rows.items()}
    for name in ("strategy", "memory read mode"):  # a combo box is as wide as its longest choice
        heights[f"{name} width"] = rows[name].width()
    heights["graph"] = explore.graph.viewport().size().toTuple()
    heights["graph canvas"] = explore.graph.magnify
    return heights


def settled(window) -> dict[str, object]:
    """The heights once a switch has gone round the window: each turn of the event loop delivers
    the layouts posted by the last, so turn it until nothing moves for two turns."""
    seen, same = None, 0
    for _ in range(60):
        QApplication.processEvents()
        now = bar_heights(window)
        same = same + 1 if now == seen else 0
        if same == 2:
            return now
        seen = now
    raise AssertionError(f"the window did not settle: {seen}")


def switch(window, step) -> None:
    if isinstance(step, str):
        window.set_theme(step)
    else:
        window.set_zoom(step)
    settled(window)


@pytest.mark.parametrize(
    "history",
    [(1.5, "projector", 1.0), ("projector", 1.5, 1.0), (1.5, "projector", 1.25, "light", "projector", 1.0)],
    ids=["zoom-theme-back", "theme-zoom-back", "back-and-forth"],
)
def test_back_at_100_percent_explore_is_as_if_never_zoomed(screen_window, history):
    window = screen_window(MEMORY_RUN, size=(1280, 720), lang="en")
    window.explore.model.jump(STEPS)
    for step in history:
        switch(window, step)
    assert zoom.current() == 1.0
    after = settled(window)
    assert too_small(window, 1.0) == []  # the graph's names at 12 px, not 9.6
    names_px = window.explore.graph._px
    window.close()

    never_zoomed = screen_window(MEMORY_RUN, size=(1280, 720), lang="en")
    never_zoomed.explore.model.jump(STEPS)
    switch(never_zoomed, "projector")
    assert after == settled(never_zoomed)
    assert names_px == never_zoomed.explore.graph._px >= zoom.least_text_px()
