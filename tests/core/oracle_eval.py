"""A plain reading of issues 26 and 37 (task-level evaluation), written from the issues' text alone.

No numpy, nothing from memviz: a task file and its site are plain dicts, runs are walked with the
chapter's mulberry32, and every figure is computed with loops and sums. The bootstrap's draws are
numpy's (the issue's definition: a seeded numpy generator), so the test hands this reading the
resampled task indices; what is done with them (means, the 2.5/97.5 percentiles) is computed here.
"""

from __future__ import annotations

import math

from tests.core.oracle import links_of, mulberry32
from tests.core.oracle_walk import choose, remember


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
        "found": set(reported),  # the bug pages it reported (each on its first visit)
    }


def mean(xs):
    return sum(xs) / len(xs)


def var(xs):
    if len(xs) < 2:
        return float("nan")
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def statistics(a_runs, b_runs, delta, boot_indices, t_ppf):
    """Every figure of issue 37 from each side's runs of each task (lists of lists, any lengths).
    ``t_ppf(p, df)``: Student's t quantile (scipy's, in the tests); ``boot_indices``: the resampled
    task indices, or None below 10 tasks."""
    n = len(a_runs)
    a_t, b_t = [mean(r) for r in a_runs], [mean(r) for r in b_runs]
    d = [b - a for a, b in zip(a_t, b_t, strict=True)]
    out = {"a": a_t, "b": b_t, "diff": d, "mean_diff": mean(d), "runs_a": [len(r) for r in a_runs],
           "runs_b": [len(r) for r in b_runs]}  # fmt: skip
    sd2 = var(d) if n > 1 else float("nan")
    out["se_task"] = math.sqrt(sd2 / n) if n > 1 else float("nan")
    half = t_ppf(0.975, n - 1) * out["se_task"] if n > 1 else float("nan")
    out["ci_task"] = [out["mean_diff"] - half, out["mean_diff"] + half]
    flat_a = [x for row in a_runs for x in row]
    flat_b = [x for row in b_runs for x in row]
    out["mean_flat"] = mean(flat_b) - mean(flat_a)
    out["se_flat"] = math.sqrt(var(flat_a) / len(flat_a) + var(flat_b) / len(flat_b))
    half = t_ppf(0.975, len(flat_a) + len(flat_b) - 2) * out["se_flat"]
    out["ci_flat"] = [out["mean_flat"] - half, out["mean_flat"] + half]
    out["deft"] = out["se_task"] / out["se_flat"] if out["se_flat"] else float("nan")
    out["deff"] = out["deft"] ** 2
    if boot_indices is None:
        out["bootstrap_ci"] = [float("nan"), float("nan")]
    else:
        boot = sorted(sum(d[j] for j in row) / n for row in boot_indices)
        out["bootstrap_ci"] = [boot[math.ceil(len(boot) * 0.025) - 1], boot[math.ceil(len(boot) * 0.975) - 1]]

    def pooled(rows):
        dof = sum(len(r) - 1 for r in rows)
        return sum(sum((x - mean(r)) ** 2 for x in r) for r in rows) / dof if dof else float("nan")

    wa, wb = pooled(a_runs), pooled(b_runs)
    out["within"] = wa + wb
    noise = mean([wa / len(ra) + wb / len(rb) for ra, rb in zip(a_runs, b_runs, strict=True)])
    if math.isnan(out["within"]) or math.isnan(sd2):
        out["omega2"], out["variance"] = float("nan"), sd2
    else:
        out["omega2"] = max(0.0, sd2 - noise)
        out["variance"] = out["omega2"] + noise
    out["sd2_at"] = {kk: out["omega2"] + out["within"] / kk for kk in (1, 3, 10)}
    out["tasks_needed"] = needed(out["variance"], delta, t_ppf)
    out["tasks_needed_at"] = {kk: needed(v, delta, t_ppf) for kk, v in out["sd2_at"].items()}
    return out


def needed(variance, delta, t_ppf):
    """The first n ≥ 2 with n ≥ (t_.975,n−1 + t_.8,n−1)² · V / δ², by doubling then halving."""
    if math.isnan(variance):
        return None

    def enough(n):
        return n >= (t_ppf(0.975, n - 1) + t_ppf(0.8, n - 1)) ** 2 * variance / delta**2

    lo, hi = 1, 2  # lo: not enough (n = 1 has no interval); hi: to be found enough
    while not enough(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if enough(mid) else (mid, hi)
    return hi


def evaluation(doc, tasks, config_a, config_b, repeats, seed0, metric, delta, boot_indices, t_ppf,
               until_all_bugs=False):  # fmt: skip
    """Every figure for one metric. ``config_*``: keyword arguments of :func:`walk`."""
    a_runs, b_runs = [], []
    for i, task in enumerate(tasks):
        bugs = version_bugs(doc, task["version"])
        a_row, b_row = [], []
        for r in range(repeats):
            seed = seed0 + i * repeats + r
            a_row.append(
                walk(doc, bugs, task["start"], seed=seed, until_all_bugs=until_all_bugs, **config_a)[metric]
            )
            b_row.append(
                walk(doc, bugs, task["start"], seed=seed, until_all_bugs=until_all_bugs, **config_b)[metric]
            )
        a_runs.append(a_row)
        b_runs.append(b_row)
    return statistics(a_runs, b_runs, delta, boot_indices if len(tasks) >= 10 else None, t_ppf)
