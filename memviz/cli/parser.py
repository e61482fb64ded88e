"""The ``memviz`` command line: its options and subcommands (argparse), read before anything runs.

Every command family adds its own parser (``memviz.cli.serve``, ``compare``, ``trace``, …); the run
settings, the window's options and the output file's are added here, once, for every command that
takes them. Parsing loads no Qt and no numpy (``memviz --help`` answers without them).
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from memviz import __version__
from memviz.cli.output import GuardedStdout, OutputError, UsageError
from memviz.core.context import SETTING_KEYS
from memviz.core.engine import DEFAULT_BUDGET, RunConfig
from memviz.core.limits import (
    bounds,
)
from memviz.core.policies import POLICIES
from memviz.core.strategies import STRATEGIES
from memviz.languages import LANGUAGES
from memviz.options import (
    READING_OPTIONS,
    add_context_options,
    add_reading_options,
    capacity,
    context_values,
    in_path,
    limited,
    out_file,
    parse_size,
    reading_values,
    seconds,
)

# The GUI's themes (memviz.gui.kit.themes.THEMES, which a test holds equal): named here, so that parsing
# the command line does not load Qt.
THEME_NAMES = ("light", "dark", "projector")


class CommandParser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        # No abbreviations: `batch --seed 5` must not quietly mean `--seed0 5`.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # one line instead of usage + message
        raise UsageError(message)

    def _print_message(self, message: str, file=None) -> None:
        """--help and --version: said when they cannot be written (argparse passes over a closed
        stdout or a full disk in silence, and exits 0)."""
        if not message:
            return
        if file is None or file is sys.stdout or isinstance(file, GuardedStdout):
            if sys.stdout is None:
                raise OutputError("standard output is closed: nothing to write the help to")
            try:
                sys.stdout.write(message)
                sys.stdout.flush()
            except BrokenPipeError:
                raise
            except OSError as exc:
                raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None
            return
        with contextlib.suppress(OSError, AttributeError):
            file.write(message)


# -- the options ------------------------------------------------------------------------------------------

LANG_HELP = "zh or en (default: the system's language: Chinese if it is Chinese, else English)"
SITE_HELP = "a memviz-site/1 JSON file (default: the chapter's 24-page blog)"
RUN_OPTIONS = ("site", "strategy", "seed", "capacity", "policy", "budget", *READING_OPTIONS, *SETTING_KEYS)


def add_lang(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: given after the subcommand it wins, otherwise the one before it stands (a default
    # here would overwrite it: argparse lets a subparser's defaults replace the main parser's).
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=LANG_HELP)


def add_site(p: argparse.ArgumentParser) -> None:
    p.add_argument("--site", type=in_path, help=SITE_HELP)


def add_run_settings(p: argparse.ArgumentParser, seed: bool = True, dest: str = "") -> None:
    """--strategy --seed --capacity --policy --budget --site; ``dest`` prefixes where they are kept
    (the window's are kept apart from a subcommand's, and are absent when not given)."""
    window = bool(dest)

    def default(value):
        return argparse.SUPPRESS if window else value

    p.add_argument(
        "--strategy", dest=dest + "strategy", choices=STRATEGIES.choices(), default=default("random"),
        help="random = no memory",
    )  # fmt: skip
    if seed:
        p.add_argument(
            "--seed", dest=dest + "seed", metavar="SEED", type=limited("seed"), default=default(1000)
        )
    p.add_argument(
        "--capacity", dest=dest + "capacity", metavar="CAPACITY", type=capacity, default=default(None),
        help="memory entries (default: unlimited)",
    )  # fmt: skip
    p.add_argument(
        "--policy", dest=dest + "policy", choices=POLICIES.choices(), default=default(None),
        help="eviction policy when memory is full (default fifo; with --ttl T: ttl)",
    )  # fmt: skip
    p.add_argument(
        "--budget", dest=dest + "budget", metavar="BUDGET", type=limited("budget"), default=default(DEFAULT_BUDGET),
        help=f"steps per run (0..{bounds('budget')[1]}, default {DEFAULT_BUDGET})",
    )  # fmt: skip
    if not window:
        from memviz.cli import scenario as scenario_cli

        scenario_cli.add_switches(p)  # --ttl T, --no-bug-list
    add_reading_options(p, dest=dest)  # --ignore P, --skip-write P, --read all|top:K
    add_context_options(p, dest=dest)  # --context W|inf, --compaction MODE, ... (issue 38)
    p.add_argument(
        "--site", dest=dest + "site", metavar="FILE", type=in_path, default=default(None), help=SITE_HELP
    )


def add_out(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--out", type=out_file, required=True, help=what)
    p.add_argument("--force", action="store_true", help="replace --out if it exists (as ffmpeg's -y)")


def config_of(args: argparse.Namespace, **extra) -> RunConfig:
    from memviz.cli import scenario as scenario_cli

    return RunConfig(
        strategy=args.strategy,
        seed=getattr(args, "seed", 1000),
        capacity=args.capacity,
        budget=args.budget,
        **scenario_cli.switch_values(args),  # policy, and --ttl T meaning policy ttl
        **reading_values(args),
        **context_values(args),
        **extra,
    )


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or, with ``command``, the main parser and that command's options only:
    the other commands are there by name (argparse's choices, its errors the same), without their
    options, and their modules are not loaded (``memviz report`` loads neither the web server nor
    the traces; issue 41). With ``command=""``, the main parser and the commands' names alone: what
    :func:`parser_for` finds the command with, and reads a window line with."""
    parser = CommandParser(
        prog="memviz",
        description="See how memory changes the way an LLM testing agent explores a web site. "
        "With no command, opens the window (with the run settings given, e.g. memviz --site FILE).",
    )
    parser.add_argument("--version", action="version", version=f"memviz {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=LANG_HELP)
    add_run_settings(parser.add_argument_group("the window's run (no command)"), dest="window_")
    parser.add_argument(
        "--trace", dest="window_trace", type=in_path, default=None, metavar="T.jsonl",
        help="open the window replaying this recorded run (memviz-trace/1), the run settings its what-if memory",
    )  # fmt: skip
    if command == "":
        # Finding the command (parser_for), or reading a window line: the commands by name alone, a
        # positional's choices. A line this parser cannot read is told by the whole command line;
        # a parser made for each command's name here (argparse's sub-parsers) cost the window's
        # start 2 M instructions (issue 41).
        parser.add_argument("command", nargs="?", choices=COMMAND_NAMES, help=argparse.SUPPRESS)
        return parser
    # prog given: argparse would otherwise format a usage line on every command to work out the same
    # "memviz" (issue 41)
    sub = parser.add_subparsers(dest="command", parser_class=CommandParser, prog=parser.prog)
    for names, add in _SUBCOMMANDS:
        if command is None or command in names:
            add(sub)
        else:
            for name in names:
                sub.add_parser(name, add_help=False)
    return parser


def parser_for(argv: list[str]) -> argparse.ArgumentParser:
    """The parser ``argv`` needs, found by the main parser with every command there by name only: that
    parser itself when the line names no command (the window opens: no command's options are
    needed, issue 41); the main parser with the named command's options; the whole command line
    when help or the version is asked for, or when the main parser cannot read the line (the whole
    one then says why, in argparse's own words)."""
    if {"-h", "--help", "--version"} & set(argv):
        return build_parser()
    try:
        main = build_parser(command="")
        command = main.parse_known_args(argv)[0].command
    except (UsageError, SystemExit):
        return build_parser()
    return main if command is None else build_parser(command)


def _add_run(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import scenario as scenario_cli
    from memviz.cli import trace as trace_cli

    p = sub.add_parser("run", help="one run, step by step")
    add_run_settings(p)
    scenario_cli.add_resume_options(p)
    p.add_argument(
        "--until-all-bugs", action="store_true", help="go on until every bug is found (max 5000 steps)"
    )
    p.add_argument("--json", action="store_true")
    trace_cli.add_trace_option(p)
    add_lang(p)


def _add_batch(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("batch", help="a config against the no-memory baseline over many seeds")
    add_run_settings(p, seed=False)
    p.add_argument("--seed", dest="misplaced_seed", default=None, help=argparse.SUPPRESS)
    p.add_argument(
        "--runs",
        type=limited("streamed_runs"),
        default=200,
        help=f"seeds (2..{bounds('streamed_runs')[1]}, default 200; past {bounds('runs')[1]}: streamed, "
        "no per-run results)",
    )
    p.add_argument("--seed0", type=limited("seed"), default=1000, help="the first seed (default 1000)")
    p.add_argument("--json", action="store_true")
    add_lang(p)


def _add_report(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="every figure the chapter quotes")
    add_site(p)
    p.add_argument(
        "--policy", action="append", choices=POLICIES.choices(), help="add to the sweep (e.g. opt)"
    )
    add_reading_options(p)  # every run's memory misused or read by retrieval (issue 27)
    add_context_options(p)  # --context W: the table of the compaction modes at that window (issue 38)
    p.add_argument("--json", action="store_true")
    add_lang(p)


def _add_snapshot(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("snapshot", help="render the window after N steps to a PNG, headless")
    add_out(p, "FILE.png")
    add_run_settings(p)
    p.add_argument("--steps", type=limited("steps"), default=None, help="default: the whole budget")
    p.add_argument("--size", type=parse_size, default=(1920, 1080))
    add_lang(p)
    p.add_argument(
        "--view",
        default="explore",
        help="explore, compare, batch, sweep[/capacity|/ttl|/gap[:KIND]|/context], cost, scenarios[/NAME[/MODE[/SEED]]], "
        "evaluate[/intervals|/sample|/ablation|/runs|/bugs[/METRIC]], exercises or info",
    )
    p.add_argument(
        "--compare", nargs="+", metavar="CONFIG", help="the Compare view's lanes (e.g. frontier/12/fifo)"
    )
    p.add_argument("--theme", choices=THEME_NAMES, default="light")


def _add_site(sub: argparse._SubParsersAction) -> None:
    from memviz.cli.site import add_site_parser

    add_site_parser(sub)


def _add_scenario(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import scenario as scenario_cli

    scenario_cli.add_scenario_parser(sub, add_lang, add_site)


def _add_compare(sub: argparse._SubParsersAction) -> None:
    from memviz.cli.compare import add_compare_parsers

    add_compare_parsers(sub)


def _add_eval(sub: argparse._SubParsersAction) -> None:
    from memviz.cli.evaluate import add_eval_parser

    add_eval_parser(sub)


def _add_trace(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import trace as trace_cli

    trace_cli.add_trace_parser(sub, add_lang)


def _add_serve(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import serve as serve_cli

    serve_cli.add_serve_parsers(sub, add_lang, add_run_settings)


def _add_class(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import classroom as class_cli

    class_cli.add_class_parser(sub, add_lang)


def _add_agent(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import agent as agent_cli

    agent_cli.add_agent_parser(sub, add_lang)


def add_record_parser(sub: argparse._SubParsersAction) -> None:
    from memviz.cli import trace as trace_cli
    from memviz.record.plan import DEFAULT_STEP_SECONDS

    p = sub.add_parser(
        "record",
        help="render a run, step by step, to an MP4 or GIF, headless",
        description="Render a run, step by step, to a video: the same settings give the same frames "
        "on any machine. The video opens and closes on one step's worth of still frames.",
    )
    add_out(p, "FILE.mp4 (H.264) or FILE.gif")
    add_run_settings(p)
    p.add_argument("--steps", type=limited("steps"), default=None, help="default: the whole run")
    p.add_argument("--size", type=parse_size, default=(1920, 1080), help="frame size (default 1920x1080)")
    p.add_argument(
        "--fps", type=limited("fps"), default=None, help="frames a second (default: 30 MP4, 10 GIF)"
    )
    p.add_argument(
        "--step-seconds", type=seconds, default=DEFAULT_STEP_SECONDS,
        help="how long each step lasts in the video (default 1)",
    )  # fmt: skip
    p.add_argument(
        "--view", default="explore", metavar="VIEW",
        help="explore (the whole window), graph, compare (the lanes racing on one timeline) or "
        "scenarios[/NAME[/MODE[/SEED]]] (a memory scenario played frame by frame)",
    )  # fmt: skip
    p.add_argument(
        "--compare", nargs="+", metavar="CONFIG",
        help="with --view compare: its lanes (default frontier/12/fifo frontier/12/random frontier/12/opt)",
    )  # fmt: skip
    p.add_argument("--theme", choices=THEME_NAMES, default="light")
    trace_cli.add_replay_option(p)
    add_lang(p)
    output = p.add_mutually_exclusive_group()
    output.add_argument(
        "--progress", action="store_true", help="print 'frame N/TOTAL' lines on stdout (for programs)"
    )
    output.add_argument("--quiet", action="store_true", help="no progress bar on a terminal")


# Every command, in the order --help lists them: the names a family adds, and how it adds them.
_SUBCOMMANDS = (
    (("run",), _add_run),
    (("batch",), _add_batch),
    (("report",), _add_report),
    (("snapshot",), _add_snapshot),
    (("record",), add_record_parser),
    (("site",), _add_site),
    (("scenario",), _add_scenario),
    (("compare", "regret"), _add_compare),
    (("eval",), _add_eval),
    (("trace",), _add_trace),
    (("serve", "crawl"), _add_serve),
    (("class",), _add_class),
    (("agent",), _add_agent),
)


COMMAND_NAMES = tuple(name for names, _add in _SUBCOMMANDS for name in names)


def option(name: str) -> str:
    """The command-line option of a run setting: --seed, --skip-write."""
    if name in SETTING_KEYS:
        return f"--{SETTING_KEYS[name]}"
    return READING_OPTIONS.get(name, f"--{name}")


def language_given(argv: list[str]) -> str | None:
    """The ``--lang`` of a command line, read before it is parsed: parsing's own errors (and
    ``usage:``) are then worded in it. The last one wins, as argparse's does (one after the command
    overrides one before it)."""
    given = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(argv):
            given = argv[k + 1]
        elif arg.startswith("--lang="):
            given = arg.partition("=")[2]
    return given
