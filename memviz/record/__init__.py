"""Recording a run to a video, the Qt-free half: the plan and its checks (:mod:`.plan`), the PyAV
encoders (:mod:`.encoders`). The frames are drawn by :mod:`memviz.gui.recording`.
"""
