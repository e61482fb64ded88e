"""The ``memviz`` command: the window by default, and run / batch / report / snapshot / record / site.

Bad input never ends in a traceback: one line on stderr naming what is wrong, and exit status 2,
before any work starts (every number has a range, :mod:`memviz.core.limits`). Output that cannot
be written (a full disk, a closed stdout) is one line and status 1; a reader that stops early
(``| head``) ends memviz quietly; Ctrl+C is one line and status 130, and leaves no half-written
file (SIGTERM too: status 143). Qt is loaded only by the commands that draw (snapshot, record,
the window).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from memviz import __version__, plugins, stopping
from memviz.cli import agent as agent_cli
from memviz.cli import classroom as class_cli
from memviz.cli import scenario as scenario_cli
from memviz.cli import serve as serve_cli
from memviz.cli import trace as trace_cli
from memviz.cli.compare import COMMANDS as COMPARE_COMMANDS
from memviz.cli.compare import add_compare_parsers, parse_lanes
from memviz.cli.evaluate import COMMANDS as EVAL_COMMANDS
from memviz.cli.evaluate import add_eval_parser
from memviz.cli.progress import progress_bar
from memviz.cli.site import add_site_parser, cmd_site
from memviz.core.context import SETTING_KEYS, window_json
from memviz.core.engine import DEFAULT_BUDGET, ConfigError, RunConfig
from memviz.core.limits import (
    LimitError,
    bounds,
    check_batch,
    check_seeds,
    check_shown_steps,
    check_streamed_batch,
    one_line,
    terminal_text,
)
from memviz.core.policies import POLICIES
from memviz.core.site import Site, SiteError, load_site
from memviz.core.strategies import STRATEGIES
from memviz.display import window_problem
from memviz.languages import LANGUAGES, resolve_language
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
from memviz.outfile import quiet_stdout
from memviz.record.plan import DEFAULT_STEP_SECONDS, PARTIAL_PREFIX, PROGRESS_PREFIX, check_settings
from memviz.wording.errors import argparse_speaking, error_line, progress_label, signal_lines

EXIT_OUTPUT = 1  # the result could not be written (a full disk, a closed stdout)
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # Ctrl+C, as a shell reports a process stopped by SIGINT
EXIT_BROKEN_PIPE = 141  # the reader went away (`memviz report | head`), as a shell reports SIGPIPE
DRAWING_COMMANDS = ("snapshot", "record")  # Qt in the main thread: a signal ends them at once
# The GUI's themes (memviz.gui.kit.themes.THEMES, which a test holds equal): named here, so that parsing
# the command line does not load Qt.
THEME_NAMES = ("light", "dark", "projector")


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class OutputError(Exception):
    """The result cannot be written to standard output: one line, exit status 1."""


class _Parser(argparse.ArgumentParser):
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
        if file is None or file is sys.stdout or isinstance(file, _GuardedStdout):
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


def _add_lang(p: argparse.ArgumentParser) -> None:
    # SUPPRESS: given after the subcommand it wins, otherwise the one before it stands (a default
    # here would overwrite it: argparse lets a subparser's defaults replace the main parser's).
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=LANG_HELP)


def _add_site(p: argparse.ArgumentParser) -> None:
    p.add_argument("--site", type=in_path, help=SITE_HELP)


def _add_run_settings(p: argparse.ArgumentParser, seed: bool = True, dest: str = "") -> None:
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
        scenario_cli.add_switches(p)  # --ttl T, --no-bug-list
    add_reading_options(p, dest=dest)  # --ignore P, --skip-write P, --read all|top:K
    add_context_options(p, dest=dest)  # --context W|inf, --compaction MODE, ... (issue 38)
    p.add_argument(
        "--site", dest=dest + "site", metavar="FILE", type=in_path, default=default(None), help=SITE_HELP
    )


def _add_out(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--out", type=out_file, required=True, help=what)
    p.add_argument("--force", action="store_true", help="replace --out if it exists (as ffmpeg's -y)")


def _config(args: argparse.Namespace, **extra) -> RunConfig:
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="memviz",
        description="See how memory changes the way an LLM testing agent explores a web site. "
        "With no command, opens the window (with the run settings given, e.g. memviz --site FILE).",
    )
    parser.add_argument("--version", action="version", version=f"memviz {__version__}")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=LANG_HELP)
    _add_run_settings(parser.add_argument_group("the window's run (no command)"), dest="window_")
    parser.add_argument(
        "--trace", dest="window_trace", type=in_path, default=None, metavar="T.jsonl",
        help="open the window replaying this recorded run (memviz-trace/1), the run settings its what-if memory",
    )  # fmt: skip
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("run", help="one run, step by step")
    _add_run_settings(p)
    scenario_cli.add_resume_options(p)
    p.add_argument(
        "--until-all-bugs", action="store_true", help="go on until every bug is found (max 5000 steps)"
    )
    p.add_argument("--json", action="store_true")
    trace_cli.add_trace_option(p)
    _add_lang(p)

    p = sub.add_parser("batch", help="a config against the no-memory baseline over many seeds")
    _add_run_settings(p, seed=False)
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
    _add_lang(p)

    p = sub.add_parser("report", help="every figure the chapter quotes")
    _add_site(p)
    p.add_argument(
        "--policy", action="append", choices=POLICIES.choices(), help="add to the sweep (e.g. opt)"
    )
    add_reading_options(p)  # every run's memory misused or read by retrieval (issue 27)
    add_context_options(p)  # --context W: the table of the compaction modes at that window (issue 38)
    p.add_argument("--json", action="store_true")
    _add_lang(p)

    p = sub.add_parser("snapshot", help="render the window after N steps to a PNG, headless")
    _add_out(p, "FILE.png")
    _add_run_settings(p)
    p.add_argument("--steps", type=limited("steps"), default=None, help="default: the whole budget")
    p.add_argument("--size", type=parse_size, default=(1920, 1080))
    _add_lang(p)
    p.add_argument(
        "--view",
        default="explore",
        help="explore, compare, batch, sweep[/capacity|/ttl|/gap[:KIND]|/context], cost, scenarios[/NAME[/MODE[/SEED]]], "
        "evaluate[/intervals|/sample|/ablation|/runs[/METRIC]], exercises or info",
    )
    p.add_argument(
        "--compare", nargs="+", metavar="CONFIG", help="the Compare view's lanes (e.g. frontier/12/fifo)"
    )
    p.add_argument("--theme", choices=THEME_NAMES, default="light")

    _add_record_parser(sub)
    add_site_parser(sub)
    scenario_cli.add_scenario_parser(sub, _add_lang, _add_site)
    add_compare_parsers(sub)
    add_eval_parser(sub)
    trace_cli.add_trace_parser(sub, _add_lang)
    serve_cli.add_serve_parsers(sub, _add_lang, _add_run_settings)
    class_cli.add_class_parser(sub, _add_lang)
    agent_cli.add_agent_parser(sub, _add_lang)
    return parser


def _add_record_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "record",
        help="render a run, step by step, to an MP4 or GIF, headless",
        description="Render a run, step by step, to a video: the same settings give the same frames "
        "on any machine. The video opens and closes on one step's worth of still frames.",
    )
    _add_out(p, "FILE.mp4 (H.264) or FILE.gif")
    _add_run_settings(p)
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
    _add_lang(p)
    output = p.add_mutually_exclusive_group()
    output.add_argument(
        "--progress", action="store_true", help="print 'frame N/TOTAL' lines on stdout (for programs)"
    )
    output.add_argument("--quiet", action="store_true", help="no progress bar on a terminal")


# -- output ---------------------------------------------------------------------------------------------


def emit(text: str) -> None:
    """Write ``text`` and a newline to stdout now; a fault becomes OutputError (BrokenPipeError stays)."""
    stream = sys.stdout
    if stream is None:  # started with stdout closed (`memviz run >&-`)
        raise OutputError("standard output is closed: nothing to write the result to")
    try:
        stream.write(text + "\n")
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:  # e.g. `> /dev/full`
        raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None


def _print(lines: list[str]) -> None:
    emit("\n".join(lines))


def _load(args: argparse.Namespace) -> Site:
    return load_site(args.site)


def cmd_run(args: argparse.Namespace) -> int:
    from memviz.core.engine import Exploration, run
    from memviz.text.context import run_context_line
    from memviz.text.report import run_text

    site = _load(args)
    config = _config(args, until_all_bugs=args.until_all_bugs)
    if args.interrupt_at is not None:
        if args.trace is not None:
            raise UsageError(
                "--trace: a resumed run (--interrupt-at) is two sessions; trace one run at a time"
            )
        return scenario_cli.cmd_resumed_run(args, site, config)
    context = None
    if args.trace is not None:
        from memviz.core.trace_run import run_trace

        result, trace = run_trace(site, config)
        trace_cli.write_trace(trace, args.trace, args.force)
    elif config.context is not None:  # the last step's context says what compaction did
        exploration = Exploration(site, config)
        result = exploration.run_to_end()
        context = exploration.last_event.context if exploration.last_event is not None else None
    else:
        result = run(site, config)
    if args.json:
        settings = {**config.__dict__, "context": window_json(config.context)}
        emit(json.dumps({**result.to_dict(), "config": settings}, ensure_ascii=False))
    else:
        lines = run_text(site, config, result, args.lang)
        if context is not None:
            lines.insert(-1, run_context_line(config, context, args.lang))
        _print(lines)
    return 0


def cmd_batch(args: argparse.Namespace) -> int:
    from memviz.core.experiments import Runner, compare_with_baseline
    from memviz.text.report import batch_text

    if args.misplaced_seed is not None:
        raise UsageError(
            "--seed: a batch runs many seeds: give the first with --seed0 "
            "(it runs seeds seed0 .. seed0 + runs - 1), not --seed"
        )
    if args.runs < 2:
        raise UsageError("runs: a batch needs at least 2 runs for an interval")
    site = _load(args)
    config = _config(args)
    check_seeds(args.seed0, args.runs, UsageError)
    streamed = args.runs > bounds("runs")[1]  # past the in-memory bound: memviz.core.streaming
    (check_streamed_batch if streamed else check_batch)(args.runs, config.step_limit, UsageError)
    with progress_bar(progress_label("runs", args.lang)) as bar, Runner(progress=bar) as runner:
        if streamed:
            from memviz.core.streaming import compare_streaming

            comparison = compare_streaming(site, config, args.runs, args.seed0, runner=runner)
        else:
            comparison = compare_with_baseline(site, config, args.runs, args.seed0, runner=runner)
    if args.json:
        emit(json.dumps(comparison.to_dict(), ensure_ascii=False))
    else:
        _print(batch_text(comparison, args.lang))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from memviz.core.experiments import Runner
    from memviz.core.report import chapter_tables
    from memviz.text.report import report_text

    site = _load(args)
    if args.context is not None:  # issue 38: the compaction modes at one window, not the chapter's tables
        return _context_report(args, site)
    with progress_bar(progress_label("runs", args.lang)) as bar, Runner(progress=bar) as runner:
        tables = chapter_tables(
            site,
            runner=runner,
            extra_policies=tuple(args.policy or ()),
            base=RunConfig(**reading_values(args)),
        )
    if args.json:
        emit(json.dumps(tables, ensure_ascii=False, indent=1))
    else:
        _print(report_text(tables, site, args.lang))
    return 0


def _context_report(args: argparse.Namespace, site: Site) -> int:
    from memviz.core.context_report import context_table, mode_configs
    from memviz.text.context import context_table_text

    base = RunConfig(
        **reading_values(args), **{k: v for k, v in context_values(args).items() if k != "context"}
    )
    total = len(mode_configs(args.context)) * 200
    with progress_bar(progress_label("runs", args.lang)) as bar:
        finished = [0]

        def done(n: int) -> None:
            finished[0] += n
            if bar is not None:
                bar(finished[0], total)

        rows = context_table(site, args.context, base=base, done=done)
    if args.json:
        emit(json.dumps({"window": args.context if args.context != float("inf") else "inf",
                         "rows": [r.to_dict() for r in rows]}, ensure_ascii=False, indent=1))  # fmt: skip
    else:
        _print(context_table_text(rows, args.context, 1000, base.budget, args.lang))
    return 0


def _check_out(out: Path, force: bool) -> None:
    from memviz.outfile import check_output

    try:
        check_output(out, force)
    except OSError as exc:
        raise UsageError(str(exc)) from None


def cmd_snapshot(args: argparse.Namespace) -> int:
    site = _load(args)
    config = _config(args)
    check_shown_steps(args.steps, config.step_limit, UsageError)
    _check_out(args.out, args.force)
    try:
        from memviz.gui.snapshot import snapshot
    except ImportError as exc:  # e.g. Qt's system libraries missing
        raise UsageError(f"cannot start the GUI toolkit: {exc}") from None
    try:
        out = snapshot(
            args.out,
            config,
            site,
            args.steps,
            args.size,
            args.lang,
            args.view,
            args.theme,
            args.force,
            args.compare,
        )
    except BrokenPipeError:
        raise
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    emit(str(out))
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    """Record as the arguments say; prints the file written."""
    site = _load(args)
    config = _config(args)
    recorded = trace_cli.replayed(args, site, config)  # None, or the recording (its own length)
    if recorded is None:
        check_shown_steps(args.steps, config.step_limit, UsageError)
    try:
        check_settings(args.out, args.size, args.fps, args.lang, args.view, args.step_seconds, args.steps)
        if args.compare and args.view != "compare":
            raise ValueError("--compare: only with --view compare")
        if args.compare:  # the lanes' own errors, before the GUI toolkit loads
            parse_lanes(args.compare, 1)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    _check_out(args.out, args.force)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from memviz.gui import recording
    except ImportError as exc:  # e.g. Qt's system libraries or the encoder missing
        raise UsageError(f"cannot start the GUI toolkit or the video encoder: {exc}") from None

    def report(done: int, total: int) -> None:
        if done == total or done % 10 == 0 or done == 1:
            emit(f"{PROGRESS_PREFIX}{done}/{total}")

    def started(partial: Path) -> None:
        emit(f"{PARTIAL_PREFIX}{partial}")

    try:
        with progress_bar(progress_label("frame", args.lang), args.quiet or args.progress) as bar:
            out = recording.record(
                args.out,
                config,
                site,
                args.steps,
                size=args.size,
                fps=args.fps,
                lang=args.lang,
                view=args.view,
                progress=report if args.progress else bar,
                step_seconds=args.step_seconds,
                theme=args.theme,
                force=args.force,
                started=started if args.progress else None,
                compare=args.compare,
                recorded=recorded,
            )
    except BrokenPipeError:  # `record --progress | head -1`: the reader has all it wanted
        raise
    except (ValueError, OSError) as exc:  # ConfigError and SiteError are ValueErrors too
        raise UsageError(str(exc)) from None
    emit(str(out))
    return 0


def open_window(args: argparse.Namespace) -> int:
    """The window, on the run the options name (the remembered one for the others)."""
    given = {name: getattr(args, "window_" + name) for name in RUN_OPTIONS if hasattr(args, "window_" + name)}
    site_path = given.pop("site", None)
    site = None if site_path is None else load_site(site_path)  # a bad file: one line, exit 2, no window
    run = given
    RunConfig().with_(**run)  # the same checks the window applies: ConfigError before any window
    trace_path = args.window_trace
    if trace_path is not None:  # a trace that does not fit the site: one line, exit 2, no window
        trace_cli.check_recorded(trace_path, site if site is not None else load_site(), run)
    problem = window_problem()
    if problem is not None:
        raise UsageError(problem)
    try:
        from memviz.gui.app import run_app
    except ImportError as exc:
        raise UsageError(f"cannot start the GUI toolkit: {exc}") from None
    with stopping.ending_at_once_while():  # Ctrl+C, SIGTERM, SIGHUP: the window and its recording end at once
        return run_app(lang=args.lang, site=site, site_path=site_path, run=run, trace_path=trace_path)


COMMANDS = {
    "run": cmd_run,
    "batch": cmd_batch,
    "report": cmd_report,
    "snapshot": cmd_snapshot,
    "record": cmd_record,
    "site": cmd_site,
    "scenario": scenario_cli.cmd_scenario,
    **COMPARE_COMMANDS,
    **EVAL_COMMANDS,
    "trace": trace_cli.cmd_trace,
    "serve": serve_cli.cmd_serve,
    "class": class_cli.cmd_class,
    "crawl": lambda args: serve_cli.cmd_crawl(args, _config(args, until_all_bugs=args.until_all_bugs)),
    "agent": agent_cli.cmd_agent,
}


def option(name: str) -> str:
    """The command-line option of a run setting: --seed, --skip-write."""
    if name in SETTING_KEYS:
        return f"--{SETTING_KEYS[name]}"
    return READING_OPTIONS.get(name, f"--{name}")


def _refuse_window_settings_before(args: argparse.Namespace) -> None:
    if args.window_trace is not None:
        raise UsageError(f"--trace before '{args.command}' opens the window on a recording: drop the command")
    for name in RUN_OPTIONS:
        if hasattr(args, "window_" + name):
            raise UsageError(
                f"{option(name)} before '{args.command}' sets the window's run: "
                f"write it after the command (memviz {args.command} {option(name)} …)"
            )


class _GuardedStdout:
    """stdout for a command: a write or flush that fails (a full disk) is an OutputError, so any
    command, whether it prints with emit(), print() or sys.stdout.write(), ends in one line. Names
    from a user's file reach the terminal escaped (limits.terminal_text): a page named with escape
    codes cleared the screen or retitled the terminal, a carriage return overwrote the line."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._guard(self._stream.write, terminal_text(text))
        return len(text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def _guard(self, call, *args):
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def _guarded_stdout() -> Iterator[None]:
    stream = sys.stdout
    sys.stdout = _GuardedStdout(stream)
    try:
        yield
    finally:
        if isinstance(sys.stdout, _GuardedStdout):
            sys.stdout = stream


def use_utf8_output() -> None:
    """Print UTF-8 on every system, as Linux and macOS do.

    Windows writes a pipe or a file in its ANSI code page (cp1252, cp936), which cannot hold every
    character memviz prints (Chinese reports, a path in a Chinese user folder): `memviz report > out.txt`
    failed with UnicodeEncodeError, and the Record dialog, which reads its child's output as UTF-8,
    lost the path of the saved video. A Windows console is UTF-8 already and is left alone.
    """
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if encoding not in ("utf-8", "utf8") and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


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


def main(argv: list[str] | None = None) -> int:
    use_utf8_output()
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = resolve_language(language_given(argv))  # every line below, errors included, speaks it
    stopping.use_lines(signal_lines(lang))
    try:
        return _main(argv, lang)
    finally:
        stopping.use_lines(signal_lines("en"))  # the process goes on (a test, the window's caller)


def _main(argv: list[str], lang: str) -> int:
    # Installed plugins are found by the registries when a name they do not hold is asked for; here
    # only for --help's lists and for `scenario`, whose plugins bring options of their own. A run of
    # built-in names never scans the installed packages.
    if {"-h", "--help", "scenario"} & set(argv):
        plugins.discover()
    try:
        with argparse_speaking(lang):  # argparse words its headings as a parser is built, errors as it parses
            args = build_parser().parse_args(argv)
        if args.command is None:
            plugins.report_in(resolve_language(getattr(args, "lang", None)))
            return open_window(args)  # the window applies the same language rule, with Qt's help
        _refuse_window_settings_before(args)
        if sys.stdout is None:  # checked before the work: every command prints its result
            raise OutputError("standard output is closed: nothing to write the result to")
        args.lang = resolve_language(args.lang)
        plugins.report_in(args.lang)
        with (
            # Drawing: ending at once (a Qt callback swallows an exception: the signal seemed ignored).
            stopping.unwinding() if args.command not in DRAWING_COMMANDS else stopping.ending_at_once_while(),
            _guarded_stdout(),
        ):
            status = COMMANDS[args.command](args)
            sys.stdout.flush()  # a command that printed with print(): a full disk is said here, not at exit
        return status
    except (UsageError, SiteError, ConfigError, LimitError, trace_cli.TraceUsageError) as exc:
        _say(error_line(str(exc), lang))
        return EXIT_USAGE
    except OutputError as exc:
        quiet_stdout()
        _say(error_line(str(exc), lang))
        return EXIT_OUTPUT
    except BrokenPipeError:  # e.g. `memviz report | head -1`: the reader has all it wanted
        quiet_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:  # files being written were removed on the way out
        _say(signal_lines(lang)["SIGINT"])
        return EXIT_INTERRUPTED
    except stopping.Stopped as stop:  # SIGTERM or SIGHUP
        _say(stop.line)
        return stop.status


def _say(line: str) -> None:
    """One line on stderr, whatever the names in it hold (issue 23: a newline in a path split the
    error over two lines; terminal escape codes in a name were printed raw)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(one_line(line), file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
