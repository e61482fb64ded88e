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
import gc
import importlib
import json
import os
import signal
import sys
from pathlib import Path

from memviz import plugins, process_ends_with_the_command, stopping
from memviz.cli import may_end_at_once, start_over
from memviz.cli.output import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_OUTPUT,
    EXIT_USAGE,
    OutputError,
    TraceUsageError,
    UsageError,
    emit,
    guarded_stdout,
    print_lines,
    say,
    use_utf8_output,
)
from memviz.cli.parser import RUN_OPTIONS, config_of, language_given, option, parser_for
from memviz.cli.progress import progress_bar
from memviz.core.context import window_json
from memviz.core.engine import ConfigError, RunConfig
from memviz.core.limits import (
    LimitError,
    bounds,
    check_batch,
    check_seeds,
    check_shown_steps,
    check_streamed_batch,
)
from memviz.core.site import Site, SiteError, load_site
from memviz.languages import resolve_language
from memviz.options import (
    context_values,
    reading_values,
)
from memviz.wording.errors import argparse_speaking, error_line, progress_label, signal_lines

DRAWING_COMMANDS = ("snapshot", "record")  # Qt in the main thread: a signal ends them at once


class _Family:
    """A command of another module of :mod:`memviz.cli`, imported when the command runs: a command
    loads only its own family (``memviz report`` neither the web server nor the traces; issue 41)."""

    def __init__(self, module: str, function: str) -> None:
        self.module, self.function = module, function

    def __call__(self, args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(self.module), self.function)(args)


def quiet_stdout() -> None:
    """memviz.outfile's (loaded on this path only: it brings tempfile and shutil)."""
    from memviz.outfile import quiet_stdout as quiet

    quiet()


def window_problem() -> str | None:
    """Why no window can open here (no display, missing libraries), or None: memviz.display's."""
    from memviz.display import window_problem as problem

    return problem()


def _load(args: argparse.Namespace) -> Site:
    return load_site(args.site)


def cmd_run(args: argparse.Namespace) -> int:
    from memviz.core.engine import Exploration, run
    from memviz.text.context import run_context_line
    from memviz.text.report import run_text

    site = _load(args)
    config = config_of(args, until_all_bugs=args.until_all_bugs)
    if args.interrupt_at is not None:
        if args.trace is not None:
            raise UsageError(
                "--trace: a resumed run (--interrupt-at) is two sessions; trace one run at a time"
            )
        from memviz.cli import scenario as scenario_cli

        return scenario_cli.cmd_resumed_run(args, site, config)
    context = None
    if args.trace is not None:
        from memviz.cli import trace as trace_cli
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
        print_lines(lines)
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
    config = config_of(args)
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
        print_lines(batch_text(comparison, args.lang))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from memviz.core.experiments import Runner
    from memviz.core.report import chapter_tables

    site = _load(args)
    if args.context is not None:  # issue 38: the compaction modes at one window, not the chapter's tables
        return _context_report(args, site)
    # numpy's OpenBLAS starts a thread per core when numpy loads (below, with the batch engine); the
    # report multiplies no matrices that need them, and starting them cost ~0.03 s of CPU (issue 41)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    keep_freed_memory()
    # `python -m memviz report` ends when the command returns: a collector turned on again would first
    # walk every object the tables made (~23 M instructions) to free nothing (issue 41)
    with collector_paused(resume=not process_ends_with_the_command()):
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
            from memviz.text.report import report_text  # the tables' words: not loaded for --json

            print_lines(report_text(tables, site, args.lang))
    may_end_at_once(runner)
    return 0


def keep_freed_memory() -> None:
    """The C allocator keeps the memory freed in this process for its next arrays, instead of handing
    it back to the system (glibc's default past 128 kB): a report's batches and bootstrap make and
    free arrays of hundreds of kB to a few MB over and over, and each one handed back came back as
    fresh pages, a page fault each (some 1,500, a tenth of the report's faults; issue 41). A
    command's process only, which ends with the report; elsewhere than glibc, nothing changes."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # numpy loads it anyway

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # a C library without it (musl has a no-op one)
        return
    m_trim_threshold, m_mmap_threshold = -1, -3  # malloc.h
    mallopt(m_mmap_threshold, 32 * 1024 * 1024)  # arrays up to 32 MB from the heap (glibc's maximum)
    mallopt(m_trim_threshold, 1 << 30)  # and the heap's top not handed back


@contextlib.contextmanager
def collector_paused(resume: bool = True):
    """Python's cycle collector off while a report's tables are computed, as it was after (with
    ``resume``; without, it stays off): the tables make thousands of runs' results and leave almost no
    cyclic garbage (some 700 objects, none with --read top:8; reference counting frees the rest), and
    the collector's passes over them were about a sixth of the command's CPU (issue 41). A command's
    process only: the window keeps its collector in its GUI thread (memviz.gui.collector)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled and resume:
            gc.enable()


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
        print_lines(context_table_text(rows, args.context, 1000, base.budget, args.lang))
    return 0


def _check_out(out: Path, force: bool) -> None:
    from memviz.outfile import check_output

    try:
        check_output(out, force)
    except OSError as exc:
        raise UsageError(str(exc)) from None


def cmd_snapshot(args: argparse.Namespace) -> int:
    site = _load(args)
    config = config_of(args)
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
    may_end_at_once()  # the picture written and closed: nothing left for the interpreter's teardown
    return 0


def cmd_record(args: argparse.Namespace) -> int:
    """Record as the arguments say; prints the file written."""
    from memviz.cli import trace as trace_cli
    from memviz.cli.compare import parse_lanes
    from memviz.record.plan import PARTIAL_PREFIX, PROGRESS_PREFIX, check_settings

    site = _load(args)
    config = config_of(args)
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
    may_end_at_once()  # the video written and closed: nothing left for the interpreter's teardown
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
        from memviz.cli import trace as trace_cli

        trace_cli.check_recorded(trace_path, site if site is not None else load_site(), run)
    problem = window_problem()
    if problem is not None:
        raise UsageError(problem)
    # The window's modules live as long as it does: the collector's 17 passes while they were
    # imported freed nothing (13 M instructions of the first paint, issue 41). It is off while the
    # window runs; the window's own collector (memviz.gui.collector) collects meanwhile, its first
    # pass the one after the first picture (app.settle_garbage_collector).
    collecting = gc.isenabled()
    gc.disable()
    try:
        try:
            from memviz.gui.app import run_app
        except ImportError as exc:
            raise UsageError(f"cannot start the GUI toolkit: {exc}") from None
        # Ctrl+C, SIGTERM, SIGHUP: the window and its recording end at once
        with stopping.ending_at_once_while():
            return run_app(lang=args.lang, site=site, site_path=site_path, run=run, trace_path=trace_path)
    finally:
        if collecting:  # as it was, for a caller that goes on (a test)
            gc.enable()


COMMANDS = {
    "run": cmd_run,
    "batch": cmd_batch,
    "report": cmd_report,
    "snapshot": cmd_snapshot,
    "record": cmd_record,
    "site": _Family("memviz.cli.site", "cmd_site"),
    "scenario": _Family("memviz.cli.scenario", "cmd_scenario"),
    "compare": _Family("memviz.cli.compare", "cmd_compare"),
    "regret": _Family("memviz.cli.compare", "cmd_regret"),
    "eval": _Family("memviz.cli.evaluate", "cmd_eval"),
    "trace": _Family("memviz.cli.trace", "cmd_trace"),
    "serve": _Family("memviz.cli.serve", "cmd_serve"),
    "class": _Family("memviz.cli.classroom", "cmd_class"),
    "crawl": lambda args: importlib.import_module("memviz.cli.serve").cmd_crawl(
        args, config_of(args, until_all_bugs=args.until_all_bugs)
    ),
    "agent": _Family("memviz.cli.agent", "cmd_agent"),
}


def _refuse_window_settings_before(args: argparse.Namespace) -> None:
    if args.window_trace is not None:
        raise UsageError(f"--trace before '{args.command}' opens the window on a recording: drop the command")
    for name in RUN_OPTIONS:
        if hasattr(args, "window_" + name):
            raise UsageError(
                f"{option(name)} before '{args.command}' sets the window's run: "
                f"write it after the command (memviz {args.command} {option(name)} …)"
            )


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
            args = parser_for(argv).parse_args(argv)
        if args.command is None:
            plugins.report_in(resolve_language(getattr(args, "lang", None)))
            return open_window(args)  # the window applies the same language rule, with Qt's help
        start_over()  # the collector as it was, for the command's own work
        _refuse_window_settings_before(args)
        if sys.stdout is None:  # checked before the work: every command prints its result
            raise OutputError("standard output is closed: nothing to write the result to")
        args.lang = resolve_language(args.lang)
        plugins.report_in(args.lang)
        with (
            # Drawing: ending at once (a Qt callback swallows an exception: the signal seemed ignored).
            stopping.unwinding() if args.command not in DRAWING_COMMANDS else stopping.ending_at_once_while(),
            guarded_stdout(),
        ):
            status = COMMANDS[args.command](args)
            sys.stdout.flush()  # a command that printed with print(): a full disk is said here, not at exit
        return status
    except (UsageError, SiteError, ConfigError, LimitError, TraceUsageError) as exc:
        say(error_line(str(exc), lang))
        return EXIT_USAGE
    except OutputError as exc:
        quiet_stdout()
        say(error_line(str(exc), lang))
        return EXIT_OUTPUT
    except BrokenPipeError:  # e.g. `memviz report | head -1`: the reader has all it wanted
        quiet_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:  # files being written were removed on the way out
        say(signal_lines(lang)["SIGINT"])
        return EXIT_INTERRUPTED
    except stopping.Stopped as stop:  # SIGTERM or SIGHUP
        say(stop.line)
        return stop.status
    except Exception:
        signum = stopping.unwound_by()
        if signum is None:
            raise
        # The signal's exception, made another by a library on its way out (numpy turns one raised
        # while it is being imported into an ImportError): still the signal's one line and status.
        if signum == signal.SIGINT:
            say(signal_lines(lang)["SIGINT"])
            return EXIT_INTERRUPTED
        stop = stopping.Stopped(signum)
        say(stop.line)
        return stop.status


if __name__ == "__main__":
    raise SystemExit(main())
