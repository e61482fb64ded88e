"""Small rules of writing the core's own sentences follow (the divergence's reason, a scenario's
summary), shared with :mod:`memviz.wording` so every front end writes them alike."""

from __future__ import annotations


def spaced(zh: str) -> str:
    """Chinese text with a space between Latin letters or digits and Chinese characters ("FIFO 忘了首页"),
    as the chapter writes it; none beside Chinese punctuation."""
    out = []
    for a, b in zip(zh, zh[1:] + " ", strict=True):
        out.append(a)
        if b != " " and a != " " and ((_latin(a) and _han(b)) or (_han(a) and _latin(b))):
            out.append(" ")
    return "".join(out)


def joined(*parts: str) -> str:
    """Chinese parts put together with a space where one ends in Latin letters or digits and the next
    starts in Chinese, or the other way round ("FIFO" + "忘了" + "Edit B" → "FIFO 忘了 Edit B"); the
    parts themselves (page names) are left as they are."""
    out = ""
    for part in parts:
        if out and part and ((_latin(out[-1]) and _han(part[0])) or (_han(out[-1]) and _latin(part[0]))):
            out += " "
        out += part
    return out


def counted(n: int, lang: str, zh: str, singular: str, plural: str | None = None) -> str:
    """ "1 bug", "3 bugs", "3 个 Bug": a count and its noun, in the number it needs."""
    if lang == "zh":
        return spaced(f"{n}{zh}")
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"
