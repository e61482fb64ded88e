"""Colours, chosen to stay distinct for colour-blind viewers and on a projector (Okabe–Ito)."""

from __future__ import annotations

from memviz.core.policies import POLICIES
from memviz.core.strategies import STRATEGIES
from memviz.gui.qt import Qt

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


# One colour per strategy and per eviction policy, used the same way in every view: each carries
# its own in the core's registry (the chapter's are Okabe–Ito: vermillion, blue, green; orange,
# sky, purple).
def strategy_colour(strategy: str) -> str:
    return STRATEGIES.get(strategy).colour


def policy_colour(policy: str) -> str:
    return POLICIES.get(policy).colour


# Second cues, so that no two curves are told apart by colour alone (some pairs come close under a
# colour-vision deficiency: tests/gui/test_explore_colours.py): each policy's marker (the sweep)
# and each strategy's line (the cost plot), by registry order, the same in every view.
POLICY_SYMBOLS = ("o", "s", "t", "d", "star", "p", "h", "+", "x")
STRATEGY_DASHES = (
    Qt.PenStyle.DotLine,  # no memory: the baseline
    Qt.PenStyle.DashLine,
    Qt.PenStyle.SolidLine,
    Qt.PenStyle.DashDotLine,
    Qt.PenStyle.DashDotDotLine,
)


def policy_symbol(policy: str) -> str:
    return POLICY_SYMBOLS[POLICIES.names().index(policy) % len(POLICY_SYMBOLS)]


def strategy_dash(strategy: str) -> Qt.PenStyle:
    return STRATEGY_DASHES[STRATEGIES.names().index(strategy) % len(STRATEGY_DASHES)]
