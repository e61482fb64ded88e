"""``memviz report --context W``: the session context's compaction modes at one window, as text."""

from __future__ import annotations

import math

from memviz.core.context import compaction_name
from memviz.core.context_report import ContextRow
from memviz.core.stats import pct
from memviz.text.report import table
from memviz.wording import context as words
from memviz.wording import strategy_name
from memviz.wording.context import context_label, window_words


def _half_up(x: float, digits: int = 2) -> str:
    scale = 10**digits
    return f"{math.floor(x * scale + 1e-9 + 0.5) / scale:.{digits}f}"


def row_cells(row: ContextRow, lang: str) -> list[str]:
    if row.context is None:
        mode = words.CONTEXT_OFF_SHORT.pick(lang)
    elif row.compaction is None:
        mode = window_words(row.context, lang)
    else:
        mode = compaction_name(row.compaction, lang)
    return [
        strategy_name(row.strategy, lang), mode, pct(row.coverage), _half_up(row.duplicates),
        f"{math.floor(row.tokens + 0.5):,}", _half_up(row.compactions, 1),
    ]  # fmt: skip


def context_table_text(
    rows: list[ContextRow], window: float, seed0: int, budget: int, lang: str
) -> list[str]:
    runs = rows[0].runs if rows else 0
    title = words.REPORT_TITLE.pick(
        lang, window=window_words(window, lang), first=seed0, last=seed0 + runs - 1, runs=runs, budget=budget
    )
    header = words.REPORT_HEAD.pick(lang).split(" | ")
    return [title, "", *table(header, [row_cells(r, lang) for r in rows])]


def run_context_line(config, context, lang: str) -> str:
    """``memviz run``'s line on the context: its settings, what compaction did, how it ended."""
    return words.RUN_LINE.pick(
        lang, label=context_label(config, lang), compactions=context.compactions, warnings=context.warnings,
        searches=context.recall_searches, turns=len(context.turns), names=len(context.summary_names),
        recall=context.recall_size,
    )  # fmt: skip
