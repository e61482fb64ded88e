"""A plain reading of issue 26 (task-paired evaluation), written from the issue's text alone.

No numpy, nothing from memviz: a task file and its site are plain dicts, runs are walked with the
chapter's mulberry32, and every figure is computed with loops and sums. The bootstrap's draws are
numpy's (the issue's definition: a seeded numpy generator), so the test hands this reading the
resampled task indices; what is done with them (means, the 2.5/97.5 percentiles) is computed here.
"""

from __future__ import annotations

import math

from tests.core.oracle import links_of, mulberry32
from tests.core.oracle_walk import choose, remember

Z = 1.959964
Z_POWER = 0.841621


def version_bugs(doc, version):
    """The bug pages of ``version``: the file's own, then each later version's fixes and new bugs."""
    bugs = {b["page"] for b in doc.get("bugs", [])}
    if version == doc.get("version", "v1"):
        return bugs
    for v in doc.get("versions", []):
        bugs -= set(v.get("fixed", []))
        bugs |= {b["page"] for b in v.get("new_bugs", [])}
        if v["name"] == version:
            return bugs
    raise ValueError(version)


def walk(doc, bugs, start, strategy, seed, capacity=None, policy="fifo", budget=30, bug_list=None,
         until_all_bugs=False, max_steps=5000, base_tokens=3000, entry_tokens=40):  # fmt: skip
    """One run from page ``start``: it is visited, remembered and (if it hides a bug) reported at step 0."""
    links = links_of(doc)
    draw = mulberry32(seed)
    memory = {} if strategy != "random" else None
    keeps_list = memory is not None if bug_list is None else bug_list

    seen, reported, reports, repeats, tokens, steps = {start}, set(), 0, 0, 0, 0
    if start in bugs:
        reported.add(start)
        reports = 1
    if memory is not None:
        remember(memory, links, start, capacity, policy, draw)
    cur, stop = start, None
    limit = max_steps if until_all_bugs else budget
    if until_all_bugs and bugs and reported == bugs:
        stop = "all_bugs"
    while stop is None and steps < limit:
        tokens += base_tokens + (entry_tokens * len(memory) if memory is not None else 0)
        nxt = choose(strategy, links[cur], cur, memory, draw)
        if nxt is None:
            stop = "stopped"
            break
        cur = nxt
        steps += 1
        if cur in seen:
            repeats += 1
        seen.add(cur)
        if cur in bugs and not (keeps_list and cur in reported):
            reports += 1
            reported.add(cur)
        if memory is not None:
            remember(memory, links, cur, capacity, policy, draw)
        if until_all_bugs and len(reported) == len(bugs):
            stop = "all_bugs"
    return {
        "coverage": len(seen) / len(doc["pages"]),
        "bug_recall": len(reported) / len(bugs) if bugs else 1.0,
        "repeat": repeats / max(steps, 1),
        "dups": reports - len(reported),
        "tokens": tokens,
        "steps": steps,
        "censored": until_all_bugs and stop != "all_bugs",
    }


def mean(xs):
    return sum(xs) / len(xs)


def var(xs):
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def evaluation(doc, tasks, config_a, config_b, repeats, seed0, metric, delta, boot_indices,
               until_all_bugs=False):  # fmt: skip
    """Every figure of the issue for one metric. ``config_*``: keyword arguments of :func:`walk`."""
    a_t, b_t, e = [], [], []
    for i, task in enumerate(tasks):
        bugs = version_bugs(doc, task["version"])
        a_runs, b_runs = [], []
        for r in range(repeats):
            seed = seed0 + i * repeats + r
            a_runs.append(
                walk(doc, bugs, task["start"], seed=seed, until_all_bugs=until_all_bugs, **config_a)[metric]
            )
            b_runs.append(
                walk(doc, bugs, task["start"], seed=seed, until_all_bugs=until_all_bugs, **config_b)[metric]
            )
        a_t.append(mean(a_runs))
        b_t.append(mean(b_runs))
        e.append([b - a for a, b in zip(a_runs, b_runs, strict=True)])
    n, k = len(tasks), repeats
    d = [b - a for a, b in zip(a_t, b_t, strict=True)]
    out = {"a": a_t, "b": b_t, "diff": d, "mean_diff": mean(d)}
    sd2 = var(d)
    out["se_task"] = math.sqrt(sd2) / math.sqrt(n)
    out["ci_task"] = [out["mean_diff"] - Z * out["se_task"], out["mean_diff"] + Z * out["se_task"]]
    flat = [x for row in e for x in row]
    out["se_flat"] = math.sqrt(var(flat)) / math.sqrt(n * k)
    out["ci_flat"] = [out["mean_diff"] - Z * out["se_flat"], out["mean_diff"] + Z * out["se_flat"]]
    out["design_effect"] = out["se_task"] / out["se_flat"] if out["se_flat"] else float("nan")
    boot = sorted(sum(d[j] for j in row) / n for row in boot_indices)
    out["bootstrap_ci"] = [boot[math.ceil(len(boot) * 0.025) - 1], boot[math.ceil(len(boot) * 0.975) - 1]]
    out["tasks_needed"] = math.ceil((Z + Z_POWER) ** 2 * sd2 / delta**2)
    within = mean([var(row) for row in e])
    omega2 = max(0.0, sd2 - within / k)
    out["within"], out["omega2"] = within, omega2
    out["sd2_at"] = {kk: omega2 + within / kk for kk in (1, 3, 10)}
    return out
