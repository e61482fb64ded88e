"""The ``memviz`` command's entry point: answers ``memviz --version`` itself, hands the rest to
:mod:`memviz.cli`.

``--version`` is what installers, bug reports and scripts ask first, and the answer is one
constant; :mod:`memviz.cli` builds every command's options from the core's registries, which
takes most of a second. The same words as argparse's own ``--version`` (a test holds them so).
"""

from __future__ import annotations

import sys

from memviz import __version__


def version_line() -> str:
    return f"memviz {__version__}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        sys.stdout.write(version_line() + "\n")
        return 0
    from memviz.cli import main as cli_main

    return cli_main(argv)
