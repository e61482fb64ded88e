"""The chapter's figures as text tables, in Chinese or English (``memviz report``, ``run``, ``batch``).

Names, a config's one-line summary and counts come from :mod:`memviz.wording`, shared with the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memviz.core.engine import RunConfig, RunResult
from memviz.core.experiments import Comparison
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.wording import NO_VALUE, config_summary, no_bug_found, policy_name, ratio, strategy_name, t, whole
from memviz.wording import analysis as analysis_words
from memviz.wording import common as common_words
from memviz.wording import context as context_words
from memviz.wording import explore as explore_words
from memviz.wording import report as report_words
from memviz.wording.reading import reading_label

if TYPE_CHECKING:
    from memviz.core.streaming import StreamedComparison


def interval(mean: float, lo: float, hi: float, sign: bool = True) -> str:
    return f"{pct(mean, sign)} [{pct(lo, sign)}, {pct(hi, sign)}]"


def _width(text: str) -> int:
    # CJK characters take two terminal columns.
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    cols = [header, *rows]
    widths = [max(_width(r[i]) for r in cols) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - _width(cell))
            out.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(out).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def headline_lines(tables: dict, lang: str) -> list[str]:
    """The two lines the chapter's script prints, word for word in Chinese."""
    lines = []
    for s in ("visited", "frontier"):
        d = tables["diffs"][s]
        body = interval(d["mean"], d["lo"], d["hi"])
        mean, rest = body.split(" ", 1)
        lines.append(report_words.RANDOM_COVERAGE_POINTS_N.pick(lang, s=s, mean=mean, rest=rest))
    return lines


def run_text(site: Site, config: RunConfig, result: RunResult, lang: str) -> list[str]:
    names = [site.page_name(p, lang) for p in result.path]
    stop = {
        "budget": explore_words.BUDGET_USED_UP.pick(lang),
        "all_bugs": report_words.ALL_BUGS_FOUND.pick(lang),
        "max_steps": report_words.STEP_LIMIT_REACHED.pick(lang),
        "done": report_words.NOTHING_LEFT_IT_REMEMBERS_STOPPED.pick(lang),
        "dead_end": report_words.PAGE_HAS_NO_LINK_TO_CLICK.pick(lang),
    }[result.stop_reason]
    return [
        report_words.STRATEGY_LEADS_A_LINE.pick(lang) + config_summary(config, lang),
        common_words.COVERAGE.pick(lang)
        + f" {pct(result.coverage)}% ({round(result.coverage * site.n_pages)}/{site.n_pages})",
        report_words.REPEAT_RATE.pick(lang) + f" {pct(result.repeat)}%",
        report_words.BUGS_FOUND.pick(lang) + f" {result.bugs}/{site.n_bugs}",
        report_words.BUG_REPORTS.pick(lang)
        + f" {result.reports}"
        + report_words.DUPLICATES.pick(lang)
        + str(result.dups),
        report_words.ESTIMATED_TOKENS.pick(lang) + f" {whole(result.tokens)}",
        report_words.STEPS.pick(lang)
        + f" {result.steps}（{stop}）".replace("（", " (" if lang == "en" else "（").replace(
            "）", ")" if lang == "en" else "）"
        ),
        report_words.PATH.pick(lang) + " → ".join(names),
    ]


METRIC_LABELS = {
    "coverage": context_words.COL_COVERAGE,
    "repeat": report_words.REPEAT_RATE_PERCENT,
    "bugs": report_words.BUGS_FOUND,
    "reports": report_words.BUG_REPORTS,
    "dups": report_words.DUPLICATE_REPORTS,
    "tokens": ("token", "tokens"),
    "steps": report_words.STEPS,
}


def metric_cell(key: str, value: float) -> str:
    if key in ("coverage", "repeat"):
        return pct(value)
    if key == "tokens":
        return whole(value)
    return f"{value:.2f}".rstrip("0").rstrip(".") if key != "steps" else f"{value:.2f}"


def means_table(rows: list[tuple[str, dict]], lang: str) -> list[str]:
    keys = list(METRIC_LABELS)
    header = [report_words.STRATEGY_COLUMN.pick(lang), *(t(lang, *METRIC_LABELS[k]) for k in keys)]
    return table(header, [[name, *(metric_cell(k, m[k]) for k in keys)] for name, m in rows])


def batch_text(comparison: Comparison | StreamedComparison, lang: str) -> list[str]:
    config, d = comparison.config, comparison.diff
    runs = len(comparison.seeds)
    first, last = comparison.seeds.start, comparison.seeds.stop - 1
    lines = [
        report_words.STRATEGY_LEADS_A_LINE.pick(lang)
        + config_summary(config, lang, seed=False, budget=False)
        + report_words.SEEDS_RUNS_N.pick(lang, first=first, last=last, runs=runs),
        "",
        *means_table(
            [
                (strategy_name(config.strategy, lang), comparison.current_means),
                (
                    strategy_name("random", lang) + report_words.BASELINE.pick(lang),
                    comparison.baseline_means,
                ),
            ],
            lang,
        ),
        "",
        report_words.PAIRED_COVERAGE_DIFFERENCE_CURRENT_NO.pick(lang)
        + interval(d.mean, d.lo, d.hi)
        + report_words.POINTS.pick(lang),
        report_words.HIGHER_IN_OF_RUNS_N.pick(lang, runs=runs, wins=d.wins),
        report_words.BOOTSTRAP_INTERVAL_RESAMPLES_N.pick(
            lang, bootstrap_resamples=comparison.bootstrap_resamples
        )
        + f"[{pct(d.boot_lo, True)}, {pct(d.boot_hi, True)}]",
        report_words.HALF_WIDTH_PAIRED.pick(lang)
        + f"{d.paired_half * 100:.2f}"
        + report_words.UNPAIRED.pick(lang)
        + f"{d.unpaired_half * 100:.2f}"
        + report_words.POINTS.pick(lang),
    ]
    return lines


def _cost_lesson(cost: dict, lang: str) -> str:
    """The chapter's sentence on what memory costs a step and saves in all; on a site where no bug
    was found or no step taken, what has no value is said instead (never "nan")."""
    per_step = {s: ratio(cost[s]["tokens"], cost[s]["steps"]) for s in ("random", "frontier")}
    share = ratio(cost["frontier"]["tokens"], cost["random"]["tokens"])
    if all(cost[s]["tokens_per_bug"] is None for s in ("random", "visited", "frontier")):
        none_found = no_bug_found(lang)
        if lang != "zh":
            none_found = none_found.capitalize()  # it starts the sentence
        return report_words.TOKENS_PER_BUG_HAVE_NO_VALUE_N.pick(
            lang, none_found=none_found, NO_VALUE=NO_VALUE
        )
    if per_step["random"] is None or per_step["frontier"] is None or share is None:
        return analysis_words.NO_STEP_WAS_TAKEN_TOKENS_PER_N.pick(lang, NO_VALUE=NO_VALUE)  # fmt: skip
    premium = pct(per_step["frontier"] / per_step["random"] - 1)
    share_pct = pct(share)
    return report_words.MEMORY_WITH_A_LINK_TABLE_COSTS_N.pick(lang, premium=premium, share_pct=share_pct)


def report_text(tables: dict, site: Site, lang: str) -> list[str]:
    """``chapter_tables``' figures as the report's text: the headline, then a section per table."""
    return [
        *headline_lines(tables, lang),
        *_reading_lines(tables, lang),
        *_strategy_lines(tables, lang),
        *_paired_lines(tables, lang),
        *_cost_lines(tables, site, lang),
        *_capacity_lines(tables, lang),
        *_story_lines(tables, site, lang),
    ]


def _reading_lines(tables: dict, lang: str) -> list[str]:
    """Issue 27: how every run's memory was read, when not as the chapter's."""
    lines: list[str] = []
    if "reading" in tables:  # issue 27: every run's memory misused or read by retrieval
        reading = reading_label(tuple(tables["reading"].items()), lang)
        lines += ["", report_words.EVERY_RUN_S_MEMORY_N.pick(lang, reading=reading)]
    return lines


def _strategy_lines(tables: dict, lang: str) -> list[str]:
    """The three strategies' means."""
    runs, first = tables["runs"], tables["seed0"]
    last = first + runs - 1
    lines: list[str] = []
    strategies = tables["strategies"]
    lines += [
        "",
        report_words.THREE_STRATEGIES_SEEDS_UNLIMITED_MEMORY_N.pick(lang, first=first, last=last),
    ]
    lines += means_table(
        [(strategy_name(s, lang), strategies[s]) for s in ("random", "visited", "frontier")], lang
    )
    return lines


def _paired_lines(tables: dict, lang: str) -> list[str]:
    """Memory − no memory on the same seeds, with and without pairing."""
    runs = tables["runs"]
    lines: list[str] = []
    lines += [
        "",
        report_words.PAIRED_DIFFERENCES_SAME_SEED_MEMORY_NO.pick(lang),
    ]
    header = [
        report_words.STRATEGY_COLUMN.pick(lang),
        report_words.MEAN_95_NORMAL.pick(lang),
        report_words.BOOTSTRAP.pick(lang),
        report_words.WINS.pick(lang),
        report_words.PAIRED_HALF.pick(lang),
        report_words.UNPAIRED_HALF.pick(lang),
    ]
    rows = []
    for s in ("visited", "frontier"):
        d = tables["diffs"][s]
        rows.append(
            [
                strategy_name(s, lang),
                interval(d["mean"], d["lo"], d["hi"]),
                f"[{pct(d['boot_lo'], True)}, {pct(d['boot_hi'], True)}]",
                f"{d['wins']}/{runs}",
                f"{d['paired_half'] * 100:.2f}",
                f"{d['unpaired_half'] * 100:.2f}",
            ]
        )
    lines += table(header, rows)
    lines.append(report_words.PAIRING_BARELY_NARROWS_THE_INTERVAL_IT.pick(lang))
    return lines


def _cost_lines(tables: dict, site: Site, lang: str) -> list[str]:
    """Tokens over the budget, and what finding every bug costs."""
    runs, strategies = tables["runs"], tables["strategies"]
    lines: list[str] = []
    cost = tables["cost"]
    lines += ["", report_words.COST_TOTAL_TOKENS_OVER_A_30.pick(lang)]
    lines.append(
        "  ".join(
            f"{strategy_name(s, lang)} {whole(strategies[s]['tokens'])}"
            for s in ("random", "visited", "frontier")
        )
    )
    lines += [
        "",
        report_words.WHAT_IT_COSTS_TO_FIND_ALL.pick(lang, n_bugs=site.n_bugs),
    ]
    header = [
        report_words.STRATEGY_COLUMN.pick(lang),
        report_words.MEAN_STEPS.pick(lang),
        common_words.MEAN_TOKENS.pick(lang),
        report_words.TOKENS_STEP.pick(lang),
        report_words.TOKENS_BUG.pick(lang),
        report_words.VS_NO_MEMORY.pick(lang),
        report_words.ALL_FOUND.pick(lang),
    ]
    rows = []
    for s in ("random", "visited", "frontier"):
        c = cost[s]
        share = ratio(c["tokens"], cost["random"]["tokens"])
        rows.append(
            [
                strategy_name(s, lang),
                f"{c['steps']:.1f}",
                whole(c["tokens"]),
                whole(ratio(c["tokens"], c["steps"])),
                whole(c["tokens_per_bug"]),
                NO_VALUE if share is None else pct(share) + "%",
                f"{c['all_found']}/{runs}",
            ]
        )
    lines += table(header, rows)
    lines.append(_cost_lesson(cost, lang))
    return lines


def _capacity_lines(tables: dict, lang: str) -> list[str]:
    """Limited capacity: coverage by capacity and policy."""
    lines: list[str] = []
    lines += [
        "",
        report_words.LIMITED_CAPACITY_VISITED_SET_LINK_TABLE.pick(lang),
    ]
    sweep_ci = tables["sweep_ci"]
    policies = tuple(next(iter(sweep_ci.values()), {}))  # the chapter's three, then any asked for
    header = [report_words.CAPACITY.pick(lang), *(policy_name(p, lang) for p in policies)]
    rows = [
        [
            cap,
            *(
                interval(sweep_ci[cap][p]["mean"], sweep_ci[cap][p]["lo"], sweep_ci[cap][p]["hi"], sign=False)
                for p in policies
            ),
        ]
        for cap in sweep_ci
    ]
    lines += table(header, rows)
    if "cap12_random_minus_fifo" in tables:
        d = tables["cap12_random_minus_fifo"]
        lines.append(
            report_words.CAPACITY_12_RANDOM_FIFO_PAIRED.pick(lang)
            + interval(d["mean"], d["lo"], d["hi"])
            + report_words.POINTS.pick(lang)
        )
    return lines


def _story_lines(tables: dict, site: Site, lang: str) -> list[str]:
    """Seed 1000's run without memory, told."""
    lines: list[str] = []
    story = tables["seed1000"]
    lines += ["", report_words.THE_NO_MEMORY_RUN_ON_SEED.pick(lang)]
    pages_seen, home_returns = story["pages_seen"], story["home_returns"]
    start_page = site.page_name(site.start, lang)
    profile_returns, delete_account_visits = story["profile_returns"], story["delete_account_visits"]
    lines.append(
        report_words.AFTER_30_STEPS_OF_PAGES_SEEN_N.pick(lang, n_pages=site.n_pages, pages_seen=pages_seen)
        + report_words.BACK_TO_MORE_TIMES_N.pick(lang, start_page=start_page, home_returns=home_returns)
        + (
            report_words.TO_MY_PROFILE_MORE_TIMES_N.pick(lang, profile_returns=profile_returns)
            if profile_returns is not None
            else ""
        )
        + report_words.FULL_STOP.pick(lang)
    )
    if delete_account_visits is not None:
        lines.append(
            report_words.DELETE_ACCOUNT_VISITED_TIMES_N.pick(
                lang, delete_account_visits=delete_account_visits
            )
        )
    dup_names = common_words.NAME_SEPARATOR.pick(lang).join(
        site.page_name(p, lang) for p in story["duplicate_pages"]
    )
    reports, dups = story["reports"], story["dups"]
    lines.append(
        report_words.BUG_REPORTS_OF_THEM_DUPLICATES_N.pick(
            lang, reports=reports, dups=dups, dup_names=dup_names
        )
    )
    return lines
