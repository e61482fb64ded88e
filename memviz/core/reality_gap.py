"""The reality gap (issue 27): coverage as the model misuses its memory more, and as retrieval injects fewer entries.

The chapter's simulation assumes memory is always used right. Two sweeps on the same seeds measure
what that assumption is worth:

- :func:`misuse_sweep`: a misuse chance P (``ignore``: the step's choice ignores memory;
  ``skip_write``: the step writes nothing) from 0 to 1, with the agent without memory as the floor.
  At P = 0 it is the chapter's agent; with unlimited memory and ``ignore`` = 1 it is the agent
  without memory, run for run.
- :func:`read_sweep`: ``--read top:K`` for K from 1 up to the site's pages, against injecting all
  of memory (the line it reaches once K can hold every entry) and the agent without memory.

Both run through the runner's batch router (the scalar engine: no batch kernel misuses memory).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0, Runner, seed_range
from memviz.core.registry import ConfigError
from memviz.core.site import Site
from memviz.core.stats import MeanCI, mean_ci

# What a sweep varies: a RunConfig field. "ignore" and "skip_write" are chances, "read_top" is K.
GAP_AXES = ("ignore", "skip_write", "read_top")
DEFAULT_CHANCES = tuple(i / 10 for i in range(11))  # 0, 0.1, ..., 1: eleven values
DEFAULT_K_COUNT = 11  # K values a read sweep takes by default, spread from 1 to the site's pages


def default_ks(n_pages: int, count: int = DEFAULT_K_COUNT) -> tuple[int, ...]:
    """``count`` values of K spread evenly from 1 to ``n_pages`` (fewer when the site is smaller)."""
    if n_pages <= count:
        return tuple(range(1, n_pages + 1))
    return tuple(sorted({round(1 + i * (n_pages - 1) / (count - 1)) for i in range(count)}))


@dataclass
class GapSweep:
    """Coverage per run at each value of ``axis``, with the two lines it lies between, on the same seeds."""

    config: RunConfig  # the memory agent swept (its own value of the axis is replaced per cell)
    seeds: range
    axis: str  # one of GAP_AXES
    values: tuple  # the chances or the K swept, in order
    coverage: dict = field(repr=False)  # value -> coverage of each run
    no_memory: list[float] = field(repr=False)  # the agent without memory
    perfect: list[float] = field(repr=False)  # the config with memory used right: P = 0, every entry read

    def ci(self, value) -> MeanCI:
        return mean_ci(self.coverage[value])

    @property
    def no_memory_ci(self) -> MeanCI:
        return mean_ci(self.no_memory)

    @property
    def perfect_ci(self) -> MeanCI:
        return mean_ci(self.perfect)

    def cell_config(self, value) -> RunConfig:
        return self.config.with_(**{self.axis: value})

    def to_dict(self) -> dict:
        return {
            "config": self.config.__dict__,
            "seeds": {"seed0": self.seeds.start, "runs": len(self.seeds)},
            "axis": self.axis,
            "cells": [{"value": v, **self.ci(v)._asdict()} for v in self.values],
            "no_memory": self.no_memory_ci._asdict(),
            "perfect": self.perfect_ci._asdict(),
        }


def _sweep(site: Site, config: RunConfig, axis: str, values: Sequence, runs: int, seed0: int,
           runner: Runner | None) -> GapSweep:  # fmt: skip
    if axis not in GAP_AXES:
        raise ConfigError(f"sweep axis: expected one of {', '.join(GAP_AXES)}, got {axis!r}")
    if not values:
        raise ConfigError(f"{axis}: a sweep needs at least one value")
    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    perfect = config.with_(ignore=0.0, skip_write=0.0, read_top=None)
    cells = [config.with_(**{axis: v}) for v in values]  # each value checked before any run
    runner.plan((len(values) + 2) * runs)
    configs = [c.with_(seed=s) for c in cells for s in seeds]
    configs += [perfect.with_(seed=s) for s in seeds]
    configs += [RunConfig(strategy="random", seed=s, budget=config.budget, until_all_bugs=config.until_all_bugs,
                          max_steps=config.max_steps) for s in seeds]  # fmt: skip
    results = runner.run_all(site, configs)
    coverage = [r.coverage for r in results]
    by_value = {v: coverage[k * runs : (k + 1) * runs] for k, v in enumerate(values)}
    n = len(values) * runs
    return GapSweep(
        config, seeds, axis, tuple(values), by_value, coverage[n + runs :], coverage[n : n + runs]
    )


def misuse_sweep(
    site: Site,
    config: RunConfig,
    kind: str = "ignore",
    chances: Sequence[float] = DEFAULT_CHANCES,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> GapSweep:
    """Coverage at each misuse chance of ``kind`` ("ignore" or "skip_write"), on the same seeds."""
    if kind not in ("ignore", "skip_write"):
        raise ConfigError(f"misuse: expected ignore or skip_write, got {kind!r}")
    return _sweep(site, config, kind, chances, runs, seed0, runner)


def read_sweep(
    site: Site,
    config: RunConfig,
    ks: Sequence[int] | None = None,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> GapSweep:
    """Coverage at each ``--read top:K`` (default: :func:`default_ks`), against injecting all of memory."""
    return _sweep(
        site, config, "read_top", default_ks(site.n_pages) if ks is None else ks, runs, seed0, runner
    )
