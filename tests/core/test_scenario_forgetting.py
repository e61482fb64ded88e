"""The ttl sweep and the ablation of the visited set and the bug list."""

from __future__ import annotations

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import Cancelled, Runner
from memviz.core.scenarios.forgetting import ABLATION_ROWS, ablation, ablation_config, ttl_sweep


def test_the_ttl_sweep_gives_the_issues_figures(chapter_site):
    sweep = ttl_sweep(chapter_site, RunConfig(strategy="frontier"))
    assert [round(100 * sweep.ci(t).mean, 1) for t in sweep.ttls] == [51.4, 56.6, 65.6, 73.1, 79.2]
    dropped = [sweep.forgotten[t] for t in sweep.ttls]
    assert dropped == sorted(dropped, reverse=True) and dropped[-1] > 0  # a longer life drops fewer


def test_the_ttl_sweep_counts_its_recount_as_progress_and_obeys_cancel(chapter_site):
    seen = []
    runner = Runner(progress=lambda done, total: seen.append((done, total)))
    sweep = ttl_sweep(chapter_site, RunConfig(strategy="frontier"), (2, 4), runs=10, runner=runner)
    assert seen[-1] == (40, 40)  # 2 T × 10 runs, then each run stepped again for what it dropped
    assert sweep.coverage[4] == [
        run(chapter_site, RunConfig(strategy="frontier", seed=s, policy="ttl", ttl=4)).coverage
        for s in range(1000, 1010)
    ]
    stopping = Runner(cancelled=lambda: stopping.done > 20)  # once the recount has begun
    with pytest.raises(Cancelled):
        ttl_sweep(chapter_site, RunConfig(strategy="frontier"), (2, 4), runs=10, runner=stopping)
    assert stopping.done == 30  # stopped after the first T's recount, not at the end


def test_the_ablation_rows_are_the_four_combinations(chapter_site):
    table = ablation(chapter_site, runs=60, bootstrap=0)
    for strategy, rows in table.items():
        assert list(rows) == list(ABLATION_ROWS)
        none, visited_only, bug_list_only, both = (rows[r] for r in ABLATION_ROWS)
        for k, seed in enumerate(range(1000, 1060)):
            plain = run(chapter_site, RunConfig(seed=seed))
            full = run(chapter_site, RunConfig(strategy=strategy, seed=seed))
            assert none.results[k] == plain and both.results[k] == full
            assert bug_list_only.results[k].path == plain.path and bug_list_only.results[k].dups == 0
            assert visited_only.results[k].path == full.path
            assert visited_only.results[k].reports == sum(
                p in chapter_site.bug_by_page for p in full.path[1:]
            )
        assert none.coverage_vs_none.mean == 0 and both.coverage_vs_none.mean > 0.25
        assert bug_list_only.coverage_vs_none.mean == 0 and bug_list_only.dups_vs_none.mean < 0
        assert both.dups_vs_none.hi < 0  # the bug list removes duplicates, and the interval says so
    assert ablation_config("visited_only", "frontier").bug_list is False
