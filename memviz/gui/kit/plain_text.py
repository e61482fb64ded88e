"""User text shown as it is written (issue 23): a page named ``<b>X</b>`` is shown with its tags.

Qt guesses whether a label's or a tooltip's text is HTML (``Qt::mightBeRichText``: a tag before the
first line break) and draws it as HTML if so; page, bug and site names and exercise texts come from
users' files. Where user text goes into a tooltip, :func:`tooltip` makes Qt draw it literally; where
it goes into a label that also has markup of memviz's own, :func:`escaped` escapes the user's part.
Labels that show only plain text are set to ``Qt.TextFormat.PlainText`` where they are made.
"""

from __future__ import annotations

import html

from memviz.gui.qt import Qt as QtGui


def tooltip(text: str) -> str:
    """``text`` as a tooltip that shows it literally: unchanged when Qt would take it for plain text,
    else converted to HTML that draws it as written (line breaks kept)."""
    if not QtGui.mightBeRichText(text):
        return text
    return QtGui.convertFromPlainText(text)


def escaped(text: str) -> str:
    """User text for a place in memviz's own HTML (a label with bold figures)."""
    return html.escape(text, quote=False)
