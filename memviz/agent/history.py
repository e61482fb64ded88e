"""The session context of a real model's run (``--context W --compaction M``): the history of its
turns, kept, compacted and summarized by the simulation's own layer,
:class:`memviz.core.context.SessionContext` (docs/context.md), and sent as real messages.

A turn is one call's exchange: the page as it was shown (the page block, without the memory block)
and the model's answer. It joins the history when its call returns (the page in front of the model
now is the prompt's last message, never compacted). Before each call the layer compacts by its rule,
counting each turn at ``turn_tokens`` and the rest of the prompt (system, memory block, page, tools)
at 4 bytes of UTF-8 a token, as the simulation counts a call's base; what it keeps is sent as
user/assistant pairs, oldest first; what it summarized is a summary block (the pages' names, the
bugs reported on them), MemGPT's working context and a recall search's finds are blocks of their
own. The real prompt's tokens are the endpoint's ``usage``, in the trace.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from memviz.agent.prompt import Templates
from memviz.core.context import ContextStep, SessionContext
from memviz.core.run_config import RunConfig
from memviz.core.site import Site


def estimated_tokens(*texts: str) -> int:
    return sum(len(text.encode("utf-8")) for text in texts) // 4


@dataclass
class Exchange:
    page: int
    shown: str  # the page block as sent
    reply: str  # the model's answer, as text


class History:
    def __init__(self, site: Site, window: float, compaction: str, turn_tokens: int) -> None:
        self.config = RunConfig(
            strategy="session", context=window, compaction=compaction, turn_tokens=turn_tokens
        )
        self.site = site
        self.context = SessionContext(site, self.config, reads=True)
        self.exchanges: deque[Exchange] = deque()
        self.call = 0
        self.hits: tuple[int, ...] = ()

    def begin_call(self, base_tokens: int, page: int | None, memory: dict | None) -> int:
        """Compact before the next call; the prompt's estimate after it. ``page``: where the model
        is (a recall search looks among its links)."""
        self.call += 1
        prompt = self.context.begin_call(base_tokens, self.call)
        while len(self.exchanges) > len(self.context.turns):
            self.exchanges.popleft()  # the layer dropped (or summarized) the oldest turns
        self.hits = ()
        if page is not None:
            self.context.known(memory, page)
            self.hits = self.context.step(memory).recall_hits  # what a recall search (memgpt) found
        return prompt + self.context.recall_cost()

    def end_call(self, page: int | None, shown: str, reply: str, reported: bool) -> ContextStep | None:
        """The call's exchange joins the history; what the context did this call."""
        if page is None:
            return None
        self.context.append(page, reported)
        self.exchanges.append(Exchange(page, shown, reply))
        return self.context.step(None)

    def messages(self) -> list[dict]:
        """The kept turns as user/assistant pairs, oldest first."""
        out: list[dict] = []
        for exchange in self.exchanges:
            out += [
                {"role": "user", "content": exchange.shown},
                {"role": "assistant", "content": exchange.reply},
            ]
        return out

    def blocks(self, templates: Templates, lang: str) -> str:
        """The summary, working context and recall finds, as text for the last message ("" if none)."""
        site, context = self.site, self.context
        empty = templates.fill("empty")

        def pages(ids) -> str:
            return "\n".join(f"- {site.url_path(p)} · {site.page_name(p, lang)}" for p in ids) or empty

        parts = []
        if context.has_summary:
            parts.append(
                templates.fill(
                    "summary", names=pages(context.summary_names), bugs=pages(context.summary_bugs)
                )
            )
        if context.working_bugs:
            parts.append(templates.fill("working", bugs=pages(context.working_bugs)))
        if self.hits:
            parts.append(templates.fill("recall", pages=pages(self.hits)))
        return "\n\n".join(parts)


def context_record(step: ContextStep | None) -> dict | None:
    """What a trace line says of the context at a call (None: off, or no page to record)."""
    if step is None:
        return None
    return {
        "prompt_estimate": step.prompt_tokens + step.recall_tokens, "turns_in_call": step.turns_in_call,
        "compaction": step.compaction, "summarized": step.turns_summarized, "dropped": step.turns_dropped,
        "to_recall": step.turns_to_recall, "pressure": step.pressure, "recall_hits": list(step.recall_hits),
        "turns": len(step.turns), "summary_names": list(step.summary_names), "working_bugs": list(step.working_bugs),
    }  # fmt: skip
