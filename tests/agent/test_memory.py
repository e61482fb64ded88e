"""The injected memory is the simulation's: along any path, AgentMemory holds exactly what the
engine's memory holds (same class, capacity, policy, random eviction's draws, time to live), so the
window's what-if memory of a model's run is the memory the model was given."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.agent.memory import AgentMemory
from memviz.core.engine import Exploration, RunConfig
from memviz.core.site import load_site
from memviz.core.strategies import HOW_RECORDED
from tests.hypothesis_budget import examples

SITE = load_site()


@st.composite
def walks(draw):
    """A path of clicks on the blog's links (revisits and all), from the start page."""
    page, path = SITE.start, [SITE.start]
    for _ in range(draw(st.integers(1, 40))):
        page = draw(st.sampled_from(SITE.clickable[page]))
        path.append(page)
    return path


@settings(max_examples=examples(60), deadline=None)
@given(
    walks(),
    st.sampled_from(["visited", "frontier"]),
    st.one_of(st.none(), st.integers(1, 10)),
    st.sampled_from(["fifo", "lru", "random", "ttl"]),
    st.integers(0, 5000),
    st.integers(1, 6),
)
def test_agent_memory_is_the_engines_along_any_path(path, mode, capacity, policy, seed, ttl):
    config = RunConfig(strategy=mode, capacity=capacity, policy=policy, seed=seed, budget=len(path) - 1,
                       ttl=ttl if policy == "ttl" else None)  # fmt: skip
    engine = Exploration(
        SITE, config, chooser=lambda _s, _p, _m, _r: (path[len(engine.path)], HOW_RECORDED, None)
    )
    memory = AgentMemory(mode, capacity, policy, seed, ttl if policy == "ttl" else None)
    memory.arrive(path[0], SITE.clickable[path[0]], 0)
    assert memory.pages() == list(engine.memory_order())
    for step, page in enumerate(path[1:], 1):
        engine.step()
        memory.begin_step(step)
        memory.arrive(page, SITE.clickable[page], step)
        assert memory.pages() == list(engine.memory_order()), step
        assert all(memory.links_of(p) == engine.remembered_links(p) for p in memory.pages())
