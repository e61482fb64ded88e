"""What a reader of a window sees cut or overprinted, measured from the widgets themselves.

`cut(root)` walks every visible widget under ``root`` and reports, one line each:

- a label, button, check box or group box title whose text needs more room than its widget has
  (the font's metrics against the widget's geometry; a wrapped label by its height for its width);
- a text elided with "…" that no tooltip carries (an elision is by design only when the whole text
  is one hover away);
- two visible sibling widgets that overlap, or a widget that pokes out of its parent (inside a
  scroll area the content may, that is what the scroll bars are for);
- a tab of a tab bar whose title does not fit its tab.

Used by test_window_fit.py on the real main window; a plain function so any test can call it.
"""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMenu,
    QRadioButton,
    QRubberBand,
    QScrollBar,
    QSizePolicy,
    QStackedWidget,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionGroupBox,
    QTabBar,
    QTableView,
    QWidget,
)

ELLIPSIS = "…"
# A pixel of slack: Qt rounds text widths to whole pixels on both sides of the comparison.
SLACK = 1


def name(widget: QWidget) -> str:
    """A widget as a reader of the report can find it: class, object name, and its text."""
    text = ""
    if isinstance(widget, QLabel | QAbstractButton):
        text = widget.text()
    elif isinstance(widget, QGroupBox):
        text = widget.title()
    label = f"{type(widget).__name__}"
    if widget.objectName():
        label += f"#{widget.objectName()}"
    if text:
        label += f" {text[:40]!r}"
    return label


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def _fills(label: QLabel, text: str) -> bool:
    """Whether a text with "…" fills its label's width, as one elided to fit does ("Computing…" in
    a wide status label is an ellipsis of its own)."""
    if label.wordWrap():
        return False
    width = max(label.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
    return width >= 0.85 * label.contentsRect().width()


def _label_problem(label: QLabel) -> str | None:
    text = label.text()
    if not text or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    if ELLIPSIS in text and not label.toolTip() and _fills(label, text):
        return f"{name(label)}: elided, and no tooltip says the whole"
    rect = label.contentsRect()
    margin = label.margin() * 2
    width, height = rect.width() - margin, rect.height() - margin
    if (
        label.wordWrap()
        or label.textFormat() == Qt.TextFormat.RichText
        or (label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    ):
        needed_height = label.heightForWidth(label.width())
        if needed_height > label.height() + SLACK:
            return f"{name(label)}: needs {needed_height} px of height, has {label.height()}"
        if not label.wordWrap():
            hint = label.sizeHint()
            if hint.width() > label.width() + SLACK:
                return f"{name(label)}: needs {hint.width()} px of width, has {label.width()}"
        return None
    metrics = label.fontMetrics()
    lines = text.split("\n")
    needed_width = max(metrics.horizontalAdvance(line) for line in lines)
    needed_height = metrics.height() * len(lines)
    if needed_width > width + SLACK:
        return f"{name(label)}: needs {needed_width} px of width, has {width}"
    if needed_height > height + SLACK:
        return f"{name(label)}: needs {needed_height} px of height, has {height}"
    return None


def _button_problem(button: QAbstractButton) -> str | None:
    text = button.text()
    if not text:
        return None
    # A button whose words end in "…" opens a dialog (the desktop convention): whole if it fits.
    if ELLIPSIS in text.rstrip(ELLIPSIS) and not button.toolTip():
        return f"{name(button)}: elided, and no tooltip says the whole"
    metrics = button.fontMetrics()
    text_width = max(metrics.horizontalAdvance(line) for line in text.replace("&&", "&").split("\n"))
    if isinstance(button, QCheckBox | QRadioButton):
        style = button.style()
        indicator = style.pixelMetric(
            QStyle.PixelMetric.PM_IndicatorWidth
            if isinstance(button, QCheckBox)
            else QStyle.PixelMetric.PM_ExclusiveIndicatorWidth,
            None,
            button,
        )
        spacing = style.pixelMetric(
            QStyle.PixelMetric.PM_CheckBoxLabelSpacing
            if isinstance(button, QCheckBox)
            else QStyle.PixelMetric.PM_RadioButtonLabelSpacing,
            None,
            button,
        )
        needed = indicator + spacing + text_width
    else:
        # A push or tool button draws its text inside its frame: the size hint is the frame around
        # the text, less the minimum width the style gives any button.
        needed = text_width + 2 * button.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button)
        if not button.icon().isNull():
            needed += button.iconSize().width() + 4
    if needed > button.width() + SLACK:
        return f"{name(button)}: needs {needed} px of width, has {button.width()}"
    if metrics.height() > button.height() + SLACK:
        return f"{name(button)}: needs {metrics.height()} px of height, has {button.height()}"
    return None


def _group_problem(group: QGroupBox) -> str | None:
    title = group.title()
    if not title:
        return None
    option = QStyleOptionGroupBox()
    group.initStyleOption(option)
    label = group.style().subControlRect(
        QStyle.ComplexControl.CC_GroupBox, option, QStyle.SubControl.SC_GroupBoxLabel, group
    )
    needed = group.fontMetrics().horizontalAdvance(title.replace("&&", "&"))
    room = group.width() - max(0, label.left())
    if needed > room + SLACK:
        return f"{name(group)}: title needs {needed} px, has {room}"
    return None


def _combo_problem(combo: QComboBox) -> str | None:
    text = combo.currentText()
    if not text:
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    needed = combo.fontMetrics().horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        needed += combo.iconSize().width() + 4
    if needed > field.width() + SLACK:
        return f"{name(combo)} {text!r}: needs {needed} px, has {field.width()}"
    return None


def _squeezed(widget: QWidget) -> str | None:
    """A widget laid out smaller than it said it can be: what it paints (its text) is cut.

    A layout gives a widget at least its minimum size hint (its size hint when its size policy
    may not shrink) unless the window has less room than the layout's minimum; then it squeezes.
    """
    if isinstance(widget, QAbstractScrollArea | QScrollBar | QStackedWidget | QTabBar) or widget.isWindow():
        return None
    if widget.objectName().startswith("qt_") or isinstance(widget.parentWidget(), QComboBox):
        return None  # Qt's own parts (a spin box's line edit, an editable choice's: _combo_problem)
    if widget.layout() is not None or any(
        child.isVisible()
        for child in widget.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
    ):
        return None  # a container: its squeezed children are told, where the text is
    policy = widget.sizePolicy()
    hint, least = widget.sizeHint(), widget.minimumSizeHint()
    shrinks = QSizePolicy.PolicyFlag.ShrinkFlag
    problems = []
    for axis, size, pol, want, floor in (
        ("width", widget.width(), policy.horizontalPolicy(), hint.width(), least.width()),
        ("height", widget.height(), policy.verticalPolicy(), hint.height(), least.height()),
    ):
        needed = floor if pol.value & shrinks.value else want
        if pol == QSizePolicy.Policy.Ignored or needed <= 0:
            continue
        needed = max(needed, 0)
        if size + SLACK < needed:
            problems.append(f"{axis} {size} < {needed}")
    return f"{name(widget)}: squeezed ({', '.join(problems)})" if problems else None


def _table_problem(view: QAbstractItemView) -> str | None:
    """A table that never scrolls (no scroll bars) must hold all its rows."""
    if view.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff or not isinstance(
        view, QTableView
    ):
        return None
    needed = view.verticalHeader().length()
    room = view.viewport().height()
    if needed > room + SLACK:
        return f"{name(view)}: its rows need {needed} px, it shows {room} (no scroll bar)"
    return None


def _header_problems(header: QHeaderView) -> list[str]:
    """Each column title of a table whole in its section (a header cuts, it does not wrap)."""
    if header.orientation() != Qt.Orientation.Horizontal or header.model() is None:
        return []
    problems = []
    metrics = header.fontMetrics()
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        text = str(header.model().headerData(section, Qt.Orientation.Horizontal) or "")
        lines = text.split("\n")
        needed = max(metrics.horizontalAdvance(line) for line in lines) + margin
        if needed > header.sectionSize(section) + SLACK:
            problems.append(
                f"{name(header)} column {text!r}: needs {needed} px, has {header.sectionSize(section)}"
            )
        if metrics.height() * len(lines) > header.height() + SLACK:
            problems.append(
                f"{name(header)} column {text!r}: needs {metrics.height() * len(lines)} px of height"
            )
    return problems


def _tab_problems(bar: QTabBar) -> list[str]:
    problems = []
    metrics = bar.fontMetrics()
    for index in range(bar.count()):
        text = bar.tabText(index).replace("&&", "&")
        rect = bar.tabRect(index)
        if not bar.rect().contains(rect) and rect.intersected(bar.rect()).width() < rect.width():
            problems.append(f"{name(bar)} tab {text!r}: out of the bar (scroll buttons)")
        elif metrics.horizontalAdvance(text) > rect.width() - 8:
            problems.append(
                f"{name(bar)} tab {text!r}: needs {metrics.horizontalAdvance(text)} px, has {rect.width()}"
            )
    return problems


def _in_scroll_content(widget: QWidget) -> bool:
    """Whether ``widget`` is (or is inside) what a scroll area scrolls: it may extend past the view."""
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and parent is grand.viewport():
            return True
        parent = grand
    return False


def _free_to_overlap(widget: QWidget) -> bool:
    """Widgets that lie over others by design: pages of a stack, scroll bars, popups, bands."""
    return (
        widget.isWindow()
        or isinstance(widget, QMenu | QRubberBand | QScrollBar)
        or widget.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        or bool(widget.property("overlay"))
    )


def _overlaps(parent: QWidget) -> list[str]:
    if isinstance(parent, QStackedWidget):  # one page shows at a time
        return []
    children = [
        child
        for child in parent.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if _shown(child) and not _free_to_overlap(child)
    ]
    if isinstance(parent, QAbstractScrollArea):  # its viewport, bars and corner are Qt's own frame
        return []
    problems = []
    inner = QRect(0, 0, parent.width(), parent.height())
    for i, first in enumerate(children):
        geometry = first.geometry()
        if not inner.contains(geometry) and not _in_scroll_content(first):
            outside = geometry.united(inner) != inner
            if outside and geometry.intersected(inner).size() != geometry.size():
                problems.append(
                    f"{name(first)}: {_rect(geometry)} pokes out of {name(parent)} {_rect(inner)}"
                )
        for second in children[i + 1 :]:
            common = geometry.intersected(second.geometry())
            if common.width() > SLACK and common.height() > SLACK:
                problems.append(
                    f"{name(first)} {_rect(geometry)} overlaps {name(second)} {_rect(second.geometry())}"
                )
    return problems


def _rect(rect: QRect) -> str:
    return f"{rect.width()}×{rect.height()}+{rect.x()}+{rect.y()}"


def _clipped_by_ancestor(widget: QWidget) -> bool:
    """Whether the widget lies outside what its scroll area shows (then a reader scrolls to it)."""
    return widget.visibleRegion().isEmpty()


def cut(root: QWidget) -> list[str]:
    """Every cut or overprinted text under ``root`` (visible widgets only), one line each."""
    problems: list[str] = []
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not _shown(widget) or (widget.isWindow() and widget is not root):
            continue
        problem = None
        if isinstance(widget, QLabel):
            problem = _label_problem(widget)
        elif isinstance(widget, QAbstractButton) and not isinstance(widget, QTabBar):
            if type(widget).__name__ in ("QToolBarExtension", "QTabBarScrollButton"):
                continue
            problem = _button_problem(widget)
        elif isinstance(widget, QGroupBox):
            problem = _group_problem(widget)
        elif isinstance(widget, QComboBox):
            problem = _combo_problem(widget)
        elif isinstance(widget, QAbstractItemView):
            problem = _table_problem(widget)
        if isinstance(widget, QTabBar):
            problems.extend(_tab_problems(widget))
        if isinstance(widget, QHeaderView):
            problems.extend(_header_problems(widget))
        if problem is None and not isinstance(widget, QLabel | QAbstractButton | QGroupBox | QComboBox):
            problem = _squeezed(widget)
        if problem is None and callable(getattr(widget, "cut_texts", None)):  # a painted widget's own
            painted = widget.cut_texts()
            if painted:
                problem = f"{name(widget)}: draws cut {painted[:4]}"
        if problem is not None and not _clipped_by_ancestor(widget):
            problems.append(problem)
        problems.extend(_overlaps(widget))
    return problems
