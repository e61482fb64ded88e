"""Where each page sits in the site graph: computed in the core (:mod:`memviz.core.layout`, pure
Python, no Qt), so the picture can be tested and timed without a window. The view lays out the
rows it is given again for its own size (how many lines a crowded row needs depends on the type)."""

from __future__ import annotations

from memviz.core.layout import (
    LINE_OFFSET,
    MAX_ROW,
    NAV_GAP,
    GraphLayout,
    centre_span,
    click_depths,
    row_height,
    row_positions,
    site_layout,
)

__all__ = [
    "LINE_OFFSET",
    "MAX_ROW",
    "NAV_GAP",
    "GraphLayout",
    "centre_span",
    "click_depths",
    "row_height",
    "row_positions",
    "site_layout",
]
