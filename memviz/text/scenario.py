"""The figures of ``memviz scenario NAME`` as text tables, in Chinese or English.

A scenario's table is a function registered by its name with :func:`scenario_body` (the core, where
scenarios are registered, may not use this module's wording); a scenario without one prints its
figures as plain ``key  value`` rows."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from memviz.core.scenarios.catalog import SCENARIOS
from memviz.text.report import strategy_name, t, table
from memviz.wording import ttl_dropped, ttl_steps


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _signed_interval(d: dict, scale: float = 100.0, unit: str = "") -> str:
    return f"{scale * d['mean']:+.1f}{unit} [{scale * d['lo']:+.1f}, {scale * d['hi']:+.1f}]"


def scenario_text(name: str, figures: dict, args: argparse.Namespace, lang: str) -> list[str]:
    scenario = SCENARIOS.get(name)
    runs, seed0 = args.runs, args.seed0
    head = [
        f"{scenario.title(lang)} — " + t(lang, f"seed {seed0}..{seed0 + runs - 1}，共 {runs} 次",
                                          f"seeds {seed0}..{seed0 + runs - 1}, {runs} runs"),
        scenario.lesson(lang),
        "",
    ]  # fmt: skip
    return head + BODIES.get(name, _plain_body)(figures, args, lang)


Body = Callable[[dict, argparse.Namespace, str], list[str]]  # (figures, the command's options, lang)
BODIES: dict[str, Body] = {}


def scenario_body(name: str) -> Callable[[Body], Body]:
    """Decorator: ``body`` prints the figures of the scenario ``name``."""

    def register(body: Body) -> Body:
        BODIES[name] = body
        return body

    return register


def _plain_body(f: dict, args, lang: str) -> list[str]:
    """Any figures: one row per number, nested keys joined by '/'."""

    def rows(value, key: str):
        if isinstance(value, dict):
            for k, v in value.items():
                yield from rows(v, f"{key}/{k}" if key else str(k))
        else:
            yield [key, _num(value, 3) if isinstance(value, float) else str(value)]

    return table([t(lang, "数字", "figure"), t(lang, "值", "value")], list(rows(f, "")))


@scenario_body("ttl")
def _ttl(f: dict, args, lang: str) -> list[str]:
    strategy = strategy_name(f["config"]["strategy"], lang)
    rows = [[str(ttl), _pct(c["mean"]), f"[{_pct(c['lo'])}, {_pct(c['hi'])}]", _num(c["dropped_per_run"], 1)]
            for ttl, c in f["ttl"].items()]  # fmt: skip
    header = [
        ttl_steps(lang),
        t(lang, "覆盖率", "coverage"),
        t(lang, "95% 区间", "95% CI"),
        ttl_dropped(lang),
    ]
    return [t(lang, f"策略：{strategy}", f"strategy: {strategy}"), *table(header, rows)]


@scenario_body("readmodes")
def _readmodes(f: dict, args, lang: str) -> list[str]:
    strategy = strategy_name(f["strategy"], lang)
    rows = [
        [t(lang, f"忽略记忆 {float(p):g}", f"ignore {float(p):g}"), _pct(c)] for p, c in f["ignore"].items()
    ]
    rows += [[t(lang, f"检索前 {k} 条", f"top:{k}"), _pct(c)] for k, c in f["top"].items()]
    rows.append([t(lang, "无记忆", "no memory"), _pct(f["no_memory"])])
    header = [t(lang, "读取方式", "read mode"), t(lang, "覆盖率", "coverage")]
    return [t(lang, f"策略：{strategy}", f"strategy: {strategy}"), *table(header, rows)]


@scenario_body("ablation")
def _ablation(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.forgetting import ABLATION_NAMES

    lines = []
    header = [t(lang, "记忆", "memory"), t(lang, "覆盖率", "coverage"), t(lang, "Bug", "bugs"),
              t(lang, "报告", "reports"), t(lang, "重复报告", "duplicates"),
              t(lang, "覆盖率差（百分点，配对 95%）", "coverage − none (points, paired 95%)"),
              t(lang, "重复报告差（配对 95%）", "duplicates − none (paired 95%)")]  # fmt: skip
    for strategy, rows in f.items():
        lines.append(
            t(
                lang,
                f"导航策略：{strategy_name(strategy, lang)}",
                f"navigation: {strategy_name(strategy, lang)}",
            )
        )
        body = [
            [t(lang, *ABLATION_NAMES[row]), _pct(r["coverage"]), _num(r["bugs"]), _num(r["reports"]), _num(r["dups"]),
             _signed_interval(r["coverage_vs_none"]), _signed_interval(r["dups_vs_none"], 1.0)]
            for row, r in rows.items()
        ]  # fmt: skip
        lines += [*table(header, body), ""]
    return lines[:-1]


@scenario_body("resume")
def _resume(f: dict, args, lang: str) -> list[str]:
    header = [t(lang, "持久化", "persist"), t(lang, "覆盖率", "coverage"), t(lang, "每次重复报告", "duplicate reports a run"),
              t(lang, "重复率", "repeat rate"), t(lang, "Bug", "bugs")]  # fmt: skip
    rows = [[mode, _pct(r["coverage"]), _num(r["dups"]), _pct(r["repeat"]), _num(r["bugs"])]
            for mode, r in f.items() if mode != "interrupt_at"]  # fmt: skip
    k = f["interrupt_at"]
    return [
        t(lang, f"会话 1 在第 {k} 步后中断", f"session 1 interrupted after step {k}"),
        *table(header, rows),
    ]


@scenario_body("version")
def _version(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.version import MODE_NAMES

    header = [t(lang, "切换版本时的记忆", "memory at the switch"), t(lang, "新 Bug 找到", "new bugs found"),
              t(lang, "找到所用步数", "steps to find one"), t(lang, "过期条目", "stale entries"),
              t(lang, "旧 Bug 重复报告", "old bugs reported again")]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[mode]), f"{_num(r['new_bugs_found'])} / {r['new_bugs']}", _num(r["steps_to_find"], 1),
             _num(r["stale_entries"]), _num(r["rereported"])] for mode, r in f.items()]  # fmt: skip
    return table(header, rows)


@scenario_body("poison")
def _poison(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.poison import MODE_NAMES

    header = [t(lang, "记忆怎么写", "memory written as"), t(lang, "中毒的运行", "runs poisoned"),
              t(lang, "跳过的页面", "pages skipped"), t(lang, "漏掉的 Bug", "bugs missed"), t(lang, "覆盖率", "coverage"),
              t(lang, "被拒绝的穿越写入", "traversal writes refused"), t(lang, "清洗掉的笔记", "notes dropped")]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[mode]), f"{r['poisoned_runs']}/{r['runs']}", _num(r["pages_skipped"]),
             _num(r["bugs_missed"]), _pct(r["coverage"]), str(r["writes_refused"]), str(r["notes_dropped"])]
            for mode, r in f.items()]  # fmt: skip
    note = t(lang, f"笔记被相信的概率 {args.believe:g}；代价按同一 seed 的结构化运行比较",
             f"a note is believed with probability {args.believe:g}; costs against the same seed's structured run")  # fmt: skip
    return [note, *table(header, rows)]


@scenario_body("dedup")
def _dedup(f: dict, args, lang: str) -> list[str]:
    from memviz.core.scenarios.dedup import MODE_NAMES, MODES

    header = [t(lang, "去重方式", "dedup by"), t(lang, "留下的报告", "reports kept"),
              t(lang, "每次重复报告", "duplicates a run"), t(lang, "错误合并的报告", "wrongly merged reports"),
              t(lang, "丢失的不同 Bug", "distinct bugs lost"), t(lang, "丢了 Bug 的运行", "runs losing a bug")]  # fmt: skip
    rows = [[t(lang, *MODE_NAMES[m]), _num(f[m]["kept"]), _num(f[m]["duplicates"]), _num(f[m]["wrong_merges"], 3),
             _num(f[m]["bugs_lost"], 3), str(f[m]["runs_losing_a_bug"])] for m in MODES]  # fmt: skip
    note = t(lang, f"每次运行平均 {f['reports']:.2f} 份报告，{f['bugs']:.2f} 个不同的 Bug",
             f"a run files {f['reports']:.2f} reports on {f['bugs']:.2f} distinct bugs on average")  # fmt: skip
    return [note, *table(header, rows)]
