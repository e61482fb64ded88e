"""The chapter's whole table, computed from scratch: every figure ``memviz report`` prints.

The keys of :func:`chapter_tables` are those of the reference ``full_tables.py --json``, so the
two can be held side by side.
"""

from __future__ import annotations

from collections import Counter

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import (
    DEFAULT_CAPACITIES,
    DEFAULT_RUNS,
    DEFAULT_SEED0,
    Runner,
    capacity_sweep,
    compare_with_baselines,
    costs_to_find_all_bugs,
    means,
)
from memviz.core.reading import reading_overrides
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES

STORY_SEED = 1000  # the chapter opens on this seed's no-memory run
SWEEP_POLICIES = ("fifo", "lru", "random")


def _page_named(site: Site, zh_name: str) -> int | None:
    """The chapter tells its story by page name; a site without that page has no such figure."""
    return next((i for i, page in enumerate(site.pages) if page.names.get("zh") == zh_name), None)


def seed_story(site: Site, seed: int = STORY_SEED, budget: int | None = None) -> dict:
    """What the no-memory agent did on one seed: where it kept returning, what it never saw."""
    config = RunConfig(strategy="random", seed=seed)
    if budget is not None:
        config = config.with_(budget=budget)
    result = run(site, config)
    visits = Counter(result.path)
    profile = _page_named(site, "我的主页")
    delete_account = _page_named(site, "注销账号")
    return {
        "pages_seen": len(visits),
        "home_returns": visits[site.start] - 1,
        "profile_returns": visits[profile] - 1 if profile is not None else None,
        "delete_account_visits": visits[delete_account] if delete_account is not None else None,
        "reports": result.reports,
        "dups": result.dups,
        "visits": [visits[p] for p in range(site.n_pages)],
        "duplicate_pages": sorted(p for p in site.bug_by_page if visits[p] > 1),
    }


def chapter_tables(
    site: Site,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    capacities: tuple[int, ...] = DEFAULT_CAPACITIES,
    runner: Runner | None = None,
    extra_policies: tuple[str, ...] = (),
    base: RunConfig | None = None,
) -> dict:
    """``extra_policies``: more columns for the capacity sweep (e.g. ``opt``, the ceiling). ``base``:
    what every run starts from (default the chapter's; issue 27: a model that misuses its memory or
    reads it by retrieval, named under "reading"). Seed 1000's story is always the chapter's."""
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the chapter's tables in the order the
    # report prints them, each a few lines over the same runner.
    runner = runner or Runner()
    sweep_policies = SWEEP_POLICIES + tuple(
        p for p in dict.fromkeys(extra_policies) if p not in SWEEP_POLICIES
    )
    base = RunConfig() if base is None else base
    out: dict = {"runs": runs, "seed0": seed0, "strategies": {}, "diffs": {}, "cost": {}, "sweep": {}}
    reading = reading_overrides(base.ignore, base.skip_write, base.read_top)
    if reading:
        out["reading"] = dict(reading)
    strategies = ("visited", "frontier")
    compared = compare_with_baselines(
        site, [base.with_(strategy=s) for s in strategies], runs, seed0, runner=runner
    )
    comparisons = dict(zip(strategies, compared, strict=True))
    # Every comparison carries the same baseline; the table shows it once, as "random".
    out["strategies"]["random"] = means(comparisons["visited"].baseline)
    for s, comparison in comparisons.items():
        out["strategies"][s] = means(comparison.current)
        out["diffs"][s] = comparison.diff.to_dict()
    costed = [
        s
        for s in (strategy.name for strategy in STRATEGIES.loaded())  # no scan of installed plugins
        if base.context is not None or not STRATEGIES.get(s).needs_context
    ]  # with the context off, session is the random walk again
    costs = costs_to_find_all_bugs(site, [base.with_(strategy=s) for s in costed], runs, seed0, runner)
    for s, cost in zip(costed, costs, strict=True):
        out["cost"][s] = cost.summary()
    sweep = capacity_sweep(
        site, base.with_(strategy="frontier"), capacities, sweep_policies, runs, seed0, runner
    )
    cis = {(c, p): sweep.ci(c, p) for c in capacities for p in sweep_policies}
    for c in capacities:
        out["sweep"][str(c)] = {p: cis[c, p].mean for p in sweep_policies}
    out["sweep_ci"] = {str(c): {p: cis[c, p]._asdict() for p in sweep_policies} for c in capacities}
    out["seed1000"] = seed_story(site)
    if 12 in capacities:
        d = sweep.paired(12, "random", "fifo", bootstrap=0)  # the table quotes the normal interval
        out["cap12_random_minus_fifo"] = {"mean": d.mean, "lo": d.lo, "hi": d.hi}
    return out
