"""The analysis views' model (memviz.models.analysis): results, staleness, pairs, and its blocker,
with no QApplication (the test process never imports Qt for these)."""

from __future__ import annotations

import sys
from types import SimpleNamespace

from memviz.core.engine import RunConfig
from memviz.models.analysis import NOTHING, AnalysisModel, Computed
from memviz.models.signal import Signal, blocker


class Listener:
    def __init__(self, model: AnalysisModel) -> None:
        self.results: list = []
        self.pairs: list = []
        model.result_changed.connect(self.on_result)
        model.pair_added.connect(self.on_pair)

    def on_result(self, result) -> None:
        self.results.append(result)

    def on_pair(self, result, key, value) -> None:
        self.pairs.append((result, key, value))


def test_a_result_is_told_with_what_it_was_computed_for():
    model = AnalysisModel()
    seen = Listener(model)
    assert model.result is None and model.computed is NOTHING and not model.is_stale(("site", 80))
    config = RunConfig(budget=80)
    model.set_result("batch", ("site", 80), config, 1.5)
    assert seen.results == ["batch"]
    assert (model.result, model.computed_for, model.config, model.seconds) == (
        "batch",
        ("site", 80),
        config,
        1.5,
    )
    assert not model.is_stale(("site", 80)) and model.is_stale(("site", 90))
    model.clear()
    assert seen.results == ["batch", None] and model.result is None and not model.is_stale(("site", 90))


def test_a_result_kept_aside_comes_back_whole():
    """The Sweep view keeps each axis's result while another is shown."""
    model = AnalysisModel()
    model.set_result("capacity sweep", ("capacity",), None, 2.0)
    kept = model.computed
    model.set_result("ttl sweep", ("ttl",), None, 3.0)
    model.restore(kept)
    assert model.computed == Computed("capacity sweep", ("capacity",), None, 2.0)


def test_pairs_worked_out_on_a_result_are_kept_in_it_and_told():
    model = AnalysisModel()
    seen = Listener(model)
    result = SimpleNamespace(paired={})
    model.set_result(result, ("k",), None)
    model.add_pair(result, (4, "fifo", "lru"), "diff")
    assert result.paired == {(4, "fifo", "lru"): "diff"}
    assert seen.pairs == [(result, (4, "fifo", "lru"), "diff")]


def test_the_blocker_tells_nothing_and_blocks_nest():
    model = AnalysisModel()
    seen = Listener(model)
    with model.blocker():
        model.set_result("a", ("a",), None)
        with model.blocker():
            model.add_pair(SimpleNamespace(paired={}), "pair", 1)
        model.set_result("b", ("b",), None)  # still inside the outer block
    assert seen.results == [] and seen.pairs == []
    assert model.result == "b"  # the state changed; only the telling was held
    model.clear()
    assert seen.results == [None]


def test_the_blocker_ends_with_its_block_even_on_an_error():
    class Model:
        changed = Signal(object)

    model, seen = Model(), []
    model.changed.connect(seen.append)
    try:
        with blocker(model.changed):
            assert model.changed.blocked
            raise ValueError("in the block")
    except ValueError:
        pass
    assert not model.changed.blocked
    model.changed.emit(1)
    assert seen == [1]


def test_the_model_needs_no_qt():
    """import-linter forbids Qt in memviz.models; this checks what importing it really loads."""
    import subprocess

    code = "import sys, memviz.models.analysis; print('PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
