"""Explore on a big site (issue 14): a step costs what it changed, not what the site holds.

CI-sized (500 pages, seconds); the 2,000 and 10,000 page figures are in benchmarks/bench_big_explore.py.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QApplication

from memviz.core.engine import RunConfig
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
from memviz.gui.explore import graph_items
from memviz.gui.explore.graph_marks import pages_a_step_touched
from memviz.gui.explore.graph_view import SMALL_SITE_PAGES

PAGES = 500


@pytest.fixture(scope="module")
def big_site():
    return Site.from_dict(generate_site("random", PAGES, seed=1))


@pytest.fixture
def big_window(make_window, qtbot, big_site):
    assert PAGES > SMALL_SITE_PAGES  # the big-site paths are the ones under test
    config = RunConfig(strategy="frontier", capacity=12, policy="fifo", budget=80)
    window = make_window(config, "en", on_site=big_site)
    qtbot.waitUntil(lambda: not window.explore.graph.layout_pending)
    QApplication.processEvents()
    return window


def _count_card_paints(monkeypatch) -> list[int]:
    painted: list[int] = []
    original = graph_items.PageItem.paint

    def counting(item, painter, option, widget=None):
        painted.append(item.page)
        return original(item, painter, option, widget)

    monkeypatch.setattr(graph_items.PageItem, "paint", counting)
    return painted


def test_a_step_repaints_only_the_cards_it_touched(big_window, monkeypatch):
    model, graph = big_window.explore.model, big_window.explore.graph
    for _ in range(20):  # into the run: memory full, evictions happening
        model.step()
    QApplication.processEvents()
    painted = _count_card_paints(monkeypatch)
    for _ in range(20):
        painted.clear()
        glowed = set(graph._glowing)
        sheet = graph._sheet
        model.step()
        event = model.last_event
        # the step's own pages plus the cards that glowed for the step before
        touched = pages_a_step_touched(event, glowed)
        graph.viewport().repaint()
        # drawn again into the sheet under the changed cards' areas (to the device pixel, and one
        # around it): those cards, and the neighbours that reach into those areas
        m = 3 / graph.transform().m11()
        near = {
            card.page
            for p in touched
            for card in sheet.cards_in(graph.pages[p].sceneBoundingRect().adjusted(-m, -m, m, m))
        }
        assert set(painted) <= touched | near, (len(model.events), sorted(set(painted) - touched - near))
        assert len(touched) <= 12 and len(near) <= 40  # a handful of cards, out of 500


def test_a_big_sites_plain_cards_are_one_item_and_its_bug_cards_their_own(big_window):
    """The scene holds the sheet, not 500 cards: a repaint copies it once however many cards lie
    under the area. The cards are still the view's PageItems, painted by the sheet."""
    graph = big_window.explore.graph
    sheet, scene = graph._sheet, graph.scene()
    on_sheet = {card.page for card in sheet.cards}
    assert on_sheet == {p for p in range(PAGES) if p not in graph.model.site.bug_by_page}
    assert all(graph.pages[p].scene() is None for p in on_sheet)
    assert all(graph.pages[p].scene() is scene for p in graph.model.site.bug_by_page)
    assert sheet.scene() is scene and len(scene.items()) < 40  # glows come and go with their step
    card = graph.pages[min(on_sheet)]
    assert card in sheet.cards_in(card.sceneBoundingRect())
    assert sheet.card_at(card.scenePos()) is card  # its tooltip on hover


def test_the_card_states_after_steps_equal_the_engines(big_window):
    """Syncing only the touched cards leaves every card as a full sync would set it."""
    model, graph = big_window.explore.model, big_window.explore.graph
    for _ in range(40):
        model.step()
    states = model.exploration.page_states()
    current = model.exploration.page
    for item in graph.pages:
        state, visits, bug_found, duplicates = states[item.page]
        assert (item.state, item.visits, item.bug_found, item.duplicates) == (
            state,
            visits,
            bug_found,
            duplicates,
        ), item.page
        assert item.current == (item.page == current)


def test_the_pixmap_cache_holds_every_card(big_window):
    graph = big_window.explore.graph
    ratio = graph.devicePixelRatioF()
    rect = graph.pages[0].boundingRect()
    card_kb = rect.width() * ratio * rect.height() * ratio * 4 / 1024
    assert QPixmapCache.cacheLimit() >= PAGES * card_kb


def test_a_big_site_is_laid_out_once_the_size_settles(big_window, qtbot):
    """Dragged from 1600 to 1300 wide, the window also steps its type down (11 pt to 10 pt,
    fonts.point_size_for_window) once the size settles, and the views around the graph re-lay out
    in it: the graph is laid out once, at the size and type it ends with (it was laid out up to three
    times: at the old type, at the new one, then at the size the new type left it)."""
    graph = big_window.explore.graph
    laid_out = []
    original = graph._relayout
    graph._relayout = lambda: (
        laid_out.append((graph.viewport().size(), QApplication.font().pointSizeF())),
        original(),
    )
    assert QApplication.font().pointSizeF() == 11
    for width in (1500, 1400, 1300):  # a splitter dragged: three sizes in one turn
        big_window.resize(width, 900)
        QApplication.sendPostedEvents()  # the layouts pass the size on; timers do not run
    big_window.explore.model.step()  # a step while the layout waits draws no trail yet
    qtbot.waitUntil(lambda: not graph.layout_pending)
    for _ in range(3):  # whatever else was posted (font changes, layouts) is delivered: no more layouts
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert QApplication.font().pointSizeF() == 10
    assert laid_out == [(graph.viewport().size(), 10)]
    assert graph.center_of(graph.model.exploration.page) is not None


def test_a_site_too_big_for_the_view_is_shown_whole_without_overlaps(big_window):
    graph = big_window.explore.graph
    assert graph.magnify > 1  # laid out on a bigger canvas, shown shrunk
    rects = sorted((item.mapRectToScene(item.card_rect()) for item in graph.pages), key=lambda r: r.top())
    for i, a in enumerate(rects):  # no two cards overlap
        for b in rects[i + 1 :]:
            if b.top() >= a.bottom():
                break
            assert not a.intersects(b), (a, b)
    visible = graph.camera.visible_scene_rect()
    assert all(visible.contains(r) for r in rects)  # the whole site in view at zoom 1
    # the legend keeps its size on screen, inside the view
    legend = graph._legend
    on_screen = graph.mapFromScene(legend.pos())
    assert graph.viewport().rect().contains(on_screen)
    assert legend.font.pixelSize() >= 11
    assert on_screen.y() + legend.boundingRect().height() <= graph.viewport().height()


def test_names_too_small_to_read_are_left_off_until_zoomed_in(big_window, monkeypatch):
    from PySide6.QtGui import QImage, QPainter

    from memviz.gui.kit.paint_cache import StaticTexts

    graph = big_window.explore.graph
    drawn: list[str] = []
    monkeypatch.setattr(StaticTexts, "draw_centered", lambda self, p, rect, text, font: drawn.append(text))
    card = graph.pages[7]
    for scale in (1 / graph.magnify, 1.0):
        image = QImage(400, 200, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        painter.translate(200, 100)
        painter.scale(scale, scale)
        card.paint(painter, None)
        painter.end()
    assert drawn == [card.name]  # at the whole-site scale no name, at full size its name
    assert card.toolTip() == card.name  # readable on hover meanwhile


def _opacity(graph, item) -> float:
    """How strongly ``item`` paints under the view's transform now (the painter's world transform
    in drawBackground and in the scene's paint is the view's)."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setWorldTransform(graph.transform())
    try:
        return item.opacity_at(painter)
    finally:
        painter.end()


def _current_link_ends(graph) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """(start, end) of each link drawn strong over the faint ones, rounded to the pixel."""
    strokes = graph._current_links._strokes
    if not strokes:
        return set()
    lines = strokes[0][0].toSubpathPolygons()
    return {((round(p[0].x()), round(p[0].y())), (round(p[-1].x()), round(p[-1].y()))) for p in lines}


def _expected_ends(graph, model) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    site, page = model.site, model.exploration.page
    nav_bar = graph._layout.nav_bar

    def at(p):
        c = graph.center_of(p)
        return round(c.x()), round(c.y())

    return {(at(page), at(q)) for q in site.pages[page].links if not (nav_bar and q in site.nav)}


def test_a_big_site_shown_whole_fades_its_links_but_not_the_agents(big_window, make_window):
    """Issue 15: the overview of a big site was a haze of full-strength links. Shown whole, ordinary
    links are faint while the links out of the agent's page are drawn at full strength over them,
    following the agent; zoomed in, every link is back at full strength and nothing is drawn over
    them (a step repaints nothing for it); shown whole again, they fade again. The chapter's blog
    keeps its links as they were."""
    graph, model = big_window.explore.graph, big_window.explore.model
    for _ in range(5):
        model.step()
    QApplication.processEvents()
    assert _opacity(graph, graph._local_edges) <= 0.5
    assert _opacity(graph, graph._current_links) == 1.0
    assert _current_link_ends(graph) == _expected_ends(graph, model) != set()
    before = model.exploration.page
    while model.exploration.page == before:
        model.step()
    assert _current_link_ends(graph) == _expected_ends(graph, model)  # they follow the agent

    graph.camera.zoom_to(graph.camera.max_zoom)
    assert _opacity(graph, graph._local_edges) == 1.0
    assert _current_link_ends(graph) == set() and graph._current_links.boundingRect().isNull()
    model.step()
    assert _current_link_ends(graph) == set()
    graph.camera.show_all()
    assert _opacity(graph, graph._local_edges) <= 0.5
    assert _current_link_ends(graph) == _expected_ends(graph, model) != set()

    small = make_window(RunConfig(strategy="frontier", capacity=3), "en", size=(1280, 720))
    small.explore.model.step()
    assert _opacity(small.explore.graph, small.explore.graph._local_edges) == 1.0
    assert _current_link_ends(small.explore.graph) == set()


def _link_ink(graph) -> float:
    """How dark the links make the middle of a big site shown whole: the mean difference in
    lightness from the backdrop over the middle of the view, the background (the links) alone."""
    import numpy as np
    from PySide6.QtGui import QImage, QPainter

    from memviz.gui.kit import style

    size = graph.viewport().size()
    image = QImage(size, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.setRenderHints(graph.renderHints())
    painter.setWorldTransform(graph.viewportTransform())
    graph.drawBackground(painter, graph.mapToScene(graph.viewport().rect()).boundingRect())
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(size.height(), image.bytesPerLine())
    pixels = rows[:, : size.width() * 4].reshape(size.height(), size.width(), 4)[..., :3].astype(float)
    h, w = size.height(), size.width()
    middle = pixels[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4].mean(axis=2) / 255
    backdrop = style.colors().backdrop
    return float(np.abs(middle - (backdrop.red() + backdrop.green() + backdrop.blue()) / 765).mean())


def test_the_projectors_faint_links_are_no_darker_than_the_light_themes(big_window):
    """Issue 15 in the projector theme: its links are black and 1.6 times as wide, so at the light
    theme's 20 % the overview was still a haze three and a half times as dark. Shown whole, they
    leave as much ink on the view as the light theme's grey ones. Zoomed in until the names show
    (6 px type), they are coming back but at most twice the light theme's ink (rising in equal
    steps they were three times; at full strength, bold by design, about 2.4)."""
    from memviz.gui.kit import themes

    graph = big_window.explore.graph

    def ink_at(zoom: float, theme: str) -> float:
        themes.manager().apply(theme)
        QApplication.processEvents()
        graph.camera.zoom_to(zoom)
        QApplication.processEvents()
        return _link_ink(graph)

    light, projector = ink_at(1.0, "light"), ink_at(1.0, "projector")
    assert _opacity(graph, graph._local_edges) < 0.2  # fainter than the light theme's
    assert light > 0 and 0.5 * light < projector < 1.3 * light, (light, projector)
    names_show = graph_items.MIN_LEGIBLE_PX / (graph._px * graph.transform().m11())
    light, projector = ink_at(names_show, "light"), ink_at(names_show, "projector")
    assert graph._local_edges.faint < _opacity(graph, graph._local_edges) < 1.0  # coming back
    assert light < projector <= 2 * light, (light, projector)
