"""The application's models, free of Qt: the run settings in force and the playback models.

Views take these models and subscribe to their signals (napari style: ``QtDims(Dims(...))``); the
recorder and the tests drive them with no QApplication at all: their signals
(:mod:`memviz.models.signal`) need no event loop, and time comes from a
:class:`~memviz.models.clock.Clock`: the window passes a QTimer (``memviz.gui.kit.qt_clock.QtClock``),
tests and scripts a :class:`~memviz.models.clock.ManualClock` they advance by hand, so autoplay is
tested without waiting on a real timer.
"""
