"""The Scenarios tab: the chapter's memory test cases played step by step (see ``view.py``)."""

from memviz.gui.scenarios.view import ScenariosView

__all__ = ["ScenariosView"]
