"""Where a text's ink falls when QPainter.drawText(rect, flags, text) draws it on one line: the
glyphs' own box, not the line's (a Chinese line's box is half as tall again as its digits). The
lane graph and the frame table say what they draw through it, so a test (and the window-fit
probe, by ``cut_texts``) sees a number over another or past its cell without looking at pixels."""

from __future__ import annotations

from memviz.gui.qt import QFont, QFontMetricsF, QRectF, Qt

Align = Qt.AlignmentFlag


def ink_rect(font: QFont, box: QRectF, align: Align, text: str) -> QRectF:
    """The ink of ``text`` drawn in ``box`` with ``align``, in the box's coordinates (Qt centres a
    line by its ascent and descent, and lets a line wider than its box run out of both sides)."""
    metrics = QFontMetricsF(font)
    advance = metrics.horizontalAdvance(text)
    if align & Align.AlignRight:
        x = box.right() - advance
    elif align & Align.AlignHCenter:
        x = box.left() + (box.width() - advance) / 2
    else:
        x = box.left()
    line = metrics.ascent() + metrics.descent()
    if align & Align.AlignBottom:
        y = box.bottom() - line
    elif align & Align.AlignVCenter:
        y = box.top() + (box.height() - line) / 2
    else:
        y = box.top()
    return metrics.tightBoundingRect(text).translated(x, y + metrics.ascent())


def ink_centred(font: QFont, box: QRectF, align: Align, text: str) -> QRectF:
    """``box`` moved up or down so that the ink of ``text`` drawn in it is centred in ``box``: a
    thin band holds its text's ink, not the line's box (Chinese lines sit low in it)."""
    ink = ink_rect(font, box, align, text)
    return box.translated(0, box.center().y() - ink.center().y())


def overprints(texts: list[tuple[str, QRectF]], slack: float = 0.5) -> list[str]:
    """Pairs of texts whose ink meets, said for the window-fit probe (see overprinting_pairs)."""
    return [f"{text!r} over {other!r}" for text, other in overprinting_pairs(texts, slack)]


def overprinting_pairs(texts: list[tuple[str, QRectF]], slack: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of texts whose ink meets (more than ``slack`` pixels into each other): a sweep along
    x (a frame table at 1080p draws a hundred texts)."""
    boxes = sorted(
        (ink.left() + slack, ink.right() - slack, ink.top() + slack, ink.bottom() - slack, text)
        for text, ink in texts
    )
    out = []
    for i, (_left, right, top, bottom, text) in enumerate(boxes):
        for other_left, _other_right, other_top, other_bottom, other in boxes[i + 1 :]:
            if other_left >= right:
                break
            if other_top < bottom and top < other_bottom:
                out.append((text, other))
    return out
