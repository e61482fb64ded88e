"""The shared words: one name per strategy and policy, one config line, counts rounded like the chapter."""

from __future__ import annotations

from memviz.core.engine import RunConfig
from memviz.wording import config_summary, policy_name, policy_rule, strategy_name, t, whole


def test_t_picks_the_language():
    assert t("zh", "中", "en") == "中"
    assert t("en", "中", "en") == "en"


def test_the_link_table_strategy_has_the_chapters_name_in_both_languages():
    assert strategy_name("frontier", "zh") == "已访问集合 + 链接表"
    assert strategy_name("frontier", "en") == "visited set + link table"
    assert strategy_name("frontier", "en", capital=True) == "Visited set + link table"
    assert strategy_name("random", "zh", capital=True) == "无记忆"
    assert policy_name("random", "en", capital=True) == "Random"
    assert policy_name("lru", "en") == "LRU"
    assert policy_rule("fifo", "en") == "oldest written goes first"


def test_config_summary_names_only_what_applies():
    bounded = RunConfig("frontier", 1000, capacity=3, policy="lru", budget=40)
    assert config_summary(bounded, "en") == (
        "visited set + link table, capacity 3, eviction LRU, seed 1000, budget 40 steps"
    )
    assert config_summary(bounded, "zh") == "已访问集合 + 链接表，容量 3，淘汰 LRU，seed 1000，预算 40 步"
    assert (
        config_summary(RunConfig("visited"), "en", seed=False, budget=False)
        == "visited set, unlimited memory"
    )
    # No memory: capacity and policy do not apply, so they are not named.
    assert config_summary(RunConfig("random", capacity=5), "en", seed=False) == "no memory, budget 30 steps"
    assert config_summary(bounded, "en", memory=False, seed=False, budget=False, capital=True) == (
        "Visited set + link table"
    )
    until = RunConfig("visited", until_all_bugs=True, max_steps=5000)
    assert config_summary(until, "zh", seed=False).endswith("直到找全 Bug（上限 5000 步）")
    assert config_summary(RunConfig(), "en", seed=False, budget=False, tokens=True) == (
        "no memory, tokens per step: 3,000 + 40 per memory entry"
    )


def test_whole_rounds_halves_up_with_separators():
    assert whole(105358.6) == "105,359"
    assert whole(2.5) == "3"
    assert whole(0) == "0"


def test_a_lanes_numbers_have_one_name_each_in_every_size():
    from memviz.wording import lane_numbers, term

    en, zh = lane_numbers("en"), lane_numbers("zh")
    assert [name for name, _ in en][:4] == ["coverage", "repeats", "forgotten revisits", "evictions"]
    assert len(en) == len(zh) == 6
    assert en[2][0] == term("forgotten_revisits", "en") and zh[3][0] == term("evictions", "zh")
    assert [rank for _, rank in en] == [rank for _, rank in zh]  # the same in both
    assert en[2][1] == en[3][1] == 0  # forgotten revisits and evictions never give way


def string_literals(tree):
    """Every string a module's code says (docstrings left out: they explain, they are not shown)."""
    import ast

    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def test_one_wording_each_no_retired_word_left_in_what_memviz_says():
    """Issue 22: "遗忘策略" and "淘汰策略" both named the policy setting, "种子" and "seed" the seed,
    "misses"/"evict."/"cov." stood for the lane numbers' names at 720p only. The words retired are
    in no string memviz shows (its sources scanned), and the shared terms say the chapter's words."""
    import ast
    from pathlib import Path

    import memviz
    from memviz.wording import RETIRED_WORDS, TERMS, term

    root = Path(memviz.__file__).parent
    # The limits' descriptions are pasted into docs/limits.md's table (test_limits holds them equal).
    waiting = {Path("core/limits.py")}
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root) in waiting:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in string_literals(tree):
            if path.relative_to(root) == Path("wording/__init__.py") and node.value in RETIRED_WORDS:
                continue  # the list of them
            for word in RETIRED_WORDS:
                if word in node.value:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {word!r} in {node.value[:60]!r}")
    assert not found, "\n".join(found)
    assert term("policy_setting", "zh") == "淘汰策略" and term("seed", "zh") == "seed"
    assert all(zh and en for zh, en in TERMS.values())


def test_a_policys_rule_does_not_repeat_its_name():
    """ "Clairvoyant: clairvoyant: it knows…" came from a rule that began with the policy's name."""
    from memviz.core.policies import POLICIES

    for policy in POLICIES.values():
        for lang in ("zh", "en"):
            assert not policy.rule_in(lang).lower().startswith(policy.name_in(lang).lower()), policy.name


def test_counts_take_the_number_they_need():
    from memviz.wording import counted

    assert counted(1, "en", "个 Bug", "bug") == "1 bug"
    assert counted(3, "en", "个 Bug", "bug") == "3 bugs"
    assert counted(0, "en", "", "duplicate") == "0 duplicates"
    assert counted(3, "zh", "个 Bug", "bug") == "3 个 Bug"


def test_chinese_keeps_a_space_between_latin_and_chinese():
    from memviz.wording import spaced

    assert spaced("FIFO忘了首页") == "FIFO 忘了首页"
    assert spaced("第 15 步：LRU（容量 3）忘了Bug 3") == "第 15 步：LRU（容量 3）忘了 Bug 3"
    assert spaced("随机淘汰抽了一个随机数，忘了编辑 B") == "随机淘汰抽了一个随机数，忘了编辑 B"
