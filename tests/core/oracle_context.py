"""A plain reading of issue 38's session context, written from the issue's text and docs/context.md's
decisions, not from memviz.core.context: slow lists and sets, recomputed from scratch where the engine
keeps counters.

Rules as read (the issue's words, then the decisions docs/context.md takes):
- a turn is appended for the start page at step 0 and for every step after; a turn records its page
  and whether a bug report was filed at that step;
- prompt = BASE + ENTRY·|memory| + summary + working + T·|turns|; summary = 0 before the first one,
  then 100 + 10·(names + bugs); working = 10·bugs;
- before each call, if the prompt exceeds W: truncate drops the oldest turns until it fits; summary
  folds the oldest ceil(n/2) turns into the summary (reported bugs; names newest first, at most N with
  the previous summary's), then drops the oldest turns until it fits; memgpt: past 0.7·W once per
  fill a warning (the agent moves the bugs its turns and summary hold into working context), past W
  the oldest ceil(n/2) turns go to recall storage and into the summary, then the oldest turns go to
  recall storage until it fits;
- known as visited: a turn, a summary name, memory; with links: a turn, memory; a report known: in a
  turn, the summary, working context or the bug list. ``random`` reads none of it;
- memgpt: before a choice, if some link of the page is not known and recall storage holds a turn, a
  recall search (300 tokens) makes the links recall storage holds known as visited for that choice.
"""

from __future__ import annotations

import math

from tests.core.oracle import links_of, mulberry32
from tests.core.oracle_walk import choose, remember


def context_run(doc, strategy, seed, window, mode="truncate", turn_tokens=500, summary_names=8,
                capacity=None, policy="fifo", budget=30, base_tokens=3000, entry_tokens=40):  # fmt: skip
    links = links_of(doc)
    bugs = {b["page"] for b in doc.get("bugs", [])}
    draw = mulberry32(seed)
    has_memory = strategy in ("visited", "frontier")
    reads = strategy != "random"
    memory = {} if has_memory else None

    turns = []  # [page, reported] oldest first
    summary = None  # None, or {"names": [...], "bugs": [...]}
    working = []
    recall = []
    warned = False

    def summary_cost():
        return 0 if summary is None else 100 + 10 * (len(summary["names"]) + len(summary["bugs"]))

    def prompt():
        mem = entry_tokens * len(memory) if memory is not None else 0
        return base_tokens + mem + summary_cost() + 10 * len(working) + turn_tokens * len(turns)

    def fold(old):
        nonlocal summary
        previous = summary or {"names": [], "bugs": []}
        names = []
        for page, _ in reversed(old):
            if page not in names:
                names.append(page)
        for page in previous["names"]:
            if page not in names:
                names.append(page)
        bug_list = list(previous["bugs"])
        for page, reported in old:
            if reported and page not in bug_list:
                bug_list.append(page)
        summary = {"names": names[:summary_names], "bugs": bug_list}

    start = doc.get("start", 0)
    cur, seen, reported = start, {start}, set()
    path, reports, tokens, step = [start], 0, 0, 0
    calls = []  # per call: prompt sent, and whether it compacted
    if memory is not None:
        remember(memory, links, start, capacity, policy, draw)
    turns.append([start, False])
    stop = "budget"
    while step < budget:
        compacted = False
        if mode == "memgpt":
            if not warned and prompt() > 0.7 * window:
                warned = True
                if reads:
                    held = list(summary["bugs"]) if summary else []
                    held += [p for p, r in turns if r]
                    for b in held:
                        if b not in working:
                            working.append(b)
            if prompt() > window and turns:
                compacted = True
                k = math.ceil(len(turns) / 2)
                old, turns = turns[:k], turns[k:]
                fold(old)
                recall += old
                warned = False
                while prompt() > window and turns:
                    recall.append(turns.pop(0))
        elif prompt() > window and turns:
            compacted = True
            if mode == "summary":
                k = math.ceil(len(turns) / 2)
                old, turns = turns[:k], turns[k:]
                fold(old)
            while prompt() > window and turns:
                turns.pop(0)
        sent = prompt()
        cost = sent

        # what the agent knows as it chooses
        known = {}
        if reads:
            for name in summary["names"] if summary else []:
                known[name] = []
            for page, _ in turns:
                known[page] = links[page]
            if memory is not None:
                known.update(memory)
            if mode == "memgpt" and recall and any(q not in known for q in links[cur]):
                cost += 300
                in_recall = {p for p, _ in recall}
                for q in links[cur]:
                    if q not in known and q in in_recall:
                        known[q] = []
        tokens += cost
        calls.append((sent, compacted))
        if strategy == "random":
            nxt = choose("random", links[cur], cur, None, draw)
        elif strategy == "visited":
            nxt = choose("visited", links[cur], cur, known, draw)
        else:  # frontier and session: the frontier rule over what is known
            nxt = choose("frontier", links[cur], cur, known, draw)
        if nxt is None:
            stop = "done" if links[cur] else "dead_end"
            break
        cur = nxt
        step += 1
        path.append(cur)
        seen.add(cur)
        filed = False
        if cur in bugs:
            knows = has_memory and cur in reported  # the bug list
            if reads:
                knows = knows or any(p == cur and r for p, r in turns)
                knows = knows or (summary is not None and cur in summary["bugs"]) or cur in working
            if not knows:
                reports += 1
                reported.add(cur)
                filed = True
        if memory is not None:
            remember(memory, links, cur, capacity, policy, draw)
        turns.append([cur, filed])
    return {
        "path": path, "reports": reports, "dups": reports - len(reported), "tokens": tokens,
        "coverage": len(seen) / len(doc["pages"]), "stop_reason": stop, "calls": calls,
        "recall": len(recall), "summary": summary, "working": working, "turns": [p for p, _ in turns],
    }  # fmt: skip
