"""Colour alone never carries a meaning that a colour-blind student would miss (issue 15).

style.MEANINGS lists, per place in the Explore view, each colour that means something and its
second cue. Under a simulation of each colour-vision deficiency (Machado, Oliveira & Fernandes 2009,
severity 1, applied to linear RGB), two meanings shown together must either look clearly different
(CIELAB distance at least MIN_DELTA_E) or differ in their second cue (one plain, one underlined
counts). And one colour means one
thing: meanings of different families never share a colour.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from memviz.gui.kit import style

# Machado et al. 2009, Table 1 (severity 1.0): linear RGB -> simulated linear RGB.
SIMULATIONS = {
    "normal": np.eye(3),
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}
NEUTRAL_CHROMA = 12.0  # CIELAB chroma below which a colour reads as ink, not as a hue
MIN_DELTA_E = 20.0  # clearly different at a glance across a classroom, not just side by side

SRGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
)
WHITE = SRGB_TO_XYZ @ np.ones(3)


def _linear(rgb: np.ndarray) -> np.ndarray:
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _lab(linear_rgb: np.ndarray) -> np.ndarray:
    xyz = SRGB_TO_XYZ @ np.clip(linear_rgb, 0, 1) / WHITE
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(colours: style.ExploreColors, field: str, simulation: str) -> np.ndarray:
    """The colour as a viewer with that vision sees it, over the paper it is drawn on (CIELAB)."""
    colour, paper = getattr(colours, field), colours.paper
    alpha = colour.alphaF()
    rgb = np.array([colour.redF(), colour.greenF(), colour.blueF()])
    ground = np.array([paper.redF(), paper.greenF(), paper.blueF()])
    linear = alpha * _linear(rgb) + (1 - alpha) * _linear(ground)
    return _lab(SIMULATIONS[simulation] @ linear)


def test_the_simulation_is_machados():
    """Pure red under protanopia loses most of its lightness; grey stays grey under every one."""
    for matrix in SIMULATIONS.values():
        assert np.allclose(matrix.sum(axis=1), 1.0, atol=1e-3)  # neutral greys are unchanged
    red = _lab(SIMULATIONS["protanopia"] @ np.array([1.0, 0, 0]))
    assert red[0] < _lab(np.array([1.0, 0, 0]))[0] - 10


@pytest.mark.parametrize("theme", sorted(style.BY_THEME))
@pytest.mark.parametrize("simulation", sorted(SIMULATIONS))
def test_meanings_shown_together_stay_apart(theme, simulation):
    colours = style.BY_THEME[theme]
    failures = []
    for place, meanings in style.MEANINGS.items():
        for a, b in itertools.combinations(meanings, 2):
            if a.cue != b.cue:
                continue  # told apart by their cues too (plain against underlined counts)
            distance = float(
                np.linalg.norm(seen(colours, a.color, simulation) - seen(colours, b.color, simulation))
            )
            if distance < MIN_DELTA_E:
                failures.append(f"{place}: {a.name} vs {b.name}: ΔE {distance:.1f}")
    assert failures == []


@pytest.mark.parametrize("theme", sorted(style.BY_THEME))
def test_one_colour_one_meaning(theme):
    """A hue means one thing. Ink (black, greys, white: the projector theme draws most things in
    black) is no colour: there the cue in each meaning's shape says it."""
    colours = style.BY_THEME[theme]
    family_of: dict[str, set[str]] = {}
    for meanings in style.MEANINGS.values():
        for meaning in meanings:
            lab = seen(colours, meaning.color, "normal")
            if np.hypot(lab[1], lab[2]) < NEUTRAL_CHROMA:
                continue
            rgb = getattr(colours, meaning.color).name()
            family_of.setdefault(rgb, set()).add(meaning.family)
    shared = {rgb: families for rgb, families in family_of.items() if len(families) > 1}
    assert shared == {}


def _seen_hex(colour: str, simulation: str) -> np.ndarray:
    rgb = np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return _lab(SIMULATIONS[simulation] @ _linear(rgb))


@pytest.mark.parametrize("simulation", sorted(SIMULATIONS))
def test_strategies_and_policies_that_look_alike_differ_in_their_second_cue(simulation):
    """The analysis plots draw a curve per strategy (the cost plot) or per policy (the sweep),
    several at once: two whose colours come close under a simulation must differ in line or marker."""
    from memviz.core.policies import POLICIES
    from memviz.core.strategies import STRATEGIES
    from memviz.gui.kit.palette import policy_symbol, strategy_dash

    failures = []
    for registry, cue in ((STRATEGIES, strategy_dash), (POLICIES, policy_symbol)):
        for a, b in itertools.combinations(list(registry.values()), 2):
            distance = float(
                np.linalg.norm(_seen_hex(a.colour, simulation) - _seen_hex(b.colour, simulation))
            )
            if distance < MIN_DELTA_E and cue(a.name) == cue(b.name):
                failures.append(f"{a.name} vs {b.name}: ΔE {distance:.1f}, the same {cue.__name__}")
    assert failures == []


def test_the_cost_curves_and_sweep_markers_wear_those_cues(app):
    from memviz.core.policies import POLICIES
    from memviz.core.strategies import STRATEGIES
    from memviz.gui.kit.palette import policy_symbol, strategy_dash

    assert len({strategy_dash(s) for s in STRATEGIES.names()}) == len(STRATEGIES.names())
    assert len({policy_symbol(p) for p in POLICIES.names()}) == len(POLICIES.names())


def test_no_strategy_wears_the_colour_of_forgetting():
    from memviz.core.strategies import STRATEGIES

    forgetting = {style.BY_THEME[t].evict.name().upper() for t in style.BY_THEME}
    forgetting |= {style.BY_THEME[t].forgotten_edge.name().upper() for t in style.BY_THEME}
    assert not {s.colour.upper() for s in STRATEGIES.values()} & forgetting


# -- Scenarios and Batch (issue 22): a second cue for every colour, drawn -----------------------------


def _grey_picture(paint, size=(48, 32)):
    """What ``paint(painter, rect)`` draws, as a colour-blind-proof reading: lightness only."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    image = QImage(*size, QImage.Format.Format_ARGB32)
    image.fill(style.colors().paper)
    painter = QPainter(image)
    paint(painter, QRectF(4, 4, size[0] - 8, size[1] - 8))
    painter.end()
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    return bytes(grey.constBits())[: grey.sizeInBytes()]


@pytest.mark.parametrize("theme", sorted(style.BY_THEME))
def test_scenario_states_differ_without_their_colours(app, theme):
    """Every page state the Scenarios tab shows (to retest, stale 'tested', forgotten; poisoned,
    visited without memory...) has its own cue, and its tile, read in grey alone, differs from every
    other state's: a viewer who sees no hue still tells them apart."""
    from memviz.gui.kit import themes
    from memviz.gui.scenarios.canvas import CUES, LEGEND, paint_tile

    themes.manager().apply(theme)
    states = [state for state, *_ in LEGEND]
    assert set(states) <= set(CUES)
    assert len({CUES[s] for s in states}) == len(states)  # one cue each
    pictures = {s: _grey_picture(lambda p, r, s=s: paint_tile(p, r, s, 3, 1.5)) for s in states}
    for a, b in itertools.combinations(states, 2):
        assert pictures[a] != pictures[b], (a, b)


def test_the_scenario_key_shows_the_bug_dot(app):
    from memviz.gui.scenarios.canvas import LEGEND, PagesCanvas

    canvas = PagesCanvas("en")
    canvas.resize(700, 400)
    entries = canvas.legend_entries()
    assert [state for *_, state, _text in entries] == [*(s for s, *_ in LEGEND), None]
    assert entries[-1][-1] == "bug reported"
    for _line, swatch, box, _state, _text in entries:  # flowed: nothing past the canvas's edge
        assert swatch.right() <= canvas.width() and box.left() < canvas.width() - 10


@pytest.mark.parametrize("theme", sorted(style.BY_THEME))
def test_batch_runs_higher_and_not_higher_differ_in_shape(app, theme):
    """The paired differences: a filled disc where memory did better, a hollow ring where it did not;
    in grey alone the two still differ, and the ring's middle is the paper."""
    from memviz.gui.analysis.batch_view import diff_dot_look
    from memviz.gui.kit import themes
    from memviz.gui.kit.palette import strategy_colour

    themes.manager().apply(theme)
    colour = strategy_colour("frontier")

    def dot(kind):
        brush, outline = diff_dot_look(kind, colour)

        def paint(painter, rect):
            painter.setBrush(brush)
            painter.setPen(outline)
            painter.drawEllipse(rect.center(), 10, 10)

        return paint

    higher, lower = _grey_picture(dot("higher")), _grey_picture(dot("not_higher"))
    assert higher != lower
    brush, outline = diff_dot_look("not_higher", colour)
    from memviz.gui.kit.plots import paper

    assert brush.color().name() == paper().lower()  # hollow: the plot's own paper inside
    assert outline.style() != 0  # a drawn ring
    brush, outline = diff_dot_look("higher", colour)
    assert brush.color().alpha() > 0
