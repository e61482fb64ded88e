"""``memviz eval`` (issue 26): two configs on a task set, paired by task; or the ablation's four rows.

``memviz/cli/commands.py`` adds it with :func:`add_eval_parser` and runs it through :data:`COMMANDS`.
Configs are written as for ``memviz compare`` (``random``, ``visited``, ``frontier/12/fifo``).
Bad input (a config, a task file, seeds past the last) is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import TYPE_CHECKING

from memviz.cli.compare import CONFIG_HELP
from memviz.core.compare import LaneConfig
from memviz.core.engine import DEFAULT_BUDGET, RunConfig
from memviz.core.evaluation.settings import DEFAULT_REPEATS, DEFAULT_SEED0, METRICS
from memviz.core.evaluation.tasks import BUILTIN_NAME
from memviz.core.limits import decimal_number
from memviz.options import add_context_options, context_values, in_path, limited
from memviz.text.report import table

if TYPE_CHECKING:
    from memviz.core.evaluation import Evaluation, TaskPaired
    from memviz.core.evaluation.runs import AblationRow
from memviz.wording import evaluation as evaluation_words
from memviz.wording import evaluation as words
from memviz.wording.evaluation import (
    ablation_name,
    bootstrap_words,
    deft_words,
    delta_words,
    interval,
    metric_name,
    needed,
    permutation_words,
    runs_words,
    value,
    verdict,
)


def _delta(text: str) -> float:
    try:
        x = decimal_number(text)  # ASCII digits only, as every option's number
    except ValueError:
        raise argparse.ArgumentTypeError(f"delta must be a number, got {text!r}") from None
    if not (math.isfinite(x) and x > 0):
        raise argparse.ArgumentTypeError(f"delta must be a number above 0, got {text!r}")
    return x


def add_eval_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "eval",
        help="two configs on a task set, paired by task: intervals, design effect, tasks needed",
        description="Run A (the baseline) and B (the treatment) on every task of a task set, "
        "REPEATS times each with the same seeds, and compare them task by task (the chapter's "
        "真实评测怎么设计). --ablation runs no memory, the visited set only, the bug list only and both.",
    )
    p.add_argument("configs", nargs="*", metavar="CONFIG", help=f"A and B: {CONFIG_HELP}")
    p.add_argument("--tasks", type=in_path, help="a memviz-tasks/1 file (default: the built-in 32 tasks)")
    p.add_argument("--repeats", type=limited("repeats"), default=DEFAULT_REPEATS, help="runs per task")
    p.add_argument("--seed0", type=limited("seed"), default=DEFAULT_SEED0)
    p.add_argument("--metric", choices=METRICS, default="coverage")
    p.add_argument(
        "--delta", type=_delta, default=None,
        help="the difference to detect (sample size), in the metric's unit (0.03 is 3 points of a proportion); "
        "default: 3 points for coverage, bug recall and repeat rate, 0.5 duplicate reports, 3,000 tokens, 5 steps",
    )  # fmt: skip
    p.add_argument("--budget", type=limited("budget"), default=DEFAULT_BUDGET, help="steps per run")
    add_context_options(p)  # --context W|inf, --compaction MODE (issue 38): every config's, unless its ? says
    p.add_argument(
        "--until-all-bugs", action="store_true", help="runs go on until every bug is found (steps, tokens)"
    )
    p.add_argument(
        "--ablation",
        action="store_true",
        help="no memory / visited set only / bug list only / both (CONFIG: the memory)",
    )
    p.add_argument(
        "--traces", type=in_path, metavar="DIR", help="evaluate the memviz-trace/1 files in DIR instead"
    )
    p.add_argument(
        "--baseline", metavar="LABEL", help="with --traces: A, a config (random, frontier/12) or an agent"
    )
    p.add_argument("--treatment", metavar="LABEL", help="with --traces: B")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("zh", "en"), default=argparse.SUPPRESS, help="zh or en")


def _configs(args: argparse.Namespace) -> list[RunConfig]:
    from memviz.core.evaluation import EvalError

    base = RunConfig(budget=args.budget, **context_values(args))
    if args.ablation:
        if len(args.configs) > 1:
            raise EvalError(
                f"config: --ablation takes one memory config (default frontier), got {len(args.configs)}"
            )
        return [LaneConfig.parse(args.configs[0] if args.configs else "frontier").run_config(base)]
    if len(args.configs) != 2:
        raise EvalError(f"config: give two configs, A (baseline) and B (treatment), got {len(args.configs)}")
    return [LaneConfig.parse(text).run_config(base) for text in args.configs]


def cmd_eval(args: argparse.Namespace) -> int:
    from memviz.core.evaluation import ablation, ablation_table, evaluate, load_tasks
    from memviz.core.evaluation.report import ablation_dict, eval_dict

    if args.traces is not None or args.baseline is not None or args.treatment is not None:
        return _cmd_traces(args)
    configs = _configs(args)
    task_set = load_tasks(args.tasks)
    if args.ablation:
        evaluation = ablation(task_set, configs[0], args.repeats, args.seed0, args.until_all_bugs)
        rows = ablation_table(evaluation, args.metric, args.delta)
        if args.json:
            print(json.dumps(ablation_dict(evaluation, rows, args.metric), ensure_ascii=False))
        else:
            _print(ablation_text(evaluation, rows, args.metric, args.lang))
        return 0
    evaluation = evaluate(
        task_set, {"a": configs[0], "b": configs[1]}, args.repeats, args.seed0, args.until_all_bugs
    )
    paired = evaluation.paired(args.metric, delta=args.delta)
    labels = [text.strip() for text in args.configs]  # as typed
    if args.json:
        print(json.dumps(eval_dict(evaluation, paired, args.metric), ensure_ascii=False))
    else:
        _print(eval_text(evaluation, paired, args.metric, labels, args.lang))
    return 0


def _cmd_traces(args: argparse.Namespace) -> int:
    from memviz.core.evaluation import EvalError
    from memviz.core.evaluation.bugs import bug_tables
    from memviz.core.evaluation.report import traces_dict
    from memviz.core.evaluation.traces import evaluate_traces, read_traces

    if args.traces is None or not args.baseline or not args.treatment:
        raise EvalError("traces: give --traces DIR with --baseline LABEL and --treatment LABEL")
    if args.configs or args.ablation or args.tasks is not None or args.until_all_bugs:
        raise EvalError(
            "traces: the runs are the traces; give no configs, --ablation, --tasks or --until-all-bugs"
        )
    evaluation = evaluate_traces(read_traces(args.traces), args.baseline, args.treatment)
    paired = evaluation.paired(args.metric, args.delta)
    if args.json:
        print(json.dumps(traces_dict(evaluation, paired, args.metric), ensure_ascii=False))
        return 0
    lang = args.lang
    lines = paired_text(list(evaluation.tasks), paired, args.metric, (args.baseline, args.treatment), lang,
                        evaluation_words.TRACES_IN_FOLDER_N.pick(lang, traces=args.traces), None)  # fmt: skip
    if evaluation.missing:
        lines += [
            "",
            evaluation_words.TASKS_WITH_RUNS_ON_ONE_SIDE.pick(lang),
        ]
        for task, side in evaluation.missing.items():
            has = (
                evaluation_words.BASELINE_ONLY.pick(lang)
                if side == "a"
                else evaluation_words.TREATMENT_ONLY.pick(lang)
            )
            lines.append(f"  {task}: {has}")
    lines += ["", *bug_lines(bug_tables(evaluation), lang)]
    _print(lines)
    return 0


def bug_lines(tables: list | None, lang: str) -> list[str]:
    """Per bug, the paired found/not-found counts over tasks and the exact McNemar p."""
    if tables is None:
        return [words.BUGS_UNKNOWN.pick(lang)]
    header = [words.BUG_PAGE.pick(lang), evaluation_words.TASKS_COLUMN.pick(lang), words.BOTH.pick(lang), words.A_ONLY.pick(lang),
              words.B_ONLY.pick(lang), words.NEITHER.pick(lang), "McNemar p"]  # fmt: skip
    rows = [
        [words.PAGE_N.pick(lang, page=b.page) + (f" {b.route}" if b.route else ""), str(b.tasks), str(b.both),
         str(b.a_only), str(b.b_only), str(b.neither), f"{b.p_value:.3g}"]
        for b in tables
    ]  # fmt: skip
    return [words.BUGS_PAIRED_TITLE.pick(lang), *table(header, rows)]


COMMANDS = {"eval": cmd_eval}


def _print(lines: list[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def eval_text(
    evaluation: Evaluation, paired: TaskPaired, metric: str, labels: list[str], lang: str
) -> list[str]:
    from memviz.core.evaluation.bugs import simulated_bug_tables

    name = evaluation.task_set.name
    if name == BUILTIN_NAME:
        name = evaluation_words.BUILT_IN_TASK_SET.pick(lang)
    source = evaluation_words.SEEDS_FROM_N.pick(lang, name=name, seed0=evaluation.seed0)
    censored = None
    if evaluation.until_all_bugs:
        censored = (evaluation.censored_counts("a"), evaluation.censored_counts("b"))
    lines = paired_text(
        [task.id for task in evaluation.tasks], paired, metric, labels, lang, source, censored
    )
    if censored is not None:
        a_runs, b_runs = sum(censored[0]), sum(censored[1])
        lines += ["", evaluation_words.RUNS_THAT_STOPPED_BEFORE_EVERY_BUG_N.pick(lang, a_runs=a_runs, b_runs=b_runs)]  # fmt: skip
    # The Evaluate tab's Bugs page, in the same shape as --traces' table (a simulated run knows its bugs).
    return [*lines, "", *bug_lines(simulated_bug_tables(evaluation), lang)]


def paired_text(
    task_ids: list[str], paired: TaskPaired, metric: str, labels, lang: str, source: str,
    censored: tuple[list[int], list[int]] | None,
) -> list[str]:  # fmt: skip
    """The per-task table and every figure of one metric, in ``lang``."""
    name, runs = metric_name(metric, lang), runs_words(paired, lang)
    baseline, treatment = labels[0], labels[1]
    lines = [
        evaluation_words.METRIC_N.pick(lang, source=source, runs=runs, name=name),
        evaluation_words.A_IS_BASELINE_B_IS_TREATMENT_N.pick(lang, baseline=baseline, treatment=treatment),
        "",
    ]  # fmt: skip
    unbalanced = paired.repeats is None
    header = [evaluation_words.TASK.pick(lang), "A", "B", evaluation_words.DIFF_B_A.pick(lang)]
    if unbalanced:
        header.append(words.RUNS_A_B.pick(lang))
    if censored is not None:
        header += [evaluation_words.CENSORED_A_B.pick(lang)]
    rows = []
    for i, task in enumerate(task_ids):
        row = [
            task,
            value(metric, paired.a[i]),
            value(metric, paired.b[i]),
            value(metric, paired.diff[i], True),
        ]
        if unbalanced:
            row.append(f"{paired.runs_a[i]}/{paired.runs_b[i]}")
        if censored is not None:
            row.append(f"{censored[0][i]}/{censored[1][i]}")
        rows.append(row)
    lines += table(header, rows)
    boot = (
        words.TASK_BOOTSTRAP_N.pick(lang, ci=interval(metric, paired.bootstrap_ci))
        if math.isfinite(paired.bootstrap_ci[0]) else "  " + bootstrap_words(paired.tasks, lang)
    )  # fmt: skip
    lines += ["", words.MEAN_DIFF_N.pick(lang, mean=value(metric, paired.mean_diff, True))]
    if paired.tasks > 1:
        lines.append(words.TASK_LEVEL_CI_N.pick(lang, df=paired.df, ci=interval(metric, paired.ci_task)))
    lines += [
        *([boot] if paired.tasks > 1 else []),  # one task: the line below says there is no interval
        words.FLATTENED_N.pick(lang, ci=interval(metric, paired.ci_flat)),
        words.SIGN_FLIP_N.pick(lang, p=permutation_words(paired, lang)),
        verdict(paired.mean_diff, paired.ci_task, lang),
        deft_words(paired, lang),
        "",
        words.TO_DETECT_N.pick(lang, delta=delta_words(metric, paired.delta, lang), tasks=needed(paired.tasks_needed, lang)),
    ]  # fmt: skip
    for kk, n_at in paired.tasks_needed_at.items():
        lines.append(words.AT_K_RUNS_N.pick(lang, k=kk, tasks=needed(n_at, lang)))
    return lines


def ablation_text(evaluation: Evaluation, rows: list[AblationRow], metric: str, lang: str) -> list[str]:
    n, k = len(evaluation.tasks), evaluation.repeats
    name = metric_name(metric, lang)
    lines = [
        evaluation_words.ABLATION_TASKS_RUNS_EACH_SAME_TASKS_N.pick(lang, n=n, k=k),
        "",
    ]  # fmt: skip
    header = [
        evaluation_words.MEMORY.pick(lang), metric_name("coverage", lang), metric_name("bug_recall", lang),
        metric_name("dups", lang), metric_name("tokens", lang),
        evaluation_words.VS_NONE_N.pick(lang, name=name),
    ]  # fmt: skip
    body = []
    for row in rows:
        diff = (
            ""
            if row.vs_none is None
            else f"{value(metric, row.vs_none.mean_diff, True)} {interval(metric, row.vs_none.ci_task)}"
        )
        body.append([
            ablation_name(row.row, lang), value("coverage", row.means["coverage"]),
            value("bug_recall", row.means["bug_recall"]), value("dups", row.means["dups"]),
            value("tokens", row.means["tokens"]), diff,
        ])  # fmt: skip
    return lines + table(header, body)
