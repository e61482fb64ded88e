"""Many runs at once: a config against the no-memory baseline, the cost of finding every bug, and
a sweep over memory capacity and eviction policy. Every figure memviz shows or prints comes from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from operator import attrgetter

from memviz.core.engine import RunConfig, RunResult
from memviz.core.limits import check
from memviz.core.policies import POLICIES
from memviz.core.rng import SEED_MAX
from memviz.core.site import Site
from memviz.core.stats import MeanCI, bootstrap_intervals, fmean, mean_ci, unpaired_half_width
from memviz.core.strategies import baseline_strategy

METRICS = ("coverage", "repeat", "bugs", "reports", "dups", "tokens", "steps")
DEFAULT_RUNS = 200
DEFAULT_SEED0 = 1000
DEFAULT_BOOTSTRAP = 10000
DEFAULT_CAPACITIES = (4, 6, 8, 10, 12, 16, 20, 24)  # the chapter's sweep

Progress = Callable[[int, int], None]  # (runs done, runs in all)


class Cancelled(Exception):  # noqa: N818 (a signal, not an error)
    """Raised inside a long computation when its ``cancelled`` callback says stop."""


def seed_range(seed0: int, runs: int) -> range:
    check("runs", runs, ValueError)  # 1..50,000 (memviz.core.limits): a batch's memory grows with it
    if seed0 < 0 or seed0 + runs - 1 > SEED_MAX:
        raise ValueError(f"seed0: seeds {seed0}..{seed0 + runs - 1} fall outside 0..{SEED_MAX}")
    return range(seed0, seed0 + runs)


# A config's fields but its seed: the key of its family of runs (a Runner keeps runs by family, then by
# seed, so that a look-up hashes an int, not a tuple of every field: a report looks up ~20,000 runs)
_family_key = attrgetter(*(f for f in RunConfig.FIELDS if f != "seed"))
_NONE: dict = {}  # the runs kept of a family never made
LOCKSTEP_CHUNK = 5000  # runs advanced together: numpy pays its per-call cost once for all of them


class Runner:
    """Runs lists of configs, reporting progress and obeying cancel.

    Runs are computed in lock-step batches (:mod:`memviz.core.lockstep`), equal to the scalar engine
    run for run; a batch reports progress as its runs finish and checks ``cancelled`` every few
    steps, so cancel is seen within milliseconds whatever the batch's size. A batch holds up to
    ``max(chunk_size, LOCKSTEP_CHUNK)`` runs. Results always come back in the order of the configs.

    Batches are computed in this process. Worker processes paid off for the scalar engine; for
    lock-step batches they do not, because results must be pickled back: unpickling 12,000 results
    takes about half as long as computing them, and on a busy two-core machine two workers made a
    24,000-run sweep twice as slow. A streamed batch (:mod:`memviz.core.streaming`) sends back sums,
    not results, and uses every core through this Runner's progress and cancel.
    """

    def __init__(
        self,
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
        chunk_size: int = 100,
        cache_limit: int | None = None,
    ) -> None:
        self.progress = progress
        self.cancelled = cancelled
        self.chunk_size = max(chunk_size, LOCKSTEP_CHUNK)
        self.done = 0
        self.total = 0
        # Runs already made, by (site, effective config): a report asks for the same baseline and
        # the same sweep cells more than once, and a run is fully decided by its config. Sites are
        # kept alive while cached, so an id is never reused for another site. ``cache_limit``: the
        # most runs kept (None: all); past it, runs are made and handed back but not kept, so the
        # figures are the same and only a repeat costs more. A kept run is about 1.6 KB: the
        # window's largest sweep (2.4 million runs) would otherwise keep some 3.8 GB.
        self.cache_limit = cache_limit
        self._cache: dict[int, dict[tuple, dict[int, RunResult]]] = {}  # site, family, seed
        self._cached = 0
        self._sites: dict[int, Site] = {}

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc) -> None:
        pass

    def plan(self, runs: int) -> None:
        """Announce how many runs are coming, so progress can be shown as a fraction of all."""
        self.total += runs

    def count(self, runs: int) -> None:
        """Count ``runs`` made outside :meth:`run_all` (e.g. stepped again for their events): progress
        is shown and a cancel obeyed, as for runs of a batch."""
        self._tick(runs)

    def _tick(self, n: int) -> None:
        self.done += n
        if self.progress is not None and n:
            self.progress(self.done, max(self.total, self.done))
        if self.cancelled is not None and self.cancelled():
            raise Cancelled

    def run_all(self, site: Site, configs: Sequence[RunConfig]) -> list[RunResult]:
        # A config's simplest form does not depend on its seed: worked out once per family of
        # configs that differ only in seed (a batch's seeds are one).
        simplest: dict[tuple, tuple[tuple, RunConfig]] = {}
        asked = []
        for config in configs:
            family = simplest.get(_family_key(config))
            if family is None:
                plain = config.effective(site.n_pages)
                family = simplest[_family_key(config)] = (_family_key(plain), plain)
            asked.append((*family, (config.seed,)))
        return self._runs(site, asked)

    def run_seeded(self, site: Site, families: Sequence[tuple[RunConfig, Sequence[int]]]) -> list[RunResult]:
        """``run_all(site, [c.with_(seed=s) for c, seeds in families for s in seeds])``, without a
        config made for a run already made, nor each config's simplest form worked out again: a
        report asks for ~6,000 runs in families of 200 seeds, most of them made before (issue 41)."""
        asked = []
        for config, seeds in families:
            plain = config.effective(site.n_pages)
            asked.append((_family_key(plain), plain, seeds))
        return self._runs(site, asked)

    def _cache_of(self, site: Site) -> dict[tuple, dict[int, RunResult]]:
        if id(site) not in self._cache:
            self._sites[id(site)] = site
            self._cache[id(site)] = {}
        return self._cache[id(site)]

    def _runs(self, site: Site, asked: list[tuple[tuple, RunConfig, Sequence[int]]]) -> list[RunResult]:
        """The runs of each ``(family key, simplest config, seeds)`` asked, in order: those not kept
        made in one batch (and kept, room allowing), the others from the cache."""
        cache = self._cache_of(site)
        todo: dict[tuple, tuple[RunConfig, dict[int, None]]] = {}  # family: its config, seeds to make
        wanted = 0
        for key, plain, seeds in asked:
            wanted += len(seeds)
            kept = cache.get(key, _NONE)
            new = [seed for seed in seeds if seed not in kept]
            if new:
                todo.setdefault(key, (plain, {}))[1].update(dict.fromkeys(new))
        configs = [config for plain, seeds in todo.values() for config in plain.with_seeds(list(seeds))]
        self.done += wanted - len(configs)
        results, at = self._run_uncached(site, configs), 0
        made: dict[tuple, dict[int, RunResult]] = {}
        for key, (_, seeds) in todo.items():
            made[key], at = dict(zip(seeds, results[at : at + len(seeds)], strict=True)), at + len(seeds)
        room = len(configs) if self.cache_limit is None else max(0, self.cache_limit - self._cached)
        self._cached += min(room, len(configs))
        for key, runs in made.items():
            if room <= 0:
                break
            kept = cache.setdefault(key, {})
            if len(runs) <= room:
                kept.update(runs)
            else:
                kept.update(dict(list(runs.items())[:room]))
            room -= len(runs)
        out: list[RunResult] = []
        for key, _, seeds in asked:
            kept, new = cache.get(key, _NONE), made.get(key, _NONE)
            out += [kept[seed] if seed in kept else new[seed] for seed in seeds]
        return out

    def _run_uncached(self, site: Site, configs: Sequence[RunConfig]) -> list[RunResult]:
        if self.cancelled is not None and self.cancelled():
            raise Cancelled
        if not configs:
            return []
        # imported here: the batch engine is numpy, and a command that only asks (memviz --help,
        # the window's first view) reads this module's names without running a batch
        from memviz.core.lockstep import run_batch

        chunks = -(-len(configs) // self.chunk_size)
        size = -(-len(configs) // chunks)  # even chunks: a small last one would cost as much per step
        results: list[RunResult] = []
        for i in range(0, len(configs), size):
            results.extend(run_batch(site, configs[i : i + size], poll=self._tick))
        return results


def means(results: Iterable[RunResult]) -> dict[str, float]:
    results = list(results)
    return {key: fmean([getattr(r, key) for r in results]) for key in METRICS}


@dataclass(frozen=True)
class PairedDiff:
    """Mean of a − b over paired runs, with the chapter's intervals."""

    n: int
    mean: float
    lo: float
    hi: float
    wins: int  # pairs where a > b
    paired_half: float
    unpaired_half: float
    boot_lo: float
    boot_hi: float

    def to_dict(self) -> dict:
        return asdict(self)


def paired_difference(
    a: Sequence[float], b: Sequence[float], bootstrap: int = DEFAULT_BOOTSTRAP, bootstrap_seed: int = 0
) -> PairedDiff:
    return paired_differences([(a, b)], bootstrap, bootstrap_seed)[0]


def paired_differences(
    pairs: Sequence[tuple[Sequence[float], Sequence[float]]],
    bootstrap: int = DEFAULT_BOOTSTRAP,
    bootstrap_seed: int = 0,
) -> list[PairedDiff]:
    """:func:`paired_difference` of each ``(a, b)``, their bootstrap intervals taken together (pairs
    of one length resample the same indices: :func:`~memviz.core.stats.bootstrap_intervals`)."""
    for a, b in pairs:
        if len(a) != len(b):
            raise ValueError("paired samples must have the same length")
    diffs = [[x - y for x, y in zip(a, b, strict=True)] for a, b in pairs]
    cis = [mean_ci(d) for d in diffs]
    if bootstrap > 0:
        boots = bootstrap_intervals(diffs, bootstrap, bootstrap_seed)
    else:
        boots = [(ci.lo, ci.hi) for ci in cis]
    return [
        PairedDiff(
            n=len(d),
            mean=ci.mean,
            lo=ci.lo,
            hi=ci.hi,
            wins=sum(x > 0 for x in d),
            paired_half=ci.half,
            unpaired_half=unpaired_half_width(a, b) if len(a) > 1 else 0.0,
            boot_lo=boot_lo,
            boot_hi=boot_hi,
        )
        for (a, b), d, ci, (boot_lo, boot_hi) in zip(pairs, diffs, cis, boots, strict=True)
    ]


def coverages(results: Iterable[RunResult]) -> list[float]:
    return [r.coverage for r in results]


@dataclass
class Comparison:
    """A config and the no-memory baseline run on the same seeds."""

    config: RunConfig
    seeds: range
    current: list[RunResult] = field(repr=False)
    baseline: list[RunResult] = field(repr=False)
    diff: PairedDiff
    bootstrap_resamples: int = DEFAULT_BOOTSTRAP  # of diff's bootstrap interval (0: none)

    @property
    def current_means(self) -> dict[str, float]:
        return means(self.current)

    @property
    def baseline_means(self) -> dict[str, float]:
        return means(self.baseline)

    def to_dict(self) -> dict:
        return {
            "config": self.config.to_dict(),
            "seeds": {"seed0": self.seeds.start, "runs": len(self.seeds)},
            "current": means(self.current),
            "baseline": means(self.baseline),
            "diff": self.diff.to_dict(),
        }


def baseline_of(config: RunConfig) -> RunConfig:
    """The no-memory run that ``config`` is measured against: same budget and token prices."""
    return config.with_(strategy=baseline_strategy(), capacity=None, policy="fifo")


def compare_with_baseline(
    site: Site,
    config: RunConfig,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    runner: Runner | None = None,
) -> Comparison:
    return compare_with_baselines(site, [config], runs, seed0, bootstrap, runner)[0]


def compare_with_baselines(
    site: Site,
    configs: Sequence[RunConfig],
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    runner: Runner | None = None,
) -> list[Comparison]:
    """:func:`compare_with_baseline` of each config: their runs and baselines in one batch (a
    visited and a frontier run of a seed ride on one row until they part, lockstep/twins.py), their
    bootstrap intervals on indices drawn once."""
    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    runner.plan(2 * runs * len(configs))
    families = [(c, seeds) for config in configs for c in (config, baseline_of(config))]
    made = runner.run_seeded(site, families)
    current = [made[2 * i * runs : (2 * i + 1) * runs] for i in range(len(configs))]
    baseline = [made[(2 * i + 1) * runs : (2 * i + 2) * runs] for i in range(len(configs))]
    diffs = paired_differences(
        [(coverages(c), coverages(b)) for c, b in zip(current, baseline, strict=True)], bootstrap
    )
    return [
        Comparison(config, seeds, c, b, diff, max(bootstrap, 0))
        for config, c, b, diff in zip(configs, current, baseline, diffs, strict=True)
    ]


@dataclass
class CostResult:
    """Runs that go on until every bug is found (or ``max_steps`` is reached)."""

    config: RunConfig
    runs: list[RunResult] = field(repr=False)

    @property
    def steps(self) -> float:
        return fmean([r.steps for r in self.runs])

    @property
    def tokens(self) -> float:
        return fmean([r.tokens for r in self.runs])

    @property
    def all_found(self) -> int:
        return sum(r.stop_reason == "all_bugs" for r in self.runs)

    @property
    def tokens_per_bug(self) -> float | None:
        """Mean tokens spent per distinct bug found (runs that found none are left out); None when no
        run found a bug (a site with none, or none reachable): the figure has no value."""
        per_bug = [r.tokens / r.bugs for r in self.runs if r.bugs]
        return fmean(per_bug) if per_bug else None

    def summary(self) -> dict:
        return {"steps": self.steps, "tokens": self.tokens, "all_found": self.all_found,
                "tokens_per_bug": self.tokens_per_bug}  # fmt: skip


def cost_to_find_all_bugs(
    site: Site,
    config: RunConfig,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> CostResult:
    return costs_to_find_all_bugs(site, [config], runs, seed0, runner)[0]


def costs_to_find_all_bugs(
    site: Site,
    configs: Sequence[RunConfig],
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> list[CostResult]:
    """:func:`cost_to_find_all_bugs` of each config, their runs in one batch: runs that go on for
    thousands of steps (a memory read by retrieval that never finds every bug) cost the lock-step
    engine per step of the batch, so configs side by side take those steps once, not once each."""
    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    runner.plan(runs * len(configs))
    bases = [config.with_(until_all_bugs=True) for config in configs]
    results = runner.run_seeded(site, [(base, seeds) for base in bases])
    return [CostResult(base, results[i * runs : (i + 1) * runs]) for i, base in enumerate(bases)]


@dataclass
class Sweep:
    """Coverage per run for every capacity × policy, all on the same seeds."""

    config: RunConfig
    seeds: range
    capacities: tuple[int, ...]
    policies: tuple[str, ...]
    coverage: dict[tuple[int, str], list[float]] = field(repr=False)

    def ci(self, capacity: int, policy: str) -> MeanCI:
        return mean_ci(self.coverage[capacity, policy])

    def paired(
        self, capacity: int, policy_a: str, policy_b: str, bootstrap: int = DEFAULT_BOOTSTRAP
    ) -> PairedDiff:
        return paired_difference(
            self.coverage[capacity, policy_a], self.coverage[capacity, policy_b], bootstrap
        )


def capacity_sweep(
    site: Site,
    config: RunConfig,
    capacities: Sequence[int] = DEFAULT_CAPACITIES,
    policies: Sequence[str] | None = None,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    runner: Runner | None = None,
) -> Sweep:
    """Every capacity × policy (default: every registered policy) on the same seeds."""
    policies = POLICIES.names() if policies is None else tuple(policies)
    for policy in policies:
        POLICIES.get(policy)  # an unknown name is refused before any run
    seeds = seed_range(seed0, runs)
    runner = runner or Runner()
    cells = [(c, p) for c in capacities for p in policies]
    runner.plan(len(cells) * runs)
    # A few cells at a time, about a lock-step chunk of runs: only their configs and results are
    # held at once (the window's largest sweep is 2.4 million runs), and only coverage is kept.
    per_group = max(1, LOCKSTEP_CHUNK // runs)
    coverage: dict[tuple[int, str], list[float]] = {}
    for start in range(0, len(cells), per_group):
        group = cells[start : start + per_group]
        results = runner.run_seeded(site, [(config.with_(capacity=c, policy=p), seeds) for c, p in group])
        for k, cell in enumerate(group):
            coverage[cell] = coverages(results[k * runs : (k + 1) * runs])
    return Sweep(config, seeds, tuple(capacities), tuple(policies), coverage)
