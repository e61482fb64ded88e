"""Many runs advanced together with numpy: the batch engine behind every table and sweep.

Why two implementations of a run
--------------------------------
:class:`memviz.core.engine.Exploration` is the reference and defines the rules: one run, one step
at a time, a :class:`~memviz.core.engine.StepEvent` per step for the window to draw. It is plain
Python and a step costs a few microseconds, as in the chapter's own script; the chapter's whole
table is about 290,000 steps, so no tuning of that loop makes the report several times faster than
the script. This module computes the same results (:class:`~memviz.core.engine.RunResult`) for a whole
batch of runs at once: state is held in arrays with one entry per run, and one pass of the loop
advances every unfinished run by one step, so the interpreter's cost of a step is paid once per
batch instead of once per run. :class:`~memviz.core.experiments.Runner` (every batch, sweep, cost
table and the report) uses this module; the window's step-by-step view uses ``Exploration``.

It is possible because mulberry32 is counter-based (draw ``k`` of a seed mixes only
``seed + k·0x6D2B79F5``): each run keeps its own draw counter, and the draws of every run for many
steps are mixed in one numpy call (:func:`memviz.core.rng.mulberry32_rows`,
:func:`~memviz.core.rng.mulberry32_words`), bit for bit the scalar generator's. Everything else a
result depends on is integer bookkeeping (pages seen, bugs found, memory as membership plus an
order stamp: FIFO when written, LRU when last used; random eviction takes the k-th member in
writing order, as :meth:`Memory.write` does with ``list(entries)``); float work is limited to
``floor(draw · n)`` and the final divisions, with the same IEEE operations as the scalar engine.

How the two are held equal
--------------------------
``tests/core/test_lockstep.py`` runs random sites (1–30 pages, dead ends, empty nav, no bugs, a bug
on the start page) under random configs through both engines and asserts that every field of
every result is equal; it checks each special path (interval codes, random eviction, the tables
left out for huge sites) and the chapter's golden figures through ``Runner``. A change to the
rules of a run must be made in both places: the property test fails until it is.

Which runs it takes
-------------------
A strategy is batched when it carries one of :data:`STRATEGY_KERNELS`, and a memory run's eviction
policy when it carries a :class:`~memviz.core.policies.PolicyKernel`; each declares the rule it
implements, and a strategy or policy whose kernel implements another rule is refused when registered
(``tests/core/test_kernels.py`` checks every registered kernel against the scalar engine).
:func:`supports` says so per config; :func:`run_batch` sends every other config to the scalar
engine, so a policy registered without a kernel is right everywhere, only slower in batches.

Two engines
-----------
- :func:`run_random_batch`, for the no-memory strategy: a run draws exactly once per step, so a
  block of steps' draws is mixed up front and each draw reduced to an interval code, exactly (see
  :class:`_RandomWalkSite`); a step of the whole batch is then one table look-up,
  ``NEXT[code, page]``. Stops (all bugs found, step limit, dead end) are read off each block.
- :func:`run_memory_batch`, for ``visited`` and ``frontier``: a run draws once per fresh or fallback
  pick and once per random eviction, so each run advances its own counter. Frontier's plan through
  memory draws nothing; it is computed for the runs that need it in a step, all at once (see
  :meth:`_MemoryBatch._plan_first_hops`). In a batch with runs whose memory never fills, each run
  keeps per page the count of the page's links missing from its memory (updated as pages enter and
  leave it), and a search stops at the first level holding a page whose count is above zero: one
  level before the page it will reach, the widest. When only a few runs are left, the scalar
  engine finishes them from scratch: a step of a batch of a few costs as much as a step of a batch
  of thousands.

Which engine runs a group
-------------------------
A lock-step step costs tens of microseconds however few runs it advances, so for few runs the
scalar engine is faster. :func:`run_batch` asks :func:`~memviz.core.lockstep.common.lockstep_pays`,
a cost model per kernel (setup per run and per batch, cost per step of a run and of a batch, fitted
to measurements; see ``common.py``), whether a group of memory runs is cheaper in lock-step; for
no-memory runs, the group's size against ``scalar_tail``. A memory batch holds at most
:data:`~memviz.core.lockstep.common.MEMORY_BATCH_CELLS` run × page cells (about 100 MB), so a
batch on a 10,000-page site advances 800 runs at a time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter

from memviz.core.engine import RunConfig, RunResult
from memviz.core.lockstep.common import (
    MEMORY_BATCH_CELLS,
    POLL_EVERY,
    SCALAR_MAX_STEPS,
    SCALAR_TAIL,
    Poll,
    _run_scalar,
    lockstep_pays,
    supports,
)
from memviz.core.lockstep.memory_walk import run_memory_batch
from memviz.core.lockstep.random_walk import _floor_breaks, _RandomWalkSite, run_random_batch
from memviz.core.site import Site
from memviz.core.strategies import RANDOM_WALK, STRATEGIES, STRATEGY_KERNELS, StrategyKernel

__all__ = [
    "MEMORY_BATCH_CELLS",
    "POLL_EVERY",
    "SCALAR_MAX_STEPS",
    "SCALAR_TAIL",
    "STRATEGY_KERNELS",
    "Poll",
    "_RandomWalkSite",
    "_floor_breaks",
    "lockstep_pays",
    "run_batch",
    "run_memory_batch",
    "run_random_batch",
    "supports",
]


# the settings that decide which engine runs a config (what supports() reads; the strategy first)
_ROUTE = attrgetter("strategy", "policy", "bug_list", "ignore", "skip_write", "read_top", "context", "start")


def run_batch(
    site: Site, configs: Sequence[RunConfig], poll: Poll | None = None, scalar_tail: int = SCALAR_TAIL
) -> list[RunResult]:
    """The result of every config, in order, equal to ``memviz.core.engine.run(site, config)``.

    Configs the lock-step engine does not :func:`support <supports>` run in the scalar engine.
    ``poll(finished)`` is called every few steps with the number of runs finished since its last
    call (it may raise to cancel). Memory runs hand their last ``scalar_tail`` runs to the scalar
    engine, and groups that small run there from the start, unless a run may take more than
    :data:`SCALAR_MAX_STEPS` steps; ``scalar_tail=0`` keeps every run in the lock-step arrays.
    """
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the router, each branch sending a kind
    # of config to the engine that runs it (unsupported, too few runs, the random or the memory walk).
    results: list[RunResult | None] = [None] * len(configs)
    groups: dict[str, list[int]] = {"scalar": [], "random": [], "memory": []}
    # every setting supports() reads, per config in C: a report routes ~5,000 configs (issue 41)
    routes = list(map(_ROUTE, configs))
    engine_of: dict[tuple, str] = {}  # asked once per kind of config
    for route, config in dict(zip(routes, configs, strict=True)).items():
        if not supports(config, site.n_pages):
            engine_of[route] = "scalar"
        else:
            engine_of[route] = "random" if STRATEGIES.get(config.strategy).kernel is RANDOM_WALK else "memory"
    if len(engine_of) == 1:  # one kind of config (a family of seeds): no indices to sort out
        groups[engine_of[routes[0]]] = list(range(len(configs)))
    else:
        for i, route in enumerate(routes):
            groups[engine_of[route]].append(i)
    for engine, indices in groups.items():
        if not indices:
            continue
        group = list(configs) if len(indices) == len(configs) else [configs[i] for i in indices]
        longest = max(c.max_steps if c.until_all_bugs else c.budget for c in group)  # their step limits
        if engine == "memory" and scalar_tail and longest <= SCALAR_MAX_STEPS:
            # the cheaper engine for this group, by the cost model of each kernel's runs
            by_kernel: dict[StrategyKernel, int] = {}
            kinds = routes if len(indices) == len(routes) else [routes[i] for i in indices]
            for route, runs in Counter(kinds).items():
                kernel = STRATEGIES.get(route[0]).kernel
                by_kernel[kernel] = by_kernel.get(kernel, 0) + runs
            if not any(lockstep_pays(kernel, runs, longest) for kernel, runs in by_kernel.items()):
                engine = "scalar"
        if engine == "scalar" or (len(group) <= scalar_tail and longest <= SCALAR_MAX_STEPS):
            batch = _run_scalar(site, group, poll)
        elif engine == "random":
            batch = run_random_batch(site, group, poll)
        else:  # memory: at most MEMORY_BATCH_CELLS run × page cells of state at a time
            size = max(1, MEMORY_BATCH_CELLS // (site.n_pages + 1))
            chunks = -(-len(group) // size)
            size = -(-len(group) // chunks)  # even chunks
            batch = []
            for start in range(0, len(group), size):
                batch.extend(run_memory_batch(site, group[start : start + size], poll, scalar_tail))
        if len(indices) == len(configs):
            return batch
        for i, result in zip(indices, batch, strict=True):
            results[i] = result
    return results  # type: ignore[return-value]
