"""Random streams of the scenarios' own draws (a report's wording, whether a note is believed).

Each is a mulberry32 generator seeded from the run's seed and the stream's name, never the run's
own generator: drawing from it cannot shift the chapter's navigation stream.
"""

from __future__ import annotations

import zlib

from memviz.core.rng import SEED_MAX, Mulberry32


def side_stream(seed: int, name: str) -> Mulberry32:
    """The generator of stream ``name`` for the run of ``seed`` (the same for the same pair)."""
    salt = zlib.crc32(name.encode("utf-8"))
    mixed = ((seed ^ salt) * 0x9E3779B1 + salt) & SEED_MAX
    return Mulberry32(mixed)
