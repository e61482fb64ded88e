"""Every kind of exercise, by the name a file gives in ``"kind"``."""

from __future__ import annotations

from memviz.exercises.answers.batches import (
    BatchDiff,
    ChooseStrategy,
    CostPerBug,
    CostRatio,
    PairedVsUnpaired,
    PolicyWinner,
)
from memviz.exercises.answers.kind import Kind
from memviz.exercises.answers.one_run import NextEviction, NextPage, RunMetricKind, StopReason
from memviz.exercises.answers.scenarios import ScenarioMeasure

KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        NextPage(),
        NextEviction(),
        RunMetricKind(),
        StopReason(),
        PolicyWinner(),
        BatchDiff(),
        PairedVsUnpaired(),
        CostPerBug(),
        CostRatio(),
        ChooseStrategy(),
        ScenarioMeasure(),
    )
}
