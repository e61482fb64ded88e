"""Colours, chosen to stay distinct for colour-blind viewers and on a projector (Okabe–Ito)."""

from __future__ import annotations

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "grey": "#999999",
}

# One colour per strategy and per eviction policy, used the same way in every view.
STRATEGY_COLORS = {
    "random": OKABE_ITO["vermillion"],
    "visited": OKABE_ITO["blue"],
    "frontier": OKABE_ITO["green"],
}
POLICY_COLORS = {"fifo": OKABE_ITO["orange"], "lru": OKABE_ITO["sky"], "random": OKABE_ITO["purple"]}
