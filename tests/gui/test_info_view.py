"""The Info view: both languages, readable type, links that open runs, and claims that hold."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QUrl

from memviz.core.engine import RunConfig, run
from memviz.core.experiments import Runner
from memviz.core.report import seed_story
from memviz.core.stepping import step_until
from memviz.gui.info_view import InfoView, config_from_link, notes_markdown
from memviz.gui.kit.language import Language
from memviz.models.settings import RunSettings

LINK = re.compile(r"\]\((memviz:[^)]*)\)")


@pytest.fixture
def settings(qtbot, chapter_site):
    return RunSettings(site=chapter_site)


def test_info_view_shows_the_notes_and_follows_the_language(qtbot, settings):
    language = Language("zh")
    view = InfoView(settings, language)
    qtbot.addWidget(view)
    assert view.objectName() == "info"
    text = view.browser.toPlainText()
    assert text.startswith("教学说明")
    assert "理想化" in text and "严格上界" in text and "同一个 seed 配对很弱" in text
    language.set_code("en")
    text = view.browser.toPlainText()
    assert text.startswith("Teaching notes")
    assert (
        "idealised agent" in text
        and "strict upper bound" in text
        and "Pairing on the same seed is weak" in text
    )


def test_notes_are_set_in_large_type(qtbot, settings):
    view = InfoView(settings, Language("en"))
    qtbot.addWidget(view)
    assert view.browser.document().defaultFont().pointSizeF() >= 1.4 * view.font().pointSizeF()


def test_both_languages_have_the_same_sections_and_links():
    zh, en = notes_markdown("zh"), notes_markdown("en")
    assert zh.count("\n## ") == en.count("\n## ") == 6
    assert LINK.findall(zh) == LINK.findall(en)
    assert len(LINK.findall(zh)) >= 5


def test_every_link_in_the_notes_names_a_valid_run():
    for link in LINK.findall(notes_markdown("zh")):
        assert config_from_link(QUrl(link)) is not None, link
    assert config_from_link(QUrl("memviz:open?strategy=frontier&capacity=3&policy=fifo")) == RunConfig(
        strategy="frontier", capacity=3, policy="fifo"
    )
    assert config_from_link(QUrl("memviz:open?strategy=psychic")) is None
    assert config_from_link(QUrl("memviz:open?colour=red")) is None
    assert config_from_link(QUrl("https://example.com")) is None


def test_clicking_a_link_opens_the_run_in_explore(qtbot, settings):
    view = InfoView(settings, Language("zh"))
    qtbot.addWidget(view)
    with qtbot.waitSignal(settings.open_run_requested) as signal:
        view.browser.anchorClicked.emit(QUrl("memviz:open?strategy=random&seed=1000"))
    assert signal.args[0] == RunConfig(strategy="random", seed=1000)
    with qtbot.assertNotEmitted(settings.open_run_requested):
        view.browser.anchorClicked.emit(QUrl("https://example.com"))


# -- what the notes say is what the simulator does -------------------------------------------------------


def test_seed_1000_story_told_in_the_notes(chapter_site):
    story = seed_story(chapter_site)
    assert story["home_returns"] == 6 and story["delete_account_visits"] == 0
    assert "回了 6 次首页" in notes_markdown("zh") and "return home 6 times" in notes_markdown("en")


def test_a_tiny_memory_makes_link_lists_and_lru_change_nothing(chapter_site):
    """The notes claim: at capacity 4 or less, link lists never help and LRU behaves like FIFO."""
    assert min(len(links) for links in chapter_site.clickable) == 4
    runner = Runner()
    seeds = range(1000, 1060)
    for capacity in (3, 4):
        paths = {
            (strategy, policy): [
                r.path
                for r in runner.run_all(
                    chapter_site, [RunConfig(strategy, s, capacity, policy) for s in seeds]
                )
            ]
            for strategy in ("visited", "frontier")
            for policy in ("fifo", "lru")
        }
        assert len({tuple(map(tuple, p)) for p in paths.values()}) == 1
    assert "容量 4 条以下" in notes_markdown("zh") and "4 entries or fewer" in notes_markdown("en")


def test_the_runs_the_notes_suggest_do_what_they_say(chapter_site):
    from memviz.core.engine import Exploration
    from memviz.core.strategies import HOW_PLAN

    # 2. Link lists, seed 1000: on "Delete account" after 8 steps, and step 9 follows a planned route.
    exploration = Exploration(chapter_site, RunConfig("frontier", 1000))
    step_until(exploration, limit=8)
    assert chapter_site.page_name(exploration.page, "en") == "Delete account"
    assert exploration.step().how == HOW_PLAN
    # 4. Seed 1070, capacity 5: LRU and FIFO forget different pages at step 6.
    evicted = {}
    for policy in ("lru", "fifo"):
        exploration = Exploration(chapter_site, RunConfig("frontier", 1070, capacity=5, policy=policy))
        events = step_until(exploration, limit=6)
        evicted[policy] = events[-1].memory_evicted
        assert all(e.memory_evicted is None for e in events[:-1])
    assert evicted["lru"] is not None and evicted["lru"] != evicted["fifo"]
    # 5. Unlimited memory, budget 100: it stops by itself.
    assert run(chapter_site, RunConfig("frontier", 1000, budget=100)).stop_reason == "done"


def test_notes_grow_with_the_window_font(qtbot, settings):
    view = InfoView(settings, Language("zh"))
    qtbot.addWidget(view)
    before = view.browser.document().defaultFont().pointSizeF()
    bigger = view.font()
    bigger.setPointSizeF(view.font().pointSizeF() * 2)
    view.setFont(bigger)
    assert view.browser.document().defaultFont().pointSizeF() == pytest.approx(2 * before)
    assert view.browser.toPlainText().startswith("教学说明")
