"""Issue 38 in Explore: the context panel (gauge, turns, summary, recall storage) draws the core's
ContextStep; the narration says each compaction, warning and recall search on its step; a page known
by name only is drawn apart from one known with its links; the graph badges the revisit compaction
caused."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from memviz.core.engine import NAMED, REMEMBERED, Exploration, RunConfig
from memviz.presentation.narration import KIND_CONTEXT, narrate_step

SUMMARY = RunConfig("session", 1000, context=12_000, compaction="summary")
MEMGPT = RunConfig("session", 1000, context=12_000, compaction="memgpt")


def events(site, config):
    exploration = Exploration(site, config)
    out = []
    while not exploration.finished:
        out.append(exploration.step())
    return out


def test_the_narration_says_the_compaction_on_its_step_as_the_issue_does(site):
    for event in events(site, SUMMARY):
        lines = narrate_step(event, site, SUMMARY, "zh")
        context = [line.text for line in lines if line.kind == KIND_CONTEXT]
        if event.context.compaction:
            c = event.context
            assert context == [
                f"第 {event.steps} 步：上下文满了，前 {c.turns_summarized} 轮压成摘要；链接表丢了，"
                f"只留下 {len(c.summary_names)} 个页名"
            ]
        else:
            assert context == []
    nineteen = events(site, SUMMARY)[18]
    assert narrate_step(nineteen, site, SUMMARY, "zh")[0].text == (
        "第 19 步：上下文满了，前 10 轮压成摘要；链接表丢了，只留下 8 个页名"
    )


def test_memgpt_warnings_and_recall_searches_are_said_with_the_cores_numbers(site):
    said_warning = said_recall = 0
    for event in events(site, MEMGPT):
        text = " ".join(line.text for line in narrate_step(event, site, MEMGPT, "en"))
        c = event.context
        if c.pressure:
            said_warning += 1
            assert f"memory-pressure warning (prompt {c.prompt_before:,}" in text
        if c.recall_search:
            said_recall += 1
            found = f"found {len(c.recall_hits)} visited pages" if c.recall_hits else "found nothing"
            assert f"one recall search (300 tokens) {found}" in text
    assert said_warning and said_recall


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_context_panel_and_graph_draw_the_step_as_the_core_reports_it(make_window, site, lang):
    window = make_window(SUMMARY, lang=lang, size=(1280, 720))
    explore = window.explore
    panel = explore.context
    assert panel.isVisible()
    expected = events(site, SUMMARY)
    for call in range(1, 27):
        explore.model.step()
        QApplication.processEvents()
        context = expected[call - 1].context
        assert explore.model.last_event.context == context
        used = f"{context.prompt_tokens:,} / 12,000"
        assert used in panel.heading()
        lines = panel.lines()
        assert str(len(context.turns)) in lines[0]
        if context.summary_names:
            names = [site.page_name(p, lang) for p in context.summary_names]
            assert all(name in lines[1] for name in names)
        states = explore.model.exploration.page_states()
        for p, item in enumerate(explore.graph.pages):
            assert item.state == states[p].state
            if p in context.named_only:
                assert item.state == NAMED
            elif any(t.page == p for t in context.turns):
                assert item.state == REMEMBERED
        badge = explore.graph._revisit
        if context.forgotten:
            assert badge.isVisible() and badge.page == expected[call - 1].to_page
            assert str(context.forgotten_at) in badge.text
        else:
            assert not badge.isVisible()
    assert any(e.context.forgotten for e in expected[:26])
    assert any(e.context.named_only for e in expected[:26])


def test_the_context_panel_hides_with_the_context_off(make_window):
    window = make_window(RunConfig("frontier", 1000), lang="en", size=(1280, 720))
    assert not window.explore.context.isVisible()


def test_choosing_context_only_opens_the_context_and_its_box_sets_it(make_window):
    window = make_window(RunConfig("random", 1000), lang="zh", size=(1280, 720))
    bar = window.explore.config_bar
    box = bar.context_box
    assert not box.group.isVisible()  # the chapter's row: one line
    bar.strategy.setCurrentIndex(bar.strategy.findData("session"))
    config = bar.settings.config
    assert (config.strategy, config.context) == ("session", 12_000)
    assert box.group.isVisible() and window.explore.context.isVisible()
    box.window.setCurrentIndex(box.window.findData(8_000))
    box.compaction.setCurrentIndex(box.compaction.findData("memgpt"))
    assert (bar.settings.config.context, bar.settings.config.compaction) == (8_000, "memgpt")
    assert "8,000" in window.explore.context.heading()
    box.window.setCurrentIndex(box.window.findData(None))
    assert bar.settings.config.context is None and not box.group.isVisible()


def test_the_panel_names_what_the_context_did_on_the_step(make_window, site):
    window = make_window(MEMGPT, lang="en", size=(1280, 720))
    explore = window.explore
    for event in events(site, MEMGPT)[:20]:
        explore.model.step()
        note = explore.context.step_note()
        c = event.context
        assert ("memory-pressure warning" in note) == c.pressure
        assert ("recall search" in note) == c.recall_search
        assert ("flush threshold" in note) == (c.compaction == "memgpt")
