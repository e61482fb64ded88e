"""Colours and type sizes shared by the Explore view's panels, so they read as one picture."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QApplication

from memviz.gui.palette import OKABE_ITO, STRATEGY_COLORS

INK = QColor("#1d2330")
MUTED = QColor("#5b6472")
FAINT = QColor("#a4abb6")
PAPER = QColor("#ffffff")
BACKDROP = QColor("#f4f6f9")

UNVISITED_FILL = QColor("#ffffff")
UNVISITED_EDGE = QColor("#8e96a3")
VISITED_FILL = QColor("#fdeec7")  # visited, no memory to keep it
VISITED_EDGE = QColor("#b07a00")
REMEMBERED_FILL = QColor("#d5ebfa")
REMEMBERED_EDGE = QColor(OKABE_ITO["blue"])
FORGOTTEN_FILL = QColor("#eceef1")
FORGOTTEN_EDGE = QColor(OKABE_ITO["vermillion"])
BUG = QColor(OKABE_ITO["vermillion"])
DUPLICATE = QColor(OKABE_ITO["purple"])
EVICT = QColor(OKABE_ITO["vermillion"])
NEW_ENTRY = QColor("#fff1b8")
TOUCHED = QColor("#cfe9fb")
PLAN = QColor(OKABE_ITO["green"])
EDGE = QColor("#7d8794")
NAV_EDGE = QColor(125, 135, 148, 40)
NAV_BAR = QColor("#e9edf3")


def strategy_color(strategy: str) -> QColor:
    return QColor(STRATEGY_COLORS[strategy])


def ui_font(pixel_size: float | None = None, bold: bool = False, scale: float | None = None) -> QFont:
    """The application's font (with the bundled CJK family) at a pixel size, or scaled from the app's."""
    font = QFont(QApplication.font())
    if scale is not None:
        base = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72
        pixel_size = base * scale
    if pixel_size is not None:
        font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    return font


def with_alpha(color: QColor, alpha: float) -> QColor:
    c = QColor(color)
    c.setAlphaF(max(0.0, min(1.0, alpha)))
    return c
