"""The Compare view's words (issue 22): the key's colour words name the colours drawn, in every
theme; the header's dashes are named in the same words; the lanes' numbers have one name each."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from memviz.gui.kit import style, themes
from memviz.wording import COLOUR_WORDS, colour_word, compare_key, divergence_line

# The hue ranges (degrees) a colour word covers: what a student calls that colour.
HUES = {"blue": (185, 250), "orange": (15, 45), "green": (90, 175), "yellow": (45, 65)}


@pytest.mark.parametrize("theme", sorted(themes.THEMES))
def test_the_keys_colour_words_name_the_colours_drawn(theme):
    themes.manager().apply(theme)
    colours = style.colors()
    for role, (_zh, en) in COLOUR_WORDS.items():
        colour = QColor(getattr(colours, role))
        low, high = HUES[en]
        assert low <= colour.hslHueF() * 360 <= high, (theme, role, en, colour.name())


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_key_and_the_header_say_the_colours_in_the_same_words(lang):
    key, header = compare_key(lang), divergence_line(17, "…", lang)
    for role in ("remembered_fill", "evict", "new_entry"):
        assert colour_word(role, lang) in key
    for role in ("plan", "evict"):
        assert colour_word(role, lang) in header
    for wrong in ("red", "红"):  # the colour drawn is vermillion-orange, in every theme
        assert wrong not in key and wrong not in header
