"""The lock-step batch engine against the scalar engine it must equal, run for run and field for field."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memviz.core import lockstep
from memviz.core.engine import RunConfig, run
from memviz.core.experiments import (
    Cancelled,
    Runner,
    capacity_sweep,
    compare_with_baseline,
    cost_to_find_all_bugs,
    costs_to_find_all_bugs,
    means,
)
from memviz.core.lockstep import (
    memory_site,  # noqa: F401 - patched in a test
    memory_walk,  # noqa: F401 - patched in a test
    random_walk,  # noqa: F401 - patched in a test
    run_batch,
    run_memory_batch,
    run_random_batch,
    supports,
    twins,  # noqa: F401 - read in a test
)
from memviz.core.policies import POLICIES, PolicyKernel
from memviz.core.registry import ConfigError
from memviz.core.rng import Mulberry32, mulberry32_block, mulberry32_rows, mulberry32_words
from memviz.core.site import Site
from memviz.core.sitegen import MIN_PAGES, SHAPES, generate_site
from memviz.core.strategies import FRESH_OR_ANY, FRESH_OR_PLAN, STRATEGIES
from tests.core.test_memory import Newest, newest_stamp
from tests.hypothesis_budget import examples

SEED_MAX = 2**32 - 1


@st.composite
def sites(draw) -> Site:
    """Valid site documents of every shape: dead ends, empty nav, no bugs, a bug on the start page."""
    n = draw(st.integers(1, 30))
    no_links = draw(st.sets(st.integers(0, n - 1), max_size=n)) if draw(st.booleans()) else set()
    pages = []
    for i in range(n):
        others = [q for q in range(n) if q != i]
        links = [] if i in no_links or not others else draw(st.permutations(others))
        links = links[: draw(st.one_of(st.integers(0, 3), st.integers(0, len(links))))]  # few links: revisits
        pages.append({"zh": f"页{i}", "en": f"Page {i}", "links": links})
    nav = [] if draw(st.booleans()) else draw(st.permutations(range(n)))[: draw(st.integers(0, min(5, n)))]
    bugs = draw(st.permutations(range(n)))[: draw(st.integers(0, min(8, n)))]
    return Site.from_dict(
        {
            "format": "memviz-site/1",
            "start": draw(st.integers(0, n - 1)),
            "nav": nav,
            "pages": pages,
            "bugs": [{"page": p, "zh": f"缺陷{p}", "en": f"bug {p}"} for p in bugs],
        }
    )


# Policies and strategies come from the registries, read when a test draws: whatever is registered
# (a new policy, or a toy one a test registers for a while) is held equal to the scalar engine.
configs = st.builds(
    RunConfig,
    strategy=st.deferred(lambda: st.sampled_from(STRATEGIES.names())),
    seed=st.one_of(st.integers(0, SEED_MAX), st.sampled_from([0, 1, 1000, SEED_MAX])),
    capacity=st.one_of(st.none(), st.integers(1, 4), st.integers(1, 14)),
    policy=st.deferred(lambda: st.sampled_from(POLICIES.names())),
    budget=st.integers(0, 70),
    until_all_bugs=st.booleans(),
    max_steps=st.integers(0, 300),
    base_tokens=st.integers(0, 5000),
    entry_tokens=st.integers(0, 100),
    ttl=st.one_of(st.none(), st.integers(1, 40)),
    bug_list=st.sampled_from([None, True, False]),
    # issue 27's misuse: no kernel, so the router must send it to the scalar engine; retrieval read
    # runs in lock-step on small sites (issue 41)
    ignore=st.sampled_from([0.0] * 6 + [0.3, 1.0]),
    skip_write=st.sampled_from([0.0] * 6 + [0.5, 1.0]),
    read_top=st.one_of(st.none(), st.none(), st.none(), st.integers(1, 6)),
)


def scalar(site: Site, batch: list[RunConfig]) -> list[dict]:
    return [run(site, c).to_dict() for c in batch]


def test_the_equivalence_test_draws_every_registered_policy_and_strategy():
    drawn = set()

    @settings(max_examples=examples(200), deadline=None)
    @given(configs)
    def draw(config):
        drawn.add((config.strategy, config.policy, config.bug_list, config.ignore > 0, config.skip_write > 0,
                   config.read_top is not None))  # fmt: skip

    draw()
    assert {d[0] for d in drawn} == set(STRATEGIES.names())
    assert {d[1] for d in drawn} == set(POLICIES.names())
    assert {d[2] for d in drawn} == {None, True, False}
    assert all({d[i] for d in drawn} == {False, True} for i in (3, 4, 5))  # misuse and top:K drawn


def test_configs_the_lockstep_engine_cannot_run_are_routed_to_the_scalar_engine():
    base = RunConfig(strategy="frontier", seed=5)
    assert supports(base) and supports(base.with_(bug_list=True)) and supports(base.with_(strategy="random"))
    assert supports(base.with_(policy="ttl", ttl=4))  # LRU's kernel with the expiry
    assert not supports(base.with_(policy="opt"))  # a look-ahead: no kernel
    assert not supports(base.with_(bug_list=False))  # memory without a bug list
    assert not supports(base.with_(strategy="random", bug_list=True))  # a bug list without memory
    assert not supports(base.with_(ignore=0.25)) and not supports(base.with_(skip_write=0.5))  # misuse
    # retrieval: in lock-step where its relevance table fits (issue 41), not on a site of unknown size
    assert supports(base.with_(read_top=8), 24) and not supports(base.with_(read_top=8))
    assert not supports(base.with_(read_top=8), lockstep.reading.READ_MAX_PAGES + 1)


def check_batch(site: Site, batch: list[RunConfig]) -> None:
    """``run_batch`` (every run kept in the lock-step arrays) equals the scalar engine run for run.
    A config with no kernel (opt, misuse, retrieval) is the scalar engine's own run: the batch must
    hand it, and only it, to the scalar engine and return what that gave; running it again here
    would hold the scalar engine against itself (opt on 400 pages was half the generated sites'
    time). Every config with a kernel is held against a fresh scalar run."""
    handed: dict[RunConfig, object] = {}
    run_scalar = lockstep._run_scalar

    def spy(site_, group, poll):
        out = run_scalar(site_, group, poll)
        handed.update(zip(group, out, strict=True))
        return out

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lockstep, "_run_scalar", spy)
        got = [r.to_dict() for r in run_batch(site, batch, scalar_tail=0)]
    assert set(handed) == {c for c in batch if not supports(c, site.n_pages)}
    assert got == [handed[c].to_dict() if c in handed else run(site, c).to_dict() for c in batch]


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=sites(), batch=st.lists(configs, min_size=1, max_size=14))
def test_batch_equals_the_scalar_engine(site, batch):
    check_batch(site, batch)  # scalar_tail=0: every run stays in the lock-step arrays to its end


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=sites(), batch=st.lists(configs, min_size=1, max_size=10))
def test_a_policy_registered_with_a_kernel_runs_in_lock_step_equal_to_its_scalar_rule(site, batch):
    # the toy MRU of test_memory, with a numpy kernel: victims are the newest stamps
    policy = Newest("mru", "最新写入的先忘", "MRU", "最新写入的先忘", "newest written goes first", "#000000",
                    PolicyKernel(Newest, newest_stamp))  # fmt: skip
    POLICIES.register(policy)
    try:
        # mixed with others that have kernels (ttl, opt, a switched bug list, misuse and retrieval go
        # to the scalar engine)
        # a strategy without a kernel (session) runs in the scalar engine too: frontier in its place
        # (an installed plugin policy without a kernel too: mru in its place)
        batch = [c.with_(policy="mru" if i % 2 or c.policy in ("ttl", "opt") or not POLICIES.get(c.policy).kernel
                         else c.policy, bug_list=None,
                         ignore=0.0, skip_write=0.0, read_top=None,
                         strategy=c.strategy if STRATEGIES.get(c.strategy).kernel else "frontier")
                 for i, c in enumerate(batch)]  # fmt: skip
        assert all(supports(c) for c in batch)
        got = [r.to_dict() for r in run_batch(site, batch, scalar_tail=0)]
        assert got == scalar(site, batch)
    finally:
        POLICIES.unregister("mru")


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=sites(), batch=st.lists(configs, min_size=1, max_size=8))
def test_no_memory_runs_without_the_transition_table(site, batch):
    # huge sites index links step by step instead of through NEXT[code, page]; force that path
    batch = [c.with_(strategy="random", bug_list=None) for c in batch]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lockstep.random_walk, "_NEXT_TABLE_LIMIT", 0)
        got = [r.to_dict() for r in run_random_batch(site, batch)]
    assert got == scalar(site, batch)


# Bigger sites, so that frontier's plans search many levels over many pages (the planner's sparse
# search; the hypothesis sites above are at most 30 pages).
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.sampled_from(SHAPES),
    pages=st.integers(MIN_PAGES, 400),
    site_seed=st.integers(0, 1000),
    batch=st.lists(configs, min_size=1, max_size=6),
)
@pytest.mark.parametrize("table", [True, False], ids=["padded table", "CSR lists"])
def test_batch_equals_the_scalar_engine_on_generated_sites(shape, pages, site_seed, batch, table):
    # the planner walks link lists from a padded table, or (pages with far more links than the
    # rest, a hub) from CSR arrays: both ways on every shape
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lockstep.memory_site, "_SEARCH_TABLE", table)
        check_generated_site(shape, pages, site_seed, batch)


def check_generated_site(shape, pages, site_seed, batch):
    site = Site.from_dict(generate_site(shape, pages, bugs=min(6, pages - 1), seed=site_seed))

    # mostly frontier, with budgets that go past the point where every link near the agent is known;
    # a look-ahead policy (opt) keeps its drawn budget and at most 60 steps: the router sends it to
    # the scalar engine either way, and its look-ahead grows with steps × site (an 800-step opt run
    # on a 400-page site made this test take 17 s in one CI run; a 300-step one, until every bug,
    # reading top:6, capacity 14, on a 400-page hub, 10.9 s in another)
    def bounded(c: RunConfig) -> dict:
        if POLICIES.get(c.policy).simulates:
            return {"max_steps": min(c.max_steps, 60)}
        return {"budget": min(c.budget * 8, 2 * pages)}

    batch = [c.with_(strategy="frontier" if i % 3 else c.strategy, **bounded(c)) for i, c in enumerate(batch)]
    check_batch(site, batch)


def test_frontier_batch_on_a_2000_page_site_equals_the_scalar_engine():
    site = Site.from_dict(generate_site("random", 2000, seed=1))
    batch = [RunConfig(strategy="frontier", seed=s, budget=2500) for s in range(1000, 1050)]
    got = run_batch(site, batch, scalar_tail=0)
    assert [r.to_dict() for r in got] == scalar(site, batch)
    assert min(r.coverage for r in got) > 0.9  # the runs plan: most pages end up visited


def test_many_runs_of_mixed_configs_in_one_batch(chapter_site):
    # one batch holding every strategy, capacity and policy, so arrays are compacted at many steps
    batch = [
        RunConfig(strategy=s, seed=seed, capacity=c, policy=p, budget=seed % 45, until_all_bugs=seed % 3 == 0)
        for s in ("random", "visited", "frontier")
        for c in (None, 1, 3, 12)
        for p in ("fifo", "lru", "random")
        for seed in range(1000, 1012)
    ]
    expected = scalar(chapter_site, batch)
    assert [r.to_dict() for r in run_batch(chapter_site, batch, scalar_tail=0)] == expected
    # the default hands the last few memory runs to the scalar engine: same results
    assert [r.to_dict() for r in run_batch(chapter_site, batch)] == expected


def test_random_eviction_draws_in_writing_order():
    # A chain 0 → 1 → … → 9 with memory 3: every step after the third evicts by a draw.
    doc = {
        "format": "memviz-site/1",
        "pages": [{"zh": f"页{i}", "links": [i + 1] if i < 9 else [0]} for i in range(10)],
        "bugs": [{"page": 9, "zh": "缺陷"}],
    }
    site = Site.from_dict(doc)
    batch = [RunConfig(strategy=s, seed=seed, capacity=3, policy="random", budget=40)
             for s in ("visited", "frontier") for seed in range(50)]  # fmt: skip
    assert [r.to_dict() for r in run_memory_batch(site, batch, scalar_tail=0)] == scalar(site, batch)


def test_rows_of_draws_equal_the_scalar_generator():
    seeds = [0, 1, 1000, 123456789, SEED_MAX]
    rows = mulberry32_rows(seeds, 300)
    assert (rows == mulberry32_block(seeds, 300)).all()
    assert (rows == mulberry32_words(seeds, 300).T / 2**32).all()
    for seed, row in zip(seeds, rows.tolist(), strict=True):
        rng = Mulberry32(seed)
        assert row == [rng.random() for _ in range(300)]


@pytest.mark.parametrize("degrees", [(4, 5, 6, 11), (1, 2, 3, 7, 30), (256, 257)])
def test_interval_codes_are_exact(degrees):
    # A page of each degree, linking to the pages after it; (256, 257) puts two breaks so close
    # together that they share a 16-bit bucket, so codes come from a search instead of the tables.
    n = max(degrees) + 1
    pages = [{"zh": f"页{i}", "links": [(i + 1 + j) % n for j in range(d)]} for i, d in enumerate(degrees)]
    pages += [{"zh": f"页{i}", "links": [0]} for i in range(len(degrees), n)]
    site = Site.from_dict({"format": "memviz-site/1", "pages": pages})
    walker = lockstep._RandomWalkSite(site)
    assert (walker.bucket_tables() is None) == (degrees == (256, 257))
    words = mulberry32_words(np.arange(50, dtype=np.uint64), 400)
    breaks = lockstep._floor_breaks(set(degrees))
    codes = walker.codes(words, buckets=True) // (2 * n)
    assert (codes == np.searchsorted(breaks, words / 2**32, side="right")).all()
    assert (walker.codes(words, buckets=False) // (2 * n) == codes).all()
    # within an interval every degree picks the same link index as the scalar engine would
    lower = np.concatenate(([0.0], breaks))[codes]
    for d in degrees:
        assert ((words / 2**32 * d).astype(int) == (lower * d).astype(int)).all()
    batch = [RunConfig(strategy="random", seed=s, until_all_bugs=s % 2 == 0, max_steps=90) for s in range(30)]
    assert [r.to_dict() for r in run_random_batch(site, batch)] == scalar(site, batch)


def test_memory_batch_refuses_no_memory_runs(chapter_site):
    with pytest.raises(ValueError, match="run_random_batch"):
        run_memory_batch(chapter_site, [RunConfig(strategy="random")])


def test_the_lock_step_engine_supports_the_chapters_policies_and_strategies():
    for strategy in ("random", "visited", "frontier"):
        for policy in ("fifo", "lru", "random"):
            assert supports(RunConfig(strategy=strategy, policy=policy, capacity=3))


def test_an_unknown_name_raises_instead_of_running_as_something_else(chapter_site):
    config = RunConfig(strategy="visited", capacity=3)
    bad = object.__new__(RunConfig)  # a config that skipped its checks (or outlived its policy)
    bad.__dict__.update(config.__dict__, policy="unknown-policy")
    with pytest.raises(
        ConfigError, match=r"policy: unknown eviction policy 'unknown-policy' \(choose from fifo, lru, random"
    ):
        supports(bad)
    with pytest.raises(ConfigError, match="policy: unknown eviction policy 'unknown-policy'"):
        run_batch(chapter_site, [config, bad])
    with pytest.raises(ConfigError, match="strategy: unknown strategy 'unknown-strategy'"):
        RunConfig(strategy="unknown-strategy")


# -- the chapter's figures through the Runner, which computes batches in lock-step -------------------


@pytest.fixture(scope="module")
def runner():
    with Runner() as r:
        yield r


def test_chapter_strategy_table(chapter_site, runner):
    visited = compare_with_baseline(chapter_site, RunConfig(strategy="visited"), runner=runner)
    frontier = compare_with_baseline(chapter_site, RunConfig(strategy="frontier"), runner=runner)
    assert means(visited.baseline)["coverage"] == 0.4875
    assert means(visited.current)["coverage"] == 0.78
    assert means(frontier.current)["coverage"] == 0.938125
    assert means(visited.baseline)["tokens"] == 90000.0
    assert means(frontier.current)["tokens"] == 105358.6
    assert means(frontier.current)["repeat"] == 0.28270114942528735
    assert (visited.diff.mean, visited.diff.wins) == (0.2925, 199)
    assert (frontier.diff.lo, frontier.diff.hi) == (0.43980868765630543, 0.46144131234369457)


def test_chapter_cost_to_find_all_bugs(chapter_site, runner):
    cost = {s: cost_to_find_all_bugs(chapter_site, RunConfig(strategy=s), runner=runner)
            for s in ("random", "visited", "frontier")}  # fmt: skip
    assert [(c.steps, c.tokens, c.all_found) for c in cost.values()] == [
        (640.365, 1921095.0, 200),
        (69.435, 256411.4, 200),
        (31.73, 112129.8, 200),
    ]


def test_costs_side_by_side_are_each_config_s_cost_alone(chapter_site):
    """A report's cost runs go in one batch (costs_to_find_all_bugs): the same runs as each config's
    alone, with retrieval read so that some run to their limit and memories fill and compete."""
    configs = [RunConfig(strategy=s, read_top=8, max_steps=300) for s in ("random", "visited", "frontier")]
    with Runner() as together:
        costs = costs_to_find_all_bugs(chapter_site, configs, runs=30, runner=together)
    alone = [cost_to_find_all_bugs(chapter_site, c, runs=30, runner=Runner()) for c in configs]
    assert [[r.to_dict() for r in c.runs] for c in costs] == [[r.to_dict() for r in c.runs] for c in alone]
    assert [c.config for c in costs] == [c.config for c in alone]
    assert any(r.steps == 300 for r in costs[1].runs)  # some ran to the limit


def test_chapter_capacity_sweep(chapter_site, runner):
    sweep = capacity_sweep(chapter_site, RunConfig(strategy="frontier"), runner=runner)
    assert sweep.ci(4, "random").mean == 0.5691666666666666
    assert sweep.ci(6, "lru").mean == 0.604375
    assert sweep.ci(12, "fifo").mean == 0.7520833333333333
    assert sweep.ci(16, "fifo").mean == 0.8189583333333332
    assert sweep.ci(20, "random").mean == 0.9058333333333333
    assert {sweep.ci(24, p).mean for p in ("fifo", "lru", "random")} == {0.938125}
    d = sweep.paired(12, "random", "fifo", bootstrap=0)
    assert (d.mean, d.lo, d.hi) == (0.03749999999999999, 0.027373042096369232, 0.04762695790363075)


def test_runner_results_equal_the_scalar_engine_on_the_chapter_site(chapter_site, runner):
    # a sample of every kind of batch the report makes, run by run
    batch = [
        RunConfig(strategy=s, seed=seed, until_all_bugs=until)
        for s in ("random", "visited", "frontier")
        for until in (False, True)
        for seed in range(1000, 1040)
    ]
    batch += [RunConfig(strategy="frontier", seed=seed, capacity=c, policy=p)
              for c in (4, 12, 20) for p in ("fifo", "lru", "random") for seed in range(1000, 1040)]  # fmt: skip
    assert runner.run_all(chapter_site, batch) == [run(chapter_site, c) for c in batch]


# -- progress and cancel --------------------------------------------------------------------


@pytest.fixture
def unreachable_bug_site():
    # the bug's page links out but nothing links to it: until-all-bugs runs go on to max_steps
    return Site.from_dict(
        {
            "format": "memviz-site/1",
            "pages": [
                {"zh": "首页", "links": [1, 2]},
                {"zh": "甲", "links": [0, 2]},
                {"zh": "乙", "links": [0, 1]},
                {"zh": "孤页", "links": [0]},
            ],
            "bugs": [{"page": 3, "zh": "缺陷"}],
        }
    )


@pytest.mark.parametrize("strategy", ["random", "visited"])
@pytest.mark.parametrize("runs", [100, 5])  # 5: few enough for the scalar engine, but too long for it
def test_cancel_is_seen_inside_a_long_batch(unreachable_bug_site, strategy, runs):
    calls = []
    batch = [
        RunConfig(strategy=strategy, seed=s, until_all_bugs=True, max_steps=100_000) for s in range(runs)
    ]
    with pytest.raises(Cancelled), Runner(cancelled=lambda: calls.append(1) or len(calls) > 1) as runner:
        runner.run_all(unreachable_bug_site, batch)
    # checked before the batch, then again a few steps in: no run of 100,000 steps had finished
    assert len(calls) == 2 and runner.done == 0


def test_progress_counts_every_run_once(unreachable_bug_site):
    seen = []
    batch = [RunConfig(strategy=s, seed=seed, until_all_bugs=True, max_steps=200 + 37 * seed)
             for s in ("random", "visited", "frontier") for seed in range(40)]  # fmt: skip
    with Runner(progress=lambda done, total: seen.append((done, total))) as runner:
        runner.plan(len(batch))
        runner.run_all(unreachable_bug_site, batch)
    assert seen[-1] == (120, 120)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and len(seen) > 3


# -- which engine, and how many runs at a time ----------------------------------------------------


@pytest.mark.parametrize("kernel", [FRESH_OR_ANY, FRESH_OR_PLAN], ids=lambda k: k.name)
def test_the_cost_model_sends_few_runs_to_the_scalar_engine_and_many_to_lock_step(kernel):
    assert not lockstep.lockstep_pays(kernel, 2, 2500)
    assert not lockstep.lockstep_pays(kernel, 8, 30)
    assert lockstep.lockstep_pays(kernel, 200, 30)
    assert lockstep.lockstep_pays(kernel, 200, 12_500)


def test_a_memory_batch_bigger_than_its_cell_bound_runs_in_chunks_with_the_same_results(chapter_site):
    batch = [RunConfig(strategy=s, seed=seed, capacity=6, budget=40)
             for s in ("visited", "frontier") for seed in range(60)]  # fmt: skip
    calls = []
    real = lockstep.run_memory_batch
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lockstep, "MEMORY_BATCH_CELLS", 25 * 25)  # 25 runs of the 24-page site
        mp.setattr(
            lockstep,
            "run_memory_batch",
            lambda site, group, *a: calls.append(len(group)) or real(site, group, *a),
        )
        got = run_batch(chapter_site, batch)
    assert calls == [24] * 5
    assert [r.to_dict() for r in got] == scalar(chapter_site, batch)


# -- what a Runner keeps ------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [0, 7, 100])
def test_a_runner_keeps_at_most_its_cache_limit_and_gives_the_same_runs(chapter_site, limit):
    """A window's job keeps at most JOB_CACHED_RUNS runs (a kept run is ~1.6 KB; the largest sweep
    is 2.4 million runs): past its limit a Runner makes and hands back runs without keeping them."""
    batch = [RunConfig(strategy="frontier", seed=s, capacity=c) for c in (3, 12) for s in range(1000, 1030)]
    with Runner(cache_limit=limit) as limited, Runner() as unlimited:
        first = limited.run_all(chapter_site, batch)
        again = limited.run_all(
            chapter_site, batch[::-1]
        )  # asked again: kept ones reused, the rest made again
        assert first == unlimited.run_all(chapter_site, batch) == [run(chapter_site, c) for c in batch]
    assert again == first[::-1]
    kept = sum(len(runs) for families in limited._cache.values() for runs in families.values())
    assert kept == min(limit, len(batch))
    assert limited.done == 2 * len(batch)  # progress counts every run asked for, kept or made again


def test_a_sweep_holds_a_chunk_of_runs_at_a_time_with_the_chapters_figures(chapter_site, monkeypatch):
    """capacity_sweep asks its Runner for a few cells at a time (about a lock-step chunk of runs),
    not every cell at once, with the figures of one big batch (test_chapter_capacity_sweep's)."""
    from memviz.core import experiments

    asked: list[int] = []
    run_seeded = Runner.run_seeded

    def counting(self, site, families):
        asked.append(sum(len(seeds) for _, seeds in families))
        return run_seeded(self, site, families)

    monkeypatch.setattr(Runner, "run_seeded", counting)
    monkeypatch.setattr(experiments, "LOCKSTEP_CHUNK", 1000)  # 200 runs a cell: 5 cells a call
    sweep = capacity_sweep(chapter_site, RunConfig(strategy="frontier"), policies=("fifo", "lru", "random"))
    assert asked == [1000] * 4 + [800]  # 8 capacities × 3 policies = 24 cells of 200 runs
    assert sweep.ci(12, "fifo").mean == 0.7520833333333333
    assert sweep.ci(20, "random").mean == 0.9058333333333333
    d = sweep.paired(12, "random", "fifo", bootstrap=0)
    assert (d.mean, d.lo, d.hi) == (0.03749999999999999, 0.027373042096369232, 0.04762695790363075)


def test_retrieval_read_runs_in_lock_step_equal_to_the_scalar_engine_on_the_chapters_site(chapter_site):
    """--read top:K (issue 41): runs long enough for memories to fill and entries to compete, every
    policy with a kernel and both memory strategies, batched in lock-step, field by field the scalar
    engine's (its scores are the same floats, its ties broken the same way)."""
    batch = [
        RunConfig(strategy=strategy, policy=policy, capacity=capacity, read_top=k, seed=seed,
                  until_all_bugs=True, max_steps=400, ttl=6 if policy == "ttl" else None)
        for strategy in ("visited", "frontier")
        for policy, capacity in (("fifo", None), ("lru", 10), ("random", 12), ("ttl", None))
        for k, seed in ((2, 1000), (8, 1001), (8, 1002))
    ]  # fmt: skip
    assert all(supports(c, chapter_site.n_pages) for c in batch)
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == scalar(chapter_site, batch)
    assert any(r["steps"] == 400 for r in got)  # some ran long: entries competed for a while


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(site=sites(), batch=st.lists(configs, min_size=1, max_size=6))
def test_visited_and_frontier_twins_on_one_seed_equal_the_scalar_engine(site, batch):
    """A visited run and a frontier run of the same settings ride on one row until they part
    (lockstep/twins.py): each equals its scalar run, whether they part or not."""
    check_batch(site, [c.with_(strategy=s) for c in batch for s in ("visited", "frontier")])


def test_twins_that_part_and_twins_that_never_do_equal_the_scalar_engine(chapter_site):
    """Read at top:8 most pairs stay together to the limit (entries left out of the call look fresh);
    the others part within a few steps, where visited falls back to any link and frontier plans."""
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=300, seed=seed)
             for seed in range(1000, 1016) for s in ("frontier", "visited")]  # fmt: skip
    kept, twin = lockstep.twins.pair_twins(batch, np.arange(len(batch)))
    assert len(kept) == 16 and (twin >= 0).all()
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch, scalar_tail=0)]
    assert got == scalar(chapter_site, batch)
    together = [got[i]["path"] == got[i + 1]["path"] for i in range(0, len(got), 2)]
    assert any(together) and not all(together)
    assert any(r["steps"] == 300 for r in got)


def test_twins_still_together_when_the_scalar_engine_takes_the_last_runs_are_run_there(chapter_site):
    """The last few rows go to the scalar engine (scalar_tail): a twin riding on one is run there too."""
    batch = [RunConfig(strategy=s, read_top=8, until_all_bugs=True, max_steps=120 if seed < 1014 else 160,
                       seed=seed) for seed in range(1000, 1020) for s in ("visited", "frontier")]  # fmt: skip
    got = [r.to_dict() for r in run_memory_batch(chapter_site, batch)]  # scalar_tail: the default, 16
    assert got == scalar(chapter_site, batch)
    assert [r["steps"] for r in got[-12:]] == [160] * 12  # the last six pairs ran on in the scalar engine


def test_the_router_sends_a_start_page_of_its_own_to_the_scalar_engine(chapter_site):
    """The router asks supports() once per kind of config: a run started on a page of its own (a
    task's) must not ride on the answer for the same config started on the site's start page."""
    plain = RunConfig(strategy="frontier", capacity=3, seed=1000)
    started = plain.with_(start=5)
    assert supports(plain, chapter_site.n_pages) and not supports(started, chapter_site.n_pages)
    got = run_batch(chapter_site, [plain, started], scalar_tail=0)
    assert [r.to_dict() for r in got] == scalar(chapter_site, [plain, started])
    assert got[1].path[0] == 5
