"""The session context's figures (issue 38): each compaction mode at one window, over many seeds,
beside the chapter's two ends (``memviz report --context W``, docs/context.md, the Cost and Sweep views).

Context runs go to the scalar engine (the lock-step kernels know no context), so these walk
:class:`~memviz.core.engine.Exploration` directly: the last step's ``ContextStep`` carries the run's
count of compactions, warnings and recall searches, which a ``RunResult`` does not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass

from memviz.core.context import COMPACTIONS, TRUNCATE, UNLIMITED
from memviz.core.engine import Exploration, RunConfig
from memviz.core.site import Site

DEFAULT_SEED0 = 1000
DEFAULT_RUNS = 200
DOC_WINDOWS = (8_000, 12_000, 16_000)  # docs/context.md's table
SWEEP_WINDOWS = (4_000, 6_000, 8_000, 12_000, 16_000, 24_000, 32_000, 48_000, 64_000, UNLIMITED)


@dataclass(frozen=True)
class ContextRow:
    """Means over the seeds of one config."""

    strategy: str
    context: float | None  # None: the context off (the chapter's run)
    compaction: str | None  # None: off, or nothing to compact (an unlimited window)
    runs: int
    coverage: float  # share of pages, 0..1
    duplicates: float  # duplicate bug reports
    bugs: float
    tokens: float
    compactions: float
    warnings: float
    recall_searches: float

    def to_dict(self) -> dict:
        d = asdict(self)
        if self.context == UNLIMITED:
            d["context"] = "inf"  # JSON has no infinity
        return d


def mean_row(
    site: Site, config: RunConfig, seeds: Iterable[int], done: Callable[[int], None] | None = None
) -> ContextRow:
    """``config`` on every seed of ``seeds``: the means of a :class:`ContextRow`."""
    n = 0
    coverage = duplicates = bugs = tokens = compactions = warnings = searches = 0.0
    for seed in seeds:
        exploration = Exploration(site, config.with_(seed=seed))
        result = exploration.run_to_end()
        n += 1
        coverage += result.coverage
        duplicates += result.dups
        bugs += result.bugs
        tokens += result.tokens
        last = exploration.last_event
        context = last.context if last is not None else None
        if context is not None:
            compactions += context.compactions
            warnings += context.warnings
            searches += context.recall_searches
        if done is not None:
            done(1)
    mode = config.compaction if config.context not in (None, UNLIMITED) else None
    return ContextRow(
        config.strategy, config.context, mode, n, coverage / n, duplicates / n, bugs / n, tokens / n,
        compactions / n, warnings / n, searches / n,
    )  # fmt: skip


def mode_configs(window: float, base: RunConfig | None = None) -> list[RunConfig]:
    """The rows of the table at ``window``: the no-memory baseline carrying its history (truncated),
    session under each compaction, session with the window unlimited, and frontier with the context
    off (the chapter's injected memory)."""
    base = RunConfig() if base is None else base
    rows = [base.with_(strategy="random", context=window, compaction=TRUNCATE)]
    rows += [base.with_(strategy="session", context=window, compaction=mode) for mode in COMPACTIONS]
    rows.append(base.with_(strategy="session", context=UNLIMITED, compaction=TRUNCATE))
    rows.append(base.with_(strategy="frontier", context=None, compaction=TRUNCATE))
    return rows


def context_table(
    site: Site,
    window: float,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    base: RunConfig | None = None,
    done: Callable[[int], None] | None = None,
) -> list[ContextRow]:
    """Every row of :func:`mode_configs` over seeds ``seed0`` … ``seed0 + runs - 1``."""
    seeds = range(seed0, seed0 + runs)
    return [mean_row(site, config, seeds, done) for config in mode_configs(window, base)]


# The lines of the per-call plot: the session agent with the whole history kept (the quadratic),
# each compaction at one window, and frontier with injected memory (the linear one).
PER_CALL_LINES = ("inf", "truncate", "summary", "memgpt", "frontier")


def tokens_per_call(
    site: Site, config: RunConfig, seeds: Iterable[int], done: Callable[[int], None] | None = None
) -> list[float]:
    """The mean tokens of call 1, 2, … over ``seeds`` (over the runs that made that call)."""
    sums: list[float] = []
    counts: list[int] = []
    for seed in seeds:
        exploration = Exploration(site, config.with_(seed=seed))
        while not exploration.finished:
            event = exploration.step()
            k = event.call - 1
            if k == len(sums):
                sums.append(0.0)
                counts.append(0)
            sums[k] += event.tokens
            counts[k] += 1
        if done is not None:
            done(1)
    return [s / n for s, n in zip(sums, counts, strict=True)]


def per_call_config(line: str, window: float, base: RunConfig) -> RunConfig:
    if line == "frontier":
        return base.with_(strategy="frontier", context=None, compaction=TRUNCATE)
    if line == "inf":
        return base.with_(strategy="session", context=UNLIMITED, compaction=TRUNCATE)
    return base.with_(strategy="session", context=window, compaction=line)


@dataclass(frozen=True)
class WindowSweep:
    """Session runs over window sizes, one line per compaction, with the chapter's two ends (the
    no-memory floor and frontier's unlimited memory, both with the context off), and the tokens of
    each call at one window (the Sweep view's context axis)."""

    config: RunConfig  # the base: budget, tokens
    seeds: range
    windows: tuple[float, ...]
    modes: tuple[str, ...]
    cells: dict[tuple[float, str], ContextRow]
    floor: ContextRow
    ceiling: ContextRow
    per_call_window: float
    per_call: dict[str, list[float]]  # PER_CALL_LINES -> mean tokens of each call


def window_sweep_runs(windows: tuple[float, ...], runs: int) -> int:
    """The runs :func:`window_sweep` makes (for a progress bar)."""
    return (len(windows) * len(COMPACTIONS) + 2 + len(PER_CALL_LINES)) * runs


def window_sweep(
    site: Site,
    base: RunConfig,
    windows: tuple[float, ...] = SWEEP_WINDOWS,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    per_call_window: float = 12_000,
    done: Callable[[int], None] | None = None,
) -> WindowSweep:
    seeds = range(seed0, seed0 + runs)
    cells = {}
    for window in windows:
        for mode in COMPACTIONS:
            config = base.with_(strategy="session", context=window, compaction=mode)
            cells[window, mode] = mean_row(site, config, seeds, done)
    off = base.with_(context=None, compaction=TRUNCATE)
    floor = mean_row(site, off.with_(strategy="random"), seeds, done)
    ceiling = mean_row(site, off.with_(strategy="frontier", capacity=None), seeds, done)
    per_call = {
        line: tokens_per_call(site, per_call_config(line, per_call_window, base), seeds, done)
        for line in PER_CALL_LINES
    }
    return WindowSweep(
        base, seeds, tuple(windows), COMPACTIONS, cells, floor, ceiling, per_call_window, per_call
    )
