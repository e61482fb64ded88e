"""``memviz record``: render a run to an MP4 or GIF, headless. The argparse part, free of Qt.

``memviz/cli.py`` adds the subcommand with :func:`add_record_parser` and runs :func:`cmd_record`;
Qt is imported only when a recording starts. ``python -m memviz.record_cli`` runs the command on its
own (the window's Record dialog starts it that way from a source install).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from memviz.core.limits import check, check_shown_steps, shown

VIEWS = ("explore", "graph")


def parse_size(text: str) -> tuple[int, int]:
    """``1920x1080`` -> (1920, 1080); the recorder checks the range."""
    try:
        width, height = (int(v, 10) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1920x1080, got {shown(text)}") from None
    return width, height


def _whole_number(name: str) -> Callable[[str], int]:
    """A whole number within its range in memviz.core.limits."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {shown(text)}") from None
        check(name, value, argparse.ArgumentTypeError)
        return value

    return parse


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"step seconds must be a number, got {shown(text)}") from None
    check("step_seconds", value, argparse.ArgumentTypeError)
    return value


def add_record_parser(
    sub: argparse._SubParsersAction, add_run_settings: Callable[[argparse.ArgumentParser], None]
) -> argparse.ArgumentParser:
    """Add ``record`` to a subparsers object; ``add_run_settings`` adds --strategy … --site."""
    p = sub.add_parser(
        "record",
        help="render a run, step by step, to an MP4 or GIF, headless",
        description="Render a run, step by step, to a video: the same settings give the same frames "
        "on any machine. The video opens and closes on one step's worth of still frames.",
    )
    p.add_argument("--out", type=Path, required=True, help="FILE.mp4 (H.264) or FILE.gif")
    add_run_settings(p)
    p.add_argument("--steps", type=_whole_number("steps"), default=None, help="default: the whole run")
    p.add_argument("--size", type=parse_size, default=(1920, 1080), help="frame size (default 1920x1080)")
    p.add_argument(
        "--fps", type=_whole_number("fps"), default=None, help="frames a second (default: 30 MP4, 10 GIF)"
    )
    p.add_argument(
        "--step-seconds", type=_seconds, default=1.0, help="how long each step lasts in the video (default 1)"
    )
    p.add_argument("--view", choices=VIEWS, default="explore", help="the whole Explore window, or the graph")
    p.add_argument(
        "--lang", choices=("zh", "en"), default=argparse.SUPPRESS, help="zh or en (default: system)"
    )
    shown = p.add_mutually_exclusive_group()
    shown.add_argument(
        "--progress", action="store_true", help="print 'frame N/TOTAL' lines on stdout (for programs)"
    )
    shown.add_argument("--quiet", action="store_true", help="no progress bar on a terminal")
    return p


def cmd_record(args: argparse.Namespace) -> int:
    """Record as the arguments say; prints the file written. Bad settings raise ValueError."""
    from memviz.core.engine import RunConfig
    from memviz.core.site import load_site

    site = load_site(args.site)
    config = RunConfig(
        strategy=args.strategy,
        seed=args.seed,
        capacity=args.capacity,
        policy=args.policy,
        budget=args.budget,
    )
    check_shown_steps(args.steps, config.step_limit, ValueError)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from memviz.gui import recording
    except ImportError as exc:  # e.g. Qt's system libraries or the encoder missing
        raise ValueError(f"cannot start the recorder: {exc}") from None

    def report(done: int, total: int) -> None:
        if done == total or done % 10 == 0 or done == 1:
            print(f"{recording.PROGRESS_PREFIX}{done}/{total}", flush=True)

    def bar(done: int, total: int) -> None:  # one line on the terminal, redrawn in place
        if done == total or done % 5 == 0 or done == 1:
            filled = 30 * done // total
            end = "\n" if done == total else ""
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] frame {done}/{total}{end}")
            sys.stderr.flush()

    if args.progress:
        progress = report
    elif not args.quiet and sys.stderr.isatty():
        progress = bar
    else:
        progress = None

    out = recording.record(
        args.out,
        config,
        site,
        args.steps,
        size=args.size,
        fps=args.fps,
        lang=args.lang,
        view=args.view,
        progress=progress,
        step_seconds=args.step_seconds,
    )
    print(out, flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m memviz.record_cli …``: the record command alone, with memviz's errors and exit codes."""
    from memviz.cli import EXIT_USAGE, UsageError, _add_run_settings, _Parser, use_utf8_output
    from memviz.core.engine import ConfigError
    from memviz.core.site import SiteError
    from memviz.languages import resolve_language

    use_utf8_output()
    parser = _Parser(prog="memviz")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    add_record_parser(sub, _add_run_settings)
    try:
        args = parser.parse_args(["record", *(sys.argv[1:] if argv is None else argv)])
        args.lang = resolve_language(getattr(args, "lang", None))
        return cmd_record(args)
    except (UsageError, SiteError, ConfigError, ValueError, OSError) as exc:
        print(f"memviz: error: {exc}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
