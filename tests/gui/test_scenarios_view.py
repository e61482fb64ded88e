"""The Scenarios tab plays what the core's playback says, in both languages, and grades its exercise."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from memviz.core.scenarios import playback as pb
from memviz.core.scenarios.catalog import SCENARIOS, play, scenario_site
from memviz.exercises import explanation, question, scenario_exercises, solve


@pytest.fixture
def view(make_window):
    window = make_window()
    return window, window.select_view("scenarios")


def test_every_scenario_and_mode_plays_its_core_frames(view):
    _window, scenarios = view
    site = scenario_site()
    for name in SCENARIOS:
        for mode in SCENARIOS.get(name).modes:
            scenarios.select(name, mode, 1001)
            expected = play(name, site, 1001, mode, "zh")
            assert scenarios.model.total == len(expected.frames) - 1
            scenarios.jump_to_end()
            last = expected.frames[-1]
            assert scenarios.pages.frame == last and scenarios.narration.text() == last.note_zh
            assert scenarios.memory.count() >= len(last.memory)
            assert scenarios.events.count() == len(expected.markers)


def test_the_cut_and_the_poisoned_entry_are_shown(view):
    _window, scenarios = view
    scenarios.select("resume", "step", 1000)
    cut = next(m for m in scenarios.playback.markers if m.kind == pb.CUT)
    scenarios.model.jump(cut.frame)
    texts = [scenarios.events.item(i).text() for i in range(scenarios.events.count())]
    assert any("中断" in t for t in texts) and any("从文件读回第 15 步后的状态" in t for t in texts)
    memory = [scenarios.memory.item(i).text() for i in range(scenarios.memory.count())]
    assert sum("从记忆文件读回" in t for t in memory) == len(scenarios.playback.frames[cut.frame].memory) - 1
    scenarios.select("poison", "notes", 1001)
    scenarios.jump_to_end()
    memory = [scenarios.memory.item(i).text() for i in range(scenarios.memory.count())]
    poisoned = [t for t in memory if "投毒" in t]
    assert len(poisoned) == 2 and all("A 的评论" in t for t in poisoned)
    assert "注销账号" in poisoned[0] or "注销账号" in poisoned[1]
    texts = [scenarios.events.item(i).text() for i in range(scenarios.events.count())]
    assert any("存储拒绝写入 /memories/../../secrets.env" in t for t in texts)


def test_language_switch_retitles_everything(view):
    window, scenarios = view
    scenarios.select("dedup", "title", 1004)
    scenarios.jump_to_end()
    window.language.set_code("en")
    assert scenarios.scenario_box.currentText() == SCENARIOS["dedup"].title("en")
    assert scenarios.mode_box.currentText() == "by title"
    assert SCENARIOS["dedup"].lesson("en") in scenarios.lesson.text()
    assert scenarios.question.text() == question(scenario_exercises()["dedup"], "en")
    reports = [scenarios.reports.item(i).text() for i in range(scenarios.reports.count())]
    assert any("merged into" in t for t in reports)


def test_the_exercise_is_graded_by_the_core(view):
    from memviz.core.engine import RunConfig
    from memviz.core.scenarios.poison import poison_run

    _window, scenarios = view
    scenarios.select("poison")
    answer = poison_run(scenario_site(), RunConfig(strategy="frontier", seed=1001), "notes").believed_at
    exercise = scenario_exercises()["poison"]
    assert solve(exercise).expected == answer
    why = explanation(exercise, "zh")
    assert why.startswith(f"第 {answer} 步")
    scenarios.answer.setText(str(answer))
    scenarios.check_button.click()
    assert scenarios.feedback.text() == f"答对了！{why}"
    scenarios.answer.setText(str(answer + 1))
    scenarios.check_button.click()
    assert scenarios.feedback.text() == f"不对，答案是 {answer}。{why}"
    scenarios.answer.setText("abc")
    scenarios.check_button.click()
    assert scenarios.feedback.text() == "请输入一个数，例如 12.5。"


def test_snapshot_shows_a_scenario(tmp_path, site):
    from memviz.core.engine import RunConfig
    from memviz.gui.snapshot import snapshot

    out = snapshot(tmp_path / "s.png", RunConfig(), site, None, (1280, 720), "en", "scenarios/version/keep")
    assert out.exists() and out.stat().st_size > 10_000
    with pytest.raises(ValueError, match="unknown scenario 'nope'"):
        snapshot(tmp_path / "t.png", RunConfig(), site, None, (1280, 720), "en", "scenarios/nope")


def test_figures_over_the_seeds_are_the_cores(view, qtbot):
    from memviz.core.scenarios.catalog import scenario_figures

    _, scenarios = view
    scenarios.select("ttl")
    scenarios.figures_button.click()
    qtbot.waitUntil(lambda: "51.4%" in scenarios.figures.toPlainText(), timeout=60_000)
    text = scenarios.figures.toPlainText()
    ttl = scenario_figures("ttl", scenario_site())["ttl"]
    for t in ("2", "4", "8", "12", "16"):
        assert f"{100 * ttl[t]['mean']:.1f}%" in text
    scenarios.select("resume")  # another scenario clears them
    assert scenarios.figures.toPlainText() == ""


def test_explore_says_what_a_time_to_live_does(make_window):
    from memviz.core.engine import RunConfig

    window = make_window(RunConfig(strategy="frontier", policy="ttl", ttl=4), lang="en")
    explore = window.explore
    assert explore.config_bar.policy.isEnabled()  # it acts without a capacity
    assert "Unlimited, Time to live: forgotten 4 steps after its last visit" in explore.memory.rule.text()
    explore.model.jump(12)
    assert [p for e in explore.model.events for p in e.memory_dropped]  # entries expired on the way


def test_long_event_lines_wrap_within_the_list(make_window):
    """A poisoned comment or a refused path is read whole at 720p, not scrolled sideways (issue 13)."""
    window = make_window(lang="en", size=(1280, 720))
    scenarios = window.select_view("scenarios")
    scenarios.select("poison", "notes", 1001)
    scenarios.jump_to_end()
    QApplication.processEvents()
    events = scenarios.events
    assert events.horizontalScrollBar().maximum() == 0  # nothing beyond the right edge
    width = events.viewport().width()
    for i in range(events.count()):
        assert events.visualItemRect(events.item(i)).width() <= width
    tallest = max(events.visualItemRect(events.item(i)).height() for i in range(events.count()))
    assert tallest > events.fontMetrics().height() * 1.5  # the comment took a second line


def test_the_shared_playback_bar_and_keys_drive_the_scenario(view, qtbot):
    from PySide6.QtCore import Qt

    _window, scenarios = view
    scenarios.select("resume", "step", 1000)
    frames = scenarios.playback.frames
    bar = scenarios.playback_bar
    qtbot.mouseClick(bar.step_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.step_button, Qt.MouseButton.LeftButton)
    assert scenarios.index == 2 and scenarios.pages.frame == frames[2]
    assert bar.position_label.text() == f"2 / {len(frames) - 1}"
    qtbot.keyClick(scenarios.pages, Qt.Key.Key_Right)
    qtbot.keyClick(scenarios.pages, Qt.Key.Key_Right)
    qtbot.keyClick(scenarios.pages, Qt.Key.Key_Left)
    assert scenarios.index == 3 and scenarios.narration.text() == frames[3].note_zh
    bar.timeline.setValue(7)
    assert scenarios.pages.frame == frames[7] and scenarios.timeline.current == 7
    qtbot.keyClick(scenarios.pages, Qt.Key.Key_Space)
    assert scenarios.model.playing and bar.play_button.text() == "暂停"
    qtbot.keyClick(scenarios.pages, Qt.Key.Key_Home)
    assert scenarios.index == 0 and not scenarios.model.playing
    scenarios.select("ttl", "2", 1000)  # another scenario starts at its first frame
    assert scenarios.index == 0 and bar.position_label.text().startswith("0 / ")
