"""Names of strategies and eviction policies as labels (capitalised), from the core's registries:
a newly registered policy or strategy is named here without a change."""

from __future__ import annotations

from memviz.core.policies import POLICIES
from memviz.core.strategies import STRATEGIES


def strategy_name(strategy: str, lang: str) -> str:
    return STRATEGIES.get(strategy).label_in(lang)


def policy_name(policy: str, lang: str) -> str:
    return POLICIES.get(policy).label_in(lang)


def policy_rule(policy: str, lang: str) -> str:
    """What the policy forgets first, as shown beside the memory list."""
    return POLICIES.get(policy).rule_in(lang)
