"""A plain, slow reading of the chapter's algorithm, written independently of memviz.core.

It rebuilds everything from the site document (not from ``Site``) with a scalar mulberry32, so a
property test can hold the engine's optimised code (numpy-mixed draws, generator loop, BFS with
early exit) against it. One extension the chapter never meets: a page with nothing to click ends
the run (the model call is still paid for), as memviz's engine documents.
"""

from __future__ import annotations

from tests.core.oracle_walk import choose, remember


def mulberry32(seed):
    a = seed & 0xFFFFFFFF

    def draw():
        nonlocal a
        a = (a + 0x6D2B79F5) & 0xFFFFFFFF
        t = ((a ^ (a >> 15)) * (a | 1)) & 0xFFFFFFFF
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return draw


def links_of(doc):
    nav = doc.get("nav", [])
    return [
        [q for q in nav if q != p] + [q for q in page.get("links", []) if q not in nav]
        for p, page in enumerate(doc["pages"])
    ]


def oracle_run(doc, strategy, seed, capacity=None, policy="fifo", budget=30, until_all_bugs=False,
               max_steps=5000, base_tokens=3000, entry_tokens=40):  # fmt: skip
    links = links_of(doc)
    bugs = {b["page"] for b in doc.get("bugs", [])}
    draw = mulberry32(seed)
    memory = {} if strategy != "random" else None

    start = doc.get("start", 0)
    cur, seen, reported = start, {start}, set()
    path, repeats, reports, tokens, step = [start], 0, 0, 0, 0
    bug_tokens = []  # tokens spent so far each time a bug is reported for the first time
    if memory is not None:
        remember(memory, links, start, capacity, policy, draw)
    stop = "budget" if not until_all_bugs else "max_steps"
    while step < (max_steps if until_all_bugs else budget):
        tokens += base_tokens + (entry_tokens * len(memory) if memory is not None else 0)
        nxt = choose(strategy, links[cur], cur, memory, draw)
        if nxt is None:
            stop = "done" if links[cur] else "dead_end"
            break
        cur = nxt
        step += 1
        path.append(cur)
        if cur in seen:
            repeats += 1
        seen.add(cur)
        if cur in bugs and not (memory is not None and cur in reported):
            reports += 1
            if cur not in reported:
                bug_tokens.append(tokens)
            reported.add(cur)
        if memory is not None:
            remember(memory, links, cur, capacity, policy, draw)
        if until_all_bugs and len(reported) == len(bugs):
            stop = "all_bugs"
            break
    return {
        "coverage": len(seen) / len(doc["pages"]), "repeat": repeats / max(step, 1), "bugs": len(reported),
        "reports": reports, "dups": reports - len(reported), "tokens": tokens, "steps": step, "path": path,
        "stop_reason": stop, "bug_tokens": bug_tokens,
    }  # fmt: skip
