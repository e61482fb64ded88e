"""``memviz site generate``: write a made-up site of a chosen shape (see :mod:`memviz.core.sitegen`).

``memviz/cli/commands.py`` adds the subcommand with :func:`add_site_parser` and runs :func:`cmd_site`. The
file is written as every file memviz writes (:mod:`memviz.outfile`): to a temporary file of its own
in the same folder, then renamed over the name, so a reader never sees half a site, and an existing
file is kept unless ``--force`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from memviz.core.limits import one_line
from memviz.core.sitegen import DEFAULT_BUGS, MIN_PAGES, SHAPES, SiteGenError, generate_site
from memviz.options import limited, out_file
from memviz.outfile import atomic_output
from memviz.wording.errors import error_line

EXIT_USAGE = 2


def add_site_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``site`` (with its one command, ``generate``) to the ``memviz`` subcommands."""
    site = subparsers.add_parser("site", help="make site files", description="Make memviz-site/1 files.")
    commands = site.add_subparsers(dest="site_command", required=True, metavar="generate")
    p = commands.add_parser(
        "generate",
        help="write a site of a given shape (ring, tree, hub, grid, random)",
        description="Write a memviz-site/1 file of a given shape, the same for the same seed. "
        "Every page is reachable from the start page; names are in Chinese and English.",
    )
    p.add_argument("--shape", choices=SHAPES, required=True, help="how the pages link to each other")
    p.add_argument("--pages", type=limited("pages", low=MIN_PAGES), required=True, help="how many pages")
    p.add_argument(
        "--bugs",
        type=limited("pages", low=0),
        default=None,
        help=f"pages hiding a bug (default {DEFAULT_BUGS}, at most pages - 1)",
    )
    p.add_argument("--seed", type=limited("seed"), default=1, help="default 1")
    p.add_argument("--out", type=out_file, required=True, help="the JSON file to write")
    p.add_argument("--force", action="store_true", help="replace --out if it exists (as ffmpeg's -y)")
    return site


def cmd_site(args: argparse.Namespace) -> int:
    return SITE_COMMANDS[args.site_command](args)


def cmd_site_generate(args: argparse.Namespace) -> int:
    """Write the site; print the file's path. Bad settings or an unwritable file: one line, exit 2."""
    try:
        bugs = min(DEFAULT_BUGS, args.pages - 1) if args.bugs is None else args.bugs
        document = generate_site(args.shape, args.pages, bugs, args.seed)
        write_site(document, args.out, force=args.force)
    except (SiteGenError, FileExistsError, OSError) as exc:
        print(one_line(error_line(str(exc), args.lang)), file=sys.stderr)
        return EXIT_USAGE
    print(args.out)
    return 0


def site_json(document: dict) -> str:
    """The document as JSON text: one page or bug per line, so a teacher can read and edit it."""
    head = {key: value for key, value in document.items() if key not in ("pages", "bugs")}
    lines = ["{"]
    lines += [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
    for key in ("pages", "bugs"):
        items = [f"  {json.dumps(item, ensure_ascii=False)}" for item in document[key]]
        lines.append(f' "{key}": [' + ("\n" + ",\n".join(items) + "\n " if items else "") + "]")
        lines[-1] += "," if key == "pages" else ""
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_site(document: dict, out: Path, force: bool = False) -> None:
    """Write ``document`` to ``out`` atomically; refuse to replace an existing file unless ``force``."""
    with (
        atomic_output(out, force, make_folder=False) as temporary,
        open(temporary, "w", encoding="utf-8", newline="\n") as file,
    ):
        file.write(site_json(document))
        file.flush()
        os.fsync(file.fileno())


SITE_COMMANDS = {"generate": cmd_site_generate}
