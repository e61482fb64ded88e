"""Issue 38's scenario "上下文快满了": each mode is the session run at 12,000 tokens (or unlimited), its
figures are the report's rows at that window, and its playback marks every compaction on its step."""

from __future__ import annotations

import pytest

from memviz.core.context_report import context_table
from memviz.core.engine import Exploration, RunConfig
from memviz.core.scenarios.catalog import SCENARIOS
from memviz.core.scenarios.context_full import context_mode_config


def test_the_modes_are_plain_context_runs():
    scenario = SCENARIOS.get("context")
    assert scenario.title("zh") == "上下文快满了" and scenario.strategy == "session"
    base = RunConfig(strategy="session")
    assert context_mode_config(base, "summary") == base.with_(context=12_000, compaction="summary")
    assert context_mode_config(base, "inf") == base.with_(context=float("inf"))
    with pytest.raises(ValueError, match="mode: context plays truncate, summary, memgpt, inf, not 'lru'"):
        context_mode_config(base, "lru")


def test_the_figures_are_the_reports_rows(chapter_site):
    scenario = SCENARIOS.get("context")
    figures = scenario.figures(chapter_site, RunConfig(strategy="session"), range(1000, 1040))
    rows = context_table(chapter_site, 12_000, 40, 1000)
    assert figures["session"]["summary"]["coverage"] == rows[2].coverage
    assert figures["whole_history"]["tokens"] == rows[4].tokens == 322_500
    assert figures["no_memory"]["duplicates"] == rows[0].duplicates


def test_the_playback_marks_each_compaction_on_its_step(chapter_site):
    scenario = SCENARIOS.get("context")
    config = RunConfig(strategy="session", seed=1000)
    playback = scenario.play(chapter_site, config, "summary", "en")
    marked = [playback.frames[m.frame].step for m in playback.markers if m.en.startswith("context full")]
    exploration = Exploration(chapter_site, context_mode_config(config, "summary"))
    expected = []
    while not exploration.finished:
        event = exploration.step()
        if event.context.compaction:
            expected.append(event.steps)
    assert marked == expected == [19, 28]
