"""The words of real runs (traces, ``memviz serve``, ``memviz crawl``), in Chinese and English."""

from __future__ import annotations

from memviz.wording import t

# (key, zh, en): the rows of `memviz trace stats`, in the order shown
STATS_ROWS = (
    ("agent", "智能体", "agent"),
    ("steps", "步数", "steps"),
    ("pages_seen", "到过的页面", "pages seen"),
    ("coverage", "覆盖率", "coverage"),
    ("repeat_rate", "重复率", "repeat rate"),
    ("off_site", "站外步数", "steps off the site"),
    ("bug_recall", "Bug 召回率", "bug recall"),
    ("reports", "报告数", "reports"),
    ("duplicate_rate", "重复报告率", "duplicate report rate"),
    ("tokens", "token", "tokens"),
    ("steps_to_last_new", "最后一个新页面在第几步", "steps to the last new page"),
)


def stats_label(key: str, lang: str) -> str:
    for name, zh, en in STATS_ROWS:
        if name == key:
            return t(lang, zh, en)
    raise KeyError(key)


def not_known(lang: str) -> str:
    return t(lang, "—（轨迹未给出）", "— (not in the trace)")


def serving(lang: str, url: str, trace_dir: str | None) -> str:
    where = t(lang, f"，轨迹写入 {trace_dir}", f", traces in {trace_dir}") if trace_dir else ""
    return t(lang, f"memviz serve：{url}（Ctrl+C 停止）{where}", f"memviz serve: {url} (Ctrl+C stops){where}")


def unreachable(lang: str, url: str, reason: str) -> str:
    return t(lang, f"无法访问 {url}：{reason}", f"cannot reach {url}: {reason}")


def crawl_summary(lang: str, steps: int, pages: int, reports: int, bugs: int, tokens: int) -> str:
    return t(
        lang,
        f"走了 {steps} 步，到过 {pages} 个页面，报告 {reports} 次（{bugs} 个不同的 Bug），{tokens} token",
        f"{steps} steps, {pages} pages seen, {reports} reports ({bugs} distinct bugs), {tokens} tokens",
    )
