"""The memory batch's per-run rows: each run's settings and counters, and its window of random draws.

A run of :class:`memviz.core.lockstep.memory_walk._MemoryBatch` is a column of two stacked arrays,
``ints`` (its page, memory size, counters, limits, ...) and ``flags`` (its policy's and strategy's
switches), each row named as an attribute (a view: updating ``self.page`` updates the stack, and
dropping finished runs is one cut of each stack). Settings are worked out once per kind of config
(configs alike in all but the seed), not once per run.

Each run draws from its own mulberry32 counter (``ctr``: draws taken). The batch holds a window of
every run's next draws, mixed in one call from each run's counter (``drawn``: the counter the
window starts at), and mixes the next window when a run may reach its end.
"""

from __future__ import annotations

from operator import attrgetter

import numpy as np

from memviz.core.engine import RunConfig
from memviz.core.lockstep.common import (
    _BIG,
    _Finals,
    _Paths,
    _seed_states,
    _site_tables,
    _stop_reason,
    config_kinds,
    per_run,
)
from memviz.core.lockstep.reading import ReadingSite
from memviz.core.lockstep.twins import pair_twins
from memviz.core.policies import POLICIES, PolicyKernel
from memviz.core.rng import _GOLDEN_STEP, _MASK, mulberry32_rows
from memviz.core.strategies import FRESH_OR_ANY, FRESH_OR_PLAN, STRATEGIES

# the settings a run's rows are made from (its seed apart): configs alike in these are one kind
_KIND = attrgetter("strategy", "policy", "capacity", "ttl", "read_top", "until_all_bugs", "max_steps", "budget",
                   "base_tokens", "entry_tokens")  # fmt: skip


class RunRows:
    """What :class:`memviz.core.lockstep.memory_walk._MemoryBatch` keeps per run (see the module)."""

    # rows of ``ints``, the per-run integers, and of ``flags``, the per-run booleans
    _INTS = (
        "page", "size", "size_sum", "pages_seen", "bugs", "ctr", "limit", "target", "capacity", "kernel", "ttl",
        "drawn", "read_k", "settle_at", "settle_gap",
    )  # fmt: skip
    _FLAGS = ("touch", "visited_only", "start_bug_pending", "expires", "reads", "may_settle")

    def _bind(self, first: bool = False) -> None:
        """Name the rows of the stacked per-run arrays (views: updating one updates the stack)."""
        for i, name in enumerate(self._INTS):
            setattr(self, name, self.ints[i])
        for i, name in enumerate(self._FLAGS):
            setattr(self, name, self.flags[i])
        r = len(self.ids)
        if first:  # row offsets for the batch's largest size; later sizes use their prefixes
            self._all_rows = np.arange(self.max_rows)  # twins parting add rows (see twins.py)
            self._all_memory_rows = self._all_rows * self.n1
            # the batch's lowest step limit, a bound that holds as runs finish (parted twins copy
            # theirs): before it, a step that finds no bug ends no run (_finish_the_done)
            self.min_limit = int(self.limit.min()) if len(self.limit) else 0
            self.any_touch = bool(self.touch.any())
            # no entry ever touched, evicted or expired: every run's slots stay in eviction order
            self.slots_in_order = not (self.any_touch or self.expires.any() or (self.capacity < self.n).any())
            self.any_expires = bool(self.expires.any())
            self.any_reads = bool(self.reads.any())
            # whether any run keeps its memory in slots: one that may fill, whose entries expire, or
            # that reads by retrieval
            self.any_full_possible = (
                bool((self.capacity < self.n).any()) or self.any_expires or self.any_reads
            )
        self.rows = self._all_rows[:r]
        self.memory_rows = self._all_memory_rows[:r]
        self.count_rows = self.rows << self.page_bits  # where each run's row of missing_links starts
        self.draw_rows = self.rows * self.draws.shape[1]
        self.link_rows = self.rows * self.width  # where each run's links start in a step's (r, width) block
        self._slot_rows = self.rows * self.slots
        self._slot_owner = self.rows.repeat(self.slots)  # the run of each slot, slots counted over all runs
        self.widest_memory = min(int(np.maximum.reduce(self.capacity, initial=0)), self.slots)
        # the batch holds every run in the order of the configs (no run finished or riding as a twin)
        count = len(self.finals.steps)
        self.ids_in_order = r == count and bool(np.array_equal(self.ids, np.arange(count)))

    def _start(self, count: int) -> np.ndarray:
        """Every run's results to come, its path, its tokens' rates; a run of no steps is over
        already. Returns every run's step limit."""
        site, configs = self.site, self.configs
        finals = self.finals = _Finals(count)
        # The settings the rows read, worked out once per kind of config, not once per run: a
        # report's sweep is 4,200 runs of 21 kinds (issue 41).
        self.kind_configs, self.kind = config_kinds(configs, _KIND)
        limits = per_run(self.kind, [c.step_limit for c in self.kind_configs], np.int64)
        self.base = per_run(self.kind, [c.base_tokens for c in self.kind_configs], np.int64)
        self.entry = per_run(self.kind, [c.entry_tokens for c in self.kind_configs], np.int64)
        self.paths = _Paths(count, site.start, int(limits.max()))
        for i in np.flatnonzero(limits <= 0).tolist():
            finals.reason[i] = _stop_reason(configs[i].until_all_bugs)
            finals.pages_seen[i] = 1
        return limits

    def _set_up_runs(self, limits: np.ndarray) -> None:
        """The runs that take steps: their random draws, and a row per setting of their configs."""
        stepping = np.flatnonzero(limits > 0)
        strategy_kernels = {STRATEGIES.get(c.strategy).kernel for c in self.kind_configs}
        if FRESH_OR_ANY in strategy_kernels and FRESH_OR_PLAN in strategy_kernels:
            ids, self.twin = pair_twins(self.configs, stepping)  # a twin rides on its visited run's row
        else:  # no visited run and frontier run to pair
            ids, self.twin = stepping, np.full(len(stepping), -1, dtype=np.int64)
        self.ids, self.max_rows = ids, len(stepping)
        self.any_twins = bool((self.twin >= 0).any())
        self.ints = np.zeros((len(self._INTS), len(ids)), dtype=np.int64)
        self.flags = np.zeros((len(self._FLAGS), len(ids)), dtype=bool)
        kinds = self.kind.take(ids)  # each row's kind of config
        # sorted(set()), not np.unique: numpy 2 imports numpy.ma for it (~10 ms of a report, issue 41)
        stepping_kinds = [self.kind_configs[k] for k in sorted(set(kinds.tolist()))]
        # The policies' kernels, each once; a run's ``kernel`` row indexes this list.
        kernel_of = {p: POLICIES.get(p).kernel for p in {c.policy for c in stepping_kinds}}
        self.kernels: list[PolicyKernel] = list(dict.fromkeys(kernel_of.values()))
        self._set_up_draws(ids, stepping_kinds, kernel_of, limits)
        self._bind(first=True)
        self._config_rows(kinds, kernel_of, limits[ids])

    def _set_up_draws(
        self, ids: np.ndarray, kinds: list[RunConfig], kernel_of: dict[str, PolicyKernel], limits: np.ndarray
    ) -> None:
        """Each run's seed and the first window of its random draws."""
        self.seeds = _seed_states([self.configs[i] for i in ids.tolist()])
        # Enough draws for most runs' budgets (a pick per step, and the draws of an eviction per
        # step); more are mixed when a run needs them.
        self.max_draws = 1 + max(
            (kernel_of[c.policy].draws_per_eviction for c in kinds if c.capacity is not None), default=0
        )
        # A window of each run's next draws (column c: its draw ``drawn + c + 1``), mixed anew from
        # every run's counter when one of them reaches its end: a few hundred kB that stay in cache,
        # where a run's every draw at once was tens of MB on a big site.
        self.window = self.max_draws * int(min(limits.max(), 128)) + 2
        self.draws = mulberry32_rows(self.seeds, self.window)

    def _config_rows(self, kinds: np.ndarray, kernel_of: dict[str, PolicyKernel], limits: np.ndarray) -> None:
        """The per-run rows: where each starts, its limits, its memory's rule, how it reads (``kinds``:
        each row's kind of config, whose settings are worked out once)."""
        # size rule: one row a line; the count of 18 is the lines' own ``x if c else y``, not branches
        site, n, n1 = self.site, self.n, self.n1
        kernel_index = {p: self.kernels.index(k) for p, k in kernel_of.items()}
        configs = self.kind_configs
        kernels = [kernel_of.get(c.policy) or POLICIES.get(c.policy).kernel for c in configs]
        strategies = [STRATEGIES.get(c.strategy).kernel for c in configs]
        self.page[:], self.size[:], self.pages_seen[:] = site.start, 1, 1
        self.limit[:] = limits
        # bugs to find before an until-all-bugs run stops; -1: never (a plain budget run)
        self.target[:] = per_run(kinds, [site.n_bugs if c.until_all_bugs else -1 for c in configs])
        self.capacity[:] = per_run(kinds, [c.capacity if c.capacity is not None else _BIG for c in configs])
        self.kernel[:] = per_run(kinds, [kernel_index.get(c.policy, -1) for c in configs])
        self.touch[:] = per_run(kinds, [k.touches_on_revisit for k in kernels])
        self.expires[:] = per_run(kinds, [k.expires_after_ttl for k in kernels])
        self.ttl[:] = per_run(kinds, [c.time_to_live for c in configs])
        self.visited_only[:] = per_run(kinds, [k is FRESH_OR_ANY for k in strategies])
        # --read top:K (issue 27): a run's call carries only the K entries retrieval ranks best
        self.reads[:] = per_run(kinds, [c.read_top is not None for c in configs])
        self.read_k[:] = per_run(kinds, [c.read_top or 0 for c in configs])
        self.reading = _site_tables(site, ReadingSite) if self.reads.any() else None
        self.believed = None  # this step's memory as the reading runs' choices see it (see _inject)
        self.start_bug_pending[:] = self.start_is_bug
        self._set_up_settling()
        self.unknown = np.ones((len(kinds), n1), dtype=bool)
        self.unknown[:, n] = False
        self.unknown[:, site.start] = False

    def _steps_of_draws_left(self) -> int:
        """Steps every run can take before it may reach the end of its window of draws (a step takes
        at most ``max_draws`` of a run's draws); the next window is mixed when that is none."""
        left = self.window - int(np.maximum.reduce(self.ctr - self.drawn, initial=0))
        if left < self.max_draws:
            self._next_draws()
            left = self.window
        return left // self.max_draws

    def _draw_all(self) -> np.ndarray:
        """The next draw of every run (their counters move on)."""
        at = self.ctr - self.drawn
        at += self.draw_rows
        self.ctr += 1
        return self.draws.ravel().take(at)

    def _next_draws(self) -> None:
        """Every run's next window of draws, from its counter on."""
        self.drawn[:] = self.ctr
        counters = (self.ctr.astype(np.uint64) * np.uint64(_GOLDEN_STEP)) & np.uint64(_MASK)
        self.draws = mulberry32_rows((self.seeds + counters) & np.uint64(_MASK), self.window)

    def _draw(self, rows: np.ndarray) -> np.ndarray:
        """The next draw of each of these runs (their counters move on)."""
        u = self.draws.ravel().take(self.draw_rows[rows] + (self.ctr[rows] - self.drawn[rows]))
        self.ctr[rows] += 1
        return u
