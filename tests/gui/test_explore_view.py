"""The Explore window shows exactly what the core's step events say."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)

from memviz.core.engine import Exploration, RunConfig
from memviz.core.stats import pct
from memviz.core.stepping import step_until
from memviz.gui.explore.graph_view import FORGOTTEN, REMEMBERED, UNVISITED, VISITED
from memviz.gui.explore.memory_list import EVICTED, NEW, TOUCHED
from memviz.gui.explore.numbers_panel import StatCard
from memviz.gui.kit import style
from memviz.presentation.narration import narrate_run


def click_step(qtbot, window, n):
    button = window.explore.playback.step_button
    for _ in range(n):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def expected_numbers(event, site, config):
    return {
        "steps": f"{event.steps} / {config.budget}",
        "coverage": f"{event.pages_seen} / {site.n_pages}",
        "repeats": str(event.repeats),
        "tokens": f"{event.tokens_total:,}",
        "bugs": f"{event.bugs_found} / {site.n_bugs}",
        "reports": str(event.reports),
        "duplicates": str(event.reports - event.bugs_found),
    }


def shown_state(window):
    explore = window.explore
    return {
        "numbers": explore.numbers.shown_values(),
        "details": explore.numbers.shown_details(),
        "memory": explore.memory.displayed_rows(),
        "evicted": explore.memory.evicted_page,
        "gauge": explore.memory.gauge.text(),
        "narration": explore.narration.lines(),
        "pages": [
            (i.state, i.visits, i.current, i.bug_found, i.duplicates, i.glow.name() if i.glow else None)
            for i in explore.graph.pages
        ],
        "trail": explore.graph.trail(),
        "series": explore.progress.series(),
        "timeline": (explore.playback.timeline.value(), explore.playback.position_label.text()),
    }


@pytest.mark.parametrize(
    "config",
    [
        RunConfig(),
        RunConfig(strategy="visited", seed=31),
        RunConfig(strategy="frontier", capacity=3, policy="fifo"),
        RunConfig(strategy="frontier", capacity=2, policy="random", seed=99),
    ],
    ids=["random", "visited", "frontier-fifo3", "frontier-random2"],
)
@pytest.mark.parametrize("clicks", [1, 7, 30])
def test_numbers_after_clicks_equal_the_core(make_window, qtbot, site, config, clicks):
    window = make_window(config)
    click_step(qtbot, window, clicks)
    reference = Exploration(site, config)
    events = step_until(reference, limit=clicks)
    event = events[-1]
    explore = window.explore
    assert explore.numbers.shown_values() == expected_numbers(event, site, config)
    assert explore.numbers.shown_details()["coverage"] == f"{pct(event.pages_seen / site.n_pages)}%"
    xs, coverage, tokens = explore.progress.series()
    assert xs == list(range(clicks + 1))
    assert coverage[-1] == pytest.approx(100 * event.pages_seen / site.n_pages)
    assert tokens == pytest.approx([0.0] + [e.tokens_total / 1000 for e in events])
    assert explore.playback.timeline.value() == clicks
    assert explore.playback.position_label.text() == f"{clicks} / 30"
    # The graph: visit badges and memory states are the core's.
    for item in explore.graph.pages:
        assert item.visits == reference.visits[item.page]
        assert item.current == (item.page == reference.page)
        assert item.bug_found == (item.page in reference.reported)
        if reference.visits[item.page] == 0:
            assert item.state == UNVISITED
        elif reference.memory is None:
            assert item.state == VISITED
        else:
            assert item.state == (REMEMBERED if item.page in reference.memory.entries else FORGOTTEN)
    if reference.memory is not None:
        shown = [page for page, mark in explore.memory.displayed_rows() if mark != EVICTED]
        assert shown == reference.memory.order()
    assert explore.narration.lines() == [line.text for line in narrate_run(events, site, config, "zh")]


@pytest.mark.parametrize("strategy", ["visited", "frontier"])
@pytest.mark.parametrize("policy", ["fifo", "lru"])
def test_eviction_is_marked_on_exactly_the_step_the_core_evicts(make_window, qtbot, site, strategy, policy):
    config = RunConfig(strategy=strategy, capacity=3, policy=policy)
    window = make_window(config)
    reference = Exploration(site, config)
    explore = window.explore
    evictions = 0
    for _ in range(30):
        before = reference.memory.order()
        event = reference.step()
        click_step(qtbot, window, 1)
        rows = explore.memory.displayed_rows()
        marked = [page for page, mark in rows if mark == EVICTED]
        assert explore.memory.evicted_page == event.memory_evicted
        if event.memory_evicted is None:
            assert marked == []
        else:
            evictions += 1
            assert marked == [event.memory_evicted]
            # FIFO and LRU forget the first entry, and it stays on top while it fades.
            assert rows[0] == (event.memory_evicted, EVICTED) == (before[0], EVICTED)
            forgotten = explore.graph.pages[event.memory_evicted]
            assert forgotten.state == FORGOTTEN and forgotten.glow == style.EVICT
        written = [event.memory_written] if event.memory_written is not None else []
        assert [p for p, m in rows if m == NEW] == written
    assert evictions >= 5


def test_lru_touches_and_evictions_together(make_window, qtbot, site):
    """Capacity 12: revisits touch entries (moved to the newest end) and evictions still happen."""
    config = RunConfig(strategy="frontier", capacity=12, policy="lru")
    window = make_window(config)
    reference = Exploration(site, config)
    touches = evictions = 0
    for _ in range(30):
        event = reference.step()
        click_step(qtbot, window, 1)
        rows = window.explore.memory.displayed_rows()
        if event.memory_touched is not None:
            touches += 1
            assert rows[-1] == (event.memory_touched, TOUCHED)
        if event.memory_evicted is not None:
            evictions += 1
            assert rows[0] == (event.memory_evicted, EVICTED)
        assert [p for p, m in rows if m != EVICTED] == reference.memory.order()
    assert touches >= 3 and evictions >= 3


def test_an_lru_touch_moves_its_entry_from_where_it_was(make_window, qtbot, site):
    config = RunConfig(strategy="visited", capacity=12, policy="lru")
    window = make_window(config)
    reference = Exploration(site, config)
    for _ in range(30):
        before = reference.memory.order()
        event = reference.step()
        window.explore.model.set_animated(True)  # the rows remember where they come from
        click_step(qtbot, window, 1)
        if event.memory_touched is not None and before.index(event.memory_touched) < len(before) - 1:
            row = next(r for r in window.explore.memory.list.rows if r.page == event.memory_touched)
            assert row.from_slot < row.slot and row.mark == TOUCHED
            return
    pytest.fail("no LRU touch moved an entry in 30 steps")


@pytest.mark.parametrize(
    "config",
    [RunConfig(), RunConfig(strategy="frontier", capacity=3, policy="lru")],
    ids=["random", "frontier"],
)
def test_back_then_step_shows_the_same_state(make_window, qtbot, config):
    window = make_window(config)
    click_step(qtbot, window, 11)
    state = shown_state(window)
    qtbot.mouseClick(window.explore.playback.back_button, Qt.MouseButton.LeftButton)
    assert shown_state(window)["numbers"] != state["numbers"]
    click_step(qtbot, window, 1)
    assert shown_state(window) == state


def test_timeline_jump_equals_stepping(make_window, qtbot):
    config = RunConfig(strategy="frontier", capacity=3, policy="fifo")
    stepped = make_window(config)
    jumped = make_window(config)
    timeline = jumped.explore.playback.timeline
    timeline.setValue(25)  # as a drag does
    timeline.setValue(14)
    click_step(qtbot, stepped, 14)
    assert shown_state(jumped) == shown_state(stepped)


def test_the_trail_is_the_last_moves_newest_strongest_and_a_step_draws_one(make_window, qtbot, monkeypatch):
    from memviz.gui.explore import graph_view

    drawn = []
    paint = graph_view.PathsItem.paint
    monkeypatch.setattr(
        graph_view.PathsItem, "paint", lambda item, *a: (drawn.append(item), paint(item, *a))[1]
    )
    window = make_window(RunConfig(strategy="visited"))
    graph = window.explore.graph
    click_step(qtbot, window, 9)
    qtbot.wait(20)
    events = window.explore.model.events
    moves = [(e.from_page, e.to_page) for e in reversed(events[-graph_view.TRAIL_LENGTH :]) if e.moved]
    trail = graph.trail()
    assert [(a, b) for a, b, _ in trail] == moves
    opacities = [o for _, _, o in trail]
    assert opacities == sorted(opacities, reverse=True) and len(set(opacities)) == len(opacities)

    # The older moves keep their cached pictures and only fade: a step draws one stroke.
    drawn.clear()
    click_step(qtbot, window, 1)
    qtbot.waitUntil(lambda: len(drawn) > 0)
    qtbot.wait(20)
    newest = [k for k, key in enumerate(graph._trail.keys) if key is not None and key[0] == 9]
    assert len(newest) == 1  # the tenth step moved
    assert [item for item in drawn if item in graph._trail.items] == [graph._trail.items[k] for k in newest]


def test_a_glow_pulses_without_drawing_its_card_again(make_window, qtbot, monkeypatch):
    from memviz.gui.explore import graph_view

    drawn = []
    paint = graph_view.PageItem.paint
    monkeypatch.setattr(
        graph_view.PageItem, "paint", lambda item, *a: (drawn.append(item), paint(item, *a))[1]
    )
    window = make_window(RunConfig(strategy="frontier", capacity=3, policy="fifo"))
    model, graph = window.explore.model, window.explore.graph
    click_step(qtbot, window, 8)
    model.set_animated(True)
    event = model.step()
    assert event.memory_evicted is not None  # capacity 3 is full by now: every new page evicts one
    evicted = graph.pages[event.memory_evicted]
    # Drive the pulse by hand: the live animation is stopped so only these probes move it. The probe
    # points sit on one falling half of the pulse 0.5 + 0.5·cos(4πv), where its values all differ.
    graph._walk.stop()
    qtbot.wait(20)
    strengths = []
    drawn.clear()
    for value in (0.05, 0.1, 0.15):
        graph._on_walk_progress(value)
        qtbot.wait(5)
        strengths.append(round(evicted.halo.opacity(), 3))
    assert evicted.glow == style.EVICT and evicted.halo.isVisible()
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 3  # it pulsed
    assert evicted not in drawn


def test_keys_drive_the_run(make_window, qtbot):
    window = make_window()
    model = window.explore.model
    graph = window.explore.graph
    for _ in range(3):
        qtbot.keyClick(graph, Qt.Key.Key_Right)
    assert model.position == 3
    qtbot.keyClick(graph, Qt.Key.Key_Left)
    assert model.position == 2
    speed = model.speed_index
    qtbot.keyClick(graph, Qt.Key.Key_Plus)
    assert model.speed_index == speed + 1
    qtbot.keyClick(graph, Qt.Key.Key_Minus)
    assert model.speed_index == speed
    qtbot.keyClick(graph, Qt.Key.Key_Space)
    assert model.playing
    qtbot.keyClick(graph, Qt.Key.Key_Space)
    assert not model.playing
    qtbot.keyClick(graph, Qt.Key.Key_Home)
    assert model.position == 0


def test_first_start_is_the_chapters_opening_story(app, qtbot):
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow

    window = MainWindow(language=Language("zh"))
    qtbot.addWidget(window)
    assert window.explore.model.config == RunConfig(strategy="random", seed=1000, budget=30)
    assert window.explore.config_bar.seed.text() == "1000"
    assert window.explore.config_bar.strategy.currentText() == "无记忆"
    assert window.tabs.currentWidget() is window.explore


def test_controls_change_the_config_and_restart(make_window, qtbot):
    window = make_window()
    bar = window.explore.config_bar
    model = window.explore.model
    click_step(qtbot, window, 4)
    bar.strategy.setCurrentIndex(bar.strategy.findData("frontier"))
    assert model.config.strategy == "frontier" and model.position == 0
    assert not bar.policy.isEnabled()  # unlimited memory: no policy applies
    bar.capacity.setValue(3)
    assert model.config.capacity == 3 and bar.policy.isEnabled()
    bar.policy.setCurrentIndex(bar.policy.findData("lru"))
    assert model.config.policy == "lru"
    bar.capacity.setValue(0)
    assert model.config.capacity is None and bar.capacity.text() == "不限"
    bar.budget.setValue(12)
    assert model.config.budget == 12 and model.total == 12
    assert window.explore.numbers.shown_values()["steps"] == "0 / 12"


@pytest.mark.parametrize("text", ["abc", "4294967296", "-1", "", "12 34"])
def test_an_invalid_seed_keeps_the_config_and_says_why(make_window, qtbot, text):
    window = make_window(RunConfig(seed=1234))
    bar = window.explore.config_bar
    click_step(qtbot, window, 3)
    bar.seed.setText(text)
    bar.seed.editingFinished.emit()
    assert window.explore.model.config.seed == 1234
    assert window.explore.model.position == 3  # the run was not thrown away
    assert bar.seed.text() == "1234"
    assert "4294967295" in bar.message.text()


def test_the_largest_seed_is_accepted(make_window, qtbot):
    window = make_window()
    bar = window.explore.config_bar
    bar.seed.setText("4294967295")
    bar.seed.editingFinished.emit()
    assert window.explore.model.config.seed == 4294967295
    assert bar.message.text() == ""
    bar.seed_next.click()  # wraps around to the smallest
    assert window.explore.model.config.seed == 0


def _visible_texts(window) -> dict[int, str]:
    """Every text a user can read on screen, by widget, for those with words in them."""
    texts: dict[int, str] = {}
    widgets = [w for w in window.findChildren(QWidget) if w.isVisible()]
    for widget in widgets:
        if isinstance(widget, StatCard):  # painted: its caption and detail line
            texts[id(widget)] = widget.caption.text()
            if re.search(r"[A-Za-z\u4e00-\u9fff]", widget.detail.text()):
                texts[id(widget) + 1] = widget.detail.text()
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            text = widget.text()
        elif isinstance(widget, QComboBox):
            text = widget.currentText()
        elif isinstance(widget, QAbstractSpinBox) and not isinstance(widget, QLineEdit):
            text = widget.text()
        else:
            continue
        if re.search(r"[A-Za-z\u4e00-\u9fff]", text) and text not in ("FIFO", "LRU", "+1"):
            texts[id(widget)] = text
    for i, action in enumerate(window.menuBar().actions()):
        texts[-1 - i] = action.text()
    texts[-100] = window.windowTitle()
    return texts


@pytest.mark.parametrize(
    "config", [RunConfig(), RunConfig(strategy="frontier", capacity=3)], ids=["no-memory", "memory"]
)
def test_switching_language_changes_every_visible_label(make_window, qtbot, config):
    window = make_window(config, lang="zh")
    click_step(qtbot, window, 8)
    before = _visible_texts(window)
    graph_before = window.explore.graph.page_texts()
    narration_before = window.explore.narration.lines()
    window.language_actions["en"].trigger()
    after = _visible_texts(window)
    assert after.keys() == before.keys()
    unchanged = {before[k] for k in before if before[k] == after[k]}
    assert unchanged == set()
    assert len(before) > 25
    graph_after = window.explore.graph.page_texts()
    assert all(a != b for a, b in zip(graph_before, graph_after, strict=True))
    assert all(a != b for a, b in zip(narration_before, window.explore.narration.lines(), strict=True))
    assert "Home" in graph_after and window.language.code == "en"
    window.language_actions["zh"].trigger()
    assert _visible_texts(window) == before


def test_views_are_found_by_name(make_window):
    window = make_window()
    names = ["explore", "compare", "batch", "sweep", "cost", "scenarios", "evaluate", "exercises", "info"]
    assert window.view_names() == names
    extra = QLabel("x")
    assert window.add_view(extra, "额外", "Extra view") == len(names)
    assert window.view_names() == [*names, "extra_view"]
    assert window.select_view("extra_view") is extra
    window.language.set_code("en")
    assert window.tabs.tabText(len(names)) == "Extra view"
    with pytest.raises(
        ValueError,
        match="valid views: explore, compare, batch, sweep, cost, scenarios, evaluate, exercises, info, extra_view",
    ):
        window.select_view("nope")


def test_closing_leaves_no_window_behind(app, qtbot, site):
    from memviz.gui.kit.language import Language
    from memviz.gui.main_window import MainWindow
    from memviz.models.settings import RunSettings

    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    window = MainWindow(RunSettings(site=site), Language("en"))
    window.explore.model.set_animated(False)
    window.show()
    qtbot.waitExposed(window)
    window.explore.model.play()
    qtbot.wait(50)
    window.close()
    assert not window.explore.model.playing or not window.isVisible()
    window.explore.model.pause()
    window.deleteLater()
    qtbot.wait(10)
    after = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    assert after <= before


def test_the_time_to_live_box_shows_with_policy_ttl_and_sets_t(make_window, qtbot):
    window = make_window(RunConfig(strategy="frontier", capacity=12, policy="fifo"), lang="en")
    controls = window.explore.config_bar
    assert controls.ttl.isHidden()  # T means nothing to FIFO
    controls.policy.setCurrentIndex(controls.policy.findData("ttl"))
    assert not controls.ttl.isHidden() and controls.ttl.value() == window.settings.config.time_to_live == 8
    controls.ttl.setValue(2)
    assert window.settings.config.ttl == 2
    core = Exploration(window.settings.site, RunConfig(strategy="frontier", capacity=12, policy="ttl", ttl=2))
    events = step_until(core, limit=12)
    click_step(qtbot, window, 12)
    # the window plays the core's run with T = 2: the memory it shows is the core's, and short
    shown = [page for page, mark in window.explore.memory.displayed_rows() if mark != EVICTED]
    assert shown == list(core.memory.entries)
    assert (
        len(shown) <= 3
    )  # T = 2: the start of a step keeps only the pages of its last 2 steps, plus the new one
    assert any(e.memory_dropped for e in events)  # and the view played the drops the core made


def test_the_budget_box_shows_a_budget_past_a_thousand(make_window):
    """`memviz --budget 2500` runs 2,500 steps; the box said 1000 (its own cap, not the core's)."""
    window = make_window(RunConfig(strategy="frontier", budget=2500))
    assert window.explore.config_bar.budget.value() == 2500 == window.explore.model.config.budget


def test_each_row_moves_from_where_it_was_drawn_else_from_where_the_step_found_it(site):
    """MemoryPanel._rows, the rule alone: a row comes from the slot it was drawn at before (an
    animated step), else the entry an LRU step used comes from where it was (touched_from), else it
    stays; the entry written this step comes in where it lands."""
    from memviz.gui.explore.memory_panel import MemoryPanel

    exploration = Exploration(site, RunConfig(strategy="visited", capacity=12, policy="lru"))
    for _ in range(30):
        before = exploration.memory.order()
        event = exploration.step()
        moved = event.memory_touched is not None and event.touched_from != len(before) - 1
        if moved and event.memory_written is None:
            break
    else:
        pytest.fail("no LRU touch moved an entry in 30 steps")
    order = exploration.memory.order()
    touched = event.memory_touched
    still = {row.page: row.from_slot for row in MemoryPanel._rows(order, event, {})}
    assert still[touched] == event.touched_from == before.index(touched) != order.index(touched)
    assert all(still[p] == order.index(p) for p in order if p != touched)
    drawn = {page: 20 + slot for slot, page in enumerate(before)}  # where the last picture had them
    animated = {row.page: row.from_slot for row in MemoryPanel._rows(order, event, drawn)}
    assert animated == {page: drawn[page] for page in order}
