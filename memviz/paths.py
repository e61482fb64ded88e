"""Where run-time files live: see :mod:`memviz.core.resources`, which this module re-exports.

The lookup lives in the core (the core reads its own default site); the GUI imports it from here,
with where its file dialogs open.
"""

from pathlib import Path

from memviz.core.resources import default_site_path, resource_path, resources_dir

__all__ = ["default_site_path", "dialog_start", "resource_path", "resources_dir"]


def dialog_start(name: str = "") -> str:
    """Where a file dialog opens: ``name`` in the user's home folder, never the working directory.

    A bundle started from Explorer runs in its own folder (under Program Files it cannot be written),
    an app started from Finder runs in ``/``; a bare file name would put the dialog there.
    """
    return str(Path.home() / name)
