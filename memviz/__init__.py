"""memviz: watch how memory changes the way an LLM testing agent explores a web site."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


def started_as_the_script() -> bool:
    """True in a process the `memviz` console script (or a bundle's memviz executable) started."""
    return bool(_sys.argv) and _os.path.basename(_sys.argv[0]) in ("memviz", "memviz.exe", "memviz-script.py")


def process_ends_with_the_command() -> bool:
    """True in a process that ends when its command returns (``python -m memviz``'s own, the
    `memviz` script's, a bundle's); False for a caller that runs a command in its process (a test,
    a program that imports memviz)."""
    spec = getattr(_sys.modules.get("__main__"), "__spec__", None)
    return started_as_the_script() or (spec is not None and spec.name == "memviz.__main__")


# Started as the `memviz` script: a signal during the imports (the first second of a command) ends
# memviz with one line and the signal's status rather than a KeyboardInterrupt traceback
# (`python -m memviz` does the same in memviz/__main__.py). Nothing changes for a program that
# imports memviz.
if started_as_the_script():
    from memviz import stopping as _stopping

    _stopping.while_starting()
