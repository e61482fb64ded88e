"""The scenario "读取方式 Read modes" (issue 27): the same memory, read three ways.

Injecting every entry each call is the chapter's simulation; a model that ignores its memory on a
share of its steps shows the gap between the simulation and reality; retrieval of the K best
entries (recency × importance × relevance) shows why exact state ("去过没有") belongs in the
harness, injected every round, and retrieval only finds "可能相关" candidates. Each mode is a plain
run (:func:`read_mode_config`), so exercises run it in batches like any run.
"""

from __future__ import annotations

import statistics

from memviz.core.engine import RunConfig
from memviz.core.experiments import Runner
from memviz.core.reading import parse_chance
from memviz.core.retrieval import parse_read_mode
from memviz.core.scenarios import playback
from memviz.core.scenarios.scenario import SCENARIOS, Scenario, count, percent

NAME = "readmodes"
# The ways the tab plays it: inject all, ignore memory on a share of steps, retrieve the K best.
MODES = ("all", "ignore:0.25", "ignore:0.5", "top:8", "top:12")
FIGURE_IGNORES = (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)  # the figures
FIGURE_KS = (8, 12, 24)


def read_mode_config(config: RunConfig, mode: str) -> RunConfig:
    """``all``, ``ignore:P``, ``skip-write:P`` or ``top:K`` as the run's settings (ValueError naming a bad one)."""
    head, _, value = mode.partition(":")
    try:
        if head == "all" and not value:
            return config.with_(read_top=None, ignore=0.0, skip_write=0.0)
        if head in ("ignore", "skip-write") and value:
            return config.with_(**{head.replace("-", "_"): parse_chance(head, value)})
        if head == "top":
            return config.with_(read_top=parse_read_mode(mode))
    except ValueError as exc:  # ConfigError is a ValueError
        raise ValueError(f"mode: {exc}") from None
    raise ValueError(f"mode: {NAME} plays all, ignore:P, skip-write:P or top:K, got {mode!r}")


def _check(mode: str) -> None:
    read_mode_config(RunConfig(strategy="frontier"), mode)


def read_mode_figures(site, config, seeds) -> dict:
    """Mean coverage (a fraction) over ``seeds``: at each ignore chance of the issue, at top:8/12/24,
    and without memory."""

    def mean(configs: list[RunConfig]) -> float:
        return statistics.fmean(r.coverage for r in runner.run_all(site, configs))

    base = [config.with_(seed=s) for s in seeds]
    with Runner() as runner:
        return {
            "strategy": config.strategy,
            "seeds": {"seed0": seeds.start, "runs": len(seeds)},
            "ignore": {str(p): mean([c.with_(ignore=p) for c in base]) for p in FIGURE_IGNORES},
            "top": {str(k): mean([c.with_(read_top=k) for c in base]) for k in FIGURE_KS},
            "no_memory": mean([c.with_(strategy="random") for c in base]),
        }


def _play(site, config, mode, _lang):
    return playback.plain_playback(NAME, site, read_mode_config(config, mode))


SCENARIOS.register(Scenario(
    NAME, "读取方式", "Read modes",
    "模拟假设记忆总被正确使用。每轮全部注入：+45 个百分点；模型有一半步数不看记忆，差距就少掉一半；"
    "只检索打分最高的 8 条（新近度 + 重要度 + 相关度），覆盖率掉回无记忆的水平。"
    "“去过没有”这种精确状态要由 harness 维护、每轮注入；检索只负责找“可能相关”的候选。",
    "The simulation assumes memory is always used right. Injected every call it is worth +45 points; "
    "a model that ignores it on half its steps keeps only half of that; retrieving only the 8 "
    "best-scored entries (recency + importance + relevance) drops coverage to the no-memory level. "
    "Exact state such as 'have I been there' belongs in the harness, injected every round; retrieval "
    "only finds what may be relevant.",
    modes=MODES, default_mode="top:8",
    play=_play,
    figures=read_mode_figures,
    mode_labels={"all": ("全部注入", "inject all"), "ignore:0.25": ("25% 步不看记忆", "ignores 25%"),
                 "ignore:0.5": ("50% 步不看记忆", "ignores 50%"), "top:8": ("只检索 8 条", "top 8 read"),
                 "top:12": ("只检索 12 条", "top 12 read")},
    measures={"coverage": percent("coverage"), "bugs": count("bugs"), "dups": count("dups")},
    plain=read_mode_config, accepts=_check,
))  # fmt: skip
