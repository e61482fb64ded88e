"""The ``memviz`` command's entry point: answers ``memviz --version`` itself, hands the rest to
:mod:`memviz.cli`.

``--version`` is what installers, bug reports and scripts ask first, and the answer is one
constant; :mod:`memviz.cli` builds every command's options from the core's registries, which
takes most of a second. The same words as argparse's own ``--version`` (a test holds them so).
"""

from __future__ import annotations

import sys

from memviz import __version__, process_ends_with_the_command


def version_line() -> str:
    return f"memviz {__version__}"


def _say_version() -> int:
    """The version on stdout; a stdout that is closed or full is one line on stderr and status 1,
    as for every other output of memviz (the full command line is not loaded for this)."""
    if sys.stdout is None:
        if sys.stderr is not None:  # a windowed start has neither
            sys.stderr.write("memviz: error: standard output is closed: nothing to write the version to\n")
        return 1
    try:
        sys.stdout.write(version_line() + "\n")
        sys.stdout.flush()
    except OSError as exc:
        sys.stderr.write(f"memviz: error: cannot write to standard output: {exc.strerror or exc}\n")
        from memviz.outfile import quiet_stdout

        quiet_stdout()  # the unwritten version would be flushed again at exit, and fail again
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--version"]:
        return _say_version()
    from memviz.cli import end_now_if_done
    from memviz.cli import main as cli_main

    status = cli_main(argv)
    if process_ends_with_the_command():  # python -m memviz, the script, a bundle: end at once if done
        end_now_if_done(status)
    return status
