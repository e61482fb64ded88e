"""The scenario "上下文快满了 The context fills up" (issue 38): the agent with only its session context,
a 12,000-token window, compacted three ways, beside the whole history kept. The chapter's opening
story in motion: the context is compacted, the details go, the agent goes back where it has been.
Each mode is a plain run (:func:`context_mode_config`), so exercises run it like any run."""

from __future__ import annotations

from memviz.core.context import COMPACTIONS, UNLIMITED
from memviz.core.context_report import context_table
from memviz.core.engine import RunConfig
from memviz.core.scenarios import playback
from memviz.core.scenarios.scenario import SCENARIOS, Scenario, count, percent

NAME = "context"
WINDOW = 12_000
MODES = (*COMPACTIONS, "inf")


def context_mode_config(config: RunConfig, mode: str) -> RunConfig:
    """``truncate``, ``summary`` or ``memgpt`` at 12,000 tokens, or ``inf`` (the whole history kept)."""
    if mode == "inf":
        return config.with_(context=UNLIMITED)
    if mode in COMPACTIONS:
        return config.with_(context=WINDOW, compaction=mode)
    raise ValueError(f"mode: {NAME} plays {', '.join(MODES)}, not {mode!r}")


def context_figures(site, config, seeds) -> dict:
    """The modes at 12,000 tokens over ``seeds`` (memviz report --context 12000's rows)."""
    rows = context_table(site, WINDOW, len(seeds), seeds.start, config.with_(strategy="random"))

    def figures(row) -> dict:
        return {"coverage": row.coverage, "duplicates": row.duplicates, "tokens": row.tokens,
                "compactions": row.compactions}  # fmt: skip

    no_memory, *session, whole, frontier = rows
    return {
        "window": WINDOW,
        "seeds": {"seed0": seeds.start, "runs": len(seeds)},
        "session": {mode: figures(row) for mode, row in zip(COMPACTIONS, session, strict=True)},
        "whole_history": figures(whole),
        "no_memory": figures(no_memory),
        "frontier": figures(frontier),
    }


def _play(site, config, mode, _lang):
    return playback.plain_playback(NAME, site, context_mode_config(config, mode))


SCENARIOS.register(Scenario(
    NAME, "上下文快满了", "The context fills up",
    "没有外部记忆，只靠会话里的历史：每轮重发全部历史，token 随轮数平方增长。窗口 12,000 token 时第 19 步第一次满；"
    "截断丢掉最早的轮，摘要只留下页名和已报的 Bug（链接表丢了），MemGPT 把挤出的轮存进 recall storage、用一次检索查回来。"
    "丢掉的页面，Agent 就不记得去过，于是又走回去。",
    "No external memory, only the history of the session: every call resends it all, and tokens grow "
    "with the square of the turns. At a 12,000-token window it is first full at step 19; truncation "
    "drops the oldest turns, a summary keeps page names and reported bugs (the links go), MemGPT keeps "
    "what it evicts in recall storage and searches it. A page the context lost is a page the agent "
    "goes back to.",
    modes=MODES, default_mode="summary", strategy="session",
    play=_play,
    figures=context_figures,
    mode_labels={"truncate": ("截断", "truncate"), "summary": ("摘要", "summary"), "memgpt": ("MemGPT", "MemGPT"),
                 "inf": ("不限窗口", "unlimited")},
    measures={"coverage": percent("coverage"), "dups": count("dups"), "tokens": count("tokens")},
    plain=context_mode_config,
))  # fmt: skip
