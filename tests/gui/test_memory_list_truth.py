"""The memory list never lies (issue 40): whatever the room, the speed and the policy, what the list
shows is the core's memory -- every entry a row or inside a fold that says which entries it holds,
the entry forgotten, the entry just written or used and the next to go always rows of their own --
and its caption says which row goes only where the policy itself says so.

The window is driven as a class drives it: → pressed 50 times without waiting for the animations,
and the list is read after every press (:meth:`MemoryList.picture`, what the painting draws).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from memviz.core.engine import Exploration, RunConfig
from memviz.core.policies import POLICIES
from memviz.gui.explore.memory_list import EVICTED, NEW, TOUCHED
from memviz.gui.kit.paint_cache import StaticTexts

PRESSES = 50


def _config(policy: str) -> RunConfig:
    return RunConfig(strategy="frontier", capacity=12, policy=policy, seed=1000, budget=60)


def _check_picture(memory_list, event, reference: Exploration, lang: str) -> None:
    order = reference.memory.order()
    picture = memory_list.picture()
    # Every entry once, top to bottom: the rows, and each fold standing for its slots.
    slots, pages = [], {row.slot: row.page for row in memory_list.rows}
    for line in picture:
        if line[0] == "fold":
            slots.extend(range(line[1], line[2] + 1))
        else:
            slots.append(next(s for s, p in pages.items() if p == line[1]))
    assert slots == list(range(len(memory_list.rows)))
    live = [pages[s] for s in slots if memory_list.rows[s].mark != EVICTED]
    assert live == list(order)
    # A row's number is its entry's place in the core's order; a fold names the places it holds.
    number_of = {page: i + 1 for i, page in enumerate(order)}
    for line in picture:
        if line[0] == "row":
            _, page, mark, number, _tag = line
            assert number == ("✗" if mark == EVICTED else str(number_of[page]))
        else:
            held = [number_of[pages[s]] for s in range(line[1], line[2] + 1)]
            assert held == list(range(held[0], held[-1] + 1))
            if len(held) == 1:
                expected = f"⋯ entry {held[0]} (unchanged)"
                expected_zh = f"⋯ 第 {held[0]} 条（未变）"
            else:
                expected = f"⋯ entries {held[0]}–{held[-1]} ({len(held)}, unchanged)"
                expected_zh = f"⋯ 第 {held[0]}–{held[-1]} 条（{len(held)} 条，未变）"
            assert line[3] == (expected_zh if lang == "zh" else expected)
    # Never folded: the entry forgotten, the entry written or used, and the next to go.
    rows = {line[1]: line for line in picture if line[0] == "row"}
    if event.memory_evicted is not None:
        assert rows[event.memory_evicted][2] == EVICTED
    if event.memory_written is not None:
        assert rows[event.memory_written][2] == NEW
    if event.memory_touched is not None:
        assert rows[event.memory_touched][2] == TOUCHED
    full = len(order) == reference.memory.capacity
    if full and POLICIES.get(reference.config.policy).victim_is_first:
        assert rows[order[0]][4] in ("next to go", "下一个被忘")
    else:
        assert all(line[4] not in ("next to go", "下一个被忘") for line in rows.values())


@pytest.mark.parametrize(
    ("policy", "lang", "theme", "zoom"),
    [
        ("fifo", "en", "projector", 1.0),
        ("fifo", "zh", "light", 1.3),
        ("lru", "en", "light", 1.5),
        ("random", "zh", "projector", 1.25),
    ],
)
def test_fifty_quick_presses_show_the_cores_memory_at_every_step(
    screen_window, qtbot, policy, lang, theme, zoom
):
    config = _config(policy)
    window = screen_window(config, size=(1280, 720), lang=lang, zoom=zoom)
    window.set_theme(theme)
    explore = window.explore
    explore.model.set_animated(True)  # each press lands while the last step still animates
    panel = explore.memory
    reference = Exploration(explore.model.site, config)
    QApplication.processEvents()
    explore.setFocus()
    folded_once = False
    for press in range(PRESSES):
        event = reference.step()
        qtbot.keyClick(explore, Qt.Key.Key_Right)
        assert explore.model.position == press + 1
        _check_picture(panel.list, event, reference, lang)
        folded_once |= any(line[0] == "fold" for line in panel.list.picture())
    assert folded_once  # at 720p the 12 entries and the evicted one do not all fit
    QApplication.processEvents()
    assert panel.list.minimumHeight() <= panel.scroll.viewport().height()  # nothing scrolls


def test_the_painting_draws_no_row_under_a_fold(screen_window, qtbot, monkeypatch):
    """Rows that slid into a fold were drawn over it (rows 2-10 gone, no fold in sight): the names
    painted are those of the picture's rows and no other."""
    config = _config("fifo")
    window = screen_window(config, size=(1280, 720), lang="en", zoom=1.3)
    explore = window.explore
    explore.model.set_animated(True)
    explore.setFocus()
    for _ in range(20):
        qtbot.keyClick(explore, Qt.Key.Key_Right)
    memory_list = explore.memory.list
    memory_list._animation.finish_now()  # the slide is over
    drawn = []
    original = StaticTexts.draw

    def record(self, painter, x, y, text, font, metrics):
        drawn.append((text, font.bold()))
        return original(self, painter, x, y, text, font, metrics)

    monkeypatch.setattr(StaticTexts, "draw", record)
    memory_list.update_all()
    memory_list.grab()
    names = [text for text, bold in drawn if bold]
    site = explore.model.site
    expected = [site.page_name(line[1], "en") for line in memory_list.picture() if line[0] == "row"]
    assert any(line[0] == "fold" for line in memory_list.picture())
    assert names == expected


@pytest.mark.parametrize("policy", sorted(POLICIES.names()))
def test_the_caption_says_top_goes_first_only_where_the_policy_does(screen_window, policy):
    config = RunConfig(strategy="frontier", capacity=12, policy=policy)
    window = screen_window(config, size=(1920, 1080), lang="en")
    rule = window.explore.memory.rule.text()
    says_top = "The top entry goes first" in rule
    assert says_top == (policy in ("fifo", "lru"))
    assert POLICIES.get(policy).which_goes_in("en") in rule
    assert "+N nav links: the nav bar's pages it links to" in rule
