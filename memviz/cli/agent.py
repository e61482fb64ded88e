"""``memviz agent``: a real model on the site over any OpenAI-compatible endpoint (docs/agent.md).

``memviz/cli/commands.py`` adds the subcommand with :func:`add_agent_parser` and runs
:func:`cmd_agent`. Bad input is one line and exit status 2 before anything is called or written; a
fault of the endpoint or the site is one line (status 2) and keeps every finished step; Ctrl+C keeps
them too (status 130).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from memviz.cli.trace import TraceUsageError
from memviz.core.context import COMPACTIONS, DEFAULT_TURN_TOKENS
from memviz.core.policies import POLICIES
from memviz.options import bounded, capacity, limited

DEFAULT_TRACE_DIR = Path("agent-traces")
MOST_RUNS = 1000
_FILE_SAFE = re.compile(r"[^A-Za-z0-9._=+-]+")


class AgentUsageError(TraceUsageError):
    """Bad input or a fault: one line, exit status 2 (the CLI says a TraceUsageError so)."""


def _number(kind, low, high, what):
    return bounded(what, low, high, whole=kind is int)  # the one reading of a number (ASCII digits)


def _window(text: str) -> float:
    from memviz.core.context import parse_window

    try:
        return parse_window(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_agent_parser(sub: argparse._SubParsersAction, add_lang) -> None:
    from memviz.agent.memory import MODES

    p = sub.add_parser("agent", help="run a real model on the site over an OpenAI-compatible endpoint")
    p.add_argument("url", metavar="URL", nargs="?", default=None,
                   help="the site (default: the blog, served for the run on a free 127.0.0.1 port)")  # fmt: skip
    p.add_argument(
        "--endpoint", required=True, help="the Chat Completions base URL, e.g. http://127.0.0.1:11434/v1"
    )
    p.add_argument("--model", required=True, help="the model's name at the endpoint")
    p.add_argument("--api-key-env", metavar="VAR", default=None,
                   help="the environment variable holding the API key (never written anywhere)")  # fmt: skip
    p.add_argument("--memory", choices=MODES, default="frontier",
                   help="the injected memory: none, visited (visited set + bug list), frontier (+ link table)")  # fmt: skip
    p.add_argument("--capacity", type=capacity, default=None, help="memory entries (default: unlimited)")
    p.add_argument("--policy", choices=[n for n in POLICIES.choices() if n != "opt"], default="fifo")
    p.add_argument("--ttl", type=_number(int, 1, 100_000, "ttl"), default=None, help="with --policy ttl")
    p.add_argument("--budget", type=_number(int, 1, 1000, "budget"), default=30, help="steps (calls) per run")
    p.add_argument("--context", type=_window, default=None, metavar="W",
                   help="send the history too, in a window of W tokens (inf: unlimited; docs/context.md)")  # fmt: skip
    p.add_argument(
        "--compaction", choices=COMPACTIONS, default="truncate", help="with --context: how it makes room"
    )
    p.add_argument("--turn-tokens", type=_number(int, 1, 1_000_000, "turn-tokens"), default=DEFAULT_TURN_TOKENS,
                   help=f"with --context: what a turn counts for in the window (default {DEFAULT_TURN_TOKENS})")  # fmt: skip
    p.add_argument("--tasks", type=Path, default=None, help="a memviz-tasks/1 file (memviz eval's)")
    p.add_argument("--task", default=None, help="one task id of --tasks (or of the built-in set: v1/0 …)")
    p.add_argument("--runs", type=_number(int, 1, MOST_RUNS, "runs"), default=1, help="runs per task")
    p.add_argument(
        "--seed", type=limited("seed"), default=1000, help="the first run's seed (random eviction)"
    )
    p.add_argument(
        "--label", default=None, help="the runs' label for memviz eval (default: the memory setting)"
    )
    p.add_argument("--trace-dir", type=Path, default=DEFAULT_TRACE_DIR, help=f"default {DEFAULT_TRACE_DIR}/")
    p.add_argument("--force", action="store_true", help="replace trace files that exist")
    p.add_argument("--site", type=Path, default=None, help="the site file (default: the blog, v1 and v2)")
    p.add_argument("--temperature", type=_number(float, 0.0, 2.0, "temperature"), default=0.0)
    p.add_argument("--timeout", type=_number(float, 0.1, 3600.0, "timeout"), default=60.0,
                   help="seconds for one call (default 60)")  # fmt: skip
    p.add_argument("--max-total-tokens", type=_number(int, 1, 10**12, "max-total-tokens"), default=None,
                   help="stop every run once the calls have used this many tokens")  # fmt: skip
    p.add_argument("--prompts", type=Path, default=None, help="a folder of prompt templates (docs/agent.md)")
    p.add_argument("--proxy", default=None, metavar="URL",
                   help="reach the endpoint through this HTTP proxy (the environment's proxy is never used)")  # fmt: skip
    p.add_argument("--estimate", action="store_true", help="print the cost estimate and stop (no call made)")
    p.add_argument("--json", action="store_true")
    add_lang(p)


def _plan(args, lang: str):
    """(site, [(task id or None, version, start page, run number, seed)]) from the options."""
    from memviz.core.evaluation.tasks import TaskError, builtin_tasks, load_tasks
    from memviz.core.resources import resource_path
    from memviz.core.site import load_site
    from memviz.wording.agent import BAD_INPUT

    if args.tasks is None and args.task is None:
        site = load_site(
            resource_path("sites", "conduit24-versions.json") if args.site is None else args.site
        )
        start = site.start
        if args.url is not None:  # the task is where the URL starts, if the site file has that page
            parts = urlsplit(args.url)
            start = site.page_at((parts.path or "/") + ("?" + parts.query if parts.query else ""))
        # a task id as the built-in set writes one (VERSION/PAGE): eval --traces pairs runs by it
        task = None if start is None else f"{site.version}/{start}"
        return site, [(task, site.version, site.start, k, args.seed + k) for k in range(args.runs)]
    if args.site is not None:
        raise AgentUsageError(BAD_INPUT["site_with_tasks"].pick(lang))
    try:
        tasks = load_tasks(args.tasks) if args.tasks is not None else builtin_tasks()
    except TaskError as exc:
        raise AgentUsageError(str(exc)) from None
    chosen = tasks.tasks
    if args.task is not None:
        chosen = tuple(task for task in tasks.tasks if task.id == args.task)
        if not chosen:
            raise AgentUsageError(
                BAD_INPUT["no_task"].pick(lang, task=args.task, tasks=tasks.name, first=tasks.tasks[0].id)
            )
    plan = [(t.id, t.version, t.start, k, args.seed + k) for t in chosen for k in range(args.runs)]
    return tasks.site, plan


def _file_name(label: str, task: str | None, run: int) -> str:
    task_part = _FILE_SAFE.sub("-", task) if task else "start"
    return f"{_FILE_SAFE.sub('-', label).strip('-')}__{task_part}__{run + 1}.jsonl"


def _check(args, lang: str):
    from memviz.web.crawler import normalise
    from memviz.wording.agent import BAD_INPUT, KEY_MISSING

    if normalise(args.endpoint) is None:
        raise AgentUsageError(BAD_INPUT["not_http"].pick(lang, option="--endpoint", value=args.endpoint))
    if args.proxy is not None and normalise(args.proxy) is None:
        raise AgentUsageError(BAD_INPUT["not_http"].pick(lang, option="--proxy", value=args.proxy))
    if args.url is not None and normalise(args.url) is None:
        raise AgentUsageError(BAD_INPUT["not_http"].pick(lang, option="URL", value=args.url))
    if args.context is None and (args.compaction != "truncate" or args.turn_tokens != DEFAULT_TURN_TOKENS):
        raise AgentUsageError(BAD_INPUT["no_context"].pick(lang))
    if args.ttl is not None and args.policy != "ttl":
        raise AgentUsageError(BAD_INPUT["ttl_policy"].pick(lang))
    if args.memory == "none" and (args.capacity is not None or args.policy != "fifo"):
        raise AgentUsageError(BAD_INPUT["none_forgets"].pick(lang))
    if not args.model.strip() or len(args.model) > 200:
        raise AgentUsageError(BAD_INPUT["name"].pick(lang, option="--model"))
    if args.label is not None and (not args.label.strip() or len(args.label) > 200):
        raise AgentUsageError(BAD_INPUT["name"].pick(lang, option="--label"))
    key = None
    if args.api_key_env is not None:
        key = os.environ.get(args.api_key_env, "").strip()
        if not key:
            raise AgentUsageError(KEY_MISSING.pick(lang, var=args.api_key_env))
    return key


def estimate_tokens(
    first_prompt_bytes: int, entry_bytes: int, budget: int, capacity: int | None, memory: bool
) -> int:
    """Prompt tokens of one run at 4 bytes a token: the first prompt each step, plus an entry's
    bytes for each page memory holds (one more a step, up to its capacity)."""
    total = 0
    for step in range(1, budget + 1):
        entries = 0 if not memory else (step if capacity is None else min(step, capacity))
        total += first_prompt_bytes + entries * entry_bytes
    return math.ceil(total / 4)


def cmd_agent(args: argparse.Namespace) -> int:
    from memviz.agent.actions import TOOLS
    from memviz.agent.client import ChatClient, EndpointError
    from memviz.agent.history import History
    from memviz.agent.memory import AgentMemory
    from memviz.agent.page import FetchError, SiteReader
    from memviz.agent.prompt import PromptError, build_prompt, load_templates
    from memviz.agent.run import AgentRun, AgentSettings, TokenBudget
    from memviz.agent.serving import ServedVersions
    from memviz.agent.traceout import Redactor, TraceAppender
    from memviz.web.crawler import normalise
    from memviz.wording import agent as words

    lang = args.lang
    key = _check(args, lang)
    redact = Redactor(key)
    site, plan = _plan(args, lang)
    settings = AgentSettings(
        args.model, args.endpoint, args.memory, args.capacity, args.policy, args.ttl, args.budget,
        args.temperature, lang, args.context, args.compaction, args.turn_tokens,
    )  # fmt: skip
    label = args.label or settings.label()
    try:
        AgentMemory(args.memory, args.capacity, args.policy, args.seed, args.ttl)
        templates = load_templates(lang, args.prompts)
    except PromptError as exc:
        raise AgentUsageError(words.PROMPT_PROBLEMS[exc.kind].pick(lang, **exc.fields)) from None
    except ValueError as exc:
        raise AgentUsageError(str(exc)) from None
    files = [args.trace_dir / _file_name(label, task, run) for task, _v, _s, run, _seed in plan]
    if not args.estimate:
        for path in files:
            if path.exists() and not args.force:
                raise AgentUsageError(words.TRACE_EXISTS.pick(lang, path=path))
        try:
            args.trace_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise AgentUsageError(
                words.BAD_INPUT["trace_dir"].pick(lang, path=args.trace_dir, why=exc.strerror)
            ) from None

    def say(kind: str, fields: dict) -> None:
        if "problem" in fields:
            fields = {**fields, "problem": words.problem_text(fields["problem"], lang)}
        print(redact(words.STEP_NOTES[kind].pick(lang, **fields)), file=sys.stderr, flush=True)

    tokens = TokenBudget(args.max_total_tokens)
    results = []
    with ServedVersions(site, lang) as served:

        def start_url(version: str, start: int) -> str:
            if args.url is None:
                base = served.url(version)
                if not plan_announced:
                    print(words.SERVING.pick(lang, url=base), file=sys.stderr, flush=True)
                    plan_announced.append(True)
            else:
                base = normalise(args.url)
            if args.tasks is None and args.task is None:
                return base  # the URL given (or the served start page): where the run starts
            parts = urlsplit(base)
            return f"{parts.scheme}://{parts.netloc}{site.url_path(start)}"  # the task's start page

        plan_announced: list[bool] = []
        # The estimate, from the first task's first prompt (its page fetched, memory empty).
        first_url = start_url(plan[0][1], plan[0][2])
        reader = SiteReader(first_url, site.at_version(plan[0][1]), args.timeout)
        try:
            first = reader.fetch(first_url)
        except FetchError as exc:
            raise AgentUsageError(words.SITE_FAULTS[exc.kind].pick(lang, **exc.fields)) from None
        finally:
            reader.close()
        if first is None:
            raise AgentUsageError(words.SITE_FAULTS["off_site"].pick(lang, url=first_url))
        empty = AgentMemory("none")
        prompt = build_prompt(templates, first, empty, site, lang, 1, args.budget)
        base_bytes = len((prompt.system + prompt.user + json.dumps(TOOLS)).encode())
        entry_bytes = len(f"- {first.url} · {first.title}\n".encode()) + (
            len(" ".join(link.path for link in first.links).encode()) if args.memory == "frontier" else 0
        )
        per_run = estimate_tokens(base_bytes, entry_bytes, args.budget, args.capacity, args.memory != "none")
        print(
            words.ESTIMATE.pick(lang, runs=len(plan), budget=args.budget, calls=len(plan) * args.budget,
                                calls2=2 * len(plan) * args.budget, tokens=f"{per_run * len(plan):,}"),
            file=sys.stderr, flush=True,
        )  # fmt: skip
        if args.estimate:
            return 0
        with ChatClient(
            args.endpoint, args.model, key, args.timeout, args.temperature, proxy=args.proxy
        ) as client:
            for (task, version, start, run, seed), path in zip(plan, files, strict=True):
                if tokens.spent:
                    break
                history = None
                if args.context is not None:
                    history = History(
                        site.at_version(version), args.context, args.compaction, args.turn_tokens
                    )
                trace = TraceAppender(path, args.force, redact)
                agent = AgentRun(
                    settings, client, site.at_version(version), start_url(version, start), templates, trace,
                    tokens, seed=seed, task=task, label=label, timeout=args.timeout, say=say, history=history,
                )  # fmt: skip
                try:
                    outcome = agent.run()
                except (EndpointError, FetchError) as exc:
                    table = words.FAULTS if isinstance(exc, EndpointError) else words.SITE_FAULTS
                    why = table[exc.kind].pick(lang, **{"tries": 1, **exc.fields})
                    step = len(agent.steps)
                    raise AgentUsageError(
                        redact(words.RUN_STOPPED.pick(lang, run=len(results) + 1, task=task or "-", step=step,
                                                      why=why, trace=path))
                    ) from None  # fmt: skip
                finally:
                    trace.close()
                summary = run_summary(agent, outcome, task, run, path)
                results.append(summary)
                if args.json:
                    continue
                print(run_line(summary, lang), flush=True)
    if tokens.spent:
        print(
            words.TOKENS_SPENT.pick(lang, used=f"{tokens.used:,}", most=f"{tokens.most:,}"), file=sys.stderr
        )
    if args.json:
        print(
            json.dumps(
                {"label": label, "model": args.model, "runs": results, "tokens": tokens.used},
                ensure_ascii=False,
            )
        )
    return 0


def run_summary(agent, outcome, task, run, path) -> dict:
    """One run's figures: coverage, the claims against the symptoms the pages showed (the core's
    one claim rule, read back from the trace as written), the tokens."""
    from memviz.core.trace import fingerprint, read_trace
    from memviz.core.trace_stats import checked_claims, claim_figures, detected_bugs

    steps = outcome.steps
    pages = {s.page for s in steps if s.action != "stop" and s.page is not None}
    trace = read_trace(path)
    checked = checked_claims(trace)
    figures = claim_figures(trace, checked)
    seen_prints: set = set()
    dups = 0
    for item in checked:
        key = fingerprint(item.claim.route or "", item.claim.error or "", item.claim.text)
        dups += key in seen_prints
        seen_prints.add(key)
    shown = detected_bugs(trace)
    calls = [c for s in steps for c in s.calls]
    token_values = [
        (c["tokens_in"] or 0) + (c["tokens_out"] or 0) for c in calls if c["tokens_in"] is not None
    ]
    return {
        "task": task, "run": run + 1, "trace": str(path), "steps": len(steps) - 1, "pages": len(pages),
        "coverage": len(pages) / agent.site.n_pages, "claimed": len(checked), "claimed_true": figures.matched or 0,
        "claimed_duplicates": dups, "bugs_shown": len(shown or ()), "bugs_claimed_of_shown": len(figures.bugs_claimed or ()),
        "precision": figures.precision, "recall": figures.recall,
        "tokens": sum(token_values) if token_values else None, "calls": len(calls),
        "latency": round(sum(c["latency"] for c in calls), 3), "stop_reason": outcome.stop_reason,
    }  # fmt: skip


def run_line(summary: dict, lang: str) -> str:
    from memviz.wording import agent as words

    tokens = summary["tokens"]
    return words.RUN_LINE.pick(
        lang, task=summary["task"] or "-", k=summary["run"], steps=summary["steps"], pages=summary["pages"],
        coverage=f"{100 * summary['coverage']:.1f}%", claimed=summary["claimed"], true=summary["claimed_true"],
        dups=summary["claimed_duplicates"], shown=summary["bugs_shown"],
        tokens=words.NO_USAGE.pick(lang) if tokens is None else f"{tokens:,}", reason=words.stop_reason(summary["stop_reason"], lang),
        trace=summary["trace"],
    )  # fmt: skip
