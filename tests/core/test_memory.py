"""Memory: what each eviction policy forgets, on its own and inside a run."""

from __future__ import annotations

import pytest

from memviz.core.engine import Exploration, RunConfig
from memviz.core.memory import TOUCHED, WRITTEN, Memory
from memviz.core.rng import Mulberry32

LINKS = (1, 2)


def filled(policy: str, capacity: int | None, pages=(10, 11, 12), seed: int = 1) -> Memory:
    memory = Memory(capacity, policy, Mulberry32(seed))
    for page in pages:
        memory.write(page, LINKS)
    return memory


def test_unlimited_memory_keeps_every_page_in_writing_order():
    memory = filled("fifo", None, pages=range(100))
    assert memory.order() == list(range(100))
    assert memory.write(100, LINKS) == (WRITTEN, None)


def test_fifo_forgets_the_page_written_first_even_if_revisited():
    memory = filled("fifo", 3)
    assert memory.write(10, LINKS) == (None, None)  # a revisit changes nothing under FIFO
    assert memory.write(13, LINKS) == (WRITTEN, 10)
    assert memory.order() == [11, 12, 13]


def test_lru_forgets_the_page_used_longest_ago():
    memory = filled("lru", 3)
    assert memory.write(10, LINKS) == (TOUCHED, None)
    assert memory.order() == [11, 12, 10]
    assert memory.write(13, LINKS) == (WRITTEN, 11)


def test_random_eviction_draws_the_victim_from_the_runs_generator():
    memory = filled("random", 3, seed=99)
    draw = Mulberry32(99).index(3)  # filling drew nothing, so the eviction is the first draw
    assert memory.write(13, LINKS) == (WRITTEN, [10, 11, 12][draw])


@pytest.mark.parametrize(("capacity", "policy", "field"), [(0, "fifo", "capacity"), (3, "mru", "policy")])
def test_bad_settings_name_the_field(capacity, policy, field):
    with pytest.raises(ValueError, match=f"^{field}:"):
        Memory(capacity, policy, Mulberry32(1))


def test_fifo_capacity_3_evicts_the_oldest_entry_each_time(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(strategy="visited", capacity=3, policy="fifo", seed=7))
    order = exploration.memory.order()
    while not exploration.finished:
        event = exploration.step()
        if event.memory_written is not None and len(order) == 3:
            assert event.memory_evicted == order[0]
        order = exploration.memory.order()
        assert len(order) <= 3


def test_lru_touch_moves_the_entry_to_the_newest_end(chapter_site):
    exploration = Exploration(chapter_site, RunConfig(strategy="visited", capacity=20, policy="lru", seed=3))
    touched = 0
    while not exploration.finished:
        event = exploration.step()
        if event.memory_touched is not None:
            touched += 1
            assert exploration.memory.order()[-1] == event.memory_touched
            assert event.memory_written is None and event.memory_evicted is None
    assert touched > 0
