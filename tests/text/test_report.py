"""The text report: the chapter's figures and a run's or a batch's summary, in both languages."""

from __future__ import annotations

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import Runner, compare_with_baseline
from memviz.text.report import batch_text, report_text, run_text


def test_report_text_opens_with_the_chapters_two_lines(chapter_report, chapter_site):
    lines = report_text(chapter_report, chapter_site, "zh")
    assert lines[:2] == [
        "visited   − random 覆盖率差 +29.3 个百分点 [+27.9, +30.6]",
        "frontier  − random 覆盖率差 +45.1 个百分点 [+44.0, +46.1]",
    ]
    text = "\n".join(lines)
    for figure in ("48.8", "78.0", "93.8", "90,000", "105,359", "5.8%", "+3.8 [+2.7, +4.8]", "只去过 12 个"):
        assert figure in text
    english = "\n".join(report_text(chapter_report, chapter_site, "en"))
    assert "coverage +29.3 points [+27.9, +30.6]" in english and "只" not in english


def test_a_runs_text_names_its_settings_with_the_shared_words(chapter_site):
    config = RunConfig("frontier", 1000, capacity=3, policy="lru")
    lines = run_text(chapter_site, config, run(chapter_site, config), "en")
    assert (
        lines[0] == "strategy visited set + link table, capacity 3, eviction LRU, seed 1000, budget 30 steps"
    )
    zh = run_text(chapter_site, RunConfig("visited"), run(chapter_site, RunConfig("visited")), "zh")
    assert zh[0] == "策略 已访问集合，记忆不限容量，seed 1000，预算 30 步"


def test_a_batchs_text_names_its_settings_and_seeds(chapter_site):
    with Runner() as runner:
        comparison = compare_with_baseline(
            chapter_site, RunConfig("visited", capacity=5), runs=20, runner=runner
        )
    assert batch_text(comparison, "en")[0] == (
        "strategy visited set, capacity 5, eviction FIFO; seeds 1000–1019, 20 runs"
    )
    assert batch_text(comparison, "zh")[0] == "策略 已访问集合，容量 5，淘汰 FIFO；seed 1000～1019，共 20 次"
