"""User text shown as it is written (issue 23): a page named ``<b>X</b>`` is shown with its tags.

Qt guesses whether a label's or a tooltip's text is HTML (``Qt::mightBeRichText``: a tag before the
first line break) and draws it as HTML if so; page, bug and site names and exercise texts come from
users' files. Where user text goes into a tooltip, :func:`tooltip` makes Qt draw it literally; where
it goes into a label that also has markup of memviz's own, :func:`escaped` escapes the user's part.
Labels that show only plain text are set to ``Qt.TextFormat.PlainText`` where they are made.
"""

from __future__ import annotations

from memviz.gui.qt import Qt as QtGui


def tooltip(text: str) -> str:
    """``text`` as a tooltip that shows it literally: unchanged when Qt would take it for plain text,
    else converted to HTML that draws it as written (line breaks kept)."""
    if not QtGui.mightBeRichText(text):
        return text
    return QtGui.convertFromPlainText(text)


def escaped(text: str) -> str:
    """User text for a place in memviz's own HTML (a label with bold figures, a narrated line):
    ``html.escape(text, quote=False)``, without loading the html module's entity tables before the
    window's first paint (issue 41)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


WORD_JOINER = "\u2060"  # no line break here, and no width


def _cjk(char: str) -> bool:
    return "\u3040" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\uff00" <= char <= "\uffef"


def unbroken_words(text: str) -> str:
    """``text`` for a word-wrapped box that must not break a Chinese word ("我的主/页"): Qt may
    break between any two Chinese characters, so they are joined (U+2060, no width) and a line
    breaks only at a space, or after a Chinese punctuation mark. Latin text is unchanged."""
    out = []
    for i, char in enumerate(text):
        out.append(char)
        following = text[i + 1] if i + 1 < len(text) else ""
        inside_a_word = following and not char.isspace() and not following.isspace()
        if inside_a_word and (_cjk(char) or _cjk(following)) and char not in "，。、；：！？":
            out.append(WORD_JOINER)
    return "".join(out)
