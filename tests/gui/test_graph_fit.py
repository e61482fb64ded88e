"""The site graph's type is found by halving its ladder (graph_fit.GraphFit._largest_fit, issue 41).

Against a plain reading of the rule it replaces: go down the ladder top, top - 0.5, ... to the least
type and take the first rung at which the cards fit. The halving is right only if the cards fit on
every rung below one at which they fit; both are checked on every rung, for views from a small
window's graph to a projector's, in both languages, with and without room for the bugs' names.
"""

from __future__ import annotations

import itertools

import pytest

from memviz.gui.explore.graph_items import min_px
from memviz.gui.explore.graph_view import SiteGraphView
from memviz.gui.kit.language import Language
from memviz.models.clock import ManualClock
from memviz.models.explore import ExploreModel
from memviz.models.settings import RunSettings

# graph viewport sizes (w, h): 720p and 768p windows' graphs, 1080p's, a tall one, a squat one
VIEWS = ((560, 330), (640, 380), (760, 450), (987, 600), (1180, 700), (700, 760), (1400, 420))


@pytest.fixture(params=["zh", "en"])
def graph(request, qtbot):
    model = ExploreModel(RunSettings(), ManualClock())
    view = SiteGraphView(model, Language(request.param))
    qtbot.addWidget(view)
    return view


def ladder(top: float) -> list[float]:
    rungs = [top]
    while rungs[-1] > min_px():
        rungs.append(max(min_px(), rungs[-1] - 0.5))
    return rungs


def test_halving_finds_the_first_rung_that_fits(graph):
    site = graph.model.site
    names = [site.page_name(p, graph.language.code) for p in range(site.n_pages)]
    firsts = []
    for (vw, vh), labels, rungs in itertools.product(VIEWS, (True, False), (16, 31)):
        top = min_px() + 0.5 * (rungs - 1)
        fits = [graph._fit(names, px, vw, vh, room_for_labels=labels) is not None for px in ladder(top)]
        first = fits.index(True) if True in fits else None
        if first is not None:
            assert all(fits[first:]), f"{vw}x{vh}: a rung below one that fits does not: {fits}"
        placement, px = graph._largest_fit(names, top, vw, vh, labels)
        if first is None:
            assert placement is None and px == min_px()
        else:
            assert placement is not None and px == ladder(top)[first]
            # and it is what a fit at that type places, its legend set for that type
            assert placement == graph._fit(names, px, vw, vh, room_for_labels=labels)
        firsts.append(first)
    # not a comparison of trivial answers: views that fit nowhere, at the top, and many rungs down
    assert None in firsts and 0 in firsts and len({f for f in firsts if f}) >= 4, firsts
