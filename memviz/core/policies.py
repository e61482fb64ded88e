"""Eviction policies: what a full memory forgets. Each policy is one registered :class:`Policy`.

A policy is its names and one-line rule in both languages, its colour, its behaviour in the scalar
engine (the hooks below) and, optionally, a numpy kernel for the lock-step batch engine. A policy
without a kernel still runs everywhere: batches send its runs to the scalar engine.

How to add one (docs/extending.md): subclass :class:`Policy`, override :meth:`Policy.victim` (and
:meth:`Policy.on_write`, :meth:`Policy.on_revisit` or :meth:`Policy.on_step_start` if it needs them,
and :meth:`Policy.new_state` for bookkeeping of its own, kept per run),
``POLICIES.register(MyPolicy(...))``, or name it in an installed package's ``memviz.policies`` entry
point. Every view, the command line and the sweep list it. A kernel names the class it implements,
and is checked against it when the policy is registered (:func:`check_kernel`).

The hooks see the memory as its dict of entries, in eviction order (page → the links seen
there; the first is the first to go by FIFO/LRU), and an :class:`EvictionContext`, the run's own:
the step, each page's visits, the run's random generator, the policy's per-run ``state`` (what
:meth:`Policy.new_state` made for this run: one policy object serves every run, so anything it
counts lives there) and, for a clairvoyant policy, a way to ask the engine what the rest of the
run would be for each choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from memviz.core.registry import Bilingual, Registry
from memviz.core.rng import Mulberry32

if TYPE_CHECKING:
    import numpy as np

Entries = dict[int, tuple[int, ...]]

# In a kernel's stamps: the page is not in memory (numpy's largest int64; numpy is imported by the
# kernels, not here, so that a run in the window never loads it).
NOT_IN_MEMORY = 2**63 - 1


class EvictionContext:
    """What a policy may ask while the run goes on. A memory on its own (no engine) has this one."""

    __slots__ = ("rng", "state")

    def __init__(self, rng: Mulberry32) -> None:
        self.rng = rng
        self.state = None  # the policy's own per-run state (Policy.new_state), set by the memory

    @property
    def step(self) -> int:
        """Links clicked so far: during an eviction, the step being made (1-based)."""
        return 0

    def visits(self, page: int) -> int:
        """How often the agent has been on ``page`` so far, the visit being made included."""
        return 0

    def last_visit(self, page: int) -> int | None:
        """The step ``page`` was last visited at (0: the start page at the start), or None."""
        return None

    @property
    def ttl(self) -> int | None:
        """The run's time to live, in steps (policy ttl; None: no run, nothing expires)."""
        return None

    def simulate(self, victim_index: int, then: str = "fifo") -> object:
        """The rest of the run had this eviction taken entry ``victim_index`` and later ones
        followed policy ``then``, on a copy of the engine's state and random generator: a
        :class:`memviz.core.events.RunResult` (not named in the annotation: the events sit floors
        above the policies, and the core keeps no circle, not even one of annotations)."""
        raise RuntimeError("simulate: this memory is not part of a run")

    def future(self):
        """For a look-ahead policy, during an eviction: the run's state as a
        :class:`memviz.core.clairvoyant.Future` (None: not part of a run)."""
        return None


class PolicyKernel(NamedTuple):
    """A policy for :mod:`memviz.core.lockstep`: many runs' memories at once. ``implements`` is the
    :class:`Policy` class whose rule it reproduces: a policy carrying a kernel of another class, or
    whose revisits the kernel treats otherwise, is refused when registered (its batches would give
    another policy's numbers).

    Each run's memory is a row of ``stamps``, one column per slot of its memory (not per page: an
    eviction costs the memory's size, not the site's): the step the slot's entry was written at
    (or, when ``touches_on_revisit``, last used at), :data:`NOT_IN_MEMORY` for an empty slot;
    members' stamps are distinct, and slots are in no particular order, so a kernel reads only the
    stamps. ``victims(stamps, sizes, draw)`` gets the rows of full memories, their sizes, and
    ``draw()`` (the next draw of each of those runs' generators, as floats in [0, 1); call it at
    most ``draws_per_eviction`` times) and returns each row's victim column. With
    ``expires_after_ttl``, as each step s begins the engine drops every entry whose stamp (its last
    use) v has s - v > the run's time to live, before the step's tokens are counted (policy ttl).
    """

    implements: type[Policy]
    victims: Callable[[np.ndarray, np.ndarray, Callable[[], np.ndarray]], np.ndarray]
    touches_on_revisit: bool = False
    draws_per_eviction: int = 0
    expires_after_ttl: bool = False


class Policy(Bilingual):
    """An eviction policy. Subclasses override :meth:`victim` and, if they need them, the others."""

    touches_on_revisit = False  # True: on_revisit may reorder the memory (it is called only then)
    simulates = False  # True: victim may call ctx.simulate (the engine then keeps what it needs)
    victim_is_first = False  # True: a full memory always forgets its first entry (the panel says so)
    draws_victim = False  # True: the victim is drawn from the run's generator (no one can foresee it)
    takes_ttl = False  # True: the run's time to live (--ttl T) is this policy's setting

    def __init__(
        self, name: str, zh: str, en: str, rule_zh: str, rule_en: str, colour: str,
        kernel: PolicyKernel | None = None, which_goes_zh: str = "", which_goes_en: str = "",
    ) -> None:  # fmt: skip
        self.name = name
        self.zh, self.en = zh, en  # as said mid-sentence ("random", not "Random")
        self.rule_zh, self.rule_en = rule_zh, rule_en
        self.colour = colour  # "#RRGGBB"
        self.kernel = kernel
        # Which row of the memory panel (entries in eviction order) goes when memory is full, in one
        # sentence: "top goes first" is true of FIFO and LRU only. Empty: the panel says nothing of it
        # (a plugin that does not say is not credited with a rule it may not have).
        self.which_goes_zh, self.which_goes_en = which_goes_zh, which_goes_en

    def which_goes_in(self, lang: str) -> str:
        """The memory panel's sentence on which row goes next ("" if the policy does not say)."""
        return self.which_goes_zh if lang == "zh" else self.which_goes_en

    def __repr__(self) -> str:
        return f"<policy {self.name}>"

    @property
    def acts_at_step_start(self) -> bool:
        return type(self).on_step_start is not Policy.on_step_start

    @property
    def acts_only_when_full(self) -> bool:
        """A memory that never fills never consults this policy (so its runs equal FIFO's)."""
        return not self.acts_at_step_start

    @property
    def foreseeable(self) -> bool:
        """A full memory's victim follows from what the run shows (its first entry, by writing or by
        last use) and nothing else forgets: a learner can be asked which entry goes next."""
        return self.victim_is_first and self.acts_only_when_full and not self.simulates

    def new_state(self) -> object:
        """The policy's own bookkeeping for one run (a counter, a second queue), handed to every hook
        of that run as ``ctx.state``; None (the default) for a policy that keeps none. A run's
        copies (the clairvoyant look-ahead, a resumed session) start from a new state."""
        return None

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        """Which entry a full memory forgets, as an index in eviction order."""
        raise NotImplementedError

    def on_write(self, entries: Entries, page: int, ctx: EvictionContext) -> None:
        """``page`` was just written to memory (its entry is last in ``entries``): note it in
        ``ctx.state`` if the policy keeps count. Must not reorder the entries."""

    def on_revisit(self, entries: Entries, page: int, ctx: EvictionContext | None = None) -> int | None:
        """The agent is back on ``page``, which memory holds: reorder if the policy says so and
        return the index the entry moved from (None: nothing moved). Called only for a policy that
        ``touches_on_revisit``. (A plugin's older two-argument override still works.)"""
        return None

    def on_step_start(self, entries: Entries, step: int, ctx: EvictionContext) -> tuple[int, ...]:
        """Pages to drop as step ``step`` (1-based) begins, before its tokens are counted (e.g.
        entries past a time to live; ``ctx.last_visit(page)`` says when a page was last visited)."""
        return ()


def check_kernel(policy: Policy) -> None:
    """ValueError unless the policy's batch kernel (if any) implements this very policy's rule."""
    kernel = policy.kernel
    if kernel is None:
        return
    cls = type(policy)
    if cls is not kernel.implements:
        raise ValueError(
            f"policy {policy.name}: its batch kernel implements {kernel.implements.__name__}, "
            f"not {cls.__name__}; batches would give another policy's numbers"
        )
    if kernel.touches_on_revisit != policy.touches_on_revisit:
        raise ValueError(
            f"policy {policy.name}: touches_on_revisit is {policy.touches_on_revisit} in the policy "
            f"but {kernel.touches_on_revisit} in its batch kernel"
        )
    if policy.simulates:
        raise ValueError(
            f"policy {policy.name}: the batch engine has no look-ahead; register it without a kernel "
            "(its batches then run in the scalar engine)"
        )
    # The one step-start drop the batch engine knows is a time to live's expiry, and a kernel says
    # so (expires_after_ttl); any other drop as a step begins has no batch form.
    if policy.acts_at_step_start != kernel.expires_after_ttl or (
        kernel.expires_after_ttl and not policy.takes_ttl
    ):
        raise ValueError(
            f"policy {policy.name}: it drops entries as a step begins only if its kernel expires them "
            "after a time to live (expires_after_ttl, a policy that takes_ttl); otherwise register it "
            "without a kernel (its batches then run in the scalar engine)"
        )


POLICIES: Registry[Policy] = Registry("policy", "eviction policy", check_kernel, "memviz.policies", Policy)


def get_policy(name: str) -> Policy:
    return POLICIES.get(name)


def ttl_policy() -> str:
    """The name of the policy a time to live belongs to (the first registered that takes one)."""
    return POLICIES.first(lambda p: p.takes_ttl).name


def takes_ttl(name: str) -> bool:
    return POLICIES.get(name).takes_ttl


# -- the chapter's three ---------------------------------------------------------------------------


def _oldest(stamps: np.ndarray, sizes: np.ndarray, draw: Callable[[], np.ndarray]) -> np.ndarray:
    return stamps.argmin(1)


def _kth_written(stamps: np.ndarray, sizes: np.ndarray, draw: Callable[[], np.ndarray]) -> np.ndarray:
    # the k-th member in writing order, as list(entries)[k]: members' stamps are distinct
    import numpy as np

    k = (draw() * sizes).astype(np.int64)
    kth = np.sort(stamps, axis=1)[np.arange(len(stamps)), k]
    return (stamps == kth[:, None]).argmax(1)


class Fifo(Policy):
    victim_is_first = True

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        return 0


class Lru(Policy):
    touches_on_revisit = True
    victim_is_first = True

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        return 0

    def on_revisit(self, entries: Entries, page: int, ctx: EvictionContext | None = None) -> int | None:
        # a revisit counts as use: the entry moves to the newest end
        slot = list(entries).index(page)
        entries[page] = entries.pop(page)
        return slot


class RandomEviction(Policy):
    draws_victim = True

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        return ctx.rng.index(len(entries))  # the chapter's draw: k-th in writing order


POLICIES.register(Fifo(
    "fifo", "FIFO", "FIFO", "最早写入的先忘", "oldest written goes first", "#E69F00",
    PolicyKernel(Fifo, _oldest), which_goes_zh="最上面一条先忘", which_goes_en="The top entry goes first",
))  # fmt: skip
POLICIES.register(Lru(
    "lru", "LRU", "LRU", "最久没用的先忘", "least recently used goes first", "#56B4E9",
    PolicyKernel(Lru, _oldest, touches_on_revisit=True),
    which_goes_zh="最上面一条先忘（用过的移到最下面）",
    which_goes_en="The top entry goes first (a used one moves to the bottom)",
))  # fmt: skip
POLICIES.register(RandomEviction(
    "random", "随机", "random", "满了随机忘一条", "a random entry goes when full", "#CC79A7",
    PolicyKernel(RandomEviction, _kth_written, draws_per_eviction=1),
    which_goes_zh="哪一条先忘由抽签决定，事先看不出", which_goes_en="A draw picks which entry goes: no row is next",
))  # fmt: skip


class TimeToLive(Policy):
    """Forgetting by time (the chapter's second way to forget): memory in recency order, as LRU; at
    the start of step s every entry last visited at v with s - v > T is dropped, before the step's
    tokens are counted; a full memory (with a capacity too) forgets the least recently visited.

    Its batch kernel is LRU's with the expiry (``expires_after_ttl``): the last visit of a page in
    memory is its entry's last use.
    """

    touches_on_revisit = True
    victim_is_first = True
    takes_ttl = True

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        return 0

    on_revisit = Lru.on_revisit

    def on_step_start(self, entries: Entries, step: int, ctx: EvictionContext) -> tuple[int, ...]:
        ttl = ctx.ttl
        if ttl is None:
            return ()
        last_visit = ctx.last_visit
        return tuple(p for p in entries if step - last_visit(p) > ttl)


POLICIES.register(TimeToLive(
    "ttl", "限时遗忘", "time to live", "超过 T 步没访问就忘", "forgotten T steps after its last visit",
    "#009E73", PolicyKernel(TimeToLive, _oldest, touches_on_revisit=True, expires_after_ttl=True),
    which_goes_zh="最上面一条最久没访问", which_goes_en="The top entry was visited longest ago",
))  # fmt: skip
