"""A recorded run replayed: the engine walks the recorded path unchanged, with a "what if" memory."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.engine import ConfigError, Exploration, RunConfig
from memviz.core.replay import RecordedRun, ReplayError, load_recorded, recorded_run, replay, told_revisits
from memviz.core.site import load_site
from memviz.core.stepping import step_until
from memviz.core.trace import parse_trace, trace_text
from memviz.core.trace_run import run_trace
from memviz.core.trace_stats import trace_stats
from memviz.presentation.divergence import divergence_reason
from memviz.wording.reading import lane_label
from tests.hypothesis_budget import examples

SITE = load_site()

memory_configs = st.builds(
    RunConfig,
    strategy=st.sampled_from(["visited", "frontier"]),
    seed=st.integers(0, 2**32 - 1),
    capacity=st.one_of(st.none(), st.integers(1, 12)),
    policy=st.sampled_from(["fifo", "lru", "ttl"]),
    budget=st.integers(1, 80),
)


def _events(exploration):
    return step_until(exploration, limit=10**6)


@settings(max_examples=examples(40), deadline=None)
@given(config=memory_configs)
def test_replaying_a_runs_trace_with_its_own_memory_gives_its_own_steps(config):
    _result, trace = run_trace(SITE, config)
    recorded = recorded_run(parse_trace(trace_text(trace)), SITE)
    original = _events(Exploration(SITE, config))
    replayed = _events(replay(SITE, recorded, config))
    moves = [e for e in original if e.moved]
    assert [e.to_page for e in replayed if e.moved] == [e.to_page for e in moves]
    keep = ("is_new", "visit_count", "was_forgotten", "memory_written", "memory_evicted", "bug_found",
            "duplicate_report", "pages_seen", "repeats", "memory_size", "tokens")  # fmt: skip
    for a, b in zip(moves, replayed, strict=False):
        assert [getattr(a, k) for k in keep] == [getattr(b, k) for k in keep]


def _plain_fifo(path, capacity):
    """An independent plain reading: which revisits a FIFO memory of ``capacity`` had forgotten,
    and which it still held."""
    memory, seen, forgotten, held = [path[0]], {path[0]}, [], []
    for step, page in enumerate(path[1:], 1):
        if page in seen:
            (held if page in memory else forgotten).append(step)
        seen.add(page)
        if page not in memory:
            memory.append(page)
            if len(memory) > capacity:
                memory.pop(0)
    return forgotten, held


@settings(max_examples=examples(60), deadline=None)
@given(path=st.lists(st.integers(0, 23), min_size=1, max_size=60), capacity=st.integers(1, 10))
def test_what_if_memory_marks_forgotten_and_told_revisits_along_any_path(path, capacity):
    before = [0, *path]
    path = [0, *(p for k, p in enumerate(path) if p != before[k])]  # no page twice in a row
    recorded = RecordedRun(tuple(path), "human", "t.jsonl", 0)
    events = _events(replay(SITE, recorded, RunConfig(strategy="visited", capacity=capacity)))
    forgotten, held = _plain_fifo(path, capacity)
    assert [e.steps for e in events if e.was_forgotten] == forgotten
    assert told_revisits(events) == held
    assert [e.to_page for e in events if e.moved] == path[1:]


def test_no_memory_replay_visits_and_repeats_as_the_trace_says():
    _result, trace = run_trace(SITE, RunConfig(strategy="random", seed=3, budget=50))
    events = _events(replay(SITE, recorded_run(trace, SITE), RunConfig(strategy="frontier", capacity=4)))
    stats = trace_stats(trace)
    assert events[-1].repeats == stats.repeats and events[-1].pages_seen == stats.pages_seen


def test_a_trace_off_another_site_or_with_opt_is_refused(tmp_path):
    _result, trace = run_trace(SITE, RunConfig(budget=5))
    path = tmp_path / "t.jsonl"
    path.write_text(trace_text(trace).replace('"pages": 24', '"pages": 30'), encoding="utf-8")
    with pytest.raises(ReplayError, match="30 pages"):
        load_recorded(path, SITE)
    with pytest.raises(ConfigError, match="opt"):
        replay(SITE, recorded_run(trace, SITE), RunConfig(strategy="visited", capacity=3, policy="opt"))


def test_a_recording_that_starts_elsewhere_replays_from_its_own_start():
    recorded = RecordedRun((12, 13, 12), "browser-use", "h.jsonl", 2)
    events = _events(replay(SITE, recorded, RunConfig(strategy="visited")))
    assert [e.from_page for e in events] == [12, 13]
    assert [e.to_page for e in events] == [13, 12]


def test_a_recorded_lane_runs_beside_simulated_ones_in_compare():
    from memviz.core.compare import LaneConfig, compare_runs, regret

    path = (0, 12, 13, 12, 0, 22, 23, 22, 0, 12, 18, 12)
    recorded = RecordedRun(path, "human", "visitor.jsonl", 1)
    lanes = [
        LaneConfig("visited", 3, "fifo", recorded=recorded),
        LaneConfig("visited", 3, "fifo"),
        LaneConfig("random"),
    ]
    comparison = compare_runs(SITE, lanes, RunConfig(seed=1000, budget=30))
    real = comparison.lanes[0]
    assert tuple(real.path) == path and len(comparison.lanes[1].path) == 31
    plain_forgotten, _held = _plain_fifo(list(path), 3)
    assert [s.step for s in real.steps if s.forgotten_revisit] == plain_forgotten
    d = comparison.first_divergence
    assert d.step == next(i for i in range(1, len(path)) if path[i] != comparison.lanes[1].path[i])
    assert divergence_reason(comparison, "en").startswith(f"step {d.step}: the recorded agent went to")
    assert lane_label(lanes[0], "en") == "Recorded (human) + memory · 3 · FIFO"
    assert lanes[0].text() == "recorded(visitor.jsonl)+visited/3/fifo"
    one = regret(SITE, lanes[0], RunConfig(budget=30), range(3))
    assert one.forgotten_revisits == 3 * len(plain_forgotten)  # one walk, whatever the seed (FIFO)
