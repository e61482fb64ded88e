"""The words of how memory is read and misused (issue 27) and of a session context (issue 38), and a
Compare lane's label built from them: "Visited set + link table · 12 · FIFO · ignores memory 25 %".

The core parses a lane's ``?ignore=…&read=top:K&context=…`` (:mod:`memviz.core.reading`) and keeps
what it means; this says it, in Chinese or English, for every view (Explore's read-mode box, Compare's
lanes, the report's reading line, a run's settings in one line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memviz.core.context import SETTING_KEYS, TRUNCATE, UNLIMITED, compaction_name
from memviz.core.policies import POLICIES
from memviz.core.reading import Overrides
from memviz.core.strategies import STRATEGIES
from memviz.wording.common import UNLIMITED as UNLIMITED_WORDS
from memviz.wording.words import Words

if TYPE_CHECKING:
    from memviz.core.compare import LaneConfig

TOP_K_READ_N = Words("检索前 {value} 条", "top {value} read")
IGNORES_MEMORY_N = Words("忽略记忆 {share}", "ignores memory {share}")
SKIPS_WRITES_N = Words("漏写 {share}", "skips writes {share}")
UNLIMITED_CONTEXT = Words("上下文不限", "unlimited context")
CONTEXT_N = Words("上下文 {window:,}", "context {window:,}")
RECORDED_RUN_N = Words("录下的运行（{agent}）", "Recorded ({agent})")
RECORDING_WITH_MEMORY_N = Words("{recording} + 记忆", "{recording} + memory")  # its "what if" memory
LABEL_SEPARATOR = Words(" · ", " · ")


def reading_label(overrides: Overrides, lang: str) -> str:
    """For people: "ignores memory 25 % · top 8 read" (empty for the chapter's reading)."""
    words = []
    for field, value in overrides:
        if field in SETTING_KEYS:
            continue  # said below, together
        if field == "read_top":
            words.append(TOP_K_READ_N.pick(lang, value=value))
        else:
            share = f"{100 * float(value):g} %"
            said = IGNORES_MEMORY_N if field == "ignore" else SKIPS_WRITES_N
            words.append(said.pick(lang, share=share))
    context = dict(o for o in overrides if o[0] in SETTING_KEYS)
    if "context" in context:  # issue 38: the window and how it is compacted
        window = context["context"]
        if window == UNLIMITED:
            words.append(UNLIMITED_CONTEXT.pick(lang))
        else:
            words.append(CONTEXT_N.pick(lang, window=int(window)))
    if "context" in context and context["context"] != UNLIMITED:  # the mode said even when the default
        words.append(compaction_name(str(context.get("compaction", TRUNCATE)), lang))
    return LABEL_SEPARATOR.pick(lang).join(words)


def lane_label(config: LaneConfig, lang: str) -> str:
    """A Compare lane for people: "Visited set + link table · 12 · FIFO", its reading after it."""
    parts = [STRATEGIES.get(config.strategy).label_in(lang)]
    if config.recorded is not None:  # the memory is a "what if" along the real agent's path
        recording = RECORDED_RUN_N.pick(lang, agent=config.recorded.agent)
        parts = [RECORDING_WITH_MEMORY_N.pick(lang, recording=recording) if config.uses_memory else recording]
    if config.uses_memory:
        capacity = UNLIMITED_WORDS.pick(lang) if config.capacity is None else str(config.capacity)
        parts += [capacity, POLICIES.get(config.policy).label_in(lang)]
    reading = reading_label(config.reading, lang)
    if reading:
        parts.append(reading)
    return LABEL_SEPARATOR.pick(lang).join(parts)
