"""The evaluation's defaults and metric names, apart from its numpy code: the command line builds its
options from these without loading numpy (``memviz --help`` stays quick)."""

METRICS = ("coverage", "bug_recall", "repeat", "dups", "tokens", "steps")
PROPORTIONS = ("coverage", "bug_recall", "repeat")  # 0…1, shown in percent; the others are counts
DEFAULT_REPEATS = 5
DEFAULT_SEED0 = 1000
# The difference worth detecting when --delta is not given, in the metric's own unit: 3 points for a
# proportion; half a duplicate report a run; one model call's base prompt (3,000 tokens); five steps
# (the Evaluate tab's defaults before issue 37).
DEFAULT_DELTAS = {
    "coverage": 0.03,
    "bug_recall": 0.03,
    "repeat": 0.03,
    "dups": 0.5,
    "tokens": 3000.0,
    "steps": 5.0,
}
DEFAULT_DELTA = DEFAULT_DELTAS["coverage"]


def default_delta(metric: str) -> float:
    return DEFAULT_DELTAS[metric]
