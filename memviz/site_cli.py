"""``memviz site generate``: write a made-up site of a chosen shape (see :mod:`memviz.core.sitegen`).

``memviz/cli.py`` adds the subcommand with :func:`add_site_parser` and runs :func:`cmd_site`. The
file is written atomically (a temporary file in the same folder, then renamed over the name), so a
reader never sees half a site, and an existing file is kept unless ``--force`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from memviz.core.rng import SEED_MAX
from memviz.core.sitegen import DEFAULT_BUGS, MAX_PAGES, MIN_PAGES, SHAPES, SiteGenError, generate_site

EXIT_USAGE = 2


def _whole_number(name: str, low: int, high: int):
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be between {low} and {high}, got {value}")
        return value

    return parse


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
    p.add_argument(
        "--pages", type=_whole_number("pages", MIN_PAGES, MAX_PAGES), required=True, help="how many pages"
    )
    p.add_argument(
        "--bugs",
        type=_whole_number("bugs", 0, MAX_PAGES),
        default=None,
        help=f"pages hiding a bug (default {DEFAULT_BUGS}, at most pages - 1)",
    )
    p.add_argument("--seed", type=_whole_number("seed", 0, SEED_MAX), default=1, help="default 1")
    p.add_argument("--out", type=Path, required=True, help="the JSON file to write")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
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
        print(f"memviz: error: {exc}", file=sys.stderr)
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
    if out.is_dir():
        raise FileExistsError(f"out: {out} is a folder, not a file")
    if out.exists() and not force:
        raise FileExistsError(f"out: {out} already exists (add --force to overwrite it)")
    folder = out.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"out: folder {folder} does not exist")
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OSError(f"out: cannot write in {folder}: {exc.strerror}") from None
    try:
        umask = os.umask(0)  # mkstemp makes the file private; a site file is as readable as any other
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(site_json(document))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, out)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise OSError(f"out: cannot write {out}: {exc.strerror or exc}") from None


SITE_COMMANDS = {"generate": cmd_site_generate}
