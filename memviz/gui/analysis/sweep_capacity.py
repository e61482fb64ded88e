"""The Sweep tab's capacity axis: every registered policy at every capacity, and a pair's paired
difference, as one job off the GUI thread (the T and reality-gap axes: ``sweep_ttl``, ``sweep_gap``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_BOOTSTRAP, PairedDiff, Sweep, capacity_sweep
from memviz.core.policies import POLICIES
from memviz.core.site import Site
from memviz.gui.kit.worker import JobContext

# The sweep sets capacity, policy and seed itself, so its settings line names only the rest.
SUMMARY = {"memory": False, "seed": False, "tokens": True}
DEFAULT_STRATEGY = "frontier"  # the chapter sweeps "visited set + link table"
# From 1 to the site's page count (a memory that holds the whole site), up to this many entries:
# the chapter's blog sweeps 1–24, a 60-page site 1–60, a big site stops here.
DEFAULT_CAPACITY_TOP = 60


def default_capacity_range(site: Site) -> tuple[int, int]:
    return 1, max(1, min(site.n_pages, DEFAULT_CAPACITY_TOP))


DEFAULT_PAIR = (12, "random", "fifo")  # the chapter's comparison
# Marker shapes, by a policy's place in the registry (the chapter's: FIFO o, LRU s, random t).
MAX_CAPACITY = 200

Pair = tuple[int, str, str]  # capacity, policy a, policy b: a − b
AXES = (
    "capacity",
    "ttl",
    "gap",
    "context",
)  # what the sweep varies: capacity, T (policy ttl), the reality gap


@dataclass
class SweepResult:
    sweep: Sweep
    paired: dict[Pair, PairedDiff] = field(default_factory=dict)


def sweep_function(
    site: Site,
    config: RunConfig,
    capacities: list[int],
    runs: int,
    seed0: int,
    pair: Pair,
    policies: tuple[str, ...] | None = None,
) -> Callable[[JobContext], SweepResult]:
    """Every registered policy (or ``policies``) at every capacity, and the pair's difference."""
    policies = POLICIES.names() if policies is None else policies

    def compute(context: JobContext) -> SweepResult:
        sweep = capacity_sweep(site, config, capacities, policies, runs, seed0, context.runner)
        result = SweepResult(sweep)
        if pair[0] in capacities and pair[1] != pair[2]:
            context.check()
            result.paired[pair] = sweep.paired(*pair, bootstrap=DEFAULT_BOOTSTRAP)
        return result

    return compute
