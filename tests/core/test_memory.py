"""Memory and eviction policies: the registry, the chapter's three policies, and new ones.

The toy ``mru`` policy below follows README's "How to add a policy": one subclass, one
``register`` call, and run, batches, the sweep and the command line all pick it up.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from memviz.cli.commands import main
from memviz.core.engine import Exploration, RunConfig, run
from memviz.core.experiments import Runner, capacity_sweep
from memviz.core.lockstep import run_batch, supports
from memviz.core.memory import TOUCHED, WRITTEN, Memory
from memviz.core.policies import NOT_IN_MEMORY, POLICIES, Policy, PolicyKernel
from memviz.core.registry import ConfigError
from memviz.core.rng import Mulberry32

# -- the registry ----------------------------------------------------------------------------------


def test_the_chapters_policies_in_order_with_names_rules_and_colours():
    # ttl: issue 13's forgetting by time; opt: issue 12's clairvoyant ceiling (test_clairvoyant)
    # The built-in ones first, in this order; an installed plugin's come after (membership, not the
    # exact list: a plugin author's environment must pass memviz's own tests).
    assert POLICIES.names()[:5] == ("fifo", "lru", "random", "ttl", "opt")
    assert list(POLICIES)[:5] == [
        "fifo",
        "lru",
        "random",
        "ttl",
        "opt",
    ]  # iterating gives names, like a tuple
    fifo, lru, rand, ttl, _opt = POLICIES.values()[:5]
    assert (rand.name_in("zh"), rand.name_in("en"), rand.label_in("en")) == ("随机", "random", "Random")
    assert lru.rule_in("en") == "least recently used goes first" and fifo.rule_in("zh") == "最早写入的先忘"
    assert [p.colour for p in POLICIES.values()][:4] == ["#E69F00", "#56B4E9", "#CC79A7", "#009E73"]
    assert [p.kernel is not None for p in POLICIES.values()][:5] == [
        True,
        True,
        True,
        True,
        False,
    ]  # opt: none
    assert ttl.acts_at_step_start and not ttl.acts_only_when_full


def test_an_unknown_policy_is_refused_with_the_choices():
    with pytest.raises(
        ConfigError,
        match=r"^policy: unknown eviction policy 'unknown-policy' \(choose from fifo, lru, random, ttl, opt[,)]",
    ):
        POLICIES.get("unknown-policy")
    with pytest.raises(ConfigError, match="policy: unknown eviction policy 'unknown-policy'"):
        RunConfig(policy="unknown-policy")
    with pytest.raises(ConfigError, match="policy: unknown"):
        Memory(3, "unknown-policy", Mulberry32(1))


def test_a_name_is_registered_once():
    with pytest.raises(ValueError, match="'fifo' is already registered"):
        POLICIES.register(Newest("fifo", "甲", "a", "乙", "b", "#000000"))


# -- the chapter's policies, entry by entry ------------------------------------------------------------


def fill(memory: Memory, pages) -> list[tuple]:
    return [memory.write(p, (p,)) for p in pages]


def test_fifo_forgets_the_oldest_written_and_a_revisit_changes_nothing():
    memory = Memory(3, "fifo", Mulberry32(1))
    assert fill(memory, [5, 6, 7]) == [(WRITTEN, None, None)] * 3
    assert memory.write(5, (5,)) == (None, None, None)
    assert memory.write(8, (8,)) == (WRITTEN, 5, 0)  # the evicted page and its slot
    assert memory.order() == [6, 7, 8]


def test_lru_moves_a_revisited_entry_to_the_newest_end_and_says_from_where():
    memory = Memory(3, "lru", Mulberry32(1))
    fill(memory, [5, 6, 7])
    assert memory.write(6, (6,)) == (TOUCHED, None, 1)
    assert memory.order() == [5, 7, 6]
    assert memory.write(8, (8,)) == (WRITTEN, 5, 0)
    assert memory.write(6, (6,)) == (TOUCHED, None, 1)
    assert memory.write(6, (6,)) == (TOUCHED, None, 2)  # already the newest: stays, slot 2
    assert memory.order() == [7, 8, 6]


def test_random_eviction_takes_the_kth_in_writing_order_from_the_runs_generator():
    memory = Memory(4, "random", Mulberry32(42))
    fill(memory, [1, 2, 3, 4])
    draws = Mulberry32(42)
    for page in range(10, 30):
        order = memory.order()
        k = int(draws.random() * 4)  # the chapter's floor(random() * len)
        assert memory.write(page, (page,)) == (WRITTEN, order[k], k)


def test_unlimited_memory_never_asks_its_policy():
    memory = Memory(None, "random", Mulberry32(1))
    assert all(change == (WRITTEN, None, None) for change in fill(memory, range(100)))


# -- a new policy: registered for one test, everywhere at once ------------------------------------------


class Newest(Policy):
    """Toy MRU: a full memory forgets the entry written most recently."""

    def victim(self, entries, ctx) -> int:
        return len(entries) - 1


def newest_stamp(stamps: np.ndarray, sizes: np.ndarray, draw) -> np.ndarray:
    return np.where(stamps == NOT_IN_MEMORY, -1, stamps).argmax(1)


@pytest.fixture(params=["scalar only", "with a batch kernel"])
def mru(request):
    kernel = PolicyKernel(Newest, newest_stamp) if request.param == "with a batch kernel" else None
    policy = POLICIES.register(
        Newest(
            "mru", "最新写入的先忘", "MRU", "最新写入的先忘", "newest written goes first", "#000000", kernel
        )
    )
    yield policy
    POLICIES.unregister("mru")
    assert "mru" not in POLICIES


def test_a_registered_policy_agrees_in_run_batch_and_sweep_and_is_not_fifo(chapter_site, mru):
    seeds = range(1000, 1040)
    configs = {
        c: [RunConfig(strategy="frontier", capacity=c, policy="mru", seed=s) for s in seeds] for c in (4, 8)
    }
    scalar = {c: [run(chapter_site, config) for config in batch] for c, batch in configs.items()}
    assert supports(configs[4][0]) == (mru.kernel is not None)
    for c, batch in configs.items():
        assert run_batch(chapter_site, batch, scalar_tail=0) == scalar[c]  # lock-step or routed to scalar
        assert Runner().run_all(chapter_site, batch) == scalar[c]
    sweep = capacity_sweep(
        chapter_site, RunConfig(strategy="frontier"), capacities=(4, 8), policies=("fifo", "mru"), runs=40
    )
    for c in (4, 8):
        assert sweep.coverage[c, "mru"] == [r.coverage for r in scalar[c]]
        assert sweep.ci(c, "mru").mean != sweep.ci(c, "fifo").mean  # not FIFO in disguise
    assert sweep.ci(4, "mru").mean == pytest.approx(np.mean([r.coverage for r in scalar[4]]))


def test_a_registered_policy_evicts_by_its_own_rule(chapter_site, mru):
    exploration = Exploration(chapter_site, RunConfig(strategy="visited", capacity=3, policy="mru", seed=7))
    evictions = 0
    while not exploration.finished:
        before = exploration.memory_order()
        event = exploration.step()
        if event.memory_evicted is not None:
            evictions += 1
            assert (event.memory_evicted, event.evicted_slot) == (before[-1], 2)
    assert evictions > 5


def test_a_registered_policy_is_a_command_line_choice(capsys, chapter_site, mru):
    code = main(
        ["run", "--strategy", "visited", "--capacity", "3", "--policy", "mru", "--seed", "7", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    expected = run(chapter_site, RunConfig(strategy="visited", capacity=3, policy="mru", seed=7))
    assert code == 0 and out["path"] == expected.path and out["config"]["policy"] == "mru"


# -- what a policy may ask of the run: the step, last visits, and the rest of the run ----------------------


class ExpireAfter(Policy):
    """Toy time to live: recency order (as LRU); an entry last visited more than ``ttl`` steps
    before the step now beginning is dropped before that step's tokens are counted."""

    touches_on_revisit = True
    on_revisit = POLICIES.get("lru").on_revisit

    def __init__(self, ttl: int) -> None:
        super().__init__(f"ttl{ttl}", "限时", f"TTL {ttl}", "过期就忘", "expires", "#111111")
        self.ttl = ttl

    def victim(self, entries, ctx) -> int:
        return 0

    def on_step_start(self, entries, step, ctx):
        return tuple(p for p in entries if step - ctx.last_visit(p) > self.ttl)


@pytest.fixture
def ttl3():
    policy = POLICIES.register(ExpireAfter(3))
    yield policy
    POLICIES.unregister(policy.name)


def test_a_policy_can_drop_entries_as_a_step_begins(chapter_site, ttl3):
    config = RunConfig(strategy="visited", capacity=None, policy="ttl3", seed=11, entry_tokens=40)
    assert config.effective(chapter_site.n_pages) == config  # it acts without a full memory
    exploration = Exploration(chapter_site, config)
    last_visit = {chapter_site.start: 0}
    remembered = {chapter_site.start}  # kept beside the run, by the rule as stated
    dropped_any = False
    for step in range(1, config.budget + 1):
        expired = {p for p in remembered if step - last_visit[p] > 3}
        remembered -= expired
        event = exploration.step()
        assert set(event.memory_dropped) == expired
        assert event.tokens == 3000 + 40 * len(remembered)  # counted after the drop
        dropped_any |= bool(expired)
        last_visit[event.to_page] = step
        remembered.add(event.to_page)
        assert set(exploration.memory_order()) == remembered
    assert exploration.finished and dropped_any
    assert run_batch(chapter_site, [config], scalar_tail=0) == [run(chapter_site, config)]


class LookAhead(Policy):
    """Toy clairvoyant policy: asks the engine for the rest of the run for every candidate."""

    simulates = True

    def __init__(self, name: str, choose) -> None:
        super().__init__(name, name, name, "看未来", "looks ahead", "#222222")
        self.choose = choose
        self.asked: list = []

    def victim(self, entries, ctx) -> int:
        outcomes = [ctx.simulate(i, then="fifo") for i in range(len(entries))]
        self.asked.append((ctx.step, outcomes))
        return self.choose(outcomes)


@pytest.fixture
def look_ahead():
    registered = []

    def register(name, choose):
        registered.append(POLICIES.register(LookAhead(name, choose)))
        return registered[-1]

    yield register
    for policy in registered:
        POLICIES.unregister(policy.name)


def test_simulate_runs_the_rest_of_the_run_on_a_copy(chapter_site, look_ahead):
    as_fifo = look_ahead("fifo_by_simulation", lambda outcomes: 0)
    for seed in (1000, 1001, 1002):
        as_fifo.asked.clear()
        config = RunConfig(strategy="visited", capacity=4, seed=seed)
        fifo = run(chapter_site, config)
        exploration = Exploration(chapter_site, config.with_(policy=as_fifo.name))
        steps = []
        while not exploration.finished:
            event = exploration.step()
            if event.memory_evicted is not None:
                steps.append(event.steps)
        assert exploration.result() == fifo  # asking changed nothing: the copy is a copy
        assert [step for step, _ in as_fifo.asked] == steps
        assert all(outcomes[0] == fifo for _, outcomes in as_fifo.asked)  # evict 0, then FIFO: FIFO
        assert any(len({o.coverage for o in outcomes}) > 1 for _, outcomes in as_fifo.asked)


def test_a_clairvoyant_policy_never_does_worse_than_fifo(chapter_site, look_ahead):
    # Picking the best outcome with FIFO afterwards at every eviction can only improve on FIFO.
    best = look_ahead(
        "best_by_simulation", lambda outcomes: max(range(len(outcomes)), key=lambda i: outcomes[i].coverage)
    )
    for seed in range(1000, 1006):
        config = RunConfig(strategy="visited", capacity=4, seed=seed)
        assert (
            run(chapter_site, config.with_(policy=best.name)).coverage >= run(chapter_site, config).coverage
        )


def test_simulate_needs_a_running_engine():
    memory = Memory(2, "fifo", Mulberry32(1))
    with pytest.raises(RuntimeError, match="not part of a run"):
        memory.context.simulate(0)
