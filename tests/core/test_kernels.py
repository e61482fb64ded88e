"""Batch kernels are objects that say which rule they implement: a strategy or policy carrying a
kernel of another rule is refused when registered, and every registered kernel is held equal to the
scalar engine here, on a few seeds (fast, in every run; tests/core/test_lockstep.py's property tests
explore far more)."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import run_batch, supports
from memviz.core.policies import POLICIES, Fifo, Lru, PolicyKernel, TimeToLive, _oldest
from memviz.core.site import Site
from memviz.core.sitegen import generate_site
from memviz.core.strategies import (
    FRESH_OR_ANY,
    FRESH_OR_PLAN,
    STRATEGIES,
    Strategy,
    StrategyKernel,
    choose_frontier,
    choose_visited,
)

SEEDS = range(1000, 1012)
CAPACITIES = (None, 1, 2, 4)

STRATEGIES_WITH_KERNELS = [s.name for s in STRATEGIES.values() if s.kernel is not None]
POLICIES_WITH_KERNELS = [p.name for p in POLICIES.values() if p.kernel is not None]


@pytest.fixture(scope="module")
def sites(chapter_site):
    """The chapter's blog, and two generated shapes where memory fills and plans go far."""
    generated = [Site.from_dict(generate_site(shape, 40, bugs=6, seed=7)) for shape in ("hub", "grid")]
    return [chapter_site, *generated]


def equal_in_both_engines(sites: list[Site], configs: list[RunConfig]) -> None:
    assert configs and all(supports(c) for c in configs)  # the kernel runs them, nothing is routed away
    for site in sites:
        batch = run_batch(site, configs, scalar_tail=0)  # every run in the lock-step arrays to its end
        assert [r.to_dict() for r in batch] == [run(site, c).to_dict() for c in configs]


def test_the_chapters_kernels_are_registered():
    assert STRATEGIES_WITH_KERNELS == ["random", "visited", "frontier"]
    assert POLICIES_WITH_KERNELS == ["fifo", "lru", "random", "ttl"]


@pytest.mark.parametrize("strategy", STRATEGIES_WITH_KERNELS)
def test_every_strategy_kernel_equals_the_scalar_engine(sites, strategy):
    policies = POLICIES_WITH_KERNELS if STRATEGIES.get(strategy).uses_memory else ["fifo"]
    configs = [RunConfig(strategy=strategy, seed=s, capacity=c, policy=p, budget=60)
               for s in SEEDS for c in CAPACITIES for p in policies]  # fmt: skip
    equal_in_both_engines(sites, configs)


@pytest.mark.parametrize("policy", POLICIES_WITH_KERNELS)
def test_every_policy_kernel_equals_the_scalar_engine(sites, policy):
    memory = [s.name for s in STRATEGIES.values() if s.kernel is not None and s.uses_memory]
    configs = [RunConfig(strategy=s, seed=seed, capacity=c, policy=policy, budget=60)
               for s in memory for seed in SEEDS for c in (1, 2, 3, 5)]  # fmt: skip
    equal_in_both_engines(sites, configs)


# -- a wrong kernel is refused where it is registered ----------------------------------------------------


def test_a_strategy_with_another_strategys_kernel_is_refused():
    visited = STRATEGIES.get("visited")
    wrong = visited.with_(name="wrong-visited", kernel=FRESH_OR_PLAN)
    with pytest.raises(
        ValueError,
        match="strategy wrong-visited: batch kernel fresh_or_plan implements choose_frontier, "
        "not choose_visited",
    ):
        STRATEGIES.register(wrong)
    assert "wrong-visited" not in STRATEGIES
    # the same rule under another name and colour is welcome
    twin = visited.with_(name="visited-twin", kernel=FRESH_OR_ANY)
    try:
        STRATEGIES.register(twin)
        assert supports(RunConfig(strategy="visited-twin"))
    finally:
        STRATEGIES.unregister("visited-twin")


def test_a_kernel_the_engine_does_not_have_is_refused():
    made_up = StrategyKernel("fresh_or_plan", choose_frontier, uses_memory=True)  # a look-alike
    strategy = Strategy("wrong-x", "x", "x", "x", "x", "#000000", choose_frontier, True, made_up)
    with pytest.raises(ValueError, match=r"strategy wrong-x: .* is not a batch kernel"):
        STRATEGIES.register(strategy)
    wrong_memory = Strategy("wrong-y", "y", "y", "y", "y", "#000000", choose_visited, False, FRESH_OR_ANY)
    with pytest.raises(ValueError, match="strategy wrong-y: batch kernel fresh_or_any"):
        STRATEGIES.register(wrong_memory)


def test_a_policy_with_another_policys_kernel_is_refused():
    names = ("最近用过", "LRU", "r", "r", "#000000")
    with pytest.raises(ValueError, match="policy wrong-lru: its batch kernel implements Fifo, not Lru"):
        POLICIES.register(Lru("wrong-lru", *names, PolicyKernel(Fifo, _oldest)))
    # LRU's rule but a kernel that never moves a revisited entry: FIFO's numbers
    with pytest.raises(
        ValueError, match="touches_on_revisit is True in the policy but False in its batch kernel"
    ):
        POLICIES.register(Lru("wrong-lru", *names, PolicyKernel(Lru, _oldest)))
    # forgetting by time drops entries as a step starts: a kernel that does not expire them says
    # another policy's numbers
    with pytest.raises(ValueError, match="drops entries as a step begins only if its kernel expires them"):
        POLICIES.register(TimeToLive("wrong-ttl", *names, PolicyKernel(TimeToLive, _oldest, True)))
    # and a kernel that expires entries belongs to a policy that takes a time to live
    with pytest.raises(ValueError, match="drops entries as a step begins only if its kernel expires them"):
        POLICIES.register(Lru("wrong-lru", *names, PolicyKernel(Lru, _oldest, True, expires_after_ttl=True)))
    assert not [p for p in POLICIES if p.startswith("wrong-")]
