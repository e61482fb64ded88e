"""A scenario's figure read off its runs by name (what the Scenarios tab's exercises ask): averaged
over seeds it is the scenario's own figure, and a plain run's is the engine's."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.scenarios.catalog import scenario_figures, scenario_site
from memviz.core.scenarios.forgetting import ablation_config
from memviz.core.scenarios.measures import measured, scenario_measure

SEEDS = range(1000, 1020)
FRONTIER = RunConfig(strategy="frontier")


@pytest.fixture(scope="module")
def site():
    return scenario_site()


@pytest.fixture(scope="module")
def figures():
    return {
        name: scenario_figures(name, runs=len(SEEDS)) for name in ("resume", "version", "poison", "dedup")
    }


# (scenario, mode, measure, scale): scenario_figures has the same figure under [scenario][mode][measure]
AGREES = [
    ("resume", "none", "coverage", 100),
    ("resume", "milestone:10", "dups", 1),
    ("resume", "step", "bugs", 1),
    ("version", "keep", "stale_entries", 1),
    ("version", "invalidate", "new_bugs_found", 1),
    ("version", "wipe", "rereported", 1),
    ("poison", "notes", "coverage", 100),
    ("poison", "structured", "bugs", 1),
    ("dedup", "title", "kept", 1),
    ("dedup", "none", "duplicates", 1),
    ("dedup", "title", "wrong_merges", 1),
]


@pytest.mark.parametrize(("scenario", "mode", "measure", "scale"), AGREES)
def test_the_mean_over_seeds_is_the_scenarios_figure(site, figures, scenario, mode, measure, scale):
    mean = scenario_measure(site, FRONTIER, scenario, mode, measure, SEEDS)
    assert mean == pytest.approx(scale * figures[scenario][mode][measure], abs=1e-12)


def test_plain_runs_are_the_engines(site):
    config = FRONTIER.with_(seed=1006)
    ttl = run(site, config.with_(policy="ttl", ttl=8))
    assert scenario_measure(site, config, "ttl", "8", "coverage") == 100 * ttl.coverage
    assert scenario_measure(site, config, "ttl", "8", "dups") == ttl.dups
    row = run(site, ablation_config("bug_list_only", "frontier", 1006))
    assert scenario_measure(site, config, "ablation", "bug_list_only", "bugs") == row.bugs
    means = [run(site, ablation_config("visited_only", "visited", s)).dups for s in SEEDS]
    got = scenario_measure(site, RunConfig(strategy="visited"), "ablation", "visited_only", "dups", SEEDS)
    assert got == pytest.approx(sum(means) / len(means), abs=1e-12)


def test_poisons_step_is_minus_one_when_never_believed(site):
    assert scenario_measure(site, FRONTIER.with_(seed=1001), "poison", "structured", "believed_at") == -1
    assert scenario_measure(site, FRONTIER.with_(seed=1001), "poison", "notes", "believed_at") > 0


def test_every_measure_is_named_and_checked(site):
    assert measured() == ("ttl", "ablation", "resume", "version", "poison", "dedup", "readmodes", "context")
    with pytest.raises(ValueError, match="measure: ttl offers coverage, bugs, dups, not 'kept'"):
        scenario_measure(site, FRONTIER, "ttl", "4", "kept")
    with pytest.raises(ValueError, match="sessions: not an option of scenario resume"):
        scenario_measure(site, FRONTIER, "resume", "none", "dups", sessions=2)
    with pytest.raises(ValueError, match="mode: dedup plays none, title, fingerprint, not 'x'"):
        scenario_measure(site, FRONTIER, "dedup", "x", "kept")
