"""RunConfig.with_ checks only the fields it changes (issue 41: a report derives ~7,000 configs), and
refuses exactly what making the whole config anew refuses."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.engine import RunConfig
from memviz.core.registry import ConfigError
from tests.hypothesis_budget import examples

# Values each field may be given, good and bad alike.
VALUES = {
    "strategy": st.sampled_from(["random", "visited", "frontier", "session", "unknown-strategy"]),
    "seed": st.sampled_from([0, 1000, 2**32 - 1, -1, 2**32]),
    "capacity": st.sampled_from([None, 1, 12, 0, -3]),
    "policy": st.sampled_from(["fifo", "lru", "ttl", "opt", "unknown-policy"]),
    "budget": st.sampled_from([0, 30, -1]),
    "ttl": st.sampled_from([None, 1, 8, 0, True]),
    "ignore": st.sampled_from([0.0, 0.5, 1, 1.5, -0.1, True, "x"]),
    "read_top": st.sampled_from([None, 1, 8, 0, True, 2.5]),
    "start": st.sampled_from([None, 0, 5, -1, True]),
    "context": st.sampled_from([None, 12000, 12000.0, math.inf, -1, 0]),
    "turn_tokens": st.sampled_from([500, 1, 0, -5]),
    "compaction": st.sampled_from(["truncate", "summary", "memgpt", "lru"]),
    "warn_at": st.sampled_from([0.7, 0.2, 1.5]),
    "flush_at": st.sampled_from([1.0, 0.5, 3.0]),
}


def made_anew(config: RunConfig, changes: dict) -> str | None:
    """What constructing the whole config refuses (its message), or None."""
    try:
        RunConfig(**{**config.to_dict(), **changes})
    except ConfigError as exc:
        return str(exc)
    return None


def derived(config: RunConfig, changes: dict) -> str | None:
    try:
        config.with_(**changes)
    except ConfigError as exc:
        return str(exc)
    return None


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_with_refuses_exactly_what_a_new_config_refuses(data):
    base = {}
    for name in data.draw(st.sets(st.sampled_from(sorted(VALUES)), max_size=4)):
        base[name] = data.draw(VALUES[name])
    if made_anew(RunConfig(), base) is not None:
        return  # the original must be a valid config
    config = RunConfig(**base)
    changes = {
        name: data.draw(VALUES[name])
        for name in data.draw(st.sets(st.sampled_from(sorted(VALUES)), max_size=3))
    }
    assert derived(config, changes) == made_anew(config, changes)


def test_a_derived_config_checks_its_new_values():
    config = RunConfig(strategy="frontier", capacity=3)
    with pytest.raises(ConfigError, match="capacity"):
        config.with_(capacity=0)
    with pytest.raises(ConfigError, match="warn-at: must not be above flush-at"):
        config.with_(context=12000, warn_at=0.9, flush_at=0.8)
    with pytest.raises(TypeError, match="no field 'colour'"):
        config.with_(colour="red")
    assert config.with_(seed=7) == RunConfig(strategy="frontier", capacity=3, seed=7)


def test_with_seeds_is_with_seed_for_each_and_refuses_a_seed_out_of_range():
    base = RunConfig(strategy="frontier", capacity=12, policy="lru", ttl=None, ignore=0.25)
    seeds = range(4294967290, 4294967296)  # up to the last seed there is
    assert base.with_seeds(seeds) == [base.with_(seed=s) for s in seeds]
    assert base.with_seeds(range(0)) == []
    for bad in (range(4294967295, 4294967297), range(-1, 3)):
        with pytest.raises(ConfigError, match="seed: must be between 0 and 4294967295"):
            base.with_seeds(bad)


def test_a_runner_runs_families_of_seeds_as_it_runs_their_configs(chapter_site):
    """Runner.run_seeded (issue 41: no config made for a run already made) gives run_all's runs of
    the same configs, in order, sharing one cache: families that simplify to the same runs (capacity
    24 on 24 pages is unlimited memory, whatever the policy), repeated seeds, a cache that is full."""
    from memviz.core.experiments import Runner

    frontier = RunConfig(strategy="frontier")
    families = [
        (frontier.with_(capacity=24, policy="lru"), range(1000, 1006)),
        (frontier, range(1003, 1009)),
        (frontier.with_(capacity=4, policy="random"), [1001, 1001, 7]),
        (RunConfig(budget=12), range(0)),
    ]
    expanded = [config.with_(seed=s) for config, seeds in families for s in seeds]
    for limit in (None, 4):
        seeded, plain = Runner(cache_limit=limit), Runner(cache_limit=limit)
        assert seeded.run_seeded(chapter_site, families) == plain.run_all(chapter_site, expanded)
        assert seeded.done == plain.done == len(expanded)
        assert seeded.run_all(chapter_site, expanded[::-1]) == plain.run_seeded(chapter_site, families)[::-1]
    with pytest.raises(ConfigError, match="seed: must be between"):
        Runner().run_seeded(chapter_site, [(frontier, [5, -1])])


def test_a_config_is_a_read_only_record_of_its_fields():
    """RunConfig is a plain class (issue 41: the frozen dataclass compiled its methods as every start
    made one); it keeps the dataclass's behaviour, each part held here against a plain reading."""
    import copy
    import inspect
    import pickle

    parameters = inspect.signature(RunConfig).parameters
    assert tuple(parameters) == RunConfig.FIELDS and len(parameters) == 25
    config = RunConfig("frontier", 1001, capacity=3, policy="lru", context=math.inf)
    assert tuple(config.to_dict()) == RunConfig.FIELDS  # every field, in order, and nothing else
    assert config.to_dict() == {name: getattr(config, name) for name in RunConfig.FIELDS}
    assert [p.default for p in parameters.values()] == [getattr(RunConfig(), n) for n in RunConfig.FIELDS]
    same = RunConfig(strategy="frontier", seed=1001, capacity=3, policy="lru", context=math.inf)
    assert config == same and hash(config) == hash(same) and config != config.with_(seed=1002)
    assert hash(config) == hash(tuple(getattr(config, n) for n in RunConfig.FIELDS))  # as the dataclass's
    assert config.__eq__(("frontier",)) is NotImplemented
    assert (
        repr(config)
        == "RunConfig(" + ", ".join(f"{n}={getattr(config, n)!r}" for n in RunConfig.FIELDS) + ")"
    )
    with pytest.raises(AttributeError, match="read-only: cannot assign to field 'seed'"):
        config.seed = 5
    with pytest.raises(AttributeError, match="read-only: cannot delete field 'seed'"):
        del config.seed
    for again in (pickle.loads(pickle.dumps(config)), copy.copy(config), copy.deepcopy(config)):
        assert again == config and again is not config and tuple(again.to_dict()) == RunConfig.FIELDS
    assert [c.seed for c in config.with_seeds(range(3))] == [0, 1, 2]
    assert config.with_seeds([7])[0] == config.with_(seed=7) and hash(config.with_seeds([7])[0]) == hash(
        config.with_(seed=7)
    )
