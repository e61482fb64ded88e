"""Where run-time files live: see :mod:`memviz.core.resources`, which this module re-exports.

The lookup lives in the core (the core reads its own default site); the GUI imports it from here.
"""

from memviz.core.resources import default_site_path, resource_path, resources_dir

__all__ = ["default_site_path", "resource_path", "resources_dir"]
