"""Hypothesis strategies for valid memviz-site/1 documents of every shape, dead ends included."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def site_documents(draw, max_pages: int = 30):
    n = draw(st.integers(1, max_pages))
    pages = []
    for i in range(n):
        others = [q for q in range(n) if q != i]
        links = (
            draw(st.lists(st.sampled_from(others), unique=True, max_size=min(6, len(others))))
            if others
            else []
        )
        pages.append({"zh": f"页{i}", "en": f"Page {i}", "links": links})
    nav = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=min(4, n)))
    bug_pages = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=min(6, n)))
    return {
        "format": "memviz-site/1",
        "name": {"zh": "测试站点", "en": "test site"},
        "start": draw(st.integers(0, n - 1)),
        "nav": nav,
        "pages": pages,
        "bugs": [{"page": p, "zh": f"缺陷{p}", "en": f"bug {p}"} for p in bug_pages],
    }


run_settings = st.fixed_dictionaries(
    {
        "strategy": st.sampled_from(["random", "visited", "frontier"]),
        "seed": st.one_of(st.integers(0, 2**32 - 1), st.sampled_from([0, 1, 1000, 2**32 - 1])),
        "capacity": st.one_of(st.none(), st.integers(1, 12)),
        "policy": st.sampled_from(["fifo", "lru", "random"]),
        "budget": st.integers(0, 60),
        "until_all_bugs": st.booleans(),
        "max_steps": st.integers(0, 400),
        "base_tokens": st.integers(0, 5000),
        "entry_tokens": st.integers(0, 100),
    }
)
