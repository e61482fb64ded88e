"""A plain, slow reading of issue 27 (memory misused, memory read by retrieval), independent of memviz.core.

Written from the issue's words in the style of ``oracle.py``: one step at a time, dicts and lists.

- Misuse: a second mulberry32 stream, the project's side-stream rule: seed
  ``((seed XOR crc32(name)) · 0x9E3779B1 + crc32(name)) mod 2³²`` with name ``"misuse"``. Every step
  draws ``u_read`` from it before choosing; a step that moves draws ``u_write`` before writing.
  ``u_read < ignore``: the step picks uniformly among the page's clickable links on the navigation
  stream (as the agent without memory) and reports a bug page without looking at the bug list.
  ``u_write < skip_write``: the step writes and touches nothing (ttl's clock of the page included).
- Read ``top:K``: before each choice at step s (moves so far) every entry e gets recency
  ``0.995^(s - last_e)``, importance (10 for a bug page, else ``min(9, 1 + own links not in nav)``)
  and relevance (``|L∩L'|/√(|L||L'|)`` of the current page's and e's clickable links, 0 if either is
  empty), each min-max normalised (all equal → 0.5), summed; the K best (ties: earlier in eviction
  order) are injected: the choice sees only them, they are met at s, tokens ``3000 + 40·K'``.
"""

from __future__ import annotations

import math
import zlib

from tests.core.oracle import links_of, mulberry32
from tests.core.oracle_walk import choose, pick


def misuse_stream(seed):
    salt = zlib.crc32(b"misuse")
    return mulberry32(((seed ^ salt) * 0x9E3779B1 + salt) & 0xFFFFFFFF)


def _minmax(values):
    lo, hi = min(values), max(values)
    if lo == hi:
        return [0.5 for _ in values]
    return [(v - lo) / (hi - lo) for v in values]


def retrieve(doc, links, memory, last_met, cur, step, k):
    """The injected entries (a dict, eviction order) and every entry's (page, recency, importance,
    relevance, score, injected) at ``step`` on page ``cur``."""
    nav = doc.get("nav", [])
    bugs = {b["page"] for b in doc.get("bugs", [])}
    order = list(memory)
    if not order:
        return {}, []
    recency = [0.995 ** (step - last_met[e]) for e in order]
    importance = []
    for e in order:
        own = [q for q in doc["pages"][e].get("links", []) if q not in nav]
        importance.append(10.0 if e in bugs else float(min(9, 1 + len(own))))
    relevance = []
    mine = set(links[cur])
    for e in order:
        theirs = set(memory[e])
        if not mine or not theirs:
            relevance.append(0.0)
        else:
            relevance.append(len(mine & theirs) / math.sqrt(len(mine) * len(theirs)))
    recency, importance, relevance = _minmax(recency), _minmax(importance), _minmax(relevance)
    scores = [recency[i] + importance[i] + relevance[i] for i in range(len(order))]
    ranked = sorted(range(len(order)), key=lambda i: (-scores[i], i))
    best = set(ranked[:k])
    shown = {e: memory[e] for i, e in enumerate(order) if i in best}
    table = [(e, recency[i], importance[i], relevance[i], scores[i], i in best) for i, e in enumerate(order)]
    return shown, table


def readmodes_run(doc, strategy, seed, capacity=None, policy="fifo", budget=30, ttl=None, bug_list=None,
                  ignore=0.0, skip_write=0.0, read_top=None):  # fmt: skip
    """A run with misuse and read modes; returns the result and what each step did."""
    links = links_of(doc)
    bugs = {b["page"] for b in doc.get("bugs", [])}
    draw = mulberry32(seed)
    misuse = misuse_stream(seed) if (ignore > 0 or skip_write > 0) else None
    memory = {} if strategy != "random" else None
    keeps_list = (memory is not None) if bug_list is None else bug_list
    last_visit, last_met = {}, {}
    time_to_live = 8 if (policy == "ttl" and ttl is None) else ttl

    def remember(page, step):
        last_visit[page] = step
        last_met[page] = step
        if page in memory:
            if policy in ("lru", "ttl"):
                del memory[page]
                memory[page] = links[page]
            return
        if capacity is not None and len(memory) >= capacity:
            order = list(memory)
            victim = order[math.floor(draw() * len(order))] if policy == "random" else order[0]
            del memory[victim]
        memory[page] = links[page]

    start = doc.get("start", 0)
    cur, seen, reported = start, {start}, set()
    path, repeats, reports, tokens, step = [start], 0, 0, 0, 0
    steps = []
    if memory is not None:
        remember(start, 0)
    while step < budget:
        if memory is not None and policy == "ttl":
            for page in [p for p in memory if step + 1 - last_visit[p] > time_to_live]:
                del memory[page]
        table = None
        if memory is None:
            shown = None
            tokens += 3000
        elif read_top is None:
            shown = memory
            tokens += 3000 + 40 * len(memory)
        else:
            shown, table = retrieve(doc, links, memory, last_met, cur, step, read_top)
            for e in shown:
                last_met[e] = step
            tokens += 3000 + 40 * len(shown)
        ignored = misuse is not None and misuse() < ignore
        if ignored:
            nxt = pick(links[cur], draw) if links[cur] else None
        else:
            nxt = choose(strategy, links[cur], cur, shown if shown is not None else {}, draw)
        if nxt is None:
            steps.append({"page": None, "ignored": ignored, "skipped": False, "scores": table})
            break
        skipped = misuse is not None and misuse() < skip_write
        cur = nxt
        step += 1
        path.append(cur)
        if cur in seen:
            repeats += 1
        seen.add(cur)
        if cur in bugs and not (keeps_list and cur in reported and not ignored):
            reports += 1
            reported.add(cur)
        if memory is not None and not skipped:
            remember(cur, step)
        steps.append({"page": cur, "ignored": ignored, "skipped": skipped, "scores": table})
    return {
        "coverage": len(seen) / len(doc["pages"]), "repeat": repeats / max(step, 1), "bugs": len(reported),
        "reports": reports, "dups": reports - len(reported), "tokens": tokens, "steps": step, "path": path,
        "step_info": steps,
    }  # fmt: skip
