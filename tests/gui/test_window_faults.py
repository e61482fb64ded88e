"""The window's half of hostile input: failures are told in the window, files are never lost, and
text from a file is shown as text."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from memviz.gui.kit import notices
from memviz.gui.main_window import MainWindow

HOSTILE_NAME = "<font color=red size=7>RED</font><img src=/etc/x>"


@pytest.fixture
def told(monkeypatch):
    """What the window told (title, text) instead of showing a modal box."""
    messages: list[tuple[str, str]] = []
    monkeypatch.setattr(notices, "show_error", lambda parent, title, text: messages.append((title, text)))
    return messages


@pytest.fixture
def window(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.language.set_code("en")
    return window


def _site(tmp_path: Path, name: str = "tiny") -> Path:
    path = tmp_path / "site.json"
    site = {"format": "memviz-site/1", "name": name, "nav": [], "start": 0,
            "pages": [{"zh": "A", "en": "A", "links": [1]}, {"zh": "B", "en": "B", "links": [0]}], "bugs": []}  # fmt: skip
    path.write_text(json.dumps(site), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "content",
    ["[" * 100_000 + "]" * 100_000, '{"format": "memviz-site/1", "pages": ' + "9" * 5000 + "}", "not json"],
    ids=["nested", "huge-integer", "garbage"],
)
def test_a_bad_site_file_is_told_and_the_old_site_stays(window, told, tmp_path, capfd, content):
    before = window.settings.site
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert not window.open_site(path)
    assert window.settings.site is before
    [(title, text)] = told
    assert title == "Cannot open the site file" and str(path) in text
    assert capfd.readouterr().err == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_as_site_is_told_without_hanging(window, told, tmp_path):
    pipe = tmp_path / "site.json"
    os.mkfifo(pipe)
    assert not window.open_site(pipe)
    assert str(pipe) in told[0][1]


def test_a_site_name_is_shown_as_text_not_html(window, told, tmp_path):
    assert window.open_site(_site(tmp_path, HOSTILE_NAME))
    assert window.site_label.textFormat() == Qt.TextFormat.PlainText
    assert HOSTILE_NAME in window.site_label.text()
    assert window.hint.textFormat() == Qt.TextFormat.PlainText


def test_saving_a_view_into_a_missing_place_is_told(window, told, tmp_path):
    target = tmp_path / "file-not-folder"
    target.write_text("mine", encoding="utf-8")
    assert not window.save_view_image(target / "view.png")
    assert str(target) in told[0][1]
    assert target.read_text(encoding="utf-8") == "mine"


def test_saving_a_view_writes_a_whole_png_and_nothing_else(window, told, tmp_path):
    assert window.save_view_image(tmp_path / "view.png")
    assert (tmp_path / "view.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["view.png"]  # no temporary left
    assert not told


def test_closing_the_window_cancels_running_jobs(window):
    import threading

    from memviz.gui.kit.worker import Job

    started = threading.Event()

    def endless(context):  # work that ends only when cancelled, however fast the machine is
        started.set()
        while True:
            context.check()
            started.wait(0.001)

    job = Job(endless)
    job.start()
    assert started.wait(30)
    window.close()
    assert job.done.wait(30)
    assert job.outcome == "cancelled"
