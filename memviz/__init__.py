"""memviz: watch how memory changes the way an LLM testing agent explores a web site."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


def started_as_the_script() -> bool:
    """True in a process the `memviz` console script (or a bundle's memviz executable) started."""
    return bool(_sys.argv) and _os.path.basename(_sys.argv[0]) in ("memviz", "memviz.exe", "memviz-script.py")


# Started as the `memviz` script: a signal during the imports (the first second of a command) ends
# memviz with one line and the signal's status rather than a KeyboardInterrupt traceback
# (`python -m memviz` does the same in memviz/__main__.py). Nothing changes for a program that
# imports memviz.
if started_as_the_script():
    from memviz import stopping as _stopping

    _stopping.while_starting()
