"""memviz's desktop GUI (PySide6 + pyqtgraph). The only package that imports Qt."""
