"""``memviz compare`` and ``memviz regret`` (issue 12): the argparse part and the commands, free of Qt.

``memviz/cli/commands.py`` adds both with :func:`add_compare_parsers` and runs them through :data:`COMMANDS`.
A CONFIG is ``STRATEGY[/CAPACITY[/POLICY]]`` (``frontier/12/fifo``, ``visited``, ``frontier/inf``);
a bad one is refused with the part named (a ConfigError: one line, exit status 2).
"""

from __future__ import annotations

import argparse
import json
import sys

from memviz.core.compare import MAX_LANES, Comparison, LaneConfig, Regret, check_work, compare_runs, regret
from memviz.core.engine import DEFAULT_BUDGET, RunConfig
from memviz.core.limits import bounds, check_seeds
from memviz.core.registry import ConfigError
from memviz.core.site import Site, load_site
from memviz.core.stats import pct
from memviz.options import (
    add_context_options,
    add_reading_options,
    context_values,
    in_path,
    limited,
    reading_values,
)
from memviz.presentation.divergence import divergence_reason
from memviz.text.report import table, whole
from memviz.wording import compare as compare_words
from memviz.wording import context as context_words
from memviz.wording import term

CONFIG_HELP = (
    "STRATEGY[/CAPACITY[/POLICY]][?ignore=P&skip-write=P&read=all|top:K], e.g. frontier/12/fifo, visited, "
    "frontier/inf, frontier/inf/fifo?ignore=0.25 (the ? part overrides --ignore/--skip-write/--read)"
)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("configs", nargs="+", metavar="CONFIG", help=CONFIG_HELP)
    p.add_argument("--budget", type=limited("budget"), default=DEFAULT_BUDGET, help="steps per run")
    p.add_argument("--site", type=in_path, help="a memviz-site/1 JSON file (default: the chapter's blog)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("zh", "en"), default=argparse.SUPPRESS, help="zh or en")
    add_reading_options(p)  # every lane's, unless its ? part says otherwise
    add_context_options(p)  # --context W|inf, --compaction MODE (issue 38): the same


def add_compare_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``compare`` and ``regret`` to a subparsers object."""
    p = sub.add_parser(
        "compare", help="2-4 configs on one seed, side by side: where they part, what forgetting cost"
    )
    _common(p)
    p.add_argument("--seed", type=limited("seed"), default=1000)
    p = sub.add_parser(
        "regret", help="per config over many seeds: forgotten revisits, evictions, reuse distances"
    )
    _common(p)
    p.add_argument(
        "--runs", type=limited("runs"), default=200, help=f"seeds (1..{bounds('runs')[1]}, default 200)"
    )
    p.add_argument("--seed0", type=limited("seed"), default=1000)


def parse_lanes(texts: list[str], least: int) -> list[LaneConfig]:
    """The lanes ``STRATEGY[/CAPACITY[/POLICY]]`` named on a command line; ConfigError naming the bad one."""
    if not least <= len(texts) <= MAX_LANES:
        raise ConfigError(f"config: give {least} to {MAX_LANES} configs, got {len(texts)}")
    return [LaneConfig.parse(text) for text in texts]


def _print(lines: list[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def cmd_compare(args: argparse.Namespace) -> int:
    configs = parse_lanes(args.configs, 2)
    site = load_site(args.site)
    base = RunConfig(seed=args.seed, budget=args.budget, **reading_values(args), **context_values(args))
    check_work(site, configs, base)
    comparison = compare_runs(site, configs, base)
    if args.json:
        print(json.dumps(comparison.to_dict(), ensure_ascii=False))
    else:
        _print(compare_text(comparison, args.lang))
    return 0


def cmd_regret(args: argparse.Namespace) -> int:
    configs = parse_lanes(args.configs, 1)
    check_seeds(args.seed0, args.runs, ConfigError)
    site = load_site(args.site)
    base = RunConfig(budget=args.budget, **reading_values(args), **context_values(args))
    check_work(site, configs, base, args.runs)
    seeds = range(args.seed0, args.seed0 + args.runs)
    results = [regret(site, config, base, seeds) for config in configs]
    if args.json:
        print(json.dumps({"runs": args.runs, "seed0": args.seed0, "configs": [r.to_dict() for r in results]},
                         ensure_ascii=False))  # fmt: skip
    else:
        _print(regret_text(site, results, seeds, args.lang))
    return 0


COMMANDS = {"compare": cmd_compare, "regret": cmd_regret}


def compare_text(comparison: Comparison, lang: str) -> list[str]:
    site = comparison.site
    seed, budget = comparison.base.seed, comparison.base.budget
    lines = [compare_words.SEED_BUDGET_STEPS_N.pick(lang, seed=seed, budget=budget), ""]
    header = [
        compare_words.CONFIG_COLUMN.pick(lang), context_words.COL_COVERAGE.pick(lang), compare_words.REPEATS.pick(lang),
        term("forgotten_revisits", lang), term("evictions", lang), "Bug", "token",
    ]  # fmt: skip
    rows = []
    for lane in comparison.lanes:
        r = lane.result
        last = lane.steps[-1].event if lane.steps else None
        rows.append([
            lane.config.text(), pct(r.coverage), str(last.repeats if last else 0),
            str(lane.forgotten_revisits), str(lane.evictions), f"{r.bugs}/{site.n_bugs}", whole(r.tokens),
        ])  # fmt: skip
    lines += table(header, rows)
    d = comparison.first_divergence
    lines.append("")
    if d is None:
        lines.append(compare_words.THE_PATHS_NEVER_PART.pick(lang))
    else:
        lines.append(
            compare_words.THE_PATHS_PART_AT_STEP_WHY_N.pick(lang, step=d.step)
            + divergence_reason(comparison, lang)
        )
    forgotten_revisits = term("forgotten_revisits", lang)
    for lane in comparison.lanes:
        misses = [s for s in lane.steps if s.forgotten_revisit]
        label, count = lane.config.text(), len(misses)
        lines += ["", compare_words.LANE_FORGOTTEN_REVISITS_N.pick(lang, label=label, forgotten_revisits=forgotten_revisits, count=count)]  # fmt: skip
        for s in misses:
            name = site.page_name(s.page, lang)
            lines.append(
                compare_words.STEP_BACK_ON_FORGOTTEN_AT_STEP_N.pick(lang, step=s.step, name=name, evicted_at=s.evicted_at)
            )  # fmt: skip
    return lines


def regret_text(site: Site, results: list[Regret], seeds: range, lang: str) -> list[str]:
    first, last, runs = seeds.start, seeds.stop - 1, len(seeds)
    lines = [compare_words.SEED_RANGE_RUNS_N.pick(lang, first=first, last=last, runs=runs), ""]
    forgotten_revisits, evictions = term("forgotten_revisits", lang), term("evictions", lang)
    header = [
        compare_words.CONFIG_COLUMN.pick(lang), compare_words.FORGOTTEN_REVISITS_PER_RUN_N.pick(lang, forgotten_revisits=forgotten_revisits),
        compare_words.EVICTIONS_PER_RUN_N.pick(lang, evictions=evictions), compare_words.REVISITS.pick(lang), context_words.COL_COVERAGE.pick(lang),
    ]  # fmt: skip
    rows = [
        [r.config.text(), f"{r.forgotten_revisits_per_run:.2f}", f"{r.evictions_per_run:.2f}", str(r.revisits),
         pct(r.coverage)]
        for r in results
    ]  # fmt: skip
    lines += table(header, rows)
    lines += ["", compare_words.REUSE_DISTANCE_OF_REVISITS_LINE.pick(lang)]  # fmt: skip
    distances = [str(d) for d in range(site.n_pages)]
    hist_rows = [[r.config.text(), *(str(n) for n in r.reuse_histogram)] for r in results]
    lines += table([compare_words.DISTANCE.pick(lang), *distances], hist_rows)
    return lines
