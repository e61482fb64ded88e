"""One wording: the Chinese and the English of a text a user reads, as a named constant.

The window's words live in the feature modules beside this one (``memviz.wording.explore``,
``.compare``, ...), one ``NAME = Words("中文", "English")`` each, written there by
``tools/move_wording.py`` and edited by hand after that. A view says one with
``self.language.tr(explore_words.PLAY)``; a text with a value in it is a template whose fields are
named (``Words("第 {step} 步", "step {step}")``, said with ``tr(compare_words.STEP_N, step=n)``).
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

from typing import NamedTuple


class Words(NamedTuple):
    """A zh/en pair. A tuple, so ``zh, en = words`` and ``t(lang, *words)`` still work."""

    zh: str
    en: str

    def pick(self, lang: str, /, **fields: object) -> str:
        """The text in ``lang`` ("zh" for Chinese, English otherwise), its ``{fields}`` filled in.

        A text said without fields is returned as written (its braces, if any, are plain text)."""
        text = self.zh if lang == "zh" else self.en
        return text.format(**fields) if fields else text

    def filled(self, **fields: object) -> "Words":
        """Both texts with their ``{fields}`` filled in: a pair to be said later, in either language."""
        return Words(self.zh.format(**fields), self.en.format(**fields))
