"""Python's cyclic garbage collector, run in the GUI thread only.

Left automatic, the collector runs in whichever thread happens to allocate past its threshold: an
analysis worker in the middle of a run. If that collection frees a Qt object (a widget the user just
closed, a lane just removed), its C++ destructor runs in the worker thread while the GUI thread is
inside Qt (painting, deleting), and the two wait on each other for ever; the GUI monkey test hung
that way. So the automatic collector is turned off and a timer in the GUI thread collects as it
would have, generation by generation, when its counts pass the same thresholds. This is what
pyqtgraph's ``GarbageCollector`` does, for the same reason.
"""

from __future__ import annotations

import gc

from memviz.gui.qt import QObject, QTimer, is_alive

INTERVAL_MS = 250  # how often the GUI thread looks at the collector's counts
# The first look waits this long, or until the window has painted (:meth:`start`): a collection
# while the window is being built walks every object the imports made (0.1 s of the first paint).
START_DELAY_MS = 3000


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects from a timer in the thread it lives in."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_due)
        QTimer.singleShot(START_DELAY_MS, self, self.start)

    def start(self) -> None:
        """Look at the counts from now on (start-up is over)."""
        if not self._timer.isActive():
            self._timer.start()

    def collect_due(self) -> int:
        """Collect the generations whose counts passed their thresholds; returns what was freed."""
        counts = gc.get_count()
        if counts[0] <= self.thresholds[0]:
            return 0
        generation = 0
        if counts[1] > self.thresholds[1]:
            generation = 2 if counts[2] > self.thresholds[2] else 1
        return gc.collect(generation)


_installed: MainThreadCollector | None = None


def install(app: QObject) -> MainThreadCollector:
    """The app's collector, made on first call.

    Kept here rather than found with ``app.findChild``: the first object PySide hands back as a
    QObject makes it set up every QObject class it knows, with their enums (6 ms of the first paint).
    """
    global _installed
    if _installed is None or not is_alive(_installed) or _installed.parent() is not app:
        _installed = MainThreadCollector(app)
    return _installed
