"""What both batch engines share: constants, per-run totals, paths, seeds and per-site tables."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

import numpy as np

from memviz.core.engine import RunConfig, RunResult, run
from memviz.core.lockstep.reading import READ_MAX_PAGES
from memviz.core.policies import NOT_IN_MEMORY, POLICIES
from memviz.core.rng import _GOLDEN_STEP, _MASK
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES, StrategyKernel

Poll = Callable[[int], None]  # called now and then with how many runs finished since the last call

POLL_EVERY = 4  # steps between polls: even a 5000-run batch of 30-step runs sees cancel within ~0.1 s
RANDOM_BLOCK = 128  # steps mixed at once for no-memory runs that go on until every bug is found
_NEXT_TABLE_LIMIT = 1 << 21  # entries; beyond it (huge sites) no-memory runs index links per step
_BIG = NOT_IN_MEMORY  # also "not in memory" in the stamps policies' kernels read
SCALAR_TAIL = 16  # memory runs: when this few are left, the scalar engine finishes them sooner
SCALAR_MAX_STEPS = 20_000  # ...if none may go on longer (a scalar run cannot be cancelled midway)
# Memory runs: a batch's per-run arrays (stamps, memory, pages seen, the planner's scratch) take
# about 12 bytes per run and page; a batch holds at most this many run × page cells (~100 MB).
MEMORY_BATCH_CELLS = 8_000_000

# The router's cost model for memory runs, microseconds, fitted to medians on the 2-core development
# machine (benchmarks/bench_big.py measures both engines; generated random sites of 24..2,000 pages):
# the scalar engine costs RUN_SETUP per run and SCALAR_STEP per step of a run; the lock-step engine
# LOCKSTEP_SETUP per batch, LOCKSTEP_STEP per step of the whole batch and LOCKSTEP_RUN_STEP per step
# of each run in it. Per kernel ("fresh_or_any": visited, "fresh_or_plan": frontier, whose plans
# cost about the same per step in both engines, and whose per-batch step is dearer).
RUN_SETUP = 60.0
LOCKSTEP_SETUP = 400.0
STEP_COSTS = {  # kernel: (SCALAR_STEP, LOCKSTEP_STEP, LOCKSTEP_RUN_STEP)
    "fresh_or_any": (1.15, 25.0, 0.3),
    "fresh_or_plan": (3.5, 48.0, 2.4),
}


def lockstep_pays(kernel: StrategyKernel, runs: int, steps: int) -> bool:
    """Whether ``runs`` memory runs of up to ``steps`` steps cost less as one lock-step batch than
    one after the other in the scalar engine, by the cost model above. Runs of both kernels break
    even at 20–50 runs: a lock-step step costs tens of microseconds however few runs it advances."""
    scalar_step, batch_step, run_step = STEP_COSTS.get(kernel.name, STEP_COSTS["fresh_or_plan"])
    scalar = runs * (RUN_SETUP + steps * scalar_step)
    lockstep = LOCKSTEP_SETUP + steps * (batch_step + runs * run_step)
    return lockstep < scalar


class _Finals:
    """Per-run totals, filled in as runs stop, turned into RunResults at the end."""

    def __init__(self, count: int) -> None:
        self.steps = np.zeros(count, dtype=np.int64)
        self.pages_seen = np.zeros(count, dtype=np.int64)
        self.bugs = np.zeros(count, dtype=np.int64)
        self.reports = np.zeros(count, dtype=np.int64)
        self.tokens = np.zeros(count, dtype=np.int64)
        self.reason: list[str] = [""] * count
        self.bug_tokens: list[list[int]] = [[] for _ in range(count)]  # at each bug's first report

    def results(self, n_pages: int, paths: list[list[int]]) -> list[RunResult]:
        make = RunResult  # a named tuple: thousands made at the cost of tuples
        return [
            make(seen / n_pages, (steps - (seen - 1)) / max(steps, 1), bugs, reports, reports - bugs,
                 tokens, steps, path, reason, bug_tokens)  # every step goes to a new page or is a repeat
            for steps, seen, bugs, reports, tokens, reason, path, bug_tokens in zip(
                self.steps.tolist(), self.pages_seen.tolist(), self.bugs.tolist(), self.reports.tolist(),
                self.tokens.tolist(), self.reason, paths, self.bug_tokens, strict=True,
            )
        ]  # fmt: skip


class _Paths:
    """Pages visited, one row per step (time-major, so a step writes one row), grown as needed."""

    def __init__(self, count: int, start: int, rows: int) -> None:
        rows = max(1, min(rows, max(64, (1 << 22) // max(count, 1))))  # empty pages cost nothing
        self.buf = np.empty((rows + 1, count), dtype=np.int32)
        self.buf[0] = start

    def ensure(self, last_row: int) -> None:
        if last_row >= len(self.buf):
            grown = np.empty((max(last_row + 1, 2 * len(self.buf)), self.buf.shape[1]), dtype=np.int32)
            grown[: len(self.buf)] = self.buf
            self.buf = grown

    def lists(self, steps: np.ndarray) -> list[list[int]]:
        """Each run's path (its start page and every page it moved to) as a list."""
        if not len(steps):
            return []
        longest = int(steps.max())
        by_run = np.ascontiguousarray(self.buf[: longest + 1].T)
        if 4 * int(steps.mean()) < 3 * longest:  # mostly short rows: convert only what each run walked
            return [row[: s + 1].tolist() for row, s in zip(by_run, steps.tolist(), strict=True)]
        paths = by_run.tolist()
        for i in np.flatnonzero(steps < longest).tolist():
            del paths[i][int(steps[i]) + 1 :]
        return paths


def _stop_reason(until: bool) -> str:
    return "max_steps" if until else "budget"


def _seed_states(configs: Sequence[RunConfig]) -> np.ndarray:
    return np.array([c.seed for c in configs], dtype=np.uint64) & np.uint64(_MASK)


def config_kinds(configs: Sequence[RunConfig], kind_of: Callable) -> tuple[list[RunConfig], np.ndarray]:
    """A config of each kind (configs alike in ``kind_of(config)``, e.g. all but the seed) and each
    config's kind, by number: settings a batch reads per run are worked out once per kind."""
    kinds = list(map(kind_of, configs))
    one_of_each = dict(zip(kinds, configs, strict=True))
    number = {kind: i for i, kind in enumerate(one_of_each)}
    return list(one_of_each.values()), np.array([number[kind] for kind in kinds], dtype=np.int64)


def per_run(kinds: np.ndarray, values: list, dtype=None) -> np.ndarray:
    """A value per kind of config (``values``), as a row of one per run (``kinds``: each run's kind)."""
    return np.array(values, dtype=dtype).take(kinds)


def _advance(states: np.ndarray, draws: int) -> np.ndarray:
    """The counter of each state after ``draws`` more draws."""
    return (states + np.uint64(draws * _GOLDEN_STEP & _MASK)) & np.uint64(_MASK)


_TABLES: dict[tuple[int, type], tuple[Site, object]] = {}
_TABLES_KEPT = 8
_TABLES_LOCK = threading.Lock()


def _site_tables(site: Site, kind: type):
    """``kind(site)``, kept for the last few sites: a report runs many batches on one site.

    The cache holds the site itself, so its id cannot be reused by another site while cached.
    """
    key = (id(site), kind)
    with _TABLES_LOCK:  # the window may run two jobs at once, in two threads
        kept = _TABLES.get(key)
        if kept is None:
            if len(_TABLES) >= _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]
            kept = _TABLES[key] = (site, kind(site))
    return kept[1]


# A strategy's ``kernel`` (memviz.core.strategies.STRATEGY_KERNELS) is its lock-step implementation:
# which batch engine runs it (RANDOM_WALK: the no-memory one) and how it picks when every link is
# remembered. Strategies and policies are checked against their kernels when registered.


def supports(config: RunConfig, n_pages: int | None = None) -> bool:
    """Whether the lock-step engine runs ``config`` on a site of ``n_pages`` pages (its strategy and,
    with memory, its eviction policy have batch kernels). An unknown name raises ConfigError. A bug
    list switched against the strategy's own (``--no-bug-list``, or a bug list without memory) runs
    in the scalar engine, and so does a model that misuses its memory (``--ignore``,
    ``--skip-write``), a run started on a page of its own (``config.start``: a task of an
    evaluation) and a run with a session context (``config.context``). Retrieval read
    (``--read top:K``) runs in lock-step on a site of at most READ_MAX_PAGES pages (its relevance
    table is pages²); without ``n_pages`` it is not known to fit, so not taken."""
    if config.misused:  # issue 27: misuse draws from a stream of its own, per step: no kernel
        return False
    if config.context is not None:  # issue 38: the session context decides what is known, per run
        return False
    strategy = STRATEGIES.get(config.strategy)
    if config.read_top is not None and strategy.uses_memory and (n_pages is None or n_pages > READ_MAX_PAGES):
        return False
    if strategy.kernel is None or config.keeps_bug_list != strategy.uses_memory:
        return False
    if config.start is not None:
        return False
    return not strategy.uses_memory or POLICIES.get(config.policy).kernel is not None


def _run_scalar(site: Site, configs: Sequence[RunConfig], poll: Poll | None) -> list[RunResult]:
    """A few runs, one after the other, in the reference engine."""
    results = []
    for config in configs:
        results.append(run(site, config))
        if poll is not None:
            poll(1)
    return results
