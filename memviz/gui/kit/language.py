"""The UI language: Chinese or English, switchable at run time.

The words live in the wording modules (``memviz.wording.explore``, ...: docs/wording.md), each a
:class:`~memviz.wording.words.Words` constant a view says with ``tr(explore_words.PLAY)``; a view
connects to ``Language.changed`` and sets its texts again in its ``_on_language_change`` handler.
"""

from __future__ import annotations

from memviz import languages
from memviz.gui.qt import QLocale, QObject, Signal
from memviz.languages import LANGUAGES
from memviz.wording.words import Words


def _qt_language() -> str:
    return "zh" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def system_language() -> str:
    """The rule of :mod:`memviz.languages`, with Qt's reading of the system settings last."""
    return languages.system_language(fallback=_qt_language)


class Language(QObject):
    changed = Signal(str)  # views set their texts again
    # After ``changed``, once every view has: what measures texts listens here (the window has its
    # combo boxes measure them anew: QComboBox keeps the size its first texts needed).
    settled = Signal(str)

    def __init__(self, code: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._code = code if code in LANGUAGES else system_language()

    @property
    def code(self) -> str:
        return self._code

    def set_code(self, code: str) -> None:
        if code not in LANGUAGES:
            raise ValueError(f"language: expected one of {LANGUAGES}, got {code!r}")
        if code != self._code:
            self._code = code
            self.changed.emit(code)
            self.settled.emit(code)

    def tr(self, zh: str | Words, en: str | None = None, /, **fields: object) -> str:
        """``tr(words, field=value)``: a wording in the language in force, its fields filled in.
        ``tr(zh, en)`` picks between two texts held elsewhere (an inline pair of literals is moved into
        a wording module by tools/move_wording.py)."""
        if isinstance(zh, Words):
            return zh.pick(self._code, **fields)
        return zh if self._code == "zh" else str(en)
