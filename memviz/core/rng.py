"""mulberry32: the small 32-bit generator the chapter uses, so every seed walks the same path.

mulberry32 is counter-based: draw k mixes only ``seed + k·0x6D2B79F5 (mod 2³²)``. That lets us mix
a block of upcoming draws at once with numpy (every product fits in 64 bits, so the result is the
same, bit for bit, as the scalar formula) and hand them out one by one; a run spends most of its
time drawing, and this makes a draw several times cheaper than scalar big-int arithmetic.
"""

from __future__ import annotations

import sys
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

_MASK = 0xFFFFFFFF
_GOLDEN_STEP = 0x6D2B79F5
_TWO_POW_32 = 4294967296.0

SEED_MIN = 0
SEED_MAX = _MASK

_FIRST_BLOCK = 48  # a 30-step run draws about this many; longer runs double the block as they go
_MAX_BLOCK = 4096
# Blocks this small are mixed in plain Python: a short run (the window's first) never loads numpy,
# which takes longer to import than the window takes to build. Same integers, same floats.
_PLAIN_BLOCK = 192  # the first three blocks: 336 draws, a window run of 150 steps or more


def _plain_block(state: int, count: int) -> list[float]:
    """The ``count`` draws after counter ``state``, one at a time (the chapter's formula)."""
    out = []
    a = state
    for _ in range(count):
        a = (a + _GOLDEN_STEP) & _MASK
        t = ((a ^ (a >> 15)) * (a | 1)) & _MASK
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & _MASK)) & _MASK) ^ t
        out.append(((t ^ (t >> 14)) & _MASK) / _TWO_POW_32)
    return out


def _draws(state: int, count: int) -> list[float]:
    # Once numpy is loaded (a batch, a report), even the small blocks are mixed with it: 192 draws
    # cost ~50 µs there and ~280 µs in plain Python, and a report's scalar runs mix some 40 blocks
    if count <= _PLAIN_BLOCK and "numpy" not in sys.modules:
        return _plain_block(state, count)
    return mulberry32_block(state, count).tolist()


def mulberry32_block(state: int | np.ndarray, count: int) -> np.ndarray:
    import numpy as np  # here, not at the top: see _PLAIN_BLOCK

    """The next ``count`` draws after internal state ``state``, as float64 in [0, 1).

    ``state`` may be an array of states (one per seed): the result then has one row per state,
    so a whole batch of runs gets its first draws from a single call.
    """
    k = np.arange(1, count + 1, dtype=np.uint64)
    states = np.asarray(state, dtype=np.uint64)[..., None]
    a = ((states + k * np.uint64(_GOLDEN_STEP)) & np.uint64(_MASK)).reshape((*states.shape[:-1], count))
    t = ((a ^ (a >> np.uint64(15))) * (a | np.uint64(1))) & np.uint64(_MASK)
    t = ((t + (((t ^ (t >> np.uint64(7))) * (t | np.uint64(61))) & np.uint64(_MASK))) & np.uint64(_MASK)) ^ t
    return ((t ^ (t >> np.uint64(14))) & np.uint64(_MASK)) / _TWO_POW_32


class Mulberry32:
    """Seeded source of floats in [0, 1); the only randomness a run uses."""

    __slots__ = ("_block", "_next", "_size", "seed", "state")

    def __init__(self, seed: int, first_draws: list[float] | None = None) -> None:
        """``first_draws``: the seed's first draws, already mixed (see :func:`first_draws`)."""
        self.seed = seed & _MASK
        self.state = self.seed  # the counter after the last block was mixed
        self._block: list[float] = []
        self._next = 0
        self._size = _FIRST_BLOCK // 2
        if first_draws is not None:
            self._block = first_draws
            self._size = len(first_draws)
            self.state = (self.seed + self._size * _GOLDEN_STEP) & _MASK

    def copy(self) -> Mulberry32:
        """A generator that will draw exactly what this one draws next (blocks are never mutated)."""
        twin = object.__new__(Mulberry32)
        twin.seed, twin.state, twin._block, twin._next, twin._size = (
            self.seed, self.state, self._block, self._next, self._size,
        )  # fmt: skip
        return twin

    def peek(self, count: int) -> list[float]:
        """The next ``count`` draws, without drawing them (a look-ahead plays them on its own)."""
        ahead = self._block[self._next : self._next + count]
        if len(ahead) < count:
            ahead += _draws(self.state, count - len(ahead))
        return ahead

    def _refill(self) -> None:
        self._size = min(self._size * 2, _MAX_BLOCK)
        self._block = _draws(self.state, self._size)
        self.state = (self.state + self._size * _GOLDEN_STEP) & _MASK
        self._next = 0

    def random(self) -> float:
        if self._next == len(self._block):
            self._refill()
        x = self._block[self._next]
        self._next += 1
        return x

    def index(self, n: int) -> int:
        """A uniform index in range(n): floor(random() * n); int() is floor for non-negatives."""
        i = self._next
        if i == len(self._block):
            self._refill()
            i = 0
        self._next = i + 1
        return int(self._block[i] * n)


def side_stream(seed: int, name: str) -> Mulberry32:
    """The generator of side stream ``name`` for the run of ``seed`` (the same for the same pair).

    A kind of draw the chapter never makes (a report's wording, whether a note is believed, whether
    the model misuses its memory) gets its own stream, seeded from the run's seed and the stream's
    name, never from the run's own generator: drawing from it cannot shift the chapter's numbers.
    """
    salt = zlib.crc32(name.encode("utf-8"))
    mixed = ((seed ^ salt) * 0x9E3779B1 + salt) & SEED_MAX
    return Mulberry32(mixed)


def first_draws(seeds: list[int], count: int = _FIRST_BLOCK) -> list[list[float]]:
    """The first ``count`` draws of every seed, mixed in one numpy call (cheap per run)."""
    if not seeds:
        return []
    import numpy as np

    return mulberry32_block(np.asarray(seeds, dtype=np.uint64) & np.uint64(_MASK), count).tolist()


def mulberry32_rows(states: np.ndarray, count: int) -> np.ndarray:
    """Like :func:`mulberry32_block` for an array of states (one row of ``count`` draws each), faster.

    The arithmetic is done in uint32, where numpy's multiplication keeps the low 32 bits of the
    product exactly as ``Math.imul`` does, so the draws are bit for bit the same with half the
    memory traffic of uint64 (a batch of thousands of runs mixes hundreds of thousands of draws).
    Dividing by 2³² (a power of two) is exact, so multiplying by its reciprocal changes nothing.
    """
    import numpy as np

    k = np.arange(1, count + 1, dtype=np.uint32) * np.uint32(_GOLDEN_STEP)
    return _mix((np.asarray(states) & _MASK).astype(np.uint32)[:, None] + k) * (1.0 / _TWO_POW_32)


def mulberry32_words(states: np.ndarray, count: int) -> np.ndarray:
    """The next ``count`` draws of each state as uint32 words, draw-major: ``words[k - 1, i]`` is
    draw ``k`` of ``states[i]`` times 2³² (the draw is ``word / 2**32``, exactly)."""
    import numpy as np

    k = np.arange(1, count + 1, dtype=np.uint32) * np.uint32(_GOLDEN_STEP)
    return _mix((np.asarray(states) & _MASK).astype(np.uint32)[None, :] + k[:, None])


def _mix(a: np.ndarray) -> np.ndarray:
    """mulberry32's output function on uint32 counters (products wrap mod 2³², as Math.imul)."""
    import numpy as np

    t = (a ^ (a >> np.uint32(15))) * (a | np.uint32(1))
    t = (t + ((t ^ (t >> np.uint32(7))) * (t | np.uint32(61)))) ^ t
    return t ^ (t >> np.uint32(14))
