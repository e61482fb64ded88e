"""The Exercises view's small widgets: the list's right/wrong marks and a choice's radio button."""

from __future__ import annotations

from memviz.gui.kit.palette import OKABE_ITO
from memviz.gui.qt import (
    QColor,
    QFont,
    QFontMetrics,
    QHBoxLayout,
    QIcon,
    QLabel,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPointF,
    QRadioButton,
    QSizePolicy,
    Qt,
    QWidget,
    Signal,
)

RIGHT_COLOR = OKABE_ITO["green"]
WRONG_COLOR = OKABE_ITO["vermillion"]
OPEN_COLOR = OKABE_ITO["grey"]


def mark_icon(state: str, size: int = 40) -> QIcon:
    """A filled disc with a tick (right), a cross (wrong), or an empty ring (not answered yet).

    Drawn rather than typed: the bundled CJK font has no ✓/✗ glyphs on every platform.
    """
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.08
    rect = pixmap.rect().toRectF().adjusted(margin, margin, -margin, -margin)
    if state == "open":
        painter.setPen(QPen(QColor(OPEN_COLOR), size * 0.08))
        painter.drawEllipse(rect.adjusted(size * 0.04, size * 0.04, -size * 0.04, -size * 0.04))
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(RIGHT_COLOR if state == "right" else WRONG_COLOR))
        painter.drawEllipse(rect)
        pen = QPen(QColor("white"), size * 0.11)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        s = size
        if state == "right":
            painter.drawPolyline(
                [QPointF(s * 0.28, s * 0.52), QPointF(s * 0.44, s * 0.67), QPointF(s * 0.72, s * 0.36)]
            )
        else:
            painter.drawLine(QPointF(s * 0.33, s * 0.33), QPointF(s * 0.67, s * 0.67))
            painter.drawLine(QPointF(s * 0.67, s * 0.33), QPointF(s * 0.33, s * 0.67))
    painter.end()
    return QIcon(pixmap)


class ClickableLabel(QLabel):
    clicked = Signal()

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)


class ChoiceRow(QWidget):
    """A radio button with a label that wraps (QRadioButton's own text never wraps)."""

    def __init__(self, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.radio = QRadioButton()
        self.radio.setObjectName(f"choice_{key}")
        self.label = ClickableLabel()
        self.label.setTextFormat(
            Qt.TextFormat.PlainText
        )  # a choice's text is the teacher's: shown as written
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.label.clicked.connect(lambda: self.radio.setChecked(True))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.radio, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)

    def set_text(self, text: str) -> None:
        self.label.setText(text)
        self.radio.setAccessibleName(text)

    def set_font(self, font: QFont) -> None:
        """Set the label's font; the radio is as big as the text's capitals (Qt's own is ~10 px, and
        faint in the dark theme) and in the theme's ink, lined up with the first line."""
        self.label.setFont(font)
        metrics = QFontMetrics(font)
        size = max(12, round(metrics.capHeight() * 1.35))
        offset = max(0, (metrics.height() - size) // 2)
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.Text).name()
        ground = palette.color(QPalette.ColorRole.Base).name()
        mark = palette.color(QPalette.ColorRole.Highlight).name()
        ring = max(2, size // 8)
        self.layout().setContentsMargins(0, 2, 0, 2)
        self.radio.setStyleSheet(
            f"QRadioButton {{ margin-top: {offset}px; }}"
            f" QRadioButton::indicator {{ width: {size}px; height: {size}px; border-radius: {size // 2 + ring}px;"
            f" border: {ring}px solid {ink}; background: {ground}; }}"
            f" QRadioButton::indicator:checked {{ background: qradialgradient(cx:0.5, cy:0.5, radius:0.5,"
            f" fx:0.5, fy:0.5, stop:0 {mark}, stop:0.55 {mark}, stop:0.6 {ground}, stop:1 {ground}); }}"
        )
        self.radio.setProperty("indicator_px", size)  # for tests: how big the mark is drawn
