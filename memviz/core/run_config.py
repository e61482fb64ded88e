"""A run's settings: :class:`RunConfig`, checked when made, and its simplest equal form (``effective``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from memviz.core.context import (
    COMPACTIONS,
    DEFAULT_EVICT_SHARE,
    DEFAULT_FLUSH_AT,
    DEFAULT_NOTE_TOKENS,
    DEFAULT_RECALL_TOKENS,
    DEFAULT_SUMMARY_NAMES,
    DEFAULT_SUMMARY_TOKENS,
    DEFAULT_TURN_TOKENS,
    DEFAULT_WARN_AT,
    TRUNCATE,
)
from memviz.core.limits import check
from memviz.core.policies import POLICIES
from memviz.core.registry import ConfigError
from memviz.core.retrieval import read_mode_text
from memviz.core.strategies import STRATEGIES

DEFAULT_BUDGET = 30
DEFAULT_MAX_STEPS = 5000  # "until all bugs are found" gives up after this many steps
DEFAULT_BASE_TOKENS = 3000  # per call: system prompt + page snapshot (an assumed figure)
DEFAULT_ENTRY_TOKENS = 40  # per memory entry injected into the call (an assumed figure)
DEFAULT_TTL = 8  # policy ttl without a time to live given: entries older than this many steps go

# The session context's settings (memviz.core.context, docs/context.md), each with its default; they
# mean something only with ``context`` set.
CONTEXT_FIELDS = {
    "turn_tokens": DEFAULT_TURN_TOKENS,
    "compaction": TRUNCATE,
    "summary_names": DEFAULT_SUMMARY_NAMES,
    "summary_tokens": DEFAULT_SUMMARY_TOKENS,
    "note_tokens": DEFAULT_NOTE_TOKENS,
    "warn_at": DEFAULT_WARN_AT,
    "flush_at": DEFAULT_FLUSH_AT,
    "evict_share": DEFAULT_EVICT_SHARE,
    "recall_tokens": DEFAULT_RECALL_TOKENS,
}
_SUMMARY_FIELDS = ("summary_names", "summary_tokens")  # used by summary and memgpt
_MEMGPT_FIELDS = ("warn_at", "flush_at", "evict_share", "recall_tokens")


class RunConfig:
    """Every setting of a run: strategy, seed, memory, budget, token prices, reading and context.

    Read-only once made (a changed copy is :meth:`with_`), equal and hashed by its fields, as the
    frozen dataclass it was. A plain class: every command makes one as it starts, and the dataclass
    compiled six methods for its 25 fields from source first, 11 M instructions (1 %) of the
    window's first paint (issue 41). Its fields are :data:`RunConfig.FIELDS`, the parameters of
    ``__init__`` in order."""

    def __init__(
        self,
        strategy: str = "random",
        seed: int = 1000,
        capacity: int | None = None,  # None: unlimited
        policy: str = "fifo",
        budget: int = DEFAULT_BUDGET,
        until_all_bugs: bool = False,
        max_steps: int = DEFAULT_MAX_STEPS,
        base_tokens: int = DEFAULT_BASE_TOKENS,
        entry_tokens: int = DEFAULT_ENTRY_TOKENS,
        ttl: int | None = None,  # policy ttl: steps an entry lives after its last visit (None: DEFAULT_TTL)
        # The bug list (no duplicate reports) as its own switch. None: as the strategy has it (a memory
        # strategy keeps one, no memory keeps none); False: a memory run that reports every visit to a
        # bug page; True with no memory: a bug list and no visited set (the ablation's "bug list only").
        bug_list: bool | None = None,
        # Issue 27, how a real model misuses its memory: the chance that a step's choice ignores memory
        # (a uniform pick, no bug list) and that a step that moves writes nothing; 0 is the chapter's.
        ignore: float = 0.0,
        skip_write: float = 0.0,
        read_top: int
        | None = None,  # None: every entry is injected (--read all); K: retrieval (--read top:K)
        # The page the run starts on (a task's start page, memviz.core.evaluation). None: the site's
        # start, as every run before tasks. A page given here is visited, written to memory and, if it
        # hides a bug, reported at step 0 (the site's own start page never hides one in the chapter).
        start: int | None = None,
        # Issue 38, the session context: the window W in tokens (None: off, the chapter's runs; math.inf:
        # unlimited) and how it is compacted (memviz.core.context).
        context: float | None = None,
        turn_tokens: int = DEFAULT_TURN_TOKENS,
        compaction: str = TRUNCATE,
        summary_names: int = DEFAULT_SUMMARY_NAMES,
        summary_tokens: int = DEFAULT_SUMMARY_TOKENS,
        note_tokens: int = DEFAULT_NOTE_TOKENS,
        warn_at: float = DEFAULT_WARN_AT,
        flush_at: float = DEFAULT_FLUSH_AT,
        evict_share: float = DEFAULT_EVICT_SHARE,
        recall_tokens: int = DEFAULT_RECALL_TOKENS,
    ) -> None:
        # The parameters are the fields: set in their order (equality, hashing and repr read them so)
        # as a frozen dataclass set them, past __setattr__.
        fields = locals()
        del fields["self"]
        self.__dict__.update(fields)
        self._check()

    FIELDS: tuple[str, ...] = __init__.__code__.co_varnames[1 : __init__.__code__.co_argcount]

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(
            f"RunConfig is read-only: cannot assign to field {name!r} (make a copy with with_)"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"RunConfig is read-only: cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not RunConfig:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def to_dict(self) -> dict:
        """Every field by name, in order (what the JSON outputs write as a run's ``config``)."""
        return dict(self.__dict__)

    def __repr__(self) -> str:
        return "RunConfig(" + ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items()) + ")"

    def _check(self, changed: frozenset[str] | None = None) -> None:
        """ConfigError for a setting out of range: every field's, or only those ``changed`` (a
        derived config's others were checked when its original was made; a report derives ~7,000).
        The fields are checked in _FIELD_CHECKS' order, so the first bad one named is the same."""
        if changed is None:
            for _name, check_field in _FIELD_CHECKS:
                check_field(self)
            self._check_context()
            return
        for name in sorted(changed & _CHECKED, key=_CHECK_ORDER.__getitem__):
            _CHECK_OF[name](self)
        if not changed.isdisjoint(_CONTEXT_NAMES):
            self._check_context()

    def _check_context(self) -> None:
        if self.context is not None and self.context != math.inf:
            check("context", self.context, ConfigError)
        for name in ("turn_tokens", "summary_names", "summary_tokens", "note_tokens", "recall_tokens"):
            check(name, getattr(self, name), ConfigError)
        for name in ("warn_at", "flush_at", "evict_share"):
            check(name, getattr(self, name), ConfigError)
        if self.warn_at > self.flush_at:
            raise ConfigError(
                f"warn-at: must not be above flush-at ({self.flush_at:g}), got {self.warn_at:g}"
            )
        if self.compaction not in COMPACTIONS:
            raise ConfigError(
                f"compaction: expected one of {', '.join(COMPACTIONS)}, got {self.compaction!r}"
            )

    @property
    def misused(self) -> bool:
        """Whether the model may misuse its memory (issue 27): the run draws from the misuse stream."""
        return self.ignore > 0 or self.skip_write > 0

    @property
    def read_mode(self) -> str:
        """``all`` or ``top:K``, as the command line writes it."""
        return read_mode_text(self.read_top)

    @property
    def keeps_bug_list(self) -> bool:
        """Whether the agent remembers the bugs it reported (and so never reports one twice)."""
        if self.bug_list is None:
            return STRATEGIES.get(self.strategy).uses_memory
        return self.bug_list

    @property
    def time_to_live(self) -> int:
        return DEFAULT_TTL if self.ttl is None else self.ttl

    @property
    def step_limit(self) -> int:
        return self.max_steps if self.until_all_bugs else self.budget

    def with_(self, **changes) -> RunConfig:
        # dataclasses.replace is slow, and a report makes ~7,000 configs: the new values are checked,
        # the others were when this config was made
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"RunConfig has no field {sorted(unknown)[0]!r}")
        new = object.__new__(RunConfig)
        new.__dict__.update(self.__dict__, **changes)
        new._check(frozenset(changes))
        return new

    def with_seeds(self, seeds: Sequence[int]) -> list[RunConfig]:
        """``[self.with_(seed=s) for s in seeds]``, the seeds checked as a whole (the least and the
        greatest, whole numbers) and the copies made without checks: every other field was checked
        when ``self`` was made. A report makes thousands, and checking each was a fifth of its time
        (issue 41)."""
        if seeds:
            for seed in () if isinstance(seeds, range) else seeds:
                if type(seed) is not int:  # a bool, a float, a numpy integer: as with_ takes or refuses it
                    check("seed", seed, ConfigError)
            check("seed", min(seeds), ConfigError)
            check("seed", max(seeds), ConfigError)
        fields = self.__dict__
        made = []
        for seed in seeds:
            copy = object.__new__(RunConfig)
            copy.__dict__.update(fields)
            copy.__dict__["seed"] = seed
            made.append(copy)
        return made

    def effective(self, n_pages: int) -> RunConfig:
        """The simplest config that walks exactly the same path on a site of ``n_pages`` pages.

        Without memory, capacity and policy mean nothing; a memory that can hold every page never
        evicts, so a policy that acts only when memory is full never acts (random eviction draws
        only when it evicts). A time to live means something only to policy ttl, and a bug list
        switch set to what the strategy has anyway means nothing.
        """
        config = self
        takes_ttl = POLICIES.get(self.policy).takes_ttl
        if self.ttl is not None and not takes_ttl:
            config = config.with_(ttl=None)
        elif takes_ttl and self.ttl is None:
            config = config.with_(ttl=DEFAULT_TTL)
        if self.bug_list is not None and self.bug_list == STRATEGIES.get(self.strategy).uses_memory:
            config = config.with_(bug_list=None)
        return config._effective_reading(n_pages)._effective_memory(n_pages)._effective_context()

    def _effective_context(self) -> RunConfig:
        # Without a context its settings mean nothing; summary settings mean nothing to truncate,
        # MemGPT's to the other two.
        unused = ()
        if self.context is None:
            unused = tuple(CONTEXT_FIELDS)
        elif self.compaction == TRUNCATE:
            unused = (*_SUMMARY_FIELDS, "note_tokens", *_MEMGPT_FIELDS)
        elif self.compaction != "memgpt":
            unused = _MEMGPT_FIELDS
        changes = {k: CONTEXT_FIELDS[k] for k in unused if getattr(self, k) != CONTEXT_FIELDS[k]}
        return self.with_(**changes) if changes else self

    def _effective_reading(self, n_pages: int) -> RunConfig:
        # Memory never holds more entries than pages, so top:K with K >= pages injects them all;
        # without memory nothing is read or written, and ignoring it matters only to a bug list.
        config = self
        memory = STRATEGIES.get(self.strategy).uses_memory
        if self.read_top is not None and (not memory or self.read_top >= n_pages):
            config = config.with_(read_top=None)
        if not memory and self.skip_write:
            config = config.with_(skip_write=0.0)
        if not memory and self.ignore and not self.keeps_bug_list:
            config = config.with_(ignore=0.0)
        return config

    def _effective_memory(self, n_pages: int) -> RunConfig:
        # A memory that never fills keeps its policy when the run reads by retrieval: ties in the
        # ranking go by eviction order, which lru's touches change though it never evicts.
        if not STRATEGIES.get(self.strategy).uses_memory or (
            (self.capacity is None or self.capacity >= n_pages)
            and POLICIES.get(self.policy).acts_only_when_full
            and self.read_top is None
        ):
            if self.capacity is None and self.policy == "fifo" and self.ttl is None:
                return self
            return self.with_(capacity=None, policy="fifo", ttl=None)
        return self


# -- the checks of RunConfig's fields, one per field, in the order a new config is checked in ------------


def _registered_strategy(c: RunConfig) -> None:
    if c.strategy not in STRATEGIES:
        STRATEGIES.get(c.strategy)  # raises, naming the choices


def _registered_policy(c: RunConfig) -> None:
    if c.policy not in POLICIES:
        POLICIES.get(c.policy)


def _capacity(c: RunConfig) -> None:
    if c.capacity is not None:  # None: unlimited
        check("capacity", c.capacity, ConfigError)


def _in_range(name: str):
    def check_field(c: RunConfig) -> None:
        check(name, getattr(c, name), ConfigError)  # the ranges of memviz.core.limits

    return check_field


def _ttl(c: RunConfig) -> None:
    if c.ttl is not None and (isinstance(c.ttl, bool) or c.ttl < 1):
        raise ConfigError(f"ttl: must be at least 1 step, got {c.ttl}")


def _chance(name: str):
    def check_field(c: RunConfig) -> None:
        p = getattr(c, name)
        if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
            raise ConfigError(f"{name.replace('_', '-')}: must be a chance from 0 to 1, got {p!r}")

    return check_field


def _read_top(c: RunConfig) -> None:
    k = c.read_top
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
        raise ConfigError(f"read: top:K needs K a whole number at least 1, got {k!r}")


def _start(c: RunConfig) -> None:
    if c.start is not None and (isinstance(c.start, bool) or c.start < 0):
        raise ConfigError(f"start: expected a page number, got {c.start}")


_FIELD_CHECKS = (
    ("strategy", _registered_strategy),
    ("policy", _registered_policy),
    ("capacity", _capacity),
    *((name, _in_range(name)) for name in ("seed", "budget", "max_steps", "base_tokens", "entry_tokens")),
    ("ttl", _ttl),
    ("ignore", _chance("ignore")),
    ("skip_write", _chance("skip_write")),
    ("read_top", _read_top),
    ("start", _start),
)
_CHECK_OF = dict(_FIELD_CHECKS)
_CHECK_ORDER = {name: i for i, (name, _) in enumerate(_FIELD_CHECKS)}
_CHECKED = frozenset(_CHECK_OF)
_CONTEXT_NAMES = frozenset(("context", *CONTEXT_FIELDS))
