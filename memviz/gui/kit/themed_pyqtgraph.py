"""pyqtgraph, as memviz's plots take it: with the current theme's colours as its defaults.

Every module of the window that plots imports pyqtgraph from here (``from
memviz.gui.kit.themed_pyqtgraph import pg``; import-linter holds the rule). pyqtgraph (and numpy
behind it) took ~180 ms to import, and the first theme imported it to set its colours: every start
waited for it before its first picture, though Explore plots nothing with it. Now a theme sets
pyqtgraph's colours only once it is loaded, and loading it through here sets them then.
"""

from __future__ import annotations

import pyqtgraph as pg

from memviz.gui.kit import themes

themes.restyle_plots()

__all__ = ["pg"]
