"""Names of strategies and eviction policies as the chapter says them, in both languages."""

from __future__ import annotations

STRATEGY_NAMES = {
    "random": ("无记忆", "No memory"),
    "visited": ("已访问集合", "Visited set"),
    "frontier": ("已访问集合 + 链接表", "Visited set + link lists"),
}

POLICY_NAMES = {
    "fifo": ("FIFO", "FIFO"),
    "lru": ("LRU", "LRU"),
    "random": ("随机", "Random"),
}

# What each policy forgets first, as shown beside the memory list.
POLICY_RULES = {
    "fifo": ("最早写入的先忘", "oldest written goes first"),
    "lru": ("最久没用的先忘", "least recently used goes first"),
    "random": ("满了随机忘一条", "a random entry goes when full"),
}


def strategy_name(strategy: str, lang: str) -> str:
    zh, en = STRATEGY_NAMES[strategy]
    return zh if lang == "zh" else en


def policy_name(policy: str, lang: str) -> str:
    zh, en = POLICY_NAMES[policy]
    return zh if lang == "zh" else en


def policy_rule(policy: str, lang: str) -> str:
    zh, en = POLICY_RULES[policy]
    return zh if lang == "zh" else en
