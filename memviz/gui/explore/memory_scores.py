"""Retrieval's three scores of a memory entry, as three small bars at the end of its row (issue 27).

In ``--read top:K`` mode each step's event carries every entry's recency, importance and relevance,
each normalised to 0..1 over the entries, and whether the entry was injected into the call. The
memory list draws the bars from those numbers (it never scores an entry itself) and dims the rows
that were left out of the call.
"""

from __future__ import annotations

from memviz.core.retrieval import EntryScore
from memviz.gui.qt import QColor, QPainter, QPen, QRectF

LEFT_OUT_OPACITY = 0.38  # a row retrieval left out of this call: still in memory, not in the prompt
BAR_WIDTH, BAR_GAP = 5.0, 3.0  # pixels at type size 1; scaled with the row
BARS = 3  # recency, importance, relevance


def scores_width(row_height: float) -> float:
    """The width the bars take at the end of a row of ``row_height`` pixels."""
    scale = row_height / 30.0
    return BARS * BAR_WIDTH * scale + (BARS - 1) * BAR_GAP * scale


def paint_scores(
    painter: QPainter, right: float, mid: float, row_height: float, score: EntryScore, fill: QColor,
    track: QColor, line_width: float,
) -> float:  # fmt: skip
    """Three bars ending at ``right``, centred on ``mid``: recency, importance, relevance, each as
    tall as its score (a track shows the full height). Returns the width used."""
    scale = row_height / 30.0
    width, gap = BAR_WIDTH * scale, BAR_GAP * scale
    height = row_height * 0.58
    left = right - scores_width(row_height)
    bottom = mid + height / 2
    painter.save()
    for k, value in enumerate((score.recency, score.importance, score.relevance)):
        x = left + k * (width + gap)
        painter.setPen(QPen(track, line_width))
        painter.setBrush(QColor(0, 0, 0, 0))
        painter.drawRect(QRectF(x, bottom - height, width, height))
        if value > 0:
            painter.setPen(QPen(QColor(0, 0, 0, 0), 0))
            painter.setBrush(fill)
            painter.drawRect(QRectF(x, bottom - height * value, width, height * value))
    painter.restore()
    return right - left
