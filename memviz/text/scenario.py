"""The figures of ``memviz scenario NAME`` as text tables, in Chinese or English.

A scenario's table is a function registered by its name with :func:`scenario_body` (the core, where
scenarios are registered, may not use this module's wording); a scenario without one prints its
figures as plain ``key  value`` rows."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from memviz.core.scenarios.catalog import SCENARIOS
from memviz.text.report import strategy_name, table
from memviz.wording import common as common_words
from memviz.wording import evaluation as evaluation_words
from memviz.wording import scenarios as scenarios_words
from memviz.wording import t, ttl_dropped, ttl_steps


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _signed_interval(d: dict, scale: float = 100.0, unit: str = "") -> str:
    return f"{scale * d['mean']:+.1f}{unit} [{scale * d['lo']:+.1f}, {scale * d['hi']:+.1f}]"


def scenario_text(name: str, figures: dict, args: argparse.Namespace, lang: str) -> list[str]:
    scenario = SCENARIOS.get(name)
    runs, seed0 = args.runs, args.seed0
    last = seed0 + runs - 1
    head = [
        f"{scenario.title(lang)} — " + scenarios_words.SEEDS_RUNS_N.pick(lang, seed0=seed0, last=last, runs=runs),
        scenario.lesson(lang),
        "",
    ]  # fmt: skip
    return head + BODIES.get(name, _plain_body)(figures, args, lang)


Body = Callable[[dict, argparse.Namespace, str], list[str]]  # (figures, the command's options, lang)
BODIES: dict[str, Body] = {}


def scenario_body(name: str) -> Callable[[Body], Body]:
    """Decorator: ``body`` prints the figures of the scenario ``name``."""

    def register(body: Body) -> Body:
        BODIES[name] = body
        return body

    return register


def _plain_body(f: dict, args, lang: str) -> list[str]:
    """Any figures: one row per number, nested keys joined by '/'."""

    def rows(value, key: str):
        if isinstance(value, dict):
            for k, v in value.items():
                yield from rows(v, f"{key}/{k}" if key else str(k))
        else:
            yield [key, _num(value, 3) if isinstance(value, float) else str(value)]

    return table([scenarios_words.FIGURE.pick(lang), scenarios_words.VALUE.pick(lang)], list(rows(f, "")))


@scenario_body("ttl")
def _ttl(f: dict, args, lang: str) -> list[str]:
    strategy = strategy_name(f["config"]["strategy"], lang)
    rows = [[str(ttl), _pct(c["mean"]), f"[{_pct(c['lo'])}, {_pct(c['hi'])}]", _num(c["dropped_per_run"], 1)]
            for ttl, c in f["ttl"].items()]  # fmt: skip
    header = [
        ttl_steps(lang),
        common_words.COVERAGE.pick(lang),
        scenarios_words.N95_CI.pick(lang),
        ttl_dropped(lang),
    ]
    return [scenarios_words.STRATEGY_N.pick(lang, strategy=strategy), *table(header, rows)]


@scenario_body("readmodes")
def _readmodes(f: dict, args, lang: str) -> list[str]:
    strategy = strategy_name(f["strategy"], lang)
    rows = []
    for p, c in f["ignore"].items():
        chance = float(p)
        rows.append([scenarios_words.IGNORE_N.pick(lang, chance=chance), _pct(c)])
    rows += [[scenarios_words.TOP_N.pick(lang, k=k), _pct(c)] for k, c in f["top"].items()]
    rows.append([strategy_name("random", lang), _pct(f["no_memory"])])  # the no-memory baseline
    header = [scenarios_words.READ_MODE.pick(lang), common_words.COVERAGE.pick(lang)]
    return [scenarios_words.STRATEGY_N.pick(lang, strategy=strategy), *table(header, rows)]


@scenario_body("ablation")
def _ablation(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.forgetting import ABLATION_NAMES

    lines = []
    header = [evaluation_words.MEMORY.pick(lang), common_words.COVERAGE.pick(lang), scenarios_words.BUGS.pick(lang),
              scenarios_words.REPORTS.pick(lang), scenarios_words.DUPLICATE_REPORTS.pick(lang),
              scenarios_words.COVERAGE_NONE_POINTS_PAIRED_95.pick(lang),
              scenarios_words.DUPLICATES_NONE_PAIRED_95.pick(lang)]  # fmt: skip
    for strategy, rows in f.items():
        navigation = strategy_name(strategy, lang)
        lines.append(scenarios_words.NAVIGATION_N.pick(lang, navigation=navigation))
        body = [
            [t(lang, *ABLATION_NAMES[row]), _pct(r["coverage"]), _num(r["bugs"]), _num(r["reports"]), _num(r["dups"]),
             _signed_interval(r["coverage_vs_none"]), _signed_interval(r["dups_vs_none"], 1.0)]
            for row, r in rows.items()
        ]  # fmt: skip
        lines += [*table(header, body), ""]
    return lines[:-1]


@scenario_body("resume")
def _resume(f: dict, args, lang: str) -> list[str]:
    header = [scenarios_words.PERSIST.pick(lang), common_words.COVERAGE.pick(lang), scenarios_words.DUPLICATE_REPORTS_A_RUN.pick(lang),
              scenarios_words.REPEAT_RATE.pick(lang), scenarios_words.BUGS.pick(lang)]  # fmt: skip
    rows = [[mode, _pct(r["coverage"]), _num(r["dups"]), _pct(r["repeat"]), _num(r["bugs"])]
            for mode, r in f.items() if mode != "interrupt_at"]  # fmt: skip
    k = f["interrupt_at"]
    return [
        scenarios_words.SESSION_1_INTERRUPTED_AFTER_STEP_N.pick(lang, k=k),
        *table(header, rows),
    ]


@scenario_body("version")
def _version(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.version import MODE_NAMES

    header = [scenarios_words.MEMORY_AT_THE_SWITCH.pick(lang), scenarios_words.NEW_BUGS_FOUND.pick(lang),
              scenarios_words.STEPS_TO_FIND_ONE.pick(lang), scenarios_words.STALE_ENTRIES.pick(lang),
              scenarios_words.OLD_BUGS_REPORTED_AGAIN.pick(lang)]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[mode]), f"{_num(r['new_bugs_found'])} / {r['new_bugs']}", _num(r["steps_to_find"], 1),
             _num(r["stale_entries"]), _num(r["rereported"])] for mode, r in f.items()]  # fmt: skip
    return table(header, rows)


@scenario_body("poison")
def _poison(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.poison import MODE_NAMES

    header = [scenarios_words.MEMORY_WRITTEN_AS.pick(lang), scenarios_words.RUNS_POISONED.pick(lang),
              scenarios_words.PAGES_SKIPPED.pick(lang), scenarios_words.BUGS_MISSED.pick(lang), common_words.COVERAGE.pick(lang),
              scenarios_words.TRAVERSAL_WRITES_REFUSED.pick(lang), scenarios_words.NOTES_DROPPED.pick(lang)]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[mode]), f"{r['poisoned_runs']}/{r['runs']}", _num(r["pages_skipped"]),
             _num(r["bugs_missed"]), _pct(r["coverage"]), str(r["writes_refused"]), str(r["notes_dropped"])]
            for mode, r in f.items()]  # fmt: skip
    note = scenarios_words.A_NOTE_IS_BELIEVED_WITH_PROBABILITY_N.pick(lang, believe=args.believe)  # fmt: skip
    return [note, *table(header, rows)]


@scenario_body("dedup")
def _dedup(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.dedup import MODE_NAMES, MODES

    header = [scenarios_words.DEDUP_BY.pick(lang), scenarios_words.REPORTS_KEPT.pick(lang),
              scenarios_words.DUPLICATE_REPORTS_A_RUN.pick(lang), scenarios_words.WRONGLY_MERGED_REPORTS.pick(lang),
              scenarios_words.DISTINCT_BUGS_LOST.pick(lang), scenarios_words.RUNS_LOSING_A_BUG.pick(lang)]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[m]), _num(f[m]["kept"]), _num(f[m]["duplicates"]), _num(f[m]["wrong_merges"], 3),
             _num(f[m]["bugs_lost"], 3), str(f[m]["runs_losing_a_bug"])] for m in MODES]  # fmt: skip
    reports, bugs = f["reports"], f["bugs"]
    note = scenarios_words.A_RUN_FILES_REPORTS_ON_DISTINCT_N.pick(lang, reports=reports, bugs=bugs)  # fmt: skip
    return [note, *table(header, rows)]
