"""One auto-graded exercise per scenario; the core computes each answer when it is checked."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

from memviz.core.engine import RunConfig, run
from memviz.core.site import Site


@dataclass(frozen=True)
class ScenarioExercise:
    id: str
    scenario: str
    question_zh: str
    question_en: str
    unit: str  # "%" or "" (a count or a mean)
    tolerance: float
    solve: Callable[[Site], float]

    def question(self, lang: str) -> str:
        return self.question_zh if lang == "zh" else self.question_en

    def check(self, site: Site, value: float) -> tuple[bool, float]:
        """(right, the answer)."""
        answer = self.solve(site)
        return abs(value - answer) <= self.tolerance, answer


def _ttl_coverage(site: Site) -> float:
    return 100 * run(site, RunConfig(strategy="frontier", seed=1000, policy="ttl", ttl=4)).coverage


def _visited_only_dups(site: Site) -> float:
    from memviz.core.experiments import Runner
    from memviz.core.scenarios.forgetting import ablation_config

    results = Runner().run_all(
        site, [ablation_config("visited_only", "visited", s) for s in range(1000, 1200)]
    )
    return statistics.fmean(r.dups for r in results)


def _resume_none_dups(site: Site) -> float:
    from memviz.core.scenarios.resume import resumed_run

    runs = [resumed_run(site, RunConfig(strategy="frontier", seed=s), 15, "none") for s in range(1000, 1200)]
    return statistics.fmean(r.dups for r in runs)


def _version_keep_stale(site: Site) -> float:
    from memviz.core.scenarios.version import version_run

    return version_run(site, RunConfig(strategy="frontier", seed=1000), "keep").stale


def _poison_step(site: Site) -> float:
    from memviz.core.scenarios.poison import poison_run

    believed = poison_run(site, RunConfig(strategy="frontier", seed=1001), "notes").believed_at
    return -1 if believed is None else believed


def _dedup_title_kept(site: Site) -> float:
    from memviz.core.scenarios.dedup import dedup_run

    return len(dedup_run(site, RunConfig(strategy="frontier", seed=1004), "zh", 3).kept["title"])


EXERCISES = (
    ScenarioExercise(
        "ttl-coverage", "ttl",
        "链接表策略，T = 4，seed 1000，30 步：覆盖率是百分之多少？",
        "Link table strategy, T = 4, seed 1000, 30 steps: what coverage, in percent?", "%", 0.05, _ttl_coverage,
    ),
    ScenarioExercise(
        "ablation-visited-only-dups", "ablation",
        "只有已访问集合（策略 visited，关掉 Bug 清单），seed 1000–1199：平均每次运行有几次重复报告？（两位小数）",
        "Visited set only (strategy visited, bug list off), seeds 1000–1199: duplicate reports per run on average? "
        "(two decimals)", "", 0.0051, _visited_only_dups,
    ),
    ScenarioExercise(
        "resume-none-dups", "resume",
        "链接表策略，第 15 步后中断，什么都没持久化，seed 1000–1199：平均每次运行有几次重复报告？（两位小数）",
        "Link table strategy, interrupted after step 15, nothing persisted, seeds 1000–1199: duplicate reports per "
        "run on average? (two decimals)", "", 0.0051, _resume_none_dups,
    ),
    ScenarioExercise(
        "version-keep-stale", "version",
        "seed 1000，换到 v2 时保留旧记忆：会话 2 结束时有几条过期条目（改过却仍标'已测'的页面 + 修好却仍标'未修复'的 Bug）？",
        "Seed 1000, memory kept at the switch to v2: how many stale entries at the end of session 2 (changed pages "
        "still marked tested + fixed bugs still marked open)?", "", 0, _version_keep_stale,
    ),
    ScenarioExercise(
        "poison-step", "poison",
        "seed 1001，模型写自由文本笔记：投毒文本在第几步进了记忆？",
        "Seed 1001, free-text notes by the model: at which step does the poisoned text get into memory?", "", 0,
        _poison_step,
    ),
    ScenarioExercise(
        "dedup-title-kept", "dedup",
        "seed 1004，3 个会话，按标题去重：留下几份报告？",
        "Seed 1004, 3 sessions, dedup by exact title: how many reports are kept?", "", 0, _dedup_title_kept,
    ),
)  # fmt: skip
EXERCISES_BY_SCENARIO = {e.scenario: e for e in EXERCISES}
