"""Preferences survive a restart, and a damaged settings file never stops the app."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QSettings

from memviz.core.engine import RunConfig
from memviz.core.limits import LIMITS
from memviz.gui.kit.preferences import Preferences, default_path, store_at


def test_settings_survive_a_restart(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    prefs = Preferences(store_at(path))
    config = RunConfig(strategy="frontier", seed=4_000_000_000, capacity=3, policy="lru", budget=45)
    prefs.set_run_config(config)
    prefs.set_language("en")
    prefs.set_theme("projector")
    prefs.set_zoom(1.5)
    prefs.set_window_state(QByteArray(b"geo"), QByteArray(b"state"), "sweep")
    prefs.sync()

    again = Preferences(store_at(path))
    assert again.run_config() == config
    assert (again.language(), again.theme(), again.zoom()) == ("en", "projector", 1.5)
    assert again.window_state() == (QByteArray(b"geo"), QByteArray(b"state"), "sweep")


def test_unlimited_capacity_round_trips(qapp, tmp_path):
    prefs = Preferences(store_at(tmp_path / "m.ini"))
    prefs.set_run_config(RunConfig(strategy="visited", capacity=None))
    assert prefs.run_config().capacity is None


def test_the_session_context_round_trips(qapp, tmp_path):
    # issue 38: "context only" restored without its window would know nothing
    prefs = Preferences(store_at(tmp_path / "m.ini"))
    for config in (
        RunConfig(strategy="session", context=8_000, compaction="memgpt"),
        RunConfig(strategy="session", context=float("inf")),
        RunConfig(strategy="frontier"),
    ):
        prefs.set_run_config(config)
        prefs.sync()
        assert Preferences(store_at(tmp_path / "m.ini")).run_config() == config
    prefs.store.setValue("run/context", "-5")
    prefs.store.setValue("run/compaction", "lru")
    assert prefs.run_config(RunConfig(context=12_000)).context == 12_000  # damaged: the default's


def test_bad_values_fall_back_one_by_one(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    path.write_text(
        "[ui]\nlanguage=klingon\ntheme=neon\nzoom=12\n"
        "[run]\nstrategy=frontier\nseed=-5\ncapacity=0\npolicy=lru\nbudget=abc\n",
        encoding="utf-8",
    )
    prefs = Preferences(store_at(path))
    assert (prefs.language(), prefs.theme(), prefs.zoom()) == (None, "light", 1.0)
    config = prefs.run_config()
    assert (config.strategy, config.policy) == ("frontier", "lru")  # the good values are kept
    assert (config.seed, config.capacity, config.budget) == (1000, None, 30)


def test_an_unreadable_file_is_set_aside(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    path.write_bytes(b"\x00\xff[ui\x00garbage=\xfe\n[[[")
    prefs = Preferences(store_at(path))
    assert prefs.recovered_from_damage
    assert (tmp_path / "memviz.ini.damaged").is_file()  # kept for a curious teacher, out of the way
    assert prefs.run_config() == RunConfig()
    prefs.set_theme("dark")
    prefs.sync()
    assert Preferences(store_at(path)).theme() == "dark"


def test_reset_to_defaults(qapp, tmp_path):
    prefs = Preferences(store_at(tmp_path / "m.ini"))
    prefs.set_theme("dark")
    prefs.set_run_config(RunConfig(strategy="visited"))
    prefs.store.setValue("exercises/q1", "correct")
    prefs.reset_to_defaults()
    assert prefs.theme() == "light" and prefs.run_config() == RunConfig()
    assert prefs.store.value("exercises/q1") == "correct"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_as_settings_file_is_neither_read_nor_touched(qapp, tmp_path):
    pipe = tmp_path / "memviz.ini"
    os.mkfifo(pipe)
    prefs = Preferences(store_at(pipe))  # Qt would block here reading the pipe
    assert "not a regular file" in prefs.problem and str(pipe) in prefs.problem
    assert prefs.run_config() == RunConfig()
    prefs.set_theme("dark")  # kept for the session, in a file of memviz's own
    prefs.sync()
    assert prefs.theme() == "dark"
    assert stat.S_ISFIFO(os.stat(pipe).st_mode) and sorted(tmp_path.iterdir()) == [pipe]


def test_a_huge_settings_file_is_not_read(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    path.write_bytes(b"[ui]\ntheme=dark\n" + b";" * int(LIMITS["settings_size"].high))
    prefs = Preferences(store_at(path))
    assert "too large" in prefs.problem
    assert prefs.theme() == "light"
    assert path.stat().st_size > LIMITS["settings_size"].high  # left as it was


def test_a_good_settings_file_has_no_problem(qapp, tmp_path):
    assert Preferences(store_at(tmp_path / "new.ini")).problem is None


def test_run_settings_beyond_the_limits_fall_back(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    path.write_text(
        "[run]\nstrategy=visited\nseed=99999999999999999999\nbudget=1000000000\ncapacity=100000000\n"
        "[ui]\nzoom=nan\n",
        encoding="utf-8",
    )
    prefs = Preferences(store_at(path))
    config = prefs.run_config()
    assert (config.strategy, config.seed, config.budget, config.capacity) == ("visited", 1000, 30, None)
    assert prefs.zoom() == 1.0
    path.write_text("[run]\nbudget=10000\n", encoding="utf-8")
    assert Preferences(store_at(path)).run_config().budget == 10_000  # the most the window shows


def test_the_default_path_is_where_qt_keeps_the_settings(qapp):
    qt = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "memviz", "memviz")
    assert default_path() == Path(qt.fileName())


def test_a_file_damaged_twice_keeps_both_copies(qapp, tmp_path):
    path = tmp_path / "memviz.ini"
    kept = []
    damaged = [b"\x00\xff[ui\x00garbage=\xfe\n[[[" + bytes([n]) for n in range(3)]
    for garbage in damaged:
        path.write_bytes(garbage)
        prefs = Preferences(store_at(path))
        kept.append(prefs.damaged_copy)
        assert str(prefs.damaged_copy) in prefs.notice("en")
    assert [p.name for p in kept] == ["memviz.ini.damaged", "memviz.ini.damaged.1", "memviz.ini.damaged.2"]
    assert [p.read_bytes() for p in kept] == damaged


def test_a_read_only_settings_file_is_told(qapp, tmp_path, monkeypatch):
    path = tmp_path / "memviz.ini"
    path.write_text("[ui]\ntheme=dark\n", encoding="utf-8")
    # root may write anywhere, so the check is made to see what a user's read-only file looks like
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != path)
    prefs = Preferences(store_at(path))
    assert prefs.theme() == "dark"  # still read
    assert "read-only" in prefs.notice("en") and str(path) in prefs.notice("en")
    assert "设置不会被保存" in prefs.notice("zh")


def test_the_window_tells_a_damaged_settings_file_once(qtbot, tmp_path):
    from memviz.gui.main_window import MainWindow

    path = tmp_path / "memviz.ini"
    path.write_bytes(b"\x00\xff[ui\x00garbage=\xfe\n[[[")
    window = MainWindow(preferences=Preferences(store_at(path)))
    qtbot.addWidget(window)
    window.restore_preferences()
    assert "memviz.ini.damaged" in window.statusBar().currentMessage()
    assert window.settings_notice == window.statusBar().currentMessage()


def test_the_tests_never_touch_the_users_own_settings(own_settings_folder):
    from memviz.gui.kit.preferences import default_path

    assert default_path().parent.is_relative_to(own_settings_folder)


@pytest.mark.parametrize("depth", [1, 2])
def test_a_settings_folder_that_is_a_file_is_told(qapp, tmp_path, depth):
    """Issue 23: a settings folder that is a file saved nothing and said nothing."""
    blocker = tmp_path / "config"
    blocker.write_text("not a folder", encoding="utf-8")
    path = blocker / "memviz" / "memviz.ini" if depth == 2 else blocker / "memviz.ini"
    prefs = Preferences(store_at(path))
    prefs.set_theme("dark")
    prefs.store.sync()
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    notice = prefs.notice("en")
    assert notice is not None and "not saved" in notice and f"{blocker} is a file" in notice
    assert "设置不会被保存" in prefs.notice("zh")


def test_the_start_up_notice_is_not_drawn_over_the_key_hint(qtbot, tmp_path):
    """Issue 23: the notice was drawn over the status bar's key hint (both texts on top of each other)."""
    from PySide6.QtWidgets import QLabel

    from memviz.gui.main_window import MainWindow

    path = tmp_path / "memviz.ini"
    path.write_bytes(b"\x00\xff[ui\x00garbage=\xfe\n[[[")
    window = MainWindow(preferences=Preferences(store_at(path)))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.restore_preferences()  # before the window is shown, as `memviz` (run_app) does
    window.show()
    hint = window.findChild(QLabel, "status_hint")
    assert window.statusBar().currentMessage() and not hint.isVisible()
    window.statusBar().clearMessage()
    assert hint.isVisible()


def test_a_settings_file_linked_to_nothing_is_told_once_and_the_link_kept(qapp, tmp_path):
    """A symlink to a missing file as the settings file: settings live for the session, the notice
    says so in one sentence (it said 'not saved' twice), and the link is left as the user made it."""
    link = tmp_path / "memviz.ini"
    link.symlink_to(tmp_path / "gone.ini")
    prefs = Preferences(store_at(link))
    prefs.set_theme("dark")
    prefs.sync()
    notice = prefs.notice("en")
    assert notice.startswith("Settings are not saved: ") and str(link) in notice
    assert notice.lower().count("not saved") == 1, notice
    assert os.readlink(link) == str(tmp_path / "gone.ini") and sorted(tmp_path.iterdir()) == [link]


def test_a_symlinked_settings_file_is_read_and_saved_through_the_link(qapp, tmp_path):
    """A teacher keeps the settings file elsewhere and links to it: read, saved, the link kept."""
    real = tmp_path / "real.ini"
    real.write_text("[ui]\ntheme=dark\n", encoding="utf-8")
    link = tmp_path / "memviz.ini"
    link.symlink_to(real)
    prefs = Preferences(store_at(link))
    assert prefs.problem is None and prefs.theme() == "dark"
    prefs.set_theme("projector")
    prefs.sync()
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert Preferences(store_at(link)).theme() == "projector"
