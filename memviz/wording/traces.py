"""The words of real runs (traces, ``memviz serve``, ``memviz crawl``), in Chinese and English."""

from __future__ import annotations

from memviz.wording import t, term
from memviz.wording.words import Words

# (key, zh, en): the rows of `memviz trace stats`, in the order shown
STATS_ROWS = (
    ("agent", "智能体", "agent"),
    ("steps", "步数", "steps"),
    ("pages_seen", "到过的页面", "pages seen"),
    ("coverage", "覆盖率", "coverage"),
    ("repeat_rate", "重复访问率", "repeat rate"),
    ("off_site", "站外步数", "steps off the site"),
    ("bug_recall", "Bug 召回率", "bug recall"),
    ("reports", "报告数", "reports"),
    ("duplicate_rate", "重复报告率", "duplicate report rate"),
    ("claims", "声称的 Bug 报告", "bug reports claimed"),
    ("claim_precision", "报告准确率", "precision of reports"),
    ("claim_recall", "报告召回率", "recall of reports"),
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


def no_reports(lang: str) -> str:
    return t(lang, "—（没有报告）", "— (no reports)")


def serving(lang: str, url: str, trace_dir: str | None) -> str:
    where = t(lang, f"，轨迹写入 {trace_dir}", f", traces in {trace_dir}") if trace_dir else ""
    return t(lang, f"memviz serve：{url}（Ctrl+C 停止）{where}", f"memviz serve: {url} (Ctrl+C stops){where}")


def crawl_problem(lang: str, kind: str, **f: str) -> str:
    """Why `memviz crawl` cannot go on, in one line (memviz.web.crawler.CrawlError)."""
    texts = {
        "unreachable": (
            f"无法访问 {f.get('url')}：{f.get('reason')}",
            f"cannot reach {f.get('url')}: {f.get('reason')}",
        ),
        "timeout": (
            f"{f.get('url')} 在 {f.get('seconds')} 秒内没有回应（--timeout）",
            f"{f.get('url')} did not answer within {f.get('seconds')} s (--timeout)",
        ),
        "not_http": (
            f"URL：需要 http:// 或 https:// 地址，收到 {f.get('url')!r}",
            f"URL: expected an http:// or https:// address, got {f.get('url')!r}",
        ),
        "redirected_off": (
            f"URL：{f.get('url')} 重定向到了站外：{f.get('to')}",
            f"URL: {f.get('url')} redirects off the site, to {f.get('to')}",
        ),
        "not_in_site": (
            f"URL：{f.get('url')} 不是站点文件里的页面（{f.get('path')}）",
            f"URL: {f.get('url')} is not a page of the site file ({f.get('path')})",
        ),
        "needs_site": (
            "--until-all-bugs：需要 --site（站点藏了几个 Bug）",
            "--until-all-bugs: needs --site (how many bugs the site hides)",
        ),
    }
    zh, en = texts[kind]
    return t(lang, zh, en)


def crawl_summary(lang: str, steps: int, pages: int, reports: int, bugs: int, tokens: int) -> str:
    return t(
        lang,
        f"走了 {steps} 步，到过 {pages} 个页面，报告 {reports} 次（{bugs} 个不同的 Bug），{tokens} token",
        f"{steps} steps, {pages} pages seen, {reports} reports ({bugs} distinct bugs), {tokens} tokens",
    )


def recorded_banner(
    lang: str,
    agent: str,
    source: str,
    steps: int,
    off_site: int,
    what_if: str | None,
    forgotten: int,
    told: int,
) -> str:
    """The Explore view's line over a recorded run: what it is (its figures are the trace's own),
    then, apart, what a what-if memory (``what_if``: "frontier/3/fifo"; None: no memory) says."""
    head = t(
        lang,
        f"录下的运行：{agent} · {source} · {steps} 步（数字都是轨迹里的）",
        f"Recorded run: {agent} · {source} · {steps} steps (the figures are the trace's own)",
    )
    if off_site:
        head += t(lang, f"（{off_site} 步在站外，未画出）", f" ({off_site} off-site steps not drawn)")
    if what_if is None:
        return head + t(
            lang,
            "。选一个有记忆的策略，看“假如有这样的记忆”",
            ". Pick a memory strategy to see a what-if memory",
        )
    revisits = term("forgotten_revisits", lang)  # the one wording of the idea (it said 忘了又回去)
    return head + t(
        lang,
        f"。假如记忆是 {what_if}：到目前{revisits} {forgotten} 次，本可以提醒它来过 {told} 次",
        f". If memory were {what_if}: so far {forgotten} {revisits}, {told} it would have told the agent about",
    )


def close_recording(lang: str) -> str:
    return t(lang, "回到 Agent 自己的运行", "Back to the agent's own runs")


def open_trace_action(lang: str) -> str:
    return t(lang, "打开轨迹（录下的运行）…", "Open trace (a recorded run)…")


def trace_files(lang: str) -> str:
    return t(lang, "轨迹文件 (*.jsonl)", "Trace files (*.jsonl)")


def cannot_open_trace(lang: str) -> str:
    return t(lang, "轨迹打不开", "Cannot open the trace")


# -- a recording replayed in Explore (memviz.core.replay): the recording's own figures, the what-if memory
# labelled as such (issue 37) -------------------------------------------------------------------------

NOT_IN_THE_TRACE = Words("轨迹未给出", "not in the trace")
TOKENS_SO_FAR_RECORDED = Words("token（录下的）", "Tokens (recorded)")
END_OF_THE_RECORDING = Words("录下的运行到此结束", "end of the recording")
RECORDED_RUN = Words("录下的运行", "recorded run")
WHAT_IF_MEMORY = Words("假如的记忆", "What-if memory")  # a recording's memory panel: an overlay
WHAT_IF_MEMORY_N = Words("假如的记忆 {used}/{size}：", "What-if memory {used}/{size}: ")
WHAT_IF_NO_MEMORY = Words("假如的记忆：无", "What-if memory: none")
RECORDS_THE_RECORDING = Words(
    "录制这段录下的运行：{agent} · {source}（数字都是轨迹里的）",
    "Records the recorded run: {agent} · {source} (the figures are the trace's own)",
)
RECORDED_RUN_HEAD = Words("录下的运行：{agent} · {source}", "Recorded run: {agent} · {source}")
RECORDED_RUN_WHAT_IF = Words("录下的运行 · 假如的记忆", "Recorded run · what-if memory")
RECORDED_RUN_TIP = Words(
    "正在回放录下的运行：它的路径、报告和 token 都是轨迹里的；下面的记忆设置只是“假如有这样的记忆”的叠加",
    "Replaying a recorded run: its path, reports and tokens are the trace's own; the memory settings "
    "beside are only a what-if overlay",
)
TRACE_N = Words("轨迹 {name}", "trace {name}")  # memviz trace stats: a trace's heading
