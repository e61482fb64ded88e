"""Where a callout goes on a small graph: labels only where they fit, as the Explore graph's bug
labels (:func:`memviz.gui.explore.graph_marks.place_bug_labels`).

A callout names one round thing (a ringed page). It goes beside it when a box of its size covers
no disc there (a page, a ring) and stays inside the bounds; else in the nearest free place, where
the caller draws a leader line to it; in the next, shorter or smaller, form when none fits; and
nowhere when no form fits (the caller keeps its words in a tooltip). Pure geometry: boxes are
given as sizes, discs as centres and radii, so the rule is tested without painting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from memviz.gui.qt import QPointF, QRectF

Disc = tuple[QPointF, float]  # centre, radius
GAP = 2.0  # pixels between a callout and the ring it names


@dataclass(frozen=True)
class Placement:
    rect: QRectF
    form: int  # which of the sizes offered
    beside: bool  # touching the ring it names (no leader line needed)


def covers(rect: QRectF, disc: Disc) -> bool:
    """Whether ``rect`` covers any of the disc (the disc's point nearest the box is inside it)."""
    centre, radius = disc
    x = min(max(centre.x(), rect.left()), rect.right())
    y = min(max(centre.y(), rect.top()), rect.bottom())
    return (x - centre.x()) ** 2 + (y - centre.y()) ** 2 < radius**2


def _free(lefts, tops, w: float, h: float, discs: Sequence[Disc], bounds: QRectF) -> np.ndarray:
    """For boxes w×h at (lefts, tops): inside ``bounds`` and over no disc. Every box against every
    disc at once (a paint places a callout, and a box a disc at a time was most of a step's cost)."""
    lefts, tops = np.asarray(lefts, dtype=float), np.asarray(tops, dtype=float)
    ok = (lefts >= bounds.left()) & (tops >= bounds.top())
    ok &= (lefts + w <= bounds.right()) & (tops + h <= bounds.bottom())
    if not discs:
        return ok
    cx = np.array([centre.x() for centre, _ in discs])
    cy = np.array([centre.y() for centre, _ in discs])
    radius = np.array([r for _, r in discs])
    dx = np.clip(cx, lefts[:, None], lefts[:, None] + w) - cx
    dy = np.clip(cy, tops[:, None], tops[:, None] + h) - cy
    return ok & (dx * dx + dy * dy >= radius * radius).all(axis=1)


def beside(anchor: QPointF, reach: float, w: float, h: float) -> list[QRectF]:
    """Boxes w×h just outside a ring of radius ``reach`` round ``anchor``: below, above, right and
    left (centred, then slid to either side), then the four corners."""
    x, y, d = anchor.x(), anchor.y(), reach + GAP
    out = []
    for left in (x - w / 2, x - w + d, x - d):
        out += [QRectF(left, y + d, w, h), QRectF(left, y - d - h, w, h)]
    for top in (y - h / 2, y - h + d / 2, y - d / 2):
        out += [QRectF(x + d, top, w, h), QRectF(x - d - w, top, w, h)]
    c = d * 0.72  # the corners touch the ring's diagonal
    out += [QRectF(x + c, y + c, w, h), QRectF(x - c - w, y + c, w, h)]
    out += [QRectF(x + c, y - c - h, w, h), QRectF(x - c - w, y - c - h, w, h)]
    return out


def nearest_free(
    anchor: QPointF, w: float, h: float, discs: Sequence[Disc], bounds: QRectF, step: float
) -> QRectF | None:
    """The free w×h box nearest ``anchor`` on a grid of ``step`` pixels over ``bounds``."""
    xs = np.arange(bounds.left(), bounds.right() - w + 1e-9, step)
    ys = np.arange(bounds.top(), bounds.bottom() - h + 1e-9, step)
    if not len(xs) or not len(ys):
        return None
    lefts, tops = (a.ravel() for a in np.meshgrid(xs, ys))
    ok = _free(lefts, tops, w, h, discs, bounds)
    if not ok.any():
        return None
    lefts, tops = lefts[ok], tops[ok]
    dx = np.clip(anchor.x(), lefts, lefts + w) - anchor.x()
    dy = np.clip(anchor.y(), tops, tops + h) - anchor.y()
    best = int(np.argmin(dx * dx + dy * dy))
    return QRectF(float(lefts[best]), float(tops[best]), w, h)


def place(
    sizes: Sequence[tuple[float, float]],
    anchor: QPointF,
    reach: float,
    discs: Sequence[Disc],
    bounds: QRectF,
) -> Placement | None:
    """The first size in ``sizes`` (by preference) that fits beside the ring (``anchor``,
    ``reach``), then the first that fits anywhere; None when none fits."""
    for form, (w, h) in enumerate(sizes):
        rects = beside(anchor, reach, w, h)
        free = _free([r.left() for r in rects], [r.top() for r in rects], w, h, discs, bounds)
        if free.any():
            return Placement(rects[int(np.argmax(free))], form, True)
    for form, (w, h) in enumerate(sizes):
        rect = nearest_free(anchor, w, h, discs, bounds, step=max(2.0, h / 3))
        if rect is not None:
            return Placement(rect, form, False)
    return None
