"""``opt``: the clairvoyant evictor, the ceiling no real agent can reach (issue 12).

Belady's OPT knows the future. An agent's future depends on what it forgets, so the rule is a
look-ahead: when memory is full, for each entry in eviction order, play the rest of the run from
this state with that entry evicted (FIFO afterwards) on a copy of the random generator, and evict
the first entry that gives the highest coverage at the end. It draws no random number itself.

That is up to ``capacity`` plays of the rest of the run at every eviction, so the plays are a tight
loop here rather than copies of the engine (:meth:`Exploration._simulate_eviction` does the same
thing, slowly, and a test holds the two equal). Two bounds cut the work without changing the choice:

- a play whose coverage can no longer *exceed* the best so far stops (a tie goes to the earlier
  entry, so a later one must do strictly better): pages seen + steps left, and the pages reachable
  from where the agent stands, bound what it can still see;
- once an entry reaches that bound, no later entry can beat it, and the others are not played.

Only the pages seen matter to coverage, so a play tracks the page, memory, the pages seen, the
random generator and (for "until all bugs") the bugs reported, nothing else.
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from typing import NamedTuple

from memviz.core.policies import POLICIES, Entries, EvictionContext, Policy
from memviz.core.rng import Mulberry32
from memviz.core.site import Site
from memviz.core.strategies import plan_to_unremembered


class Future(NamedTuple):
    """The state of a run at an eviction, as a look-ahead needs it (see ``EvictionContext.future``)."""

    site: Site
    strategy: str
    page: int  # the page being written, where the agent stands
    steps: int  # links clicked so far, this step's included
    limit: int  # the run's step limit
    until_all_bugs: bool
    visits: list[int]  # per page: visits so far (read only)
    reported: set[int]  # bug pages reported so far (read only)
    rng: Mulberry32  # the run's generator (copied before any draw)


# Strategies whose choice the look-ahead plays itself; any other runs through ctx.simulate.
_FAST_STRATEGIES = ("visited", "frontier")


class Clairvoyant(Policy):
    simulates = True

    def victim(self, entries: Entries, ctx: EvictionContext) -> int:
        future = ctx.future()
        if future is None or future.strategy not in _FAST_STRATEGIES:
            return best_by_simulation(len(entries), ctx)
        return best_by_lookahead(entries, future)


def best_by_simulation(n_entries: int, ctx: EvictionContext) -> int:
    """The rule read plainly, through the engine's own copies (slow, any strategy)."""
    best, best_coverage = 0, -1.0
    for i in range(n_entries):
        coverage = ctx.simulate(i, then="fifo").coverage
        if coverage > best_coverage:
            best, best_coverage = i, coverage
    return best


def _reachable_unseen(clickable, page: int, visits: list[int]) -> int:
    """Pages never visited that can still be reached from ``page`` by clicking."""
    seen_from = {page}
    stack = [page]
    unseen = 0
    while stack:
        for q in clickable[stack.pop()]:
            if q not in seen_from:
                seen_from.add(q)
                stack.append(q)
                if not visits[q]:
                    unseen += 1
    return unseen


def best_by_lookahead(entries: Entries, future: Future) -> int:
    site, page, steps, limit = future.site, future.page, future.steps, future.limit
    clickable = site.clickable
    visits = future.visits
    seen = bytes(v > 0 for v in visits)
    pages_seen = sum(seen)
    left = max(limit - steps, 0)
    ceiling = pages_seen + min(_reachable_unseen(clickable, page, visits), left)
    if future.until_all_bugs and len(future.reported) == site.n_bugs:
        return 0  # the run ends with this step: every entry gives the same coverage
    # A step draws at most once; with "until all bugs" a run may be long, so draws come in blocks.
    draws = future.rng.peek(min(left, 4096))
    best, best_seen = 0, -1
    first: list = []  # the first entry's play, step by step, for the others to meet
    first_seen = -1
    for i, candidate in enumerate(entries):
        kept = dict(entries)
        del kept[candidate]
        kept[page] = clickable[page]
        if i == 0:
            first_seen = played = _play(
                future, kept, bytearray(seen), pages_seen, ceiling, -1, draws, first, None
            )
        else:
            played = _play(
                future, kept, bytearray(seen), pages_seen, ceiling, best_seen, draws, first, first_seen
            )
        if played > best_seen:
            best, best_seen = i, played
            if best_seen >= ceiling:
                break  # no later entry can do strictly better
    return best


def _play(
    future: Future, memory: Entries, seen: bytearray, pages_seen: int, ceiling: int, to_beat: int,
    draws: list[float], first: list, first_seen: int | None,
) -> int:  # fmt: skip
    """Pages seen at the end of the run from ``future`` with ``memory`` and FIFO evictions, or -1
    as soon as it is certain not to exceed ``to_beat``. ``draws``: the generator's next draws.

    The first entry's play (``first_seen`` None) records each step in ``first``; a later play
    that walks the same pages with the same draws and comes to hold the same memory, in the
    same order, is in the very same state from then on, so it ends as the first one did
    (``first_seen``). Evicting the k-th entry instead of the first meets the first play once
    FIFO has written k new pages in both.
    """
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: opt's look-ahead, played for each
    # entry at every eviction: one loop with its state in locals, as the engine's walker.
    site, capacity = future.site, len(memory)
    clickable = site.clickable
    page, steps, limit = future.page, future.steps, future.limit
    plans = future.strategy == "frontier"
    until_all_bugs = future.until_all_bugs
    if until_all_bugs:
        bug_pages, reported, n_bugs = site.bug_by_page, set(future.reported), site.n_bugs
    k = 0  # draws used
    give_up = to_beat - limit  # pages_seen - steps at or below this: cannot beat to_beat
    recording = first_seen is None
    following = not recording  # on the first play's path so far
    t = 0
    n_first = len(first)
    while steps < limit:
        if pages_seen - steps <= give_up:
            return -1
        if pages_seen >= ceiling:
            return pages_seen  # nothing left it could see
        links = clickable[page]
        fresh = [q for q in links if q not in memory]
        if fresh:
            if k == len(draws):
                draws = draws + _more(future, k)
            page = fresh[int(draws[k] * len(fresh))]
            k += 1
        elif not links:
            break  # a dead end
        elif plans:
            path = plan_to_unremembered(site, page, memory)
            if path is None:
                break  # the agent believes it is done
            page = path[1]
        else:
            if k == len(draws):
                draws = draws + _more(future, k)
            page = links[int(draws[k] * len(links))]
            k += 1
        steps += 1
        if not seen[page]:
            seen[page] = 1
            pages_seen += 1
        if page not in memory:
            if len(memory) >= capacity:
                del memory[next(iter(memory))]
            memory[page] = clickable[page]
        if until_all_bugs and page in bug_pages:
            reported.add(page)
            if len(reported) == n_bugs:
                break
        if recording:
            first.append((page, k, list(memory)))
        elif following:
            if t < n_first and first[t][0] == page and first[t][1] == k:
                if first[t][2] == list(memory):
                    return first_seen if first_seen > to_beat else -1
            else:
                following = False
        t += 1
    return pages_seen if pages_seen > to_beat else -1


def _more(future: Future, used: int) -> list[float]:
    """The generator's draws after the first ``used`` (a long run outgrew its block)."""
    return future.rng.peek(used + 4096)[used:]


POLICIES.register(Clairvoyant(
    "opt", "先知", "clairvoyant", "看未来，忘掉让最终覆盖率最高的那条（真实的智能体做不到）",
    "looks ahead and forgets the entry whose loss ends the run with the most coverage (no real agent can)", "#7E57C2",
    which_goes_zh="哪一条先忘要看后面的路，不一定是最上面",
    which_goes_en="Which entry goes depends on the run ahead, not on its row",
))  # fmt: skip
