"""The evaluation's defaults and metric names, apart from its numpy code: the command line builds its
options from these without loading numpy (``memviz --help`` stays quick)."""

METRICS = ("coverage", "bug_recall", "repeat", "dups", "tokens", "steps")
DEFAULT_REPEATS = 5
DEFAULT_SEED0 = 1000
DEFAULT_DELTA = 0.03
