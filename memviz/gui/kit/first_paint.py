"""Work that waits for a widget's first picture: a call made once it has painted.

The window's first frame is what a user waits for at start; what the frame does not need (the full
garbage collection, the keyboard's shortcuts) is done right after it, in the same turn of the event
loop, before any input of that turn is read.
"""

from __future__ import annotations

from memviz.gui.qt import QEvent, QObject, QTimer


class _FirstPaint(QObject):
    def __init__(self, widget: QObject, callback) -> None:
        super().__init__(widget)
        self.callback = callback

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.callback)  # after the paint, in the loop's next turn
        return False


def when_painted(widget: QObject, callback) -> None:
    """Call ``callback`` once, just after ``widget`` first paints."""
    widget.installEventFilter(_FirstPaint(widget, callback))
