"""Colours and type sizes shared by the Explore view's panels, so they read as one picture.

Both follow the presentation settings of the main window:

- Colours come from the theme in force (:func:`colors`, one :class:`ExploreColors` per theme of
  :mod:`memviz.gui.kit.themes`), read when painting; the old constant names (``style.INK``, ...) still
  work and give the current theme's colour.
- Type sizes are relative to the application font, which the whole-UI zoom changes. A widget given
  its font by :func:`set_ui_font` remembers its scale; :func:`refresh_fonts` (called by the Explore
  view when the app font changes) gives it the font anew, then calls ``_on_app_font_change()`` on
  the widgets registered by :func:`follow_presentation`, so painted widgets drop the fonts they
  cached. :func:`refresh_colors` does the same for a theme change with ``_on_theme_change()``.
"""

# No `from __future__ import annotations`: typing.NamedTuple compiles each string annotation of its
# fields (a ForwardRef), ~10 µs a field before the window's first paint; these are plain names (issue 41).

import math
import weakref
from typing import NamedTuple

from memviz.gui.kit import fonts, themes
from memviz.gui.kit.palette import OKABE_ITO
from memviz.gui.kit.zoom import least_text_px
from memviz.gui.qt import QApplication, QBrush, QColor, QFont, QPainter, Qt, QWidget, is_alive


class ExploreColors(NamedTuple):
    """Every colour the Explore view paints with, for one theme.

    A named tuple, not a frozen dataclass: made at import, before the first paint, where the
    dataclass's generated methods (compiled from ~13 kB of source) cost 1 % of it (issue 41).
    """

    ink: QColor  # text and the agent card's ring
    muted: QColor  # secondary text
    faint: QColor  # tertiary text (nav link counts)
    paper: QColor  # cards, lists, the narration; halos around markers
    backdrop: QColor  # behind the site graph
    border: QColor  # around cards and panels
    unvisited_fill: QColor
    unvisited_edge: QColor
    visited_fill: QColor  # visited, no memory to keep it
    visited_edge: QColor
    remembered_fill: QColor
    remembered_edge: QColor
    forgotten_fill: QColor
    forgotten_edge: QColor
    bug: QColor
    duplicate: QColor
    evict: QColor
    plan: QColor
    agent: QColor  # the agent's card and its walking dot: ink, a colour no state uses
    agent_text: QColor
    trail: QColor  # the agent's last moves (solid, fading), unlike the plan (green, dashed)
    bug_text: QColor  # the same meanings as text, dark or light enough to read on paper
    duplicate_text: QColor
    evict_text: QColor
    plan_text: QColor
    repeat_text: QColor
    new_entry: QColor  # memory rows: written this step, used this step, forgotten this step
    new_entry_edge: QColor
    new_entry_text: QColor
    touched: QColor
    evicted_fill: QColor
    row_fill: QColor
    row_edge: QColor
    edge: QColor  # links between pages
    nav_edge: QColor
    nav_bar: QColor
    nav_bar_edge: QColor
    gauge_track: QColor
    gauge_edge: QColor
    gauge_fill: QColor
    gauge_full: QColor
    on_accent: QColor  # text on a strong fill: the agent's card, the gauge's bar
    badge: QColor  # visit-count badges
    badge_text: QColor
    plot_axis: QColor
    coverage_line: QColor  # the two little plots' curves
    tokens_line: QColor
    hatch_alpha: float  # how strongly a forgotten card is hatched
    evicted_opacity: float  # what a forgotten memory entry fades to during its step


def _colors(**spec) -> ExploreColors:
    return ExploreColors(**{k: v if isinstance(v, float) else QColor(v) for k, v in spec.items()})


_VERMILLION, _BLUE, _GREEN = OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["green"]
_SKY, _PURPLE, _ORANGE = OKABE_ITO["sky"], OKABE_ITO["purple"], OKABE_ITO["orange"]

LIGHT = _colors(
    ink="#1d2330", muted="#5b6472", faint="#a4abb6", paper="#ffffff", backdrop="#f4f6f9", border="#dde2e8",
    unvisited_fill="#ffffff", unvisited_edge="#8e96a3", visited_fill="#fdeec7", visited_edge="#b07a00",
    remembered_fill="#d5ebfa", remembered_edge=_BLUE, forgotten_fill="#eceef1", forgotten_edge=_VERMILLION,
    bug=_PURPLE, duplicate="#7b3f9e", evict=_VERMILLION, plan=_GREEN,
    agent="#1d2330", agent_text="#ffffff", trail="#1d2330",
    bug_text="#9a3d74", duplicate_text="#6c358c", evict_text="#b95200", plan_text="#008460",
    repeat_text="#8a5a00",
    new_entry="#fff1b8", new_entry_edge="#d9b400", new_entry_text="#8a6d00", touched="#cfe9fb",
    evicted_fill="#fde3d6", row_fill="#f7f9fb", row_edge="#e1e5ea",
    edge="#7d8794", nav_edge="#287d8794", nav_bar="#e9edf3", nav_bar_edge="#d5dbe4",
    gauge_track="#eef1f5", gauge_edge="#c9d0d9", gauge_fill=_BLUE, gauge_full=_VERMILLION,
    on_accent="#ffffff", badge="#1d2330", badge_text="#ffffff",
    plot_axis="#9aa3ae", coverage_line=_GREEN, tokens_line=_BLUE,
    hatch_alpha=0.22, evicted_opacity=0.5,
)  # fmt: skip

# Dark: the Okabe–Ito hues stay for fills and lines; where one is too dark to read on a dark ground
# (blue, vermillion as text) a lighter tint of the same hue takes its place.
DARK = _colors(
    ink="#e8ebf0", muted="#aab2be", faint="#8a93a0", paper="#262b33", backdrop="#1a1e24", border="#3a414c",
    unvisited_fill="#262b33", unvisited_edge="#7a8390", visited_fill="#4a3a12", visited_edge=_ORANGE,
    remembered_fill="#143d5c", remembered_edge=_SKY, forgotten_fill="#2c3037", forgotten_edge="#e8712a",
    bug=_PURPLE, duplicate="#b08ee0", evict="#e8712a", plan="#19b98a",
    agent="#eef1f5", agent_text="#1a1e24", trail="#e8ebf0",
    bug_text="#eaa6cf", duplicate_text="#cdb3f0", evict_text="#ff9a5c", plan_text="#4fd1a5",
    repeat_text="#e9b949",
    new_entry="#4a4314", new_entry_edge="#e6d43c", new_entry_text="#f2de5a", touched="#143d5c",
    evicted_fill="#4d2616", row_fill="#2d333c", row_edge="#3d4551",
    edge="#8690a0", nav_edge="#408690a0", nav_bar="#232830", nav_bar_edge="#3a414c",
    gauge_track="#2d333c", gauge_edge="#4a525e", gauge_fill=_BLUE, gauge_full="#c05200",
    on_accent="#ffffff", badge="#e8ebf0", badge_text="#1a1e24",
    plot_axis="#6f7884", coverage_line="#19b98a", tokens_line=_SKY,
    hatch_alpha=0.4, evicted_opacity=0.55,
)  # fmt: skip

# Projector: a washed-out beamer loses light greys and thin lines first, so text is black, edges are
# black, fills are saturated enough to survive, and the semantic hues are deepened for text.
PROJECTOR = _colors(
    ink="#000000", muted="#000000", faint="#000000", paper="#ffffff", backdrop="#ffffff", border="#000000",
    unvisited_fill="#ffffff", unvisited_edge="#000000", visited_fill="#ffd44d", visited_edge="#000000",
    remembered_fill="#86c8f0", remembered_edge="#00457a", forgotten_fill="#d0d0d0", forgotten_edge="#b34700",
    bug="#b0407f", duplicate="#6a2c91", evict="#c24f00", plan="#008a63",
    agent="#000000", agent_text="#ffffff", trail="#000000",
    bug_text="#8a2a62", duplicate_text="#5a237d", evict_text="#8f3400", plan_text="#006148",
    repeat_text="#6b4300",
    new_entry="#ffd44d", new_entry_edge="#000000", new_entry_text="#000000", touched="#86c8f0",
    evicted_fill="#ffc4a6", row_fill="#ffffff", row_edge="#000000",
    edge="#000000", nav_edge="#60000000", nav_bar="#e6e6e6", nav_bar_edge="#000000",
    gauge_track="#ffffff", gauge_edge="#000000", gauge_fill="#00457a", gauge_full="#a33c00",
    on_accent="#ffffff", badge="#000000", badge_text="#ffffff",
    plot_axis="#000000", coverage_line="#008a63", tokens_line="#00457a",
    hatch_alpha=0.55, evicted_opacity=0.8,
)  # fmt: skip

BY_THEME = {"light": LIGHT, "dark": DARK, "projector": PROJECTOR}


class Meaning(NamedTuple):
    """A colour that carries a meaning in the Explore view, and what else carries it."""

    name: str
    family: str  # colours of one family mean one thing (forgetting, memory, bugs, ...) in every view
    color: str  # the ExploreColors field
    cue: str | None  # the second cue, drawn with it; None: the colour alone says it


# Meanings shown side by side, by where they are shown. Two meanings of a group must look different
# to every viewer: their colours far apart under any colour-vision deficiency, or each with a cue of
# its own (tests/gui/test_explore_colours.py simulates the deficiencies). "visited (no memory)" is
# not in the cards' group with "in memory": the two never share a picture (no memory, or memory).
MEANINGS: dict[str, tuple[Meaning, ...]] = {
    "page cards": (
        Meaning("not visited", "page", "unvisited_edge", "thin border, plain name"),
        Meaning("in memory", "memory", "remembered_edge", "thick solid border, bold name"),
        Meaning("visited, then forgotten", "forgetting", "forgotten_edge", "dashed border, hatched"),
        Meaning("agent is here", "agent", "agent", "dark card, light name"),
    ),
    "no-memory cards": (
        Meaning("not visited", "page", "unvisited_edge", "thin border, plain name"),
        Meaning("visited", "visited", "visited_edge", "thick solid border, bold name"),
        Meaning("agent is here", "agent", "agent", "dark card, light name"),
    ),
    "graph lines": (
        Meaning("link", "page", "edge", "thin line, arrow head"),
        Meaning("last moves", "agent", "trail", "wide, solid, fading"),
        Meaning("planned route", "plan", "plan", "dashes on a casing"),
    ),
    "graph marks": (
        Meaning("bug", "bug", "bug", "beetle"),
        Meaning("duplicate report", "bug", "duplicate", "'duplicate reports ×n' under the card"),
        Meaning("just forgotten", "forgetting", "evict", "halo around a dashed, hatched card"),
    ),
    "memory rows": (
        Meaning("entry", "page", "row_edge", "its position number, no tag"),
        Meaning("new", "new", "new_entry_edge", "'new' tag"),
        Meaning("used (LRU)", "memory", "remembered_edge", "'used: moved to newest' tag"),
        Meaning("forgotten", "forgetting", "evict", "'✗', struck through, dashed, 'forgotten' tag"),
    ),
    "memory links": (
        Meaning("in memory", "page", "muted", None),
        Meaning("not in memory yet", "plan", "plan_text", "underlined"),
    ),
}
_LEGACY_NAMES = {
    name.upper(): name for name in ExploreColors._fields if isinstance(getattr(LIGHT, name), QColor)
}


def colors() -> ExploreColors:
    """The Explore view's colours under the theme in force."""
    return BY_THEME.get(themes.current().name, LIGHT)


def line_width() -> float:
    """Multiplier for lines and borders: thicker under the projector theme."""
    return themes.current().line_width


def __getattr__(name: str) -> QColor:
    # The names this module had when its colours were constants: style.INK is the current ink.
    if name in _LEGACY_NAMES:
        return getattr(colors(), _LEGACY_NAMES[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def scroll_bar_sheet() -> str:
    """A style sheet for the scroll bars of lists that scroll on every step: a flat handle on no
    track. (Fusion's own bar, with its gradients, costs 1.5 ms to repaint each time it moves.)"""
    c = colors()
    handle = f"rgba({c.faint.red()}, {c.faint.green()}, {c.faint.blue()}, 150)"
    return (
        "QScrollBar:vertical { width: 10px; background: transparent; margin: 0; }"
        f" QScrollBar::handle:vertical {{ background: {handle}; border-radius: 4px;"
        " min-height: 24px; margin: 1px; }"
        f" QScrollBar::handle:vertical:hover {{ background: {c.muted.name()}; }}"
        " QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }"
        " QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }"
    )


def solid_brush(color: QColor) -> QBrush:
    """A brush of one colour. Said with its pattern: from a colour alone, PySide6 weighs every
    QBrush constructor, QBrush(QGradient) among them, and so builds QGradient's enum types (180
    presets) the first time, before the window's first picture (issue 41)."""
    return QBrush(color, Qt.BrushStyle.SolidPattern)


def fill(painter: QPainter, rect, paint: QBrush | QColor) -> None:
    """``painter.fillRect(rect, paint)``, said without fillRect: PySide6 weighs every fillRect,
    fillRect(QRect, QGradient.Preset) among them, and so builds QGradient's enum types the first
    time, before the window's first picture (issue 41). The painter's pen and brush are kept."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(paint if isinstance(paint, QBrush) else solid_brush(paint))
    painter.drawRect(rect)
    painter.restore()


def with_alpha(color: QColor, alpha: float) -> QColor:
    c = QColor(color)
    c.setAlphaF(max(0.0, min(1.0, alpha)))
    return c


# -- type -----------------------------------------------------------------------------------------------

_SCALE, _BOLD = "explore_font_scale", "explore_font_bold"  # dynamic properties of widgets set by set_ui_font
# Widgets that follow the zoom and the theme. Only these are visited on a change: walking all of a
# view's children would wrap Qt's own internal widgets in Python objects for nothing.
_followers: weakref.WeakSet[QWidget] = weakref.WeakSet()


def app_pixel_size() -> float:
    """The application font's size in pixels (the zoom changes it)."""
    font = QApplication.font()
    return font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72


# A window fewer type sizes tall than this (720p zoomed to 130 %: 42; 720p at 100 %: 54; 768p: 58)
# has no room in Explore's side column for every card line above the memory's rows: the cards drop
# their detail line (it stays in the tooltip) and the "Live numbers" title goes. Below
# VERY_SHORT_WINDOW_EMS the memory's rule goes to a tooltip as well. The memory list keeps four
# lines: the entry forgotten, the next to go, a fold and the entry just written (issue 40).
SHORT_WINDOW_EMS = 56
VERY_SHORT_WINDOW_EMS = 50
# Below this (720p or 768p zoomed to 150 %: 36, 38) the live numbers fold away altogether, as in
# presenter mode: the memory rows keep their four lines (the cards were squeezed to half height).
NUMBERS_FOLD_EMS = 40


def short_window(widget: QWidget, ems: float = SHORT_WINDOW_EMS) -> bool:
    """Whether ``widget``'s window is fewer than ``ems`` type sizes tall."""
    return widget.window().height() < ems * app_pixel_size()


def ui_font(pixel_size: float | None = None, bold: bool = False, scale: float | None = None) -> QFont:
    """The application's font (with the bundled CJK family) at a pixel size, or scaled from the app's;
    never under the least type size at the zoom in force (zoom.least_text_px)."""
    font = QFont(QApplication.font())
    if scale is not None:
        pixel_size = app_pixel_size() * scale
    if pixel_size is not None:
        font.setPixelSize(max(math.ceil(least_text_px() - 0.01), round(pixel_size)))
    font.setBold(bold)
    return font


def set_ui_font(widget: QWidget, scale: float = 1.0, bold: bool = False) -> None:
    """Give a widget the app font times ``scale``, and remember it so the font follows the zoom."""
    widget.setProperty(_SCALE, float(scale))
    widget.setProperty(_BOLD, bool(bold))
    widget.setFont(ui_font(scale=scale, bold=bold))
    _followers.add(widget)


def follow_presentation(widget: QWidget) -> None:
    """Have :func:`refresh_fonts` and :func:`refresh_colors` call the widget's
    ``_on_app_font_change()`` and ``_on_theme_change()`` (those it has)."""
    _followers.add(widget)


def _followers_under(root: QWidget) -> list[QWidget]:
    """The followers inside ``root``, innermost first: a panel then sees its parts' new sizes."""
    inside = [w for w in list(_followers) if is_alive(w) and root.isAncestorOf(w)]
    return sorted(inside, key=_depth, reverse=True)


def _depth(widget: QWidget) -> int:
    depth = 0
    while (widget := widget.parentWidget()) is not None:
        depth += 1
    return depth


def refresh_fonts(root: QWidget) -> None:
    """The app font changed: re-set every remembered font under ``root``, have Qt's widgets that
    keep a measure of their type measure it anew (fonts.measure_type_again), then let painted
    widgets re-measure."""
    widgets = _followers_under(root)
    for widget in widgets:
        scale = widget.property(_SCALE)
        if scale is not None:
            widget.setFont(ui_font(scale=float(scale), bold=bool(widget.property(_BOLD))))
    fonts.measure_type_again(root)
    for widget in widgets:
        handler = getattr(widget, "_on_app_font_change", None)
        if handler is not None:
            handler()


def refresh_colors(root: QWidget) -> None:
    """The theme changed: let widgets under ``root`` re-set colours they hold, then repaint (painted
    widgets read :func:`colors` as they paint)."""
    for widget in _followers_under(root):
        handler = getattr(widget, "_on_theme_change", None)
        if handler is not None:
            handler()
    root.update()
