"""A forgotten revisit is marked where it happens (issue 22): on the Explore graph, the card the agent
came back to after memory forgot it carries "↺ forgotten at step N", N from the core's event, and
only at that step; on a Compare lane's graph the same, from the lane's step records."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from memviz.core.engine import Exploration, RunConfig
from memviz.wording import revisit_badge

CONFIG = RunConfig("frontier", 1000, capacity=3, policy="fifo", budget=40)


def forgotten_steps(site, config):
    """Read from the engine's memory itself: the call each page left memory at, and each forgotten
    revisit's (call, page, the call its page left memory at)."""
    exploration = Exploration(site, config)
    held, left, out = set(exploration.memory.entries), {}, []
    while not exploration.finished:
        event = exploration.step()
        now = set(exploration.memory.entries)
        if event.moved and event.to_page in left and event.to_page not in held:
            out.append((event.call, event.to_page, left[event.to_page]))
        for page in held - now:
            left[page] = event.call
        held = now
    return out


def marked_clear(graph, badge) -> bool:
    """Whether the badge's plate covers no other words on the graph (another card's name or visit
    count, the nav bar's caption), where a free place exists."""
    plate = badge._rect

    def covers(place, box) -> bool:
        common = place.intersected(box)
        return common.width() > 0.5 and common.height() > 0.5

    own = graph.pages[badge.page]
    words = [
        item.mapRectToScene(box)
        for item in graph.scene().items()
        if item is not own
        and item is not badge
        and item.isVisible()
        and callable(getattr(item, "drawn_texts", None))
        for _, box in item.drawn_texts()
    ]
    if not any(covers(plate, box) for box in words):
        return True
    # Covering is allowed only when every place the badge may take covers something.
    from memviz.gui.explore.revisit_badge import _footprint, _places

    card = _footprint(graph.pages[badge.page])
    return all(
        any(covers(place, box) for box in words)
        for place in _places(card, QRectF(0, 0, badge._rect.width(), badge._rect.height()), graph.sceneRect())
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_explore_graph_marks_a_forgotten_revisit_on_its_card(make_window, site, lang):
    expected = forgotten_steps(site, CONFIG)
    assert expected  # capacity 3 forgets pages the agent comes back to
    window = make_window(CONFIG, lang=lang, size=(1280, 720))
    graph = window.explore.graph
    marked = {}
    for call in range(1, CONFIG.budget + 1):
        window.explore.model.step()
        QApplication.processEvents()
        badge = graph._revisit
        if badge.isVisible():
            card = graph.pages[badge.page].mapRectToScene(graph.pages[badge.page].card_rect())
            rect = badge.boundingRect()
            assert graph.sceneRect().contains(rect.adjusted(2, 2, -2, -2))  # whole, in the picture
            beside = rect.bottom() > card.top() and rect.top() < card.bottom()
            over = rect.left() < card.right() and rect.right() > card.left()
            assert beside or over  # at its card: above, below or beside it
            assert not (beside and over) or not card.adjusted(2, 2, -2, -2).intersects(rect)  # not on it
            assert marked_clear(graph, badge)  # over no other card's name or visit count
            marked[call] = (badge.page, badge.text)
    assert marked == {call: (page, revisit_badge(at, lang)) for call, page, at in expected}


def test_a_compare_lane_graph_badges_the_forgotten_revisit_of_its_step(qtbot, site):
    from memviz.core.compare import LaneConfig
    from memviz.gui.compare.view import CompareView
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

    view = CompareView(RunSettings(site, RunConfig(seed=1000, budget=40)), Language("en"))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    view.model.set_configs([LaneConfig("frontier", 3, "fifo"), LaneConfig("frontier", 3, "random")])
    base = view.model.comparison.base
    expected = [
        {call: (page, at) for call, page, at in forgotten_steps(site, lane.config.run_config(base))}
        for lane in view.model.comparison.lanes
    ]
    assert any(expected)
    for position in range(view.model.total + 1):
        view.model.jump(position)
        for lane, want in zip(view.lanes, expected, strict=True):
            badge = lane.graph.badge()
            if position in want:
                _page, at = want[position]
                assert badge is not None and badge.text in (
                    revisit_badge(at, "en"),
                    revisit_badge(at, "en", True),
                )
                rect, graph = badge.rect, lane.graph
                assert rect.left() >= 0 and rect.top() >= 0  # whole, in the graph
                assert rect.right() <= graph.width() + 0.5 and rect.bottom() <= graph.height() + 0.5
            else:
                assert badge is None


def test_a_lane_graph_names_the_page_under_the_pointer(qtbot, site):
    """Compare says page names (issue 22): the dots carry numbers, the pointer reads the name."""
    from memviz.gui.compare.view import CompareView
    from memviz.gui.kit.language import Language
    from memviz.models.settings import RunSettings

    view = CompareView(RunSettings(site, RunConfig(seed=1000, budget=30)), Language("zh"))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    graph = view.lanes[0].graph
    for page in range(site.n_pages):
        assert graph.page_at(graph.centre(page)) == page
        assert graph.hover_text(graph.centre(page)) == f"{page}: {site.page_name(page, 'zh')}"
