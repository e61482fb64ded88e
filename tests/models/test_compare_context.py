"""Issue 38: "Compare this run with…" on a run with a session context puts the same run under each
way of compacting it side by side, and the lanes name their window and compaction."""

from __future__ import annotations

from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig
from memviz.models.compare import lanes_for
from memviz.wording.reading import lane_label


def test_a_context_run_is_compared_with_the_other_compactions():
    config = RunConfig(strategy="session", context=12_000, compaction="summary", turn_tokens=400)
    lanes = lanes_for(config)
    assert [lane.run_config(RunConfig()).compaction for lane in lanes] == ["summary", "truncate", "memgpt"]
    for lane in lanes:
        run = lane.run_config(RunConfig())
        assert (run.strategy, run.context, run.turn_tokens) == ("session", 12_000, 400)
        assert LaneConfig.parse(lane.text()) == lane  # the lane's text reads back to it
    assert [lane_label(lane, "en") for lane in lanes] == [
        "Context only · context 12,000 · summary", "Context only · context 12,000 · truncate",
        "Context only · context 12,000 · MemGPT",
    ]  # fmt: skip


def test_a_run_without_a_context_is_compared_as_before():
    assert [lane.text() for lane in lanes_for(RunConfig(strategy="frontier", capacity=12))] == [
        "frontier/12/fifo", "frontier/12/random", "frontier/12/opt",
    ]  # fmt: skip
