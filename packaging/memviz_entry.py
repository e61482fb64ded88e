"""The bundle's entry point: the same ``memviz`` command as the installed console script."""

import multiprocessing
import sys


def _main() -> int:
    from memviz.launch import main

    return main(sys.argv[1:])


if __name__ == "__main__":
    # The report's worker processes re-run this executable on Windows and macOS (spawn):
    # freeze_support() turns those starts into workers instead of a second app.
    multiprocessing.freeze_support()
    raise SystemExit(_main())
