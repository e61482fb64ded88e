"""``memviz trace stats|import|label`` and ``memviz run --trace`` (see docs/traces.md).

``memviz/cli/commands.py`` adds the subcommand with :func:`add_trace_parser` and runs :func:`cmd_trace`;
``run`` gets its ``--trace`` option from :func:`add_trace_option`.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from memviz.cli.output import TraceUsageError
from memviz.core.jsonfile import read_bytes
from memviz.core.trace import TRACE_FILE_BYTES, Trace, TraceError, read_trace, relabelled, trace_text
from memviz.core.trace_stats import TraceStats, trace_stats
from memviz.options import in_path, out_file
from memviz.outfile import atomic_output
from memviz.wording.traces import STATS_ROWS, TRACE_N, no_reports, not_known, stats_label

EXIT_USAGE = 2


def add_trace_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--trace", type=out_file, metavar="OUT", help="also write the run as a memviz-trace/1 file"
    )
    p.add_argument("--force", action="store_true", help="replace --trace OUT if it exists")


def write_trace(trace: Trace, out: Path, force: bool) -> None:
    """Write ``trace`` to ``out`` whole or not at all (:mod:`memviz.outfile`)."""
    _write_text(trace_text(trace), out, force)


def _write_text(text: str, out: Path, force: bool) -> None:
    try:
        with (
            atomic_output(out, force) as temporary,
            open(temporary, "w", encoding="utf-8", newline="\n") as f,
        ):
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        raise TraceUsageError(str(exc).replace("out:", "trace:", 1)) from None


def _add_pairing(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--task", default=None, metavar="ID", help="the task's id (eval --traces pairs runs by it)"
    )
    p.add_argument(
        "--label",
        default=None,
        metavar="NAME",
        help="the config's name (eval --baseline NAME / --treatment NAME)",
    )


class _FromChoices:
    """``--from``'s choices: ``auto`` and the importer registry's names, read when asked (building
    the parser scans no installed package; a plugin's name is looked for when it is given)."""

    def __contains__(self, name: object) -> bool:
        from memviz.core.importers import IMPORTERS

        return name == "auto" or name in IMPORTERS.choices()

    def __iter__(self):
        from memviz.core.importers import IMPORTERS

        IMPORTERS.discover()  # an error's list of choices names the installed plugins' too
        return iter(("auto", *IMPORTERS.choices()))


def add_trace_parser(sub: argparse._SubParsersAction, add_lang) -> None:
    trace = sub.add_parser("trace", help="read, measure and import memviz-trace/1 files")
    commands = trace.add_subparsers(dest="trace_command", required=True, metavar="stats|import|label")
    p = commands.add_parser("stats", help="coverage, repeats, bug recall, duplicates, tokens of traces")
    p.add_argument("traces", nargs="+", type=in_path, metavar="T.jsonl")
    p.add_argument("--json", action="store_true")
    add_lang(p)
    p = commands.add_parser(
        "import", help="turn a real agent's log (browser-use history, HAR) into a memviz-trace/1 file"
    )
    p.add_argument("file", type=in_path, metavar="FILE")
    p.add_argument(
        "--from",
        dest="source",
        choices=_FromChoices(),
        required=True,
        metavar="FORMAT",
        help="the log's format: auto (recognised by its contents), browser-use, har, or an installed "
        "importer's name (memviz.importers entry points)",
    )
    p.add_argument(
        "--site", type=in_path, default=None, help="the memviz-site/1 file whose paths name the pages"
    )
    p.add_argument("--version", default=None, help="the site's version the run saw (default: the file's own)")
    p.add_argument("--out", type=out_file, required=True, metavar="T.jsonl")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    _add_pairing(p)
    add_lang(p)
    p = commands.add_parser("label", help="set the task id and the label of existing traces, for pairing")
    p.add_argument("traces", nargs="+", type=in_path, metavar="T.jsonl")
    _add_pairing(p)
    p.add_argument("--force", action="store_true", help="replace a task or label the traces already have")
    add_lang(p)


def cmd_trace(args: argparse.Namespace) -> int:
    if args.trace_command == "stats":
        return cmd_stats(args)
    if args.trace_command == "label":
        return cmd_label(args)
    return cmd_import(args)


def _pairing(args: argparse.Namespace) -> dict[str, str]:
    return {name: getattr(args, name) for name in ("task", "label") if getattr(args, name) is not None}


def cmd_label(args: argparse.Namespace) -> int:
    """Every file is read and checked before any is written; each is then replaced whole (a reader
    sees the old file or the new one), its other bytes as they were."""
    values = _pairing(args)
    if not values:
        raise TraceUsageError("give --task ID or --label NAME (or both)")
    new = []
    for path in args.traces:
        try:
            raw = read_bytes(path, "trace file", TraceError, max_bytes=TRACE_FILE_BYTES)
            text = raw.decode("utf-8-sig")
            new.append((path, relabelled(text, str(path), values, args.force)))
        except UnicodeDecodeError as exc:
            raise TraceUsageError(
                f"trace file is not UTF-8 text: {path} (bad byte at offset {exc.start})"
            ) from None
        except TraceError as exc:
            raise TraceUsageError(str(exc)) from None
    for path, text in new:
        _write_text(text, path, force=True)
        print(path)
    return 0


def _read(path: Path) -> Trace:
    try:
        return read_trace(path)
    except TraceError as exc:
        raise TraceUsageError(str(exc)) from None


def cmd_stats(args: argparse.Namespace) -> int:
    rows = [(str(path), trace_stats(_read(path))) for path in args.traces]
    if args.json:
        print(json.dumps([{"trace": name, **stats.to_dict()} for name, stats in rows], ensure_ascii=False))
    else:
        print("\n\n".join(stats_text(name, stats, args.lang) for name, stats in rows))
    return 0


def _value(stats: TraceStats, key: str, lang: str) -> str:
    value = getattr(stats, key)
    if value is None and key == "duplicate_rate" and stats.reports == 0:
        return no_reports(lang)  # known: nothing was reported, so no share of it was a duplicate
    if value is None:
        return not_known(lang)
    if key in ("coverage", "repeat_rate", "bug_recall", "duplicate_rate", "claim_precision", "claim_recall"):
        extra = ""
        if key == "claim_precision":
            extra = f" ({stats.claims_matched}/{stats.claims})"
        elif key == "bug_recall":
            extra = f" ({stats.bugs_found})"
        elif key == "duplicate_rate":
            extra = f" ({stats.duplicate_reports})"
        elif key == "coverage":
            extra = f" ({stats.pages_seen})"
        return f"{value * 100:.1f}%{extra}"
    return str(value)


def stats_text(name: str, stats: TraceStats, lang: str) -> str:
    keys = [key for key, _zh, _en in STATS_ROWS if key != "pages_seen"]
    if stats.claims is None:  # no bug report claimed: the claim rows say nothing (--json has them null)
        keys = [key for key in keys if key not in ("claims", "claim_precision", "claim_recall")]
    width = max(len(stats_label(k, lang)) for k in keys)
    lines = [TRACE_N.pick(lang, name=name)]
    lines += [f"  {stats_label(k, lang).ljust(width)}  {_value(stats, k, lang)}" for k in keys]
    return "\n".join(lines)


def cmd_import(args: argparse.Namespace) -> int:
    from memviz.core.site import load_site
    from memviz.core.trace_import import LogImportError, import_trace

    site = load_site(args.site)
    if args.version is not None:
        try:
            site = site.at_version(args.version)
        except ValueError as exc:
            raise TraceUsageError(str(exc)) from None
    try:
        trace = import_trace(args.file, args.source, site)
        text = relabelled(trace_text(trace), str(args.out), _pairing(args))  # checked as `trace label` does
    except (LogImportError, TraceError) as exc:
        raise TraceUsageError(str(exc)) from None
    _write_text(text, args.out, args.force)
    print(args.out)
    return 0


def check_recorded(path: Path, site, run: dict):
    """``memviz --trace T.jsonl``: the trace fits the site and the run settings can ride along it,
    said in one line before any window opens. Returns the recorded run."""
    from memviz.core.engine import RunConfig

    return _recorded(path, site, RunConfig().with_(**run))


def _recorded(path: Path, site, config):
    from memviz.core.engine import ConfigError
    from memviz.core.replay import ReplayError, load_recorded, replay_config

    try:
        recorded = load_recorded(path, site)
        replay_config(recorded, config)
    except (TraceError, ReplayError, ConfigError) as exc:
        raise TraceUsageError(str(exc)) from None
    return recorded


def add_replay_option(p: argparse.ArgumentParser) -> None:
    """``memviz record --trace T.jsonl``: record a recorded run replayed (the window's Ctrl+R on one)."""
    p.add_argument(
        "--trace", dest="replay_trace", type=in_path, default=None, metavar="T.jsonl",
        help="record this recorded run (memviz-trace/1) replayed, the run settings its what-if memory",
    )  # fmt: skip


def replayed(args: argparse.Namespace, site, config):
    """The recorded run ``--trace`` names (checked against the site and the what-if memory), or None."""
    if args.replay_trace is None:
        return None
    return _recorded(args.replay_trace, site, config)
