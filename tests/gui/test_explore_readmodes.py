"""Explore in issue 27's modes: a step whose memory was ignored or not written is marked in the
narration and the trail; with --read top:K the memory list shows each entry's scores and dims the
ones left out of the call, all as the core's step events say."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from memviz.core.engine import Exploration, RunConfig
from memviz.core.reading import READING_CHOICES
from memviz.core.stepping import step_until
from memviz.gui.explore.graph_items import TRAIL_LENGTH
from memviz.gui.explore.memory_scores import LEFT_OUT_OPACITY
from memviz.gui.explore.read_mode_box import ReadModeBox
from memviz.gui.kit import style
from memviz.presentation.narration import KIND_MISUSE, narrate_run, narrate_step

MISUSED = RunConfig(strategy="frontier", ignore=0.4, skip_write=0.3, seed=1002)
RETRIEVAL = RunConfig(strategy="frontier", read_top=4, seed=1002)


def click_step(qtbot, window, n):
    for _ in range(n):
        qtbot.mouseClick(window.explore.playback.step_button, Qt.MouseButton.LeftButton)


def test_misused_steps_are_told_in_both_languages(site):
    events = step_until(Exploration(site, MISUSED), limit=30)
    ignored = [e for e in events if e.memory_ignored]
    skipped = [e for e in events if e.write_skipped]
    assert ignored and skipped  # this seed draws both
    for event in ignored:
        zh, en = narrate_step(event, site, MISUSED, "zh")[0], narrate_step(event, site, MISUSED, "en")[0]
        assert "模型没看记忆" in zh.text and "ignored its memory" in en.text
    for event in skipped:
        assert "wrote nothing to memory" in narrate_step(event, site, MISUSED, "en")[0].text
    plain = [e for e in events if e.moved and not (e.memory_ignored or e.write_skipped)]
    assert not any("memory" in narrate_step(e, site, MISUSED, "en")[0].text for e in plain)
    misuse_lines = [e for e in events if narrate_step(e, site, MISUSED, "en")[0].kind == KIND_MISUSE]
    assert misuse_lines and all(e.memory_ignored or e.write_skipped for e in misuse_lines)


def test_a_top_k_step_says_how_many_entries_it_read(site):
    events = step_until(Exploration(site, RETRIEVAL), limit=12)
    last = events[-1]
    shown = sum(s.injected for s in last.read_scores)
    assert shown == min(4, len(last.read_scores))
    assert (
        f"{shown} of {len(last.read_scores)} entries read"
        in narrate_step(last, site, RETRIEVAL, "en")[0].text
    )


def test_the_trail_draws_misused_moves_in_the_colour_of_what_went_wrong(make_window, qtbot, site):
    every = step_until(Exploration(site, MISUSED), limit=30)
    misused = [e.memory_ignored or e.write_skipped for e in every]
    # the first step after which the trail's moves hold both kinds
    n = next(k for k in range(TRAIL_LENGTH, 31) if len(set(misused[k - TRAIL_LENGTH : k])) == 2)
    window = make_window(MISUSED)
    click_step(qtbot, window, n)
    events = every[:n]
    trail = window.explore.graph._trail
    colours = {key[0]: key[3] for key in trail.keys if key is not None}
    colors = style.colors()
    for i, event in enumerate(events):
        if i in colours:
            misused = event.memory_ignored or event.write_skipped
            assert colours[i] == (colors.evict if misused else colors.trail).rgba()
    assert colors.evict.rgba() in colours.values() and colors.trail.rgba() in colours.values()
    assert window.explore.narration.lines() == [
        line.text for line in narrate_run(events, site, MISUSED, "zh")
    ]


def test_the_memory_list_shows_the_events_scores_and_dims_what_was_left_out(make_window, qtbot, site):
    window = make_window(RETRIEVAL, lang="en")
    click_step(qtbot, window, 10)
    event = step_until(Exploration(site, RETRIEVAL), limit=10)[-1]
    memory = window.explore.memory
    assert memory.list.scores == {s.page: s for s in event.read_scores}  # the event's, not re-derived
    assert sum(s.injected for s in memory.list.scores.values()) == 4
    assert memory.rule.text().startswith("Retrieval top:4")
    # a left-out row is painted fainter than an injected one: less ink in its box
    listing = memory.list
    image = listing.grab().toImage()
    ratio = image.devicePixelRatio()

    def ink(slot: int) -> float:
        top, height = listing.slot_y(slot), listing.row_height()
        samples = [
            QColor(image.pixel(int(x * ratio), int(y * ratio))).lightnessF()
            for x in range(8, listing.width() - 8, 3)
            for y in range(int(top + 4), int(top + height - 4), 2)
        ]
        return 1 - sum(samples) / len(samples)

    shown = [row for row in listing.rows if row.slot in listing.lines and row.page in listing.scores]
    bright = [ink(r.slot) for r in shown if listing.scores[r.page].injected]
    dim = [ink(r.slot) for r in shown if not listing.scores[r.page].injected]
    assert bright and dim and max(dim) < min(bright) and 0 < LEFT_OUT_OPACITY < 1


def test_inject_all_and_no_misuse_mark_nothing(make_window, qtbot, site):
    config = RunConfig(strategy="frontier", seed=1002)
    window = make_window(config)
    click_step(qtbot, window, 6)
    assert window.explore.memory.list.scores == {}
    colours = {key[3] for key in window.explore.graph._trail.keys if key is not None}
    assert colours == {style.colors().trail.rgba()}


def test_the_read_mode_box_sets_the_runs_reading(make_window, qtbot):
    window = make_window(RunConfig(strategy="frontier", seed=1002), lang="en")
    box = window.explore.memory.findChild(ReadModeBox)
    assert box.isEnabled() and box.currentText() == "inject all" and box.reading == ()
    box.setCurrentIndex(READING_CHOICES.index((("read_top", 8),)))
    assert window.explore.model.config == RunConfig(strategy="frontier", seed=1002, read_top=8)
    click_step(qtbot, window, 3)
    assert window.explore.memory.list.scores  # the new run reads by retrieval
    box.setCurrentIndex(READING_CHOICES.index((("ignore", 0.5),)))
    assert window.explore.model.config == RunConfig(strategy="frontier", seed=1002, ignore=0.5)
    box.setCurrentIndex(0)
    assert window.explore.model.config == RunConfig(strategy="frontier", seed=1002)


def test_a_reading_from_the_command_line_is_shown_and_no_memory_has_none(make_window):
    window = make_window(RunConfig(strategy="frontier", ignore=0.3, read_top=5), lang="zh")
    box = window.explore.memory.findChild(ReadModeBox)
    assert (
        box.reading == (("ignore", 0.3), ("read_top", 5))
        and box.currentText() == "忽略记忆 30 % · 检索前 5 条"
    )
    window.explore.model.settings.update(strategy="random", ignore=0.0, read_top=None)
    assert not box.isEnabled()
