"""Configs side by side on one seed, and what each forgetting cost (issue 12).

- :func:`compare_runs`: 2–4 lanes (strategy, capacity, policy) on the same site, seed and budget,
  each run to its end in the scalar engine with every step's event and memory kept, the per-step
  facts views draw (forgotten revisit, reuse distance, the step a forgotten page was evicted at),
  and the first step where the lanes' paths part with its cause (memviz.presentation.divergence says
  it in a line, in either language).
- :func:`regret`: per config over many seeds, forgotten revisits and evictions per run, and the
  histogram of reuse distances of revisits. These need every step's memory, which the lock-step
  engine does not keep, so the runs go to the scalar engine, by design.

Reuse distance of a revisit: the number of distinct pages visited between the two visits of the
page. Under LRU a revisit is forgotten exactly when that distance is at least the capacity.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from memviz.core.engine import (
    FORGOTTEN,
    REMEMBERED,
    UNVISITED,
    VISITED,
    Exploration,
    RunConfig,
    RunResult,
    StepEvent,
)
from memviz.core.limits import whole_number
from memviz.core.policies import POLICIES
from memviz.core.reading import QUERY_HELP, Overrides, query_text, split_config
from memviz.core.registry import ConfigError
from memviz.core.replay import RecordedRun, replay
from memviz.core.site import Site
from memviz.core.strategies import STRATEGIES

MAX_LANES = 4


# The lanes Compare opens with: FIFO, random eviction and the clairvoyant ceiling at capacity 12,
# the chapter's puzzle (random beats FIFO there).
DEFAULT_LANES = ("frontier/12/fifo", "frontier/12/random", "frontier/12/opt")


@dataclass(frozen=True)
class LaneConfig:
    """What differs between lanes: strategy, capacity (None: unlimited) and policy, and how memory is
    read and misused (issue 27: ``reading``, RunConfig fields set after a ``?``, see memviz.core.reading);
    or a recorded run (``recorded``), the rest then its "what if" memory (memviz.core.replay)."""

    strategy: str
    capacity: int | None = None
    policy: str = "fifo"
    reading: Overrides = ()
    recorded: RecordedRun | None = None

    @classmethod
    def parse(cls, text: str) -> LaneConfig:
        """``STRATEGY[/CAPACITY[/POLICY]][?QUERY]``: ``frontier/12/fifo``, ``visited``, ``frontier/inf``,
        ``frontier/inf/fifo?ignore=0.25&read=top:8``."""
        head, reading = split_config(text.strip())
        parts = head.split("/")
        if not 1 <= len(parts) <= 3 or not parts[0]:
            raise ConfigError(f"config: expected STRATEGY[/CAPACITY[/POLICY]][{QUERY_HELP}], got {text!r}")
        STRATEGIES.get(parts[0])
        capacity = None
        if len(parts) > 1 and parts[1].lower() not in ("inf", "unlimited", "none", "不限"):
            try:
                capacity = whole_number(parts[1])  # ASCII digits, as every option's number
            except ValueError:
                raise ConfigError(
                    f"config: capacity must be a whole number or inf, got {parts[1]!r} in {text!r}"
                ) from None
            if capacity < 1:
                raise ConfigError(f"config: capacity must be at least 1, got {capacity} in {text!r}")
        policy = parts[2] if len(parts) > 2 else "fifo"
        POLICIES.get(policy)
        return cls(parts[0], capacity, policy, reading)

    def run_config(self, base: RunConfig) -> RunConfig:
        """``base`` with this lane's settings; what the lane's ``?`` part leaves unset stays the base's."""
        return base.with_(
            strategy=self.strategy, capacity=self.capacity, policy=self.policy, **dict(self.reading)
        )

    def exploration(self, site: Site, base: RunConfig) -> Exploration:
        """The lane's run at step 0: the strategy's own, or the recording replayed with its memory."""
        if self.recorded is None:
            return Exploration(site, self.run_config(base))
        return replay(site, self.recorded, self.run_config(base))

    @property
    def uses_memory(self) -> bool:
        return STRATEGIES.get(self.strategy).uses_memory

    def text(self) -> str:
        """Back to ``STRATEGY[/CAPACITY[/POLICY]][?QUERY]`` (a recording: ``recorded(FILE)+`` before it)."""
        text = self.strategy
        if self.uses_memory:
            text = f"{self.strategy}/{'inf' if self.capacity is None else self.capacity}/{self.policy}"
        text += query_text(self.reading)
        return text if self.recorded is None else f"recorded({self.recorded.source})+{text}"

    def to_dict(self) -> dict:
        """Strategy, capacity and policy; the reading's fields only when the lane sets them; a recording."""
        d = {
            "strategy": self.strategy,
            "capacity": self.capacity,
            "policy": self.policy,
            **dict(self.reading),
        }
        if self.recorded is not None:
            d["recorded"] = {"source": self.recorded.source, "agent": self.recorded.agent}
        return d


class StepRecord(NamedTuple):
    """One step of a lane, as the frame table and the regret markers draw it."""

    step: int  # 1-based
    page: int | None  # None: the agent stopped instead of clicking
    evicted: int | None
    forgotten_revisit: bool
    reuse_distance: int | None  # revisits only
    memory: tuple[int, ...] | None  # after the step, next to be forgotten first; None without memory
    evicted_at: int | None  # a forgotten revisit: the step its page last left memory (the regret link)
    event: StepEvent

    def to_dict(self) -> dict:
        return {
            "step": self.step,
            "page": self.page,
            "evicted": self.evicted,
            "forgotten_revisit": self.forgotten_revisit,
            "reuse_distance": self.reuse_distance,
            "memory": None if self.memory is None else list(self.memory),
        }


class LaneTotals(NamedTuple):
    coverage: float
    repeats: int
    forgotten_revisits: int
    evictions: int
    bugs: int
    tokens: int


@dataclass(frozen=True)
class Lane:
    config: LaneConfig
    run_config: RunConfig
    start_memory: tuple[int, ...] | None  # before step 1
    steps: tuple[StepRecord, ...]  # every call, the one that stopped included
    result: RunResult
    draws: tuple[tuple[int, int], ...]  # the generator's position after each step
    n_pages: int

    @property
    def path(self) -> list[int]:
        return self.result.path

    @property
    def moves(self) -> tuple[StepRecord, ...]:
        return tuple(s for s in self.steps if s.page is not None)

    @property
    def evictions(self) -> int:
        return sum(s.evicted is not None for s in self.steps)

    @property
    def forgotten_revisits(self) -> int:
        return sum(s.forgotten_revisit for s in self.steps)

    def page_states(self, step: int) -> list[str]:
        """What each page is to the agent after ``step`` steps: never visited, visited (no memory),
        in memory, or visited but forgotten (``memviz.core.engine``'s names)."""
        visited = set(self.path[: self.moves_until(step) + 1])
        memory = self.memory_after(step)
        held = set(memory) if memory is not None else None
        states = []
        for page in range(self.n_pages):
            if page not in visited:
                states.append(UNVISITED)
            elif held is None:
                states.append(VISITED)
            else:
                states.append(REMEMBERED if page in held else FORGOTTEN)
        return states

    def moves_until(self, step: int) -> int:
        """Links clicked in the first ``step`` calls (the last call may have stopped instead)."""
        if step <= 0 or not self.steps:
            return 0
        return self.steps[min(step, len(self.steps)) - 1].event.steps

    def totals(self, step: int) -> LaneTotals:
        """The live numbers after ``step`` calls."""
        step = max(0, min(step, len(self.steps)))
        if step == 0:
            return LaneTotals(1 / self.n_pages, 0, 0, 0, 0, 0)
        event = self.steps[step - 1].event
        done = self.steps[:step]
        return LaneTotals(
            event.pages_seen / self.n_pages, event.repeats,
            sum(s.forgotten_revisit for s in done), sum(s.evicted is not None for s in done),
            event.bugs_found, event.tokens_total,
        )  # fmt: skip

    def memory_after(self, step: int) -> tuple[int, ...] | None:
        """Memory after ``step`` steps (0: at the start)."""
        if step <= 0 or not self.steps:
            return self.start_memory
        return self.steps[min(step, len(self.steps)) - 1].memory

    def to_dict(self) -> dict:
        return {
            "config": self.config.to_dict(),
            "path": self.path,
            "coverage": self.result.coverage,
            "evictions": self.evictions,
            "forgotten_revisits": self.forgotten_revisits,
            "steps": [s.to_dict() for s in self.moves],
        }


# Why two lanes part (Divergence.cause); memviz.presentation.divergence says it in words.
CAUSE_RECORDED = "recorded"  # one lane is a recording (or another one): its agent went elsewhere
CAUSE_STRATEGY = "strategy"  # the lanes pick links by different rules
CAUSE_MISUSE = "misuse"  # one lane's model ignored its memory, skipped a write or read only part of it
CAUSE_CONTEXT = "context"  # one lane's session context compacted (or searched recall storage) otherwise
CAUSE_MEMORY = "memory"  # same rule: memory or the random numbers parted first
CAUSE_CHOICE = "choice"  # same rule, same memory, same draws: the lanes chose differently


@dataclass(frozen=True)
class Divergence:
    step: int  # the first step whose page differs between two lanes (1-based)
    lanes: tuple[int, int]  # the two lanes the reason speaks of
    cause_step: int  # the step the reason points at (at or before ``step``)
    cause: str  # one of the CAUSE_ names
    lane: int | None = None  # CAUSE_MISUSE: the lane whose model misused its memory


@dataclass(frozen=True)
class Comparison:
    site: Site
    base: RunConfig
    lanes: tuple[Lane, ...]
    first_divergence: Divergence | None

    @property
    def steps(self) -> int:
        """The longest lane's number of calls (the shared timeline's length)."""
        return max((len(lane.steps) for lane in self.lanes), default=0)

    def to_dict(self) -> dict:
        d = self.first_divergence
        return {
            "seed": self.base.seed,
            "first_divergence": None if d is None else d.step,
            "lanes": [lane.to_dict() for lane in self.lanes],
        }


def _position(rng) -> tuple[int, int]:
    return rng.state, rng._next  # equal positions: the same number of draws made


def run_lane(site: Site, config: LaneConfig, base: RunConfig) -> Lane:
    """One lane to its end, in the scalar engine, with what each step did."""
    exploration = config.exploration(site, base)
    run_config = exploration.config
    start_memory = exploration.memory_order() if exploration.has_memory else None
    last: dict[int, int] = {exploration.site.start: 0}  # a recording may start on another page
    records: list[StepRecord] = []
    draws: list[tuple] = []
    while not exploration.finished:
        event = exploration.step()
        step = len(records) + 1
        page = event.to_page
        distance = None
        if page is not None:
            before = last.get(page)
            if before is not None:
                distance = sum(1 for v in last.values() if v > before)
            last[page] = event.steps
        records.append(StepRecord(
            step, page, event.memory_evicted, event.was_forgotten, distance,
            exploration.memory_order() if exploration.has_memory else None,
            event.forgotten_at, event,  # the engine says when its page left memory
        ))  # fmt: skip
        draws.append(_position(exploration.rng))
    return Lane(
        config, run_config, start_memory, tuple(records), exploration.result(), tuple(draws), site.n_pages
    )


class FrameColumn(NamedTuple):
    """One column of the page-replacement table: memory as frames (slots that keep their place, as
    an OS textbook draws them), after one step."""

    page: int | None  # the page visited at this step (the reference string); at step 0 the start
    frames: tuple[int | None, ...]  # the page each frame holds (None: empty)
    new_frame: int | None  # the frame a new entry was written to
    left: tuple[tuple[int, int], ...]  # (frame, page) of entries that left memory at this step
    touched_frame: int | None  # LRU: the frame of the entry this revisit used
    miss: bool  # a forgotten revisit
    evicted_at: int | None  # ...whose page left memory at this step (the regret link)


def frame_table(lane: Lane) -> list[FrameColumn]:
    """Column 0 is the start; column k is memory after step k. A new entry takes the frame of the
    entry it evicted, else the first empty frame; frames never reorder, so a page keeps its row
    until it is forgotten. Empty without memory."""
    if lane.start_memory is None:
        return []
    rows = lane.config.capacity or max([len(lane.start_memory)] + [len(s.memory or ()) for s in lane.steps])
    frames: list[int | None] = [None] * rows
    for i, page in enumerate(lane.start_memory):
        frames[i] = page
    columns = [
        FrameColumn(lane.path[0], tuple(frames), 0 if lane.start_memory else None, (), None, False, None)
    ]
    for record in lane.steps:
        event = record.event
        left = []
        for page in event.memory_dropped:
            f = frames.index(page)
            frames[f] = None
            left.append((f, page))
        new_frame = touched_frame = None
        if event.memory_evicted is not None:
            new_frame = frames.index(event.memory_evicted)
            left.append((new_frame, event.memory_evicted))
            frames[new_frame] = event.memory_written
        elif event.memory_written is not None:
            new_frame = frames.index(None)
            frames[new_frame] = event.memory_written
        if event.memory_touched is not None:
            touched_frame = frames.index(event.memory_touched)
        columns.append(FrameColumn(
            record.page, tuple(frames), new_frame, tuple(left), touched_frame, record.forgotten_revisit,
            record.evicted_at,
        ))  # fmt: skip
    return columns


def check_work(
    site: Site,
    configs: list[LaneConfig],
    base: RunConfig,
    runs: int = 1,
    error: type[Exception] = ConfigError,
) -> None:
    """Refuse, before any run, lanes whose total work is past its bound (:mod:`memviz.core.limits`):
    lanes × runs × steps, and the clairvoyant evictor's look-ahead, whose cost grows with the site
    (a 2000-step comparison with an opt lane on a 10,000-page site ran 80 s; 100,000,000 runs of
    `regret` had no bound at all)."""
    from memviz.core.limits import check, lookahead_work
    from memviz.core.limits import check_work as check_total

    check("runs", runs, error)
    step_limit = base.step_limit
    check_total(
        "lane_run_steps", len(configs) * runs * step_limit,
        f"{len(configs)} lanes × {runs} runs × {step_limit} steps", "fewer runs or a smaller --budget", error,
    )  # fmt: skip
    links = sum(len(links) for links in site.clickable)
    for config in configs:
        if POLICIES.get(config.policy).simulates:
            check_total(
                "lookahead_work", lookahead_work(runs, step_limit, links, config.capacity),
                f"{config.text()} looks ahead over {links} links for {step_limit} steps"
                + (f", {runs} runs" if runs > 1 else ""),
                "a smaller --budget, fewer runs, a smaller site or another policy", error,
            )  # fmt: skip


class Affordable(NamedTuple):
    """What :func:`affordable_lanes` keeps: ``kept`` to compute, ``left_out`` past the bound, and
    ``reason``, the bound's own line (:func:`check_work`'s message), None when nothing is left out."""

    kept: list[LaneConfig]
    left_out: list[LaneConfig]
    reason: str | None


def affordable_lanes(site: Site, configs: list[LaneConfig], base: RunConfig) -> Affordable:
    """The lanes of ``configs`` that one comparison may compute on this site and budget: the
    window is held to the CLI's bound (:func:`check_work`). Only a lane that looks ahead (``opt``)
    can be past it: the others cost one step a step, and ``MAX_LANES`` × the budget's limit is
    within ``lane_run_steps`` (a test holds the limits to that). The look-ahead lanes are left out
    and the rest kept; with no lane left, the first default lane stands in. A 100,000-step
    comparison with an opt lane had blocked the window for many minutes and grown it past a
    gigabyte (a long GUI monkey run)."""
    try:
        check_work(site, configs, base)
    except ConfigError as error:
        left_out = [c for c in configs if POLICIES.get(c.policy).simulates]
        kept = [c for c in configs if c not in left_out] or [LaneConfig.parse(DEFAULT_LANES[0])]
        return Affordable(kept, left_out, str(error))
    return Affordable(list(configs), [], None)


def compare_runs(site: Site, configs: list[LaneConfig], base: RunConfig) -> Comparison:
    """The lanes on ``base``'s seed and budget, and where their paths part."""
    if not 1 <= len(configs) <= MAX_LANES:
        raise ConfigError(f"config: compare takes 1 to {MAX_LANES} configs, got {len(configs)}")
    lanes = tuple(run_lane(site, c, base) for c in configs)
    return Comparison(site, base, lanes, first_divergence(site, lanes))


def first_divergence(site: Site, lanes: tuple[Lane, ...]) -> Divergence | None:
    paths = [lane.path for lane in lanes]
    longest = max(len(p) for p in paths)
    for i in range(1, longest):
        pages = [p[i] if i < len(p) else None for p in paths]
        if len(set(pages)) > 1:
            a = 0
            b = next(k for k in range(1, len(lanes)) if pages[k] != pages[0])
            return _explain(site, lanes, i, a, b)
    return None


def _misuse(lanes: tuple[Lane, ...], pair: tuple[int, int], step: int) -> Divergence | None:
    """The first misuse by one of the pair's models that set the paths apart by ``step``: a write
    skipped before it (memory differs from then on), memory ignored before it with the random draws
    parted since, or at ``step`` itself memory ignored or only part of it read by retrieval."""
    draws_part = [lanes[pair[0]].draws[e] != lanes[pair[1]].draws[e] for e in range(step)]
    for e in range(1, step + 1):
        for k in pair:
            event = lanes[k].steps[e - 1].event
            scores = event.read_scores
            if e < step:
                matters = event.write_skipped or (event.memory_ignored and draws_part[e - 1])
            else:
                matters = event.memory_ignored or (scores is not None and not all(s.injected for s in scores))
            if matters:
                return Divergence(step, pair, e, CAUSE_MISUSE, lane=k)
    return None


def _explain(site: Site, lanes: tuple[Lane, ...], step: int, a: int, b: int) -> Divergence:
    la, lb = lanes[a], lanes[b]
    ca, cb = la.config, lb.config
    if (ca.recorded is None) != (cb.recorded is None) or ca.recorded != cb.recorded:
        return Divergence(step, (a, b), step, CAUSE_RECORDED)
    if ca.strategy != cb.strategy:
        return Divergence(step, (a, b), step, CAUSE_STRATEGY)
    if ca.reading != cb.reading:  # issue 27: one lane's model misused or retrieved its memory first
        misuse = _misuse(lanes, (a, b), step)
        if misuse is not None:
            return misuse
        compacted = _compaction(lanes, (a, b), step)  # issue 38: one lane's context compacted first
        if compacted is not None:
            return compacted
    # Same rule: the paths part because memory or the random numbers parted first.
    for e in range(1, step):
        ma, mb = la.memory_after(e), lb.memory_after(e)
        memory_differs = set(ma or ()) != set(mb or ())
        if memory_differs or la.draws[e - 1] != lb.draws[e - 1]:
            return Divergence(step, (a, b), e, CAUSE_MEMORY)
    return Divergence(step, (a, b), step, CAUSE_CHOICE)


def _compaction(lanes: tuple[Lane, ...], pair: tuple[int, int], step: int) -> Divergence | None:
    """The first step, at or before ``step``, at which the pair's session contexts did differently:
    one compacted (or searched recall storage) and the other did not, or not the same way."""
    for e in range(1, step + 1):
        done = []
        for k in pair:
            steps = lanes[k].steps
            context = steps[e - 1].event.context if e <= len(steps) else None
            done.append(context_did(context))
        if done[0] == done[1] or not any(d[0] for d in done):
            continue
        return Divergence(step, pair, e, CAUSE_CONTEXT)
    return None


def context_did(context) -> tuple:
    """What a lane's session context did at one step, as facts that compare equal when it did the
    same: (whether it acted, what, its numbers)."""
    if context is None:
        return (False, "none")
    if context.compaction == "summary" or context.compaction == "memgpt":
        return (True, context.compaction, context.turns_summarized, len(context.summary_names))
    if context.compaction is not None:
        return (True, "truncate", context.turns_dropped)
    if context.recall_search:
        return (True, "recall", len(context.recall_hits))
    return (False, "nothing")


@dataclass(frozen=True)
class Regret:
    """One config over many seeds: what forgetting cost."""

    config: LaneConfig
    runs: int
    forgotten_revisits: int  # over all runs
    evictions: int
    revisits: int
    reuse_histogram: list[int]  # index: reuse distance 0 .. pages-1; counts over all runs
    coverage: float  # mean over the runs

    @property
    def forgotten_revisits_per_run(self) -> float:
        return self.forgotten_revisits / self.runs

    @property
    def evictions_per_run(self) -> float:
        return self.evictions / self.runs

    def to_dict(self) -> dict:
        return {
            "config": self.config.to_dict(),
            "runs": self.runs,
            "forgotten_revisits_per_run": self.forgotten_revisits_per_run,
            "evictions_per_run": self.evictions_per_run,
            "revisits": self.revisits,
            "reuse_histogram": self.reuse_histogram,
            "coverage": self.coverage,
        }


def regret(
    site: Site,
    config: LaneConfig,
    base: RunConfig,
    seeds: range,
    after_seed: Callable[[], None] | None = None,
) -> Regret:
    """``config`` over ``seeds`` in the scalar engine (it keeps each step's memory). A recording is one
    walk: its seeds change only a random eviction's draws. ``after_seed`` is called after each seed
    (a job's progress; it may raise to stop, so a closed view does not wait for the rest)."""
    histogram = [0] * site.n_pages
    forgotten = evictions = revisits = 0
    coverage = 0.0
    for seed in seeds:
        exploration = config.exploration(site, base.with_(seed=seed))
        start = exploration.site.start  # a recording may start on another page
        last = {start: 0}
        step = exploration.step
        while not exploration.finished:
            event = step()
            page = event.to_page
            if page is None:
                break
            before = last.get(page)
            if before is not None:
                histogram[sum(1 for v in last.values() if v > before)] += 1
                revisits += 1
                forgotten += event.was_forgotten
            if event.memory_evicted is not None:
                evictions += 1
            last[page] = event.steps
        coverage += exploration.result().coverage
        if after_seed is not None:
            after_seed()
    n = len(seeds)
    return Regret(config, n, forgotten, evictions, revisits, histogram, coverage / n if n else 0.0)
