"""The ``memviz`` command: the window by default, and run / batch / report / snapshot subcommands.

Bad input never ends in a traceback: one line on stderr naming what is wrong, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from memviz import __version__
from memviz.compare_cli import COMMANDS as COMPARE_COMMANDS
from memviz.compare_cli import add_compare_parsers
from memviz.core.engine import DEFAULT_BUDGET, ConfigError, RunConfig
from memviz.core.policies import POLICIES
from memviz.core.rng import SEED_MAX
from memviz.core.site import Site, SiteError, load_site
from memviz.core.strategies import STRATEGIES
from memviz.display import window_problem
from memviz.languages import LANGUAGES, resolve_language
from memviz.site_cli import add_site_parser, cmd_site

EXIT_USAGE = 2
# The GUI's themes (memviz.gui.themes.THEMES, which a test holds equal): named here, so that parsing
# the command line does not load Qt.
THEME_NAMES = ("light", "dark", "projector")


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line instead of usage + message
        raise UsageError(message)


def _seed(text: str) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number 0..{SEED_MAX}, got {text!r}") from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"seed must be between 0 and {SEED_MAX}, got {value}")
    return value


def _capacity(text: str) -> int | None:
    if text.lower() in ("none", "unlimited", "inf", "不限"):
        return None
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"capacity must be a whole number ≥ 1 or 'unlimited', got {text!r}"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"capacity must be at least 1 (or 'unlimited'), got {value}")
    return value


def _non_negative(name: str):
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{name} must not be negative, got {value}")
        return value

    return parse


def _positive(name: str):
    parse_non_negative = _non_negative(name)

    def parse(text: str) -> int:
        value = parse_non_negative(text)
        if value < 1:
            raise argparse.ArgumentTypeError(f"{name} must be at least 1, got {value}")
        return value

    return parse


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, got {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size must be between 320x240 and 7680x4320, got {text}")
    return w, h


LANG_HELP = "zh or en (default: the system's language: Chinese if it is Chinese, else English)"


def _add_lang(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: given after the subcommand it wins, otherwise the one before it stands (a default
    # here would overwrite it: argparse lets a subparser's defaults replace the main parser's).
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=LANG_HELP)


def _add_site(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--site", type=Path, help="a memviz-site/1 JSON file (default: the chapter's 24-page blog)"
    )


def _add_run_settings(p: argparse.ArgumentParser, seed: bool = True) -> None:
    p.add_argument("--strategy", choices=STRATEGIES.names(), default="random", help="random = no memory")
    if seed:
        p.add_argument("--seed", type=_seed, default=1000)
    p.add_argument("--capacity", type=_capacity, default=None, help="memory entries (default: unlimited)")
    p.add_argument(
        "--policy", choices=POLICIES.names(), default="fifo", help="eviction policy when memory is full"
    )
    p.add_argument("--budget", type=_non_negative("budget"), default=DEFAULT_BUDGET, help="steps per run")
    _add_site(p)


def _config(args: argparse.Namespace, **extra) -> RunConfig:
    return RunConfig(
        strategy=args.strategy,
        seed=getattr(args, "seed", 1000),
        capacity=args.capacity,
        policy=args.policy,
        budget=args.budget,
        **extra,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="memviz",
        description="See how memory changes the way an LLM testing agent explores a web site. "
        "With no command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"memviz {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=LANG_HELP)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("run", help="one run, step by step")
    _add_run_settings(p)
    p.add_argument(
        "--until-all-bugs", action="store_true", help="go on until every bug is found (max 5000 steps)"
    )
    p.add_argument("--json", action="store_true")
    _add_lang(p)

    p = sub.add_parser("batch", help="a config against the no-memory baseline over many seeds")
    _add_run_settings(p, seed=False)
    p.add_argument("--runs", type=_positive("runs"), default=200)
    p.add_argument("--seed0", type=_seed, default=1000)
    p.add_argument("--json", action="store_true")
    _add_lang(p)

    p = sub.add_parser("report", help="every figure the chapter quotes")
    _add_site(p)
    p.add_argument("--policy", action="append", choices=POLICIES.names(), help="add to the sweep (e.g. opt)")
    p.add_argument("--json", action="store_true")
    _add_lang(p)

    p = sub.add_parser("snapshot", help="render the window after N steps to a PNG, headless")
    p.add_argument("--out", type=Path, required=True)
    _add_run_settings(p)
    p.add_argument("--steps", type=_non_negative("steps"), default=None, help="default: the whole budget")
    p.add_argument("--size", type=_size, default=(1920, 1080))
    _add_lang(p)
    p.add_argument(
        "--view", default="explore", help="explore, compare, batch, sweep, cost, exercises or info"
    )
    p.add_argument(
        "--compare", nargs="+", metavar="CONFIG", help="the Compare view's lanes (e.g. frontier/12/fifo)"
    )
    p.add_argument("--theme", choices=THEME_NAMES, default="light")

    from memviz.record_cli import add_record_parser  # Qt-free: Qt loads only when recording starts

    add_record_parser(sub, _add_run_settings)
    add_site_parser(sub)
    add_compare_parsers(sub)
    return parser


def _load(args: argparse.Namespace) -> Site:
    return load_site(args.site)


def _print(lines: list[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def cmd_run(args: argparse.Namespace) -> int:
    from memviz.core.engine import run
    from memviz.textreport import run_text

    site = _load(args)
    config = _config(args, until_all_bugs=args.until_all_bugs)
    result = run(site, config)
    if args.json:
        print(json.dumps({**result.to_dict(), "config": config.__dict__}, ensure_ascii=False))
    else:
        _print(run_text(site, config, result, args.lang))
    return 0


def cmd_batch(args: argparse.Namespace) -> int:
    from memviz.core.experiments import Runner, compare_with_baseline
    from memviz.textreport import batch_text

    if args.runs < 2:
        raise UsageError("runs: a batch needs at least 2 runs for an interval")
    site = _load(args)
    config = _config(args)
    if args.seed0 + args.runs - 1 > SEED_MAX:
        raise UsageError(f"seed0: seeds {args.seed0}..{args.seed0 + args.runs - 1} go past {SEED_MAX}")
    with Runner() as runner:
        comparison = compare_with_baseline(site, config, args.runs, args.seed0, runner=runner)
    if args.json:
        print(json.dumps(comparison.to_dict(), ensure_ascii=False))
    else:
        _print(batch_text(comparison, args.lang))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from memviz.core.experiments import Runner
    from memviz.core.report import chapter_tables
    from memviz.textreport import report_text

    site = _load(args)
    with Runner() as runner:
        tables = chapter_tables(site, runner=runner, extra_policies=tuple(args.policy or ()))
    if args.json:
        print(json.dumps(tables, ensure_ascii=False, indent=1))
    else:
        _print(report_text(tables, site, args.lang))
    return 0


def cmd_snapshot(args: argparse.Namespace) -> int:
    site = _load(args)
    config = _config(args)
    try:
        from memviz.gui.snapshot import snapshot
    except ImportError as exc:  # e.g. Qt's system libraries missing
        raise UsageError(f"cannot start the GUI toolkit: {exc}") from None
    try:
        out = snapshot(
            args.out, config, site, args.steps, args.size, args.lang, args.view, args.theme, args.compare
        )
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    print(out)
    return 0


def open_window(lang: str | None) -> int:
    problem = window_problem()
    if problem is not None:
        raise UsageError(problem)
    try:
        from memviz.gui.app import run_app
    except ImportError as exc:
        raise UsageError(f"cannot start the GUI toolkit: {exc}") from None
    return run_app(lang=lang)


def cmd_record(args: argparse.Namespace) -> int:
    from memviz.record_cli import cmd_record as record

    try:
        return record(args)
    except ImportError as exc:
        raise UsageError(f"cannot start the GUI toolkit or the video encoder: {exc}") from None
    except (ValueError, OSError) as exc:  # ConfigError and SiteError are ValueErrors too
        raise UsageError(str(exc)) from None


COMMANDS = {
    "run": cmd_run,
    "batch": cmd_batch,
    "report": cmd_report,
    "snapshot": cmd_snapshot,
    "record": cmd_record,
    "site": cmd_site,
    **COMPARE_COMMANDS,
}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return open_window(args.lang)  # the window applies the same rule, with Qt's help
        args.lang = resolve_language(args.lang)
        return COMMANDS[args.command](args)
    except (UsageError, SiteError, ConfigError) as exc:
        print(f"memviz: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `memviz report | head`
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
