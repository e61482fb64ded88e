"""The theme manager: what a theme tells the views, and when it sets the style."""

from __future__ import annotations

from memviz.gui.kit import themes


def test_the_first_theme_tells_the_views_only_if_it_is_not_the_one_they_were_built_in(app):
    built_in = themes.current()
    other = next(name for name in themes.THEMES if name != built_in.name)
    manager = themes.ThemeManager()  # a start's: no theme applied yet
    told = []
    manager.changed.connect(told.append)
    try:
        manager.apply(built_in.name)
        assert told == []  # the views already show it: nothing to lay out again before the first paint
        manager.apply(other)
        assert [t.name for t in told] == [other]
        manager.apply(other)  # a later theme always tells them (a switch back and forth, a refresh)
        assert [t.name for t in told] == [other, other]
    finally:
        themes.manager().apply(built_in.name)

    fresh = themes.ThemeManager()
    fresh.changed.connect(told.append)
    fresh.apply(other)  # a first theme that is not the built-in one is told
    assert [t.name for t in told] == [other, other, other]
    themes.manager().apply(built_in.name)
