"""Every registry refuses names that start with the reserved prefix, so tests can name a policy,
strategy or scenario that is never registered (and a plugin can never make one of them known)."""

from __future__ import annotations

import dataclasses

import pytest

from memviz.core.policies import POLICIES
from memviz.core.registry import RESERVED_PREFIX, ConfigError
from memviz.core.scenarios.catalog import SCENARIOS
from memviz.core.scenarios.scenario import ScenarioArgument
from memviz.core.strategies import STRATEGIES, Strategy

NEVER = RESERVED_PREFIX + "policy"


def test_the_reserved_prefix_is_refused_by_every_registry():
    policy = type(POLICIES["fifo"])(NEVER, "甲", "a", "乙", "b", "#000000")
    visited = STRATEGIES["visited"]
    strategy = Strategy(RESERVED_PREFIX + "strategy", "甲", "a", "乙", "b", "#000000", visited.choose, True)
    scenario = dataclasses.replace(SCENARIOS["ttl"], name=RESERVED_PREFIX + "scenario")
    for registry, entry in ((POLICIES, policy), (STRATEGIES, strategy), (SCENARIOS, scenario)):
        with pytest.raises(ValueError, match=f"{registry.field}: '{entry.name}' cannot be registered"):
            registry.register(entry)
        assert entry.name not in registry
        with pytest.raises(ConfigError, match=f"unknown {registry.kind} '{entry.name}'"):
            registry.get(entry.name)


def test_a_name_is_registered_once():
    with pytest.raises(ValueError, match="policy: 'fifo' is already registered"):
        POLICIES.register(type(POLICIES["fifo"])("fifo", "甲", "a", "乙", "b", "#000000"))


def test_a_scenario_is_checked_when_built_and_when_registered():
    ttl = SCENARIOS["ttl"]
    with pytest.raises(ValueError, match="scenario toy: default_mode '9' is not one of its modes"):
        dataclasses.replace(ttl, name="toy", default_mode="9")
    with pytest.raises(ValueError, match="scenario toy: measures need exactly one of run and plain"):
        dataclasses.replace(ttl, name="toy", plain=None)
    # one flag, one meaning on `memviz scenario`: --capacity is ttl's, --runs the command's own
    for flag, dest in (("--capacity", "size"), ("--size", "capacity"), ("--runs", "runs")):
        clash = dataclasses.replace(ttl, name="toy", arguments=(ScenarioArgument(flag, dest, "?"),))
        with pytest.raises(ValueError, match=f"scenario toy: {flag} \\({dest}\\) clashes"):
            SCENARIOS.register(clash)
    shared = dataclasses.replace(ttl, name="toy", arguments=ttl.arguments[1:])  # the same --capacity
    try:
        SCENARIOS.register(shared)
        assert "toy" in SCENARIOS
    finally:
        SCENARIOS.unregister("toy")


def test_a_missing_setting_is_no_name_and_looks_for_no_plugins(monkeypatch):
    """A first start's settings hold no strategy (None): asking whether it is a name must not look
    through the installed packages (importlib.metadata cost ~30 ms before the window's first paint);
    a string the registry lacks still does, once."""
    from memviz.core import registry

    looked = []
    monkeypatch.setattr(registry, "installed_entry_points", lambda group: looked.append(group) or [])
    names = registry.Registry("policy", "eviction policy", group="memviz.test-only")
    for missing in (None, 3, ("fifo",)):
        assert missing not in names
    assert looked == [] and not names.discovered
    assert "no-such-policy" not in names
    assert looked == ["memviz.test-only"] and names.discovered
