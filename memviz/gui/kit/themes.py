"""Light, dark and projector themes: one palette for the widgets and the plots.

The projector theme is for rooms with a washed-out beamer: pure white paper, black ink, no grey
text, and a strong selection colour. Views that paint their own pictures read the current theme's
colours from :func:`current` and repaint when ``manager().changed`` fires; there is one manager per
process, as there is one QApplication palette.
"""

# No `from __future__ import annotations`: typing.NamedTuple compiles each string annotation of its
# fields (a ForwardRef), ~10 µs a field before the window's first paint; these are plain names (issue 41).

import sys
from typing import NamedTuple

from memviz.gui.qt import QApplication, QColor, QObject, QPalette, Signal

THEMES = ("light", "dark", "projector")


class Theme(NamedTuple):  # not a frozen dataclass, which compiles its methods on import (issue 41)
    name: str
    window: str
    base: str
    alternate: str
    text: str
    muted: str
    button: str
    highlight: str
    highlight_text: str
    plot_background: str
    plot_foreground: str
    line_width: float  # pen width multiplier for plots and graph edges
    # A field's hint text ("a number"): grey, never the ink of an answer (the projector theme's
    # muted text is black). Empty: the muted colour.
    placeholder: str = ""


LIGHT = Theme("light", "#f4f6f9", "#ffffff", "#eef1f5", "#1d2330", "#5b6472", "#e9edf3",
              "#0072B2", "#ffffff", "#ffffff", "#1d2330", 1.0)  # fmt: skip
DARK = Theme("dark", "#1e2229", "#262b33", "#2d333c", "#e8ebf0", "#a7afbb", "#313842",
             "#56B4E9", "#10141a", "#1b1f25", "#e8ebf0", 1.0)  # fmt: skip
PROJECTOR = Theme("projector", "#ffffff", "#ffffff", "#f2f2f2", "#000000", "#000000", "#e6e6e6",
                  "#0050a0", "#ffffff", "#ffffff", "#000000", 1.6, placeholder="#666666")  # fmt: skip
BY_NAME = {t.name: t for t in (LIGHT, DARK, PROJECTOR)}

_current = LIGHT


def current() -> Theme:
    return _current


def palette_for(theme: Theme) -> QPalette:
    p = QPalette()
    roles = QPalette.ColorRole
    for role, color in (
        (roles.Window, theme.window),
        (roles.Base, theme.base),
        (roles.AlternateBase, theme.alternate),
        (roles.Text, theme.text),
        (roles.WindowText, theme.text),
        (roles.ButtonText, theme.text),
        (roles.ToolTipText, theme.text),
        (roles.ToolTipBase, theme.base),
        (roles.Button, theme.button),
        (roles.Highlight, theme.highlight),
        (roles.HighlightedText, theme.highlight_text),
        (roles.PlaceholderText, theme.placeholder or theme.muted),
        (roles.BrightText, theme.highlight),
        (roles.Link, theme.highlight),
    ):
        p.setColor(role, QColor(color))
    muted = QColor(theme.muted)
    for role in (roles.Text, roles.WindowText, roles.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, muted)
    return p


# The style memviz's widgets are drawn in on every platform (and whose widgets obey a palette).
STYLE = "fusion"
_started_in_style = False


def started_in_style() -> None:
    """Say that the QApplication was made in STYLE (``-style fusion``, app.create_app)."""
    global _started_in_style
    _started_in_style = True


class ThemeManager(QObject):
    """Applies a theme to the application; ``changed`` tells views that paint their own colours."""

    changed = Signal(object)  # Theme

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._applied = False

    def apply(self, name: str) -> Theme:
        global _current
        if name not in BY_NAME:
            raise ValueError(f"theme: expected one of {THEMES}, got {name!r}")
        theme = BY_NAME[name]
        built_in, _current = _current, theme
        first, self._applied = not self._applied, True
        app = QApplication.instance()
        if app is not None:
            # A switch sets the style again: Qt's widgets that keep a measure of their type are told
            # so (fonts.measure_type_again). The first theme of an app made in the style need not:
            # setting it re-polished the whole window before its first picture, and named QStyle,
            # whose eleven enum types PySide6 then built (issue 41).
            if not (first and _started_in_style):
                app.setStyle(STYLE)
            app.setPalette(palette_for(theme))
            restyle_plots()
        # The first theme, when the views were built in it (the default, light), changes none of
        # their colours: telling them laid out the site graph again before the first picture.
        if not (first and theme is built_in):
            self.changed.emit(theme)
        return theme


def restyle_plots() -> None:
    """Plots made from now on take the current theme's colours (views restyle their own existing
    plots on ``changed``: walking QApplication.allWidgets() instead crashed PySide6 6.11 now and
    then). Only once pyqtgraph is loaded: themed_pyqtgraph, which loads it, calls this then."""
    pg = sys.modules.get("pyqtgraph")
    if pg is not None:
        theme = current()
        pg.setConfigOptions(background=theme.plot_background, foreground=theme.plot_foreground)


_manager: ThemeManager | None = None


def manager() -> ThemeManager:
    """The process's theme manager (created on first use, after the QApplication)."""
    global _manager
    if _manager is None:
        _manager = ThemeManager(QApplication.instance())
    return _manager
