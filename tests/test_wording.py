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


def test_a_lanes_numbers_have_one_name_each_and_short_forms_only_where_english_needs_them():
    from memviz.wording import lane_numbers

    en, zh = lane_numbers("en"), lane_numbers("zh")
    assert [name for name, _ in en][:4] == ["coverage", "repeats", "forgotten revisits", "evictions"]
    assert len(en) == len(zh) == 6
    assert all(len(short) < len(name) for name, short in en if short)
    assert all(short == "" for _, short in zh)
