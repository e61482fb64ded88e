"""Register the bundled CJK font so Chinese renders on machines without one.

Windows and macOS do not fall back to an application font by themselves, so the bundled family is
named explicitly in the application font's family list, after the platform's UI font.
"""

from __future__ import annotations

from memviz.gui.qt import QApplication, QComboBox, QEvent, QFont, QFontDatabase, QLabel, QWidget
from memviz.paths import resource_path

BUNDLED_FAMILY = "Memviz Sans SC"
_FONT_FILES = ("MemvizSansSC-Regular.otf", "MemvizSansSC-Bold.otf")
_registered: list[str] = []


def register_fonts() -> list[str]:
    """Load the bundled fonts once; return the families Qt now knows from them."""
    if not _registered:
        for name in _FONT_FILES:
            font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", name)))
            if font_id >= 0:
                _registered.extend(QFontDatabase.applicationFontFamilies(font_id))
    return list(dict.fromkeys(_registered))


def point_size_for(height: int) -> float:
    """The UI's base type size for a window this tall: large enough to read on a projector."""
    if height >= 1000:
        return 12.0
    if height >= 800:
        return 11.0
    return 10.0


def point_size_for_window(width: int, height: int) -> float:
    """The base type size for a window of this size, whatever screen it is on.

    A window narrower than 16:9 is sized as the 16:9 window of its width: a 1280-wide window has
    the room of a 1280×720 one across, however tall it is (at 1280×1000 the 12 pt of a 1080p
    screen cut the cards' and buttons' words).
    """
    return point_size_for(min(height, width * 9 // 16))


def type_settling(widget: QWidget) -> bool:
    """Whether the type size of ``widget``'s window is about to change: a window that fits its type
    to its size (MainWindow.fit_type_to_window) does so once a resize settles, and says so meanwhile
    by ``type_pending``. A view whose layout is costly waits for it."""
    return bool(getattr(widget.window(), "type_pending", False))


def deliver_size_changes() -> None:
    """Deliver now the posted events that still change widgets' sizes: a new app font reaches every
    widget as a posted event, and each layout passes sizes on to its parent's with another, over
    several turns of the event loop. A view whose layout is costly delivers them before it lays
    out, and waits again if they resized it."""
    for kind in (QEvent.Type.ApplicationFontChange, QEvent.Type.LayoutRequest):
        QApplication.sendPostedEvents(None, kind.value)


def deliver_app_font() -> None:
    """Deliver now the posted events that give the widgets following the app font its new size
    (QApplication.setFont posts them), so what is measured next is measured in it."""
    QApplication.sendPostedEvents(None, QEvent.Type.ApplicationFontChange.value)


def measure_type_again(root: QWidget) -> None:
    """Have the Qt widgets under ``root`` that keep a measure of their type measure it anew.

    Through a change of font a combo box keeps its least size (QComboBox resets its
    minimumSizeHint on a change of style only) and a label without text its size hint (an empty
    QLabel ignores font changes). A theme switch sets the style again (themes.ThemeManager.apply),
    so a switch at 150 % had them measured at 150 % and they kept it back at 100 %: Explore's
    settings row wrapped onto a second line and its graph, short of the room its site needs at 12
    px, showed the site on a larger canvas shrunk to 9.6 px (issue 40). Before any switch they kept
    their 100 % measure at 150 %. They are told of a change of style, as QApplication.setStyle
    tells every widget; each measures again when next asked, in the type it has then.
    """
    # (a label with text measures itself again on a change of font: telling it too costs a layout)
    for widget in [*root.findChildren(QComboBox), *(w for w in root.findChildren(QLabel) if not w.text())]:
        QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))


def ui_families(base: QFont) -> list[str]:
    families = [*base.families()] or [base.family()]
    return [*families, BUNDLED_FAMILY] if BUNDLED_FAMILY not in families else families


def apply_app_font(app: QApplication, point_size: float | None = None) -> QFont:
    register_fonts()
    font = QFont(app.font())
    font.setFamilies(ui_families(font))
    if point_size is not None:
        font.setPointSizeF(point_size)
    app.setFont(font)
    return font
