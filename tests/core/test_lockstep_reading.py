"""The lock-step retrieval kernel (``lockstep/reading.py``) against the scalar engine's
``Retrieval.inject``, memory by memory: the entries each run's call carries, for memories laid out
every way the batch lays them out (slots filled from the first or with holes left by expiry, in
eviction order or not, every run over K or only some, one K for all or one each)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.lockstep.reading import ReadingSite, injected_in_order, injected_slots
from memviz.core.policies import NOT_IN_MEMORY
from memviz.core.retrieval import Retrieval
from memviz.core.site import Site, load_site
from tests.hypothesis_budget import examples

SITE = load_site(None)  # the chapter's 24 pages: links shared and not, bugs, nav
SLOTS = 20
_BIG = NOT_IN_MEMORY  # an empty slot's stamp, as the batch's


@st.composite
def memories(draw, holes: bool):
    """One run's memory: the pages it holds in slots (``n``: empty), each slot's stamp (its
    eviction order) and the step retrieval last met it, the page the call is made on, its K."""
    n = SITE.n_pages
    step = draw(st.integers(SLOTS, 3000))  # room for a stamp per slot
    size = draw(st.integers(1, SLOTS))
    pages = draw(st.permutations(range(n)))[:size]
    where = sorted(draw(st.permutations(range(SLOTS)))[:size]) if holes else list(range(size))
    stamps = sorted(draw(st.lists(st.integers(0, step), min_size=size, max_size=size, unique=True)))
    if draw(st.booleans()):  # evictions and touches leave slots out of eviction order
        stamps = draw(st.permutations(stamps))
    # steps met: often the same step (entries injected together tie on recency)
    met = draw(st.lists(st.sampled_from(sorted({0, step, max(0, step - 1), max(0, step - 7)})) | st.integers(0, step),
                        min_size=size, max_size=size))  # fmt: skip
    return {
        "step": step,
        "slots": dict(zip(where, zip(pages, stamps, met, strict=True), strict=True)),
        "here": draw(st.integers(0, n - 1)),
        "k": draw(st.integers(1, 9)),
    }


def scalar_injected(site: Site, memory: dict, step: int) -> set[int]:
    """The pages ``Retrieval.inject`` carries into the call, the entries given in eviction order."""
    retrieval = Retrieval(site, memory["k"])
    held = sorted(memory["slots"].values(), key=lambda slot: slot[1])  # by stamp: eviction order
    entries = {page: site.clickable[page] for page, _stamp, _met in held}
    for page, _stamp, met in held:
        retrieval.met(page, met)
    injected, _scores = retrieval.inject(entries, memory["here"], step, report=False)
    return set(injected)


def check(runs: list[dict], step: int) -> None:
    n = SITE.n_pages
    for memory in runs:
        memory["slots"] = {s: (p, st_, min(m, step)) for s, (p, st_, m) in memory["slots"].items()}
    pages = np.full((len(runs), SLOTS), n, dtype=np.int64)
    stamps = np.full((len(runs), SLOTS), _BIG, dtype=np.int64)
    met = np.zeros((len(runs), SLOTS), dtype=np.int64)
    for r, memory in enumerate(runs):
        for s, (page, stamp, m) in memory["slots"].items():
            pages[r, s], stamps[r, s], met[r, s] = page, stamp, m
    here, sizes, k = (
        np.array([m["here"] for m in runs]),
        (pages != n).sum(1),
        np.array([m["k"] for m in runs]),
    )
    chosen, valid = injected_slots(ReadingSite(SITE), step, pages, stamps, met, here, sizes, k, n)
    assert (valid == (pages != n)).all()
    for r, memory in enumerate(runs):
        assert set(pages[r][chosen[r]].tolist()) == scalar_injected(SITE, memory, step)
    if (np.diff(stamps, axis=1) >= 0).all():  # slots in eviction order: the batch passes no stamps
        in_order, valid = injected_slots(ReadingSite(SITE), step, pages, None, met, here, sizes, k, n)
        assert (in_order == chosen).all() and (valid == (pages != n)).all()
        if (sizes > k).all() and (k == k[0]).all() and (pages[:, 0] != n).all():  # the fused step's case
            over_k, left_out = injected_in_order(ReadingSite(SITE), step, pages, met, here, int(k[0]), n)
            assert (over_k == chosen).all() and (left_out == (valid & ~chosen)).all()


@settings(max_examples=examples(150), deadline=None)
@given(runs=st.lists(memories(holes=False), min_size=1, max_size=12), same_k=st.booleans())
def test_slots_filled_from_the_first_inject_what_the_scalar_engine_injects(runs, same_k):
    if same_k:
        for memory in runs:
            memory["k"] = runs[0]["k"]
    check(runs, max(m["step"] for m in runs))


@settings(max_examples=examples(100), deadline=None)
@given(runs=st.lists(memories(holes=True), min_size=1, max_size=12))
def test_slots_with_holes_inject_what_the_scalar_engine_injects(runs):
    check(runs, max(m["step"] for m in runs))


def test_every_run_over_k_with_one_k_is_the_report_s_case():
    """A report's long runs: every memory holds more than K, the same K: the kernel's main path."""
    rng = np.random.default_rng(41)
    runs = []
    for _ in range(60):
        size = int(rng.integers(9, SLOTS + 1))
        pages = rng.permutation(SITE.n_pages)[:size].tolist()
        met = rng.choice([500, 499, 480, 12], size=size).tolist()  # many ties
        runs.append({"slots": {s: (p, s, m) for s, (p, m) in enumerate(zip(pages, met, strict=True))},
                     "here": int(rng.integers(SITE.n_pages)), "k": 8})  # fmt: skip
    check(runs, 500)


def test_no_run_reading_at_a_step_injects_nothing():
    """A step at which no run of the batch reads (all done, or a lock-step group of none): no slot,
    with the stamps and without (the batch test's case: it raised IndexError on k[0])."""
    n = SITE.n_pages
    pages, met = np.full((0, SLOTS), n, dtype=np.int64), np.zeros((0, SLOTS), dtype=np.int64)
    empty = np.zeros(0, dtype=np.int64)
    for stamps in (None, np.full((0, SLOTS), _BIG, dtype=np.int64)):
        chosen, valid = injected_slots(ReadingSite(SITE), 40, pages, stamps, met, empty, empty, empty, n)
        assert chosen.shape == valid.shape == (0, SLOTS)
