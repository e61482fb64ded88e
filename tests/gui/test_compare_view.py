"""The Compare view draws what the core did: each lane's frame table against a plain reading of the
scalar engine's step events, the current column in view, a clicked miss pointing at its eviction."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from memviz.core.compare import LaneConfig
from memviz.core.engine import Exploration, RunConfig
from memviz.core.policies import POLICIES
from memviz.gui.compare.view import CompareView
from memviz.gui.language import Language
from memviz.models.settings import RunSettings


def expected_columns(site, config: RunConfig) -> list[dict]:
    """Per step that moved: what memory holds after it and what the step did, read from the
    scalar engine's events (not from memviz.core.compare)."""
    exploration = Exploration(site, config)
    left_at: dict[int, int] = {}  # page -> the last step it left memory at
    out = []
    while not exploration.finished:
        event = exploration.step()
        if not event.moved:
            break
        step = len(out) + 1
        for page in event.memory_dropped:  # dropped as the step began, before its click
            left_at[page] = step
        gone = {p for p in (event.memory_evicted, *event.memory_dropped) if p is not None}
        out.append({
            "page": event.to_page,
            "memory": set(exploration.memory.entries),
            "new": event.memory_written,
            "touched": event.memory_touched,
            "left": gone,
            "miss": event.was_forgotten,
            "evicted_at": left_at.get(event.to_page) if event.was_forgotten else None,
        })  # fmt: skip
        for page in gone:
            left_at[page] = step
    return out


def check_lane(columns, expected) -> None:
    assert len(columns) >= len(expected) + 1
    for k, want in enumerate(expected, start=1):
        column = columns[k]
        held = {p for p in column.frames if p is not None}
        assert column.page == want["page"], k
        assert held == want["memory"], k
        assert (None if column.new_frame is None else column.frames[column.new_frame]) == want["new"], k
        assert (None if column.touched_frame is None else column.frames[column.touched_frame]) == want[
            "touched"
        ], k
        assert {page for _frame, page in column.left} == want["left"], k
        assert column.miss == want["miss"], k
        if want["miss"]:
            assert column.evicted_at == want["evicted_at"], k


@pytest.fixture
def view(qtbot, site):
    settings = RunSettings(site, RunConfig(seed=1000, budget=30))
    view = CompareView(settings, Language("en"))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize("capacity", [3, 12])
@pytest.mark.parametrize("policy", POLICIES.names())
def test_each_frame_table_shows_what_the_core_did(view, site, capacity, policy):
    lanes = [LaneConfig("frontier", capacity, policy), LaneConfig("visited", capacity, policy)]
    view.model.set_configs(lanes)
    assert len(view.lanes) == 2
    for lane_widget, lane in zip(view.lanes, lanes, strict=True):
        config = RunConfig(strategy=lane.strategy, capacity=capacity, policy=policy, seed=1000, budget=30)
        check_lane(lane_widget.table.columns, expected_columns(site, config))


def test_the_current_column_follows_the_transport_and_stays_in_view(view):
    view.model.set_configs([LaneConfig("frontier", 3, "fifo"), LaneConfig("frontier", 3, "lru")])
    for _ in range(25):
        view.model.step()
        for lane in view.lanes:
            table = lane.table
            assert table.position == view.model.position
            rect = table.column_rect(table.position)
            assert rect.left() >= 0 and rect.right() <= table.width() + 0.5  # scrolled into view


def test_clicking_a_miss_lights_up_the_step_its_page_was_evicted_at(view, qtbot):
    view.model.set_configs([LaneConfig("frontier", 3, "fifo"), LaneConfig("frontier", 3, "random")])
    table = view.lanes[0].table
    misses = [k for k, column in enumerate(table.columns) if column.miss]
    assert misses  # capacity 3 forgets pages the agent comes back to
    k = misses[0]
    view.model.jump(k)
    cell_h = table._geometry()[0]
    x = table.column_rect(k).center().x()
    y = cell_h * 0.9 + (table.rows + 1.5) * cell_h  # the miss row
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=QPoint(round(x), round(y)))
    column = table.columns[k]
    assert table.selected == (column.evicted_at, column.page)
    assert view.lanes[0].graph.highlight == (column.page, column.evicted_at)
    assert view.lanes[1].table.selected is None
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=QPoint(2, 2))  # elsewhere: cleared
    assert table.selected is None and view.lanes[0].graph.highlight is None


def test_removing_a_lane_twice_in_one_turn_is_harmless(view):
    view.model.set_configs([LaneConfig("frontier", 3, p) for p in ("fifo", "lru", "random")])
    last = view.lanes[2]
    last.remove_requested.emit(2)
    view._on_remove_lane(2)  # the same click delivered again before the lane is gone (monkey found it)
    assert len(view.model.configs) == 2


def test_a_lanes_numbers_wrap_rather_than_hide_under_its_buttons(view):
    view.model.set_configs([LaneConfig("frontier", 12, p) for p in ("fifo", "random", "opt")])
    view.model.jump(17)
    for lane in view.lanes:
        strip = lane.numbers
        shown = [label for line in strip.lines() for label, *_ in line]
        assert shown == [label for label, _, _ in strip.items]  # every number is placed
        for line in strip.lines():  # and each line fits the strip's width
            assert 4 + sum(lw + vw for _, _, _, lw, vw in line) <= strip.width() + 1
        assert strip.geometry().right() < lane.edit.geometry().left()  # left of the buttons
    narrow = view.lanes[0].numbers
    assert len(narrow.lines(narrow.width())) <= len(narrow.lines(narrow.width() / 2))
    assert len(narrow.lines(200)) >= 2 and narrow.lines(10_000) == [narrow.lines(10_000)[0]]


def test_the_reuse_histogram_names_its_lanes_above_the_plot_not_over_it(view, qtbot):
    view.model.set_configs([LaneConfig("frontier", 12, p) for p in ("fifo", "random")])
    panel = view.regret
    qtbot.waitUntil(lambda: panel.results is not None and len(panel.results) == 2, timeout=120_000)
    key = panel.histogram_key.text()
    assert "1. " in key and "2. " in key and "FIFO" in key
    assert panel.histogram.getPlotItem().legend is None  # nothing drawn over the curves
