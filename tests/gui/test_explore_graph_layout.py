"""The site graph's labels at classroom sizes (issue 15): no bug name, duplicate count or card covers
another card or label, nothing is cut at the view's edge, and the legend covers no card; at
1280x720 and 1920x1080, zh and en, light and projector, UI zoom 100 % and 150 %. A label that
does not fit is left to the card's tooltip (and the narration); at 1920x1080 every one fits."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig

# No memory for long enough to find every bug and report some twice: every label a card can carry.
EVERY_LABEL = RunConfig(strategy="random", budget=600, seed=1000)


def placed(graph):
    """(page, kind, rect in scene) for every card and every text under a card."""
    rects = []
    for item in graph.pages:
        rects.append((item.page, "card", item.mapRectToScene(item.card_rect())))
        rects += [(item.page, "label", item.mapRectToScene(r)) for r in item.label_rects()]
    return rects


def settled(graph):
    """``graph`` once a zoom's new type has gone round the window: each turn of the event loop
    delivers the layouts and resizes the last one posted, so turn it until the view's size and the
    graph's type stop changing (a switched zoom takes a few turns; a new window's first show one)."""
    seen, same = None, 0
    for _ in range(50):
        QApplication.processEvents()
        now = (graph.viewport().size(), graph._px, graph.magnify)
        same = same + 1 if now == seen else 0
        if same == 2:  # two quiet turns: a widget between the window and the graph had its turn
            return graph
        seen = now
    raise AssertionError(f"the graph's layout did not settle: {seen}")


@pytest.fixture
def shown(make_window):
    """A window of a size and language at the run's end; ``look(theme, zoom)`` switches its theme
    and zoom as the View menu does and gives its graph (one window for the four looks)."""
    windows = []

    def show(size, lang):
        window = make_window(EVERY_LABEL, lang=lang, size=size)
        window.explore.model.jump(window.explore.model.total)
        QApplication.processEvents()
        windows.append(window)

        def look(theme, zoom):
            window.set_theme(theme)
            window.set_zoom(zoom)
            return settled(window.explore.graph)

        return look

    yield show
    for window in windows:
        window.set_zoom(1.0)
        window.set_theme("light")
    QApplication.processEvents()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_label_covers_a_card_or_a_label_and_none_is_cut(shown, size, lang):
    look = shown(size, lang)
    for theme, zoom in itertools.product(["light", "projector"], [1.0, 1.5]):
        check_labels(look(theme, zoom), size, (theme, zoom))


def check_labels(graph, size, case) -> None:
    rects = placed(graph)
    found = [item for item in graph.pages if item.bug_found]
    assert len(found) == 6 and any(item.duplicates for item in found), case  # every label a card can have
    for item in found:  # shown under the card where it fits, always on hover
        assert item.bug_label in item.toolTip()
    zoomed_to_read = getattr(graph, "_camera_zoomed_to_read", False)
    if size == (1920, 1080) and case[1] == 1.0:  # (at 150 % a label may give way to hover)
        assert all(item.labels_shown for item in found), case  # a big screen has room for every one
    view = graph.camera.visible_scene_rect()
    if zoomed_to_read:
        # zoomed so far that the site does not fit at the least type: shown at its type, following
        # the agent (issue 40); what lies off screen is a drag away, the agent's page is in view
        assert case[1] > 1.0 and graph.camera.follow, case
        here = graph.model.exploration.page
        assert view.contains(graph.pages[here].sceneBoundingRect()), case
        rects = [(p, kind, r) for p, kind, r in rects if view.intersects(r)]
        view = view.adjusted(-1e6, -1e6, 1e6, 1e6)  # (a card at the edge is scrolled to, not cut)
    problems = []
    for (p, kind_a, a), (q, kind_b, b) in itertools.combinations(rects, 2):
        if p != q and a.intersects(b):
            problems.append(f"{kind_a} of {graph.pages[p].name} × {kind_b} of {graph.pages[q].name}")
    problems += [f"{kind} of {graph.pages[p].name} cut" for p, kind, r in rects if not view.contains(r)]
    legend = graph._legend.sceneBoundingRect()
    problems += [f"legend × {graph.pages[p].name}" for p, kind, r in rects if legend.intersects(r)]
    assert problems == [], case


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_60_page_site_keeps_its_cards_apart(make_window, size):
    """Too many pages for the view at the smallest type: a bigger canvas shown whole, not a pile."""
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    sixty = Site.from_dict(generate_site("random", 60, seed=1))
    window = make_window(RunConfig(strategy="frontier", capacity=12), "en", size, on_site=sixty)
    window.explore.model.jump(30)
    QApplication.processEvents()
    graph = window.explore.graph
    cards = [r for _, kind, r in placed(graph) if kind == "card"]
    assert not [(a, b) for a, b in itertools.combinations(cards, 2) if a.intersects(b)]
    visible = graph.camera.visible_scene_rect()
    assert all(visible.contains(r) for r in cards)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_relayout_fits_the_bugs_texts_where_the_cards_now_are(make_window, lang):
    """The texts under the bugs' cards are fitted after the cards have moved to their new places,
    not before: fitted for where the cards had been (a smaller window's places, in the old type), a
    label stayed hidden on a 1080p screen with room for it after a theme and zoom switch."""
    from memviz.gui.explore.graph_marks import place_bug_labels

    window = make_window(EVERY_LABEL, lang=lang, size=(1920, 1080))
    window.explore.model.jump(window.explore.model.total)
    graph = settled(window.explore.graph)
    size = graph.size()
    graph.resize(size.width() * 2 // 3, size.height() * 2 // 3)  # laid out at once (a small site)
    graph.resize(size)  # and back: the cards move back to where there is room for every text
    shown = {item.page: item.labels_shown for item in graph.pages if item.has_bug}
    site = graph.model.site
    place_bug_labels(graph.pages, site.bug_by_page, graph.model.exploration.page, graph.sceneRect())
    assert shown == {item.page: item.labels_shown for item in graph.pages if item.has_bug}
    assert all(shown.values())  # a 1080p window has room for every one
