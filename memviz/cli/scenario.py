"""Issue 13 on the command line: the switches ``--ttl``, ``--no-bug-list`` (run, batch, snapshot,
record), a run interrupted and resumed (``run --interrupt-at K --persist none|step|milestone:M
[--memory-dir DIR]``) and ``memviz scenario NAME [--json]``, each scenario's figures over seeds.

``memviz/cli/commands.py`` adds these with :func:`add_switches`, :func:`add_resume_options` and
:func:`add_scenario_parser`; bad input raises ``ValueError`` with one line, which the CLI prints.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memviz.core.limits import check_seeds
from memviz.core.policies import takes_ttl, ttl_policy
from memviz.core.registry import ConfigError
from memviz.core.scenarios.catalog import SCENARIOS
from memviz.core.strategies import STRATEGIES
from memviz.options import in_path, limited
from memviz.wording import scenarios as scenarios_words


def _argument_type(parse):
    """A core parser as argparse's ``type``: its ValueError is the one line argparse prints."""

    def checked(text: str):
        try:
            return parse(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    checked.__name__ = getattr(parse, "__name__", "value")
    return checked


def _persist(text: str) -> str:
    from memviz.core.scenarios.resume import persist_option

    return _argument_type(persist_option)(text)


def add_switches(p: argparse.ArgumentParser) -> None:
    """--ttl T (policy ttl) and --no-bug-list, on every command that makes runs."""
    p.add_argument("--ttl", type=limited("ttl"), default=None,
                   help="time to live in steps: forget an entry T steps after its last visit (policy ttl)")  # fmt: skip
    p.add_argument("--no-bug-list", dest="bug_list", action="store_const", const=False, default=None,
                   help="keep navigation, switch duplicate suppression off (every visit to a bug reports)")  # fmt: skip


def switch_values(args: argparse.Namespace) -> dict:
    """RunConfig fields from --policy and the switches (``args`` is left as it is).

    --policy is None when not given, so a choice can be told from the default: --ttl T alone means
    the policy that takes a time to live; with a --policy that takes none (``--policy fifo --ttl 4``)
    it is refused, one line, rather than one of the two quietly winning. No --policy, no --ttl: the
    RunConfig's own default policy."""
    ttl = getattr(args, "ttl", None)
    policy = getattr(args, "policy", None)
    values: dict = {"bug_list": getattr(args, "bug_list", None)}
    if ttl is not None:
        if policy is None:
            policy = ttl_policy()
        elif not takes_ttl(policy):
            raise ConfigError(
                f"--ttl: a time to live is policy {ttl_policy()}'s, not --policy {policy}'s "
                f"(drop --policy, or give --policy {ttl_policy()})"
            )
        values["ttl"] = ttl
    if policy is not None:
        values["policy"] = policy
    return values


def add_resume_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--interrupt-at", type=limited("interrupt_at"), default=None,
                   help="lose the context after step K; session 2 reads memory back from disk")  # fmt: skip
    p.add_argument("--persist", type=_persist, default="none",
                   help="what was written before the cut: none, step (every step) or milestone:M")  # fmt: skip
    p.add_argument("--memory-dir", type=in_path, default=None,
                   help="the memory directory (default: a fresh temporary one)")  # fmt: skip


def _one_line_errors(command):
    """Bad input found while a scenario runs (a version not in the file, a memory directory that
    cannot be used...) is a ConfigError: one line, exit status 2."""

    def checked(*args, **kwargs) -> int:
        try:
            return command(*args, **kwargs)
        except ConfigError:
            raise
        except ValueError as exc:
            raise ConfigError(str(exc)) from None

    return checked


@_one_line_errors
def cmd_resumed_run(args: argparse.Namespace, site, config) -> int:
    """``run --interrupt-at K``: both sessions; JSON has ``sessions`` instead of ``path``."""
    from memviz.core.scenarios.resume import resumed_run
    from memviz.core.scenarios.store import MemoryStore

    store = None if args.memory_dir is None else _store(args.memory_dir, MemoryStore)
    result = resumed_run(site, config, args.interrupt_at, args.persist, store)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    lang = args.lang
    lines = [
        scenarios_words.SESSION_1_INTERRUPTED_PERSIST_N.pick(
            lang, step=args.interrupt_at, persist=args.persist
        ),
        scenarios_words.SESSION_2_READ_BACK_N.pick(lang, loaded=_loaded(result, lang)),
        scenarios_words.RESUMED_FIGURES_N.pick(
            lang, coverage=100 * result.coverage, dups=result.dups, bugs=result.bugs
        ),
    ]
    for k, session in enumerate(result.sessions, 1):
        names = " → ".join(site.page_name(p, lang) for p in session)
        lines.append(scenarios_words.SESSION_N.pick(lang, session=k) + names)
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _loaded(result, lang: str) -> str:
    if result.loaded_step is None:
        return scenarios_words.NOTHING_READ_BACK.pick(lang)
    return scenarios_words.THE_STATE_AFTER_STEP_N.pick(
        lang, step=result.loaded_step, entries=len(result.loaded_memory), bugs=len(result.loaded_bugs)
    )


def _store(directory: Path, store_class):
    try:
        return store_class(directory)
    except OSError as exc:
        raise ValueError(f"memory-dir: cannot use {directory}: {exc.strerror or exc}") from None


# -- memviz scenario NAME ------------------------------------------------------------------------------


def add_scenario_parser(sub: argparse._SubParsersAction, add_lang, add_site) -> None:
    """``memviz scenario NAME``: every registered scenario, with the options each one declares."""
    p = sub.add_parser(
        "scenario",
        help="the chapter's memory test cases: " + ", ".join(SCENARIOS.choices()),
        description="A memory scenario's figures over seeds 1000..1199 (see the Scenarios tab).",
    )
    p.add_argument("name", choices=SCENARIOS.choices(), help="which scenario")
    p.add_argument("--runs", type=limited("scenario_runs"), default=200)
    p.add_argument("--seed0", type=limited("seed"), default=1000, help="the first seed (default 1000)")
    p.add_argument("--strategy", choices=STRATEGIES.choices(), default=None, help="one with memory")
    added: set[str] = set()  # scenarios may share an option (checked when registered: one meaning)
    # Plugins' scenarios bring options of their own: loaded when the command line names `scenario`
    # or asks for help (memviz.cli.commands), not on every start.
    for scenario in SCENARIOS.values() if SCENARIOS.discovered else SCENARIOS.loaded():
        for a in scenario.arguments:
            if a.flag in added:
                continue
            added.add(a.flag)
            if a.many:
                p.add_argument(a.flag, dest=a.dest, nargs="+", default=a.default,
                               action=_joined(_argument_type(a.parse)), help=f"{scenario.name}: {a.help}")  # fmt: skip
                continue
            p.add_argument(a.flag, dest=a.dest, type=_argument_type(a.parse), default=a.default,
                           action="append" if a.repeat else "store", help=f"{scenario.name}: {a.help}")  # fmt: skip
    p.add_argument("--json", action="store_true")
    add_site(p)
    add_lang(p)


def _joined(parse: Callable[[str], Any]) -> type[argparse.Action]:
    """An option of one or more words, parsed as one comma-separated text."""

    class Joined(argparse.Action):
        def __call__(self, parser, namespace, values, option_string=None):
            try:
                setattr(namespace, self.dest, parse(",".join(values)))
            except argparse.ArgumentTypeError as exc:
                raise argparse.ArgumentError(self, str(exc)) from None

    return Joined


@_one_line_errors
def cmd_scenario(args: argparse.Namespace) -> int:
    from memviz.core.scenarios.catalog import scenario_figures, scenario_site
    from memviz.core.site import load_site

    site = scenario_site() if args.site is None else load_site(args.site)
    name = args.name
    scenario = SCENARIOS.get(name)
    check_seeds(args.seed0, args.runs, ConfigError)  # the same seeds a batch or regret may use
    if args.strategy is not None and not STRATEGIES.get(args.strategy).uses_memory:
        with_memory = ", ".join(s.name for s in STRATEGIES.values() if s.uses_memory)
        raise ConfigError(f"strategy: a scenario's runs need memory: choose from {with_memory}")
    options = {a.dest: getattr(args, a.dest) for a in scenario.arguments}
    if scenario.worded:
        options["lang"] = args.lang
    figures = scenario_figures(name, site, args.runs, args.seed0, args.strategy, **options)
    if args.json:
        print(json.dumps({"scenario": name, "seeds": {"seed0": args.seed0, "runs": args.runs},
                          "figures": figures}, ensure_ascii=False, default=str))  # fmt: skip
        return 0
    from memviz.text.scenario import scenario_text

    sys.stdout.write("\n".join(scenario_text(name, figures, args, args.lang)) + "\n")
    return 0
