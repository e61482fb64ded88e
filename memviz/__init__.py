"""memviz: watch how memory changes the way an LLM testing agent explores a web site."""

__version__ = "0.1.0"
