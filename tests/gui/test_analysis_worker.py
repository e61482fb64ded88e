"""Jobs run off the GUI thread: the event loop keeps answering, Cancel stops the work, errors are shown."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import Qt, QTimer

from memviz.core.engine import RunConfig
from memviz.core.site import load_site
from memviz.gui.analysis import BatchView, CostView, SweepView
from memviz.gui.kit.language import Language
from memviz.gui.kit.worker import Job
from memviz.models.settings import RunSettings

SITE = load_site()


@pytest.fixture
def make_view(keep_analysis_view):
    def make(cls=BatchView, strategy: str = "frontier"):
        view = keep_analysis_view(
            cls(RunSettings(SITE, RunConfig(strategy=strategy)), Language("zh"), auto_run=False)
        )
        view.resize(1200, 700)
        view.show()
        return view

    return make


def test_the_event_loop_keeps_answering_while_a_2000_run_batch_computes(make_view, qtbot, monkeypatch):
    """The batch runs on a pool thread, and the GUI thread handles events while it does.

    Proved by a handshake, not a stopwatch: the job does not begin its batch until the GUI thread
    has answered a timer started after the job; a job that blocked the event loop would wait for
    ever (here: fail after 30 s). How fast the loop answers is measured in benchmarks/.
    """
    gui_thread = threading.get_ident()
    answered = threading.Event()
    job_thread: list[int] = []
    original = BatchView._job_function

    def handshaking(self):
        compute, size = original(self)

        def compute_after_the_gui_answers(context):
            job_thread.append(threading.get_ident())
            assert answered.wait(30), "the GUI thread never answered while the job ran"
            return compute(context)

        return compute_after_the_gui_answers, size

    monkeypatch.setattr(BatchView, "_job_function", handshaking)
    view = make_view()
    view.runs_spin.setValue(2000)
    view.start()
    QTimer.singleShot(0, answered.set)  # runs only if the event loop turns while the job is out
    qtbot.waitUntil(lambda: view.result is not None, timeout=60000)
    assert job_thread and job_thread[0] != gui_thread
    assert view.result.diff.n == 2000


@pytest.mark.parametrize("cls", [BatchView, SweepView, CostView])
def test_cancel_stops_the_worker_part_way(make_view, qtbot, monkeypatch, cls):
    seen: list[tuple[int, int]] = []
    clicked = threading.Event()

    def hold(done: int, total: int) -> None:
        # Runs in the worker as it reports progress: the first report waits there until Cancel has
        # been clicked, so the click lands part way however fast or slow the machine is.
        if not seen:
            seen.append((done, total))
            clicked.wait(30)

    # Connected before the job starts: connecting while the worker emits can deadlock in PySide6
    # (the connection lock and the interpreter lock taken in opposite orders), and a report made
    # before the connection would be missed.
    start = Job.start

    def start_held(job: Job) -> None:
        job.signals.progress.connect(hold, Qt.ConnectionType.DirectConnection)
        start(job)

    monkeypatch.setattr(Job, "start", start_held)
    view = make_view(cls)
    view.runs_spin.setValue(20000 if cls is BatchView else 2000)
    job = view.start()
    qtbot.waitUntil(lambda: bool(seen), timeout=60000)
    view.job_bar.cancel_button.click()
    clicked.set()
    assert job.done.wait(30)  # how quickly: benchmarks/bench_responsiveness.py
    assert job.outcome == "cancelled"
    done, total = seen[0]
    assert done < total  # it really stopped part way
    qtbot.waitUntil(lambda: view.job is None, timeout=10000)
    assert view.result is None
    assert view.job_bar.status.text() == "已取消"
    assert view.run_button.isEnabled() and not view.job_bar.progress.isVisible()


def test_a_new_start_supersedes_the_running_job(make_view, qtbot):
    view = make_view()
    view.runs_spin.setValue(20000)
    first = view.start()
    view.runs_spin.setValue(30)
    second = view.start()
    assert first.is_cancelled
    qtbot.waitUntil(lambda: view.result is not None, timeout=60000)
    assert view.result.seeds == range(1000, 1030)
    assert second.outcome == "finished"


def test_a_failing_job_is_reported_not_raised(make_view, qtbot, monkeypatch):
    view = make_view()

    def broken(self):
        def compute(context):
            raise RuntimeError("disk on fire")

        return compute, 1

    monkeypatch.setattr(BatchView, "_job_function", broken)
    view.start()
    qtbot.waitUntil(lambda: view.job is None, timeout=30000)
    assert "disk on fire" in view.job_bar.status.text()
    assert view.result is None and view.run_button.isEnabled()


def test_progress_reaches_the_gui_thread_in_order(qtbot):
    reports: list[tuple[int, int]] = []

    def compute(context):
        context.expect(5)
        for _ in range(5):
            time.sleep(0.06)  # longer than the progress interval, so every step is reported
            context.advance(1)
        return "ok"

    job = Job(compute)
    job.signals.progress.connect(lambda done, total: reports.append((done, total)))
    with qtbot.waitSignal(job.signals.finished, timeout=30000) as finished:
        job.start()
    assert finished.args == ["ok"]
    assert reports[-1] == (5, 5)
    assert [d for d, _ in reports] == sorted(d for d, _ in reports)


@pytest.mark.parametrize("ending", ["finished", "failed", "cancelled"])
def test_a_job_whose_receiver_is_gone_ends_quietly(qapp, capfd, ending):
    """Issue 23: a snapshot refused (a bad Compare lane) while a job computed: the right line, then
    "RuntimeError: Signal source has been deleted" from the worker as the process ended."""
    import shiboken6

    from memviz.core.experiments import Cancelled
    from memviz.gui.kit.worker import job_pool

    gate = threading.Event()

    def work(_context):
        assert gate.wait(10)
        if ending == "failed":
            raise ValueError("a bad lane")
        if ending == "cancelled":
            raise Cancelled
        return 42

    job = Job(work)
    job.start()
    shiboken6.delete(job.signals)  # what the end of the process does to a window's objects
    gate.set()
    assert job.done.wait(10) and job_pool().waitForDone(10_000)
    assert job.outcome == ending
    assert "Signal source has been deleted" not in capfd.readouterr().err


@pytest.mark.parametrize("ending", ["finished", "failed", "cancelled"])
def test_a_job_goes_once_its_outcome_is_told(qtbot, ending):
    """Jobs were kept for the process's life: the thread pool held every job it was given, the
    job held its Runner (and every run it cached) through a cycle, and the lambdas a view connects
    held the view and the job. Once told, a job goes by reference counting alone (the collector
    off), and so does the view its slots named."""
    import gc
    import weakref

    from memviz.core.experiments import Cancelled
    from memviz.gui.kit.worker import job_pool, live_jobs

    class View:  # stands for a view: its slots name it and the job, as the views' lambdas do
        def on_outcome(self, *args):
            self.told = args

    def work(context):
        context.runner.plan(1)  # a Runner with something in it, as a batch has
        if ending == "failed":
            raise ValueError("a bad lane")
        if ending == "cancelled":
            raise Cancelled
        return [1, 2, 3]

    def run_one_as_a_view_does():
        view = View()
        job = view.job = Job(work)
        signal = getattr(job.signals, ending)
        signal.connect(lambda *args: view.on_outcome(job, *args))
        job.signals.progress.connect(lambda done, total: view.on_outcome(job, done, total))
        with qtbot.waitSignal(signal, timeout=30_000):
            job.start()
        assert job_pool().waitForDone(30_000)
        assert view.told[0] is job and job.outcome == ending
        assert live_jobs() == before + 1  # the view still holds it
        return weakref.ref(job), weakref.ref(job.signals), weakref.ref(view)

    before = live_jobs()
    was_enabled = gc.isenabled()  # the app's MainThreadCollector keeps it off: leave it as found
    gc.disable()
    try:
        job, signals, view = run_one_as_a_view_does()
        assert job() is None and view() is None
        assert signals() is None  # its QObject too (asking it whether a signal was connected kept it)
        assert live_jobs() == before
    finally:
        if was_enabled:
            gc.enable()
