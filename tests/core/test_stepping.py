"""step_until: the events of a plain step-by-step loop, stopping where it says."""

from __future__ import annotations

from memviz.core.engine import Exploration, RunConfig
from memviz.core.stepping import step_until


def plain_events(site, config, n):
    exploration = Exploration(site, config)
    events = []
    while len(events) < n and not exploration.finished:
        events.append(exploration.step())
    return events


def test_limit_makes_that_many_calls(chapter_site):
    config = RunConfig("frontier", 1000, capacity=3)
    exploration = Exploration(chapter_site, config)
    assert step_until(exploration, limit=7) == plain_events(chapter_site, config, 7)
    assert len(exploration.path) == 8
    assert step_until(exploration, limit=0) == []


def test_until_stops_at_the_first_event_that_satisfies_it(chapter_site):
    config = RunConfig("frontier", 1000, capacity=3, policy="fifo")
    events = step_until(Exploration(chapter_site, config), lambda e: e.memory_evicted is not None)
    everything = plain_events(chapter_site, config, 10**6)
    first = next(k for k, e in enumerate(everything) if e.memory_evicted is not None)
    assert events == everything[: first + 1]


def test_without_a_condition_it_runs_to_the_end_and_then_makes_no_call(chapter_site):
    config = RunConfig("frontier", 1000, budget=100)  # unlimited memory: it stops by itself
    exploration = Exploration(chapter_site, config)
    events = step_until(exploration)
    assert exploration.finished and events[-1].finished and events[-1].to_page is None
    assert events == plain_events(chapter_site, config, 10**6)
    assert step_until(exploration, limit=5) == []


def test_a_condition_never_met_ends_with_the_run(chapter_site):
    config = RunConfig("random", 1000)
    events = step_until(Exploration(chapter_site, config), lambda e: False)
    assert len(events) == 30 and events[-1].finished
