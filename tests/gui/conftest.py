"""GUI tests run offscreen: no display is needed, and windows never flash up on a desktop."""

import os

# Must be set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
