"""Random streams of the scenarios' own draws (a report's wording, whether a note is believed).

The rule lives in :func:`memviz.core.rng.side_stream`, next to the generator, so the engine's own
side streams (issue 27's misuse) use it too; the scenarios import it from here as before.
"""

from __future__ import annotations

from memviz.core.rng import side_stream

__all__ = ["side_stream"]
