"""Compare lanes keep how memory is read (issue 27): "Compare this run with…" on a misused or
retrieved run compares it under the same reading."""

from __future__ import annotations

from memviz.core.compare import LaneConfig
from memviz.core.engine import RunConfig
from memviz.core.reading import READING_CHOICES, query_text
from memviz.models.compare import lanes_for


def test_the_runs_reading_goes_to_every_lane():
    lanes = lanes_for(RunConfig(strategy="frontier", capacity=12, ignore=0.25, read_top=8))
    assert [lane.text() for lane in lanes] == [
        "frontier/12/fifo?ignore=0.25&read=top:8",
        "frontier/12/random?ignore=0.25&read=top:8",
        "frontier/12/opt?ignore=0.25&read=top:8",
    ]
    assert lanes[0].run_config(RunConfig(seed=5)) == RunConfig(
        strategy="frontier", seed=5, capacity=12, ignore=0.25, read_top=8
    )


def test_the_chapters_run_gives_lanes_without_a_query():
    assert all("?" not in lane.text() for lane in lanes_for(RunConfig(strategy="frontier", capacity=12)))


def test_every_reading_a_lane_offers_reads_back_from_its_text():
    for reading in READING_CHOICES:
        lane = LaneConfig("frontier", 6, "lru", reading)
        assert LaneConfig.parse(lane.text()) == lane
        assert lane.text() == "frontier/6/lru" + query_text(reading)
