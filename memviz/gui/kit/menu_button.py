"""A tool button that opens its menu on a click, with room for its arrow."""

from __future__ import annotations

from memviz.gui.qt import QSize, QStyle, QToolButton


class MenuButton(QToolButton):
    """A QToolButton in InstantPopup mode whose size leaves its text clear of the menu's arrow.

    Qt draws such a button's arrow in its bottom-right corner (QCommonStyle: ``mbi - 6`` px wide,
    starting ``mbi - 5`` px left of the right edge, ``mbi`` the style's PM_MenuButtonIndicator), inside
    the width the text asked for, while the text stays centred: "Export" and "Tasks: built-in 32"
    had their last letter under the arrow. The button is widened by the arrow's room on both sides,
    so the centred text ends left of it.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def arrow_room(self) -> int:
        """Pixels at the right edge the arrow may take."""
        return max(0, self.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, self) - 5)

    def sizeHint(self) -> QSize:
        return self._with_arrow_room(super().sizeHint())

    def minimumSizeHint(self) -> QSize:
        return self._with_arrow_room(super().minimumSizeHint())

    def _with_arrow_room(self, size: QSize) -> QSize:
        return QSize(size.width() + 2 * self.arrow_room(), size.height())
