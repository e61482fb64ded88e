"""The Explore view as a class sees it: at 720p and 1080p, the rows and keys that matter.

Windows are built with the type the app picks for a screen of their height (as `memviz` and
`memviz snapshot` do), and the app font is put back afterwards.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from memviz.core.engine import Exploration, RunConfig
from memviz.gui.explore.memory_list import EVICTED, NEW, TOUCHED
from memviz.presentation.memory_fold import Fold, fold_lines, line_of_slot

FIFO12 = RunConfig(strategy="frontier", capacity=12, policy="fifo")
LRU12 = RunConfig(strategy="frontier", capacity=12, policy="lru")


# -- the fold rule, without a window ---------------------------------------------------------------------


def test_fold_keeps_every_row_when_there_is_room():
    assert fold_lines(5, {2}, 5) == [0, 1, 2, 3, 4]


def test_fold_keeps_the_important_rows_and_the_ends():
    lines = fold_lines(13, {0, 1, 12}, 5)
    assert lines == [0, 1, Fold(2, 10), 11, 12]
    assert len(lines) == 5


def test_fold_keeps_an_important_row_in_the_middle():
    lines = fold_lines(13, {6}, 6)
    shown = [line for line in lines if not isinstance(line, Fold)]
    assert 6 in shown and 0 in shown and 12 in shown
    assert len(lines) <= 6
    where = line_of_slot(lines)
    assert sorted(where) == list(range(13))  # every slot is drawn somewhere, folded or not


def test_fold_shows_the_important_rows_even_without_room():
    lines = fold_lines(10, {0, 3, 6, 9}, 3)
    assert [line for line in lines if not isinstance(line, Fold)] == [0, 3, 6, 9]


def test_fold_without_room_keeps_the_pinned_rows():
    """The forgotten row and the next to go are pinned: with room for 3 lines, they show and the
    rest folds (the new row too), rather than every marked row showing and the list scrolling."""
    lines = fold_lines(13, {0, 1, 6, 12}, 3, pinned=frozenset({0, 1}))
    assert lines == [0, 1, Fold(2, 12)]
    # A line more: the newest end (the entry just written) before a marked row in the middle.
    assert fold_lines(13, {0, 1, 6, 12}, 4, pinned=frozenset({0, 1})) == [0, 1, Fold(2, 11), 12]


# -- the eviction in view ------------------------------------------------------------------------------


def _visible(panel, page: int) -> bool:
    """The row of ``page`` is drawn (not folded) and lies inside the scroll area's viewport."""
    memory_list = panel.list
    if page not in memory_list.shown_pages():
        return False
    row = next(r for r in memory_list.rows if r.page == page)
    top = memory_list.slot_y(row.slot)
    viewport = panel.scroll.viewport()
    corner = memory_list.mapTo(viewport, memory_list.rect().topLeft())
    box = QRect(0, int(corner.y() + top), 10, int(memory_list.row_height()))
    return viewport.rect().contains(box)


@pytest.mark.parametrize(
    ("size", "zoom"),
    [((1280, 720), 1.0), ((1280, 720), 1.3), ((1920, 1080), 1.0)],
    ids=["720p", "720p-130", "1080p"],
)
@pytest.mark.parametrize(
    "config",
    [FIFO12, LRU12, RunConfig(strategy="frontier", capacity=3, policy="fifo")],
    ids=["fifo", "lru", "fifo3"],
)
def test_the_rows_that_matter_are_in_view(screen_window, size, zoom, config):
    window = screen_window(config, size=size, zoom=zoom)
    model = window.explore.model
    panel = window.explore.memory
    reference = Exploration(model.site, config)
    seen_eviction = False
    for step in range(1, 19):
        reference.step()
        model.step()
        QApplication.processEvents()
        if step < 15:
            continue
        rows = panel.displayed_rows()
        assert [p for p, m in rows if m != EVICTED] == reference.memory.order()
        # The forgotten row and the next to go are pinned: always in view. The rows written or used
        # this step too, where the room allows (zoomed to 130 % at 720p they may fold).
        marked = [
            page for page, mark in rows if mark in ((EVICTED, NEW, TOUCHED) if zoom == 1.0 else (EVICTED,))
        ]
        for page in marked:
            assert _visible(panel, page), (step, page)
        live = [page for page, mark in rows if mark != EVICTED]
        if len(live) == reference.memory.capacity:
            assert _visible(panel, live[0]), ("next to go", step)
        seen_eviction |= any(mark == EVICTED for _, mark in rows)
        # Nothing scrolls: the list fits its room (compact or folded).
        assert panel.list.minimumHeight() <= panel.scroll.viewport().height()
    assert seen_eviction


def test_a_folded_list_says_how_many_rows_it_hides(screen_window):
    window = screen_window(FIFO12, size=(1280, 720))
    window.explore.model.jump(16)
    QApplication.processEvents()
    memory_list = window.explore.memory.list
    folds = [line for line in memory_list.lines if isinstance(line, Fold)]
    shown = memory_list.shown_pages()
    assert len(shown) + sum(f.count for f in folds) == len(memory_list.rows) == 13
    if folds:
        first = memory_list.slot_numbers()[folds[0].first]
        last = first + folds[0].count - 1
        assert memory_list.fold_text(folds[0]) == f"⋯ entries {first}–{last} ({folds[0].count}, unchanged)"


def test_a_tall_window_shows_the_whole_memory_unfolded(screen_window):
    window = screen_window(FIFO12, size=(1920, 1080), lang="zh")
    window.explore.model.jump(16)
    QApplication.processEvents()
    memory_list = window.explore.memory.list
    assert memory_list.lines == list(range(13))
    assert memory_list.row_height() >= memory_list._metrics()[0].height() * 1.3 - 0.01


def test_fold_text_in_chinese(screen_window):
    window = screen_window(FIFO12, size=(1280, 720), lang="zh")
    memory_list = window.explore.memory.list
    window.explore.model.jump(16)
    QApplication.processEvents()
    numbers = memory_list.slot_numbers()
    assert memory_list.fold_text(Fold(2, 6)) == f"⋯ 第 {numbers[2]}–{numbers[6]} 条（5 条，未变）"


# -- keys, whatever has the focus ------------------------------------------------------------------------


def test_right_steps_after_typing_a_capacity_and_clicking_the_narration(screen_window, qtbot):
    window = screen_window(FIFO12, size=(1280, 720))
    explore = window.explore
    capacity = explore.config_bar.capacity
    capacity.setFocus()
    capacity.selectAll()
    qtbot.keyClicks(capacity, "5")
    qtbot.mouseClick(explore.narration.viewport(), Qt.MouseButton.LeftButton)
    assert explore.model.config.capacity == 5  # leaving the field committed it
    assert QApplication.focusWidget() is not capacity
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Right)
    assert explore.model.position == 3


@pytest.mark.parametrize("field_name", ["capacity", "budget", "seed"])
def test_keys_typed_in_a_number_field(screen_window, qtbot, field_name):
    window = screen_window(FIFO12, size=(1280, 720))
    explore = window.explore
    field = getattr(explore.config_bar, field_name)
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_End)
    qtbot.keyClick(field, Qt.Key.Key_Right)  # at the end of the number: nothing to move over, it steps
    assert explore.model.position == 1
    qtbot.keyClick(field, Qt.Key.Key_Space)
    assert explore.model.playing
    qtbot.keyClick(field, Qt.Key.Key_Space)
    assert not explore.model.playing
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is explore.graph
    qtbot.keyClick(explore.graph, Qt.Key.Key_Right)
    assert explore.model.position >= 2


def test_a_left_arrow_inside_a_number_still_moves_the_cursor(screen_window, qtbot):
    window = screen_window(FIFO12, size=(1280, 720))
    seed = window.explore.config_bar.seed
    seed.setFocus()
    seed.setCursorPosition(2)
    qtbot.keyClick(seed, Qt.Key.Key_Left)
    assert seed.cursorPosition() == 1
    assert window.explore.model.position == 0


def test_the_status_bar_advertises_the_keys_only_on_explore(screen_window):
    window = screen_window(FIFO12, size=(1280, 720))
    assert "→" in window.hint.text()
    window.select_view("batch")
    assert "→" not in window.hint.text()
    window.select_view("explore")
    assert "→" in window.hint.text()


def test_speed_is_said_in_the_singular_for_one_step(screen_window):
    window = screen_window(FIFO12, size=(1280, 720))
    model = window.explore.model
    model.set_speed_index(1)  # 1 step a second
    assert window.explore.playback.speed_value.text() == "1 step/s"
    model.set_speed_index(2)
    assert window.explore.playback.speed_value.text() == "2 steps/s"
    model.set_speed_index(0)
    assert window.explore.playback.speed_value.text() == "0.5 steps/s"


def test_the_capacity_range_follows_the_site(screen_window, tmp_path):
    from memviz.core.site import Site
    from memviz.core.sitegen import generate_site

    window = screen_window(FIFO12, size=(1280, 720))
    assert window.explore.config_bar.capacity.maximum() == 24
    window.settings.set_site(Site.from_dict(generate_site("random", 60, seed=1)))
    QApplication.processEvents()
    assert window.explore.config_bar.capacity.maximum() == 60


def test_the_first_window_takes_a_small_screen_whole():
    from memviz.gui.app import first_window_size

    assert first_window_size(1280, 680) == (1280, 680, True)  # not 1177 x 612 with labels cut
    assert first_window_size(1366, 728) == (1366, 728, True)
    assert first_window_size(1920, 1050) == (1600, 960, False)
    assert first_window_size(2560, 1400) == (1600, 960, False)


def agent_marks(graph) -> int:
    """What the graph shows as the agent: cards lit as its page, and the walking dot."""
    return sum(item.current for item in graph.pages) + graph._agent.isVisible()


def test_steps_pressed_quickly_leave_one_agent(screen_window, qtbot):
    """→ pressed 20 times without waiting for the walks: each step cuts the last walk short, and
    the graph shows one agent throughout, on the page the run is at once the last walk ends (a
    stopped walk left its start card lit as the agent's, a second agent, until that card changed)."""
    window = screen_window(FIFO12, size=(1280, 720))
    explore = window.explore
    explore.model.set_animated(True)
    assert explore.model.animation_ms > 0
    graph = explore.graph
    for _ in range(20):
        qtbot.keyClick(graph, Qt.Key.Key_Right)
        lit = [item.page for item in graph.pages if item.current]
        assert len(lit) == 1, lit  # while a dot walks, the card it left is lit: still one page
    assert explore.model.position == 20
    qtbot.waitUntil(lambda: not graph._agent.isVisible(), timeout=5000)
    assert agent_marks(graph) == 1
    assert [item.page for item in graph.pages if item.current] == [explore.model.exploration.page]


def test_after_quick_steps_the_screen_shows_what_a_fresh_paint_shows(screen_window, qtbot):
    """The pixels on screen after → pressed 20 times without waiting equal the graph drawn afresh:
    no agent, glow or card left painted where a cut-short walk last drew it (in a real window the
    old card kept a second agent 8 s on)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QImage

    window = screen_window(FIFO12, size=(1280, 720))
    explore = window.explore
    explore.model.set_animated(True)
    graph = explore.graph
    for _ in range(20):
        qtbot.keyClick(graph, Qt.Key.Key_Right)
        QApplication.processEvents()
    qtbot.waitUntil(lambda: not graph._agent.isVisible() and not graph.walking, timeout=5000)
    for _ in range(3):
        QApplication.processEvents()
    viewport = graph.viewport()
    at = viewport.mapTo(window, QPoint(0, 0))
    shown = window.screen().grabWindow(window.winId(), at.x(), at.y(), viewport.width(), viewport.height())
    shown = shown.toImage().convertToFormat(QImage.Format.Format_RGB32)
    fresh = viewport.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    assert shown.size() == fresh.size()
    assert shown == fresh


def test_escape_hands_the_keys_back_from_a_text_box(screen_window, qtbot):
    window = screen_window(FIFO12, size=(1280, 720))
    explore = window.explore
    seed = explore.config_bar.seed
    seed.setFocus()
    seed.setCursorPosition(1)  # inside the number: → would move the cursor
    qtbot.keyClick(seed, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is explore.graph
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert explore.model.position == 1
    strategy = explore.config_bar.strategy  # a box that is not a number field
    strategy.setFocus()
    qtbot.keyClick(strategy, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is explore.graph
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert explore.model.position == 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_narration_shows_the_steps_whole_sentence(screen_window, lang):
    """Each step's sentence in view from its first word to its last, in a short 720p window zoomed
    to 130 % (scrolled to the end alone, the box showed "forgotten). Budget used up")."""
    window = screen_window(
        RunConfig(strategy="frontier", capacity=3, policy="fifo"), size=(1280, 720), lang=lang, zoom=1.3
    )
    explore = window.explore
    narration = explore.narration
    wrapped = 0
    for _ in range(30):
        explore.model.step()
        QApplication.processEvents()
        block = narration.document().findBlockByNumber(narration._step_start)
        assert block.text().startswith(("Step", "第")), block.text()
        box = narration.blockBoundingGeometry(block).translated(narration.contentOffset())
        assert box.top() >= 0 and box.bottom() <= narration.viewport().height() + 1, (block.text(), box)
        wrapped += block.lineCount() > 1
    assert wrapped  # some sentences wrap: the case that showed a fragment
