"""Resume after an interruption, held against the plain reading (``oracle_memory.resumed_run``)."""

from __future__ import annotations

import json
import statistics

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.scenarios.resume import PROGRESS_FILE, parse_persist, read_progress, resumed_run
from memviz.core.scenarios.store import MemoryStore
from memviz.paths import default_site_path
from tests.core.oracle_memory import resumed_run as plain_resumed_run

DOC = json.loads(default_site_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("persist", ["none", "step", "milestone:10", "milestone:4", "milestone:1"])
@pytest.mark.parametrize("interrupt_at", [0, 1, 7, 15, 29, 30, 31])
def test_both_sessions_walk_the_plain_readings_paths(chapter_site, tmp_path, persist, interrupt_at):
    store = MemoryStore(tmp_path)
    for seed in range(1000, 1025):
        got = resumed_run(
            chapter_site, RunConfig(strategy="frontier", seed=seed), interrupt_at, persist, store
        )
        plain = plain_resumed_run(DOC, "frontier", seed, interrupt_at, persist)
        assert got.sessions == plain["sessions"]
        assert (got.coverage, got.reports, got.dups) == (plain["coverage"], plain["reports"], plain["dups"])


def test_the_issues_figures(chapter_site, tmp_path):
    store = MemoryStore(tmp_path)
    figures = {}
    for persist in ("none", "milestone:10", "step"):
        runs = [resumed_run(chapter_site, RunConfig(strategy="frontier", seed=s), 15, persist, store)
                for s in range(1000, 1200)]  # fmt: skip
        figures[persist] = (round(100 * statistics.fmean(r.coverage for r in runs), 1),
                            round(statistics.fmean(r.dups for r in runs), 2))  # fmt: skip
    assert figures == {"none": (75.5, 0.73), "milestone:10": (86.8, 0.49), "step": (94.1, 0.0)}


def test_persisting_every_step_covers_more_than_nothing_on_average(chapter_site, tmp_path):
    store = MemoryStore(tmp_path)
    for strategy in ("visited", "frontier"):
        for k in (5, 10, 20):
            cover = {p: statistics.fmean(
                resumed_run(chapter_site, RunConfig(strategy=strategy, seed=s), k, p, store).coverage
                for s in range(1000, 1100)) for p in ("none", "step")}  # fmt: skip
            assert cover["step"] > cover["none"]


class RecordingStore(MemoryStore):
    def __init__(self, directory) -> None:
        super().__init__(directory)
        self.reads: list[str] = []

    def read(self, path):
        text = super().read(path)
        self.reads.append(text)
        return text


def test_session_two_reads_what_session_one_wrote_from_disk(chapter_site, tmp_path):
    store = RecordingStore(tmp_path)
    got = resumed_run(chapter_site, RunConfig(strategy="frontier", seed=1003), 12, "milestone:5", store)
    on_disk = json.loads((tmp_path / "progress.json").read_text())
    assert on_disk["step"] == 10 == got.loaded_step and got.writes == [0, 5, 10]
    assert on_disk["memory"] == got.loaded_memory and set(on_disk["bugs"]) == got.loaded_bugs
    assert store.reads[-1] == (tmp_path / "progress.json").read_text()  # the last read: session 2's
    # ten steps of session 1, then memory as the file says
    assert got.loaded_memory == list(dict.fromkeys(got.sessions[0][:11]))


def test_nothing_persisted_means_an_empty_start_and_a_stranger_file_is_refused(chapter_site, tmp_path):
    store = MemoryStore(tmp_path)
    got = resumed_run(chapter_site, RunConfig(strategy="frontier", seed=1000), 10, "none", store)
    assert got.loaded_step is None and got.loaded_memory == [] and not (tmp_path / "progress.json").exists()
    store.create(PROGRESS_FILE, '{"step": 3, "memory": [99], "bugs": []}')
    with pytest.raises(ValueError, match="not a progress file"):
        read_progress(store, chapter_site.n_pages)


def test_a_run_past_its_budget_is_one_uninterrupted_session(chapter_site, tmp_path):
    config = RunConfig(strategy="visited", seed=1000)
    got = resumed_run(chapter_site, config, 40, "step", MemoryStore(tmp_path))
    assert got.sessions == [run(chapter_site, config).path] and not got.interrupted


def test_persist_is_parsed_strictly():
    assert parse_persist("milestone:10") == ("milestone", 10) and parse_persist("step") == ("step", 0)
    for bad in ("milestone:0", "milestone:", "sometimes", "milestone:x"):
        with pytest.raises(ValueError, match="persist: expected none, step or milestone:M"):
            parse_persist(bad)
