"""The chapter's figures as text tables, in Chinese or English (``memviz report``, ``run``, ``batch``).

Names, a config's one-line summary and counts come from :mod:`memviz.wording`, shared with the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memviz.core.engine import RunConfig, RunResult
from memviz.core.experiments import Comparison
from memviz.core.reading import reading_label
from memviz.core.site import Site
from memviz.core.stats import pct
from memviz.wording import NO_VALUE, config_summary, no_bug_found, policy_name, ratio, strategy_name, t, whole

if TYPE_CHECKING:
    from memviz.core.streaming import StreamedComparison


def interval(mean: float, lo: float, hi: float, sign: bool = True) -> str:
    return f"{pct(mean, sign)} [{pct(lo, sign)}, {pct(hi, sign)}]"


def _width(text: str) -> int:
    # CJK characters take two terminal columns.
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    cols = [header, *rows]
    widths = [max(_width(r[i]) for r in cols) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - _width(cell))
            out.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(out).rstrip()

    return [line(header), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def headline_lines(tables: dict, lang: str) -> list[str]:
    """The two lines the chapter's script prints, word for word in Chinese."""
    lines = []
    for s in ("visited", "frontier"):
        d = tables["diffs"][s]
        body = interval(d["mean"], d["lo"], d["hi"])
        mean, rest = body.split(" ", 1)
        lines.append(
            t(
                lang,
                f"{s:9} − random 覆盖率差 {mean} 个百分点 {rest}",
                f"{s:9} − random coverage {mean} points {rest}",
            )
        )
    return lines


def run_text(site: Site, config: RunConfig, result: RunResult, lang: str) -> list[str]:
    names = [site.page_name(p, lang) for p in result.path]
    stop = {
        "budget": t(lang, "预算用完", "budget used up"),
        "all_bugs": t(lang, "Bug 全部找到", "all bugs found"),
        "max_steps": t(lang, "达到步数上限", "step limit reached"),
        "done": t(lang, "记得的页面都去过了，主动停止", "nothing left it remembers: stopped"),
        "dead_end": t(lang, "页面没有可点的链接", "page has no link to click"),
    }[result.stop_reason]
    return [
        t(lang, "策略 ", "strategy ") + config_summary(config, lang),
        t(lang, "覆盖率", "coverage")
        + f" {pct(result.coverage)}% ({round(result.coverage * site.n_pages)}/{site.n_pages})",
        t(lang, "重复访问率", "repeat rate") + f" {pct(result.repeat)}%",
        t(lang, "找到 Bug", "bugs found") + f" {result.bugs}/{site.n_bugs}",
        t(lang, "Bug 报告", "bug reports")
        + f" {result.reports}"
        + t(lang, "，其中重复 ", ", duplicates ")
        + str(result.dups),
        t(lang, "估算 token", "estimated tokens") + f" {whole(result.tokens)}",
        t(lang, "步数", "steps")
        + f" {result.steps}（{stop}）".replace("（", " (" if lang == "en" else "（").replace(
            "）", ")" if lang == "en" else "）"
        ),
        t(lang, "路径：", "path: ") + " → ".join(names),
    ]


METRIC_LABELS = {
    "coverage": ("覆盖率 %", "coverage %"),
    "repeat": ("重复访问率 %", "repeat rate %"),
    "bugs": ("找到 Bug", "bugs found"),
    "reports": ("Bug 报告", "bug reports"),
    "dups": ("重复报告", "duplicate reports"),
    "tokens": ("token", "tokens"),
    "steps": ("步数", "steps"),
}


def metric_cell(key: str, value: float) -> str:
    if key in ("coverage", "repeat"):
        return pct(value)
    if key == "tokens":
        return whole(value)
    return f"{value:.2f}".rstrip("0").rstrip(".") if key != "steps" else f"{value:.2f}"


def means_table(rows: list[tuple[str, dict]], lang: str) -> list[str]:
    keys = list(METRIC_LABELS)
    header = [t(lang, "策略", "strategy"), *(t(lang, *METRIC_LABELS[k]) for k in keys)]
    return table(header, [[name, *(metric_cell(k, m[k]) for k in keys)] for name, m in rows])


def batch_text(comparison: Comparison | StreamedComparison, lang: str) -> list[str]:
    config, d = comparison.config, comparison.diff
    runs = len(comparison.seeds)
    lines = [
        t(lang, "策略 ", "strategy ")
        + config_summary(config, lang, seed=False, budget=False)
        + t(
            lang,
            f"；seed {comparison.seeds.start}～{comparison.seeds.stop - 1}，共 {runs} 次",
            f"; seeds {comparison.seeds.start}–{comparison.seeds.stop - 1}, {runs} runs",
        ),
        "",
        *means_table(
            [
                (strategy_name(config.strategy, lang), comparison.current_means),
                (
                    strategy_name("random", lang) + t(lang, "（基线）", " (baseline)"),
                    comparison.baseline_means,
                ),
            ],
            lang,
        ),
        "",
        t(lang, "覆盖率配对差值（当前 − 无记忆）：", "paired coverage difference (current − no memory): ")
        + interval(d.mean, d.lo, d.hi)
        + t(lang, " 个百分点", " points"),
        t(lang, f"  {runs} 次里 {d.wins} 次更高", f"  higher in {d.wins} of {runs} runs"),
        t(
            lang,
            f"  bootstrap 区间（{comparison.bootstrap_resamples} 次重抽）：",
            f"  bootstrap interval ({comparison.bootstrap_resamples} resamples): ",
        )
        + f"[{pct(d.boot_lo, True)}, {pct(d.boot_hi, True)}]",
        t(lang, "  半宽：配对 ", "  half-width: paired ")
        + f"{d.paired_half * 100:.2f}"
        + t(lang, "，不配对 ", ", unpaired ")
        + f"{d.unpaired_half * 100:.2f}"
        + t(lang, " 个百分点", " points"),
    ]
    return lines


def _cost_lesson(cost: dict, lang: str) -> str:
    """The chapter's sentence on what memory costs a step and saves in all; on a site where no bug
    was found or no step taken, what has no value is said instead (never "nan")."""
    per_step = {s: ratio(cost[s]["tokens"], cost[s]["steps"]) for s in ("random", "frontier")}
    share = ratio(cost["frontier"]["tokens"], cost["random"]["tokens"])
    if all(cost[s]["tokens_per_bug"] is None for s in ("random", "visited", "frontier")):
        return t(
            lang,
            f"{no_bug_found(lang)}：每个 Bug 的 token 没有值（{NO_VALUE}）。",
            f"{no_bug_found(lang).capitalize()}: tokens per bug have no value ({NO_VALUE}).",
        )
    if per_step["random"] is None or per_step["frontier"] is None or share is None:
        return t(lang, f"没有走任何一步：每步 token 没有值（{NO_VALUE}）。",
                 f"No step was taken: tokens per step have no value ({NO_VALUE}).")  # fmt: skip
    premium = pct(per_step["frontier"] / per_step["random"] - 1)
    return t(
        lang,
        f"加链接表的记忆每步贵约 {premium}%，找全 Bug 的总 token 却只有无记忆的约 {pct(share)}%。",
        f"Memory with a link table costs about {premium}% more per step, "
        f"yet finds every bug for about {pct(share)}% of the no-memory tokens.",
    )


def report_text(tables: dict, site: Site, lang: str) -> list[str]:
    """``chapter_tables``' figures as the report's text: the headline, then a section per table."""
    return [
        *headline_lines(tables, lang),
        *_reading_lines(tables, lang),
        *_strategy_lines(tables, lang),
        *_paired_lines(tables, lang),
        *_cost_lines(tables, site, lang),
        *_capacity_lines(tables, lang),
        *_story_lines(tables, site, lang),
    ]


def _reading_lines(tables: dict, lang: str) -> list[str]:
    """Issue 27: how every run's memory was read, when not as the chapter's."""
    lines: list[str] = []
    if "reading" in tables:  # issue 27: every run's memory misused or read by retrieval
        reading = reading_label(tuple(tables["reading"].items()), lang)
        lines += ["", t(lang, f"每次运行的记忆读取方式：{reading}", f"Every run's memory: {reading}")]
    return lines


def _strategy_lines(tables: dict, lang: str) -> list[str]:
    """The three strategies' means."""
    runs, first = tables["runs"], tables["seed0"]
    last = first + runs - 1
    lines: list[str] = []
    strategies = tables["strategies"]
    lines += [
        "",
        t(
            lang,
            f"## 三种策略（seed {first}～{last}，记忆不限容量，预算 30 步）",
            f"## Three strategies (seeds {first}–{last}, unlimited memory, budget 30 steps)",
        ),
    ]
    lines += means_table(
        [(strategy_name(s, lang), strategies[s]) for s in ("random", "visited", "frontier")], lang
    )
    return lines


def _paired_lines(tables: dict, lang: str) -> list[str]:
    """Memory − no memory on the same seeds, with and without pairing."""
    runs = tables["runs"]
    lines: list[str] = []
    lines += [
        "",
        t(
            lang,
            "## 配对差值（同一个 seed，有记忆 − 无记忆，覆盖率，百分点）",
            "## Paired differences (same seed, memory − no memory, coverage, points)",
        ),
    ]
    header = [
        t(lang, "策略", "strategy"),
        t(lang, "均值 [95% 正态区间]", "mean [95% normal]"),
        t(lang, "bootstrap 区间", "bootstrap"),
        t(lang, "更高的次数", "wins"),
        t(lang, "配对半宽", "paired half"),
        t(lang, "不配对半宽", "unpaired half"),
    ]
    rows = []
    for s in ("visited", "frontier"):
        d = tables["diffs"][s]
        rows.append(
            [
                strategy_name(s, lang),
                interval(d["mean"], d["lo"], d["hi"]),
                f"[{pct(d['boot_lo'], True)}, {pct(d['boot_hi'], True)}]",
                f"{d['wins']}/{runs}",
                f"{d['paired_half'] * 100:.2f}",
                f"{d['unpaired_half'] * 100:.2f}",
            ]
        )
    lines += table(header, rows)
    lines.append(
        t(
            lang,
            "配对几乎没有收窄区间：区间远离 0 是因为效果大，不是因为配对。",
            "Pairing barely narrows the interval: it is far from 0 because the effect is large.",
        )
    )
    return lines


def _cost_lines(tables: dict, site: Site, lang: str) -> list[str]:
    """Tokens over the budget, and what finding every bug costs."""
    runs, strategies = tables["runs"], tables["strategies"]
    lines: list[str] = []
    cost = tables["cost"]
    lines += ["", t(lang, "## 成本：预算 30 步的总 token", "## Cost: total tokens over a 30-step budget")]
    lines.append(
        "  ".join(
            f"{strategy_name(s, lang)} {whole(strategies[s]['tokens'])}"
            for s in ("random", "visited", "frontier")
        )
    )
    lines += [
        "",
        t(
            lang,
            f"## 找全 {site.n_bugs} 个 Bug 要花多少（上限 5000 步）",
            "## What it costs to find all bugs (max 5000 steps)",
        ),
    ]
    header = [
        t(lang, "策略", "strategy"),
        t(lang, "平均步数", "mean steps"),
        t(lang, "平均 token", "mean tokens"),
        t(lang, "每步 token", "tokens/step"),
        t(lang, "每个 Bug 的 token", "tokens/bug"),
        t(lang, "相对无记忆", "vs no memory"),
        t(lang, "找全的次数", "all found"),
    ]
    rows = []
    for s in ("random", "visited", "frontier"):
        c = cost[s]
        share = ratio(c["tokens"], cost["random"]["tokens"])
        rows.append(
            [
                strategy_name(s, lang),
                f"{c['steps']:.1f}",
                whole(c["tokens"]),
                whole(ratio(c["tokens"], c["steps"])),
                whole(c["tokens_per_bug"]),
                NO_VALUE if share is None else pct(share) + "%",
                f"{c['all_found']}/{runs}",
            ]
        )
    lines += table(header, rows)
    lines.append(_cost_lesson(cost, lang))
    return lines


def _capacity_lines(tables: dict, lang: str) -> list[str]:
    """Limited capacity: coverage by capacity and policy."""
    lines: list[str] = []
    lines += [
        "",
        t(
            lang,
            "## 容量有限：已访问集合 + 链接表，覆盖率均值 % [95% 区间]",
            "## Limited capacity: visited set + link table, mean coverage % [95% interval]",
        ),
    ]
    sweep_ci = tables["sweep_ci"]
    policies = tuple(next(iter(sweep_ci.values()), {}))  # the chapter's three, then any asked for
    header = [t(lang, "容量", "capacity"), *(policy_name(p, lang) for p in policies)]
    rows = [
        [
            cap,
            *(
                interval(sweep_ci[cap][p]["mean"], sweep_ci[cap][p]["lo"], sweep_ci[cap][p]["hi"], sign=False)
                for p in policies
            ),
        ]
        for cap in sweep_ci
    ]
    lines += table(header, rows)
    if "cap12_random_minus_fifo" in tables:
        d = tables["cap12_random_minus_fifo"]
        lines.append(
            t(lang, "容量 12 时，随机淘汰 − FIFO（配对）：", "Capacity 12, random − FIFO (paired): ")
            + interval(d["mean"], d["lo"], d["hi"])
            + t(lang, " 个百分点", " points")
        )
    return lines


def _story_lines(tables: dict, site: Site, lang: str) -> list[str]:
    """Seed 1000's run without memory, told."""
    lines: list[str] = []
    story = tables["seed1000"]
    lines += ["", t(lang, "## seed 1000 的无记忆运行", "## The no-memory run on seed 1000")]
    lines.append(
        t(
            lang,
            f"30 步之后：{site.n_pages} 个页面只去过 {story['pages_seen']} 个，",
            f"After 30 steps: {story['pages_seen']} of {site.n_pages} pages seen, ",
        )
        + t(
            lang,
            f"又回到{site.page_name(site.start, lang)} {story['home_returns']} 次",
            f"back to {site.page_name(site.start, lang)} {story['home_returns']} more times",
        )
        + (
            t(
                lang,
                f"、回到“我的主页” {story['profile_returns']} 次",
                f", to My profile {story['profile_returns']} more times",
            )
            if story["profile_returns"] is not None
            else ""
        )
        + t(lang, "。", ".")
    )
    if story["delete_account_visits"] is not None:
        lines.append(
            t(
                lang,
                f"“注销账号”去过 {story['delete_account_visits']} 次。",
                f"Delete account visited {story['delete_account_visits']} times.",
            )
        )
    dup_names = t(lang, "、", ", ").join(site.page_name(p, lang) for p in story["duplicate_pages"])
    lines.append(
        t(
            lang,
            f"报了 {story['reports']} 次 Bug，其中 {story['dups']} 次是重复报告（{dup_names}）。",
            f"{story['reports']} bug reports, {story['dups']} of them duplicates ({dup_names}).",
        )
    )
    return lines
