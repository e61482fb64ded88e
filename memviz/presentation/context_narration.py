"""What the session context did in a step, in words (issue 38): the compaction, the memory-pressure
warning and the recall search before the call, and a revisit compaction caused. From the step's
``ContextStep`` as the core reports it; nothing is worked out again here."""

from __future__ import annotations

from memviz.core.context import MEMGPT, SUMMARY, ContextStep
from memviz.wording import context as words


def before_call(context: ContextStep, lang: str) -> list[str]:
    """Sentences for what happened as the call began: a warning, then a compaction."""
    out = []
    if context.pressure:
        share = round(100 * context.prompt_before / context.window) if context.window else 0
        text = words.PRESSURE.pick(lang, before=context.prompt_before, share=share)
        if context.moved_to_working:
            text += words.PRESSURE_MOVED.pick(lang, bugs=len(context.moved_to_working))
        out.append(text)
    if context.compaction == SUMMARY:
        text = words.COMPACT_SUMMARY.pick(
            lang, summarized=context.turns_summarized, names=len(context.summary_names)
        )
        if context.turns_dropped:
            text += words.COMPACT_SUMMARY_DROPPED.pick(lang, dropped=context.turns_dropped)
        out.append(text)
    elif context.compaction == MEMGPT:
        out.append(
            words.COMPACT_MEMGPT.pick(lang, moved=context.turns_to_recall, names=len(context.summary_names))
        )
    elif context.compaction is not None:
        said = words.COMPACT_TRUNCATE_ONE if context.turns_dropped == 1 else words.COMPACT_TRUNCATE
        out.append(
            said.pick(
                lang, before=context.prompt_before, window=int(context.window), dropped=context.turns_dropped
            )
        )
    return out


def during_call(context: ContextStep, lang: str) -> list[str]:
    """Clauses for the step itself: a recall search, a revisit the compaction caused."""
    out = []
    if context.recall_search:
        if context.recall_hits:
            out.append(
                words.RECALL_FOUND.pick(lang, tokens=context.recall_tokens, found=len(context.recall_hits))
            )
        else:
            out.append(words.RECALL_NOTHING.pick(lang, tokens=context.recall_tokens))
    if context.forgotten:
        if context.forgotten_at is not None:
            out.append(words.FORGOTTEN_BY_COMPACTION.pick(lang, call=context.forgotten_at))
        else:
            out.append(words.FORGOTTEN_BY_COMPACTION_UNKNOWN.pick(lang))
    return out
