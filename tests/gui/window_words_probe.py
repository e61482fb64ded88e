"""Open the real main window on one tab and print every text a reader can see there, as JSON.

Run in its own process by test_window_words.py (as window_fit_probe.py: a 1920×1080 offscreen
screen), at each size given, in Chinese and English. A text is what a widget shows (a label, a
button, a choice and its list, a tab, a table's cells and headers, a text box, a tooltip, a menu
entry), what a graphics scene holds (its text items: the plots' titles, legends and notes), and what
a view paints itself (every ``QPainter.drawText`` while the window is drawn: the Compare frame
table, the lanes' numbers, the graph's labels, the plots' axes).

    python3 tests/gui/window_words_probe.py compare 1280x720 1920x1080
"""

from __future__ import annotations

import html
import itertools
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from window_fit_probe import MEMORY_RUN, prepare, settle

LANGUAGES = ("zh", "en")
PAINTED: list[str] = []


def listen_to_painting() -> None:
    """Every text a view paints goes through QPainter.drawText (or a static text): note it."""
    from PySide6.QtGui import QPainter, QPainterPath

    draw_text, draw_static, add_text = QPainter.drawText, QPainter.drawStaticText, QPainterPath.addText

    def drawn(self, *args):
        PAINTED.extend(a for a in args if isinstance(a, str))
        return draw_text(self, *args)

    def drawn_static(self, *args):
        PAINTED.extend(a.text() for a in args if hasattr(a, "text"))
        return draw_static(self, *args)

    def added(self, *args):
        PAINTED.extend(a for a in args if isinstance(a, str))
        return add_text(self, *args)

    QPainter.drawText, QPainter.drawStaticText, QPainterPath.addText = drawn, drawn_static, added


def plain(text: str) -> str:
    """A rich text as read: tags out, entities and line breaks as characters."""
    text = re.sub(r"<br\s*/?>", "\n", text)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def menu_texts(menu) -> list[str]:
    texts = [menu.title()]
    for action in menu.actions():
        texts += [action.text(), action.toolTip() if action.toolTip() != action.text() else ""]
        if action.menu() is not None:
            texts += menu_texts(action.menu())
    return texts


def model_texts(model, limit: int = 300) -> list[str]:
    """A table's or list's cells and headers (a list model has one column, and no columnCount)."""
    from PySide6.QtCore import QModelIndex, Qt

    root = QModelIndex()
    rows = min(model.rowCount(root), limit)
    try:
        columns = min(model.columnCount(root), limit)
    except TypeError:
        columns = 1
    texts = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(columns)]
    texts += [model.headerData(i, Qt.Orientation.Vertical) for i in range(rows)]
    for row in range(rows):
        for column in range(columns):
            index = model.index(row, column)
            texts += [index.data(Qt.ItemDataRole.DisplayRole), index.data(Qt.ItemDataRole.ToolTipRole)]
    return [str(t) for t in texts if t]


def widget_texts(window) -> list[str]:
    """What the visible widgets under the window say, and the scenes they show."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QGraphicsSimpleTextItem,
        QGraphicsTextItem,
        QGraphicsView,
        QGroupBox,
        QLabel,
        QLineEdit,
        QMenu,
        QPlainTextEdit,
        QTabBar,
        QTextEdit,
        QWidget,
    )

    texts = [action.text() for action in window.menuBar().actions()]
    for menu in window.findChildren(QMenu):  # the menu bar's and the buttons' menus, shown or not
        texts += menu_texts(menu)
    for widget in window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QComboBox) and widget.isEditable():  # a config typed or picked: input
            texts.append(widget.lineEdit().placeholderText())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
            texts += [widget.tabToolTip(i) for i in range(widget.count())]
        elif isinstance(widget, QLineEdit):  # what is typed is the user's (a config: frontier/12/fifo)
            texts.append(widget.placeholderText())
        elif isinstance(widget, QTextEdit | QPlainTextEdit):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts += model_texts(widget.model())
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            for item in widget.scene().items():
                if not item.isVisible():
                    continue
                if isinstance(item, QGraphicsTextItem):
                    texts.append(item.toPlainText())
                elif isinstance(item, QGraphicsSimpleTextItem):
                    texts.append(item.text())
                texts.append(item.toolTip())
    return [plain(t) for t in texts if t]


def main(argv: list[str]) -> int:
    """``tab size...``: the texts of the tab at each size, in each language."""
    tab, sizes = argv[0], [tuple(int(n) for n in size.split("x")) for size in argv[1:]]
    listen_to_painting()
    from memviz.gui.app import create_app

    app = create_app()
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    window = MainWindow(settings=RunSettings(config=MEMORY_RUN), language=Language("en"))
    window.explore.model.set_animated(False)
    window.resize(*sizes[0])
    window.show()
    settle(app)
    prepare(window, tab)
    report = []
    for (width, height), lang in itertools.product(sizes, LANGUAGES):
        window.resize(width, height)
        window.language.set_code(lang)
        settle(app)
        PAINTED.clear()
        window.grab()  # draws every visible widget: what they paint is noted
        texts = widget_texts(window) + list(PAINTED)
        report.append({"size": f"{width}x{height}", "lang": lang, "texts": sorted(set(texts))})
    json.dump(report, sys.stdout, ensure_ascii=False, indent=0)
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
