"""File → Watch the class: a lane and a table row per student of a served blog, live."""

from memviz.gui.classroom.view import ClassView

__all__ = ["ClassView"]
