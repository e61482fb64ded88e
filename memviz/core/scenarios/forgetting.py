"""Forgetting by time and the bug list's own worth: a sweep over the time to live T, and the
ablation of the two memories the chapter's strategies keep (the visited set for navigation, the
bug list against duplicate reports)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from memviz.core.engine import RunConfig, RunResult
from memviz.core.experiments import (
    DEFAULT_BOOTSTRAP,
    DEFAULT_RUNS,
    DEFAULT_SEED0,
    PairedDiff,
    Runner,
    paired_difference,
    seed_range,
)
from memviz.core.policies import ttl_policy
from memviz.core.site import Site
from memviz.core.stats import MeanCI, mean_ci
from memviz.core.strategies import baseline_strategy

DEFAULT_TTLS = (2, 4, 8, 12, 16)  # the sweep


@dataclass
class TtlSweep:
    config: RunConfig
    seeds: range
    ttls: tuple[int, ...]
    coverage: dict[int, list[float]] = field(repr=False)
    forgotten: dict[int, float]  # mean entries dropped per run for being too old

    def ci(self, ttl: int) -> MeanCI:
        return mean_ci(self.coverage[ttl])

    def to_dict(self) -> dict:
        return {
            "config": self.config.__dict__,
            "seeds": {"seed0": self.seeds.start, "runs": len(self.seeds)},
            "ttl": {
                str(t): {**self.ci(t)._asdict(), "dropped_per_run": self.forgotten[t]} for t in self.ttls
            },
        }


def ttl_sweep(
    site: Site,
    config: RunConfig,
    ttls: Sequence[int] = DEFAULT_TTLS,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> TtlSweep:
    """Coverage per run for every time to live T (policy ttl; the config's capacity stays).

    The runs go through the runner's batch router (the scalar engine while the lock-step one has no
    ttl kernel); the entries dropped for age are counted by stepping each run again for its events,
    and count in the runner's progress as runs too (so a cancel is obeyed there as well)."""
    from memviz.core.engine import Exploration

    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    runner.plan(2 * len(ttls) * runs)
    configs = [config.with_(policy=ttl_policy(), ttl=t, seed=s) for t in ttls for s in seeds]
    results = runner.run_all(site, configs)
    coverage = {t: [r.coverage for r in results[k * runs : (k + 1) * runs]] for k, t in enumerate(ttls)}
    forgotten = {}
    for t in ttls:  # entries dropped for age: counted from the step events (a few ms a T)
        total = 0
        for s in seeds:
            exploration = Exploration(site, config.with_(policy=ttl_policy(), ttl=t, seed=s))
            while not exploration.finished:
                total += len(exploration.step().memory_dropped)
        forgotten[t] = total / runs
        runner.count(runs)
    return TtlSweep(config, seeds, tuple(ttls), coverage, forgotten)


# -- ablation ----------------------------------------------------------------------------------------

ABLATION_STRATEGIES = ("visited", "frontier")  # the chapter's two strategies with memory
ABLATION_ROWS = ("none", "visited_only", "bug_list_only", "both")
ABLATION_NAMES = {
    "none": ("无记忆", "no memory"),
    "visited_only": ("只有已访问集合", "visited set only"),
    "bug_list_only": ("只有 Bug 清单", "bug list only"),
    "both": ("两者都有", "both"),
}


def ablation_config(row: str, strategy: str, seed: int = DEFAULT_SEED0) -> RunConfig:
    """The run of one row: navigation by ``strategy`` or none, the bug list on or off."""
    navigation = strategy if row in ("visited_only", "both") else baseline_strategy()
    return RunConfig(strategy=navigation, seed=seed, bug_list=row in ("bug_list_only", "both"))


@dataclass
class AblationRow:
    row: str
    results: list[RunResult] = field(repr=False)
    coverage_vs_none: PairedDiff
    dups_vs_none: PairedDiff

    def mean(self, metric: str) -> float:
        return statistics.fmean(getattr(r, metric) for r in self.results)

    def to_dict(self) -> dict:
        return {
            "coverage": self.mean("coverage"), "bugs": self.mean("bugs"), "reports": self.mean("reports"),
            "dups": self.mean("dups"), "coverage_vs_none": self.coverage_vs_none.to_dict(),
            "dups_vs_none": self.dups_vs_none.to_dict(),
        }  # fmt: skip


def ablation(
    site: Site,
    strategies: Sequence[str] = ABLATION_STRATEGIES,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    runner: Runner | None = None,
) -> dict[str, dict[str, AblationRow]]:
    """For each strategy, the four rows on the same seeds, each paired against no memory."""
    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    out: dict[str, dict[str, AblationRow]] = {}
    for strategy in strategies:
        runner.plan(len(ABLATION_ROWS) * runs)
        by_row = {
            row: runner.run_all(site, [ablation_config(row, strategy, s) for s in seeds])
            for row in ABLATION_ROWS
        }
        none = by_row["none"]
        out[strategy] = {
            row: AblationRow(
                row,
                results,
                paired_difference([r.coverage for r in results], [r.coverage for r in none], bootstrap),
                paired_difference([r.dups for r in results], [r.dups for r in none], bootstrap),
            )
            for row, results in by_row.items()
        }
    return out
