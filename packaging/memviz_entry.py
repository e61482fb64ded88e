"""The bundle's entry point: the same ``memviz`` command as the installed console script."""

import multiprocessing
import sys


def _main() -> int:
    from memviz.cli import build_parser, main

    argv = sys.argv[1:]
    if argv[:1] == ["record"]:
        # `memviz record` before memviz.cli has the subcommand: run it from its own module.
        known = {a for action in build_parser()._subparsers._group_actions for a in action.choices}
        if "record" not in known:
            from memviz.record_cli import main as record_main

            return record_main(argv[1:])
    return main(argv)


if __name__ == "__main__":
    # The report's worker processes re-run this executable on Windows and macOS (spawn):
    # freeze_support() turns those starts into workers instead of a second app.
    multiprocessing.freeze_support()
    raise SystemExit(_main())
