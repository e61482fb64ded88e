"""Cyclic garbage is collected in the GUI thread only (a collection in a worker thread that frees a
Qt object deadlocks against the GUI thread)."""

from __future__ import annotations

import gc
import threading

from memviz.gui.collector import MainThreadCollector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_app_collects_in_its_own_thread_only(app, qtbot):
    assert app.findChild(MainThreadCollector) is not None
    assert not gc.isenabled()
    threads: list[str] = []

    def note(phase, _info):
        if phase == "start":
            threads.append(threading.current_thread().name)

    done = threading.Event()

    def churn():  # a worker making cyclic garbage, as an analysis run's objects can be
        for _ in range(20_000):
            _Cycle()
        done.set()

    gc.callbacks.append(note)
    try:
        worker = threading.Thread(target=churn, name="worker")
        worker.start()
        qtbot.waitUntil(done.is_set, timeout=60_000)
        worker.join()
        assert "worker" not in threads  # 20,000 cycles, far past the threshold: no collection there
        collector = app.findChild(MainThreadCollector)

        def collected() -> bool:
            # Keep the count past the threshold whatever else moved it (another test's gc.freeze
            # resets it), so what is waited for is the timer, not the count.
            while gc.get_count()[0] <= collector.thresholds[0]:
                _Cycle()
            return bool(threads)

        qtbot.waitUntil(collected, timeout=60_000)  # the GUI thread's timer collected
    finally:
        gc.callbacks.remove(note)
    assert set(threads) == {threading.main_thread().name}


def test_a_collection_is_due_only_past_the_threshold(app):
    collector = app.findChild(MainThreadCollector)
    gc.collect()
    assert collector.collect_due() == 0  # nothing allocated since: nothing to do
    garbage = [_Cycle() for _ in range(collector.thresholds[0] + 50)]
    del garbage
    assert collector.collect_due() >= collector.thresholds[0]  # the cycles are freed
